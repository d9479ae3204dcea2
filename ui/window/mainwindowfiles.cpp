// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The main window's files: open, save, the recent list, drag and drop,
// presets as new documents, and the recovery of unsaved work.

#include "ui/window/mainwindow.h"

#include "core/maths/chapterexamples.h"
#include "core/support/hugepagebuffer.h"
#include "io/sessionreader.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/document/sessionpaths.h"
#include "ui/model/attentionfiles.h"
#include "ui/model/generationpanel.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/views/recentfilesmenu.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>
#include <climits>

namespace AttentionLab {

bool MainWindow::openFile(const QString &path)
{
    if (AttentionFiles::isAttentionFile(path))
        return openAttentionFile(path);
    QString error;
    if (!m_document->open(path, &error)) {
        QMessageBox::warning(this, tr("Cannot open"), error);
        return false;
    }
    addRecentFile(path);
    showStatusMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

bool MainWindow::openAttentionFile(const QString &path)
{
    QString error;
    m_attentionChoices = {};
    bool opened = m_modelDocument->open(path, &error);
    if (!opened && m_attentionChoices.needsLayout) {
        // A five-axis array that reads as [L, B, ...] and as [B, L, ...]: the
        // command line's --layout, asked for here, naming both readings.
        QMessageBox question(QMessageBox::Question, tr("How is this file laid out?"),
                             tr("%1\n\nWhich is it?").arg(error), QMessageBox::Cancel, this);
        QPushButton *layersFirst =
            question.addButton(tr("Layers first [L, B, H, Q, K]"), QMessageBox::AcceptRole);
        QPushButton *batchFirst =
            question.addButton(tr("Batch first [B, L, H, Q, K]"), QMessageBox::AcceptRole);
        question.exec();
        if (question.clickedButton() == layersFirst)
            m_attentionChoices.layout = BatchLayout::LayersFirst;
        else if (question.clickedButton() == batchFirst)
            m_attentionChoices.layout = BatchLayout::BatchFirst;
        else
            return false;
        opened = m_modelDocument->open(path, &error);
    }
    if (!opened && m_attentionChoices.batchSize > 1) {
        // A batch of inputs, as `output_attentions` gives for several
        // sentences: the command line's --batch, asked for here.
        bool chosen = false;
        const long long batchSize = m_attentionChoices.batchSize;
        const int batch = QInputDialog::getInt(
            this, tr("Choose an input"),
            tr("%1 holds the attention of %2 inputs (a batch). Which one do you want to see? "
               "(from 0 to %3)")
                .arg(QFileInfo(path).fileName())
                .arg(batchSize)
                .arg(batchSize - 1),
            0, 0, int(std::min<long long>(batchSize - 1, INT_MAX)), 1, &chosen);
        if (!chosen)
            return false;
        m_attentionChoices.batch = batch;
        opened = m_modelDocument->open(path, &error);
    }
    m_attentionChoices = {};
    if (!opened) {
        QMessageBox::warning(this, tr("Cannot open"), error);
        return false;
    }
    addRecentFile(path);
    // The file replaces a model's attention: the text it read goes with it.
    m_modelPage->setModelCard(QString(), {}); // a file of attention has no model to describe
    m_modelPage->setLensAvailable(false);
    m_showsModelRun = false;
    // Nothing of the model stays: what it wrote, its Generate row, its text box.
    clearGeneration();
    m_generationPanel->setAvailable(false);
    m_modelRunner->setModel(nullptr);
    HugePageBuffer::releaseRetained();
    m_modelText->hide();
    m_modelPage->setEmptyStateText(ModelPage::emptyStateText());
    m_tabs->setCurrentWidget(m_modelPage);
    m_modelPage->showGrid();
    // The title and the status line were drawn while the model was still open.
    updateTitle();
    updateStatus();
    showStatusMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

void MainWindow::openFromUser(const QString &path)
{
    // A model's folder or an attention file leaves the session as it is:
    // nothing to save first.
    if (QFileInfo(path).isDir())
        openModelFolder(path);
    else if (AttentionFiles::isAttentionFile(path) || maybeSave())
        openFile(path);
}

void MainWindow::addRecentFile(const QString &path)
{
    SessionPaths::remember(path);
    m_recentMenu->add(path);
}

bool MainWindow::recoverAutosave()
{
    QString source;
    const std::optional<Session> recovered = m_autosaver->recoverable(&source);
    if (!recovered)
        return false;
    Session saved = ChapterExamples::lecture();
    if (!source.isEmpty()) {
        SessionReader reader;
        if (const auto onDisk = reader.readFile(source))
            saved = *onDisk;
        else
            source.clear(); // the file is gone: recover as untitled work
    }
    m_document->recover(saved, *recovered, source);
    return true;
}

void MainWindow::offerRecovery()
{
    QString source;
    if (!m_autosaver->recoverable(&source))
        return;
    const QString what =
        source.isEmpty() ? tr("an untitled session") : QFileInfo(source).fileName();
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved work?"),
        tr("Attention Lab did not close cleanly last time, and unsaved changes to %1 were kept. "
           "Recover them?")
            .arg(what),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        recoverAutosave();
    else
        m_autosaver->discard();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openFromUser(urls.first().toLocalFile());
}

void MainWindow::open()
{
    const QString sessions = tr("Attention Lab sessions (*%1 *.json)").arg(SessionPaths::kSuffix);
    const QString tensors = AttentionFiles::fileFilter();
    // Everything either tab opens, then each kind alone.
    const QString everything =
        tr("Sessions and attention tensors (*.json %1)")
            .arg(tensors.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0));
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a session or an attention file"), SessionPaths::folder(),
        QStringList{everything, sessions, tensors}.join(QStringLiteral(";;")));
    if (!path.isEmpty())
        openFromUser(path);
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    QString error;
    if (!m_document->saveAs(m_document->filePath(), &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    addRecentFile(m_document->filePath());
    showStatusMessage(tr("Saved %1").arg(m_document->filePath()), 4000);
    return true;
}

bool MainWindow::saveAs()
{
    // An untitled preset proposes its own name ("Lecture example.attention.json")
    // in the folder used last.
    const QString proposal =
        SessionPaths::saveProposal(m_document->filePath(), m_document->untitledName());
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save session"), proposal,
        tr("Attention Lab sessions (*%1 *.json)").arg(SessionPaths::kSuffix));
    if (path.isEmpty())
        return false;
    path = SessionPaths::withSuffix(path);
    QString error;
    if (!m_document->saveAs(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    addRecentFile(path);
    showStatusMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::loadPreset(const Session &session, const QString &name)
{
    // A preset is a new untitled document: Save must ask for a file name and
    // never write the preset over the file that was open.
    if (!maybeSave())
        return false;
    m_document->reset(session, name);
    showStatusMessage(tr("%1: a new untitled session").arg(name), 4000);
    return true;
}

} // namespace AttentionLab
