// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/attentionset.h"

#include "core/kernels/keyvisibility.h"

namespace AttentionLab {

std::string attentionKindName(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Encoder:
        return "encoder";
    case AttentionKind::Decoder:
        return "decoder";
    case AttentionKind::Cross:
        return "cross";
    }
    return {};
}

std::optional<AttentionKind> parseAttentionKind(std::string_view name)
{
    for (AttentionKind kind : kAttentionKinds)
        if (name == attentionKindName(kind))
            return kind;
    return std::nullopt;
}

std::string attentionKindTitle(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Encoder:
        return "encoder self-attention";
    case AttentionKind::Decoder:
        return "decoder self-attention";
    case AttentionKind::Cross:
        return "cross-attention";
    }
    return {};
}

bool isSelfAttention(AttentionKind kind)
{
    return kind != AttentionKind::Cross;
}

AttentionKind kindOf(const AttentionTensor &tensor)
{
    return tensor.visibility().causal ? AttentionKind::Decoder : AttentionKind::Encoder;
}

const AttentionSet *findSet(const std::vector<AttentionSet> &sets, AttentionKind kind)
{
    for (const AttentionSet &set : sets)
        if (set.kind == kind)
            return &set;
    return nullptr;
}

int defaultSetIndex(const std::vector<AttentionSet> &sets)
{
    if (sets.empty())
        return -1;
    for (size_t i = 0; i < sets.size(); ++i)
        if (sets.size() > 1 && sets[i].kind == AttentionKind::Decoder)
            return int(i);
    return 0;
}

int chosenSetIndex(const std::vector<AttentionSet> &sets, std::optional<AttentionKind> kind)
{
    if (!kind)
        return defaultSetIndex(sets);
    for (size_t i = 0; i < sets.size(); ++i)
        if (sets[i].kind == *kind)
            return int(i);
    return -1;
}

std::string setKindList(const std::vector<AttentionSet> &sets)
{
    std::string text;
    for (size_t i = 0; i < sets.size(); ++i) {
        if (i > 0)
            text += i + 1 == sets.size() ? " and " : ", ";
        text += attentionKindName(sets[i].kind);
    }
    return text;
}

std::string missingSetText(AttentionKind kind, const std::vector<AttentionSet> &sets)
{
    return "holds no " + attentionKindName(kind) + " attention (it holds " + setKindList(sets) +
           ")";
}

} // namespace AttentionLab
