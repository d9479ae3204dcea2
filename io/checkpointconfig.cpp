// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/checkpointconfig.h"

#include "core/model/familydescription.h"
#include "io/checkpointfiles.h"
#include "io/configreader.h"
#include "io/inputtextqt.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace AttentionLab::Checkpoint {

namespace {

/// \a value as its JSON text ("3", "[1]", "{}"), for messages.
QString jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

/// config.json's rotary settings: theta, the rotated share, rope_scaling
/// (or, in newer files, rope_parameters).
RotaryConfig readRotary(const QString &path, const QJsonObject &object, ConfigReader &reader,
                        const ConfigKeys &keys)
{
    RotaryConfig rotary;
    QJsonObject scaling;
    if (object.value(QLatin1String("rope_parameters")).isObject()) {
        scaling = object.value(QLatin1String("rope_parameters")).toObject();
        if (scaling.value(QLatin1String("rope_theta")).isDouble())
            rotary.theta = scaling.value(QLatin1String("rope_theta")).toDouble();
    }
    if (reader.has(key(keys.ropeTheta)))
        rotary.theta = reader.positive(key(keys.ropeTheta));
    if (reader.has(key(keys.rotaryFraction))) {
        rotary.fraction = reader.positive(key(keys.rotaryFraction));
        if (rotary.fraction > 1.0)
            fail(path, QStringLiteral("has \"%1\" %2; the rotated share of a head is at most 1")
                           .arg(key(keys.rotaryFraction))
                           .arg(rotary.fraction));
    }
    if (reader.has(key(keys.ropeScaling))) {
        const QJsonValue value = reader.require(key(keys.ropeScaling));
        if (!value.isObject())
            fail(path,
                 QStringLiteral("has \"%1\" that is not an object").arg(key(keys.ropeScaling)));
        scaling = value.toObject();
    }
    if (scaling.isEmpty())
        return rotary;
    // rope_type, or type in older files. One that is given must be a known
    // name: an empty or non-string one once ran as plain rotary positions,
    // its factor dropped (issue 36, item 7).
    const QLatin1String typeKey(scaling.contains(QLatin1String("rope_type")) ? "rope_type"
                                                                             : "type");
    const QJsonValue typeValue = scaling.value(typeKey);
    const bool typeGiven = !typeValue.isUndefined() && !typeValue.isNull();
    if (typeGiven && !typeValue.isString())
        fail(path, QStringLiteral("has a %1 that is not a name (%2); Attention Lab runs "
                                  "\"default\", \"linear\", \"llama3\" and \"longrope\" rotary "
                                  "positions")
                       .arg(typeKey, inputText(jsonText(typeValue))));
    const QString type = typeValue.toString();
    ConfigReader parameters(path, scaling);
    if ((!typeGiven && scaling.value(QLatin1String("factor")).isUndefined()) ||
        type == QLatin1String("default"))
        return rotary;
    if (type == QLatin1String("linear")) {
        rotary.scaling = RopeScaling::Linear;
        rotary.factor = parameters.positive(QStringLiteral("factor"));
    } else if (type == QLatin1String("llama3")) {
        rotary.scaling = RopeScaling::Llama3;
        rotary.factor = parameters.positive(QStringLiteral("factor"));
        rotary.lowFrequencyFactor = parameters.positive(QStringLiteral("low_freq_factor"));
        rotary.highFrequencyFactor = parameters.positive(QStringLiteral("high_freq_factor"));
        rotary.originalPositions =
            parameters.count(QStringLiteral("original_max_position_embeddings"));
        if (!(rotary.highFrequencyFactor > rotary.lowFrequencyFactor))
            fail(path, QStringLiteral("has a llama3 rope_scaling whose high_freq_factor is not "
                                      "above its low_freq_factor"));
    } else if (type == QLatin1String("longrope") || type == QLatin1String("su") ||
               (type == QLatin1String("yarn") && scaling.contains(QLatin1String("long_factor")))) {
        // Phi-3's; "su", and "yarn" with factors, are its older names.
        rotary.scaling = RopeScaling::LongRope;
        rotary.shortFactors = parameters.positives(QStringLiteral("short_factor"));
        rotary.longFactors = parameters.positives(QStringLiteral("long_factor"));
        // As transformers' _compute_longrope_parameters: the file's
        // original_max_position_embeddings (Phi-3's) first, and then the
        // factor is max_position_embeddings over it; else rope_scaling's,
        // else max_position_embeddings, with rope_scaling's factor.
        const double positions =
            reader.has(key(keys.positions)) ? reader.count(key(keys.positions)) : 0.0;
        const bool fileOriginal = reader.has(QStringLiteral("original_max_position_embeddings"));
        if (fileOriginal)
            rotary.originalPositions =
                reader.count(QStringLiteral("original_max_position_embeddings"));
        else if (parameters.has(QStringLiteral("original_max_position_embeddings")))
            rotary.originalPositions =
                parameters.count(QStringLiteral("original_max_position_embeddings"));
        else
            rotary.originalPositions = int(positions);
        rotary.factor = !fileOriginal && parameters.has(QStringLiteral("factor"))
                            ? parameters.positive(QStringLiteral("factor"))
                            : positions / std::max(1, rotary.originalPositions);
        rotary.attentionFactor =
            parameters.has(QStringLiteral("attention_factor"))
                ? parameters.positive(QStringLiteral("attention_factor"))
                : (rotary.factor <= 1.0
                       ? 1.0
                       : std::sqrt(1.0 +
                                   std::log(rotary.factor) /
                                       std::log(double(std::max(2, rotary.originalPositions)))));
    } else {
        fail(path, QStringLiteral("has the rope_type \"%1\"; Attention Lab runs \"default\", "
                                  "\"linear\", \"llama3\" and \"longrope\" rotary positions")
                       .arg(inputText(type)));
    }
    return rotary;
}

/// The names a layer_types entry may take.
std::optional<bool> localLayerType(const QJsonValue &value)
{
    if (value.toString() == QLatin1String("sliding_attention"))
        return true;
    if (value.toString() == QLatin1String("full_attention"))
        return false;
    return std::nullopt;
}

/**
 * Each layer's window and positions, where they differ from layer to layer:
 * layer_types where the file gives it ("sliding_attention" local, with
 * sliding_window; "full_attention" global), else the family's pattern:
 * Gemma 2's even layers local, Gemma 3's every sliding_window_pattern-th
 * layer global, SmolLM3's no_rope_layers (or every no_rope_layer_interval-th
 * layer) without positions, local only with use_sliding_window.
 */
void readLayerAttention(const QString &path, ConfigReader &reader, const FamilyDescription &family,
                        ModelConfig &config)
{
    const ConfigKeys &keys = family.keys;
    const int layers = config.layers;
    if (family.layerPattern == LayerPattern::Uniform)
        return;
    std::vector<bool> local(size_t(layers), false);
    std::vector<bool> rotated(size_t(layers), true);
    switch (family.layerPattern) {
    case LayerPattern::Uniform:
        break;
    case LayerPattern::AlternatingWindows:
        for (int l = 0; l < layers; ++l)
            local[size_t(l)] = l % 2 == 0;
        break;
    case LayerPattern::WindowPattern: {
        const int pattern = reader.has(key(keys.slidingWindowPattern))
                                ? reader.count(key(keys.slidingWindowPattern))
                                : 6;
        for (int l = 0; l < layers; ++l)
            local[size_t(l)] = (l + 1) % pattern != 0;
        break;
    }
    case LayerPattern::NoRopeLayers: {
        if (reader.has(key(keys.noRopeLayers))) {
            const QJsonValue value = reader.require(key(keys.noRopeLayers));
            if (!value.isArray())
                fail(path,
                     QStringLiteral("has \"%1\" that is not a list").arg(key(keys.noRopeLayers)));
            const QJsonArray list = value.toArray();
            if (list.size() < layers)
                fail(path, QStringLiteral("has %1 entries in \"%2\" for its %3 layers")
                               .arg(list.size())
                               .arg(key(keys.noRopeLayers))
                               .arg(layers));
            for (int l = 0; l < layers; ++l) {
                const QJsonValue entry = list.at(l);
                if (!entry.isDouble() || (entry.toInt(-1) != 0 && entry.toInt(-1) != 1))
                    fail(path, QStringLiteral("has \"%1\" entry %2 that is not 0 or 1")
                                   .arg(key(keys.noRopeLayers))
                                   .arg(l));
                rotated[size_t(l)] = entry.toInt() == 1;
            }
        } else {
            const int interval =
                reader.has(key(keys.noRopeInterval)) ? reader.count(key(keys.noRopeInterval)) : 4;
            for (int l = 0; l < layers; ++l)
                rotated[size_t(l)] = (l + 1) % interval != 0;
        }
        // Local only where use_sliding_window turns it on, in its NoPE layers.
        const bool windows =
            reader.flag(key(keys.useSlidingWindow), false) && config.slidingWindow > 0;
        for (int l = 0; l < layers; ++l)
            local[size_t(l)] = windows && !rotated[size_t(l)];
        break;
    }
    }
    if (reader.has(key(keys.layerTypes))) {
        const QJsonValue value = reader.require(key(keys.layerTypes));
        if (!value.isArray())
            fail(path, QStringLiteral("has \"%1\" that is not a list").arg(key(keys.layerTypes)));
        const QJsonArray list = value.toArray();
        if (list.size() != layers)
            fail(path, QStringLiteral("has %1 entries in \"%2\" for its %3 layers")
                           .arg(list.size())
                           .arg(key(keys.layerTypes))
                           .arg(layers));
        for (int l = 0; l < layers; ++l) {
            const std::optional<bool> type = localLayerType(list.at(l));
            if (!type)
                fail(path, QStringLiteral("has the layer type %1 in \"%2\" (layer %3); "
                                          "Attention Lab runs \"sliding_attention\" and "
                                          "\"full_attention\"")
                               .arg(list.at(l).isString() ? QStringLiteral("\"%1\"").arg(
                                                                inputText(list.at(l).toString()))
                                                          : inputText(jsonText(list.at(l))),
                                    key(keys.layerTypes))
                               .arg(l));
            local[size_t(l)] = *type;
        }
    }
    const bool anyLocal = std::find(local.begin(), local.end(), true) != local.end();
    if (anyLocal && config.slidingWindow <= 0)
        fail(path, QStringLiteral("has local (sliding_attention) layers and no \"%1\"")
                       .arg(key(keys.slidingWindow)));
    config.layerAttention.resize(size_t(layers));
    for (int l = 0; l < layers; ++l) {
        LayerAttention &layer = config.layerAttention[size_t(l)];
        layer.window = local[size_t(l)] ? config.slidingWindow : 0;
        layer.rotary = rotated[size_t(l)];
        layer.localRotary = local[size_t(l)] && config.rotary.localTheta > 0.0;
    }
}

/// An encoder-decoder's decoder stack: its layers, heads, MLP, vocabulary
/// and start token, each the encoder's where config.json gives none.
void readDecoderShape(const QString &path, ConfigReader &reader, const FamilyDescription &family,
                      ModelConfig &config)
{
    const ConfigKeys &keys = family.keys;
    DecoderShape &decoder = config.decoder;
    auto countOr = [&](const std::string &name, const std::string &fallback) {
        return reader.has(key(name)) ? reader.count(key(name)) : reader.count(key(fallback));
    };
    decoder.layers = countOr(keys.decoderLayers, keys.layers);
    decoder.heads = countOr(keys.decoderHeads, keys.heads);
    decoder.feedForward = countOr(keys.decoderFeedForward, keys.feedForward);
    decoder.vocabulary = countOr(keys.decoderVocabulary, keys.vocabulary);
    // decoder_start_token_id, else the pad token (T5's _shift_right), as
    // transformers starts the decoder.
    const QString start =
        reader.has(key(keys.decoderStart)) ? key(keys.decoderStart) : key(keys.pad);
    const QJsonValue value = reader.require(start);
    if (!value.isDouble() || value.toDouble() != std::floor(value.toDouble()))
        fail(path, QStringLiteral("has \"%1\" that is not a token id").arg(start));
    decoder.startId = int(std::clamp(value.toDouble(), -1.0, 2.0e9));
}

/// T5's feed_forward_proj: "relu", "gelu", or "gated-" and an activation
/// (gated-gelu is the tanh GELU, gelu_new, as transformers maps it).
void readFeedForwardProjection(const QString &path, ConfigReader &reader, const ConfigKeys &keys,
                               ModelConfig &config)
{
    const QString name = reader.require(key(keys.feedForwardProjection)).toString();
    const QStringList parts = name.split(QLatin1Char('-'));
    const bool gated = parts.size() == 2 && parts[0] == QLatin1String("gated");
    QString function = parts.last();
    if (gated && function == QLatin1String("gelu"))
        function = QStringLiteral("gelu_new");
    const std::optional<Activation> activation = ConfigReader::activationNamed(function);
    if ((parts.size() != 1 && !gated) || !activation)
        fail(path, QStringLiteral("has \"%1\" \"%2\"; T5 runs \"relu\", \"gelu\", "
                                  "\"gated-gelu\" and \"gated-silu\"")
                       .arg(key(keys.feedForwardProjection), inputText(name)));
    config.gated = gated;
    config.activation = *activation;
}

} // namespace

ModelConfig readConfig(const QString &path)
{
    const QJsonObject object = readJsonObject(path, QStringLiteral("a model's configuration"),
                                              QStringLiteral("a model's config.json"));
    ConfigReader reader(path, object);
    const QString type = reader.require(QStringLiteral("model_type")).toString();
    ModelConfig config;
    if (!findModelFamily(type.toStdString(), &config.family))
        fail(path, QStringLiteral("has the model_type \"%1\"; Attention Lab runs %2 checkpoints")
                       .arg(inputText(type), QString::fromStdString(supportedModelTypes())));
    const FamilyDescription &family = familyDescription(config.family);
    const ConfigKeys &keys = family.keys;
    // A multimodal folder's text model is one section of the file (Gemma 3's text_config).
    QJsonObject section = object;
    if (!family.configSection.empty()) {
        const QJsonValue inner = reader.require(key(family.configSection));
        if (!inner.isObject())
            fail(path,
                 QStringLiteral("has \"%1\" that is not an object").arg(key(family.configSection)));
        section = inner.toObject();
    }
    // What the family's config class defaults and the file leaves out.
    for (const auto &[name, json] : family.configDefaults)
        if (!section.contains(key(name)))
            section.insert(
                key(name),
                QJsonDocument::fromJson("[" + QByteArray::fromStdString(json) + "]").array().at(0));
    reader = ConfigReader(path, section);
    config.layers = reader.count(key(keys.layers));
    // The per-layer tables are made before the tensors are looked at: a
    // count no model has (the largest have about 130 layers) is refused here.
    constexpr int kMaxLayers = 1 << 16;
    if (config.layers > kMaxLayers)
        fail(path, QStringLiteral("has \"%1\" %2, more than the %3 layers Attention Lab reads")
                       .arg(key(keys.layers))
                       .arg(config.layers)
                       .arg(kMaxLayers));
    if (family.encoderDecoder)
        readDecoderShape(path, reader, family, config);
    config.heads = reader.count(key(keys.heads));
    config.modelDim = reader.count(key(keys.modelDim));
    config.kvHeads = reader.has(key(keys.kvHeads)) ? reader.count(key(keys.kvHeads)) : config.heads;
    // T5 has no table of positions and so no limit of its own.
    config.positions =
        keys.positions.empty() ? kUnboundedPositions : reader.count(key(keys.positions));
    config.vocabulary = reader.count(key(keys.vocabulary));
    // n_inner: null (or absent, as in older files) means 4 n_embd.
    config.feedForward = keys.feedForwardTimesWidth > 0 && !reader.has(key(keys.feedForward))
                             ? keys.feedForwardTimesWidth * config.modelDim
                             : reader.count(key(keys.feedForward));
    if (!keys.tokenTypes.empty())
        config.tokenTypes = reader.count(key(keys.tokenTypes));
    config.epsilon = keys.epsilon.empty() ? family.epsilon : reader.positive(key(keys.epsilon));
    config.gated = family.feedForward == FeedForwardKind::Gated;
    if (!keys.feedForwardProjection.empty()) {
        readFeedForwardProjection(path, reader, keys, config);
    } else if (!config.gated) {
        config.activation = reader.activation(key(keys.activation));
    } else {
        // SwiGLU (silu), or Gemma's GeGLU (the tanh GELU).
        const QString name = reader.require(key(keys.activation)).toString();
        const std::optional<Activation> gate = ConfigReader::activationNamed(name);
        if (!gate || (*gate != Activation::Silu && *gate != Activation::GeluTanh))
            fail(path, QStringLiteral("has \"%1\" \"%2\"; a gated MLP of model_type \"%3\" "
                                      "runs \"silu\" or \"gelu_pytorch_tanh\"")
                           .arg(key(keys.activation), inputText(name), type));
        config.activation = *gate;
    }
    if (reader.flag(key(keys.scaleEmbedding), false) || family.embeddingsScaledByWidth)
        config.embeddingScale = float(std::sqrt(double(config.modelDim)));
    if (reader.has(key(keys.queryScale)))
        config.scoreScale = float(1.0 / std::sqrt(reader.positive(key(keys.queryScale))));
    if (reader.has(key(keys.attentionSoftCap)))
        config.attentionSoftCap = float(reader.positive(key(keys.attentionSoftCap)));
    if (reader.has(key(keys.logitSoftCap)))
        config.logitSoftCap = float(reader.positive(key(keys.logitSoftCap)));
    switch (family.positions) {
    case PositionKind::Learned:
        break;
    case PositionKind::SplitSinusoid:
        if (config.modelDim % 2 != 0)
            fail(path, QStringLiteral("has \"%1\" %2; the sinusoids in two halves need an even "
                                      "width")
                           .arg(key(keys.modelDim))
                           .arg(config.modelDim));
        break;
    case PositionKind::RelativeBias:
        config.relativeBuckets = reader.count(key(keys.relativeBuckets));
        config.relativeMaxDistance = reader.has(key(keys.relativeMaxDistance))
                                         ? reader.count(key(keys.relativeMaxDistance))
                                         : 128;
        if (config.relativeBuckets < 4)
            fail(path, QStringLiteral("has \"%1\" %2; T5's relative positions need at least 4 "
                                      "buckets")
                           .arg(key(keys.relativeBuckets))
                           .arg(config.relativeBuckets));
        // Beyond half the buckets the offsets share buckets logarithmically
        // up to the distance: a distance within them leaves no room for that.
        if (config.relativeMaxDistance <= config.relativeBuckets / 2)
            fail(path, QStringLiteral("has \"%1\" %2, not beyond half its %3 buckets")
                           .arg(key(keys.relativeMaxDistance))
                           .arg(config.relativeMaxDistance)
                           .arg(config.relativeBuckets));
        break;
    case PositionKind::Rotary:
        config.rotary = readRotary(path, section, reader, keys);
        if (reader.has(key(keys.localRopeTheta)))
            config.rotary.localTheta = reader.positive(key(keys.localRopeTheta));
        break;
    }
    if (reader.has(key(keys.slidingWindow)))
        config.slidingWindow = reader.count(key(keys.slidingWindow));
    readLayerAttention(path, reader, family, config);
    // Qwen2's per-layer windows (use_sliding_window, max_window_layers) are not built.
    if (keys.useSlidingWindow.empty() && reader.flag(QStringLiteral("use_sliding_window"), false))
        fail(path, QStringLiteral("has \"use_sliding_window\" true; Attention Lab runs no "
                                  "sliding-window layers of model_type \"%1\"")
                       .arg(type));
    config.tiedOutput = reader.flag(key(keys.tieEmbeddings), family.tiedOutput);
    config.parallelResidual = reader.flag(key(keys.parallelResidual), family.parallelResidual);
    const bool attentionBias = reader.flag(key(keys.attentionBias), family.queryKeyValueBias);
    config.queryKeyValueBias =
        keys.attentionBias.empty() ? family.queryKeyValueBias : attentionBias;
    config.outputBias = keys.attentionBias.empty() ? family.outputBias : attentionBias;
    config.feedForwardBias = reader.flag(key(keys.feedForwardBias), family.feedForwardBias);
    if (family.encoderDecoder) {
        const int startLimit = config.decoder.vocabulary;
        if (config.decoder.startId < 0 || config.decoder.startId >= startLimit)
            fail(path, QStringLiteral("has the decoder start token %1, outside the decoder's "
                                      "vocabulary of %2")
                           .arg(config.decoder.startId)
                           .arg(startLimit));
        if (!reader.has(key(keys.headDim)) && config.modelDim % config.decoder.heads != 0)
            fail(path,
                 QStringLiteral("has a model width of %1, which its %2 decoder heads do not divide")
                     .arg(config.modelDim)
                     .arg(config.decoder.heads));
    }
    if (config.heads % config.kvHeads != 0)
        fail(path, QStringLiteral("has %1 query heads, which its %2 key/value heads do not divide")
                       .arg(config.heads)
                       .arg(config.kvHeads));
    if (reader.has(key(keys.headDim))) {
        config.headSize = reader.count(key(keys.headDim));
    } else {
        if (config.modelDim % config.heads != 0)
            fail(path, QStringLiteral("has a model width of %1, which its %2 heads do not divide")
                           .arg(config.modelDim)
                           .arg(config.heads));
        config.headSize = config.modelDim / config.heads;
    }
    // The decoder's heads share the width: d_kv where given, else d_model over its heads.
    if (family.encoderDecoder)
        config.decoder.headSize = reader.has(key(keys.headDim))
                                      ? config.headSize
                                      : config.modelDim / std::max(1, config.decoder.heads);
    // longrope's factors: one for each pair of rotated dimensions.
    if (config.rotary.scaling == RopeScaling::LongRope) {
        const size_t pairs = size_t(config.rotatedDims() / 2);
        if (config.rotary.shortFactors.size() != pairs || config.rotary.longFactors.size() != pairs)
            fail(path, QStringLiteral("has longrope factors of %1 (short) and %2 (long) entries; "
                                      "its %3 rotated dimensions take %4")
                           .arg(config.rotary.shortFactors.size())
                           .arg(config.rotary.longFactors.size())
                           .arg(config.rotatedDims())
                           .arg(pairs));
    }
    return config;
}

} // namespace AttentionLab::Checkpoint
