// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// HubTokenizer, the tokenizer.json reader: three real files (Qwen3's and
// Llama 3's byte-level BPE, a SentencePiece-style BPE with byte fallback)
// against the ids of Hugging Face's tokenizers on several hundred strings each
// (tests/data/make_hub_tokenizer_fixtures.js); Unigram files converted from
// SentencePiece as transformers converts T5's and mBART's, in four forms
// (make_unigram_tokenizer_fixtures.js); small hand-made files for what the
// real ones do not use; and one line naming the file for each broken one.

#include "io/gpt2tokenizer.h"
#include "io/hubtokenizer.h"
#include "io/readerror.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

#include <functional>
#include <thread>

using namespace AttentionLab;

namespace {

QString hubDir()
{
    return QStringLiteral(TEST_DATA_DIR "/tokenizers/hub");
}

QByteArray readAll(const QString &path)
{
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return in.readAll();
}

QByteArray gunzip(const QByteArray &compressed)
{
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        qFatal("inflateInit2 failed");
    QByteArray out;
    char buffer[1 << 16];
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.data()));
    stream.avail_in = uInt(compressed.size());
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef *>(buffer);
        stream.avail_out = sizeof buffer;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(buffer, qsizetype(sizeof buffer - stream.avail_out));
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END)
        qFatal("not gzip");
    return out;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

/// A folder laid out as the hub's: the real file unpacked, and its config.
struct RealFolder
{
    QTemporaryDir dir;
    explicit RealFolder(const QString &name)
    {
        const QString from = hubDir() + QLatin1Char('/') + name;
        writeFile(dir.filePath(QStringLiteral("tokenizer.json")),
                  gunzip(readAll(from + QStringLiteral("/tokenizer.json.gz"))));
        writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")),
                  readAll(from + QStringLiteral("/tokenizer_config.json")));
    }
};

std::vector<int> ints(const QJsonValue &list)
{
    std::vector<int> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toInt(-1));
    return out;
}

QString joined(const std::vector<QString> &labels)
{
    QString out;
    for (const QString &label : labels)
        out += label;
    return out;
}

QString idList(const std::vector<int> &ids)
{
    QStringList out;
    for (const int id : ids)
        out << QString::number(id);
    return out.join(QLatin1Char(' '));
}

QString readErrorOf(const std::function<void()> &f)
{
    try {
        f();
    } catch (const ReadError &error) {
        return error.message;
    }
    return QStringLiteral("(no error)");
}

/// A folder with \a tokenizerJson as its tokenizer.json.
struct HandMade
{
    QTemporaryDir dir;
    explicit HandMade(const QByteArray &tokenizerJson)
    {
        writeFile(dir.filePath(QStringLiteral("tokenizer.json")), tokenizerJson);
    }
    QString file() const { return dir.filePath(QStringLiteral("tokenizer.json")); }
};

/// The tiny metaspace_first.json with its \a key set to \a value (a JSON text).
QByteArray tinyWith(const QString &key, const QByteArray &value)
{
    QJsonObject root =
        QJsonDocument::fromJson(readAll(hubDir() + QStringLiteral("/tiny/metaspace_first.json")))
            .object();
    const QJsonValue parsed = QJsonDocument::fromJson("[" + value + "]").array().at(0);
    root.insert(key, parsed);
    return QJsonDocument(root).toJson();
}

/// The same with merge \a rank (from 0) written as \a merge.
QByteArray tinyWithMerge(int rank, const QString &merge)
{
    QJsonObject root =
        QJsonDocument::fromJson(readAll(hubDir() + QStringLiteral("/tiny/metaspace_first.json")))
            .object();
    QJsonObject model = root.value(QStringLiteral("model")).toObject();
    QJsonArray merges = model.value(QStringLiteral("merges")).toArray();
    merges[rank] = merge;
    model.insert(QStringLiteral("merges"), merges);
    root.insert(QStringLiteral("model"), model);
    return QJsonDocument(root).toJson();
}

/// The Unigram tokenizer.json \a name of tokenizers/hub/unigram's cases, as
/// make_unigram_tokenizer_fixtures.js makes it.
QByteArray unigramFile(const QString &name)
{
    const QString seq2seq = QStringLiteral(TEST_DATA_DIR "/seq2seq/");
    if (name == QStringLiteral("mbart"))
        return readAll(seq2seq + QStringLiteral("mbart-large/tokenizer.json"));
    const QByteArray t5 = readAll(seq2seq + QStringLiteral("flan-t5-small/tokenizer.json"));
    if (name == QStringLiteral("t5"))
        return t5;
    QJsonObject root = QJsonDocument::fromJson(t5).object();
    const QJsonValue metaspace = root.value(QStringLiteral("decoder"));
    if (name == QStringLiteral("t5_legacy")) {
        // The hub's 2020 form: Precompiled alone, WhitespaceSplit then Metaspace.
        root.insert(QStringLiteral("normalizer"), root.value(QStringLiteral("normalizer"))
                                                      .toObject()
                                                      .value(QStringLiteral("normalizers"))
                                                      .toArray()
                                                      .at(0));
        const QJsonObject legacy{{QStringLiteral("type"), QStringLiteral("Metaspace")},
                                 {QStringLiteral("replacement"), QStringLiteral("\u2581")},
                                 {QStringLiteral("add_prefix_space"), true}};
        root.insert(QStringLiteral("pre_tokenizer"),
                    QJsonObject{{QStringLiteral("type"), QStringLiteral("Sequence")},
                                {QStringLiteral("pretokenizers"),
                                 QJsonArray{QJsonObject{{QStringLiteral("type"),
                                                         QStringLiteral("WhitespaceSplit")}},
                                            legacy}}});
        root.insert(QStringLiteral("decoder"), legacy);
    } else {
        // Byte fallback: the 256 byte pieces at -20, and a ByteFallback decoder.
        QJsonObject model = root.value(QStringLiteral("model")).toObject();
        QJsonArray vocab = model.value(QStringLiteral("vocab")).toArray();
        for (int byte = 0; byte < 256; ++byte)
            vocab.append(QJsonArray{QString::asprintf("<0x%02X>", byte), -20});
        model.insert(QStringLiteral("vocab"), vocab);
        model.insert(QStringLiteral("byte_fallback"), true);
        root.insert(QStringLiteral("model"), model);
        root.insert(QStringLiteral("decoder"),
                    QJsonObject{{QStringLiteral("type"), QStringLiteral("Sequence")},
                                {QStringLiteral("decoders"),
                                 QJsonArray{QJsonObject{{QStringLiteral("type"),
                                                         QStringLiteral("ByteFallback")}},
                                            metaspace}}});
    }
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace

class TestHubTokenizer : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data();
    void realFiles();
    void tinyFiles_data();
    void tinyFiles();
    void unigramFiles_data();
    void unigramFiles();
    void unigramFacts();
    void realFileFacts();
    void bosOverride();
    void labels();
    void loadsAndEncodesALongText();
    void encodesFromSeveralThreads();
    void refusals_data();
    void refusals();
    void encodeRefusals_data();
    void encodeRefusals();
    void gpt2ThroughTokenizerJson();
};

void TestHubTokenizer::realFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("byteLevel");
    QTest::newRow("Qwen3, byte-level BPE with single digits") << QStringLiteral("qwen3") << true;
    QTest::newRow("Llama 3, byte-level BPE with ignore_merges") << QStringLiteral("llama3") << true;
    QTest::newRow("Llama 2 style, SentencePiece BPE with byte fallback")
        << QStringLiteral("llama2") << false;
    QTest::newRow("Gemma 3, 262,144 pieces, spaces replaced, byte fallback")
        << QStringLiteral("gemma3") << false;
    QTest::newRow("Gemma 2, 256,000 pieces, a Split on spaces left none")
        << QStringLiteral("gemma2") << false;
}

void TestHubTokenizer::realFiles()
{
    QFETCH(QString, name);
    QFETCH(bool, byteLevel);
    const RealFolder folder(name);
    const HubTokenizer tokenizer = HubTokenizer::fromFolder(folder.dir.path());
    const QJsonArray rows = QJsonDocument::fromJson(readAll(hubDir() + QLatin1Char('/') + name +
                                                            QStringLiteral("/cases.json")))
                                .object()
                                .value(QStringLiteral("cases"))
                                .toArray();
    QVERIFY(rows.size() > 500);
    int matched = 0;
    QStringList failures;
    for (const QJsonValue &value : rows) {
        const QJsonObject row = value.toObject();
        const QString text = row.value(QStringLiteral("text")).toString();
        const QString caseName = row.value(QStringLiteral("name")).toString();
        const std::vector<int> expected = ints(row.value(QStringLiteral("ids")));
        const std::vector<int> plain = ints(row.value(QStringLiteral("plain")));
        const TokenizedText got = tokenizer.encode(text);
        const TokenizedText gotPlain = tokenizer.encode(text, false);
        QString why;
        if (got.ids != expected)
            why = QStringLiteral("ids %1, Hugging Face %2").arg(idList(got.ids), idList(expected));
        else if (gotPlain.ids != plain)
            why = QStringLiteral("without special tokens %1, Hugging Face %2")
                      .arg(idList(gotPlain.ids), idList(plain));
        if (why.isEmpty()) {
            const QJsonArray tokens = row.value(QStringLiteral("tokens")).toArray();
            for (std::size_t i = 0; i < got.tokens.size(); ++i)
                // As bytes: QString::fromStdString would drop a leading U+FEFF.
                if (got.tokens[i] != tokens[qsizetype(i)].toString().toStdString())
                    why = QStringLiteral("token %1 spelled %2")
                              .arg(i)
                              .arg(QString::fromStdString(got.tokens[i]));
        }
        const std::vector<QString> labels = tokenizer.labels(got.ids);
        if (why.isEmpty() && joined(labels) != row.value(QStringLiteral("decoded")).toString())
            why = QStringLiteral("labels join to \"%1\", decode gives \"%2\"")
                      .arg(joined(labels), row.value(QStringLiteral("decoded")).toString());
        if (why.isEmpty() && byteLevel) {
            // A token whose bytes are whole characters is labelled as it
            // decodes alone.
            const QJsonArray pieces = row.value(QStringLiteral("pieces")).toArray();
            for (std::size_t i = 0; i < labels.size() && why.isEmpty(); ++i) {
                const QString piece = pieces[qsizetype(i)].toString();
                if (!piece.contains(QChar(QChar::ReplacementCharacter)) && labels[i] != piece)
                    why = QStringLiteral("label %1 is \"%2\", alone it decodes to \"%3\"")
                              .arg(i)
                              .arg(labels[i], piece);
            }
        }
        if (why.isEmpty())
            ++matched;
        else if (failures.size() < 12)
            failures << caseName + QStringLiteral(": ") + why;
    }
    qInfo("%s: %d of %lld strings give Hugging Face's ids, tokens and labels", qPrintable(name),
          matched, qlonglong(rows.size()));
    for (const QString &failure : failures)
        qWarning("%s", qPrintable(failure.left(600)));
    QCOMPARE(matched, int(rows.size()));
}

void TestHubTokenizer::tinyFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("Metaspace prepend_scheme first, merges as strings, fuse_unk")
        << QStringLiteral("metaspace_first");
    QTest::newRow("Metaspace prepend_scheme never, no split, partial byte fallback")
        << QStringLiteral("metaspace_never");
    QTest::newRow("NFKC and Lowercase, GPT-2's ByteLevel, template with BOS and EOS")
        << QStringLiteral("nfkc_template");
    QTest::newRow("added tokens: lstrip, rstrip, single_word, normalized")
        << QStringLiteral("added_flags");
    QTest::newRow("Split: Removed, MergedWithPrevious, MergedWithNext, Contiguous, invert")
        << QStringLiteral("split_behaviors");
    QTest::newRow("Metaspace with add_prefix_space, Replace by a regex, Strip")
        << QStringLiteral("metaspace_legacy");
    QTest::newRow("ByteLevel's add_prefix_space on every piece of a Split")
        << QStringLiteral("split_then_prefix");
    QTest::newRow("Digits one by one, then ByteLevel (StarCoder, SmolLM)")
        << QStringLiteral("digits_individual");
    QTest::newRow("Digits in runs") << QStringLiteral("digits_contiguous");
}

void TestHubTokenizer::tinyFiles()
{
    QFETCH(QString, name);
    const QString dir = hubDir() + QStringLiteral("/tiny/");
    const HubTokenizer tokenizer = HubTokenizer::fromFiles(dir + name + QStringLiteral(".json"));
    const QJsonArray rows =
        QJsonDocument::fromJson(readAll(dir + name + QStringLiteral("_cases.json")))
            .object()
            .value(QStringLiteral("cases"))
            .toArray();
    QVERIFY(rows.size() >= 50);
    for (const QJsonValue &value : rows) {
        const QJsonObject row = value.toObject();
        const QString text = row.value(QStringLiteral("text")).toString();
        const TokenizedText got = tokenizer.encode(text);
        QVERIFY2(got.ids == ints(row.value(QStringLiteral("ids"))),
                 qPrintable(QStringLiteral("\"%1\": %2, Hugging Face %3")
                                .arg(text, idList(got.ids),
                                     idList(ints(row.value(QStringLiteral("ids")))))));
        const std::vector<int> plain = tokenizer.encode(text, false).ids;
        const std::vector<int> plainExpected = ints(row.value(QStringLiteral("plain")));
        // --no-bos drops BOS only; Hugging Face without special tokens drops EOS too.
        if (name != QStringLiteral("nfkc_template"))
            QVERIFY2(plain == plainExpected,
                     qPrintable(QStringLiteral("\"%1\" without BOS: %2, Hugging Face %3")
                                    .arg(text, idList(plain), idList(plainExpected))));
        QCOMPARE(joined(tokenizer.labels(got.ids)),
                 row.value(QStringLiteral("decoded")).toString());
    }
}

void TestHubTokenizer::unigramFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("T5 (Flan-T5): Precompiled, Strip, Replace, Metaspace, $A </s>")
        << QStringLiteral("t5");
    QTest::newRow("mBART: $A </s> en_XX, language codes and <mask> added")
        << QStringLiteral("mbart");
    QTest::newRow("T5 as the hub's 2020 files: WhitespaceSplit, add_prefix_space")
        << QStringLiteral("t5_legacy");
    QTest::newRow("T5 with byte fallback and its decoder") << QStringLiteral("t5_byte_fallback");
}

void TestHubTokenizer::unigramFiles()
{
    QFETCH(QString, name);
    const QByteArray json = unigramFile(name);
    const int unknown = QJsonDocument::fromJson(json)
                            .object()
                            .value(QStringLiteral("model"))
                            .toObject()
                            .value(QStringLiteral("unk_id"))
                            .toInt();
    const HandMade file(json);
    const HubTokenizer tokenizer = HubTokenizer::fromFiles(file.file());
    const QJsonArray rows =
        QJsonDocument::fromJson(gunzip(readAll(hubDir() + QStringLiteral("/unigram/") + name +
                                               QStringLiteral("_cases.json.gz"))))
            .object()
            .value(QStringLiteral("cases"))
            .toArray();
    QVERIFY(rows.size() > 700);
    int matched = 0;
    QStringList failures;
    for (const QJsonValue &value : rows) {
        const QJsonObject row = value.toObject();
        const QString text = row.value(QStringLiteral("text")).toString();
        const std::vector<int> expected = ints(row.value(QStringLiteral("ids")));
        const TokenizedText got = tokenizer.encode(text);
        QString why;
        if (got.ids != expected)
            why = QStringLiteral("ids %1, Hugging Face %2").arg(idList(got.ids), idList(expected));
        // Hugging Face spells an unknown as the text it stands for, and an
        // added token with lstrip with the spaces it took; here each is its
        // own token, as every tokenizer spells its ids.
        const QJsonArray tokens = row.value(QStringLiteral("tokens")).toArray();
        for (std::size_t i = 0; why.isEmpty() && i < got.tokens.size(); ++i)
            if (got.ids[i] != unknown &&
                got.tokens[i] != tokens[qsizetype(i)].toString().trimmed().toStdString())
                why = QStringLiteral("token %1 spelled %2")
                          .arg(i)
                          .arg(QString::fromStdString(got.tokens[i]));
        const QString labels = joined(tokenizer.labels(got.ids));
        if (why.isEmpty() && labels != row.value(QStringLiteral("decoded")).toString())
            why = QStringLiteral("labels join to \"%1\", decode gives \"%2\"")
                      .arg(labels, row.value(QStringLiteral("decoded")).toString());
        if (why.isEmpty())
            ++matched;
        else if (failures.size() < 12)
            failures << row.value(QStringLiteral("name")).toString() + QStringLiteral(": ") + why;
    }
    qInfo("%s: %d of %lld strings give Hugging Face's ids, tokens and labels", qPrintable(name),
          matched, qlonglong(rows.size()));
    for (const QString &failure : failures)
        qWarning("%s", qPrintable(failure.left(600)));
    QCOMPARE(matched, int(rows.size()));
}

void TestHubTokenizer::unigramFacts()
{
    // What the Viterbi path and the compiled map do, on strings the cases hold
    // too, so that a wrong turn names itself.
    const HandMade t5(unigramFile(QStringLiteral("t5")));
    const HubTokenizer tokenizer = HubTokenizer::fromFiles(t5.file());
    QCOMPARE(tokenizer.vocabularySize(), 184); // 174 pieces and 10 sentinels
    QCOMPARE(tokenizer.id("<extra_id_0>"), std::optional<int>(183));
    // Full-width letters are ASCII after the map, and runs of spaces one.
    QCOMPARE(tokenizer.encode(QStringLiteral("\uFF33how  hidden")).ids,
             tokenizer.encode(QStringLiteral("Show hidden")).ids);
    // Consecutive unknown characters fuse into one <unk> (id 2).
    const std::vector<int> unknown = tokenizer.encode(QStringLiteral("\u65E5\u672C")).ids;
    QCOMPARE(std::count(unknown.begin(), unknown.end(), 2), 1);

    const HandMade fallback(unigramFile(QStringLiteral("t5_byte_fallback")));
    const HubTokenizer bytes = HubTokenizer::fromFiles(fallback.file());
    const TokenizedText japanese = bytes.encode(QStringLiteral("\u65E5"));
    QCOMPARE(japanese.tokens,
             (std::vector<std::string>{"\u2581", "<0xE6>", "<0x97>", "<0xA5>", "</s>"}));
    QCOMPARE(joined(bytes.labels(japanese.ids)), QStringLiteral("\u65E5</s>"));
}

void TestHubTokenizer::realFileFacts()
{
    const RealFolder qwenFolder(QStringLiteral("qwen3"));
    const HubTokenizer qwen = HubTokenizer::fromFolder(qwenFolder.dir.path());
    QCOMPARE(qwen.vocabularySize(), 151669);
    QCOMPARE(qwen.id("<|im_end|>"), std::optional<int>(151645));
    QCOMPARE(qwen.eosId(), std::optional<int>(151645));
    QCOMPARE(qwen.bosId(), std::nullopt);
    QCOMPARE(qwen.token(9707), std::string("Hello"));
    QCOMPARE(qwen.token(-1), std::string());
    QCOMPARE(qwen.token(151669), std::string());
    QCOMPARE(qwen.id("no such token"), std::nullopt);

    const RealFolder llamaFolder(QStringLiteral("llama3"));
    const HubTokenizer llama3 = HubTokenizer::fromFolder(llamaFolder.dir.path());
    QCOMPARE(llama3.vocabularySize(), 128256);
    QCOMPARE(llama3.bosId(), std::optional<int>(128000));
    QCOMPARE(llama3.eosId(), std::optional<int>(128001));
    QVERIFY(!llama3.addsBos()); // this file's post-processor is ByteLevel alone

    const RealFolder spFolder(QStringLiteral("llama2"));
    const HubTokenizer sp = HubTokenizer::fromFolder(spFolder.dir.path());
    QCOMPARE(sp.vocabularySize(), 32000);
    QCOMPARE(sp.bosId(), std::optional<int>(1));
    QCOMPARE(sp.eosId(), std::optional<int>(2));
    QVERIFY(sp.addsBos());
    QCOMPARE(sp.token(13), std::string("<0x0A>"));
    QCOMPARE(sp.encode(QStringLiteral("Hi")).tokens,
             (std::vector<std::string>{"<s>", "\xE2\x96\x81Hi"}));
}

void TestHubTokenizer::bosOverride()
{
    const RealFolder spFolder(QStringLiteral("llama2"));
    const HubTokenizer sp = HubTokenizer::fromFolder(spFolder.dir.path());
    const QString text = QStringLiteral("Hello world");
    QCOMPARE(sp.encode(text).ids.front(), 1);
    QCOMPARE(sp.encode(text, true).ids, sp.encode(text).ids);
    std::vector<int> without = sp.encode(text).ids;
    without.erase(without.begin());
    QCOMPARE(sp.encode(text, false).ids, without);

    // Without a tokenizer_config.json, the template alone says BOS.
    const HubTokenizer bare =
        HubTokenizer::fromFiles(spFolder.dir.filePath(QStringLiteral("tokenizer.json")));
    QCOMPARE(bare.bosId(), std::optional<int>(1));
    QCOMPARE(bare.eosId(), std::nullopt);
    QCOMPARE(bare.encode(text).ids, sp.encode(text).ids);

    // Llama 3's file adds none; --bos puts <|begin_of_text|> first.
    const RealFolder llamaFolder(QStringLiteral("llama3"));
    const HubTokenizer llama3 = HubTokenizer::fromFolder(llamaFolder.dir.path());
    const std::vector<int> plain = llama3.encode(text).ids;
    QCOMPARE(plain, (std::vector<int>{9906, 1917}));
    std::vector<int> withBos = plain;
    withBos.insert(withBos.begin(), 128000);
    QCOMPARE(llama3.encode(text, true).ids, withBos);
    QCOMPARE(llama3.encode(text, false).ids, plain);

    // Qwen has no BOS token: --bos adds nothing.
    const RealFolder qwenFolder(QStringLiteral("qwen3"));
    const HubTokenizer qwen = HubTokenizer::fromFolder(qwenFolder.dir.path());
    QCOMPARE(qwen.encode(text, true).ids, qwen.encode(text).ids);

    // tokenizer_config.json's add_bos_token wins over the template, as
    // transformers' LlamaTokenizerFast rebuilds the template from it.
    QTemporaryDir dir;
    QFile::copy(spFolder.dir.filePath(QStringLiteral("tokenizer.json")),
                dir.filePath(QStringLiteral("tokenizer.json")));
    writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")),
              R"({"add_bos_token": false, "bos_token": "<s>"})");
    const HubTokenizer noBos = HubTokenizer::fromFolder(dir.path());
    QVERIFY(!noBos.addsBos());
    QCOMPARE(noBos.encode(text).ids, without);
    QCOMPARE(noBos.encode(text, true).ids, sp.encode(text).ids);
}

void TestHubTokenizer::labels()
{
    const RealFolder spFolder(QStringLiteral("llama2"));
    const HubTokenizer sp = HubTokenizer::fromFolder(spFolder.dir.path());
    // "🤗" is four byte-fallback tokens: the character is the first one's label.
    const TokenizedText hug = sp.encode(QStringLiteral("a \U0001F917"), false);
    QCOMPARE(hug.tokens,
             (std::vector<std::string>{"\xE2\x96\x81"
                                       "a",
                                       "\xE2\x96\x81", "<0xF0>", "<0x9F>", "<0xA4>", "<0x97>"}));
    QCOMPARE(sp.labels(hug.ids),
             (std::vector<QString>{QStringLiteral("a"), QStringLiteral(" "),
                                   QStringLiteral("\U0001F917"), QString(), QString(), QString()}));
    QCOMPARE(sp.label(*sp.id("\xE2\x96\x81the")), QStringLiteral("the"));
    QCOMPARE(sp.label(*sp.id("<0x0A>")), QStringLiteral("\n"));

    const RealFolder qwenFolder(QStringLiteral("qwen3"));
    const HubTokenizer qwen = HubTokenizer::fromFolder(qwenFolder.dir.path());
    const TokenizedText dog = qwen.encode(QStringLiteral("the dog \U0001F917<|im_end|>"));
    const std::vector<QString> labels = qwen.labels(dog.ids);
    QCOMPARE(labels.front(), QStringLiteral("the"));
    QCOMPARE(labels[1], QStringLiteral(" dog"));
    QCOMPARE(labels.back(), QStringLiteral("<|im_end|>"));
    QCOMPARE(joined(labels), QStringLiteral("the dog \U0001F917<|im_end|>"));
}

void TestHubTokenizer::loadsAndEncodesALongText()
{
    const RealFolder folder(QStringLiteral("qwen3"));
    QElapsedTimer timer;
    timer.start();
    const HubTokenizer qwen = HubTokenizer::fromFolder(folder.dir.path());
    const qint64 loadMs = timer.elapsed();

    QString text;
    const QJsonArray rows =
        QJsonDocument::fromJson(readAll(hubDir() + QStringLiteral("/qwen3/cases.json")))
            .object()
            .value(QStringLiteral("cases"))
            .toArray();
    for (const QJsonValue &row : rows)
        text += row.toObject().value(QStringLiteral("text")).toString() + QLatin1Char('\n');
    timer.restart();
    const TokenizedText tokens = qwen.encode(text);
    const qint64 encodeMs = timer.elapsed();
    qInfo("Qwen3's tokenizer.json: loaded in %lld ms; %zu tokens encoded in %lld ms", loadMs,
          tokens.ids.size(), encodeMs);
    QVERIFY(tokens.ids.size() > 5000);
    // The long text (every case at once, 250 KB) reads through: ids of the
    // vocabulary, one spelling each.
    QCOMPARE(tokens.tokens.size(), tokens.ids.size());
    for (const int id : tokens.ids)
        QVERIFY(id >= 0 && id < qwen.vocabularySize());
    // Its speed is measured by `tokenize`, not here: a timed unit test fails
    // on a loaded machine (this one took 5.7 s to load under the sanitizer).
}

/// Copies share one cache of pieces; threads encoding at once get the ids one
/// thread gets.
void TestHubTokenizer::encodesFromSeveralThreads()
{
    const RealFolder folder(QStringLiteral("llama3"));
    const HubTokenizer tokenizer = HubTokenizer::fromFolder(folder.dir.path());
    const QJsonArray rows =
        QJsonDocument::fromJson(readAll(hubDir() + QStringLiteral("/llama3/cases.json")))
            .object()
            .value(QStringLiteral("cases"))
            .toArray();
    std::vector<QString> texts;
    std::vector<std::vector<int>> expected;
    for (const QJsonValue &row : rows) {
        texts.push_back(row.toObject().value(QStringLiteral("text")).toString());
        expected.push_back(ints(row.toObject().value(QStringLiteral("ids"))));
    }
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t, copy = tokenizer] {
            for (std::size_t i = 0; i < texts.size(); ++i) {
                const std::size_t k = (i * 7 + std::size_t(t) * 131) % texts.size();
                if (copy.encode(texts[k]).ids != expected[k])
                    ++wrong[std::size_t(t)];
            }
        });
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(wrong, std::vector<int>(4, 0));
}

void TestHubTokenizer::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{\"model\": ") << QStringLiteral("is not JSON");
    QTest::newRow("not an object")
        << QByteArray("[1, 2]") << QStringLiteral("is not a JSON object");
    QTest::newRow("Unigram without pieces")
        << tinyWith(QStringLiteral("model"), R"({"type": "Unigram", "vocab": []})")
        << QStringLiteral("Unigram model has no \"vocab\" of [piece, score] pairs");
    QTest::newRow("Unigram piece without a score")
        << tinyWith(QStringLiteral("model"), R"({"type": "Unigram", "vocab": [["a", 0], ["b"]]})")
        << QStringLiteral("Unigram's vocab entry 1 is not [piece, score]");
    QTest::newRow("Unigram unk_id outside")
        << tinyWith(QStringLiteral("model"),
                    R"({"type": "Unigram", "unk_id": 2, "vocab": [["a", 0], ["b", -1]]})")
        << QStringLiteral("Unigram's unk_id is not one of its 2 pieces");
    QTest::newRow("Precompiled map not base64")
        << tinyWith(QStringLiteral("normalizer"),
                    R"({"type": "Precompiled", "precompiled_charsmap": "!!"})")
        << QStringLiteral("Precompiled's precompiled_charsmap is not base64");
    QTest::newRow("Precompiled map's trie past its end")
        << tinyWith(QStringLiteral("normalizer"),
                    R"({"type": "Precompiled", "precompiled_charsmap": "QAAAAAAA"})")
        << QStringLiteral("precompiled_charsmap says its trie is 64 bytes, and 2 follow");
    QTest::newRow("WordLevel") << tinyWith(QStringLiteral("model"),
                                           R"({"type": "WordLevel", "vocab": {}})")
                               << QStringLiteral("model \"WordLevel\" is not supported");
    QTest::newRow("unknown pre-tokenizer")
        << tinyWith(QStringLiteral("pre_tokenizer"), R"({"type": "Whitespace"})")
        << QStringLiteral("pre_tokenizer \"Whitespace\" is not supported");
    QTest::newRow("unknown pre-tokenizer in a sequence")
        << tinyWith(QStringLiteral("pre_tokenizer"),
                    R"({"type": "Sequence", "pretokenizers": [{"type": "Punctuation"}]})")
        << QStringLiteral("pre_tokenizer \"Punctuation\" is not supported");
    QTest::newRow("unknown normalizer")
        << tinyWith(QStringLiteral("normalizer"), R"({"type": "BertNormalizer"})")
        << QStringLiteral("normalizer \"BertNormalizer\" is not supported");
    QTest::newRow("Precompiled without its map")
        << tinyWith(QStringLiteral("normalizer"), R"({"type": "Precompiled"})")
        << QStringLiteral("Precompiled's precompiled_charsmap is not a base64 string");
    QTest::newRow("unknown post-processor")
        << tinyWith(QStringLiteral("post_processor"), R"({"type": "Frobnicate"})")
        << QStringLiteral("post_processor \"Frobnicate\" is not supported");
    QTest::newRow("unknown decoder") << tinyWith(QStringLiteral("decoder"), R"({"type": "CTC"})")
                                     << QStringLiteral("decoder \"CTC\" is not supported");
    QTest::newRow("unknown prepend_scheme")
        << tinyWith(QStringLiteral("pre_tokenizer"),
                    R"({"type": "Metaspace", "prepend_scheme": "sometimes"})")
        << QStringLiteral("prepend_scheme \"sometimes\"");
    QTest::newRow("regex PCRE2 cannot read")
        << tinyWith(QStringLiteral("pre_tokenizer"),
                    R"({"type": "Split", "pattern": {"Regex": "(a"}, "behavior": "Isolated"})")
        << QStringLiteral("Split has a regex PCRE2 cannot read");
    QTest::newRow("added token id far beyond the vocabulary")
        << tinyWith(QStringLiteral("added_tokens"),
                    R"([{"id": 2000000000, "content": "<big>", "special": true}])")
        << QStringLiteral("added token \"<big>\" has id 2000000000, far beyond");
    QTest::newRow("merge of a token not in the vocabulary")
        << tinyWithMerge(4, QStringLiteral("c q9"))
        << QStringLiteral("merge 5 (\"c\" \"q9\") names \"q9\", which is not in the vocabulary");
    QTest::newRow("merge that is not two tokens")
        << tinyWithMerge(4, QStringLiteral("c a t"))
        << QStringLiteral("merge 5 (\"c a t\") is not two tokens");
}

void TestHubTokenizer::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const HandMade folder(json);
    const QString error = readErrorOf([&] { HubTokenizer::fromFolder(folder.dir.path()); });
    QVERIFY2(error.startsWith(folder.file() + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
}

void TestHubTokenizer::encodeRefusals_data()
{
    // Issue 36, items 1 and 8: what a tokenizer.json does to a text is
    // bounded and checked, each refused in one line as the text is read.
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const QString manyA(100'000, QLatin1Char('a'));
    QTest::newRow("Replace of a by 100,000 a's on 100,000 a's")
        << tinyWith(QStringLiteral("normalizer"),
                    R"({"type": "Replace", "pattern": {"String": "a"}, "content": ")" +
                        QByteArray(100'000, 'a') + R"("})")
        << manyA
        << QStringLiteral("the tokenizer's normalizer (Replace) makes a text of 100000 characters "
                          "longer than 3204096, the most it may grow to");
    const QByteArray tenfold =
        R"({"type": "Replace", "pattern": {"Regex": "a"}, "content": "aaaaaaaaaa"})";
    QTest::newRow("a Sequence of four tenfold Replace steps")
        << tinyWith(QStringLiteral("normalizer"), R"({"type": "Sequence", "normalizers": [)" +
                                                      tenfold + ", " + tenfold + ", " + tenfold +
                                                      ", " + tenfold + "]}")
        << manyA
        << QStringLiteral("the tokenizer's normalizer (Replace) makes a text of 100000 characters "
                          "longer than");
    QTest::newRow("Prepend past the bound")
        << tinyWith(QStringLiteral("normalizer"),
                    R"({"type": "Prepend", "prepend": ")" + QByteArray(5000, 'x') + R"("})")
        << QStringLiteral("a") << QStringLiteral("the tokenizer's normalizer (Prepend)");
    QTest::newRow("a Split regex past PCRE2's match limit")
        << tinyWith(
               QStringLiteral("pre_tokenizer"),
               R"({"type": "Split", "pattern": {"Regex": "(a+)+c|b"}, "behavior": "Isolated"})")
        << QString(30, QLatin1Char('a')) + QLatin1Char('b')
        << QStringLiteral("Split pattern \"(a+)+c|b\" backtracks past PCRE2's match limit");
    QTest::newRow("a Replace regex past PCRE2's match limit")
        << tinyWith(QStringLiteral("normalizer"),
                    R"({"type": "Replace", "pattern": {"Regex": "(a+)+c|b"}, "content": "x"})")
        << QString(30, QLatin1Char('a')) + QLatin1Char('b')
        << QStringLiteral("Replace pattern \"(a+)+c|b\" backtracks past PCRE2's match limit");
}

void TestHubTokenizer::encodeRefusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, text);
    QFETCH(QString, message);
    const HandMade folder(json);
    const HubTokenizer tokenizer = HubTokenizer::fromFiles(folder.file());
    QElapsedTimer timer;
    timer.start();
    const QString error = readErrorOf([&] { tokenizer.encode(text); });
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    QVERIFY2(error.size() < 400, qPrintable(error));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

/**
 * GPT-2's vocab.json and merges.txt written as Hugging Face's gpt2 repository
 * writes them into a tokenizer.json (as the fixture script does): HubTokenizer
 * gives Hugging Face's ids on GPT-2's cases, and Gpt2Tokenizer's (openai's
 * encoder's) on all but the two where the reference encoders themselves
 * differ, U+0085 and U+FEFF after a space (JavaScript's \\s and Oniguruma's).
 */
void TestHubTokenizer::gpt2ThroughTokenizerJson()
{
    const QString gpt2Dir = QStringLiteral(TEST_DATA_DIR "/tokenizers/gpt2");
    QJsonArray merges;
    const QList<QByteArray> lines = readAll(gpt2Dir + QStringLiteral("/merges.txt")).split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (!lines[i].isEmpty() && !(i == 0 && lines[i].startsWith("#version")))
            merges.append(QString::fromUtf8(lines[i]));
    const QJsonObject byteLevel{{QStringLiteral("type"), QStringLiteral("ByteLevel")},
                                {QStringLiteral("add_prefix_space"), false},
                                {QStringLiteral("trim_offsets"), true},
                                {QStringLiteral("use_regex"), true}};
    const QJsonObject model{
        {QStringLiteral("type"), QStringLiteral("BPE")},
        {QStringLiteral("vocab"),
         QJsonDocument::fromJson(readAll(gpt2Dir + QStringLiteral("/vocab.json"))).object()},
        {QStringLiteral("merges"), merges}};
    const QJsonObject endOfText{{QStringLiteral("id"), 50256},
                                {QStringLiteral("content"), QStringLiteral("<|endoftext|>")},
                                {QStringLiteral("normalized"), true},
                                {QStringLiteral("special"), true}};
    const QJsonObject root{{QStringLiteral("added_tokens"), QJsonArray{endOfText}},
                           {QStringLiteral("normalizer"), QJsonValue::Null},
                           {QStringLiteral("pre_tokenizer"), byteLevel},
                           {QStringLiteral("post_processor"), byteLevel},
                           {QStringLiteral("decoder"), byteLevel},
                           {QStringLiteral("model"), model}};
    const HandMade folder(QJsonDocument(root).toJson(QJsonDocument::Compact));
    const HubTokenizer hub = HubTokenizer::fromFolder(folder.dir.path());
    const Gpt2Tokenizer gpt2 = Gpt2Tokenizer::fromFiles(gpt2Dir + QStringLiteral("/vocab.json"),
                                                        gpt2Dir + QStringLiteral("/merges.txt"));
    QCOMPARE(hub.vocabularySize(), gpt2.vocabularySize());

    const QJsonArray rows =
        QJsonDocument::fromJson(readAll(hubDir() + QStringLiteral("/gpt2_cases.json")))
            .object()
            .value(QStringLiteral("cases"))
            .toArray();
    QCOMPARE(rows.size(), 463);
    QStringList differFromGpt2;
    for (const QJsonValue &value : rows) {
        const QJsonObject row = value.toObject();
        const QString text = row.value(QStringLiteral("text")).toString();
        const std::vector<int> ids = hub.encode(text).ids;
        QVERIFY2(ids == ints(row.value(QStringLiteral("ids"))),
                 qPrintable(row.value(QStringLiteral("name")).toString()));
        if (ids != gpt2.encode(text).ids)
            differFromGpt2 << row.value(QStringLiteral("name")).toString();
    }
    QCOMPARE(differFromGpt2, (QStringList{QStringLiteral("U+0085 next line after space"),
                                          QStringLiteral("U+FEFF byte order mark after space")}));
}

QTEST_APPLESS_MAIN(TestHubTokenizer)
#include "tst_hubtokenizer.moc"
