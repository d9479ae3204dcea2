#pragma once

#include "core/rowstatistics.h"

#include <vector>

namespace AttentionLab {

/**
 * The statistics of each row of a \a rows x \a cols row-major attention
 * matrix read from a model (a head, a layer average, a rollout), as the
 * entropy bars show them. A file carries no mask: a row's visible keys are
 * those up to its last non-zero weight, since a causal model's future keys
 * and padding are zeros. Entropy as rowEntropyBits (headscores.h).
 */
/// A row whose sum is this close to one counts as a distribution (its sum is
/// reported as 1): the readers' tolerance for 16-bit data.
inline constexpr double kDistributionTolerance = 2e-2;

std::vector<RowStatistics> matrixRowStatistics(const float *data, int rows, int cols);

} // namespace AttentionLab
