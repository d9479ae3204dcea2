// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/weighttensor.h"

#include <stdexcept>

namespace AttentionLab {

WeightTensor::WeightTensor(std::vector<long long> shape, Loader loader)
    : m_shape(std::move(shape)), m_loader(std::move(loader))
{
}

long long WeightTensor::elementCount() const
{
    long long count = 1;
    for (long long length : m_shape)
        count *= length;
    return count;
}

WeightView WeightTensor::load() const
{
    if (!m_loader)
        throw std::logic_error("a weight tensor the checkpoint does not have was loaded");
    return m_loader();
}

} // namespace AttentionLab
