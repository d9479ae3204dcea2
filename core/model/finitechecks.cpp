// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/finitechecks.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

/// Whether all \a count values are finite: an infinity and a NaN alone have
/// every exponent bit set. An integer OR, which the compiler vectorises, so
/// that a layer's output is scanned once at the speed of reading it.
bool allFinite(const float *values, size_t count)
{
    std::uint32_t found = 0;
    for (size_t i = 0; i < count; ++i) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, values + i, sizeof bits);
        found |= std::uint32_t((bits & 0x7f800000u) == 0x7f800000u);
    }
    return found == 0;
}

/**
 * Refuses a pass whose numbers stopped being finite, from weights that are
 * (the checkpoint's are checked as they are read): a product that overflows
 * float32, rotary angles of a tiny theta or scaling factor. Its attention
 * and predictions would be NaN, shown as numbers (issue 36, items 5 and 6).
 * \a layer is -1 past the last block.
 */
[[noreturn]] void refuseNonFinite(int layer, const char *tensor, const float *values, size_t count)
{
    const float *bad =
        std::find_if(values, values + count, [](float v) { return !std::isfinite(v); });
    const std::string what = bad == values + count ? "a value that is not finite"
                             : std::isnan(*bad)    ? "NaN"
                             : *bad > 0            ? "+inf"
                                                   : "-inf";
    const std::string where = layer >= 0 ? "layer " + std::to_string(layer) + "'s " + tensor
                                         : std::string("the ") + tensor;
    throw std::invalid_argument("the pass is not finite: " + where + " hold " + what +
                                ", from finite weights (float32 overflows); its attention and "
                                "predictions would mean nothing");
}

} // namespace

void requireFinite(const float *values, size_t count, int layer, const char *tensor)
{
    if (!allFinite(values, count))
        refuseNonFinite(layer, tensor, values, count);
}

/// The attention weights, or else the attention output, that is not finite.
void requireFiniteAttention(const float *weights, size_t weightCount, const float *context,
                            size_t contextCount, int layer)
{
    if (allFinite(context, contextCount))
        return;
    requireFinite(weights, weightCount, layer, "attention weights");
    refuseNonFinite(layer, "attention output", context, contextCount);
}

/// The probabilities of \a tokens, which the logits give.
void requireFiniteTokens(const std::vector<TokenProbability> &tokens)
{
    for (const TokenProbability &token : tokens)
        if (!std::isfinite(token.p))
            throw std::invalid_argument("the pass is not finite: the logits give the probability "
                                        "NaN, from finite weights (float32 overflows); its "
                                        "predictions would mean nothing");
}

} // namespace AttentionLab
