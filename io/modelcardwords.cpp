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
    }
    if (family.queryKeyNorm)
        words.norm += tr("; q and k normed per head");

    QString gelu;
    switch (c.gelu) {
    case GeluForm::Tanh:
        gelu = tr("tanh form");
        break;
    case GeluForm::Erf:
        gelu = tr("erf form");
        break;
    }
    switch (family.feedForward) {
    case FeedForwardKind::Plain:
        words.mlpShort = tr("GELU");
        words.mlp = tr("GELU (%1), %2 wide").arg(gelu).arg(c.feedForward);
        break;
    case FeedForwardKind::GatedSilu:
        words.mlpShort = tr("SwiGLU");
        words.mlp = tr("SwiGLU: down(silu(gate(x)) × up(x)), %1 wide").arg(c.feedForward);
        break;
    }

    words.residual = c.parallelResidual ? tr("parallel: x + attention(x) + MLP(x)")
                                        : tr("sequential: attention, then MLP");
    words.output = c.tiedOutput ? tr("tied to the word embeddings") : tr("its own matrix");
    words.attention = family.causal ? (c.slidingWindow > 0
                                           ? tr("causal, a window of %1 keys").arg(c.slidingWindow)
                                           : tr("causal"))
                                    : tr("every token sees every token");
    return words;
}

} // namespace AttentionLab
