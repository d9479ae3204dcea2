// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// HubTokenizer, the tokenizer.json reader: three real files (Qwen3's and
// Llama 3's byte-level BPE, a SentencePiece-style BPE with byte fallback)
// against the ids of Hugging Face's tokenizers on several hundred strings each
// (tests/data/make_hub_tokenizer_fixtures.js); small hand-made files for what
// the real ones do not use; and one line naming the file for each broken one.

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

#include <map>

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

/// A tokenizer.json of \a parts (model, normalizer, ...) in a folder of its own.
struct HandMade
{
    QTemporaryDir dir;
    explicit HandMade(const QJsonObject &root, const QJsonObject &config = {})
    {
        writeFile(dir.filePath(QStringLiteral("tokenizer.json")), QJsonDocument(root).toJson());
        if (!config.isEmpty())
            writeFile(dir.filePath(QStringLiteral("tokenizer_config.json")),
                      QJsonDocument(config).toJson());
    }
    HubTokenizer tokenizer() const { return HubTokenizer::fromFolder(dir.path()); }
};

} // namespace

class TestHubTokenizer : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data();
    void realFiles();
    // MORE
};

void TestHubTokenizer::realFiles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("byteLevel");
    QTest::newRow("Qwen3, byte-level BPE with single digits") << QStringLiteral("qwen3") << true;
    QTest::newRow("Llama 3, byte-level BPE with ignore_merges") << QStringLiteral("llama3") << true;
    QTest::newRow("Llama 2 style, SentencePiece BPE with byte fallback")
        << QStringLiteral("llama2") << false;
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

QTEST_APPLESS_MAIN(TestHubTokenizer)
#include "tst_hubtokenizer.moc"
