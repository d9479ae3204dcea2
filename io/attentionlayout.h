// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"
#include "io/attentionarray.h"

#include <QString>

#include <optional>

namespace AttentionLab {

/// Which of its two leading axes a five-axis array [., ., H, Q, K] holds first.
enum class BatchLayout
{
    LayersFirst, ///< "LBHQK": [layers, batch, ...], torch.stack(outputs.attentions)
    BatchFirst,  ///< "BLHQK": [batch, layers, ...], torch.stack(outputs.attentions, 1)
};

/// "LBHQK" or "BLHQK".
QString batchLayoutName(BatchLayout layout);
/// The layout \a name names (exactly "LBHQK" or "BLHQK"), or std::nullopt.
std::optional<BatchLayout> parseBatchLayout(const QString &name);

/**
 * Turns the named arrays of an attention file into layers x heads x queries x
 * keys, without copying a weight:
 *
 * - One array, in a .npy, or named "attentions" (or the only numeric array of
 *   an .npz or .safetensors that has no per-layer arrays): [Q, K], [H, Q, K],
 *   [L, H, Q, K], or five axes with a batch axis: as \a layout says, or
 *   the file's own record of it (AttentionArrays::layout); failing both,
 *   first ([B, L, H, Q, K]) when the first axis is 1, second ([L, B, H, Q,
 *   K], torch.stack(outputs.attentions)) when the second is, and when both
 *   are longer a ReadError with ambiguousLayout set that names both readings.
 * - Per-layer arrays, each [H, Q, K] or [B, H, Q, K], whose names carry their
 *   layer number (see layerNumber()), stacked in number order: the numbers
 *   must run 0, 1, ..., L - 1 and the shapes agree.
 *
 * A batch axis of length 1 is dropped; a longer one needs \a batch (0-based).
 * Throws ReadError.
 */
class AttentionLayout
{
public:
    /// The tensor \a arrays hold, for item \a batch of a batch (-1: none
    /// chosen). \a sourceBits receives the most bits any used array was
    /// stored with less than 32 (16), or 32 (the row-sum tolerance follows it).
    static AttentionTensor arrange(const AttentionArrays &arrays, int batch,
                                   std::optional<BatchLayout> layout, int *sourceBits);

    /**
     * The layer number an array's name carries, or std::nullopt: split the
     * name at ".", "_", "-", "/" and ":", and take the last part that is all
     * digits; failing that, the digits that end the name. So "attentions.0"
     * gives 0, "layer_3" 3, TransformerLens' "blocks.5.attn.hook_pattern" 5
     * (its last run of digits is the 5: "hook_pattern" has none),
     * "encoder.layer.11.attention.self" 11, "layer7" 7, and numpy's unnamed
     * "arr_2" 2; digits inside a word ("gpt2_attn") are no layer number.
     */
    static std::optional<int> layerNumber(const QString &name);
};

} // namespace AttentionLab
