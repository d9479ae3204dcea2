// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/weighttensor.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
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

long long firstNonFinite(const float *values, long long count)
{
    // A float is NaN or infinite when its exponent bits are all ones. Blocks
    // are scanned without a branch, so the compiler vectorises the scan; the
    // element is looked for only in a block that holds one.
    constexpr long long kBlock = 4096;
    constexpr std::uint32_t kExponent = 0x7f800000u;
    for (long long start = 0; start < count; start += kBlock) {
        const long long end = std::min(count, start + kBlock);
        std::uint32_t found = 0;
        for (long long i = start; i < end; ++i) {
            std::uint32_t bits;
            std::memcpy(&bits, values + i, sizeof bits);
            found |= std::uint32_t((bits & kExponent) == kExponent);
        }
        if (found) {
            for (long long i = start; i < end; ++i) {
                std::uint32_t bits;
                std::memcpy(&bits, values + i, sizeof bits);
                if ((bits & kExponent) == kExponent)
                    return i;
            }
        }
    }
    return -1;
}

FloatValues WeightTensor::load() const
{
    if (!m_loader)
        throw std::logic_error("a weight tensor the checkpoint does not have was loaded");
    return m_loader();
}

} // namespace AttentionLab
