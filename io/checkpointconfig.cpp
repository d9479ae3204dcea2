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
                                  "\"default\", \"linear\" and \"llama3\" rotary positions")
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
    } else {
        fail(path, QStringLiteral("has the rope_type \"%1\"; Attention Lab runs \"default\", "
                                  "\"linear\" and \"llama3\" rotary positions")
                       .arg(inputText(type)));
    }
    return rotary;
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
    config.layers = reader.count(key(keys.layers));
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
        config.activation = Activation::Silu;
        if (const QString name = reader.require(key(keys.activation)).toString();
            name != QLatin1String("silu"))
            fail(path, QStringLiteral("has \"%1\" \"%2\"; a gated MLP of model_type \"%3\" "
                                      "runs \"silu\"")
                           .arg(key(keys.activation), inputText(name), type));
    }
    if (reader.flag(key(keys.scaleEmbedding), false))
        config.embeddingScale = float(std::sqrt(double(config.modelDim)));
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
        config.rotary = readRotary(path, object, reader, keys);
        break;
    }
    if (reader.has(key(keys.slidingWindow)))
        config.slidingWindow = reader.count(key(keys.slidingWindow));
    // Qwen2's per-layer windows (use_sliding_window, max_window_layers) are not built.
    if (reader.flag(QStringLiteral("use_sliding_window"), false))
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
    return config;
}

} // namespace AttentionLab::Checkpoint
