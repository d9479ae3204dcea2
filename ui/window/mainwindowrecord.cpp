// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// File > Record and File > Animate: the window's side of the recorder and
// of the sweeps (the frames are drawn by the still exports' painters).

#include "ui/window/mainwindow.h"

#include "core/maths/sweep.h"
#include "core/sets/headscores.h"
#include "ui/document/attentiondocument.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/tensorfigure.h"
#include "ui/labs/labstate.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/record/animatedialog.h"
#include "ui/record/animationsaver.h"
#include "ui/record/animationsettingsform.h"
#include "ui/record/recorddialog.h"
#include "ui/record/recorder.h"
#include "ui/views/actionicons.h"
#include "ui/views/heatmapview.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>

#include <stdexcept>

namespace AttentionLab {

void MainWindow::createRecordActions(QMenu *file)
{
    m_recorder = new Recorder(this);
    m_recordAction = file->addAction(tr("&Record"), this, &MainWindow::toggleRecording);
    ActionIcons::set(m_recordAction, QStringLiteral("media-record"));
    m_recordAction->setCheckable(true);
    m_recordAction->setIconText(tr("Record"));
    m_recordAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_recordAction->setToolTip(tr("Record the view: every change adds a frame, drawn as its "
                                  "export; Stop writes a GIF or an MP4 (Ctrl+Shift+R)"));
    QAction *animate = file->addAction(tr("&Animate…"), this, &MainWindow::showAnimateDialog);
    ActionIcons::set(animate, QStringLiteral("attentionlab-animate"));
    animate->setToolTip(tr("Sweep one setting over a range (the temperature, d_k, a key, the "
                           "mask order, the heads of a layer) and write it as a GIF or an MP4"));
    m_recordStatus = new QLabel(this);
    m_recordStatus->setObjectName(QStringLiteral("RecordingIndicator"));
    m_recordStatus->setStyleSheet(QStringLiteral("QLabel { color: white; background: #c62828; "
                                                 "border-radius: 4px; padding: 1px 8px; "
                                                 "font-weight: bold; }"));
    m_recordStatus->setAccessibleName(tr("Recording"));
    m_recordStatus->hide();
    statusBar()->insertPermanentWidget(0, m_recordStatus);
    connect(m_recorder, &Recorder::frameAdded, this, [this](int frames) {
        m_recordStatus->setText(frames == 1 ? tr("● REC  1 frame")
                                            : tr("● REC  %1 frames").arg(frames));
    });
    connect(m_recorder, &Recorder::recordingChanged, this, &MainWindow::syncRecording);
    connect(m_recorder, &Recorder::failed, this, [this](const QString &message) {
        QMessageBox::warning(this, tr("Recording stopped"), message);
    });
}

void MainWindow::syncRecording(bool recording)
{
    const QSignalBlocker block(m_recordAction);
    m_recordAction->setChecked(recording);
    m_recordAction->setText(recording ? tr("Stop &Recording") : tr("&Record"));
    m_recordAction->setIconText(recording ? tr("Stop") : tr("Record"));
    keepRecordButtonWidth();
    m_recordStatus->setVisible(recording);
    if (!recording) {
        for (const QMetaObject::Connection &c : m_recordConnections)
            disconnect(c);
        m_recordConnections.clear();
    }
}

void MainWindow::keepRecordButtonWidth()
{
    // "Record" and "Stop" in one width: the buttons after it (Presentation
    // Mode) moved 22 px under the pointer when the one became the other.
    auto *button = m_viewBar
                       ? qobject_cast<QToolButton *>(m_viewBar->widgetForAction(m_recordAction))
                       : nullptr;
    if (!button)
        return;
    button->setMinimumWidth(0);
    if (button->toolButtonStyle() == Qt::ToolButtonIconOnly)
        return;
    const QFontMetrics metrics = button->fontMetrics();
    const int shown = metrics.horizontalAdvance(m_recordAction->iconText());
    const int widest =
        std::max(metrics.horizontalAdvance(tr("Record")), metrics.horizontalAdvance(tr("Stop")));
    button->setMinimumWidth(button->sizeHint().width() + widest - shown);
}

void MainWindow::toggleRecording()
{
    if (!m_recorder->isRecording()) {
        // The view current now is the one recorded, whatever tab is shown later.
        TabEditor *editor = currentEditor();
        const QString view = currentViewName();
        QString error;
        if (!m_recorder->start([editor, view] { return editor->recordedFrame(view); }, &error)) {
            syncRecording(false);
            QMessageBox::information(this, tr("Nothing to record"),
                                     tr("%1 Record an attention view, a lab or a model's "
                                        "heads.")
                                         .arg(error));
            return;
        }
        // The documents say what changed; each change is a frame.
        if (showsModel()) {
            m_recordConnections << connect(m_modelDocument, &ModelDocument::currentChanged,
                                           m_recorder, &Recorder::noteChange)
                                << connect(m_modelDocument, &ModelDocument::scoresChanged,
                                           m_recorder, &Recorder::noteChange);
        } else {
            m_recordConnections << connect(m_document, &AttentionDocument::resultChanged,
                                           m_recorder, &Recorder::noteChange)
                                << connect(m_labs, &LabState::changed, m_recorder,
                                           &Recorder::noteChange);
        }
        showStatusMessage(
            tr("Recording %1: every change adds a frame; Ctrl+Shift+R stops").arg(view), 5000);
        return;
    }
    std::unique_ptr<Recording> recording = m_recorder->stop();
    if (!recording)
        return;
    RecordDialog dialog(*recording, m_heatmap->colorMap(), m_presentation,
                        currentEditor()->exportTitle(), this);
    dialog.exec();
    if (!dialog.writtenPaths().isEmpty())
        showStatusMessage(tr("Wrote %1 frames to %2")
                              .arg(recording->count())
                              .arg(dialog.writtenPaths().join(tr(" and "))),
                          6000);
}

void MainWindow::showAnimateDialog()
{
    TabEditor *editor = currentEditor();
    const QList<ExportDialog::View> views = editor->exportViews();
    AnimateDialog::Target target;
    const bool model = showsModel();
    if (model) {
        target.layers = m_modelDocument->tensor().layers();
        target.heads = m_modelDocument->tensor().heads();
        target.layer = m_modelDocument->layer();
        const auto &generation = m_generationPanel ? m_generationPanel->generation() : nullptr;
        target.generationSteps = generation ? int(generation->steps.size()) : 0;
        for (const ExportDialog::View &view : views)
            if (view.name == QLatin1String("head") || view.name == QLatin1String("lines") ||
                view.name == QLatin1String("grid"))
                target.views << view;
    } else if (m_tabs->currentWidget() == m_modelPage) {
        QMessageBox::information(this, tr("Nothing to animate"),
                                 tr("Open a model or an attention file first: its heads, or a "
                                    "generation's steps, can then be animated."));
        return;
    } else {
        target.session = &m_document->session();
        target.views = ExportDialog::sessionViews();
    }
    target.currentView = currentViewName();
    AnimateDialog dialog(target, m_heatmap->colorMap(), m_presentation, editor->exportTitle(),
                         this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const AnimationSettingsForm *settings = dialog.settings();
    AnimationTiming timing = settings->timing();
    timing.frames = dialog.frames();
    const FigureStyle style = settings->style();
    const ExportSize size = settings->size();
    AnimationFrames frames;
    // What the frames refer to, kept until they are written.
    std::vector<HeadScores> scores;
    std::shared_ptr<const AttentionTensor> tensor;
    try {
        if (!model) {
            const Sweep sweep = Sweep::parse(dialog.spec().toStdString(), m_document->session());
            const FigureView *view = findFigureView(dialog.viewName());
            if (!view)
                throw std::invalid_argument("there is no view called \"" +
                                            dialog.viewName().toStdString() + "\"");
            AnimationExporter::requireAnimationMemory(*view, m_document->session(),
                                                      FigureExporter::pixelSize(*view, size),
                                                      timing.frames);
            frames =
                AnimationExporter::sweepFrames(*view, m_document->session(), sweep, timing.frames,
                                               style, size, &m_labs->settings());
        } else {
            const Sweep sweep = Sweep::parseModel(dialog.spec().toStdString(), target.heads,
                                                  target.generationSteps);
            const TensorFigureView *view = findTensorFigureView(dialog.viewName());
            if (!view)
                throw std::invalid_argument("there is no view called \"" +
                                            dialog.viewName().toStdString() + "\"");
            if (sweep.kind() == Sweep::Kind::Head) {
                m_modelDocument->waitForScores();
                tensor = m_modelDocument->sharedTensor();
                scores = m_modelDocument->allScores();
                TensorFigureData data{*tensor, scores, dialog.layer(), 0,
                                      m_modelDocument->wordLevel()};
                frames =
                    AnimationExporter::headFrames(*view, data, sweep, timing.frames, style, size);
            } else {
                // Each step shows the text up to the token before the one it
                // wrote, as the timeline does (showGenerationStep()).
                const std::shared_ptr<const Generation> generation =
                    m_generationPanel->generation();
                frames = AnimationExporter::itemFrames(
                    *view,
                    [generation](int item) {
                        return generation->attentionUpTo(generation->promptLength + item);
                    },
                    sweep, timing.frames, m_modelDocument->layer(), m_modelDocument->head(),
                    m_modelDocument->wordLevel(), style, size);
            }
        }
    } catch (const std::invalid_argument &error) {
        QMessageBox::warning(this, tr("Cannot animate"), QString::fromUtf8(error.what()));
        return;
    }
    editor->rememberExportTitle(style.title);
    QString error;
    switch (AnimationSaver::save(this, settings->filePath(), frames, timing, &error)) {
    case AnimationSaver::Outcome::Written:
        showStatusMessage(tr("Wrote %1 frames to %2").arg(frames.count).arg(settings->filePath()),
                          6000);
        break;
    case AnimationSaver::Outcome::Cancelled:
        showStatusMessage(tr("Cancelled: nothing was written"), 5000);
        break;
    case AnimationSaver::Outcome::Failed:
        QMessageBox::warning(this, tr("Cannot write the animation"), error);
        break;
    }
}

} // namespace AttentionLab
