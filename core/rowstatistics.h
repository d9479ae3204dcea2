#pragma once

#include "types.h"

namespace AttentionLab {

/// What one query row of the weights tells a reader, computed while the row
/// is in cache.
struct RowStatistics
{
    /// Sum of the weights as shown: 1 under None and Causal, less than one when
    /// the mask is applied after the softmax, 0 for an empty row.
    double sum = 0.0;
    /// Shannon entropy in bits of the weights as shown (0 log 0 = 0).
    double entropyBits = 0.0;
    /// log2 of the number of visible keys: the entropy of a uniform row.
    double maxEntropyBits = 0.0;
    /// Column of the largest visible weight (first on ties), -1 when empty.
    Index argmax = -1;
    /// Number of keys this row may see.
    Index visible = 0;
    /// True when the mask leaves this row no key at all: its weights are all
    /// zero (never NaN) and its output row is zero.
    bool empty() const { return visible == 0; }
};

} // namespace AttentionLab
