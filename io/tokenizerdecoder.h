// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

#include <string>
#include <vector>

namespace AttentionLab {

/**
 * The "decoder" of a tokenizer.json (Hugging Face tokenizers), used for the
 * labels a view shows: ByteLevel (GPT-2's characters back to bytes),
 * Metaspace, Replace, ByteFallback ("<0xE4>" back to a byte), Fuse, Strip and
 * a Sequence of them.
 *
 * Hugging Face's decode() joins every token into one string; labels() keeps
 * one label per token instead, and their concatenation is decode()'s string.
 * A character whose bytes are spread over several tokens (an emoji in three
 * byte-level tokens, "你" as <0xE4><0xBD><0xA0>) is the label of the token
 * that holds its first byte; the others get what is left, often nothing.
 */
class TokenizerDecoder
{
public:
    /// From the "decoder" value (null: the tokens as they are). Throws
    /// ReadError naming what is not supported.
    static TokenizerDecoder fromJson(const QJsonValue &value);

    /// One label per token of \a tokens (spelled as in the vocabulary).
    std::vector<QString> labels(const std::vector<std::string> &tokens) const;

private:
    struct Step
    {
        enum class Kind
        {
            ByteLevel,
            Metaspace,
            Replace,
            ByteFallback,
            Fuse,
            Strip
        } kind = Kind::ByteLevel;
        QString replacement;    ///< Metaspace's character; Replace's content
        bool stripFirst = true; ///< Metaspace: prepend_scheme is not "never"
        QString literal;        ///< Replace
        QRegularExpression regex;
        bool regexPattern = false;
        QString content; ///< Strip
        int start = 0, stop = 0;
    };
    static void append(const QJsonValue &value, std::vector<Step> &steps);
    std::vector<Step> m_steps;
};

} // namespace AttentionLab
