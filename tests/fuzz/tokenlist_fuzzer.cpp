// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for token lists (--tokens FILE): every input is refused
// with one short line naming the file, or read into tokens, none of which
// holds a line break (a token a line cannot, and JSON strings are decoded).

#include "attentionfuzzcheck.h"
#include "io/tokenlistreader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString name = QStringLiteral("fuzz.json");
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    AttentionLab::TokenListReader reader;
    const auto tokens = reader.parse(bytes, name);
    if (!tokens) {
        const QString error = reader.errorString();
        if (!error.startsWith(name + QStringLiteral(": ")) || error.contains(QLatin1Char('\n')) ||
            error.size() > 600)
            AttentionFuzz::failure("tokenlist_fuzzer",
                                   "a refusal that is not one short line:", error.left(600));
        return 0;
    }
    // A JSON list may follow a byte order mark, which the reader skips.
    const QByteArray text = bytes.startsWith("\xEF\xBB\xBF") ? bytes.mid(3) : bytes;
    const bool json = text.trimmed().startsWith('[');
    for (const std::string &token : *tokens) {
        if (!json && token.find('\n') != std::string::npos)
            AttentionFuzz::failure("tokenlist_fuzzer", "a line token holding a line break");
    }
    return 0;
}
