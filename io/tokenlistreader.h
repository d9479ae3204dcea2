// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

#include <optional>
#include <string>
#include <vector>

class QByteArray;

namespace AttentionLab {

/**
 * Reads a token list given beside an attention file (--tokens FILE): a JSON
 * list of strings, or else one token a line (UTF-8; "\n" or "\r\n"; a final
 * newline ends the last token, it does not add an empty one).
 */
class TokenListReader
{
public:
    /// Token files are a few thousand tokens.
    static constexpr long long kMaxFileBytes = 64ll << 20;

    /// The tokens in \a path; std::nullopt with errorString() set on failure.
    std::optional<std::vector<std::string>> readFile(const QString &path);
    /// The tokens in \a data; \a name is used in messages.
    std::optional<std::vector<std::string>> parse(const QByteArray &data, const QString &name);

    /// "FILE: what is wrong", for the last failed read.
    QString errorString() const { return m_error; }

private:
    std::optional<std::vector<std::string>> fail(const QString &name, const QString &message);
    QString m_error;
};

} // namespace AttentionLab
