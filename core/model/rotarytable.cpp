// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/rotarytable.h"

#include <cmath>

namespace AttentionLab {

std::vector<float> rotaryInverseFrequencies(const ModelConfig &config, RotaryChoice choice)
{
    const RotaryConfig &rotary = config.rotary;
    const int rotated = config.rotatedDims();
    const bool local = choice.local && rotary.localTheta > 0.0;
    const double theta = local ? rotary.localTheta : rotary.theta;
    const RopeScaling scaling = local ? RopeScaling::None : rotary.scaling;
    std::vector<float> frequencies;
    for (int c = 0; c < rotated / 2; ++c) {
        const float exponent = float(2 * c) / float(rotated);
        float inverse = 1.0f / std::pow(float(theta), exponent);
        switch (scaling) {
        case RopeScaling::None:
            break;
        case RopeScaling::Linear:
            inverse /= float(rotary.factor);
            break;
        case RopeScaling::Llama3: {
            const float factor = float(rotary.factor);
            const float original = float(rotary.originalPositions);
            const float low = float(rotary.lowFrequencyFactor);
            const float high = float(rotary.highFrequencyFactor);
            const float wavelength = float(2.0 * M_PI) / inverse;
            if (wavelength > original / low) {
                inverse /= factor;
            } else if (!(wavelength < original / high)) {
                const float smooth = (original / wavelength - low) / (high - low);
                inverse = (1.0f - smooth) * inverse / factor + smooth * inverse;
            }
            break;
        }
        case RopeScaling::LongRope: {
            // transformers: 1 / (ext_factors * base^(arange(0, dim, 2) / dim)), in float32.
            const std::vector<double> &factors =
                choice.longText ? rotary.longFactors : rotary.shortFactors;
            const float power = std::pow(float(theta), exponent);
            inverse = 1.0f / (float(factors.at(size_t(c))) * power);
            break;
        }
        }
        frequencies.push_back(inverse);
    }
    return frequencies;
}

RotaryTable rotaryTable(const ModelConfig &config, int n, RotaryChoice choice)
{
    const std::vector<float> frequencies = rotaryInverseFrequencies(config, choice);
    const bool scaled = config.rotary.scaling == RopeScaling::LongRope &&
                        !(choice.local && config.rotary.localTheta > 0.0);
    const float factor = scaled ? float(config.rotary.attentionFactor) : 1.0f;
    RotaryTable table;
    table.rotated = config.rotatedDims();
    const size_t half = frequencies.size();
    table.cos.resize(size_t(n) * half);
    table.sin.resize(size_t(n) * half);
    for (int i = 0; i < n; ++i) {
        for (size_t c = 0; c < half; ++c) {
            // The angle in float32, as transformers' inv_freq @ position_ids;
            // cos and sin then times the attention factor, in float32.
            const float angle = frequencies[c] * float(i);
            table.cos[size_t(i) * half + c] = float(std::cos(double(angle))) * factor;
            table.sin[size_t(i) * half + c] = float(std::sin(double(angle))) * factor;
        }
    }
    return table;
}

bool longRotary(const ModelConfig &config, int positions)
{
    return config.rotary.scaling == RopeScaling::LongRope &&
           positions > config.rotary.originalPositions;
}

const RotaryTable *RotaryTables::of(const ModelConfig &config, int layer) const
{
    const LayerAttention attention = config.attentionOf(layer);
    if (!attention.rotary)
        return nullptr;
    return attention.localRotary && config.rotary.localTheta > 0.0 ? &local : &global;
}

RotaryTables rotaryTables(const ModelConfig &config, int n, int textLength)
{
    RotaryTables tables;
    const bool longText = longRotary(config, textLength > 0 ? textLength : n);
    tables.global = rotaryTable(config, n, {false, longText});
    bool anyLocal = false;
    for (const LayerAttention &layer : config.layerAttention)
        anyLocal = anyLocal || layer.localRotary;
    if (anyLocal && config.rotary.localTheta > 0.0)
        tables.local = rotaryTable(config, n, {true, longText});
    return tables;
}

} // namespace AttentionLab
