// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

#include <vector>

namespace AttentionLab {

/**
 * The "pre_tokenizer" of a tokenizer.json (Hugging Face tokenizers): Split
 * (the file's own pattern, with its behavior and invert), ByteLevel (GPT-2's
 * pattern when use_regex, add_prefix_space, and every byte written as
 * GPT-2's printable character), Metaspace (spaces as "▁", prepend_scheme
 * always, first or never, split), WhitespaceSplit (older T5 files: cut
 * at each whitespace character, which goes), Digits (StarCoder's and SmolLM's digits
 * one by one) and a Sequence of them. It cuts the
 * normalized text between added tokens into the pieces the model encodes
 * one by one.
 */
class PreTokenizer
{
public:
    /// From the "pre_tokenizer" value (null: the text is one piece). Throws
    /// ReadError naming what is not supported ("pre_tokenizer \"Whitespace\"
    /// is not supported").
    static PreTokenizer fromJson(const QJsonValue &value);

    /// The pieces of \a text; \a atStart when it begins the input (Metaspace's
    /// prepend_scheme "first" puts "▁" only there).
    std::vector<QString> split(const QString &text, bool atStart) const;

private:
    enum class Behavior
    {
        Removed,
        Isolated,
        MergedWithPrevious,
        MergedWithNext,
        Contiguous
    };
    struct Step
    {
        enum class Kind
        {
            Split,
            ByteLevel,
            Metaspace,
            WhitespaceSplit,
            Digits
        } kind = Kind::Split;
        QString literal;
        QRegularExpression regex;
        QString source; ///< the regex as tokenizer.json gives it
        bool regexPattern = false;
        Behavior behavior = Behavior::Isolated;
        bool invert = false;
        bool addPrefixSpace = false; ///< ByteLevel
        bool useRegex = false;       ///< ByteLevel
        QChar replacement;           ///< Metaspace
        enum class Prepend
        {
            Always,
            First,
            Never
        } prepend = Prepend::Always;
        bool splitPieces = true;       ///< Metaspace
        bool individualDigits = false; ///< Digits
    };
    struct Piece
    {
        QString text;
        bool atStart = false;
    };
    static void append(const QJsonValue &value, std::vector<Step> &steps);
    static void run(const Step &step, std::vector<Piece> &pieces);
    static void splitPiece(const Piece &piece,
                           const std::vector<std::pair<qsizetype, qsizetype>> &matches,
                           Behavior behavior, bool invert, std::vector<Piece> &out);
    std::vector<Step> m_steps;
};

} // namespace AttentionLab
