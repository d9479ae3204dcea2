// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The Tokenizer interface over each kind of tokenizer, opened from the
// committed fixtures: GPT-2's vocab.json and merges.txt, BERT's vocab.txt and
// tokenizer.json, alone or through a model folder (PretrainedModel). The
// expected ids come from the fixture files themselves (their vocabularies, and
// the reference cases of tests/data/tokenizers).

#include "io/gpt2tokenizer.h"
#include "io/hubtokenizer.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/tokenizer.h"
#include "io/wordpiecetokenizer.h"

#include <QList>
#include <QObject>
#include <QtTest>

#include <memory>
#include <optional>

using namespace AttentionLab;

namespace {

QString dataPath(const QString &relative)
{
    return QStringLiteral(TEST_DATA_DIR "/") + relative;
}

/// The tokenizer \a kind reads at \a path: "model" a model folder through
/// PretrainedModel, "gpt2" a folder with vocab.json and merges.txt,
/// "wordpiece" a vocab.txt (and the uncased tokenizer_config.json beside it),
/// "tokenizer.json" that file alone.
std::shared_ptr<const Tokenizer> openTokenizer(const QString &kind, const QString &path)
{
    if (kind == QStringLiteral("model")) {
        const std::shared_ptr<const PretrainedModel> model = PretrainedModel::open(path);
        // The tokenizer lives as long as the model that holds it.
        return std::shared_ptr<const Tokenizer>(model, &model->tokenizer());
    }
    if (kind == QStringLiteral("gpt2"))
        return std::make_shared<Gpt2Tokenizer>(Gpt2Tokenizer::fromFiles(
            path + QStringLiteral("/vocab.json"), path + QStringLiteral("/merges.txt")));
    if (kind == QStringLiteral("wordpiece"))
        return std::make_shared<WordPieceTokenizer>(
            WordPieceTokenizer::fromFiles(path + QStringLiteral("/vocab.txt"),
                                          path + QStringLiteral("/uncased/tokenizer_config.json")));
    return std::make_shared<HubTokenizer>(HubTokenizer::fromFiles(path));
}

std::optional<int> optionalId(int id)
{
    return id < 0 ? std::nullopt : std::optional<int>(id);
}

} // namespace

class TestTokenizer : public QObject
{
    Q_OBJECT

private slots:
    void throughTheInterface_data();
    void throughTheInterface();
    void pairRefusedWhereNotRead();
    void spellingOfAnIdWithoutToken();
};

void TestTokenizer::throughTheInterface_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("pair"); // empty: one text
    QTest::addColumn<QList<int>>("ids");
    QTest::addColumn<QList<int>>("tokenTypes");
    QTest::addColumn<QString>("decoded");
    QTest::addColumn<QString>("token"); // one token of the vocabulary and its id
    QTest::addColumn<int>("tokenId");
    QTest::addColumn<int>("vocabularySize");
    QTest::addColumn<int>("bos"); // -1: none
    QTest::addColumn<int>("eos");
    QTest::addColumn<int>("pad");
    QTest::addColumn<int>("mask");
    QTest::addColumn<bool>("readsPairs");
    QTest::addColumn<bool>("addsBos");

    const QList<int> none;
    // vocab.json: "The" 257, "Ġcat" 300, "Ġsat" 302, "Ġon" 304, "Ġthe" 276,
    // "Ġmat" 307, "." 13, "<|endoftext|>" 309 (the last id).
    QTest::newRow("GPT-2, models/gpt2-tiny")
        << "model" << dataPath(QStringLiteral("models/gpt2-tiny"))
        << QStringLiteral("The cat sat on the mat.") << QString()
        << QList<int>{257, 300, 302, 304, 276, 307, 13} << none
        << QStringLiteral("The cat sat on the mat.") << QStringLiteral("Ġcat") << 300 << 310 << 309
        << 309 << -1 << -1 << false << false;
    // gpt2_cases.json's "pangram", from the reference encoder.
    QTest::newRow("GPT-2, tokenizers/gpt2")
        << "gpt2" << dataPath(QStringLiteral("tokenizers/gpt2"))
        << QStringLiteral("The quick brown fox jumps over the lazy dog.") << QString()
        << QList<int>{464, 2068, 7586, 21831, 18045, 625, 262, 16931, 3290, 13} << none
        << QStringLiteral("The quick brown fox jumps over the lazy dog.") << QStringLiteral("Ġthe")
        << 262 << 50257 << 50256 << 50256 << -1 << -1 << false << false;
    // vocab.txt: [PAD] 0, [CLS] 2, [SEP] 3, [MASK] 4, "." 5, "the" 10, "cat" 21,
    // "sat" 22, "on" 23, "mat" 24; 79 lines.
    QTest::newRow("WordPiece, models/bert-tiny")
        << "model" << dataPath(QStringLiteral("models/bert-tiny"))
        << QStringLiteral("The [MASK] sat.") << QString() << QList<int>{2, 10, 4, 22, 5, 3}
        << QList<int>{0, 0, 0, 0, 0, 0} << QStringLiteral("[CLS] the [MASK] sat . [SEP]")
        << QStringLiteral("cat") << 21 << 79 << -1 << -1 << 0 << 4 << true << false;
    QTest::newRow("WordPiece, models/bert-tiny, a pair")
        << "model" << dataPath(QStringLiteral("models/bert-tiny")) << QStringLiteral("the cat sat")
        << QStringLiteral("on the mat") << QList<int>{2, 10, 21, 22, 3, 23, 10, 24, 3}
        << QList<int>{0, 0, 0, 0, 0, 1, 1, 1, 1}
        << QStringLiteral("[CLS] the cat sat [SEP] on the mat [SEP]") << QStringLiteral("mat") << 24
        << 79 << -1 << -1 << 0 << 4 << true << false;
    // bert_cases.json's "uncased, lecture sentence".
    QTest::newRow("WordPiece, tokenizers/bert")
        << "wordpiece" << dataPath(QStringLiteral("tokenizers/bert"))
        << QStringLiteral("The animal didn't cross the street because it was too tired")
        << QString()
        << QList<int>{101, 260, 261, 262, 110, 175, 263, 260, 264, 265, 266, 267, 268, 269, 102}
        << QList<int>(15, 0)
        << QStringLiteral("[CLS] the animal didn ' t cross the street because it was too "
                          "tired [SEP]")
        << QStringLiteral("[MASK]") << 103 << 625 << -1 << -1 << 0 << 103 << true << false;
    // tokenizer.json: "<s>" 1, "</s>" 2, "▁the" 32, "▁cat" 35, "▁sat" 38;
    // tokenizer_config.json: bos_token <s>, eos_token </s>, add_bos_token true.
    for (const char *folder : {"llama-gqa", "llama3-mqa", "mistral-window"})
        QTest::addRow("tokenizer.json, decoders/%s", folder)
            << "model" << dataPath(QStringLiteral("decoders/") + QLatin1String(folder))
            << QStringLiteral("the cat sat") << QString() << QList<int>{1, 32, 35, 38} << none
            << QStringLiteral("<s> the cat sat") << QStringLiteral("▁cat") << 35 << 50 << 1 << 2
            << -1 << -1 << false << true;
    // The same tokenizer.json without a tokenizer_config.json: no special token.
    for (const char *folder : {"pythia-partial", "qwen2-bias", "qwen3-headdim"})
        QTest::addRow("tokenizer.json, decoders/%s", folder)
            << "model" << dataPath(QStringLiteral("decoders/") + QLatin1String(folder))
            << QStringLiteral("the cat sat") << QString() << QList<int>{32, 35, 38} << none
            << QStringLiteral("the cat sat") << QStringLiteral("▁sat") << 38 << 50 << -1 << -1 << -1
            << -1 << false << false;
    // nfkc_template_cases.json's "the cat": the template's <bos> 256 and <eos>
    // 257 around the text; 272 ids.
    QTest::newRow("tokenizer.json, tokenizers/hub/tiny/nfkc_template")
        << "tokenizer.json" << dataPath(QStringLiteral("tokenizers/hub/tiny/nfkc_template.json"))
        << QStringLiteral("The Cat") << QString()
        << QList<int>{256, 32, 116, 258, 32, 99, 97, 116, 257} << none
        << QStringLiteral("<bos> the cat<eos>") << QStringLiteral("<eos>") << 257 << 272 << 256
        << -1 << -1 << -1 << false << true;
}

void TestTokenizer::throughTheInterface()
{
    QFETCH(QString, kind);
    QFETCH(QString, path);
    QFETCH(QString, text);
    QFETCH(QString, pair);
    QFETCH(QList<int>, ids);
    QFETCH(QList<int>, tokenTypes);
    QFETCH(QString, decoded);
    QFETCH(QString, token);
    QFETCH(int, tokenId);
    QFETCH(int, vocabularySize);
    QFETCH(int, bos);
    QFETCH(int, eos);
    QFETCH(int, pad);
    QFETCH(int, mask);
    QFETCH(bool, readsPairs);
    QFETCH(bool, addsBos);

    const std::shared_ptr<const Tokenizer> tokenizer = openTokenizer(kind, path);
    const Tokenizer &t = *tokenizer;

    const TokenizedText encoded = pair.isEmpty() ? t.encode(text) : t.encodePair(text, pair);
    QCOMPARE(QList<int>(encoded.ids.begin(), encoded.ids.end()), ids);
    QCOMPARE(QList<int>(encoded.tokenTypes.begin(), encoded.tokenTypes.end()), tokenTypes);
    QCOMPARE(encoded.tokens.size(), encoded.ids.size());
    for (std::size_t i = 0; i < encoded.ids.size(); ++i) {
        QCOMPARE(encoded.tokens[i], t.token(encoded.ids[i]));
        QCOMPARE(t.id(encoded.tokens[i]), std::optional<int>(encoded.ids[i]));
    }
    QCOMPARE(QString::fromStdString(t.decode(encoded.ids)), decoded);

    QCOMPARE(t.token(tokenId), token.toStdString());
    QCOMPARE(t.spelling(tokenId), token.toStdString());
    QCOMPARE(t.id(token.toStdString()), std::optional<int>(tokenId));
    QCOMPARE(t.id("no such token in any fixture"), std::nullopt);
    QCOMPARE(t.vocabularySize(), vocabularySize);
    QVERIFY(t.token(vocabularySize).empty());

    const Tokenizer::SpecialIds special = t.specialIds();
    QCOMPARE(special.bos, optionalId(bos));
    QCOMPARE(special.eos, optionalId(eos));
    QCOMPARE(special.pad, optionalId(pad));
    QCOMPARE(special.mask, optionalId(mask));
    QCOMPARE(special.decoderStart, std::nullopt); // no decoder-only or BERT file names one
    for (const std::optional<int> &id : {special.bos, special.eos, special.pad, special.mask})
        if (id)
            QCOMPARE(t.id(t.token(*id)), id);
    QCOMPARE(t.readsPairs(), readsPairs);
    QCOMPARE(t.choosesBos(), !readsPairs); // BERT's [CLS] begins every text by itself
    QCOMPARE(t.addsBos(), addsBos);

    if (!pair.isEmpty())
        return;
    // The beginning-of-text choice: told, the tokenizer follows; one that
    // starts with its own token (BERT) ignores it.
    const TokenizedText with = t.encode(text, true);
    const TokenizedText without = t.encode(text, false);
    if (!t.choosesBos() || !special.bos) {
        QCOMPARE(with.ids, encoded.ids);
        QCOMPARE(without.ids, encoded.ids);
    } else {
        QCOMPARE(with.ids.front(), *special.bos);
        QVERIFY(without.ids.empty() || without.ids.front() != *special.bos);
        QCOMPARE(with.ids.size(), without.ids.size() + 1);
    }
}

void TestTokenizer::pairRefusedWhereNotRead()
{
    const std::shared_ptr<const Tokenizer> gpt2 =
        openTokenizer(QStringLiteral("gpt2"), dataPath(QStringLiteral("tokenizers/gpt2")));
    QVERIFY(!gpt2->readsPairs());
    QVERIFY_THROWS_EXCEPTION(ReadError, gpt2->encodePair(QStringLiteral("a"), QStringLiteral("b")));
}

void TestTokenizer::spellingOfAnIdWithoutToken()
{
    // pythia-partial's embeddings have 61 rows over the tokenizer's 50 ids.
    const std::shared_ptr<const Tokenizer> tokenizer =
        openTokenizer(QStringLiteral("model"), dataPath(QStringLiteral("decoders/pythia-partial")));
    QVERIFY(tokenizer->token(55).empty());
    QCOMPARE(tokenizer->spelling(55), std::string("<55>"));
    QCOMPARE(tokenizer->decode({32, 35}), std::string("the cat"));
}

QTEST_APPLESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
