// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <string>
#include <vector>

namespace AttentionLab {

/// A T5 model's learned relative position bias, both stacks', for the
/// Position lab: each table [buckets][heads] row-major (block 0's
/// relative_attention_bias.weight), the encoder's read with bidirectional
/// buckets and the decoder's with one-directional ones.
struct RelativeBiasTables
{
    std::string model; ///< the folder's name, for the figure's title
    int buckets = 0;
    int maxDistance = 0;
    int encoderHeads = 0;
    int decoderHeads = 0;
    std::vector<float> encoder;
    std::vector<float> decoder;
    /// Head \a head's bias at offset \a offset (key - query) of the encoder's
    /// (bidirectional) or the decoder's table.
    float bias(bool decoderStack, int head, int offset) const;
};

/**
 * T5's bucket of the offset \a offset = key position - query position
 * (transformers' T5Attention._relative_position_bucket, in float32 as it
 * computes it). Bidirectional (the encoder): half the buckets for keys
 * before the query and half for keys after it; one-directional (the
 * decoder): every bucket for keys before it, and a key after it (masked
 * anyway) in bucket 0. Below half a side's buckets each offset has its own
 * bucket; beyond, offsets share buckets logarithmically up to
 * \a maxDistance, and all further ones the last bucket.
 */
int relativePositionBucket(int offset, bool bidirectional, int buckets, int maxDistance);

/**
 * The bias T5 adds to the scores of \a heads heads: table[bucket][head] for
 * the bucket of each key's offset from each query, laid out heads x queries x
 * keys row-major, as the attention kernel adds it (AttentionScoring::bias).
 * The queries are the key positions \a firstQuery, \a firstQuery + 1...
 * \a table is [buckets, heads] row-major (relative_attention_bias.weight).
 */
std::vector<float> relativePositionBias(const float *table, int buckets, int heads, int maxDistance,
                                        bool bidirectional, int queries, int keys, int firstQuery);

} // namespace AttentionLab
