// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for the SentencePiece tokenizers (SentencePieceTokenizer
// through libsentencepiece, and the Marian ids of a vocab.json). An input
// holding a NUL is a vocab.json before it and a text after it: Marian's
// source.spm of tests/data/seq2seq/opus-mt-en-fr is read with that vocab.json
// (a ReadError is a fine answer, anything else is not) and, when it reads,
// the text encoded and decoded. The text (the whole input without a NUL) is
// also encoded by that folder's own tokenizer and by t5-small's spiece.model
// with its sentinels. Every id must be in the vocabulary and spelled as its
// token.

#include "attentionfuzzcheck.h"
#include "io/readerror.h"
#include "io/sentencepiecetokenizer.h"

#include <vector>

using namespace AttentionLab;

namespace {

const char *const kFuzzer = "sentencepiece_fuzzer";
const QString kMarian = QStringLiteral(TEST_DATA_DIR "/seq2seq/opus-mt-en-fr");

const std::vector<SentencePieceTokenizer> &fixtures()
{
    static const std::vector<SentencePieceTokenizer> loaded = [] {
        std::vector<SentencePieceTokenizer> tokenizers;
        try {
            tokenizers.push_back(SentencePieceTokenizer::fromMarian(
                kMarian + QStringLiteral("/source.spm"), kMarian + QStringLiteral("/vocab.json")));
            tokenizers.push_back(SentencePieceTokenizer::fromModel(
                QStringLiteral(TEST_DATA_DIR "/seq2seq/t5-small/spiece.model"), 10));
        } catch (const ReadError &error) {
            AttentionFuzz::failure(kFuzzer, "cannot load a fixture:", error.message);
        }
        return tokenizers;
    }();
    return loaded;
}

void check(const SentencePieceTokenizer &tokenizer, const QString &text)
{
    const TokenizedText encoded = tokenizer.encode(text);
    if (encoded.ids.size() != encoded.tokens.size())
        AttentionFuzz::failure(kFuzzer, "ids and tokens do not fit");
    for (std::size_t i = 0; i < encoded.ids.size(); ++i) {
        const int id = encoded.ids[i];
        if (id < 0 || id >= tokenizer.vocabularySize() || tokenizer.token(id) != encoded.tokens[i])
            AttentionFuzz::failure(kFuzzer, "an id out of range or misspelt");
    }
    (void)tokenizer.decode(encoded.ids);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const AttentionFuzz::FileAndText input =
        AttentionFuzz::fileAndText(kFuzzer, data, size, QStringLiteral("vocab.json"));
    for (const SentencePieceTokenizer &tokenizer : fixtures())
        check(tokenizer, input.text);
    if (input.path.isEmpty())
        return 0;
    try {
        check(
            SentencePieceTokenizer::fromMarian(kMarian + QStringLiteral("/source.spm"), input.path),
            input.text);
    } catch (const ReadError &) {
        // Refused in one line: what a bad file should get.
    }
    return 0;
}
