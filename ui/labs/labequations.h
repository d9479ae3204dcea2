// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/parametercount.h"
#include "ui/figure/labpainter.h"

#include <QString>

namespace AttentionLab {

/// What an EquationBanner shows: rich text for the equation, plain text
/// after it.
struct EquationText
{
    QString equation;
    QString note;
};

/**
 * Each lab's equation or claim from the chapter, with the lab's current
 * settings and numbers filled in. The numbers come from the same functions
 * the lab's picture draws with.
 */
namespace LabEquations {

EquationText geometry(const Session &session, const AttentionResult &result,
                      const LabSettings &labs);
EquationText scale(const ScaleExperimentResult &result);
EquationText mask(const MaskComparison &comparison, const AttentionOptions &sessionOptions,
                  Index keyDim);
EquationText heads(const HeadsComparison &comparison, const AttentionOptions &options);
/// The Position lab's rotary mode: RoPE's scores depend on the offset alone;
/// a head of a layer without positions (\a session's) has one score.
EquationText rotaryPosition(const Session &session, const LabSettings &labs,
                            const RotaryOffsetDemo &demo);
EquationText position(const Session &session, const LabSettings &labs, const PermutationDemo &demo);
EquationText size(const TransformerConfig &config);

} // namespace LabEquations

} // namespace AttentionLab
