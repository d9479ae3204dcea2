// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/checkpointtensors.h"

#include "core/model/familydescription.h"
#include "io/checkpointfiles.h"

namespace AttentionLab::Checkpoint {

namespace {

QString module(const std::string &name, int layer = -1)
{
    QString text = key(name);
    if (layer >= 0)
        text.replace(QStringLiteral("%1"), QString::number(layer));
    return text;
}

/// A norm's tensors NAME.weight (and, for a LayerNorm, NAME.bias) or, in
/// older files, NAME.gamma/beta.
NormTensors norm(TensorTable &table, NormKind kind, const QString &name, long long width)
{
    const std::vector<long long> shape{width};
    NormTensors tensors;
    tensors.weight =
        table.require(name + QStringLiteral(".weight"), shape, name + QStringLiteral(".gamma"));
    switch (kind) {
    case NormKind::LayerNorm:
        tensors.bias =
            table.require(name + QStringLiteral(".bias"), shape, name + QStringLiteral(".beta"));
        break;
    case NormKind::RmsNorm:
        break;
    }
    return tensors;
}

LinearTensors linear(TensorTable &table, LinearLayout layout, const QString &name, long long in,
                     long long out, bool bias)
{
    LinearTensors tensors;
    switch (layout) {
    case LinearLayout::InputMajor:
        tensors.weight = table.require(name + QStringLiteral(".weight"), {in, out});
        tensors.inputMajor = true;
        break;
    case LinearLayout::OutputMajor:
        tensors.weight = table.require(name + QStringLiteral(".weight"), {out, in});
        break;
    }
    if (bias)
        tensors.bias = table.require(name + QStringLiteral(".bias"), {out});
    return tensors;
}

} // namespace

/// Every tensor \a config needs, by the names of its family's description.
ModelTensors readTensors(TensorTable &table, const ModelConfig &config)
{
    const FamilyDescription &family = familyDescription(config.family);
    const TensorNames &names = family.tensors;
    const LinearLayout layout = family.linearLayout;
    const long long d = config.modelDim;
    const long long queryWidth = (long long)config.heads * config.headDim();
    const long long kvWidth = (long long)config.keyValueHeads() * config.headDim();
    ModelTensors tensors;
    tensors.wordEmbeddings = table.require(module(names.wordEmbeddings) + QStringLiteral(".weight"),
                                           {config.vocabulary, d});
    switch (family.positions) {
    case PositionKind::Learned:
        tensors.positionEmbeddings = table.require(
            module(names.positionEmbeddings) + QStringLiteral(".weight"), {config.positions, d});
        break;
    case PositionKind::Rotary:
        break;
    }
    if (!names.tokenTypeEmbeddings.empty())
        tensors.tokenTypeEmbeddings = table.require(
            module(names.tokenTypeEmbeddings) + QStringLiteral(".weight"), {config.tokenTypes, d});
    if (!names.embeddingNorm.empty())
        tensors.embeddingNorm = norm(table, family.norm, module(names.embeddingNorm), d);
    for (int l = 0; l < config.layers; ++l) {
        LayerTensors layer;
        layer.attentionNorm = norm(table, family.norm, module(names.attentionNorm, l), d);
        switch (family.queryKeyValue) {
        case QueryKeyValueLayout::FusedBlocks:
        case QueryKeyValueLayout::FusedPerHead:
            layer.queryKeyValue.push_back(linear(table, layout, module(names.query, l), d,
                                                 queryWidth + 2 * kvWidth,
                                                 config.queryKeyValueBias));
            break;
        case QueryKeyValueLayout::Separate:
            layer.queryKeyValue.push_back(linear(table, layout, module(names.query, l), d,
                                                 queryWidth, config.queryKeyValueBias));
            layer.queryKeyValue.push_back(
                linear(table, layout, module(names.key, l), d, kvWidth, config.queryKeyValueBias));
            layer.queryKeyValue.push_back(linear(table, layout, module(names.value, l), d, kvWidth,
                                                 config.queryKeyValueBias));
            break;
        }
        layer.attentionOutput = linear(table, layout, module(names.attentionOutput, l), queryWidth,
                                       d, config.outputBias);
        if (family.queryKeyNorm) {
            layer.queryNorm =
                norm(table, NormKind::RmsNorm, module(names.queryNorm, l), config.headDim());
            layer.keyNorm =
                norm(table, NormKind::RmsNorm, module(names.keyNorm, l), config.headDim());
        }
        layer.feedForwardNorm = norm(table, family.norm, module(names.feedForwardNorm, l), d);
        switch (family.feedForward) {
        case FeedForwardKind::Plain:
            break;
        case FeedForwardKind::GatedSilu:
            layer.feedForwardGate = linear(table, layout, module(names.feedForwardGate, l), d,
                                           config.feedForward, config.feedForwardBias);
            break;
        }
        layer.feedForwardIn = linear(table, layout, module(names.feedForwardIn, l), d,
                                     config.feedForward, config.feedForwardBias);
        layer.feedForwardOut = linear(table, layout, module(names.feedForwardOut, l),
                                      config.feedForward, d, config.feedForwardBias);
        tensors.layers.push_back(std::move(layer));
    }
    if (!names.finalNorm.empty())
        tensors.finalNorm = norm(table, family.norm, module(names.finalNorm), d);
    if (!config.tiedOutput)
        tensors.outputMatrix =
            table.require(module(names.output) + QStringLiteral(".weight"), {config.vocabulary, d});
    else if (!names.output.empty())
        table.ignore(module(names.output) + QLatin1Char('.'));
    // The masked-LM head is optional (a bare BertModel has none).
    switch (family.readout) {
    case Readout::NextToken:
        break;
    case Readout::MaskedLm:
        if (table.contains(module(names.maskedLmTransform) + QStringLiteral(".weight"))) {
            tensors.maskedLmTransform =
                linear(table, layout, module(names.maskedLmTransform), d, d, true);
            tensors.maskedLmNorm = norm(table, family.norm, module(names.maskedLmNorm), d);
            tensors.maskedLmBias = table.require(module(names.maskedLmBias), {config.vocabulary});
        }
        break;
    }
    return tensors;
}

} // namespace AttentionLab::Checkpoint
