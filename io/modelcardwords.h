// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <QString>
#include <QStringList>

namespace AttentionLab {

/**
 * How a checkpoint's block is said in words, in the model card's long form
 * ("RMSNorm, before each sublayer") and its one-line form ("RMSNorm"). One
 * function, modelCardWords(), makes every word from the family's
 * description and the config, with a switch over each of the description's
 * enums, so a new norm, MLP or placement is named here or does not compile.
 */
struct ModelCardWords
{
    QString norm;      ///< "RMSNorm, before each sublayer; q and k normed per head"
    QString normShort; ///< "RMSNorm"
    QString mlp;       ///< "SwiGLU: down(silu(gate(x)) × up(x)), 8192 wide"
    QString mlpShort;  ///< "SwiGLU"
    QString residual;  ///< "sequential: attention, then MLP"
    QString output;    ///< "tied to the word embeddings"
    QString attention; ///< "causal, a window of 4096 keys"
    /// Each layer's mark on the heads' grid and its hover note, where the
    /// layers differ: "L" local (its window), "G" global, "∅" no positions;
    /// empty where every layer is alike.
    QStringList layerMarks;
    QStringList layerNotes;
};

/// The words of \a config's card (translated in the "PretrainedModel" context).
ModelCardWords modelCardWords(const ModelConfig &config);

} // namespace AttentionLab
