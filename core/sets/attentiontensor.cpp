// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/sets/attentiontensor.h"

#include <cassert>

namespace AttentionLab {

AttentionTensor::AttentionTensor(AttentionShape shape, std::vector<float> values) : m_shape(shape)
{
    assert(static_cast<long long>(values.size()) == shape.elementCount());
    auto owned = std::make_shared<std::vector<float>>(std::move(values));
    m_heads.reserve(static_cast<size_t>(shape.headCount()));
    for (long long i = 0; i < shape.headCount(); ++i)
        m_heads.push_back(owned->data() + i * shape.headSize());
    m_owner = std::move(owned);
}

AttentionTensor::AttentionTensor(AttentionShape shape, std::vector<const float *> heads,
                                 std::shared_ptr<const void> owner)
    : m_shape(shape), m_heads(std::move(heads)), m_owner(std::move(owner))
{
    assert(static_cast<long long>(m_heads.size()) == shape.headCount());
}

void AttentionTensor::setTokens(std::vector<std::string> tokens,
                                std::vector<std::string> queryTokens)
{
    m_tokens = std::move(tokens);
    m_queryTokens = std::move(queryTokens);
}

std::string AttentionTensor::keyToken(int key) const
{
    if (key >= 0 && key < static_cast<int>(m_tokens.size()))
        return m_tokens[static_cast<size_t>(key)];
    return std::to_string(key);
}

std::string AttentionTensor::queryToken(int query) const
{
    if (query >= 0 && query < static_cast<int>(m_queryTokens.size()))
        return m_queryTokens[static_cast<size_t>(query)];
    return keyToken(query + keyOffset());
}

std::string AttentionTensor::headName(int layer, int head) const
{
    return std::to_string(layerNumber(layer)) + "." + std::to_string(headNumber(head));
}

std::string AttentionTensor::rowToken(int query) const
{
    if (query < 0 || query >= static_cast<int>(m_writtenTokens.size()))
        return queryToken(query);
    const std::string &written = m_writtenTokens[static_cast<size_t>(query)];
    // Spelled as a special token, so that it stands alone when words merge.
    return written.empty() ? std::string("<\xE2\x80\xA6>") : written; // "<…>"
}

std::vector<std::string> writtenAfter(const std::vector<std::string> &read, std::string next)
{
    std::vector<std::string> out;
    if (read.empty())
        return out;
    out.assign(read.begin() + 1, read.end());
    out.push_back(std::move(next));
    return out;
}

double attentionTensorBytes(double elements)
{
    return 4.0 * elements;
}

} // namespace AttentionLab
