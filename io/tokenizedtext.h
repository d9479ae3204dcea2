// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <string>
#include <vector>

namespace AttentionLab {

/// A text as a model's tokenizer splits it.
struct TokenizedText
{
    std::vector<int> ids;
    /// Spelled as in the vocabulary: "Ġdog", "##ing", "[CLS]".
    std::vector<std::string> tokens;
    /// BERT's token types: 0 for [CLS] A [SEP], 1 for B [SEP]; empty for GPT-2.
    std::vector<int> tokenTypes;
};

} // namespace AttentionLab
