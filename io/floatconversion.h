// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstdint>
#include <vector>

namespace AttentionLab {

/// The float types attention files store: numpy's f2, f4, f8 and
/// safetensors' F16, BF16, F32, F64.
enum class ElementType
{
    Float16,
    BFloat16,
    Float32,
    Float64
};

/// 2, 2, 4 or 8.
int elementBytes(ElementType type);

/// "float16", "bfloat16", "float32", "float64".
const char *elementTypeName(ElementType type);

/// IEEE 754 binary16 to float32, exactly (subnormals, infinities and NaN included).
float halfToFloat(std::uint16_t bits);

/**
 * Converts \a count values of \a type at \a source (no alignment needed) into
 * float32 at \a target. With \a fortranShape non-empty the source is in
 * Fortran order with that shape and \a target receives C order.
 */
void convertToFloat(const unsigned char *source, ElementType type, bool bigEndian, long long count,
                    float *target, const std::vector<long long> &fortranShape = {});

} // namespace AttentionLab
