// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/animationexporter.h"
#include "ui/record/recordedframe.h"
#include "ui/record/spooledtensor.h"

#include <QSize>
#include <QString>
#include <QTemporaryFile>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace AttentionLab {

/**
 * The frames recorded so far, in the order they were shown. Memory stays
 * bounded however long the recording: each frame's session, or its model
 * tensor with the heads' scores, is spooled to a temporary file (compressed,
 * and written once when it repeats the previous frame's), and only a small
 * entry per frame stays in memory (the view, the shared labs' settings, the
 * selected layer and head, where its state lies in the file). frame() reads
 * a state back when it is drawn; the last two tensors read are kept, so a
 * writer that goes through the frames in order, and the preview playing
 * beside it, read each tensor once. The file is removed with the recording.
 * Not for use from several threads at once.
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
    /// Model tensors written to the spool: one for each run of frames that share one.
    int spooledTensors() const { return m_spooledTensors; }
    /// Model tensors the recording holds in memory: those last read back by
    /// frame(), never more than two, whatever the count of frames.
    int tensorsInMemory() const { return int(m_loaded.size()); }

    /// Every frame drawn at \a size in \a style, for AnimationExporter::writeFrames().
    AnimationFrames frames(const FigureStyle &style, const ExportSize &size) const;

private:
    struct Entry
    {
        RecordedFrame shared; ///< everything but the session, the tensor and its scores
        qint64 offset = -1;   ///< where its session starts in the spool, -1 for none
        qint64 length = 0;
        qint64 tensorOffset = -1; ///< where its tensor and scores start, -1 for none
    };

    bool write(const std::function<bool()> &writer, QString *error);
    SpooledTensor loadTensor(qint64 offset) const;

    mutable QTemporaryFile m_spool;
    std::vector<Entry> m_entries;
    QSize m_defaultSize;
    std::optional<Session> m_last; ///< the last session spooled, to write a repeat once
    // The last tensor spooled, to write a repeat once: watched, not kept,
    // so that it leaves memory as soon as the model's document lets it go.
    std::weak_ptr<const AttentionTensor> m_lastTensor;
    std::weak_ptr<const std::vector<HeadScores>> m_lastScores;
    int m_spooledTensors = 0;
    mutable std::vector<std::pair<qint64, SpooledTensor>> m_loaded; ///< newest first, at most 2
};

} // namespace AttentionLab
