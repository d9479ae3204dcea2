// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for the tokenizers: any bytes, read as UTF-8 text, are
// encoded by GPT-2's tokenizer and BERT's (both loaded from the test
// fixtures). Every id is in the vocabulary and spelled as its token; GPT-2's
// tokens, mapped back through the byte-to-unicode table, give the text's UTF-8
// again; BERT's output is [CLS] ... [SEP] (... [SEP]) with a token type each.

#include "attentionfuzzcheck.h"
#include "io/gpt2tokenizer.h"
#include "io/readerror.h"
#include "io/wordpiecetokenizer.h"

#include <QList>

#include <map>

using namespace AttentionLab;

namespace {

const char *const kFuzzer = "gpt2tokenizer_fuzzer";

struct Tokenizers
{
    Gpt2Tokenizer gpt2;
    WordPieceTokenizer bert;
};

const Tokenizers &tokenizers()
{
    static const Tokenizers loaded = [] {
        const QString dir = QStringLiteral(TEST_DATA_DIR "/tokenizers");
        try {
            return Tokenizers{
                Gpt2Tokenizer::fromFiles(dir + QStringLiteral("/gpt2/vocab.json"),
                                         dir + QStringLiteral("/gpt2/merges.txt")),
                WordPieceTokenizer::fromFiles(dir + QStringLiteral("/bert/vocab.txt"))};
        } catch (const ReadError &error) {
            AttentionFuzz::failure(kFuzzer, "cannot load the fixtures:", error.message);
        }
    }();
    return loaded;
}

/// The inverse of GPT-2's byte-to-unicode table, written here from its definition.
const std::map<char32_t, char> &unicodeToByte()
{
    static const std::map<char32_t, char> table = [] {
        std::map<char32_t, char> inverse;
        char32_t next = 0x100;
        for (int byte = 0; byte < 256; ++byte) {
            const bool same =
                (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || byte >= 174;
            inverse[same ? char32_t(byte) : next++] = char(byte);
        }
        return inverse;
    }();
    return table;
}

void checkGpt2(const QString &text)
{
    const Gpt2Tokenizer &gpt2 = tokenizers().gpt2;
    const TokenizedText encoded = gpt2.encode(text);
    if (encoded.ids.size() != encoded.tokens.size() || !encoded.tokenTypes.empty())
        AttentionFuzz::failure(kFuzzer, "GPT-2: ids, tokens and token types do not fit");
    QByteArray bytes;
    for (std::size_t i = 0; i < encoded.ids.size(); ++i) {
        const int id = encoded.ids[i];
        if (id < 0 || id >= gpt2.vocabularySize() || gpt2.token(id) != encoded.tokens[i])
            AttentionFuzz::failure(kFuzzer, "GPT-2: an id out of range or misspelt");
        for (const uint c : QString::fromStdString(encoded.tokens[i]).toUcs4()) {
            const auto byte = unicodeToByte().find(char32_t(c));
            if (byte == unicodeToByte().end())
                AttentionFuzz::failure(kFuzzer, "GPT-2: a token that is not byte-level");
            bytes.append(byte->second);
        }
    }
    if (bytes != text.toUtf8())
        AttentionFuzz::failure(kFuzzer, "GPT-2: the tokens do not give the text back:",
                               QString::fromUtf8(bytes.left(200).toHex()));
}

void checkBert(const QString &text, const std::optional<QString> &pair)
{
    const WordPieceTokenizer &bert = tokenizers().bert;
    const TokenizedText encoded = bert.encode(text, pair);
    const std::size_t n = encoded.ids.size();
    if (n < (pair ? 3u : 2u) || encoded.tokens.size() != n || encoded.tokenTypes.size() != n)
        AttentionFuzz::failure(kFuzzer, "BERT: ids, tokens and token types do not fit");
    if (encoded.tokens.front() != "[CLS]" || encoded.tokens.back() != "[SEP]")
        AttentionFuzz::failure(kFuzzer, "BERT: not [CLS] ... [SEP]");
    for (std::size_t i = 0; i < n; ++i) {
        const int id = encoded.ids[i];
        if (id < 0 || id >= bert.vocabularySize() || bert.token(id) != encoded.tokens[i])
            AttentionFuzz::failure(kFuzzer, "BERT: an id out of range or misspelt");
        if (encoded.tokenTypes[i] != 0 && encoded.tokenTypes[i] != 1)
            AttentionFuzz::failure(kFuzzer, "BERT: a token type that is not 0 or 1");
        if (i > 0 && encoded.tokenTypes[i] < encoded.tokenTypes[i - 1])
            AttentionFuzz::failure(kFuzzer, "BERT: token type 0 after 1");
    }
    if (!pair && encoded.tokenTypes.back() != 0)
        AttentionFuzz::failure(kFuzzer, "BERT: token type 1 without a pair");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);
    checkGpt2(text);
    checkBert(text, std::nullopt);
    // The text split at its first NUL, if any, as a pair.
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0)
        checkBert(QString::fromUtf8(bytes.left(nul)), QString::fromUtf8(bytes.mid(nul + 1)));
    return 0;
}
