// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/floatvalues.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace AttentionLab {

/**
 * A checkpoint tensor as the forward pass sees it: its shape, and a way to
 * get its float32 values when they are needed. Float32 tensors are used in
 * place; float16 and bfloat16 ones are converted by each load(), and the
 * copy goes when the last FloatValues of it does.
 */
class WeightTensor
{
public:
    using Loader = std::function<FloatValues()>;
    /// A bfloat16 tensor's values as stored, in place: what the product
    /// reads without a float32 copy.
    struct BFloat16Values
    {
        const std::uint16_t *data = nullptr;
        std::shared_ptr<const void> owner;
    };
    using BFloat16Loader = std::function<BFloat16Values()>;

    WeightTensor() = default;
    WeightTensor(std::vector<long long> shape, Loader loader, BFloat16Loader bfloat16 = {});

    /// False for an optional tensor the checkpoint does not have.
    bool isPresent() const { return static_cast<bool>(m_loader); }
    const std::vector<long long> &shape() const { return m_shape; }
    long long elementCount() const;
    /// The values; throws std::logic_error when the tensor is not present.
    FloatValues load() const;
    /// True for a bfloat16 tensor that can be read in place.
    bool hasBFloat16() const { return static_cast<bool>(m_bfloat16); }
    /// Its stored values; throws std::logic_error when !hasBFloat16().
    BFloat16Values loadBFloat16() const;

    /// Rows [\a first, \a first + \a count) of this [rows, columns] tensor, read
    /// in place from it: one half of a fused projection (Phi-3's gate_up_proj).
    WeightTensor rowBlock(long long first, long long count) const;
    /// The same values plus \a offset, a float32 copy: Gemma's norms, which scale by (1 + w).
    WeightTensor plus(float offset) const;

private:
    struct SharedValues;

    std::vector<long long> m_shape;
    Loader m_loader;
    BFloat16Loader m_bfloat16;
    std::shared_ptr<SharedValues> m_shared;
};

/// The index of the first NaN or infinity among the \a count \a values, or
/// -1 when every one is finite. Reads about 4 GB/s: a checkpoint is checked
/// once, as its tensors are first used.
long long firstNonFinite(const float *values, long long count);

/// The same for \a count bfloat16 values.
long long firstNonFiniteBFloat16(const std::uint16_t *values, long long count);

} // namespace AttentionLab
