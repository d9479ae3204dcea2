// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "app/report.h"

#include <QString>

#include <vector>

namespace AttentionLab {

/// `bench`: times the fused full pass (scores, scale, causal mask before the
/// softmax, softmax, entropy, output; double precision) on seeded normal
/// inputs and reports the median milliseconds per n.
Report benchmarkReport(const std::vector<long long> &lengths, long long keyDim);

/// `bench --model DIR`: the median milliseconds of one float32 forward pass of
/// the checkpoint in \a folder at each n, on token ids cycling through its
/// vocabulary. Throws ReadError for a folder that cannot be opened.
Report modelBenchmarkReport(const QString &folder, const std::vector<long long> &lengths);

/// `bench --model`'s lengths when none are given: 128 and 1024, each cut to
/// the model's positions (BERT-base reads 512). Throws ReadError.
/**
 * `bench --model DIR --generate`: greedy generation of \a tokens tokens after
 * a prompt of 128 token ids cycling through the vocabulary (fewer where the
 * model's positions are fewer), with the key/value cache: the milliseconds
 * from the prompt to the first token written (its pass, the logits and the
 * choice) and the median per token after it, each the median of a few runs.
 */
Report generateBenchmarkReport(const QString &folder, long long tokens);

std::vector<long long> defaultModelBenchLengths(const QString &folder);

/// Refuses a benchmark of \a tokens tokens on a model of \a positions
/// positions (std::invalid_argument, "--n 40 is more than the model's 32
/// positions"): `bench --model` and `bench --gui --model` alike.
void requireModelBenchLength(long long tokens, long long positions);

} // namespace AttentionLab
