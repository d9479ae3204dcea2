// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

#include <utility>
#include <vector>

namespace AttentionLab {

/// A tokenizer.json "pattern": {"String": "▁"} or {"Regex": "\\s+"}, the
/// regex read by PCRE2 with Unicode properties (\p{L}, \p{N}, (?i:...)).
struct TokenizerPattern
{
    bool isRegex = false;
    QString literal;
    QRegularExpression regex;
    /// The regex as tokenizer.json gives it, for messages.
    QString source;

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
    /**
     * Every match of \a regex in \a text as [start, end), empty ones too.
     * A search PCRE2 gives up (its match or depth limit, as `(a+)+c` meets
     * on "aaa…ab") throws ReadError naming \a owner and \a source: taken as
     * no match, it silently lost a split (issue 36, item 8).
     */
    static std::vector<std::pair<qsizetype, qsizetype>> matches(const QRegularExpression &regex,
                                                                const QString &text,
                                                                const char *owner,
                                                                const QString &source);
};

} // namespace AttentionLab
