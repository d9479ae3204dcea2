// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Encoder-decoders on the command line, through the built binary, on the
// tiny checkpoints of tests/data/seq2seq (make_seq2seq_fixtures.py):
// tokenize with the source or the target tokenizer, model's report and JSON
// (its sets, source and decoder ids, the next tokens as PyTorch gives them),
// -o writing the three sets that inspect then reads, --set choosing the one
// described, --session taking a cross head into a session file, and each
// refusal one line with exit status 2.

#include "binaryrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

BinaryRun run(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    return runAttentionLab(arguments, environment);
}

QString model(const QString &name)
{
    return QStringLiteral(TEST_DATA_DIR "/seq2seq/") + name;
}

QJsonObject expected(const QString &name)
{
    QFile file(model(u"reference.json"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll())[u"checkpoints"_s][name].toObject();
}

QJsonArray intArray(const QJsonValue &value)
{
    QJsonArray out;
    for (const QJsonValue &v : value.toArray())
        out.append(v.toInt());
    return out;
}

} // namespace

class TestSeq2SeqCommands : public QObject
{
    Q_OBJECT

private slots:
    void tokenizeTakesEitherSide();
    void modelJson_data();
    void modelJson();
    void modelWritesEverySet();
    void reportNamesTheSet();
    void sessionOfACrossHead();
    void generateTranslates();
    void refusals_data();
    void refusals();
};

void TestSeq2SeqCommands::tokenizeTakesEitherSide()
{
    const QJsonObject want = expected(u"opus-mt-en-de-separate"_s);
    const QString folder = model(u"opus-mt-en-de-separate"_s);
    const BinaryRun source =
        run({u"tokenize"_s, folder, u"--text"_s, want[u"source_text"_s].toString(), u"--json"_s});
    QCOMPARE(source.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(source.out)[u"ids"_s].toArray(),
             intArray(want[u"source_ids"_s]));
    const BinaryRun target = run({u"tokenize"_s, folder, u"--text"_s,
                                  want[u"target_text"_s].toString(), u"--target"_s, u"--json"_s});
    QCOMPARE(target.exitCode, 0);
    // What the decoder reads after its start token.
    QJsonArray decoder = intArray(want[u"decoder_ids"_s]);
    decoder.removeFirst();
    QCOMPARE(QJsonDocument::fromJson(target.out)[u"ids"_s].toArray(), decoder);
}

void TestSeq2SeqCommands::modelJson_data()
{
    QTest::addColumn<QString>("name");
    for (const char *name : {"t5-small", "flan-t5-small", "bart-base", "opus-mt-en-fr"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestSeq2SeqCommands::modelJson()
{
    QFETCH(QString, name);
    const QJsonObject want = expected(name);
    const BinaryRun r =
        run({u"model"_s, model(name), u"--text"_s, want[u"source_text"_s].toString(), u"--target"_s,
             want[u"target_text"_s].toString(), u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject got = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(got[u"source_ids"_s].toArray(), intArray(want[u"source_ids"_s]));
    QCOMPARE(got[u"decoder_ids"_s].toArray(), intArray(want[u"decoder_ids"_s]));
    QCOMPARE(got[u"ids"_s].toArray(), intArray(want[u"source_ids"_s]));
    QCOMPARE(got[u"set"_s].toString(), u"decoder"_s);
    const QJsonArray sets = got[u"sets"_s].toArray();
    QCOMPARE(sets.size(), 3);
    QCOMPARE(sets[0][u"kind"_s].toString(), u"encoder"_s);
    QCOMPARE(sets[2][u"kind"_s].toString(), u"cross"_s);
    // The cross-attention: the decoder's tokens as queries, the source's as keys.
    QCOMPARE(sets[2][u"query_tokens"_s].toArray(), got[u"decoder_tokens"_s].toArray());
    QCOMPARE(sets[2][u"key_tokens"_s].toArray(), got[u"tokens"_s].toArray());
    QCOMPARE(sets[2][u"query_tokens"_s].toArray().size(), want[u"decoder_ids"_s].toArray().size());
    const QJsonArray top = got[u"top_next"_s].toArray();
    const QJsonArray wantTop = want[u"top_next"_s].toArray();
    QCOMPARE(top.size(), 5);
    for (qsizetype i = 0; i < top.size(); ++i) {
        QCOMPARE(top[i][u"id"_s].toInt(), wantTop[i][u"id"_s].toInt());
        QVERIFY(std::abs(top[i][u"p"_s].toDouble() - wantTop[i][u"p"_s].toDouble()) < 1e-5);
        QVERIFY(!top[i][u"token"_s].toString().isEmpty());
    }
}

void TestSeq2SeqCommands::modelWritesEverySet()
{
    QTemporaryDir dir;
    const QString npz = dir.filePath(u"run.npz"_s);
    const BinaryRun r =
        run({u"model"_s, model(u"opus-mt-en-fr"_s), u"--text"_s, u"Show hidden files"_s,
             u"--target"_s, u"Afficher les fichiers"_s, u"-o"_s, npz});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.isEmpty());
    const BinaryRun inspected = run({u"inspect"_s, npz, u"--json"_s, u"--set"_s, u"cross"_s});
    QCOMPARE(inspected.exitCode, 0);
    const QJsonObject got = QJsonDocument::fromJson(inspected.out).object();
    QCOMPARE(got[u"kind"_s].toString(), u"cross"_s);
    const QJsonArray sets = got[u"sets"_s].toArray();
    QCOMPARE(sets.size(), 3);
    QVERIFY(sets[2][u"query_tokens"_s].toArray().contains(u"▁fichier"_s) ||
            sets[2][u"query_tokens"_s].toArray().size() > 2);
    QCOMPARE(sets[2][u"key_tokens"_s].toArray(), sets[0][u"key_tokens"_s].toArray());
    QCOMPARE(sets[2][u"query_tokens"_s].toArray(), sets[1][u"key_tokens"_s].toArray());
    // The alignment figure of a cross head, from the written file: the
    // cross-attention without --set, its target tokens and its source's.
    const QString svg = dir.filePath(u"cross.svg"_s);
    const BinaryRun exported =
        run({u"export"_s, npz, u"--view"_s, u"alignment"_s, u"--layer"_s, u"1"_s, u"-o"_s, svg});
    QCOMPARE(exported.exitCode, 0);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString drawn = QString::fromUtf8(file.readAll());
    QVERIFY(drawn.contains(u"alignment: cross-attention, layer 1, head 0"_s));
    QVERIFY(drawn.contains(u"alignment monotonicity"_s));
    QVERIFY(!drawn.contains(u"previous token"_s));
    QVERIFY(drawn.contains(u"fichier"_s));
    // A translation's steps as a GIF of the alignment growing a row a step.
    const QString gif = dir.filePath(u"translation.gif"_s);
    const BinaryRun animated =
        run({u"animate"_s, model(u"opus-mt-en-fr"_s), u"--text"_s, u"Show hidden files"_s,
             u"--sweep"_s, u"generation"_s, u"--tokens"_s, u"3"_s, u"--view"_s, u"alignment"_s,
             u"--width"_s, u"320"_s, u"--height"_s, u"240"_s, u"-o"_s, gif});
    QCOMPARE(animated.exitCode, 0);
    QVERIFY(QFile(gif).size() > 1000);
    // The alignment of a self-attention is refused.
    const BinaryRun refused = run({u"export"_s, npz, u"--view"_s, u"alignment"_s, u"--set"_s,
                                   u"encoder"_s, u"-o"_s, dir.filePath(u"never.svg"_s)});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY(QString::fromUtf8(refused.err).contains(u"names the encoder self-attention"_s));
}

void TestSeq2SeqCommands::reportNamesTheSet()
{
    const BinaryRun r = run({u"model"_s, model(u"t5-small"_s), u"--text"_s, u"Show hidden files"_s,
                             u"--set"_s, u"cross"_s});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    // No target: the decoder read its start token alone.
    QVERIFY2(text.contains(u"1 decoder tokens; the cross-attention"_s), qPrintable(text));
    QVERIFY2(text.contains(u"query tokens: <pad>"_s), qPrintable(text));
    QVERIFY(text.contains(u"most likely next tokens after \"<pad>\""_s));
}

void TestSeq2SeqCommands::sessionOfACrossHead()
{
    QTemporaryDir dir;
    const QString head = dir.filePath(u"head.json"_s);
    const BinaryRun r =
        run({u"model"_s, model(u"bart-base"_s), u"--text"_s, u"Show hidden files"_s, u"--target"_s,
             u"Show the files"_s, u"--set"_s, u"cross"_s, u"--session"_s, u"1.2"_s, u"-o"_s, head});
    QCOMPARE(r.exitCode, 0);
    QFile file(head);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject session = QJsonDocument::fromJson(file.readAll()).object();
    // Queries are the decoder's tokens, keys the source's: of other counts.
    const QString json = QString::fromUtf8(QJsonDocument(session).toJson());
    QVERIFY2(json.contains(u"queryTokens"_s) || json.contains(u"query_tokens"_s), qPrintable(json));
    const BinaryRun evaluated = run({u"eval"_s, head});
    QCOMPARE(evaluated.exitCode, 0);
}

void TestSeq2SeqCommands::generateTranslates()
{
    const QJsonObject want = expected(u"flan-t5-small"_s);
    QTemporaryDir dir;
    const QString npz = dir.filePath(u"translation.npz"_s);
    const BinaryRun r =
        run({u"generate"_s, model(u"flan-t5-small"_s), u"--text"_s,
             want[u"source_text"_s].toString(), u"--tokens"_s, u"10"_s, u"--json"_s, u"-o"_s, npz});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject got = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(got[u"source_ids"_s].toArray(), intArray(want[u"source_ids"_s]));
    QCOMPARE(got[u"source_tokens"_s].toArray().size(), want[u"source_ids"_s].toArray().size());
    // The decoder's ids, its start token first: greedy, as ten full passes chose.
    const QJsonArray greedy = intArray(want[u"greedy_ids"_s]);
    QCOMPARE(got[u"ids"_s].toArray(), greedy);
    QCOMPARE(got[u"tokens"_s].toArray().size(), greedy.size());
    QCOMPARE(got[u"steps"_s].toArray().size(), greedy.size() - 1);
    QCOMPARE(got[u"prompt_length"_s].toInt(), 1);
    // The three sets of the whole translation.
    const BinaryRun inspected = run({u"inspect"_s, npz, u"--json"_s, u"--set"_s, u"cross"_s});
    QCOMPARE(inspected.exitCode, 0);
    const QJsonArray sets = QJsonDocument::fromJson(inspected.out)[u"sets"_s].toArray();
    QCOMPARE(sets.size(), 3);
    QCOMPARE(sets[2][u"query_tokens"_s].toArray(), got[u"tokens"_s].toArray());
    QCOMPARE(sets[2][u"key_tokens"_s].toArray(), got[u"source_tokens"_s].toArray());
    // Printed as it is written, without the decoder's start token.
    const BinaryRun printed = run({u"generate"_s, model(u"flan-t5-small"_s), u"--text"_s,
                                   want[u"source_text"_s].toString(), u"--tokens"_s, u"3"_s});
    QCOMPARE(printed.exitCode, 0);
    QVERIFY(!QString::fromUtf8(printed.out).startsWith(u"<pad>"_s));
}

void TestSeq2SeqCommands::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString gpt2 = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const QString bert = QStringLiteral(TEST_DATA_DIR "/models/bert-tiny");
    QTest::newRow("--set cross on a decoder")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a cat"_s, u"--set"_s, u"cross"_s}
        << u"gpt2-tiny has no cross-attention: it is a decoder"_s;
    QTest::newRow("--set decoder on an encoder")
        << QStringList{u"model"_s, bert, u"--text"_s, u"a cat"_s, u"--set"_s, u"decoder"_s}
        << u"bert-tiny has no decoder self-attention: it is an encoder"_s;
    QTest::newRow("--target on a decoder")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a cat"_s, u"--target"_s, u"b"_s}
        << u"--target is for encoder-decoder models (T5, BART, Marian); gpt2-tiny is a GPT-2 "
           "model"_s;
    QTest::newRow("generate --target on a decoder")
        << QStringList{u"generate"_s, gpt2, u"--text"_s, u"a cat"_s, u"--target"_s, u"b"_s}
        << u"--target is for encoder-decoder models (T5, BART, Marian); gpt2-tiny is a GPT-2 "
           "model"_s;
    QTest::newRow("tokenize --target on a decoder")
        << QStringList{u"tokenize"_s, gpt2, u"--text"_s, u"a cat"_s, u"--target"_s}
        << u"--target: gpt2-tiny has one tokenizer: it is not an encoder-decoder"_s;
    QTest::newRow("an empty target") << QStringList{u"model"_s, model(u"t5-small"_s), u"--text"_s,
                                                    u"a cat"_s, u"--target"_s,        u""_s}
                                     << u"the target text is empty"_s;
    QTest::newRow("--target on tokenize takes no value")
        << QStringList{u"tokenize"_s, model(u"t5-small"_s), u"--text"_s, u"a"_s, u"--target=b"_s}
        << u"tokenize --target takes no value"_s;
    QTest::newRow("the alignment of a decoder's generation")
        << QStringList{u"animate"_s,       gpt2,           u"--text"_s,
                       u"a cat"_s,         u"--sweep"_s,   u"generation"_s,
                       u"--view"_s,        u"alignment"_s, u"-o"_s,
                       u"/tmp/never.gif"_s}
        << u"--view alignment draws a cross-attention; gpt2-tiny has none: it is a decoder"_s;
    QTest::newRow("a head the set lacks")
        << QStringList{u"model"_s, model(u"t5-small"_s), u"--text"_s, u"a"_s,  u"--set"_s,
                       u"cross"_s, u"--session"_s,       u"3.0"_s,    u"-o"_s, u"/tmp/x.json"_s}
        << u"--session: 3 is out of range (0 to 2)"_s;
}

void TestSeq2SeqCommands::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const BinaryRun r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
}

QTEST_GUILESS_MAIN(TestSeq2SeqCommands)
#include "tst_seq2seqcommands.moc"
