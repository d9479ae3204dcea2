// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

namespace AttentionLab {

/// A tokenizer.json "pattern": {"String": "▁"} or {"Regex": "\\s+"}, the
/// regex read by PCRE2 with Unicode properties (\p{L}, \p{N}, (?i:...)).
struct TokenizerPattern
{
    bool isRegex = false;
    QString literal;
    QRegularExpression regex;

    /// Throws ReadError naming \a owner ("Split") for a pattern that is
    /// neither, or a regex PCRE2 cannot read.
    static TokenizerPattern fromJson(const QJsonValue &value, const char *owner);

    /**
     * \a source as a QRegularExpression that matches what Hugging Face's
     * Oniguruma matches: \s and \S are Unicode's White_Space (PCRE2 adds
     * U+180E, which Unicode 6.3 made a format character), and \p{L}, \p{N}
     * take the letters and digits of Unicode 15 that Debian 12's PCRE2
     * (Unicode 14) does not know. An invalid pattern comes back invalid.
     */
    static QRegularExpression compile(const QString &source);
};

} // namespace AttentionLab
