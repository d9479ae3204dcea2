// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/generation.h"

#include "io/pretrainedmodel.h"
#include "io/tokenizer.h"

#include <algorithm>

namespace AttentionLab {

AttentionTensor Generation::attentionUpTo(int count) const
{
    const int full = attention.keys();
    const int n = std::clamp(count, 1, full);
    const AttentionShape shape{attention.layers(), attention.heads(), n, n};
    std::vector<float> values(size_t(shape.elementCount()));
    for (int l = 0; l < shape.layers; ++l)
        for (int h = 0; h < shape.heads; ++h) {
            const float *head = attention.headData(l, h);
            float *out = values.data() +
                         (size_t(l) * size_t(shape.heads) + size_t(h)) * size_t(n) * size_t(n);
            for (int i = 0; i < n; ++i)
                std::copy(head + size_t(i) * size_t(full), head + size_t(i) * size_t(full) + n,
                          out + size_t(i) * size_t(n));
        }
    AttentionTensor view(shape, std::move(values));
    view.setTokens(std::vector<std::string>(tokens.begin(), tokens.begin() + n));
    KeyVisibility visibility = attention.visibility();
    visibility.keyOffset = 0;
    view.setVisibility(visibility);
    view.setLayerWindows(attention.layerWindows());
    view.setKeyValueHeads(attention.keyValueHeads());
    return view;
}

std::vector<AttentionSet> Generation::setsUpTo(int count) const
{
    auto decoder = std::make_shared<const AttentionTensor>(attentionUpTo(count));
    if (!translates())
        return {{kindOf(*decoder), decoder}};
    const int n = decoder->queries();
    const int sources = crossAttention.keys();
    const AttentionShape shape{crossAttention.layers(), crossAttention.heads(), n, sources};
    std::vector<float> values(size_t(shape.elementCount()));
    for (int l = 0; l < shape.layers; ++l)
        for (int h = 0; h < shape.heads; ++h)
            std::copy_n(crossAttention.headData(l, h), size_t(n) * size_t(sources),
                        values.data() + (size_t(l) * size_t(shape.heads) + size_t(h)) * size_t(n) *
                                            size_t(sources));
    auto cross = std::make_shared<AttentionTensor>(shape, std::move(values));
    cross->setTokens(sourceTokens, decoder->tokens());
    cross->setWrittenTokens(writtenAfter(decoder->tokens(), tokenAfter(n)));
    return {{AttentionKind::Encoder, std::make_shared<const AttentionTensor>(encoderAttention)},
            {AttentionKind::Decoder, decoder},
            {AttentionKind::Cross, std::move(cross)}};
}

std::string Generation::tokenAfter(int count) const
{
    return count >= 0 && size_t(count) < tokens.size() ? tokens[size_t(count)] : std::string();
}

TokenizedText Generation::textBefore(int step) const
{
    const auto n = std::clamp<long>(long(promptLength) + step - 1, 0, long(ids.size()));
    TokenizedText text;
    text.ids.assign(ids.begin(), ids.begin() + n);
    text.tokens.assign(tokens.begin(), tokens.begin() + std::min<long>(n, long(tokens.size())));
    return text;
}

std::shared_ptr<const Generation> Generation::of(Generator &generator, const PretrainedModel &model)
{
    generator.finish();
    return snapshot(generator, model);
}

std::shared_ptr<const Generation> Generation::snapshot(const Generator &generator,
                                                       const PretrainedModel &model)
{
    auto generation = std::make_shared<Generation>();
    generation->ids = generator.ids();
    generation->promptLength = generator.promptLength();
    generation->steps = generator.steps();
    generation->stop = generator.stop();
    generation->memoryBytes = generator.memoryBytes();
    for (int id : generation->ids)
        generation->tokens.push_back(model.tokenSpelling(id));
    generation->attention = generator.attention();
    generation->attention.setTokens(std::vector<std::string>(
        generation->tokens.begin(), generation->tokens.begin() + generation->attention.keys()));
    if (generator.translates()) {
        generation->sourceIds = generator.source();
        for (int id : generator.source())
            generation->sourceTokens.push_back(model.tokenizer().spelling(id));
        generation->encoderAttention = generator.encoderAttention();
        generation->encoderAttention.setTokens(generation->sourceTokens);
        generation->crossAttention = generator.crossAttention();
        generation->crossAttention.setTokens(generation->sourceTokens,
                                             generation->attention.tokens());
        generation->crossAttention.setWrittenTokens(writtenAfter(
            generation->attention.tokens(), generation->tokenAfter(generation->attention.keys())));
    }
    return generation;
}

} // namespace AttentionLab
