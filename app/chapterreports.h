// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "app/report.h"
#include "core/maths/scaleexperiment.h"
#include "core/maths/transformerconfig.h"

#include <cstdint>
#include <vector>

namespace AttentionLab::ChapterReports {

/// --one: the lecture example, every number.
Report one();
/// --select: keys that disagree, queries that commit and one that cannot.
Report select();
/// --scale: the softmax saturating without sqrt(d_k).
Report scale(const ScaleExperimentSettings &settings);
/// --mask: mask then softmax against softmax then mask.
Report mask();
/// --params: where a transformer's parameters sit.
Report params(const TransformerConfig &config);
/// --cost: what the sequence length costs one head.
Report cost(const std::vector<std::int64_t> &lengths, std::int64_t keyDim);

} // namespace AttentionLab::ChapterReports
