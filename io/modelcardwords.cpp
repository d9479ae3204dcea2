// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/modelcardwords.h"

#include "core/model/familydescription.h"

#include <QCoreApplication>

namespace AttentionLab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("PretrainedModel", text);
}

} // namespace

ModelCardWords modelCardWords(const ModelConfig &c)
{
    const FamilyDescription &family = familyDescription(c.family);
    ModelCardWords words;
    switch (family.norm) {
    case NormKind::LayerNorm:
        words.normShort = tr("LayerNorm");
        break;
    case NormKind::RmsNorm:
        words.normShort = tr("RMSNorm");
        break;
    }
    words.norm = words.normShort;
    switch (family.normPlacement) {
    case NormPlacement::BeforeSublayer:
        words.norm += tr(", before each sublayer");
        break;
    case NormPlacement::AfterResidual:
        words.norm += tr(", after each residual sum");
        break;
    case NormPlacement::Sandwich:
        words.norm += tr(", before and after each sublayer");
        break;
    }
    if (family.normWeightOffset != 0.0f)
        words.norm += tr(" (scale 1 + w)");
    if (family.queryKeyNorm)
        words.norm += tr("; q and k normed per head");

    QString activation;
    switch (c.activation) {
    case Activation::GeluTanh:
        activation = c.gated ? tr("GeGLU") : tr("GELU (tanh form)");
        words.mlpShort = c.gated ? tr("GeGLU") : tr("GELU");
        break;
    case Activation::GeluErf:
        activation = c.gated ? tr("GeGLU (erf form)") : tr("GELU (erf form)");
        words.mlpShort = c.gated ? tr("GeGLU") : tr("GELU");
        break;
    case Activation::Relu:
        activation = c.gated ? tr("ReGLU") : tr("ReLU");
        words.mlpShort = activation;
        break;
    case Activation::Silu:
        activation = c.gated ? tr("SwiGLU") : tr("SiLU");
        words.mlpShort = activation;
        break;
    }
    const QString function = c.activation == Activation::Silu   ? QStringLiteral("silu")
                             : c.activation == Activation::Relu ? QStringLiteral("relu")
                                                                : QStringLiteral("gelu");
    words.mlp = c.gated ? tr("%1: down(%2(gate(x)) × up(x)), %3 wide")
                              .arg(activation, function)
                              .arg(c.feedForward)
                        : tr("%1, %2 wide").arg(activation).arg(c.feedForward);

    words.residual = c.parallelResidual ? tr("parallel: x + attention(x) + MLP(x)")
                                        : tr("sequential: attention, then MLP");
    words.output = c.tiedOutput ? tr("tied to the word embeddings") : tr("its own matrix");
    words.attention = family.causal ? (c.slidingWindow > 0
                                           ? tr("causal, a window of %1 keys").arg(c.slidingWindow)
                                           : tr("causal"))
                                    : tr("every token sees every token");
    if (!c.layerAttention.empty()) {
        // Which layers are local (their window), global, and without positions.
        QStringList local, global, positionFree;
        for (int l = 0; l < c.layers; ++l) {
            const LayerAttention layer = c.attentionOf(l);
            (layer.window > 0 ? local : global) << QString::number(l);
            if (!layer.rotary)
                positionFree << QString::number(l);
        }
        QStringList parts;
        if (!local.isEmpty())
            parts << tr("local (a window of %1 keys) in layers %2")
                         .arg(c.slidingWindow)
                         .arg(local.join(QStringLiteral(", ")));
        if (!global.isEmpty() && !local.isEmpty())
            parts << tr("global in layers %1").arg(global.join(QStringLiteral(", ")));
        if (!positionFree.isEmpty())
            parts << tr("no positions in layers %1").arg(positionFree.join(QStringLiteral(", ")));
        words.attention =
            tr("causal") +
            (parts.isEmpty() ? QString() : QStringLiteral("; ") + parts.join(QStringLiteral("; ")));
        const bool mixed = !local.isEmpty() && !global.isEmpty();
        for (int l = 0; l < c.layers; ++l) {
            const LayerAttention layer = c.attentionOf(l);
            QStringList mark, note;
            if (mixed && layer.window > 0) {
                mark << QStringLiteral("L");
                note << tr("local layer: each token sees the last %1 keys").arg(layer.window);
            } else if (mixed) {
                mark << QStringLiteral("G");
                note << tr("global layer: each token sees every key before it");
            }
            if (!layer.rotary) {
                mark << QStringLiteral("\u2205");
                note << tr("no positions: this layer's scores are the same for any order of the "
                           "tokens");
            }
            words.layerMarks << mark.join(QString());
            words.layerNotes << note.join(QStringLiteral("; "));
        }
    }
    if (c.attentionSoftCap > 0.0f)
        words.attention += tr("; scores soft-capped at %1").arg(double(c.attentionSoftCap));
    if (c.logitSoftCap > 0.0f)
        words.attention += tr("; logits soft-capped at %1").arg(double(c.logitSoftCap));
    if (family.encoderDecoder) {
        words.residual = tr("sequential: attention, then MLP; the decoder's blocks attend to the "
                            "encoder's output between the two");
        words.attention = tr("encoder: every source token; decoder: causal; cross: each target "
                             "token over every source token");
        if (c.tiedOutput && family.scaledTiedOutput)
            words.output += tr(", the decoder's output times d_model^-0.5");
    }
    words.attention += family.scaledScores ? tr("; scores divided by √d_k")
                                           : tr("; scores not divided by √d_k (T5 folds the "
                                                "scale into its initialisation)");
    return words;
}

} // namespace AttentionLab
