// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// BERT (transformers' modeling_bert.py): learned positions and token types,
// post-LayerNorm blocks, nn.Linear query, key and value, the erf GELU, no
// mask, and the masked-LM head tied to the word embeddings.

#include "core/model/familydescription.h"

namespace AttentionLab {

const FamilyDescription &bertFamily()
{
    static const FamilyDescription description = [] {
        FamilyDescription f;
        f.family = ModelFamily::Bert;
        f.modelType = "bert";
        f.displayName = "BERT";
        ConfigKeys &k = f.keys;
        k.layers = "num_hidden_layers";
        k.heads = "num_attention_heads";
        k.modelDim = "hidden_size";
        k.feedForward = "intermediate_size";
        k.positions = "max_position_embeddings";
        k.tokenTypes = "type_vocab_size";
        k.vocabulary = "vocab_size";
        k.epsilon = "layer_norm_eps";
        k.activation = "hidden_act";
        f.norm = NormKind::LayerNorm;
        f.normPlacement = NormPlacement::AfterResidual;
        f.positions = PositionKind::Learned;
        f.feedForward = FeedForwardKind::Plain;
        f.queryKeyValue = QueryKeyValueLayout::Separate;
        f.linearLayout = LinearLayout::OutputMajor;
        f.causal = false;
        f.readout = Readout::MaskedLm;
        f.tiedOutput = true;
        f.tokenizer = TokenizerKind::WordPieceFile;
        TensorNames &t = f.tensors;
        t.prefix = "bert.";
        t.wordEmbeddings = "embeddings.word_embeddings";
        t.positionEmbeddings = "embeddings.position_embeddings";
        t.tokenTypeEmbeddings = "embeddings.token_type_embeddings";
        t.embeddingNorm = "embeddings.LayerNorm";
        t.query = "encoder.layer.%1.attention.self.query";
        t.key = "encoder.layer.%1.attention.self.key";
        t.value = "encoder.layer.%1.attention.self.value";
        t.attentionOutput = "encoder.layer.%1.attention.output.dense";
        t.attentionNorm = "encoder.layer.%1.attention.output.LayerNorm";
        t.feedForwardIn = "encoder.layer.%1.intermediate.dense";
        t.feedForwardOut = "encoder.layer.%1.output.dense";
        t.feedForwardNorm = "encoder.layer.%1.output.LayerNorm";
        t.maskedLmTransform = "cls.predictions.transform.dense";
        t.maskedLmNorm = "cls.predictions.transform.LayerNorm";
        t.maskedLmBias = "cls.predictions.bias";
        t.topLevel = {"cls."};
        // position_ids is an int64 buffer; the pooler, the next-sentence head
        // and the tied decoder are not used.
        t.ignoredEndings = {".position_ids"};
        t.ignoredBeginnings = {"pooler.", "cls.seq_relationship.", "cls.predictions.decoder."};
        return f;
    }();
    return description;
}

} // namespace AttentionLab
