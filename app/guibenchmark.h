// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

#include <vector>

namespace AttentionLab {

struct GuiBenchmarkRow
{
    int tokens = 0;
    double updateMsMedian = 0.0;
    int runs = 0;
};

/// The Model tab's figures (issue 11): milliseconds, medians where repeated.
struct ModelBenchmarkResult
{
    /// A [12, 12, 1024, 1024] tensor in memory to a painted grid: head
    /// scores and every thumbnail done.
    double tensorOpenMs = 0.0;
    /// The large view switched to another head at n = 1024, its image and
    /// its entropy bars painted (median).
    double headSwitchMs = 0.0;
    /// One wheel step of zoom, and one drag step of pan, at n = 4096,
    /// painted (medians); zoomMs is the slower of the two.
    double zoomStepMs = 0.0;
    double panStepMs = 0.0;
    double zoomMs() const { return zoomStepMs > panStepMs ? zoomStepMs : panStepMs; }
};

/// A model opened in the window (issue 12): a keystroke in its text to a redrawn grid.
struct ModelTypingResult
{
    QString model;
    int tokens = 0;           ///< the text's length in tokens while typing
    double keystrokeMs = 0.0; ///< median over the keystrokes
    int keystrokes = 0;
    /// Generate after that text (causal models): the tokens written, those
    /// the grid drew (a token written while the grid still drew the one
    /// before is drawn with the next), and from a token computed until the
    /// grid had drawn it, every score and thumbnail done (median, slowest).
    int generatedTokens = 0;
    int drawnTokens = 0;
    double tokenDrawnMs = 0.0;
    double tokenDrawnMaxMs = 0.0;
};

struct GuiBenchmarkResult
{
    /// From the start of the measurement to the main window shown and painted.
    double startupMs = 0.0;
    std::vector<GuiBenchmarkRow> rows;
    ModelBenchmarkResult model;
};

/**
 * `attention-lab bench --gui`: builds the real main window (on whatever
 * platform the application runs, offscreen for the command), loads n random
 * tokens at d_k = \a keyDim, then moves one key coordinate step by step as a
 * slider drag would and times each step from the value change until the
 * heatmap and the entropy bars have replotted and the window has repainted.
 * Then times the Model tab (ModelBenchmarkResult) on random tensors it
 * generates. Needs a QApplication.
 */
GuiBenchmarkResult runGuiBenchmark(const std::vector<int> &tokenCounts, int keyDim);

/**
 * `attention-lab bench --gui --model DIR`: opens the model in the real main
 * window, types a text of about \a tokens tokens, then adds and removes a
 * letter at its end, one keystroke at a time, timing each from the key press
 * to the Model tab's grid redrawn with the new attention (the forward pass
 * in the background, the head scores and every thumbnail). Then, for a
 * model that writes, presses Generate (20 tokens, greedy) and times each
 * token from its computation to the grid drawn with its attention. Throws
 * ReadError when the folder cannot be opened.
 */
ModelTypingResult runModelTypingBenchmark(const QString &folder, int tokens);

} // namespace AttentionLab
