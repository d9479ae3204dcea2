// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for the tokenizer.json reader (HubTokenizer). An input
// holding a NUL is a tokenizer.json before it and a text after it: the file
// is read (a ReadError is a fine answer, anything else is not) and, when it
// reads, the text encoded. The text (the whole input without a NUL) is also
// encoded by the hand-made tokenizer.json files of tests/data/tokenizers/hub/tiny
// and by the Unigram files of tests/data/seq2seq (Flan-T5's and mBART's, with
// SentencePiece's compiled normalisation map). The seed unigram_precompiled.bin
// is a Unigram file with byte fallback whose map spm_train compiled from four
// rules (full-width S, the fi ligature, the ideographic space, e and a
// combining acute).
// Every id must be in the vocabulary and spelled as its token, and there
// must be one label per id.

#include "attentionfuzzcheck.h"
#include "io/hubtokenizer.h"
#include "io/readerror.h"

#include <QDir>

#include <vector>

using namespace AttentionLab;

namespace {

const char *const kFuzzer = "hubtokenizer_fuzzer";

const std::vector<HubTokenizer> &fixtures()
{
    static const std::vector<HubTokenizer> loaded = [] {
        std::vector<HubTokenizer> tokenizers;
        const QDir dir(QStringLiteral(TEST_DATA_DIR "/tokenizers/hub/tiny"));
        for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            if (name.endsWith(QLatin1String("_cases.json")))
                continue;
            try {
                tokenizers.push_back(HubTokenizer::fromFiles(dir.filePath(name)));
            } catch (const ReadError &error) {
                AttentionFuzz::failure(kFuzzer, "cannot load a fixture:", error.message);
            }
        }
        if (tokenizers.empty())
            AttentionFuzz::failure(kFuzzer, "no fixture in tests/data/tokenizers/hub/tiny");
        for (const char *unigram : {"flan-t5-small", "mbart-large"}) {
            try {
                tokenizers.push_back(HubTokenizer::fromFiles(
                    QStringLiteral(TEST_DATA_DIR "/seq2seq/%1/tokenizer.json")
                        .arg(QLatin1String(unigram))));
            } catch (const ReadError &error) {
                AttentionFuzz::failure(kFuzzer, "cannot load a fixture:", error.message);
            }
        }
        return tokenizers;
    }();
    return loaded;
}

void check(const HubTokenizer &tokenizer, const QString &text)
{
    for (const std::optional<bool> bos :
         {std::optional<bool>(), std::optional<bool>(true), std::optional<bool>(false)}) {
        const TokenizedText encoded = tokenizer.encode(text, bos);
        if (encoded.ids.size() != encoded.tokens.size() || !encoded.tokenTypes.empty())
            AttentionFuzz::failure(kFuzzer, "ids, tokens and token types do not fit");
        for (std::size_t i = 0; i < encoded.ids.size(); ++i) {
            const int id = encoded.ids[i];
            if (id < 0 || id >= tokenizer.vocabularySize() ||
                tokenizer.token(id) != encoded.tokens[i])
                AttentionFuzz::failure(kFuzzer, "an id out of range or misspelt");
        }
        if (tokenizer.labels(encoded.ids).size() != encoded.ids.size())
            AttentionFuzz::failure(kFuzzer, "not one label per id");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const AttentionFuzz::FileAndText input =
        AttentionFuzz::fileAndText(kFuzzer, data, size, QStringLiteral("tokenizer.json"));
    for (const HubTokenizer &tokenizer : fixtures())
        check(tokenizer, input.text);
    if (input.path.isEmpty())
        return 0;
    try {
        check(HubTokenizer::fromFiles(input.path), input.text);
    } catch (const ReadError &) {
        // Refused in one line: what a bad file should get.
    }
    return 0;
}
