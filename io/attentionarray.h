// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/floatvalues.h"
#include "io/floatconversion.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace AttentionLab {

/**
 * One named numeric array of an attention file, described but not yet read:
 * the layout step (AttentionLayout) picks the arrays it needs from their
 * names and shapes and only then loads them, so the weights of a model saved
 * beside the attentions are never converted.
 */
struct AttentionArray
{
    QString name;
    std::vector<long long> shape;
    /// The element type, or std::nullopt when it is not a float type.
    std::optional<ElementType> type;
    /// Why the array cannot be attention when type is empty: "has the dtype
    /// int64 (<i8)", "is an object array (pickled Python objects)".
    QString refusal;
    /// Memory its load() holds: the float32 values, and any buffer read to make them.
    double loadBytes = 0.0;
    /// Reads the values; throws ReadError.
    std::function<FloatValues()> load;
    /// The values as stored (little-endian), where the file is mapped and
    /// they can be read in place (safetensors); null otherwise.
    const unsigned char *stored = nullptr;
    /// What keeps \a stored valid.
    std::shared_ptr<const void> storedOwner;

    long long elementCount() const;
    /// 16, 32 or 64: the bits each value was stored with.
    int sourceBits() const;
};

/// What an attention file holds: its numeric arrays and its tokens, if any.
struct AttentionArrays
{
    std::vector<AttentionArray> arrays;
    std::optional<std::vector<std::string>> tokens;
    std::optional<std::vector<std::string>> queryTokens;
    /// An encoder-decoder's two texts (Hugging Face's and BertViz's
    /// encoder_tokens and decoder_tokens): the source and the target.
    std::optional<std::vector<std::string>> encoderTokens;
    std::optional<std::vector<std::string>> decoderTokens;
    /// How a five-axis array is laid out, as the file records it ("LBHQK"
    /// or "BLHQK": __metadata__ "layout", or an .npz member layout.npy).
    std::optional<std::string> layout;
    /// The view the file asks to be opened on (FileView's JSON: an .npz
    /// member view.npy, or __metadata__ "view").
    std::optional<std::string> view;
    /// True for a .npy: its one array is the attention whatever its name.
    bool singleArray = false;

    /// The token list a file member or metadata key named \a name holds
    /// ("tokens", "query_tokens", "encoder_tokens", "decoder_tokens"), or
    /// nullptr for any other name.
    std::optional<std::vector<std::string>> *tokenList(const QString &name);
};

/// "[12, 12, 9, 9]".
QString shapeText(const std::vector<long long> &shape);

/// The product of \a shape's lengths, or -1 when it would overflow 63 bits.
long long elementCount(const std::vector<long long> &shape);

} // namespace AttentionLab
