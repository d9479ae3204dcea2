// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// SessionWorkspace: the session's tabs and panels, and its file. Its menus
// are in sessionmenus.cpp.

#include "ui/window/sessionworkspace.h"

#include "core/maths/chapterexamples.h"
#include "io/sessionreader.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/document/sessionpaths.h"
#include "ui/labs/geometrycanvas.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/headslab.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"
#include "ui/labs/masklab.h"
#include "ui/labs/positionlab.h"
#include "ui/labs/scalelab.h"
#include "ui/labs/sizelab.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/attentiontab.h"
#include "ui/window/sessiontabeditor.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace AttentionLab {

SessionWorkspace::SessionWorkspace(QWidget *window)
    : QObject(window), m_window(window), m_document(new AttentionDocument(this)),
      m_autosaver(new Autosaver(m_document, Autosaver::defaultPath(), this)),
      m_labs(new LabState(this)), m_attentionTab(new AttentionTab(m_document, window)),
      m_geometryLab(new GeometryLab(m_document, m_labs, window)),
      m_scaleLab(new ScaleLab(m_document, m_labs, window)),
      m_maskLab(new MaskLab(m_document, m_labs, window)),
      m_headsLab(new HeadsLab(m_document, m_labs, window)),
      m_positionLab(new PositionLab(m_document, m_labs, window)),
      m_sizeLab(new SizeLab(m_document, m_labs, window)),
      m_editor(new VectorEditor(m_document, window)),
      m_matrixEditor(new MatrixEditor(m_document, window)),
      m_output(new OutputTable(m_document, window)),
      m_temperature(new TemperatureControl(m_document, window)), m_maskChoice(new QComboBox(window))
{
    connectPanels();
    createEditors();
}

SessionWorkspace::~SessionWorkspace() = default;

QList<std::pair<QWidget *, QString>> SessionWorkspace::pages() const
{
    return {{m_attentionTab, tr("Attention")},
            {m_geometryLab, tr("Key geometry")},
            {m_scaleLab, tr("Why √d_k")},
            {m_maskLab, tr("Mask order")},
            {m_headsLab, tr("Heads")},
            {m_positionLab, tr("Position")},
            {m_sizeLab, tr("Size")}};
}

void SessionWorkspace::connectPanels()
{
    connect(m_attentionTab, &AttentionTab::causalExampleRequested, this,
            [this] { loadPreset(ChapterExamples::causalMask(), tr("Causal mask example")); });
    connect(m_matrixEditor, &MatrixEditor::vectorSelected, m_editor, &VectorEditor::select);
    // Click a cell: its key goes on the sliders (with Shift, its query).
    connect(m_attentionTab->heatmap(), &HeatmapView::cellClicked, this,
            [this](int row, int col, Qt::KeyboardModifiers modifiers) {
                if (modifiers & Qt::ShiftModifier)
                    m_editor->select(VectorKind::Query, row);
                else
                    m_editor->select(VectorKind::Key, col);
            });
    // A key or the query picked up in Key geometry goes on the sliders too.
    connect(m_geometryLab->canvas(), &GeometryCanvas::pointPicked, m_editor,
            [this](VectorKind kind, int row) { m_editor->select(kind, row); });
    // Click a token of the lines: a key goes on the sliders, a query too.
    connect(m_attentionTab->linesView(), &AttentionLinesView::tokenClicked, this,
            [this](LineToken token) {
                m_editor->select(token.side == LineToken::Side::Query ? VectorKind::Query
                                                                      : VectorKind::Key,
                                 token.index);
            });
    connect(m_document, &AttentionDocument::modifiedChanged, this,
            &SessionWorkspace::describedChanged);
    connect(m_document, &AttentionDocument::filePathChanged, this,
            &SessionWorkspace::describedChanged);
    connect(m_document, &AttentionDocument::resultChanged, this,
            &SessionWorkspace::describedChanged);
    connect(m_document, &AttentionDocument::optionsChanged, this, &SessionWorkspace::syncControls);
    connect(m_document, &AttentionDocument::sessionReset, this, &SessionWorkspace::syncControls);
    // A lab's settings can change what its tab uses and says.
    connect(m_labs, &LabState::changed, this, &SessionWorkspace::docksChanged);
}

void SessionWorkspace::createEditors()
{
    // Each tab an editor that says what it uses: the Attention tab every
    // dock, the labs that edit the session the sliders (and the tables),
    // the labs with their own controls none.
    using Dock = TabEditor::Dock;
    const auto add = [this](QWidget *page, TabEditor::Docks docks, const QString &view,
                            bool sessionControls = true) {
        m_editors.push_back(std::make_unique<SessionTabEditor>(
            page, docks, [view] { return view; }, m_document, m_labs, sessionControls));
        return m_editors.back().get();
    };
    m_editors.push_back(std::make_unique<SessionTabEditor>(
        m_attentionTab, Dock::Sliders | Dock::Tokens | Dock::Output,
        [this] {
            return m_attentionTab->showsLines() ? QStringLiteral("lines")
                                                : QStringLiteral("figure");
        },
        m_document, m_labs));
    add(m_geometryLab, Dock::Sliders | Dock::Tokens, QStringLiteral("geometry"));
    // Why √d_k and Size have settings of their own: the session's are off there.
    // Its status line describes its experiment, not the session out of sight.
    add(m_scaleLab, {}, QStringLiteral("scale"), false)->setStatusText([this] {
        const ScaleExperimentSettings &s = m_labs->settings().scale;
        QStringList dims;
        for (int d : s.keyDims)
            dims << QString::number(d);
        return tr("Why √d_k: %1 draws of %2 keys, seed %3, d_k = %4%5")
            .arg(s.draws)
            .arg(s.keys)
            .arg(s.seed)
            .arg(dims.join(QStringLiteral(", ")),
                 m_labs->settings().scaleResult ? QString() : tr(" (not run yet)"));
    });
    // The chapter's scores use no slider: the docks step aside, and the two
    // heatmaps get the width (at 1280 x 720 they were 37 px wide).
    add(m_maskLab, Dock::Sliders | Dock::Tokens, QStringLiteral("mask"))
        ->setDocks([this]() -> TabEditor::Docks {
            if (m_labs->settings().maskFromSession)
                return Dock::Sliders | Dock::Tokens;
            return {};
        });
    // Seeded random inputs use no slider: the docks step aside until the
    // session's vectors are chosen.
    add(m_headsLab, Dock::Sliders | Dock::Tokens, QStringLiteral("heads"))
        ->setDocks([this]() -> TabEditor::Docks {
            if (m_labs->settings().headsFromSession)
                return Dock::Sliders | Dock::Tokens;
            return {};
        });
    add(m_positionLab, Dock::Tokens, QStringLiteral("positional"));
    add(m_sizeLab, {}, QStringLiteral("params"), false)->setStatusText([this] {
        const TransformerConfig &c = m_labs->settings().transformer;
        return tr("Size: |V| = %1, D = %2, L = %3, h = %4, H = %5")
            .arg(c.vocabulary)
            .arg(c.modelDim)
            .arg(c.layers)
            .arg(c.heads)
            .arg(c.feedForward);
    });
}

void SessionWorkspace::setPresentation(bool on, double scale)
{
    if (on)
        m_attentionTab->hintBar()->hide();
    else
        m_attentionTab->hintBar()->showIfNew();
    m_attentionTab->heatmap()->setAppearance(on, scale);
    m_attentionTab->entropyBars()->setAppearance(on, scale);
}

void SessionWorkspace::setFigureStyle(const FigureStyle &style)
{
    for (LabCanvas *canvas : m_window->findChildren<LabCanvas *>())
        canvas->setStyle(style);
    m_attentionTab->linesView()->setStyle(style);
}

bool SessionWorkspace::open(const QString &path)
{
    QString error;
    if (!m_document->open(path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot open"), error);
        return false;
    }
    emit fileUsed(path);
    emit statusMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

bool SessionWorkspace::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    QString error;
    if (!m_document->saveAs(m_document->filePath(), &error)) {
        QMessageBox::warning(m_window, tr("Cannot save"), error);
        return false;
    }
    emit fileUsed(m_document->filePath());
    emit statusMessage(tr("Saved %1").arg(m_document->filePath()), 4000);
    return true;
}

bool SessionWorkspace::saveAs()
{
    // An untitled preset proposes its own name ("Lecture example.attention.json")
    // in the folder used last.
    const QString proposal =
        SessionPaths::saveProposal(m_document->filePath(), m_document->untitledName());
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save session"), proposal,
        tr("Attention Lab sessions (*%1 *.json)").arg(SessionPaths::kSuffix));
    if (path.isEmpty())
        return false;
    path = SessionPaths::withSuffix(path);
    QString error;
    if (!m_document->saveAs(path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot save"), error);
        return false;
    }
    emit fileUsed(path);
    emit statusMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool SessionWorkspace::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void SessionWorkspace::newSession()
{
    if (maybeSave())
        m_document->reset(ChapterExamples::lecture());
}

bool SessionWorkspace::loadPreset(const Session &session, const QString &name)
{
    // A preset is a new untitled document: Save must ask for a file name and
    // never write the preset over the file that was open.
    if (!maybeSave())
        return false;
    m_document->reset(session, name);
    emit statusMessage(tr("%1: a new untitled session").arg(name), 4000);
    return true;
}

bool SessionWorkspace::recoverAutosave()
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

void SessionWorkspace::offerRecovery()
{
    QString source;
    if (!m_autosaver->recoverable(&source))
        return;
    const QString what =
        source.isEmpty() ? tr("an untitled session") : QFileInfo(source).fileName();
    const auto answer = QMessageBox::question(
        m_window, tr("Recover unsaved work?"),
        tr("Attention Lab did not close cleanly last time, and unsaved changes to %1 were kept. "
           "Recover them?")
            .arg(what),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        recoverAutosave();
    else
        m_autosaver->discard();
}

} // namespace AttentionLab
