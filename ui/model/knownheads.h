// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QString>

#include <string>
#include <vector>

namespace AttentionLab {

class ModelDocument;

/// One head a paper identified in a trained model, numbered from 0.
struct KnownHead
{
    int layer = 0;
    int head = 0;
    QString role;   ///< "previous token", "direct object (paper's 8-10)", ...
    QString source; ///< the paper and the probe that found it
};

/// A model's known heads, as resources/knownheads.json lists them.
struct KnownHeadGroup
{
    QString id;    ///< "gpt2-small"
    QString title; ///< "GPT-2 small"
    int layers = 0;
    int heads = 0;
    QString tokens; ///< the tokenizer family: "gpt2", "bert" or "sentencepiece"
    QString set;    ///< the attention its heads are of: "encoder", "cross", ...; empty: any
    QList<KnownHead> entries;
};

/**
 * The known-heads table shipped with the program (the resource
 * :/knownheads.json), and which of its groups fit an opened tensor.
 */
class KnownHeads
{
public:
    /// The shipped table; empty with \a error set if it cannot be read.
    static QList<KnownHeadGroup> load(QString *error = nullptr);
    /// Parses a table in knownheads.json's format.
    static QList<KnownHeadGroup> parse(const QByteArray &json, QString *error = nullptr);
    /// "gpt2" when the tokens are GPT-2's byte-level BPE (a "Ġ"), "bert" for
    /// WordPiece ("[CLS]", "##"), "sentencepiece" for SentencePiece's "▁"
    /// pieces, empty when the tokens do not tell.
    static QString tokenFamily(const std::vector<std::string> &tokens);
    /// The groups of \a groups for a \a layers x \a heads tensor with \a
    /// tokens: those of the tokens' family, or every group of that shape
    /// when the tokens do not tell; a group of one attention set ("cross")
    /// only when \a set names it.
    static QList<KnownHeadGroup> matching(const QList<KnownHeadGroup> &groups, int layers,
                                          int heads, const std::vector<std::string> &tokens,
                                          const QString &set = QString());
    /// The groups for what \a document shows (its shape, tokens and set);
    /// none for a file that kept only some layers or heads, whose numbering
    /// is not the model's the catalogue is written in.
    static QList<KnownHeadGroup> forDocument(const ModelDocument &document);
};

} // namespace AttentionLab
