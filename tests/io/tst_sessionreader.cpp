// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Session files: what a good one gives, and the one line a bad one gets.

#include "core/maths/chapterexamples.h"
#include "io/sessionreader.h"
#include "io/sessionwriter.h"

#include <QBuffer>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace AttentionLab;

namespace {

QByteArray session(const QByteArray &members)
{
    return "{\"format\": \"attention-lab/session\", \"version\": 1, " + members + "}";
}

const QByteArray kGoodVectors = "\"queries\": [[1, 0]], \"keys\": [[1, 0], [0, 1]]";

} // namespace

class TestSessionReader : public QObject
{
    Q_OBJECT

private slots:
    void readsAFullSession();
    void defaults();
    void presetsAreValid_data();
    void presetsAreValid();
    void rejects_data();
    void rejects();
    void acceptsHugeButFiniteScores();
    void missingFile();
    void folder();
    void specialFilesAreRefusedBeforeOpening();
    void tooLargeFile();
    void roundTripIsExact();
    void failedSaveKeepsTheOldFile();
};

void TestSessionReader::readsAFullSession()
{
    SessionReader reader;
    const auto s = reader.parse(
        session("\"tokens\": [\"a\", \"b\"], \"query_tokens\": [\"q\"], " + kGoodVectors +
                ", \"values\": [[1, 2, 3], [4, 5, 6]], \"scale\": false, \"mask\": \"causal\", "
                "\"temperature\": 0.5"),
        QStringLiteral("s.json"));
    QVERIFY2(s, qPrintable(reader.errorString()));
    QCOMPARE(s->keys.rows(), Index(2));
    QCOMPARE(s->values.cols(), Index(3));
    QCOMPARE(s->options.scale, false);
    QCOMPARE(s->options.mask, MaskMode::Causal);
    QCOMPARE(s->options.temperature, 0.5);
    QCOMPARE(s->queryLabel(0), std::string("q"));
    QCOMPARE(s->keyLabel(1), std::string("b"));
}

void TestSessionReader::defaults()
{
    SessionReader reader;
    const auto s = reader.parse(session(kGoodVectors), QStringLiteral("s.json"));
    QVERIFY2(s, qPrintable(reader.errorString()));
    QVERIFY(!s->hasValues());
    QVERIFY(s->effectiveValues().isApprox(s->keys, 0.0));
    QCOMPARE(s->options, AttentionOptions());
    QCOMPARE(s->keyLabel(0), std::string("k1"));
    QCOMPARE(s->queryLabel(0), std::string("q1"));
}

void TestSessionReader::presetsAreValid_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("example");
    QTest::newRow("lecture") << QStringLiteral("lecture.json") << 0;
    QTest::newRow("selection") << QStringLiteral("selection.json") << 1;
    QTest::newRow("causal mask") << QStringLiteral("causal-mask.json") << 2;
}

void TestSessionReader::presetsAreValid()
{
    QFETCH(QString, file);
    QFETCH(int, example);
    SessionReader reader;
    const auto s = reader.readFile(QStringLiteral(PRESETS_DIR "/") + file);
    QVERIFY2(s, qPrintable(reader.errorString()));
    // The shipped files are the chapter's examples, number for number.
    const Session expected = example == 0   ? ChapterExamples::lecture()
                             : example == 1 ? ChapterExamples::selection()
                                            : ChapterExamples::causalMask();
    QVERIFY(*s == expected);
}

void TestSessionReader::rejects_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray() << "bad.json: is empty";
    QTest::newRow("only spaces") << QByteArray("  \n ") << "bad.json: is empty";
    QTest::newRow("binary") << QByteArray("{\"a\x00\x01", 5)
                            << "bad.json: is not a text file (binary data at byte 3)";
    QTest::newRow("not UTF-8") << QByteArray("{\"format\": \"\xff\xfe\"}")
                               << "bad.json: is not UTF-8 text";
    QTest::newRow("syntax error with line and column")
        << QByteArray("{\n  \"format\": \"attention-lab/session\",\n  \"version\": 1,,\n}")
        << "bad.json: line 3, column ";
    QTest::newRow("a list, not an object") << QByteArray("[1, 2]") << "a session is a JSON object";
    QTest::newRow("no format") << QByteArray("{\"version\": 1}") << "\"format\" is missing";
    QTest::newRow("another format") << QByteArray("{\"format\": \"other\", \"version\": 1}")
                                    << "\"format\" is the text \"other\"";
    QTest::newRow("no version") << QByteArray("{\"format\": \"attention-lab/session\"}")
                                << "\"version\" is missing";
    QTest::newRow("newer version")
        << QByteArray("{\"format\": \"attention-lab/session\", \"version\": 2}")
        << "the session is version 2, newer than this program understands (1)";
    QTest::newRow("fractional version")
        << QByteArray("{\"format\": \"attention-lab/session\", \"version\": 1.5}")
        << "\"version\" must be a whole number";
    QTest::newRow("no keys") << session("\"queries\": [[1]]") << "\"keys\" is missing";
    QTest::newRow("empty keys") << session("\"queries\": [[1]], \"keys\": []")
                                << "\"keys\" is empty";
    QTest::newRow("empty vector") << session("\"queries\": [[1]], \"keys\": [[]]")
                                  << "keys[0] is empty";
    QTest::newRow("ragged rows") << session("\"queries\": [[1, 2]], \"keys\": [[1, 2], [3]]")
                                 << "keys[1] has 1 numbers but keys[0] has 2";
    QTest::newRow("query width differs") << session("\"queries\": [[1]], \"keys\": [[1, 2]]")
                                         << "queries have 1 numbers each but keys have 2";
    QTest::newRow("values count differs")
        << session(kGoodVectors + ", \"values\": [[1]]") << "there are 1 values for 2 keys";
    QTest::newRow("text for a number") << session("\"queries\": [[\"x\", 0]], \"keys\": [[1, 0]]")
                                       << "queries[0][0] is the text \"x\", not a number";
    QTest::newRow("null for a number") << session("\"queries\": [[null, 0]], \"keys\": [[1, 0]]")
                                       << "queries[0][0] is null, not a number";
    QTest::newRow("NaN") << session("\"queries\": [[NaN]], \"keys\": [[1]]") << "bad.json: line 1";
    QTest::newRow("1e999") << session("\"queries\": [[1e999]], \"keys\": [[1]]") << "bad.json:";
    QTest::newRow("unknown mask") << session(kGoodVectors + ", \"mask\": \"future\"")
                                  << "unknown mask \"future\"";
    QTest::newRow("newline in the mask, escaped")
        << session(kGoodVectors + ", \"mask\": \"causal\\nnone\"")
        << "unknown mask \"causal\\nnone\"";
    QTest::newRow("long mask, cut")
        << session(kGoodVectors + ", \"mask\": \"" + QByteArray(1000, 'z') + "\"")
        << "unknown mask \"zzzzzzzzzzzzzzzzzzzzzzzzzz\u2026zzzzzzzzzzzzz\": use";
    QTest::newRow("version 1e308, short")
        << QByteArray("{\"format\": \"attention-lab/session\", \"version\": 1e308}")
        << "the session is version 1e+308, newer";
    QTest::newRow("lone surrogate in a token")
        << session(kGoodVectors + ", \"tokens\": [\"a\", \"\\ud800\"]")
        << "tokens[1] \"\\ud800\" is not valid Unicode: it holds a lone UTF-16 surrogate";
    QTest::newRow("lone low surrogate in a query token")
        << session(kGoodVectors + ", \"query_tokens\": [\"x\\udc00y\"]")
        << "query_tokens[0] \"x\\udc00y\" is not valid Unicode";
    QTest::newRow("mask not text")
        << session(kGoodVectors + ", \"mask\": 3") << "unknown mask a number";
    QTest::newRow("fractional window") << session(kGoodVectors + ", \"window\": 2.5")
                                       << "\"window\" must be a whole number of keys (0: none), "
                                          "not 2.5";
    QTest::newRow("negative soft cap")
        << session(kGoodVectors + ", \"soft_cap\": -1")
        << "\"soft_cap\" must be a number, 0 (none) or above, not -1";
    QTest::newRow("bias of the wrong shape")
        << session(kGoodVectors + ", \"bias\": [[1, 2, 3]]") << "\"bias\" is 1 x 3 but there are";
    QTest::newRow("bias of words") << session(kGoodVectors + ", \"bias\": [[\"a\"]]") << "bias";
    QTest::newRow("positions of another kind")
        << session(kGoodVectors + ", \"positions\": \"learned\"")
        << "\"positions\" must be \"none\" or \"rotary theta=\" and a base above 1, not "
           "\"learned\"";
    QTest::newRow("positions not text")
        << session(kGoodVectors + ", \"positions\": 10000")
        << "\"positions\" must be \"none\" or \"rotary theta=\" and a base above 1, not a "
           "number";
    QTest::newRow("zero temperature") << session(kGoodVectors + ", \"temperature\": 0")
                                      << "\"temperature\" must be a number above 0, not 0";
    QTest::newRow("negative temperature") << session(kGoodVectors + ", \"temperature\": -2")
                                          << "\"temperature\" must be a number above 0, not -2";
    QTest::newRow("scale not bool")
        << session(kGoodVectors + ", \"scale\": \"yes\"") << "\"scale\" must be true or false";
    QTest::newRow("wrong token count")
        << session(kGoodVectors + ", \"tokens\": [\"a\"]") << "\"tokens\" has 1 labels for 2 keys";
    QTest::newRow("token not text")
        << session(kGoodVectors + ", \"tokens\": [\"a\", 2]") << "tokens[1] must be text";
    QTest::newRow("scores overflow")
        << session("\"queries\": [[1e200, 1e200]], \"keys\": [[1e200, -1e200], [1, 1]]")
        << "the dot product of queries[0] and keys[0] overflows double precision";
    QTest::newRow("deep nesting") << QByteArray(QByteArray(5000, '[') + QByteArray(5000, ']'))
                                  << "bad.json: line 1";
    // 40,000 queries and 40,000 keys: the scores alone would take 24 GiB.
    QByteArray many = "[";
    for (int i = 0; i < 40000; ++i)
        many += i ? ",[1]" : "[1]";
    many += "]";
    QTest::newRow("absurd size")
        << session("\"queries\": " + many + ", \"keys\": " + many)
        << "attending 40000 queries to 40000 keys would need 24 GiB of memory";
}

void TestSessionReader::rejects()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    SessionReader reader;
    QVERIFY(!reader.parse(data, QStringLiteral("bad.json")));
    const QString error = reader.errorString();
    QVERIFY2(error.startsWith(QStringLiteral("bad.json: ")), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1Char('\n')), "one line");
}

void TestSessionReader::acceptsHugeButFiniteScores()
{
    // Scores near 2e300: past the cheap bound, but every product is finite.
    SessionReader reader;
    const auto s =
        reader.parse(session("\"queries\": [[1e150, 1e150]], \"keys\": [[1e150, 1e150], [-1, 2]]"),
                     QStringLiteral("big.json"));
    QVERIFY2(s, qPrintable(reader.errorString()));
    QVERIFY(!s->firstOverflowingScore());
}

void TestSessionReader::missingFile()
{
    SessionReader reader;
    QVERIFY(!reader.readFile(QStringLiteral("/nonexistent/session.json")));
    QCOMPARE(reader.errorString(), QStringLiteral("/nonexistent/session.json: no such file"));
}

void TestSessionReader::folder()
{
    QTemporaryDir dir;
    SessionReader reader;
    QVERIFY(!reader.readFile(dir.path()));
    QVERIFY(reader.errorString().endsWith(QStringLiteral("is a folder, not a session file")));
}

void TestSessionReader::specialFilesAreRefusedBeforeOpening()
{
    // Opening a FIFO for reading blocks until a writer comes: refuse it first.
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    SessionReader reader;
    QVERIFY(!reader.readFile(fifo));
    QVERIFY2(reader.errorString().endsWith(
                 QStringLiteral("pipe.json: is a FIFO (named pipe), not a session file")),
             qPrintable(reader.errorString()));
    QVERIFY(!reader.readFile(QStringLiteral("/dev/null")));
    QCOMPARE(reader.errorString(),
             QStringLiteral("/dev/null: is a character device, not a session file"));
    SessionWriter writer;
    QVERIFY(!writer.writeFile(Session{}, fifo));
    QVERIFY2(writer.errorString().endsWith(
                 QStringLiteral("cannot be written: it is a FIFO (named pipe), not a file")),
             qPrintable(writer.errorString()));
    QVERIFY(QFileInfo(fifo).isFile() == false);
}

void TestSessionReader::tooLargeFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(65 * 1024 * 1024)); // sparse: refused by its size, never read
    file.close();
    SessionReader reader;
    QVERIFY(!reader.readFile(path));
    QVERIFY2(reader.errorString().contains(QStringLiteral("session files are limited to 64 MiB")),
             qPrintable(reader.errorString()));
}

void TestSessionReader::roundTripIsExact()
{
    const std::optional<HeadPositions> positions[] = {std::nullopt, HeadPositions{false},
                                                      HeadPositions{true, 500000.0 / 3.0}};
    int example = 0;
    for (Session s : {ChapterExamples::lecture(), ChapterExamples::selection(),
                      ChapterExamples::causalMask()}) {
        s.queries(0, 0) = 0.1 + 0.2; // not a short decimal
        // A head's layer's positions: none (a NoPE layer), or rotary's base.
        s.positions = positions[example++];
        // And T5's bias, one number per query and key.
        if (example == 2)
            s.bias = Matrix::Constant(s.queries.rows(), s.keys.rows(), 1.0 / 7.0);
        s.options.temperature = 1.0 / 3.0;
        // A local layer's window and Gemma 2's cap go with the session.
        s.options.window = 2;
        s.options.softCap = 50.0 / 3.0;
        QBuffer buffer;
        buffer.open(QIODevice::ReadWrite);
        SessionWriter writer;
        QVERIFY(writer.write(s, &buffer));
        buffer.seek(0);
        SessionReader reader;
        const auto back = reader.read(&buffer, QStringLiteral("buffer"));
        QVERIFY2(back, qPrintable(reader.errorString()));
        QVERIFY(*back == s);
    }
}

void TestSessionReader::failedSaveKeepsTheOldFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.json"));
    SessionWriter writer;
    QVERIFY(writer.writeFile(ChapterExamples::lecture(), path));
    const QByteArray before = [&] {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    // A target inside a missing folder cannot be written; nothing is created.
    const QString bad = dir.filePath(QStringLiteral("missing/kept.json"));
    QVERIFY(!writer.writeFile(ChapterExamples::selection(), bad));
    QVERIFY(writer.errorString().startsWith(bad));
    QVERIFY(!QFile::exists(bad));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
}

QTEST_APPLESS_MAIN(TestSessionReader)
#include "tst_sessionreader.moc"
