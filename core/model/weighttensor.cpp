// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/weighttensor.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace AttentionLab {

/// The values one tensor's blocks share while any holds them.
struct WeightTensor::SharedValues
{
    Loader load;
    std::mutex mutex;
    std::weak_ptr<const void> owner;
    const float *data = nullptr;
};

WeightTensor::WeightTensor(std::vector<long long> shape, Loader loader, BFloat16Loader bfloat16)
    : m_shape(std::move(shape)), m_loader(std::move(loader)), m_bfloat16(std::move(bfloat16)),
      m_shared(std::make_shared<SharedValues>())
{
    m_shared->load = m_loader;
}

long long WeightTensor::elementCount() const
{
    long long count = 1;
    for (long long length : m_shape)
        count *= length;
    return count;
}

WeightTensor WeightTensor::rowBlock(long long first, long long count) const
{
    if (m_shape.size() != 2 || first < 0 || count < 0 || first + count > m_shape[0])
        throw std::logic_error("a block of rows outside the tensor");
    const long long offset = first * m_shape[1];
    // The blocks of one tensor share its conversion (an F16 gate_up_proj is
    // converted once for the gate and up, not once each) while either holds it.
    Loader loader = [shared = m_shared, offset] {
        const std::lock_guard<std::mutex> lock(shared->mutex);
        if (std::shared_ptr<const void> owner = shared->owner.lock())
            return FloatValues{shared->data + offset, std::move(owner)};
        FloatValues values = shared->load();
        shared->owner = values.owner;
        shared->data = values.data;
        values.data += offset;
        return values;
    };
    BFloat16Loader bfloat16;
    if (m_bfloat16)
        bfloat16 = [parent = m_bfloat16, offset] {
            BFloat16Values values = parent();
            values.data += offset;
            return values;
        };
    return WeightTensor({count, m_shape[1]}, std::move(loader), std::move(bfloat16));
}

WeightTensor WeightTensor::plus(float offset) const
{
    const long long count = elementCount();
    return WeightTensor(m_shape, [parent = m_loader, count, offset] {
        const FloatValues values = parent();
        auto copy = std::make_shared<std::vector<float>>(values.data, values.data + count);
        for (float &value : *copy)
            value += offset;
        return FloatValues{copy->data(), copy};
    });
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

long long firstNonFiniteBFloat16(const std::uint16_t *values, long long count)
{
    // bfloat16 is float32's upper half: the same exponent bits.
    constexpr long long kBlock = 4096;
    constexpr std::uint16_t kExponent = 0x7f80u;
    for (long long start = 0; start < count; start += kBlock) {
        const long long end = std::min(count, start + kBlock);
        std::uint16_t found = 0;
        for (long long i = start; i < end; ++i)
            found |= std::uint16_t((values[i] & kExponent) == kExponent);
        if (found) {
            for (long long i = start; i < end; ++i) {
                if ((values[i] & kExponent) == kExponent)
                    return i;
            }
        }
    }
    return -1;
}

WeightTensor::BFloat16Values WeightTensor::loadBFloat16() const
{
    if (!m_bfloat16)
        throw std::logic_error("a weight tensor was read as bfloat16 that is not");
    return m_bfloat16();
}

FloatValues WeightTensor::load() const
{
    if (!m_loader)
        throw std::logic_error("a weight tensor the checkpoint does not have was loaded");
    return m_loader();
}

} // namespace AttentionLab
