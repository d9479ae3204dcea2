// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// An encoder-decoder's attention file on the command line, through the built
// binary: inspect describes each of its three sets, its JSON lists them and
// gives the set shown with numpy's numbers (tests/data/attention-sets,
// make_attention_set_fixtures.py), --set picks one for inspect, export and
// animate, and what cannot be done is one line with exit status 2.

#include "binaryrun.h"
#include "jsondifference.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

BinaryRun run(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    return runAttentionLab(arguments, environment);
}

QString fixture(const QString &name)
{
    return QStringLiteral(TEST_DATA_DIR "/attention-sets/") + name;
}

QJsonObject expectedSet(const QString &kind)
{
    QFile file(fixture(u"expected.json"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue &set : QJsonDocument::fromJson(file.readAll())[u"sets"_s].toArray())
        if (set[u"kind"_s].toString() == kind)
            return set.toObject();
    return {};
}

} // namespace

class TestSetCommands : public QObject
{
    Q_OBJECT

private slots:
    void inspectDescribesEverySet();
    void jsonListsTheSets_data();
    void jsonListsTheSets();
    void exportTakesASet();
    void exportSaysWhichLayerOfAKeptFile();
    void refusals_data();
    void refusals();
};

void TestSetCommands::inspectDescribesEverySet()
{
    const BinaryRun r = run({u"inspect"_s, fixture(u"encoder_decoder.npz"_s)});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    const qsizetype encoder = text.indexOf(u"== encoder self-attention =="_s);
    const qsizetype decoder = text.indexOf(u"== decoder self-attention =="_s);
    const qsizetype cross = text.indexOf(u"== cross-attention =="_s);
    QVERIFY2(encoder >= 0 && encoder < decoder && decoder < cross, qPrintable(text));
    // Each with its own tokens: the cross-attention's queries are the target's.
    QVERIFY(text.mid(cross).contains(u"query tokens: <pad> ▁le ▁chien ▁a ▁aboyé"_s));
    QVERIFY(text.mid(encoder, decoder - encoder).contains(u"previous token"_s));
    const QString crossPart = text.mid(cross);
    QVERIFY(crossPart.contains(u"mean entropy"_s));
    QVERIFY(!crossPart.contains(u"previous token, layer x head"_s));
    QVERIFY(crossPart.contains(u"none for a cross-attention"_s));
    QVERIFY(!crossPart.contains(u"rollout"_s));
    // --set shows that one alone, with no heading.
    const BinaryRun one =
        run({u"inspect"_s, fixture(u"encoder_decoder.npz"_s), u"--set"_s, u"encoder"_s});
    QCOMPARE(one.exitCode, 0);
    QVERIFY(!QString::fromUtf8(one.out).contains(u"=="_s));
    QVERIFY(QString::fromUtf8(one.out).contains(u"2 layers x 3 heads, 5 queries x 5 keys"_s));
}

void TestSetCommands::jsonListsTheSets_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("set");
    QTest::addColumn<QString>("shown");
    QTest::newRow("no --set: the decoder's") << "encoder_decoder.npz" << QString() << "decoder";
    QTest::newRow("--set cross") << "encoder_decoder.npz"
                                 << "cross"
                                 << "cross";
    QTest::newRow(".safetensors, --set encoder") << "encoder_decoder.safetensors"
                                                 << "encoder"
                                                 << "encoder";
}

void TestSetCommands::jsonListsTheSets()
{
    QFETCH(QString, file);
    QFETCH(QString, set);
    QFETCH(QString, shown);
    QStringList arguments{u"inspect"_s, fixture(file), u"--json"_s};
    if (!set.isEmpty())
        arguments << u"--set"_s << set;
    const BinaryRun r = run(arguments);
    QCOMPARE(r.exitCode, 0);
    const QJsonObject got = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(got[u"kind"_s].toString(), shown);
    const QJsonArray sets = got[u"sets"_s].toArray();
    QCOMPARE(sets.size(), 3);
    const QStringList kinds{u"encoder"_s, u"decoder"_s, u"cross"_s};
    for (qsizetype i = 0; i < sets.size(); ++i) {
        const QJsonObject want = expectedSet(kinds[i]);
        QCOMPARE(sets[i][u"kind"_s].toString(), kinds[i]);
        QCOMPARE(sets[i][u"layers"_s].toInt(), want[u"layers"_s].toInt());
        QCOMPARE(sets[i][u"heads"_s].toInt(), want[u"heads"_s].toInt());
        QCOMPARE(sets[i][u"query_tokens"_s].toArray(), want[u"query_tokens"_s].toArray());
        QCOMPARE(sets[i][u"key_tokens"_s].toArray(), want[u"key_tokens"_s].toArray());
        QCOMPARE(sets[i].toObject().keys(), (QStringList{u"heads"_s, u"key_tokens"_s, u"kind"_s,
                                                         u"layers"_s, u"query_tokens"_s}));
    }
    // Today's members describe the set shown, with numpy's numbers.
    const QJsonObject want = expectedSet(shown);
    QVERIFY(jsonDifference(got[u"entropy_bits"_s], want[u"entropy_bits"_s]) < 1e-6);
    QCOMPARE(got[u"tokens"_s].toArray(), want[u"key_tokens"_s].toArray());
    // A detector that means nothing for the set is null, not a number.
    const bool cross = shown == QLatin1String("cross");
    for (const char *key : {"previous_token", "first_token", "self"})
        QCOMPARE(got[QLatin1String(key)].isNull(), cross);
    if (!cross)
        QVERIFY(jsonDifference(got[u"first_token"_s], want[u"first_token"_s]) < 1e-6);
    QCOMPARE(got[u"rollout"_s].isNull(), cross);
}

void TestSetCommands::exportTakesASet()
{
    QTemporaryDir dir;
    const QString svg = dir.filePath(u"cross.svg"_s);
    const BinaryRun r = run({u"export"_s, fixture(u"encoder_decoder.npz"_s), u"--set"_s, u"cross"_s,
                             u"--view"_s, u"head"_s, u"--layer"_s, u"1"_s, u"-o"_s, svg});
    QCOMPARE(r.exitCode, 0);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    // The target's tokens down the side, the source's across.
    QVERIFY(text.contains(u"chien"_s));
    QVERIFY(text.contains(u"barked"_s));
    const QString gif = dir.filePath(u"heads.gif"_s);
    const BinaryRun animated =
        run({u"animate"_s, fixture(u"encoder_decoder.npz"_s), u"--set"_s, u"cross"_s, u"--sweep"_s,
             u"head"_s, u"--frames"_s, u"3"_s, u"-o"_s, gif});
    QCOMPARE(animated.exitCode, 0);
    QVERIFY(QFile::exists(gif));
}

void TestSetCommands::exportSaysWhichLayerOfAKeptFile()
{
    // include_layers=[1, 0]: --layer counts in the file, and where the number
    // is also the model's for the other layer, a warning says which is drawn.
    QTemporaryDir dir;
    const QString svg = dir.filePath(u"swapped.svg"_s);
    const BinaryRun r = run({u"export"_s, fixture(u"kept_swapped.npz"_s), u"--view"_s, u"head"_s,
                             u"--layer"_s, u"1"_s, u"-o"_s, svg});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QString::fromUtf8(r.err).contains(
                 u"warning: --layer 1 counts in the file: it draws the model's layer 0; the "
                 u"model's layer 1 is the file's 0"_s),
             r.err.constData());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("layer 0, head 0"));
}

void TestSetCommands::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("an unknown set")
        << QStringList{u"inspect"_s, fixture(u"encoder_decoder.npz"_s), u"--set"_s, u"Cross"_s}
        << u"--set: \"Cross\" is not encoder, decoder or cross"_s;
    QTest::newRow("a set the file lacks")
        << QStringList{u"inspect"_s, fixture(u"decoder_only.npy"_s), u"--set"_s, u"cross"_s}
        << u"_only.npy: holds no cross attention (it holds decoder)"_s;
    QTest::newRow("export of a set the file lacks")
        << QStringList{u"export"_s, fixture(u"encoder_only.npy"_s),
                       u"--set"_s,  u"decoder"_s,
                       u"-o"_s,     u"/tmp/never.svg"_s}
        << u"_only.npy: holds no decoder attention (it holds encoder)"_s;
    QTest::newRow("a cross-attention's rollout")
        << QStringList{u"export"_s, fixture(u"encoder_decoder.npz"_s),
                       u"--set"_s,  u"cross"_s,
                       u"--view"_s, u"rollout"_s,
                       u"-o"_s,     u"/tmp/never.svg"_s}
        << u"a cross-attention has none"_s;
    QTest::newRow("--set on a session")
        << QStringList{u"export"_s,
                       QStringLiteral(TEST_DATA_DIR "/hostile/temperature-tiny-lecture.json"),
                       u"--set"_s,
                       u"cross"_s,
                       u"-o"_s,
                       u"/tmp/never.svg"_s}
        << u"--set applies to attention files"_s;
    QTest::newRow("a model's layer number in a file that kept some")
        << QStringList{u"export"_s,  fixture(u"kept_heads.npz"_s),
                       u"--view"_s,  u"head"_s,
                       u"--layer"_s, u"11"_s,
                       u"-o"_s,      u"/tmp/never.svg"_s}
        << u"--layer: 11 is out of range (0 to 1): it counts in the file, whose layers 0 to 1 "
           u"are the model's layers 5, 11"_s;
    QTest::newRow("--tokens with several sets")
        << QStringList{u"inspect"_s, fixture(u"encoder_decoder.npz"_s), u"--tokens"_s,
                       fixture(u"expected.json"_s)}
        << u"--tokens names the tokens of a file of one"_s;
}

void TestSetCommands::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const BinaryRun r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err).trimmed();
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1Char('\n')), qPrintable(err));
    QVERIFY(!QFile::exists(u"/tmp/never.svg"_s));
}

QTEST_GUILESS_MAIN(TestSetCommands)
#include "tst_setcommands.moc"
