// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/rotarytable.h"

#include <cmath>

namespace AttentionLab {

std::vector<float> rotaryInverseFrequencies(const ModelConfig &config)
{
    const RotaryConfig &rotary = config.rotary;
    const int rotated = config.rotatedDims();
    std::vector<float> frequencies;
    for (int c = 0; c < rotated / 2; ++c) {
        const float exponent = float(2 * c) / float(rotated);
        float inverse = 1.0f / std::pow(float(rotary.theta), exponent);
        switch (rotary.scaling) {
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
        }
        frequencies.push_back(inverse);
    }
    return frequencies;
}

RotaryTable rotaryTable(const ModelConfig &config, int n)
{
    const std::vector<float> frequencies = rotaryInverseFrequencies(config);
    RotaryTable table;
    table.rotated = config.rotatedDims();
    const size_t half = frequencies.size();
    table.cos.resize(size_t(n) * half);
    table.sin.resize(size_t(n) * half);
    for (int i = 0; i < n; ++i) {
        for (size_t c = 0; c < half; ++c) {
            // The angle in float32, as transformers' inv_freq @ position_ids.
            const float angle = frequencies[c] * float(i);
            table.cos[size_t(i) * half + c] = float(std::cos(double(angle)));
            table.sin[size_t(i) * half + c] = float(std::sin(double(angle)));
        }
    }
    return table;
}

} // namespace AttentionLab
