// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/relativepositionbias.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace AttentionLab {

int relativePositionBucket(int offset, bool bidirectional, int buckets, int maxDistance)
{
    int bucket = 0;
    int distance = 0;
    if (bidirectional) {
        buckets /= 2;
        if (offset > 0)
            bucket += buckets;
        distance = std::abs(offset);
    } else {
        distance = std::max(-offset, 0);
    }
    const int exact = buckets / 2;
    if (distance < exact)
        return bucket + distance;
    // In float32, as torch computes log(n / max_exact) / log(max_distance /
    // max_exact) * (buckets - max_exact) before truncating it.
    const float ratio = std::log(float(distance) / float(exact)) /
                        float(std::log(double(maxDistance) / double(exact))) *
                        float(buckets - exact);
    return bucket + std::clamp(exact + int(ratio), exact, buckets - 1);
}

float RelativeBiasTables::bias(bool decoderStack, int head, int offset) const
{
    const int bucket = relativePositionBucket(offset, !decoderStack, buckets, maxDistance);
    const int heads = decoderStack ? decoderHeads : encoderHeads;
    const std::vector<float> &table = decoderStack ? decoder : encoder;
    return table[size_t(bucket) * size_t(heads) + size_t(head)];
}

std::vector<float> relativePositionBias(const float *table, int buckets, int heads, int maxDistance,
                                        bool bidirectional, int queries, int keys, int firstQuery)
{
    std::vector<float> bias(size_t(heads) * size_t(queries) * size_t(keys));
    for (int i = 0; i < queries; ++i) {
        for (int j = 0; j < keys; ++j) {
            const int bucket =
                relativePositionBucket(j - (firstQuery + i), bidirectional, buckets, maxDistance);
            const float *row = table + size_t(bucket) * size_t(heads);
            for (int h = 0; h < heads; ++h)
                bias[(size_t(h) * queries + i) * keys + j] = row[h];
        }
    }
    return bias;
}

} // namespace AttentionLab
