// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "ui/figure/effectgridfigure.h"

#include <QString>

#include <string>
#include <vector>

namespace AttentionLab {

/// The grids of the experiments on heads, the same for `sweep -o`, `patch
/// -o`, their tables and the window's sweep: a frame (titles, axes, no cell
/// measured yet) and the frame filled from a finished sweep.
namespace EffectGrids {

/// What a grid's subtitle names: \a model, and an encoder-decoder's
/// attention \a set ("t5-small · cross-attention"), or with \a sites over
/// the residual stream its stack ("t5-small · encoder").
QString subject(const QString &model, bool encoderDecoder, AttentionKind set,
                PatchSites sites = PatchSites::Heads);

/// Each head of \a model's \a layers x \a heads ablated in turn, over \a
/// tokens tokens, measuring \a measure.
EffectGridData ablationFrame(const QString &model, int layers, int heads, size_t tokens,
                             const QString &measure, AblationKind ablation);
/// The changes of \a grid, and the measure with every head under the title.
void fillAblation(EffectGridData &data, const SweepGrid &grid, const QString &measure);

/// Each head (or each residual position, the corrupted text's \a tokens as
/// spelled, shown as displayToken() shows them) of the corrupted pass patched
/// from the clean one.
EffectGridData patchFrame(const QString &model, int layers, int heads, PatchSites sites,
                          const std::vector<std::string> &tokens, const QString &measure);
/// The share of the gap each cell of \a grid restores, or, when the texts
/// measure the same, each cell's change; the clean and corrupted measures
/// under the title.
void fillPatch(EffectGridData &data, const PatchGrid &grid, const QString &measure);
/// Whether \a grid has a gap to restore (the texts measure differently).
bool hasGap(const PatchGrid &grid);

} // namespace EffectGrids

} // namespace AttentionLab
