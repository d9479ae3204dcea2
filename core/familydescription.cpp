// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/familydescription.h"

#include <cmath>
#include <cstdio>

namespace AttentionLab {

const FamilyDescription &familyDescription(ModelFamily family)
{
    switch (family) {
    case ModelFamily::Gpt2:
        return gpt2Family();
    case ModelFamily::Bert:
        return bertFamily();
    case ModelFamily::Llama:
        return llamaFamily();
    case ModelFamily::Mistral:
        return mistralFamily();
    case ModelFamily::Qwen2:
        return qwen2Family();
    case ModelFamily::Qwen3:
        return qwen3Family();
    case ModelFamily::GptNeox:
        return gptNeoxFamily();
    }
    return gpt2Family(); // not reached: the switch names every family
}

const std::vector<ModelFamily> &modelFamilies()
{
    static const std::vector<ModelFamily> families{
        ModelFamily::Gpt2,  ModelFamily::Bert,  ModelFamily::Llama,  ModelFamily::Mistral,
        ModelFamily::Qwen2, ModelFamily::Qwen3, ModelFamily::GptNeox};
    return families;
}

std::string familyNames()
{
    const std::vector<ModelFamily> &families = modelFamilies();
    std::string names;
    for (size_t i = 0; i < families.size(); ++i) {
        if (i > 0)
            names += i + 1 == families.size() ? " and " : ", ";
        names += familyDescription(families[i]).displayName;
    }
    return names;
}

bool findModelFamily(const std::string &modelType, ModelFamily *family)
{
    for (ModelFamily candidate : modelFamilies()) {
        if (familyDescription(candidate).modelType == modelType) {
            *family = candidate;
            return true;
        }
    }
    return false;
}

namespace {

/// 10000 as "10000", 0.5 as "0.5".
std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

} // namespace

std::string positionSummary(const ModelConfig &config)
{
    switch (familyDescription(config.family).positions) {
    case PositionKind::Learned:
        return "learned";
    case PositionKind::Rotary:
        break;
    }
    std::string text = "rotary";
    if (config.rotatedDims() < config.headDim()) {
        text.append(" ");
        text.append(number(std::round(100.0 * config.rotatedDims() / config.headDim())));
        text.append("%");
    }
    text.append(" theta=");
    text.append(number(config.rotary.theta));
    switch (config.rotary.scaling) {
    case RopeScaling::None:
        break;
    case RopeScaling::Linear:
        text.append(" linear x");
        text.append(number(config.rotary.factor));
        break;
    case RopeScaling::Llama3:
        text.append(" llama3 x");
        text.append(number(config.rotary.factor));
        break;
    }
    return text;
}

const char *modelTypeName(ModelFamily family)
{
    return familyDescription(family).modelType.c_str();
}

} // namespace AttentionLab
