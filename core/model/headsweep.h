// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "core/model/modelrun.h"
#include "core/model/modelweights.h"

#include <functional>
#include <string>
#include <vector>

namespace AttentionLab {

/// Called after each pass of a sweep with the cell just measured (its index
/// in the grid, row-major), its effect (its measure minus the baseline) and
/// how many are done of how many; returns false to cancel the sweep. Called
/// on the thread that runs the sweep.
using SweepProgress = std::function<bool(int cell, double effect, int done, int total)>;

/// Why \a measure cannot measure a pass of \a n tokens (an
/// encoder-decoder's decoder's) of \a weights (its own problem(), or a
/// masked-LM family's checkpoint without the head that guesses), as one
/// line, or "".
std::string measureProblem(const ModelMeasure &measure, const ModelWeights &weights, int n);

/// The sizes of the stack whose blocks hold attention \a set: an
/// encoder-decoder's encoder for its self-attention, its decoder for the
/// other two; a single stack's own.
const ModelConfig &stackConfig(const ModelWeights &weights, AttentionKind set);

/// What a sweep gives: a rows x columns grid of the measure, each cell with
/// one intervention applied, and the measure without any.
struct SweepGrid
{
    int rows = 0;
    int columns = 0;
    double baseline = 0.0;
    std::vector<double> values; ///< rows x columns, row-major
    bool cancelled = false;

    double effect(int row, int column) const
    {
        return values[size_t(row) * size_t(columns) + size_t(column)] - baseline;
    }
};

/**
 * Each head of attention \a set ablated in turn (Michel et al. 2019): an L x
 * H grid of \a measure. \a input is the text (its interventions, if any, are
 * applied under each cell's); each cell's pass reuses the layers below its
 * head from the baseline pass (an encoder-decoder's whole encoder, for the
 * decoder's and the cross-attention's heads). \a set is a single stack's
 * stackKind(), or one of an encoder-decoder's three. Throws
 * std::invalid_argument as runModel() does, for a set the model does not
 * have, and for a measure that does not fit the text.
 */
SweepGrid sweepHeadAblations(const ModelWeights &weights, const ModelInput &input,
                             const ModelMeasure &measure, AblationKind ablation, AttentionKind set,
                             const SweepProgress &progress = {});

/// Where patching copies the clean run into the corrupted one.
enum class PatchSites
{
    Heads,   ///< each head's output (before the output projection): L x H
    Residual ///< the residual stream entering each layer at each position: L x n
             ///< (an encoder-decoder's encoder's over the source, decoder's over the target)
};

/// A patching sweep: the measure on the clean and the corrupted text, and
/// the grid of the corrupted run with each site patched from the clean one.
struct PatchGrid
{
    SweepGrid patched; ///< its baseline is the corrupted run's measure
    double clean = 0.0;
    double corrupted = 0.0;

    /// (patched - corrupted) / (clean - corrupted): the share of the gap a
    /// cell restores (NaN when the texts measure the same).
    double restored(int row, int column) const;
};

/**
 * Activation patching (Meng et al. 2022; Wang et al. 2022): \a clean and \a
 * corrupted are two texts of the same length in tokens (an encoder-decoder's
 * two sources, and their targets); each head's output of attention \a set,
 * or each residual position of its stack, of the corrupted run in turn is
 * taken from the clean run. Every run is scored against the clean text: a
 * loss on the clean text's tokens, a KL from the clean run's distribution
 * (0 for the clean run itself). Throws std::invalid_argument for texts of
 * different lengths, the residual of the cross-attention (it has none of
 * its own), and as sweepHeadAblations() does.
 */
PatchGrid sweepPatches(const ModelWeights &weights, const ModelInput &clean,
                       const ModelInput &corrupted, const ModelMeasure &measure, PatchSites sites,
                       AttentionKind set, const SweepProgress &progress = {});

/// The measure of one pass of \a input with \a interventions, and of the
/// pass without them (its baseline), as the command line's model --measure gives them.
struct MeasuredPass
{
    ModelRun run; ///< with the interventions, keeping what \a input asks
    /// Without them, with its layers kept: give it back as \a unchanged to
    /// the next pass of the same ids, which then runs only what changed.
    std::shared_ptr<const ModelRun> baseline;
};
MeasuredPass measuredPass(const ModelWeights &weights, ModelInput input,
                          const Interventions &interventions,
                          const std::vector<ModelMeasure> &measures,
                          std::shared_ptr<const ModelRun> unchanged = nullptr);

} // namespace AttentionLab
