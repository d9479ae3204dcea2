// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/labsettings.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace AttentionLab {

/**
 * One frame of a recording: what a view showed, kept so that it can be drawn
 * again later by the same painter as its still export, at any size, in any
 * theme and colour map (chosen when the recording stops). A session's view
 * keeps the session and the labs' settings; a model's view keeps the shared
 * tensor and its scores (shared, not copied) and the selected layer and head.
 * A Recording spools the session or the tensor and scores to its file and
 * gives them back, read from there, when the frame is drawn.
 */
struct RecordedFrame
{
    /// The view, as `export --view` names it: a session's (figureViews()) or a model's.
    QString view;
    std::optional<Session> session;
    std::shared_ptr<const LabSettings> labs;
    std::shared_ptr<const AttentionTensor> tensor;
    std::shared_ptr<const std::vector<HeadScores>> scores;
    int layer = 0;
    int head = 0;
    bool words = false;
    HeadScoreKind scoreKind = HeadScoreKind::Entropy; ///< the grid's, as on screen
    bool sorted = false;

    /// The view's default pixel size, or an invalid size for an unknown view.
    QSize defaultSize() const;
    /// Draws the frame as its still export would be (FigureExporter::renderImage).
    /// Throws std::invalid_argument when the view is unknown or cannot be drawn.
    QImage render(const FigureStyle &style, const ExportSize &size) const;
};

} // namespace AttentionLab
