#pragma once

#include <vector>

namespace AttentionLab {

struct GuiBenchmarkRow
{
    int tokens = 0;
    double updateMsMedian = 0.0;
    int runs = 0;
};

struct GuiBenchmarkResult
{
    /// From the start of the measurement to the main window shown and painted.
    double startupMs = 0.0;
    std::vector<GuiBenchmarkRow> rows;
};

/**
 * `attention-lab bench --gui`: builds the real main window (on whatever
 * platform the application runs, offscreen for the command), loads n random
 * tokens at d_k = \a keyDim, then moves one key coordinate step by step as a
 * slider drag would and times each step from the value change until the
 * heatmap and the entropy bars have replotted and the window has repainted.
 * Needs a QApplication.
 */
GuiBenchmarkResult runGuiBenchmark(const std::vector<int> &tokenCounts, int keyDim);

} // namespace AttentionLab
