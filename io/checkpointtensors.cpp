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
/// older files, NAME.gamma/beta; the weight plus \a offset where the family
/// scales by (1 + w) (Gemma).
NormTensors norm(TensorTable &table, NormKind kind, const QString &name, long long width,
                 float offset = 0.0f)
{
    const std::vector<long long> shape{width};
    NormTensors tensors;
    tensors.weight =
        table.require(name + QStringLiteral(".weight"), shape, name + QStringLiteral(".gamma"));
    if (offset != 0.0f)
        tensors.weight = tensors.weight.plus(offset);
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

/// The word embeddings of a stack: the shared matrix of an encoder-decoder
/// when the file has it (the stacks' own names then tied copies), else the
/// stack's own.
WeightTensor wordEmbeddings(TensorTable &table, const TensorNames &names, long long vocabulary,
                            long long d)
{
    const QString own = module(names.wordEmbeddings) + QStringLiteral(".weight");
    if (!names.sharedEmbeddings.empty()) {
        const QString shared = module(names.sharedEmbeddings) + QStringLiteral(".weight");
        if (table.contains(shared)) {
            table.ignore(own);
            return table.require(shared, {vocabulary, d});
        }
    }
    return table.require(own, {vocabulary, d});
}

/// q, k and v of an attention, as the family lays them out.
std::vector<LinearTensors> queryKeyValue(TensorTable &table, const FamilyDescription &family,
                                         const ModelConfig &config, const QString &query,
                                         const QString &key, const QString &value)
{
    const LinearLayout layout = family.linearLayout;
    const long long d = config.modelDim;
    const long long queryWidth = (long long)config.heads * config.headDim();
    const long long kvWidth = (long long)config.keyValueHeads() * config.headDim();
    switch (family.queryKeyValue) {
    case QueryKeyValueLayout::FusedBlocks:
    case QueryKeyValueLayout::FusedPerHead:
        return {
            linear(table, layout, query, d, queryWidth + 2 * kvWidth, config.queryKeyValueBias)};
    case QueryKeyValueLayout::Separate:
        break;
    }
    return {linear(table, layout, query, d, queryWidth, config.queryKeyValueBias),
            linear(table, layout, key, d, kvWidth, config.queryKeyValueBias),
            linear(table, layout, value, d, kvWidth, config.queryKeyValueBias)};
}

/// One stack's tensors by \a names: the only one, or an encoder-decoder's
/// encoder or (\a decoder) decoder, whose blocks add a cross-attention and
/// which holds the output.
ModelTensors readStack(TensorTable &table, const ModelConfig &config, const TensorNames &names,
                       bool decoder)
{
    const FamilyDescription &family = familyDescription(config.family);
    const LinearLayout layout = family.linearLayout;
    const long long d = config.modelDim;
    const long long queryWidth = (long long)config.heads * config.headDim();

    // Every norm of the family, its weight offset as the family reads it.
    const auto normOf = [&](const QString &name, long long width = 0) {
        return norm(table, family.norm, name, width > 0 ? width : d, family.normWeightOffset);
    };
    ModelTensors tensors;
    tensors.wordEmbeddings = wordEmbeddings(table, names, config.vocabulary, d);
    switch (family.positions) {
    case PositionKind::Learned:
        tensors.positionEmbeddings =
            table.require(module(names.positionEmbeddings) + QStringLiteral(".weight"),
                          {config.positions + family.positionOffset, d});
        break;
    case PositionKind::RelativeBias:
        tensors.relativeBias = table.require(module(names.relativeBias) + QStringLiteral(".weight"),
                                             {config.relativeBuckets, config.heads});
        break;
    case PositionKind::Rotary:
    case PositionKind::SplitSinusoid:
        break;
    }
    if (!names.tokenTypeEmbeddings.empty())
        tensors.tokenTypeEmbeddings = table.require(
            module(names.tokenTypeEmbeddings) + QStringLiteral(".weight"), {config.tokenTypes, d});
    if (!names.embeddingNorm.empty())
        tensors.embeddingNorm = normOf(module(names.embeddingNorm));
    for (int l = 0; l < config.layers; ++l) {
        LayerTensors layer;
        layer.attentionNorm = normOf(module(names.attentionNorm, l));
        layer.queryKeyValue = queryKeyValue(table, family, config, module(names.query, l),
                                            module(names.key, l), module(names.value, l));
        layer.attentionOutput = linear(table, layout, module(names.attentionOutput, l), queryWidth,
                                       d, config.outputBias);
        if (family.queryKeyNorm) {
            layer.queryNorm = norm(table, NormKind::RmsNorm, module(names.queryNorm, l),
                                   config.headDim(), family.normWeightOffset);
            layer.keyNorm = norm(table, NormKind::RmsNorm, module(names.keyNorm, l),
                                 config.headDim(), family.normWeightOffset);
        }
        if (family.normPlacement == NormPlacement::Sandwich) {
            layer.attentionOutputNorm = normOf(module(names.attentionOutputNorm, l));
            layer.feedForwardOutputNorm = normOf(module(names.feedForwardOutputNorm, l));
        }
        if (decoder) {
            layer.crossNorm = normOf(module(names.crossNorm, l));
            layer.crossQueryKeyValue =
                queryKeyValue(table, family, config, module(names.crossQuery, l),
                              module(names.crossKey, l), module(names.crossValue, l));
            layer.crossOutput = linear(table, layout, module(names.crossOutput, l), queryWidth, d,
                                       config.outputBias);
        }
        layer.feedForwardNorm = normOf(module(names.feedForwardNorm, l));
        const std::string &in = config.gated && !names.feedForwardUp.empty() ? names.feedForwardUp
                                                                             : names.feedForwardIn;
        if (config.gated && !names.feedForwardGateUp.empty()) {
            // Phi-3's gate_up_proj [2 I, d]: the gate's rows, then the up projection's.
            const LinearTensors fused = linear(table, layout, module(names.feedForwardGateUp, l), d,
                                               2LL * config.feedForward, false);
            layer.feedForwardGate.weight = fused.weight.rowBlock(0, config.feedForward);
            layer.feedForwardIn.weight =
                fused.weight.rowBlock(config.feedForward, config.feedForward);
        } else {
            if (config.gated)
                layer.feedForwardGate = linear(table, layout, module(names.feedForwardGate, l), d,
                                               config.feedForward, config.feedForwardBias);
            layer.feedForwardIn =
                linear(table, layout, module(in, l), d, config.feedForward, config.feedForwardBias);
        }
        layer.feedForwardOut = linear(table, layout, module(names.feedForwardOut, l),
                                      config.feedForward, d, config.feedForwardBias);
        tensors.layers.push_back(std::move(layer));
    }
    if (!names.finalNorm.empty())
        tensors.finalNorm = normOf(module(names.finalNorm));
    // An encoder's output is the decoder's to read: it has no output matrix.
    if (family.encoderDecoder && !decoder)
        return tensors;
    if (!config.tiedOutput)
        tensors.outputMatrix =
            table.require(module(names.output) + QStringLiteral(".weight"), {config.vocabulary, d});
    else if (!names.output.empty())
        table.ignore(module(names.output) + QLatin1Char('.'));
    if (!names.finalLogitsBias.empty())
        tensors.finalLogitsBias =
            table.optional(module(names.finalLogitsBias), {1, config.vocabulary});
    // The masked-LM head is optional (a bare BertModel has none).
    switch (family.readout) {
    case Readout::NextToken:
        break;
    case Readout::MaskedLm:
        if (table.contains(module(names.maskedLmTransform) + QStringLiteral(".weight"))) {
            tensors.maskedLmTransform =
                linear(table, layout, module(names.maskedLmTransform), d, d, true);
            tensors.maskedLmNorm = normOf(module(names.maskedLmNorm));
            tensors.maskedLmBias = table.require(module(names.maskedLmBias), {config.vocabulary});
        }
        break;
    }
    return tensors;
}

} // namespace

/// Every tensor \a config needs, by the names of its family's description.
ModelTensors readTensors(TensorTable &table, const ModelConfig &config)
{
    const FamilyDescription &family = familyDescription(config.family);
    ModelTensors tensors = readStack(table, config, family.tensors, false);
    if (family.encoderDecoder)
        tensors.decoder = std::make_shared<ModelTensors>(
            readStack(table, config.decoderConfig(), family.decoderTensors, true));
    return tensors;
}

} // namespace AttentionLab::Checkpoint
