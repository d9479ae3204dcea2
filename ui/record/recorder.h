// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/record/recordedframe.h"
#include "ui/record/recording.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace AttentionLab {

/**
 * File > Record: while recording, every change the window's documents
 * announce (a drag step, a toggle, a temperature step, a head or a timeline
 * step on the Model tab) adds a frame of the view that was current when the
 * recording started. It observes the documents' signals, not the screen:
 * the window connects them to noteChange(), and a frame is what the snapshot
 * function says the view shows now. The signals of one edit (a slider's
 * step changes the result, and the labs refit their picture) come in one
 * turn of the event loop, so a frame is taken once the turn is over: one
 * frame an edit, of the state it left. Undo is one more change, so a
 * recording keeps what was shown, in order.
 */
class Recorder : public QObject
{
    Q_OBJECT

public:
    /// What the view to record shows now, or nothing when it shows nothing.
    using Snapshot = std::function<std::optional<RecordedFrame>()>;

    explicit Recorder(QObject *parent = nullptr);
    ~Recorder() override;

    bool isRecording() const { return m_recording != nullptr; }
    /// Frames recorded so far (0 when not recording).
    int frameCount() const { return m_recording ? m_recording->count() : 0; }

    /// Starts a recording of what \a snapshot shows, its first frame what
    /// it shows now; false with the reason in \a error.
    bool start(Snapshot snapshot, QString *error);
    /// Ends the recording (with the frame of a change still pending) and
    /// hands it over (null when none was running).
    std::unique_ptr<Recording> stop();

public slots:
    /// Something shown changed: a frame is recorded when the event loop
    /// next runs (several changes of one edit make one frame).
    void noteChange();

signals:
    void frameAdded(int frames);
    void recordingChanged(bool recording);
    /// A frame could not be kept (the disk is full): the recording stopped.
    void failed(const QString &message);

private:
    void capture();

    Snapshot m_snapshot;
    bool m_pending = false;
    std::unique_ptr<Recording> m_recording;
};

} // namespace AttentionLab
