// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The tokenizers: GPT-2's byte-level BPE on GPT-2's real vocab.json and
// merges.txt against the ids of the reference encoder
// (tests/data/make_gpt2_tokenizer_fixtures.js), BERT's WordPiece on a small
// vocabulary against the reference algorithm
// (tests/data/make_wordpiece_fixtures.py), and one line naming the file for
// every broken vocabulary, merges or config file.

#include "io/gpt2tokenizer.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/specialtokenscanner.h"
#include "io/tokenvocabulary.h"
#include "io/wordpiecetokenizer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <thread>

using namespace AttentionLab;

namespace {

QString dataDir()
{
    return QStringLiteral(TEST_DATA_DIR "/tokenizers");
}

QJsonArray cases(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file));
    return QJsonDocument::fromJson(in.readAll()).object().value(QStringLiteral("cases")).toArray();
}

std::vector<int> ints(const QJsonValue &list)
{
    std::vector<int> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toInt(-1));
    return out;
}

std::vector<std::string> strings(const QJsonValue &list)
{
    std::vector<std::string> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toString().toStdString());
    return out;
}

Gpt2Tokenizer gpt2()
{
    static const Gpt2Tokenizer tokenizer =
        Gpt2Tokenizer::fromFiles(dataDir() + QStringLiteral("/gpt2/vocab.json"),
                                 dataDir() + QStringLiteral("/gpt2/merges.txt"));
    return tokenizer;
}

WordPieceTokenizer bert(const QString &config)
{
    const QString dir = dataDir() + QStringLiteral("/bert");
    // "default": a tokenizer_config.json that is not there.
    return WordPieceTokenizer::fromFiles(dir + QStringLiteral("/vocab.txt"),
                                         dir + QLatin1Char('/') + config +
                                             QStringLiteral("/tokenizer_config.json"));
}

/// GPT-2's byte-to-unicode table, written here from its definition.
QString byteSpelling(int byte)
{
    int next = 0x100;
    for (int b = 0; b < 256; ++b) {
        const bool same = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || b >= 174;
        const int code = same ? b : next++;
        if (b == byte)
            return QString(QChar(code));
    }
    return {};
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

/// A tiny byte-level vocabulary: the 256 bytes, "<|endoftext|>", then \a extra.
QJsonObject tinyVocabulary(const QStringList &extra = {})
{
    QJsonObject vocabulary;
    for (int byte = 0; byte < 256; ++byte)
        vocabulary.insert(byteSpelling(byte), byte);
    vocabulary.insert(QStringLiteral("<|endoftext|>"), 256);
    for (const QString &token : extra)
        vocabulary.insert(token, vocabulary.size());
    return vocabulary;
}

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

class TestTokenizers : public QObject
{
    Q_OBJECT

private slots:
    void gpt2MatchesReference_data();
    void gpt2MatchesReference();
    void gpt2Bos();
    void gpt2LoneSurrogateIsReplacementCharacter();
    void gpt2Vocabulary();
    void gpt2MergesByRankNotPosition();
    void gpt2SharedAcrossThreads();

    void wordPieceMatchesReference_data();
    void wordPieceMatchesReference();
    void wordPieceVocabulary();
    void vocabularyGapsAndRepeats();

    void specialTokensScanLinearly_data();
    void specialTokensScanLinearly();
    void manyMasksWithAPair();

    void refusals_data();
    void refusals();
};

void TestTokenizers::vocabularyGapsAndRepeats()
{
    // What the three readers share: ids with gaps (no token there), and a
    // token given again taking its later id while its first id keeps it.
    TokenVocabulary vocabulary;
    vocabulary.set(0, "a");
    vocabulary.set(3, "b");
    QCOMPARE(vocabulary.size(), 4);
    QVERIFY(vocabulary.hasToken(3));
    QVERIFY(!vocabulary.hasToken(1));
    QVERIFY(!vocabulary.hasToken(-1));
    QVERIFY(!vocabulary.hasToken(4));
    QCOMPARE(vocabulary.token(1), std::string());
    QCOMPARE(vocabulary.token(99), std::string());
    QCOMPARE(vocabulary.id("b"), std::optional<int>(3));
    QCOMPARE(vocabulary.id("c"), std::optional<int>());
    vocabulary.set(5, "a");
    QCOMPARE(vocabulary.id("a"), std::optional<int>(5));
    QCOMPARE(vocabulary.token(0), std::string("a"));
    QCOMPARE(vocabulary.tokenOf(5), std::string("a"));
    QCOMPARE(vocabulary.size(), 6);
}

void TestTokenizers::gpt2MatchesReference_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<std::vector<std::string>>("tokens");
    const QJsonArray rows = cases(dataDir() + QStringLiteral("/gpt2/gpt2_cases.json"));
    QVERIFY(rows.size() > 300);
    for (const QJsonValue &row : rows) {
        const QJsonObject object = row.toObject();
        QTest::newRow(qPrintable(object.value(QStringLiteral("name")).toString()))
            << object.value(QStringLiteral("text")).toString()
            << ints(object.value(QStringLiteral("ids")))
            << strings(object.value(QStringLiteral("tokens")));
    }
}

void TestTokenizers::gpt2MatchesReference()
{
    QFETCH(QString, text);
    QFETCH(std::vector<int>, ids);
    QFETCH(std::vector<std::string>, tokens);
    const TokenizedText encoded = gpt2().encode(text);
    QCOMPARE(encoded.ids, ids);
    QCOMPARE(encoded.tokens, tokens);
    QVERIFY(encoded.tokenTypes.empty());
    // Twice: the second time from the cache of pieces.
    QCOMPARE(gpt2().encode(text).ids, ids);
}

void TestTokenizers::gpt2Bos()
{
    const TokenizedText plain = gpt2().encode(QStringLiteral("Hello world"));
    const TokenizedText withBos = gpt2().encode(QStringLiteral("Hello world"), true);
    QCOMPARE(plain.ids, (std::vector<int>{15496, 995}));
    QCOMPARE(withBos.ids, (std::vector<int>{50256, 15496, 995}));
    QCOMPARE(withBos.tokens.front(), std::string("<|endoftext|>"));
    QCOMPARE(gpt2().encode(QString(), true).ids, std::vector<int>{50256});
    QVERIFY(gpt2().encode(QString()).ids.empty());
}

void TestTokenizers::gpt2LoneSurrogateIsReplacementCharacter()
{
    const QString lone = QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b") + QChar(0xDC00);
    const QString replaced = QStringLiteral("a\uFFFDb\uFFFD");
    QCOMPARE(gpt2().encode(lone).ids, gpt2().encode(replaced).ids);
}

void TestTokenizers::gpt2Vocabulary()
{
    const Gpt2Tokenizer tokenizer = gpt2();
    QCOMPARE(tokenizer.vocabularySize(), 50257);
    QCOMPARE(tokenizer.endOfTextId(), 50256);
    QCOMPARE(tokenizer.token(50256), std::string("<|endoftext|>"));
    QCOMPARE(tokenizer.token(3290), std::string("\xC4\xA0"
                                                "dog")); // "Ġdog"
    QCOMPARE(tokenizer.id("\xC4\xA0"
                          "dog"),
             std::optional<int>(3290));
    QCOMPARE(tokenizer.id("not a token"), std::nullopt);
    QCOMPARE(tokenizer.token(-1), std::string());
    QCOMPARE(tokenizer.token(50257), std::string());
}

void TestTokenizers::gpt2MergesByRankNotPosition()
{
    // "b c" ranks before "a b": "abc" is a + bc, though "a b" comes first in the text;
    // "ab c" then never applies.
    QTemporaryDir dir;
    const QString vocab = dir.filePath(QStringLiteral("vocab.json"));
    const QString merges = dir.filePath(QStringLiteral("merges.txt"));
    writeFile(vocab, json(tinyVocabulary(
                         {QStringLiteral("bc"), QStringLiteral("ab"), QStringLiteral("abc")})));
    writeFile(merges, "#version: 0.2\nb c\na b\nab c\n");
    const Gpt2Tokenizer tokenizer = Gpt2Tokenizer::fromFiles(vocab, merges);
    QCOMPARE(tokenizer.encode(QStringLiteral("abc")).tokens, (std::vector<std::string>{"a", "bc"}));
    QCOMPARE(tokenizer.encode(QStringLiteral("abab")).tokens,
             (std::vector<std::string>{"ab", "ab"}));
    // All of one rank merge left to right without overlap: "bbb" is "bb" + "b".
    writeFile(vocab, json(tinyVocabulary({QStringLiteral("bb")})));
    writeFile(merges, "b b\n");
    QCOMPARE(Gpt2Tokenizer::fromFiles(vocab, merges).encode(QStringLiteral("bbbbb")).tokens,
             (std::vector<std::string>{"bb", "bb", "b"}));
}

void TestTokenizers::gpt2SharedAcrossThreads()
{
    // Copies share one cache; four threads encode the fixtures at once.
    const QJsonArray rows = cases(dataDir() + QStringLiteral("/gpt2/gpt2_cases.json"));
    const Gpt2Tokenizer fresh =
        Gpt2Tokenizer::fromFiles(dataDir() + QStringLiteral("/gpt2/vocab.json"),
                                 dataDir() + QStringLiteral("/gpt2/merges.txt"));
    std::vector<int> mismatches(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t, copy = fresh] {
            for (qsizetype i = 0; i < rows.size(); ++i) {
                const QJsonObject row = rows[(i * 7 + t * 101) % rows.size()].toObject();
                if (copy.encode(row.value(QStringLiteral("text")).toString()).ids !=
                    ints(row.value(QStringLiteral("ids"))))
                    ++mismatches[std::size_t(t)];
            }
        });
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(mismatches, std::vector<int>(4, 0));
}

void TestTokenizers::wordPieceMatchesReference_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("hasPair");
    QTest::addColumn<QString>("pair");
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<std::vector<std::string>>("tokens");
    QTest::addColumn<std::vector<int>>("tokenTypes");
    const QJsonArray rows = cases(dataDir() + QStringLiteral("/bert/bert_cases.json"));
    QVERIFY(rows.size() > 100);
    for (const QJsonValue &row : rows) {
        const QJsonObject object = row.toObject();
        QTest::newRow(qPrintable(object.value(QStringLiteral("name")).toString()))
            << object.value(QStringLiteral("config")).toString()
            << object.value(QStringLiteral("text")).toString()
            << object.contains(QStringLiteral("pair"))
            << object.value(QStringLiteral("pair")).toString()
            << ints(object.value(QStringLiteral("ids")))
            << strings(object.value(QStringLiteral("tokens")))
            << ints(object.value(QStringLiteral("token_types")));
    }
}

void TestTokenizers::wordPieceMatchesReference()
{
    QFETCH(QString, config);
    QFETCH(QString, text);
    QFETCH(bool, hasPair);
    QFETCH(QString, pair);
    QFETCH(std::vector<int>, ids);
    QFETCH(std::vector<std::string>, tokens);
    QFETCH(std::vector<int>, tokenTypes);
    const WordPieceTokenizer tokenizer = bert(config);
    QCOMPARE(tokenizer.lowerCase(), config != QStringLiteral("cased"));
    const TokenizedText encoded =
        tokenizer.encode(text, hasPair ? std::optional<QString>(pair) : std::nullopt);
    QCOMPARE(encoded.tokens, tokens);
    QCOMPARE(encoded.ids, ids);
    QCOMPARE(encoded.tokenTypes, tokenTypes);
}

void TestTokenizers::wordPieceVocabulary()
{
    const QString vocab = dataDir() + QStringLiteral("/bert/vocab.txt");
    const WordPieceTokenizer tokenizer = WordPieceTokenizer::fromFiles(vocab);
    QVERIFY(tokenizer.lowerCase()); // no tokenizer_config.json: Hugging Face's default
    QCOMPARE(tokenizer.maskId(), 103);
    QCOMPARE(tokenizer.id("[PAD]"), std::optional<int>(0));
    QCOMPARE(tokenizer.id("[UNK]"), std::optional<int>(100));
    QCOMPARE(tokenizer.id("[CLS]"), std::optional<int>(101));
    QCOMPARE(tokenizer.id("[SEP]"), std::optional<int>(102));
    QCOMPARE(tokenizer.token(103), std::string("[MASK]"));
    QCOMPARE(tokenizer.token(tokenizer.vocabularySize()), std::string());
    QCOMPARE(tokenizer.id("no such token"), std::nullopt);
    QFile file(vocab);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(tokenizer.vocabularySize(), int(file.readAll().count('\n')));
}

void TestTokenizers::refusals_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("first");  // vocab.json or vocab.txt; "-" for none
    QTest::addColumn<QByteArray>("second"); // merges.txt or tokenizer_config.json; "-" for none
    QTest::addColumn<QString>("message");   // "FILE|the start of what is wrong"

    const QByteArray vocab = json(tinyVocabulary({QStringLiteral("ab")}));
    const QByteArray merges = "#version: 0.2\na b\n";
    QTest::newRow("gpt2, no vocab.json")
        << "gpt2" << QByteArray("-") << merges << "vocab.json|no such file";
    QTest::newRow("gpt2, no merges.txt")
        << "gpt2" << vocab << QByteArray("-") << "merges.txt|no such file";
    QTest::newRow("gpt2, vocab not JSON")
        << "gpt2" << QByteArray("{\"a\": 1,") << merges << "vocab.json|is not JSON";
    QTest::newRow("gpt2, vocab a list") << "gpt2" << QByteArray("[\"a\", \"b\"]") << merges
                                        << "vocab.json|is not a JSON object of token to id";
    QTest::newRow("gpt2, vocab empty object")
        << "gpt2" << QByteArray("{}") << merges << "vocab.json|is not a JSON object of token to id";
    QTest::newRow("gpt2, id a string") << "gpt2" << QByteArray("{\"a\": \"1\"}") << merges
                                       << "vocab.json|is not a JSON object of token to id: \"a\" "
                                          "has no whole-number id";
    QTest::newRow("gpt2, negative id") << "gpt2" << QByteArray("{\"a\": -1}") << merges
                                       << "vocab.json|is not a JSON object of token to id: \"a\" "
                                          "has id -1";
    QTest::newRow("gpt2, fractional id") << "gpt2" << QByteArray("{\"a\": 1.5}") << merges
                                         << "vocab.json|is not a JSON object of token to id: "
                                            "\"a\" has id 1.5";
    QTest::newRow("gpt2, two tokens one id") << "gpt2" << QByteArray("{\"a\": 0, \"b\": 0}")
                                             << merges << "vocab.json|gives id 0 to two tokens";
    QJsonObject noByte = tinyVocabulary();
    noByte.remove(byteSpelling(' '));
    QTest::newRow("gpt2, no token for a byte")
        << "gpt2" << json(noByte) << merges
        << QString::fromUtf8("vocab.json|has no token for byte 32 (\"Ġ\")");
    QJsonObject noEnd = tinyVocabulary();
    noEnd.remove(QStringLiteral("<|endoftext|>"));
    QTest::newRow("gpt2, no endoftext")
        << "gpt2" << json(noEnd) << merges << "vocab.json|has no <|endoftext|> token";
    QTest::newRow("gpt2, merge of three")
        << "gpt2" << vocab << QByteArray("#version: 0.2\na b\na b c\n")
        << "merges.txt|line 3 is not two tokens";
    QTest::newRow("gpt2, merge of one")
        << "gpt2" << vocab << QByteArray("ab\n") << "merges.txt|line 1 is not two tokens";
    QTest::newRow("gpt2, blank line inside")
        << "gpt2" << vocab << QByteArray("a b\n\na b\n") << "merges.txt|line 2 is not two tokens";
    QTest::newRow("gpt2, merge of unknown token")
        << "gpt2" << vocab << QByteArray("a b\nab zz\n")
        << "merges.txt|line 2: \"zz\" is not in vocab.json";
    QTest::newRow("gpt2, merge into unknown token")
        << "gpt2" << vocab << QByteArray("a b\nb c\n")
        << "merges.txt|line 2: \"bc\" is not in vocab.json";
    QTest::newRow("gpt2, no merges")
        << "gpt2" << vocab << QByteArray("#version: 0.2\n") << "merges.txt|holds no merges";

    const QByteArray bertVocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nhello\n";
    QTest::newRow("bert, no vocab.txt")
        << "bert" << QByteArray("-") << QByteArray("-") << "vocab.txt|no such file";
    QTest::newRow("bert, empty vocab")
        << "bert" << QByteArray() << QByteArray("-") << "vocab.txt|holds no tokens";
    QTest::newRow("bert, no [MASK]")
        << "bert" << QByteArray("[PAD]\n[UNK]\n[CLS]\n[SEP]\nhello\n") << QByteArray("-")
        << "vocab.txt|has no [MASK] token; a BERT vocabulary has [CLS], [SEP], [UNK] and [MASK]";
    QTest::newRow("bert, no [CLS]") << "bert" << QByteArray("[UNK]\n[SEP]\n[MASK]\n")
                                    << QByteArray("-") << "vocab.txt|has no [CLS] token";
    QTest::newRow("bert, vocab not UTF-8")
        << "bert" << QByteArray(bertVocab + "caf\xe9\n") << QByteArray("-")
        << "vocab.txt|line 7 is not UTF-8 text";
    QTest::newRow("bert, config not JSON") << "bert" << bertVocab << QByteArray("{do_lower_case")
                                           << "tokenizer_config.json|is not JSON";
    QTest::newRow("bert, config a list") << "bert" << bertVocab << QByteArray("[true]")
                                         << "tokenizer_config.json|is not a JSON object";
    QTest::newRow("bert, do_lower_case a string")
        << "bert" << bertVocab << QByteArray("{\"do_lower_case\": \"false\"}")
        << "tokenizer_config.json|has a do_lower_case that is not true or false";
}

void TestTokenizers::refusals()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, second);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const bool gpt2 = kind == QStringLiteral("gpt2");
    const QString firstPath =
        dir.filePath(gpt2 ? QStringLiteral("vocab.json") : QStringLiteral("vocab.txt"));
    const QString secondPath =
        dir.filePath(gpt2 ? QStringLiteral("merges.txt") : QStringLiteral("tokenizer_config.json"));
    if (first != "-")
        writeFile(firstPath, first);
    if (second != "-")
        writeFile(secondPath, second);
    // One line: the refused file as every message quotes a path, then what is wrong.
    const QString refused = dir.filePath(message.section(QLatin1Char('|'), 0, 0));
    const QString expected =
        inputText(refused) + QStringLiteral(": ") + message.section(QLatin1Char('|'), 1);
    try {
        if (gpt2)
            Gpt2Tokenizer::fromFiles(firstPath, secondPath);
        else
            WordPieceTokenizer::fromFiles(firstPath, secondPath);
        QFAIL("no refusal");
    } catch (const ReadError &error) {
        QVERIFY2(error.message.startsWith(expected), qPrintable(error.message));
        QVERIFY2(!error.message.contains(QLatin1Char('\n')), qPrintable(error.message));
    }
}

void TestTokenizers::specialTokensScanLinearly_data()
{
    // Issue 19, item 16: the text is searched once per special token found
    // plus once per special token, not five times for each one found (21,845
    // [MASK] took 14 s that way).
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qsizetype>>("found");
    const QString mask = QStringLiteral("[MASK]");
    QTest::newRow("none") << QStringLiteral("the dog barked") << QList<qsizetype>{};
    QTest::newRow("one of each, out of order")
        << QStringLiteral("a [SEP] b [MASK] c [CLS] [UNK][PAD]")
        << QList<qsizetype>{2, 10, 19, 25, 30};
    QTest::newRow("[MASK] twice in a row")
        << QStringLiteral("[MASK][MASK].") << QList<qsizetype>{0, 6};
    QTest::newRow("an unfinished one is text")
        << QStringLiteral("[MASK [MAS] [MASK]") << QList<qsizetype>{12};
    QList<qsizetype> every;
    for (qsizetype i = 0; i < 21845; ++i)
        every << i * mask.size();
    QTest::newRow("21,845 [MASK]") << mask.repeated(21845) << every;
}

void TestTokenizers::specialTokensScanLinearly()
{
    QFETCH(QString, text);
    QFETCH(QList<qsizetype>, found);
    const std::vector<std::pair<QString, int>> specials{{QStringLiteral("[MASK]"), 4},
                                                        {QStringLiteral("[CLS]"), 2},
                                                        {QStringLiteral("[SEP]"), 3},
                                                        {QStringLiteral("[PAD]"), 0},
                                                        {QStringLiteral("[UNK]"), 1}};
    SpecialTokenScanner scanner(text, specials);
    QList<qsizetype> at;
    for (qsizetype start = 0;;) {
        const SpecialTokenScanner::Match match = scanner.next(start);
        if (match.at < 0)
            break;
        const auto spelling = std::find_if(specials.begin(), specials.end(),
                                           [&](const auto &s) { return s.second == match.id; });
        QCOMPARE(text.mid(match.at, match.length), spelling->first);
        at << match.at;
        start = match.at + match.length;
    }
    QCOMPARE(at, found);
    QVERIFY2(scanner.searches() <= found.size() + qsizetype(specials.size()),
             qPrintable(QStringLiteral("%1 searches for %2 special tokens")
                            .arg(scanner.searches())
                            .arg(found.size())));
}

void TestTokenizers::manyMasksWithAPair()
{
    // The tokenizer itself on the input: [CLS] a [SEP], 21,845 [MASK], [SEP].
    const WordPieceTokenizer tokenizer = bert(QStringLiteral("default"));
    const int mask = tokenizer.maskId();
    const TokenizedText encoded =
        tokenizer.encode(QStringLiteral("a"), QStringLiteral("[MASK]").repeated(21845));
    QCOMPARE(encoded.ids.size(), std::size_t(21845 + 4));
    QCOMPARE(std::count(encoded.ids.begin(), encoded.ids.end(), mask), 21845L);
    QCOMPARE(encoded.tokenTypes.back(), 1);
}

QTEST_APPLESS_MAIN(TestTokenizers)
#include "tst_tokenizers.moc"
