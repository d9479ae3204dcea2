// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// MainWindow: GPT-2 and BERT models opened from their folders, the text they
// read, and a real head taken into the Attention tab.

#include "ui/window/mainwindow.h"

#include "core/headsession.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "ui/document/attentiondocument.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/hintbar.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace AttentionLab {

void MainWindow::createModelActions(QMenu *file)
{
    QAction *openModel = file->addAction(tr("Open &Model…"), this, &MainWindow::openModel);
    ActionIcons::set(openModel, QStringLiteral("folder-open"));
    openModel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openModel->setToolTip(tr("Run a GPT-2 or BERT model from its folder (config.json, "
                             "model.safetensors and the tokenizer's files) on a text you type"));
    m_openHeadAction = file->addAction(tr("Open &Head in Attention Tab"), this,
                                       [this] { openHeadInAttentionTab(); });
    ActionIcons::set(m_openHeadAction, QStringLiteral("attentionlab-open-head"));
    m_openHeadAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_openHeadAction->setToolTip(tr("Take the model's selected head, with its real queries, keys "
                                    "and values, into the Attention tab"));
    m_openHeadAction->setEnabled(false);
    auto syncOpenHead = [this] {
        m_openHeadAction->setEnabled(m_showsModelRun && m_modelRunner->lastRun() &&
                                     m_modelDocument->view() == ModelView::Head);
    };
    connect(m_modelDocument, &ModelDocument::currentChanged, this, syncOpenHead);
    connect(m_modelDocument, &ModelDocument::tensorChanged, this, syncOpenHead);
}

void MainWindow::openModel()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open a GPT-2 or BERT model's folder"), Preferences::modelFolder);
    if (!folder.isEmpty())
        openModelFolder(folder);
}

bool MainWindow::openModelFolder(const QString &folder)
{
    std::shared_ptr<const PretrainedModel> model;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        model = PretrainedModel::open(folder);
    } catch (const ReadError &error) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(this, tr("Cannot open the model"), error.message);
        return false;
    } catch (const std::bad_alloc &) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(this, tr("Cannot open the model"),
                             tr("%1: not enough memory to open this model").arg(folder));
        return false;
    }
    QApplication::restoreOverrideCursor();
    // The last text typed, with whichever model; the lecture's sentence at first.
    const QString text = Preferences::modelText;
    Preferences::modelFolder.set(model->folder());
    // Open Recent and a dropped folder bring it back (openFromUser).
    addRecentFile(model->folder());
    m_showsModelRun = false;
    // Nothing of the model that was open stays on screen: until this one has
    // read a text, the page says so (and a text it cannot read, why).
    m_modelPage->setEmptyStateText(
        tr("%1 has not read a text yet: type one above").arg(model->name()));
    m_modelPage->setModelCard(model->cardLine(), model->card());
    m_modelDocument->setTensor(AttentionTensor(), model->folder());
    m_modelRunner->setModel(model);
    m_modelText->show();
    m_modelText->modelChanged(text);
    m_tabs->setCurrentWidget(m_modelPage);
    m_modelText->textEdit()->setFocus();
    showStatusMessage(tr("Opened %1: %2").arg(model->folder(), model->description()), 4000);
    return true;
}

void MainWindow::showModelRun()
{
    const std::shared_ptr<const ModelRun> run = m_modelRunner->lastRun();
    if (!run || !m_modelRunner->hasModel())
        return;
    // The document's tensor points into the run, which it keeps alive: no copy.
    const AttentionTensor &attention = run->attention;
    std::vector<const float *> heads;
    for (int l = 0; l < attention.layers(); ++l) {
        for (int h = 0; h < attention.heads(); ++h)
            heads.push_back(attention.headData(l, h));
    }
    AttentionTensor view(attention.shape(), std::move(heads), run);
    view.setTokens(attention.tokens());
    view.setVisibility(attention.visibility());
    view.setKeyValueHeads(attention.keyValueHeads());
    const bool keep = m_showsModelRun;
    m_showsModelRun = true;
    // A new model opens on the grid (ModelPage follows tensorChanged), and
    // the keys stay with the text being typed.
    m_modelDocument->setTensor(std::move(view), m_modelRunner->model()->folder(), keep);
    Preferences::modelText.set(m_modelRunner->requestedText().text);
}

bool MainWindow::openHeadInAttentionTab()
{
    const std::shared_ptr<const ModelRun> run = m_modelRunner->lastRun();
    if (!m_showsModelRun || !run || m_modelDocument->view() != ModelView::Head)
        return false;
    const int layer = m_modelDocument->layer();
    const int head = m_modelDocument->head();
    const QString name =
        tr("%1 head %2.%3").arg(m_modelRunner->model()->name()).arg(layer).arg(head);
    if (!loadPreset(headSession(*run, layer, head), name))
        return false;
    m_tabs->setCurrentIndex(0);
    // What was done to q and k on the way, on the hint line until the next
    // session, and the status bar's short note.
    m_hint->showNote(
        tr("%1: the model's queries, keys and values for “%2”: %3.")
            .arg(name, m_modelRunner->requestedText().text,
                 QString::fromStdString(headSessionNote(m_modelRunner->model()->config(), head))));
    showStatusMessage(tr("%1: drag a key, toggle √d_k or the mask").arg(name), 8000);
    return true;
}

} // namespace AttentionLab
