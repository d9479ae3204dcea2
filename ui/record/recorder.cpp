// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/recorder.h"

#include <QTimer>

namespace AttentionLab {

Recorder::Recorder(QObject *parent) : QObject(parent) {}

Recorder::~Recorder() = default;

bool Recorder::start(Snapshot snapshot, QString *error)
{
    const std::optional<RecordedFrame> first = snapshot();
    if (!first) {
        if (error)
            *error = tr("This view shows nothing to record.");
        return false;
    }
    auto recording = std::make_unique<Recording>();
    if (!recording->open(error) || !recording->append(*first, error))
        return false;
    m_snapshot = std::move(snapshot);
    m_recording = std::move(recording);
    emit recordingChanged(true);
    emit frameAdded(m_recording->count());
    return true;
}

std::unique_ptr<Recording> Recorder::stop()
{
    if (!m_recording)
        return nullptr;
    if (m_pending)
        capture();
    if (!m_recording)
        return nullptr; // the pending frame could not be kept: failed() said why
    m_snapshot = {};
    std::unique_ptr<Recording> done = std::move(m_recording);
    emit recordingChanged(false);
    return done;
}

void Recorder::noteChange()
{
    if (!m_recording || m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, &Recorder::capture);
}

void Recorder::capture()
{
    if (!m_pending || !m_recording)
        return;
    m_pending = false;
    const std::optional<RecordedFrame> frame = m_snapshot();
    if (!frame)
        return; // e.g. a model's scores still on their way: their arrival is a change too
    QString error;
    if (!m_recording->append(*frame, &error)) {
        stop();
        emit failed(error);
        return;
    }
    emit frameAdded(m_recording->count());
}

} // namespace AttentionLab
