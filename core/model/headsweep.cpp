// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/headsweep.h"

#include "core/model/familydescription.h"
#include "core/model/transformerforward.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

void requireMeasurable(const ModelMeasure &measure, const ModelWeights &weights, int n)
{
    if (const std::string problem = measureProblem(measure, weights, n); !problem.empty())
        throw std::invalid_argument(problem);
}

/// \a input as the pass every cell starts from: its logits for \a measure,
/// its layers kept for reuse, no heads kept.
ModelInput baselineInput(const ModelInput &input, const ModelMeasure &measure)
{
    ModelInput base = input;
    base.logitPositions = measure.logitPositions(int(input.ids.size()));
    base.keepPatchSource = true;
    base.keepHeads = false;
    base.keepResiduals = false;
    base.reuse = nullptr;
    return base;
}

/// Runs one cell per intervention \a cellOf(i) on top of \a base's own, each
/// reusing \a baseRun's layers below it; the loss scored on \a targets, the
/// KL from \a reference.
SweepGrid sweep(const ModelWeights &weights, const ModelInput &base, const ModelRun &baseRun,
                const ModelMeasure &measure, const std::vector<int> &targets,
                const ModelRun &reference, int rows, int columns,
                const std::function<void(int row, int column, Interventions &)> &cellOf,
                const SweepProgress &progress)
{
    SweepGrid grid;
    grid.rows = rows;
    grid.columns = columns;
    grid.baseline = measureValue(measure, baseRun, targets, &reference);
    grid.values.assign(size_t(rows) * size_t(columns), std::numeric_limits<double>::quiet_NaN());
    const Interventions given = base.interventions ? *base.interventions : Interventions{};
    ModelInput cell = base;
    cell.keepPatchSource = false;
    cell.reuse = &baseRun;
    const int total = rows * columns;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            Interventions interventions = given;
            cellOf(r, c, interventions);
            cell.interventions = &interventions;
            const ModelRun run = runModel(weights, cell);
            const int index = r * columns + c;
            grid.values[size_t(index)] = measureValue(measure, run, targets, &reference);
            if (progress &&
                !progress(index, grid.values[size_t(index)] - grid.baseline, index + 1, total)) {
                grid.cancelled = true;
                return grid;
            }
        }
    return grid;
}

} // namespace

std::string measureProblem(const ModelMeasure &measure, const ModelWeights &weights, int n)
{
    if (weights.decoder())
        return measure.problem(weights.decoder()->config(), n);
    const ModelConfig &config = weights.config();
    if (familyDescription(config.family).readout == Readout::MaskedLm && !weights.hasMaskedLmHead())
        return "the checkpoint has no masked-LM head (cls.predictions): it guesses no token "
               "to measure";
    return measure.problem(config, n);
}

const ModelConfig &stackConfig(const ModelWeights &weights, AttentionKind set)
{
    return set != AttentionKind::Encoder && weights.decoder() ? weights.decoder()->config()
                                                              : weights.config();
}

namespace {

/// \a set is an attention of \a weights: a single stack's one, or one of an
/// encoder-decoder's three.
void requireSet(const ModelWeights &weights, AttentionKind set)
{
    const ModelConfig &config = weights.config();
    if (!weights.decoder() && set != stackKind(config))
        throw std::invalid_argument(onlyAttentionText(config) + ", no " + attentionKindTitle(set));
}

} // namespace

SweepGrid sweepHeadAblations(const ModelWeights &weights, const ModelInput &input,
                             const ModelMeasure &measure, AblationKind ablation, AttentionKind set,
                             const SweepProgress &progress)
{
    requireSet(weights, set);
    requireMeasurable(measure, weights, int(input.ids.size()));
    const ModelInput base = baselineInput(input, measure);
    const ModelRun baseRun = runModel(weights, base);
    const ModelConfig &config = stackConfig(weights, set);
    return sweep(
        weights, base, baseRun, measure, base.ids, baseRun, config.layers, config.heads,
        [ablation, set](int l, int h, Interventions &interventions) {
            interventions.ablated.push_back({l, h, set});
            interventions.ablation = ablation;
        },
        progress);
}

double PatchGrid::restored(int row, int column) const
{
    const double gap = clean - corrupted;
    if (gap == 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    return (patched.values[size_t(row) * size_t(patched.columns) + size_t(column)] - corrupted) /
           gap;
}

PatchGrid sweepPatches(const ModelWeights &weights, const ModelInput &clean,
                       const ModelInput &corrupted, const ModelMeasure &measure, PatchSites sites,
                       AttentionKind set, const SweepProgress &progress)
{
    requireSet(weights, set);
    if (sites == PatchSites::Residual && set == AttentionKind::Cross)
        throw std::invalid_argument(crossResidualText());
    const bool encoderDecoder = weights.decoder() != nullptr;
    const int n = int(corrupted.ids.size());
    const int sources = int(corrupted.source.size());
    if (encoderDecoder && int(clean.source.size()) != sources)
        throw std::invalid_argument("the clean source is " + std::to_string(clean.source.size()) +
                                    " tokens long and the corrupted one " +
                                    std::to_string(sources) +
                                    ": patching needs texts of the same length in tokens");
    if (int(clean.ids.size()) != n)
        throw std::invalid_argument(
            std::string(encoderDecoder ? "the clean target is " : "the clean text is ") +
            std::to_string(clean.ids.size()) + " tokens long and the corrupted one " +
            std::to_string(n) + ": patching needs texts of the same length in tokens");
    requireMeasurable(measure, weights, n);
    const ModelInput cleanBase = baselineInput(clean, measure);
    const ModelRun cleanRun = runModel(weights, cleanBase);
    const ModelInput base = baselineInput(corrupted, measure);
    const ModelRun baseRun = runModel(weights, base);
    PatchGrid out;
    // Every run is scored against the clean text: the loss on its tokens, the
    // KL from its distribution (so the clean run's is 0, and a share restored
    // of 1 is the clean run's distribution, not any other far from the
    // corrupted one).
    out.clean = measureValue(measure, cleanRun, clean.ids, &cleanRun);
    out.corrupted = measureValue(measure, baseRun, clean.ids, &cleanRun);
    const ModelConfig &config = stackConfig(weights, set);
    const std::shared_ptr<const PatchSource> source = cleanRun.patchSource;
    if (sites == PatchSites::Heads)
        out.patched = sweep(
            weights, base, baseRun, measure, clean.ids, cleanRun, config.layers, config.heads,
            [&source, set](int l, int h, Interventions &interventions) {
                interventions.source = source;
                interventions.patchedHeads.push_back({l, h, set});
            },
            progress);
    else
        out.patched = sweep(
            weights, base, baseRun, measure, clean.ids, cleanRun, config.layers,
            set == AttentionKind::Encoder && encoderDecoder ? sources : n,
            [&source, set](int l, int position, Interventions &interventions) {
                interventions.source = source;
                interventions.patchedResidual.push_back({l, position, set});
            },
            progress);
    return out;
}

MeasuredPass measuredPass(const ModelWeights &weights, ModelInput input,
                          const Interventions &interventions,
                          const std::vector<ModelMeasure> &measures,
                          std::shared_ptr<const ModelRun> unchanged)
{
    const int n = int(input.ids.size());
    for (const ModelMeasure &measure : measures) {
        requireMeasurable(measure, weights, n);
        for (int position : measure.logitPositions(n))
            if (std::find(input.logitPositions.begin(), input.logitPositions.end(), position) ==
                input.logitPositions.end())
                input.logitPositions.push_back(position);
    }
    MeasuredPass out;
    input.interventions = nullptr;
    input.reuse = nullptr;
    const bool keepPatchSource = input.keepPatchSource;
    input.keepPatchSource = true;
    // The unchanged pass given serves when it read these ids and kept what
    // this one needs: its layers, its heads, the logits measured.
    const auto serves = [&](const ModelRun &run) {
        if (!keptLayersOf(run, input))
            return false;
        for (int position : input.logitPositions)
            if (!run.logitsOf(position))
                return false;
        return true;
    };
    out.baseline = unchanged && serves(*unchanged)
                       ? std::move(unchanged)
                       : std::make_shared<const ModelRun>(runModel(weights, input));
    if (interventions.empty()) {
        out.run = *out.baseline;
        return out;
    }
    input.interventions = &interventions;
    input.reuse = out.baseline.get();
    input.keepPatchSource = keepPatchSource;
    out.run = runModel(weights, input);
    return out;
}

} // namespace AttentionLab
