// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/animationexporter.h"
#include "ui/record/recordedframe.h"

#include <QSize>
#include <QString>
#include <QTemporaryFile>

#include <vector>

namespace AttentionLab {

/**
 * The frames recorded so far, in the order they were shown. Memory stays
 * bounded however long the recording: each frame's session is spooled to a
 * temporary file (compressed, and written once when it repeats the previous
 * frame's), and only a small entry per frame stays in memory (the view, the
 * shared labs' settings or model tensor, the selection). The file is removed
 * with the recording.
 */
class Recording
{
public:
    Recording();

    /// Opens the spool file; false with the reason in \a error.
    bool open(QString *error);
    /// Appends \a frame; false with the reason in \a error (the disk is full).
    bool append(const RecordedFrame &frame, QString *error);

    int count() const { return int(m_entries.size()); }
    /// Frame \a index as it was recorded (its session read back from the spool).
    /// Throws std::invalid_argument when the spool cannot be read.
    RecordedFrame frame(int index) const;
    /// The first frame's view's default pixel size.
    QSize defaultSize() const { return m_defaultSize; }
    /// Bytes of the spool file.
    qint64 spoolBytes() const { return m_spool.size(); }

    /// Every frame drawn at \a size in \a style, for AnimationExporter::writeFrames().
    AnimationFrames frames(const FigureStyle &style, const ExportSize &size) const;

private:
    struct Entry
    {
        RecordedFrame shared; ///< everything but the session
        qint64 offset = -1;   ///< where its session starts in the spool, -1 for none
        qint64 length = 0;
    };

    mutable QTemporaryFile m_spool;
    std::vector<Entry> m_entries;
    QSize m_defaultSize;
    std::optional<Session> m_last; ///< the last session spooled, to write a repeat once
};

} // namespace AttentionLab
