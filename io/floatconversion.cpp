// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/floatconversion.h"

#include <cstring>

namespace AttentionLab {

namespace {

template <typename Word> Word loadWord(const unsigned char *source, bool bigEndian)
{
    Word word = 0;
    if (bigEndian) {
        for (size_t i = 0; i < sizeof(Word); ++i)
            word = Word(word << 8) | Word(source[i]);
    } else {
        std::memcpy(&word, source, sizeof(Word)); // x86 and ARM Linux are little-endian
    }
    return word;
}

/// Every float16 as float32 (256 KiB): a look-up converts a 600 MB file
/// several times faster than the bit manipulation of halfToFloat().
const float *halfTable()
{
    static const std::vector<float> table = [] {
        std::vector<float> values(65536);
        for (std::uint32_t bits = 0; bits < 65536; ++bits)
            values[bits] = halfToFloat(std::uint16_t(bits));
        return values;
    }();
    return table.data();
}

/// One value at \a source as float32; \a half is halfTable().
template <ElementType type>
float loadValue(const unsigned char *source, bool bigEndian, const float *half)
{
    if constexpr (type == ElementType::Float16) {
        return half[loadWord<std::uint16_t>(source, bigEndian)];
    } else if constexpr (type == ElementType::BFloat16) {
        const std::uint32_t bits = std::uint32_t(loadWord<std::uint16_t>(source, bigEndian)) << 16;
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    } else if constexpr (type == ElementType::Float32) {
        const std::uint32_t bits = loadWord<std::uint32_t>(source, bigEndian);
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    } else {
        const std::uint64_t bits = loadWord<std::uint64_t>(source, bigEndian);
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return float(value);
    }
}

template <ElementType type>
void convert(const unsigned char *source, bool bigEndian, long long count, float *target,
             const std::vector<long long> &fortranShape)
{
    constexpr long long size = type == ElementType::Float64   ? 8
                               : type == ElementType::Float32 ? 4
                                                              : 2;
    const float *half = type == ElementType::Float16 ? halfTable() : nullptr;
    if (fortranShape.size() < 2) {
        for (long long i = 0; i < count; ++i)
            target[i] = loadValue<type>(source + i * size, bigEndian, half);
        return;
    }
    // Walk the target in C order (last index fastest) with an odometer over
    // the indices, and find each value at its Fortran offset (first index
    // fastest).
    const size_t axes = fortranShape.size();
    std::vector<long long> stride(axes, 1), index(axes, 0);
    for (size_t a = 1; a < axes; ++a)
        stride[a] = stride[a - 1] * fortranShape[a - 1];
    const long long inner = fortranShape[axes - 1];
    const long long innerStride = stride[axes - 1] * size;
    long long offset = 0; // of the current row's first value, in elements
    for (long long done = 0; done < count; done += inner) {
        const unsigned char *from = source + offset * size;
        for (long long i = 0; i < inner; ++i)
            target[done + i] = loadValue<type>(from + i * innerStride, bigEndian, half);
        for (size_t a = axes - 1; a-- > 0;) {
            if (++index[a] < fortranShape[a]) {
                offset += stride[a];
                break;
            }
            offset -= stride[a] * (fortranShape[a] - 1);
            index[a] = 0;
        }
    }
}

} // namespace

int elementBytes(ElementType type)
{
    switch (type) {
    case ElementType::Float16:
    case ElementType::BFloat16:
        return 2;
    case ElementType::Float32:
        return 4;
    case ElementType::Float64:
        break;
    }
    return 8;
}

const char *elementTypeName(ElementType type)
{
    switch (type) {
    case ElementType::Float16:
        return "float16";
    case ElementType::BFloat16:
        return "bfloat16";
    case ElementType::Float32:
        return "float32";
    case ElementType::Float64:
        break;
    }
    return "float64";
}

float halfToFloat(std::uint16_t half)
{
    const std::uint32_t sign = std::uint32_t(half & 0x8000u) << 16;
    std::uint32_t exponent = (half >> 10) & 0x1fu;
    std::uint32_t mantissa = half & 0x3ffu;
    std::uint32_t bits;
    if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | (mantissa << 13); // infinity or NaN
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign; // signed zero
    } else {
        // Subnormal: shift the mantissa up until its leading one is implicit.
        exponent = 113;
        while (!(mantissa & 0x400u)) {
            mantissa <<= 1;
            --exponent;
        }
        bits = sign | (exponent << 23) | ((mantissa & 0x3ffu) << 13);
    }
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

void convertToFloat(const unsigned char *source, ElementType type, bool bigEndian, long long count,
                    float *target, const std::vector<long long> &fortranShape)
{
    switch (type) {
    case ElementType::Float16:
        return convert<ElementType::Float16>(source, bigEndian, count, target, fortranShape);
    case ElementType::BFloat16:
        return convert<ElementType::BFloat16>(source, bigEndian, count, target, fortranShape);
    case ElementType::Float32:
        return convert<ElementType::Float32>(source, bigEndian, count, target, fortranShape);
    case ElementType::Float64:
        return convert<ElementType::Float64>(source, bigEndian, count, target, fortranShape);
    }
}

} // namespace AttentionLab
