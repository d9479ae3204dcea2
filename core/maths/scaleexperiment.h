// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace AttentionLab {

/// The chapter's experiment on why scores are divided by sqrt(d_k).
struct ScaleExperimentSettings
{
    std::uint64_t seed = 0;
    int draws = 200;
    int keys = 8;
    std::vector<int> keyDims{4, 16, 64, 256, 1024};
    /// c > 0: a third treatment, the scaled scores soft-capped, c tanh(s / c)
    /// (Gemma 2's attention cap); 0: none, the chapter's two.
    double softCap = 0.0;
};

/// What the experiment accepts: the command line, the scale lab's spin boxes
/// and validateScaleExperiment() all read these.
struct ScaleExperimentLimits
{
    static constexpr int kMinDraws = 1;
    static constexpr int kMaxDraws = 1'000'000;
    static constexpr int kMinKeys = 2;
    static constexpr int kMaxKeys = 100'000;
    static constexpr int kMinKeyDim = 1;
    static constexpr int kMaxKeyDim = 1'000'000;
};

struct ScaleExperimentRow
{
    int keyDim = 0;
    /// Population standard deviation of one trial's dot products, averaged.
    double spread = 0.0;
    /// Sample standard deviation (n - 1) of every trial's dot products pooled.
    double pooledSpread = 0.0;
    double rawMaxWeight = 0.0;
    double rawEntropyBits = 0.0;
    double scaledMaxWeight = 0.0;
    double scaledEntropyBits = 0.0;
    /// With a soft cap: the scaled scores capped, then the softmax.
    double cappedMaxWeight = 0.0;
    double cappedEntropyBits = 0.0;
};

struct ScaleExperimentResult
{
    ScaleExperimentSettings settings;
    double maxEntropyBits = 0.0; ///< log2(keys)
    std::vector<ScaleExperimentRow> rows;
};

/**
 * Runs the experiment: one generator seeded once; for each d_k, for each
 * trial, a standard-normal query of d_k entries and then `keys` standard-normal
 * keys row by row, exactly the order numpy's default_rng(seed).normal() draws
 * them in the chapter's script.
 *
 * \a progress (optional) is called after each trial with (done, total) and may
 * return false to cancel, in which case std::nullopt-like empty rows are
 * returned. Throws std::invalid_argument for settings out of range.
 */
ScaleExperimentResult
runScaleExperiment(const ScaleExperimentSettings &settings,
                   const std::function<bool(long long done, long long total)> &progress = {});

/// Throws std::invalid_argument with a readable message unless \a settings
/// is something the experiment can run in reasonable time and memory.
void validateScaleExperiment(const ScaleExperimentSettings &settings);

} // namespace AttentionLab
