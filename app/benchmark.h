#pragma once

#include "app/report.h"

#include <vector>

namespace AttentionLab {

/// `bench`: times the fused full pass (scores, scale, causal mask before the
/// softmax, softmax, entropy, output; double precision) on seeded normal
/// inputs and reports the median milliseconds per n.
Report benchmarkReport(const std::vector<long long> &lengths, long long keyDim);

} // namespace AttentionLab
