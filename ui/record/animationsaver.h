// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/animationexporter.h"

#include <QString>

class QWidget;

namespace AttentionLab {

/// Writes an animation from the window: a progress dialog with Cancel over
/// AnimationExporter::writeFrames(), so a long GIF or MP4 can be stopped;
/// a cancelled or failed write leaves the path as it was.
class AnimationSaver
{
public:
    enum class Outcome
    {
        Written,
        Cancelled,
        Failed,
    };

    /// Writes \a frames to \a path; on failure \a error has the reason.
    static Outcome save(QWidget *parent, const QString &path, const AnimationFrames &frames,
                        const AnimationTiming &timing, QString *error);
};

} // namespace AttentionLab
