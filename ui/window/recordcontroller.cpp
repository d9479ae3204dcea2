// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/recordcontroller.h"

#include "ui/record/animatedialog.h"
#include "ui/record/animationsaver.h"
#include "ui/record/animationsettingsform.h"
#include "ui/record/recorddialog.h"
#include "ui/record/recorder.h"
#include "ui/views/actionicons.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>

#include <stdexcept>

namespace AttentionLab {

RecordController::RecordController(QWidget *window, std::function<TabEditor *()> editor,
                                   std::function<FigureStyle()> style)
    : QObject(window), m_window(window), m_editor(std::move(editor)), m_style(std::move(style)),
      m_recorder(new Recorder(this)), m_badge(new QLabel(window))
{
    m_badge->setObjectName(QStringLiteral("RecordingIndicator"));
    m_badge->setStyleSheet(QStringLiteral("QLabel { color: white; background: #c62828; "
                                          "border-radius: 4px; padding: 1px 8px; "
                                          "font-weight: bold; }"));
    m_badge->setAccessibleName(tr("Recording"));
    m_badge->hide();
    connect(m_recorder, &Recorder::frameAdded, this, [this](int frames) {
        m_badge->setText(frames == 1 ? tr("● REC  1 frame") : tr("● REC  %1 frames").arg(frames));
    });
    connect(m_recorder, &Recorder::recordingChanged, this, &RecordController::sync);
    connect(m_recorder, &Recorder::failed, this, [this](const QString &message) {
        QMessageBox::warning(m_window, tr("Recording stopped"), message);
    });
}

void RecordController::addFileActions(QMenu *file)
{
    m_recordAction = file->addAction(tr("&Record"), this, &RecordController::toggle);
    ActionIcons::set(m_recordAction, QStringLiteral("media-record"));
    m_recordAction->setCheckable(true);
    m_recordAction->setIconText(tr("Record"));
    m_recordAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_recordAction->setToolTip(tr("Record the view: every change adds a frame, drawn as its "
                                  "export; Stop writes a GIF or an MP4 (Ctrl+Shift+R)"));
    QAction *animate = file->addAction(tr("&Animate…"), this, &RecordController::showAnimateDialog);
    ActionIcons::set(animate, QStringLiteral("attentionlab-animate"));
    animate->setToolTip(tr("Sweep one setting over a range (the temperature, d_k, a key, the "
                           "mask order, the heads of a layer) and write it as a GIF or an MP4"));
}

void RecordController::sync(bool recording)
{
    const QSignalBlocker block(m_recordAction);
    m_recordAction->setChecked(recording);
    m_recordAction->setText(recording ? tr("Stop &Recording") : tr("&Record"));
    m_recordAction->setIconText(recording ? tr("Stop") : tr("Record"));
    m_badge->setVisible(recording);
    if (!recording) {
        for (const QMetaObject::Connection &c : std::as_const(m_connections))
            disconnect(c);
        m_connections.clear();
    }
    emit recordingChanged(recording);
}

void RecordController::toggle()
{
    if (!m_recorder->isRecording()) {
        // The view current now is the one recorded, whatever tab is shown later.
        TabEditor *editor = m_editor();
        const QString view = editor->currentViewName();
        QString error;
        if (!m_recorder->start([editor, view] { return editor->recordedFrame(view); }, &error)) {
            sync(false);
            QMessageBox::information(m_window, tr("Nothing to record"),
                                     tr("%1 Record an attention view, a lab or a model's "
                                        "heads.")
                                         .arg(error));
            return;
        }
        // The documents say what changed; each change is a frame.
        m_connections = editor->noteChanges(m_recorder);
        emit statusMessage(
            tr("Recording %1: every change adds a frame; Ctrl+Shift+R stops").arg(view), 5000);
        return;
    }
    std::unique_ptr<Recording> recording = m_recorder->stop();
    if (!recording)
        return;
    const FigureStyle style = m_style();
    RecordDialog dialog(*recording, style.colorMap, style.theme == FigureStyle::Theme::Dark,
                        m_editor()->exportTitle(), m_window);
    dialog.exec();
    if (!dialog.writtenPaths().isEmpty())
        emit statusMessage(tr("Wrote %1 frames to %2")
                               .arg(recording->count())
                               .arg(dialog.writtenPaths().join(tr(" and "))),
                           6000);
}

void RecordController::showAnimateDialog()
{
    TabEditor *editor = m_editor();
    QString why;
    const std::optional<AnimateDialog::Target> target = editor->animationTarget(&why);
    if (!target) {
        QMessageBox::information(m_window, tr("Nothing to animate"), why);
        return;
    }
    const FigureStyle current = m_style();
    AnimateDialog dialog(*target, current.colorMap, current.theme == FigureStyle::Theme::Dark,
                         editor->animationTitle(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const AnimationSettingsForm *settings = dialog.settings();
    AnimationTiming timing = settings->timing();
    timing.frames = dialog.frames();
    const FigureStyle style = settings->style();
    AnimationFrames frames;
    try {
        frames = editor->animationFrames(dialog, style, settings->size(), timing.frames);
    } catch (const std::invalid_argument &error) {
        QMessageBox::warning(m_window, tr("Cannot animate"), QString::fromUtf8(error.what()));
        return;
    }
    editor->rememberExportTitle(style.title);
    QString error;
    switch (AnimationSaver::save(m_window, settings->filePath(), frames, timing, &error)) {
    case AnimationSaver::Outcome::Written:
        emit statusMessage(tr("Wrote %1 frames to %2").arg(frames.count).arg(settings->filePath()),
                           6000);
        break;
    case AnimationSaver::Outcome::Cancelled:
        emit statusMessage(tr("Cancelled: nothing was written"), 5000);
        break;
    case AnimationSaver::Outcome::Failed:
        QMessageBox::warning(m_window, tr("Cannot write the animation"), error);
        break;
    }
}

} // namespace AttentionLab
