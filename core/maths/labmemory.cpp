// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/labmemory.h"

namespace AttentionLab {

namespace {

constexpr double kDouble = 8.0;
/// The window's own bytes per token, beyond the pass: a key is two entries of
/// the sliders' chooser (its key and its value) and a row in two tables.
/// Measured: 1.48 KB more per key from a million keys to two million.
constexpr double kWindowTokenBytes = 1536.0;

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
    // Three passes: both orders and the sliding window.
    return kDouble * (md * nd + nd * nd) + 3.0 * attentionPassBytes(m, n, n, n);
}

double keyGeometryBytes(Index keys)
{
    // Measured: an SVG of the picture grows by about 1 KB per key.
    return 2048.0 * double(keys);
}

} // namespace AttentionLab
