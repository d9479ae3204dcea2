// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/familydescription.h"

#include <cmath>
#include <cstdio>

namespace AttentionLab {

namespace {

using DescriptionFunction = const FamilyDescription &(*)();

/// The registry's descriptions, in its order: ModelFamily's values index them.
constexpr DescriptionFunction kDescriptions[] = {
#define ATTENTIONLAB_FAMILY_DESCRIPTION(identity, description) &description,
    ATTENTIONLAB_MODEL_FAMILIES(ATTENTIONLAB_FAMILY_DESCRIPTION)
#undef ATTENTIONLAB_FAMILY_DESCRIPTION
};

} // namespace

std::vector<std::string> FamilyDescription::modelTypes() const
{
    std::vector<std::string> names{modelType};
    names.insert(names.end(), otherModelTypes.begin(), otherModelTypes.end());
    return names;
}

std::vector<std::string> FamilyDescription::checkpointNames() const
{
    return knownAs.empty() ? std::vector<std::string>{displayName} : knownAs;
}

const FamilyDescription &familyDescription(ModelFamily family)
{
    return kDescriptions[size_t(family)]();
}

const std::vector<ModelFamily> &modelFamilies()
{
    static const std::vector<ModelFamily> families{
#define ATTENTIONLAB_FAMILY_IDENTITY(identity, description) ModelFamily::identity,
        ATTENTIONLAB_MODEL_FAMILIES(ATTENTIONLAB_FAMILY_IDENTITY)
#undef ATTENTIONLAB_FAMILY_IDENTITY
    };
    return families;
}

std::string joinNames(const std::vector<std::string> &names, const std::string &last)
{
    std::string text;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += i + 1 == names.size() ? last : ", ";
        text += names[i];
    }
    return text;
}

std::string familyNames()
{
    std::vector<std::string> names;
    for (ModelFamily family : modelFamilies())
        names.push_back(familyDescription(family).displayName);
    return joinNames(names, " and ");
}

bool findModelFamily(const std::string &modelType, ModelFamily *family)
{
    for (ModelFamily candidate : modelFamilies()) {
        for (const std::string &name : familyDescription(candidate).modelTypes()) {
            if (name == modelType) {
                *family = candidate;
                return true;
            }
        }
    }
    return false;
}

std::string supportedModelTypes()
{
    std::vector<std::string> names;
    for (ModelFamily family : modelFamilies())
        names.push_back("\"" + familyDescription(family).modelType + "\"");
    return joinNames(names, " and ");
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
    const FamilyDescription &family = familyDescription(config.family);
    switch (family.positions) {
    case PositionKind::Learned:
        return family.positionOffset > 0 ? "learned +" + std::to_string(family.positionOffset)
                                         : "learned";
    case PositionKind::RelativeBias:
        return "relative buckets=" + std::to_string(config.relativeBuckets) +
               " max_distance=" + std::to_string(config.relativeMaxDistance);
    case PositionKind::SplitSinusoid:
        return "sinusoid halves";
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
    case RopeScaling::LongRope:
        text.append(" longrope x");
        text.append(number(config.rotary.factor));
        text.append(" after ");
        text.append(std::to_string(config.rotary.originalPositions));
        break;
    }
    if (config.rotary.localTheta > 0.0) {
        text.append(", local layers theta=");
        text.append(number(config.rotary.localTheta));
    }
    bool positionFree = false;
    for (const LayerAttention &layer : config.layerAttention)
        positionFree = positionFree || !layer.rotary;
    if (positionFree)
        text.append(", some layers none");
    return text;
}

std::string layerPositionSummary(const ModelConfig &config, int layer)
{
    if (familyDescription(config.family).positions != PositionKind::Rotary)
        return positionSummary(config);
    const LayerAttention attention = config.attentionOf(layer);
    if (!attention.rotary)
        return "none";
    if (attention.localRotary && config.rotary.localTheta > 0.0)
        return "rotary theta=" + number(config.rotary.localTheta);
    ModelConfig global = config;
    global.rotary.localTheta = 0.0;
    global.layerAttention.clear();
    return positionSummary(global);
}

std::optional<HeadPositions> layerPositions(const ModelConfig &config, int layer)
{
    if (familyDescription(config.family).positions != PositionKind::Rotary)
        return std::nullopt;
    const LayerAttention attention = config.attentionOf(layer);
    if (!attention.rotary)
        return HeadPositions{false, config.rotary.theta}; // the other layers' base, to compare
    return HeadPositions{true, attention.localRotary && config.rotary.localTheta > 0.0
                                   ? config.rotary.localTheta
                                   : config.rotary.theta};
}

const char *modelTypeName(ModelFamily family)
{
    return familyDescription(family).modelType.c_str();
}

} // namespace AttentionLab
