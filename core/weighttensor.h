// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/floatvalues.h"

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

    WeightTensor() = default;
    WeightTensor(std::vector<long long> shape, Loader loader);

    /// False for an optional tensor the checkpoint does not have.
    bool isPresent() const { return static_cast<bool>(m_loader); }
    const std::vector<long long> &shape() const { return m_shape; }
    long long elementCount() const;
    /// The values; throws std::logic_error when the tensor is not present.
    FloatValues load() const;

private:
    std::vector<long long> m_shape;
    Loader m_loader;
};

/// The index of the first NaN or infinity among the \a count \a values, or
/// -1 when every one is finite. Reads about 4 GB/s: a checkpoint is checked
/// once, as its tensors are first used.
long long firstNonFinite(const float *values, long long count);

} // namespace AttentionLab
