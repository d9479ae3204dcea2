// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/precompiledcharsmap.h"

#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

#include <memory>
#include <vector>

namespace AttentionLab {

/**
 * The "normalizer" of a tokenizer.json (Hugging Face tokenizers): NFC, NFD,
 * NFKC, NFKD, Lowercase, Prepend, Replace, Strip, Precompiled (SentencePiece's
 * compiled map, PrecompiledCharsMap) and a Sequence of them, run
 * on each stretch of text between added tokens before the pre-tokenizer.
 */
class TokenizerNormalizer
{
public:
    /// From the "normalizer" value (null: the text is left as it is). Throws
    /// ReadError with a message naming what is not supported
    /// ("normalizer \"Precompiled\" is not supported").
    static TokenizerNormalizer fromJson(const QJsonValue &value);

    /// \a text normalized; throws ReadError when it would grow past
    /// maxLength(), or a regex search gives up (TokenizerPattern::matches).
    QString apply(const QString &text) const;
    /// The longest a normalized text of \a input characters may be: NFKD
    /// makes up to 18 characters of one (U+FDFA), and a Prepend adds a few.
    static qsizetype maxLength(qsizetype input);
    static constexpr qsizetype kMaxGrowth = 32;
    static constexpr qsizetype kMaxSlack = 4096;
    bool isIdentity() const { return m_steps.empty(); }

private:
    struct Step
    {
        enum class Kind
        {
            Form,
            Lowercase,
            Prepend,
            Replace,
            Strip,
            Precompiled
        } kind = Kind::Form;
        QString::NormalizationForm form = QString::NormalizationForm_C;
        QString text;    ///< Prepend: what is put in front; Replace: the replacement
        QString literal; ///< Replace: the string replaced (when no regex)
        QRegularExpression regex;
        QString source; ///< Replace: the regex as tokenizer.json gives it
        bool regexPattern = false;
        bool left = false, right = false; ///< Strip
        std::shared_ptr<const PrecompiledCharsMap> charsMap;
    };
    static void append(const QJsonValue &value, std::vector<Step> &steps);
    std::vector<Step> m_steps;
};

} // namespace AttentionLab
