// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/memorybudget.h"

#include "core/familydescription.h"
#include "core/logitlens.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace AttentionLab {

namespace {

constexpr double kDouble = 8.0;
/// The window's own bytes per token, beyond the pass: a key is two entries of
/// the sliders' chooser (its key and its value) and a row in two tables.
/// Measured: 1.48 KB more per key from a million keys to two million.
constexpr double kWindowTokenBytes = 1536.0;
/// What Qt's JSON parser allocates for each list or object: the container
/// block and its element list with their heap headers. Measured with Qt 6.4,
/// a one-number list takes 176 bytes and a 64-number one 2,160.
constexpr double kJsonContainerBytes = 160.0;
/// One element of a container: a 16-byte value, with the list's spare room.
constexpr double kJsonElementBytes = 32.0;

const char *const kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
constexpr int kLastUnit = 6;

/// \a bytes in its unit: the number and the unit's index.
double inUnit(double bytes, int &unit)
{
    unit = 0;
    while (bytes >= 1024.0 && unit < kLastUnit) {
        bytes /= 1024.0;
        ++unit;
    }
    return bytes;
}

std::string formatIn(double value, int unit, int decimals)
{
    char text[80];
    std::snprintf(text, sizeof text, "%.*f %s", decimals, value, kUnits[unit]);
    return text;
}

double power1024(int unit)
{
    double scale = 1.0;
    for (int i = 0; i < unit; ++i)
        scale *= 1024.0;
    return scale;
}

} // namespace

double attentionPassBytes(Index m, Index n, Index dk, Index dv)
{
    const double md = double(m), nd = double(n);
    return kDouble *
           (2.0 * md * nd + md * double(dk) + nd * double(dk) + nd * double(dv) + md * double(dv));
}

double windowSessionBytes(Index m, Index n, Index dk, Index dv)
{
    return attentionPassBytes(m, n, dk, dv) + 12.0 * double(m) * double(n) +
           kWindowTokenBytes * (double(m) + double(n));
}

double jsonDocumentBytes(double textBytes, double containers, double elements)
{
    // The text itself, its UTF-16 check, and the tree.
    return 3.0 * textBytes + containers * kJsonContainerBytes + elements * kJsonElementBytes;
}

double scaleExperimentBytes(long long draws, long long keys, long long largestKeyDim)
{
    const double trials = double(draws);
    return kDouble * (trials * double(keys) + 5.0 * trials +
                      (double(keys) + 1.0) * double(largestKeyDim) + 2.0 * double(keys));
}

double permutationDemoBytes(Index tokens, Index dim)
{
    // Inputs, shuffled, encoding, inputs + encoding, the four outputs.
    return attentionPassBytes(tokens, tokens, dim, dim) +
           8.0 * kDouble * double(tokens) * double(dim);
}

double multiHeadBytes(Index m, Index n, Index modelDim, int heads)
{
    const Index headDim = heads > 0 ? modelDim / heads : modelDim;
    return double(heads) * attentionPassBytes(m, n, headDim, headDim) +
           2.0 * kDouble * double(m) * double(modelDim);
}

double maskComparisonBytes(Index m, Index n)
{
    const double md = double(m), nd = double(n);
    return kDouble * (md * nd + nd * nd) + 2.0 * attentionPassBytes(m, n, n, n);
}

double modelPassBytes(const ModelConfig &config, long long tokens)
{
    const double n = double(tokens);
    const double d = double(config.modelDim);
    const double heads = double(config.layers) * double(config.heads);
    const double kept = heads * (n * n + 3.0 * n * double(config.headDim()));
    // x and its normalised copy, q, k and v (fused or not), the context and
    // an output projection: at most nine of the wider of d and the query
    // heads' width by n; beside them the feed-forward's n x intermediate_size
    // (two with a gate) and its d x n output.
    const double width = std::max(d, double(config.heads) * double(config.headDim()));
    const double gates =
        familyDescription(config.family).feedForward == FeedForwardKind::Plain ? 1.0 : 2.0;
    const double activations = n * (9.0 * width + gates * double(config.feedForward));
    return 4.0 * (kept + activations);
}

double generationBytes(const ModelConfig &config, long long promptTokens, long long totalTokens)
{
    const double total = double(totalTokens);
    const double prompt = double(promptTokens);
    const double cache = 2.0 * double(config.layers) * double(config.keyValueHeads()) * total *
                         double(config.headDim());
    // Rows of prompt + 1 ... total keys.
    const double rowKeys = (total * (total + 1.0) - prompt * (prompt + 1.0)) / 2.0;
    const double rows = double(config.layers) * double(config.heads) * rowKeys;
    const double steps = (total - prompt) * 6.0 * 16.0;
    const double logits = 2.0 * double(config.vocabulary);
    return modelPassBytes(config, promptTokens) + 4.0 * (cache + rows + logits) + steps;
}

double logitLensBytes(const ModelConfig &config, long long tokens)
{
    const double cells = double(config.layers) * double(tokens);
    const double block = double(lensBlockColumns(config));
    const double logits = 4.0 * std::min(block, double(tokens)) * double(config.vocabulary);
    return modelPassBytes(config, tokens) + 4.0 * cells * double(config.modelDim) +
           cells * 5.0 * 16.0 + logits + 4.0 * double(config.vocabulary);
}

double attentionTensorBytes(double elements)
{
    return 4.0 * elements;
}

int undoStepsWithin(double stepBytes, int least, int most)
{
    return int(
        std::clamp(kUndoBudgetBytes / std::max(1.0, stepBytes), double(least), double(most)));
}

double keyGeometryBytes(Index keys)
{
    // Measured: an SVG of the picture grows by about 1 KB per key.
    return 2048.0 * double(keys);
}

double imageBytes(double width, double height)
{
    return 4.0 * width * height;
}

double figureExportBytes(double passBytes, double width, double height)
{
    return passBytes + 3.0 * imageBytes(width, height);
}

std::string formatBytes(double bytes)
{
    int unit = 0;
    const double value = inUnit(bytes, unit);
    if (unit == 0)
        return formatIn(value, 0, 0);
    return formatIn(value, unit, value < 10 ? 1 : 0);
}

std::string memoryMessage(double bytes, const std::string &what)
{
    std::string need = formatBytes(bytes);
    std::string limit = formatBytes(kMemoryLimitBytes);
    if (need == limit) {
        // Rounded alike ("8.0 GiB" twice): more digits, in the same unit,
        // until the need reads larger; whole bytes if even that is not enough.
        int unit = 0;
        inUnit(bytes, unit);
        const double scale = power1024(unit);
        for (int decimals = 2; decimals <= 10 && need == limit; ++decimals) {
            need = formatIn(bytes / scale, unit, decimals);
            limit = formatIn(kMemoryLimitBytes / scale, unit, decimals);
        }
        if (need == limit) {
            need = formatIn(bytes, 0, 0);
            limit = formatIn(kMemoryLimitBytes, 0, 0);
        }
    }
    return what + " would need " + need + " of memory; the limit is " + limit;
}

void requireMemory(double bytes, const std::string &what)
{
    if (!fitsInMemory(bytes))
        throw std::invalid_argument(memoryMessage(bytes, what));
}

} // namespace AttentionLab
