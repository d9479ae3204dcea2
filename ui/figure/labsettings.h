// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentioncost.h"
#include "core/maths/geometryframe.h"
#include "core/maths/scaleexperiment.h"
#include "core/maths/transformerconfig.h"
#include "core/model/relativepositionbias.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace AttentionLab {

/// The choices each lab view draws with; the window edits them, exports use
/// the defaults (or what the window had).
struct LabSettings
{
    // Key geometry: for d_k > 2 the query's plane (exact scores) or the keys'
    // principal plane; two coordinates otherwise or when chosen.
    GeometryPlane geometryPlane = GeometryPlane::Query;
    int geometryX = 0;
    int geometryY = 1;
    /// The query shown; negative: the last (in a causal session the one that
    /// sees every key).
    int geometryQuery = -1;
    /// The picture's plane and size, held still through drags and their
    /// undo so a point stays where it was dropped; the window refits it when
    /// asked or when the keys change another way. Empty (or made for other
    /// settings): fitted to the session when painted.
    std::shared_ptr<const GeometryFrame> geometryFrame;

    // Mask lab: the chapter's four raw scores, or the open session's scores;
    // a sliding window beside the causal mask when asked, where the session
    // has none of its own (a session's window is always shown).
    bool maskFromSession = false;
    bool maskShowsWindow = false;
    int maskWindow = 2;

    // Heads lab: D split into h heads, inputs seeded random or the session's.
    int heads = 4;
    int headsModelDim = 16;
    int headsTokens = 6;
    bool headsFromSession = false;
    std::uint64_t headsSeed = 0;

    // Position lab.
    int positions = 48;
    int positionDim = 64;
    std::uint64_t shuffleSeed = 1;
    /// What the lab shows: Eq. 16.4 added to the input; rotary positions,
    /// one q and one k at every position turned by RoPE (q·k depends on the
    /// offset alone) beside Eq. 16.4 added to them; Eq. 16.4's sinusoids
    /// alternating beside Marian's in two halves; or T5's relative bias.
    enum class PositionMode
    {
        Added,
        Rotary,
        SplitHalves,
        RelativeBias
    };
    PositionMode positionMode = PositionMode::Added;
    /// The open T5 model's learned bias (the Model tab sets it), or none.
    std::shared_ptr<const RelativeBiasTables> relativeBias;
    double rotaryTheta = 10000.0;

    // Size lab.
    TransformerConfig transformer;
    std::vector<std::int64_t> costLengths = CostDefaults::kLengths;
    std::int64_t costKeyDim = CostDefaults::kKeyDim;

    // Scale lab: the experiment and, once run, its result.
    /// The chapter's experiment, with the scaled scores also soft-capped at 2
    /// (a bound that bites on scores of spread 1) for a third curve.
    ScaleExperimentSettings scale{.softCap = 2.0};
    std::shared_ptr<const ScaleExperimentResult> scaleResult;
};

} // namespace AttentionLab
