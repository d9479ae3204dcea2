// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The attention-lab executable as a user or a script runs it: every section
// with and without --json, eval, bench, and one clear line and exit status 2
// for anything that cannot be done.

#include "binaryrun.h"
#include "core/kernels/kernelset.h"

#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

using Run = BinaryRun;

Run run(const QStringList &arguments,
        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    return runAttentionLab(arguments, environment);
}

QJsonObject runJson(const QStringList &arguments)
{
    const Run r = run(arguments);
    if (r.exitCode != 0)
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void tablesPrint_data();
    void tablesPrint();
    void oneJson();
    void selectJson();
    void scaleJson();
    void scaleOptions();
    void maskJson();
    void paramsJson();
    void costJson();
    void severalSectionsInOneJson();
    void evalJson();
    void benchJson();
    void modelBenchJson();
    void guiBenchJson();
    void exportWithoutADisplay_data();
    void exportWithoutADisplay();
    void exportFailuresKeepTheOldFile_data();
    void exportFailuresKeepTheOldFile();
    void windowWithoutADisplay();
    void helpAndVersion();
    void kernelChoice_data();
    void kernelChoice();
    void badInput_data();
    void badInput();
};

void TestCommandLine::tablesPrint_data()
{
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("--one") << u"--one"_s << QStringList{u"0.3369"_s, u"0.3019"_s,
                                                        u"0.3611"_s, u"(0.4118, 0.4514, 0.5816)"_s,
                                                        u"1.5811"_s, u"1.5850"_s,
                                                        u"1.7321"_s};
    QTest::newRow("--select") << u"--select"_s
                              << QStringList{u"dog 0.8520"_s, u"1.5850 bits"_s, u"dog 0.9611"_s};
    QTest::newRow("--scale") << u"--scale"_s << QStringList{u"1.756"_s,  u"2.038"_s,  u"31.685"_s,
                                                            u"0.9611"_s, u"0.1333"_s, u"3.0000"_s};
    QTest::newRow("--mask") << u"--mask"_s << QStringList{u"0.4551"_s, u"0.1824"_s, u"0.5449"_s};
    QTest::newRow("--params") << u"--params"_s
                              << QStringList{u"1,050,624"_s, u"2,099,712"_s, u"44,514,304"_s};
    QTest::newRow("--cost") << u"--cost"_s << QStringList{u"1,073,741,824"_s, u"16.00x"_s};
}

void TestCommandLine::tablesPrint()
{
    QFETCH(QString, flag);
    QFETCH(QStringList, expected);
    const Run r = run({flag});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    for (const QString &text : expected)
        QVERIFY2(r.out.contains(text.toUtf8()), qPrintable(text));
}

void TestCommandLine::oneJson()
{
    const QJsonObject j = runJson({QStringLiteral("--one"), QStringLiteral("--json")});
    QVERIFY(!j.isEmpty());
    const QJsonArray w = j[QStringLiteral("weights")].toArray();
    QCOMPARE(w.size(), 3);
    QCOMPARE(fixed(w[0].toDouble(), 4), QStringLiteral("0.3369"));
    QCOMPARE(fixed(w[1].toDouble(), 4), QStringLiteral("0.3019"));
    QCOMPARE(fixed(w[2].toDouble(), 4), QStringLiteral("0.3611"));
    const QJsonArray z = j[QStringLiteral("output")].toArray();
    QCOMPARE(fixed(z[0].toDouble(), 4), QStringLiteral("0.4118"));
    QCOMPARE(fixed(z[2].toDouble(), 4), QStringLiteral("0.5816"));
    QCOMPARE(fixed(j[QStringLiteral("entropy_bits")].toDouble(), 4), QStringLiteral("1.5811"));
    QCOMPARE(fixed(j[QStringLiteral("max_entropy_bits")].toDouble(), 4), QStringLiteral("1.5850"));
    QCOMPARE(j[QStringLiteral("keys")].toArray().size(), 3);
    QCOMPARE(j[QStringLiteral("scores")].toArray()[0].toDouble(),
             0.1 * 0.4 + 0.2 * 0.5 + 0.3 * 0.6);
    QVERIFY(j[QStringLiteral("scaled_scores")].toArray()[0].toDouble() <
            j[QStringLiteral("scores")].toArray()[0].toDouble());
}

void TestCommandLine::selectJson()
{
    const QJsonObject j = runJson({QStringLiteral("--select"), QStringLiteral("--json")});
    const QJsonArray queries = j[QStringLiteral("queries")].toArray();
    QVERIFY(queries.size() >= 3);
    bool commits = false, undecided = false;
    for (const auto &value : queries) {
        const QJsonObject q = value.toObject();
        QVERIFY(q.contains(QStringLiteral("name")) && q.contains(QStringLiteral("query")));
        double top = 0.0;
        for (const auto &w : q[QStringLiteral("weights")].toArray())
            top = std::max(top, w.toDouble());
        commits = commits || top >= 0.9;
        undecided = undecided || fixed(q[QStringLiteral("entropy_bits")].toDouble(), 4) ==
                                     QStringLiteral("1.5850");
    }
    QVERIFY(commits);
    QVERIFY(undecided);
}

void TestCommandLine::scaleJson()
{
    const QJsonObject j = runJson({QStringLiteral("--scale"), QStringLiteral("--json")});
    QCOMPARE(j[QStringLiteral("seed")].toInt(), 0);
    QCOMPARE(j[QStringLiteral("draws")].toInt(), 200);
    QCOMPARE(j[QStringLiteral("keys")].toInt(), 8);
    QCOMPARE(j[QStringLiteral("max_entropy_bits")].toDouble(), 3.0);
    const QJsonArray rows = j[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[0][QStringLiteral("d_k")].toInt(), 4);
    QCOMPARE(fixed(rows[0][QStringLiteral("spread")].toDouble(), 3), QStringLiteral("1.756"));
    QCOMPARE(fixed(rows[4][QStringLiteral("raw_max_weight")].toDouble(), 2),
             QStringLiteral("0.96"));
    for (const char *key :
         {"pooled_spread", "raw_entropy_bits", "scaled_max_weight", "scaled_entropy_bits"})
        QVERIFY(rows[2].toObject().contains(QLatin1StringView(key)));
}

void TestCommandLine::scaleOptions()
{
    const QJsonObject j =
        runJson({QStringLiteral("--scale"), QStringLiteral("--json"), QStringLiteral("--seed"),
                 QStringLiteral("7"), QStringLiteral("--draws=50"), QStringLiteral("--keys"),
                 QStringLiteral("4"), QStringLiteral("--dk"), QStringLiteral("2,8,32,128")});
    QCOMPARE(j[QStringLiteral("rows")].toArray().size(), 4);
    QCOMPARE(j[QStringLiteral("max_entropy_bits")].toDouble(), 2.0);
    QCOMPARE(j[QStringLiteral("rows")].toArray()[3][QStringLiteral("d_k")].toInt(), 128);
    QVERIFY(!j.contains(QStringLiteral("soft_cap")));
    QVERIFY(!j[QStringLiteral("rows")].toArray()[0].toObject().contains(u"capped_max_weight"_s));
    // --soft-cap: the scaled scores capped too, the chapter's columns unchanged.
    const QJsonObject capped =
        runJson({QStringLiteral("--scale"), QStringLiteral("--json"), QStringLiteral("--seed"),
                 QStringLiteral("7"), QStringLiteral("--draws=50"), QStringLiteral("--keys"),
                 QStringLiteral("4"), QStringLiteral("--dk"), QStringLiteral("2,8,32,128"),
                 QStringLiteral("--soft-cap"), QStringLiteral("1.5")});
    QCOMPARE(capped[QStringLiteral("soft_cap")].toDouble(), 1.5);
    for (int r = 0; r < 4; ++r) {
        const QJsonObject row = capped[u"rows"_s].toArray()[r].toObject();
        QCOMPARE(row[u"scaled_max_weight"_s], j[u"rows"_s].toArray()[r][u"scaled_max_weight"_s]);
        QVERIFY(row[u"capped_max_weight"_s].toDouble() < row[u"scaled_max_weight"_s].toDouble());
        QVERIFY(row[u"capped_entropy_bits"_s].toDouble() >
                row[u"scaled_entropy_bits"_s].toDouble());
    }
}

void TestCommandLine::maskJson()
{
    const QJsonObject j = runJson({QStringLiteral("--mask"), QStringLiteral("--json")});
    const QJsonArray first =
        j[QStringLiteral("mask_then_softmax")][QStringLiteral("row_sums")].toArray();
    const QJsonArray second =
        j[QStringLiteral("softmax_then_mask")][QStringLiteral("row_sums")].toArray();
    QCOMPARE(first.size(), 4);
    for (const auto &sum : first)
        QVERIFY(std::abs(sum.toDouble() - 1.0) < 1e-12);
    QCOMPARE(fixed(second[0].toDouble(), 4), QStringLiteral("0.4551"));
    QVERIFY(second[0].toDouble() < second[1].toDouble());
    QCOMPARE(j[QStringLiteral("mask_then_softmax")][QStringLiteral("weights")].toArray().size(), 4);
}

void TestCommandLine::paramsJson()
{
    QJsonObject j = runJson({QStringLiteral("--params"), QStringLiteral("--json")});
    QCOMPARE(j[QStringLiteral("attention")].toInteger(), 1'050'624);
    QCOMPARE(j[QStringLiteral("feed_forward")].toInteger(), 2'099'712);
    QVERIFY(j[QStringLiteral("attention")].isDouble()); // a plain JSON number
    j = runJson({QStringLiteral("--params"), QStringLiteral("--json"), QStringLiteral("--d-model"),
                 QStringLiteral("768"), QStringLiteral("--heads"), QStringLiteral("12"),
                 QStringLiteral("--ffn"), QStringLiteral("3072"), QStringLiteral("--layers"),
                 QStringLiteral("12"), QStringLiteral("--vocab"), QStringLiteral("30522")});
    QCOMPARE(j[QStringLiteral("attention")].toInteger(), 4 * 768 * 768 + 4 * 768);
    QCOMPARE(j[QStringLiteral("d_k")].toInteger(), 64);
}

void TestCommandLine::costJson()
{
    const QJsonObject j = runJson({QStringLiteral("--cost"), QStringLiteral("--json"),
                                   QStringLiteral("--n"), QStringLiteral("512,2048,8192")});
    const QJsonArray rows = j[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[0][QStringLiteral("n")].toInteger(), 512);
    QCOMPARE(rows[1][QStringLiteral("score_cells")].toInteger(),
             16 * rows[0][QStringLiteral("score_cells")].toInteger());
    QCOMPARE(rows[2][QStringLiteral("score_cells")].toInteger(), 8192LL * 8192LL);
}

void TestCommandLine::severalSectionsInOneJson()
{
    const QJsonObject j =
        runJson({QStringLiteral("--mask"), QStringLiteral("--one"), QStringLiteral("--json")});
    QVERIFY(j.contains(QStringLiteral("one")));
    QVERIFY(j.contains(QStringLiteral("mask")));
}

void TestCommandLine::evalJson()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "attention-lab/session", "version": 1,
                  "tokens": ["the", "dog", "barked", "loudly"],
                  "queries": [[2, 1, 0.5, 1.5], [0.5, 2, 1, 0.5], [1, 0.5, 2, 1], [1.5, 1, 0.5, 2]],
                  "keys": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
                  "scale": false, "mask": "causal-after-softmax"})");
    file.close();
    QJsonObject j = runJson({QStringLiteral("eval"), path});
    for (const char *key :
         {"scores", "logits", "weights", "row_sums", "entropy_bits", "max_entropy_bits", "output"})
        QVERIFY2(j.contains(QLatin1StringView(key)), key);
    QCOMPARE(fixed(j[QStringLiteral("row_sums")].toArray()[0].toDouble(), 4),
             QStringLiteral("0.4551"));
    // The wrong order softmaxes the blocked logits, so they are numbers.
    QCOMPARE(j[QStringLiteral("logits")].toArray()[0].toArray()[1].toDouble(), 1.0);

    // Mask first: the blocked logits are -inf, written as null.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"format": "attention-lab/session", "version": 1, "queries": [[1, 0], [0, 1]],
                  "keys": [[1, 0], [0, 1]], "mask": "causal"})");
    file.close();
    j = runJson({QStringLiteral("eval"), path, QStringLiteral("--json")});
    QVERIFY(j[QStringLiteral("logits")].toArray()[0].toArray()[1].isNull());
    QCOMPARE(j[QStringLiteral("row_sums")].toArray()[0].toDouble(), 1.0);
    QCOMPARE(j[QStringLiteral("max_entropy_bits")].toArray()[1].toDouble(), 1.0);
}

void TestCommandLine::benchJson()
{
    const QJsonObject j =
        runJson({QStringLiteral("bench"), QStringLiteral("--n"), QStringLiteral("16,64"),
                 QStringLiteral("--d"), QStringLiteral("8"), QStringLiteral("--json")});
    QCOMPARE(j[QStringLiteral("d")].toInt(), 8);
    const QJsonArray rows = j[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1][QStringLiteral("n")].toInt(), 64);
    QVERIFY(rows[1][QStringLiteral("full_pass_ms_median")].toDouble() > 0.0);
}

void TestCommandLine::modelBenchJson()
{
    const QString model = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const QJsonObject j =
        runJson({QStringLiteral("bench"), QStringLiteral("--model"), model, QStringLiteral("--n"),
                 QStringLiteral("1,32"), QStringLiteral("--json")});
    QCOMPARE(j[QStringLiteral("model")].toString(), model);
    QVERIFY(j[QStringLiteral("threads")].toInt() >= 1);
    const QJsonArray rows = j[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0][QStringLiteral("n")].toInt(), 1);
    QCOMPARE(rows[1][QStringLiteral("n")].toInt(), 32);
    QVERIFY(rows[1][QStringLiteral("forward_ms_median")].toDouble() > 0.0);
    QVERIFY(rows[1][QStringLiteral("runs")].toInt() >= 3);
}

void TestCommandLine::guiBenchJson()
{
    // The real window, built offscreen by the command itself.
    const Run r = run({QStringLiteral("bench"), QStringLiteral("--gui"), QStringLiteral("--n"),
                       QStringLiteral("8,24"), QStringLiteral("--d"), QStringLiteral("4"),
                       QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    const QJsonArray rows = j[QStringLiteral("gui")].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1][QStringLiteral("n")].toInt(), 24);
    QVERIFY(rows[0][QStringLiteral("update_ms_median")].toDouble() > 0.0);
    QVERIFY(j[QStringLiteral("startup_ms")].toDouble() > 0.0);
}

void TestCommandLine::exportWithoutADisplay_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("magic");
    QTest::addColumn<QSize>("pixels");
    QTest::newRow("figure PNG, default size")
        << QStringList{} << u"f.png"_s << QByteArray("\x89PNG") << QSize(1600, 1100);
    QTest::newRow("weights PNG, exact size")
        << QStringList{u"--view"_s, u"weights"_s, u"--width"_s, u"800"_s, u"--height"_s, u"600"_s}
        << u"w.png"_s << QByteArray("\x89PNG") << QSize(800, 600);
    QTest::newRow("entropy PNG, scale 2")
        << QStringList{u"--view"_s, u"entropy"_s, u"--scale"_s, u"2"_s} << u"e.png"_s
        << QByteArray("\x89PNG") << QSize(2400, 1200);
    QTest::newRow("scores SVG, dark, no numbers")
        << QStringList{u"--view"_s, u"scores"_s, u"--theme"_s, u"dark"_s, u"--numbers"_s, u"off"_s}
        << u"s.svg"_s << QByteArray("<?xml") << QSize();
    QTest::newRow("figure PDF, cividis, titled")
        << QStringList{u"--colormap"_s, u"cividis"_s, u"--title"_s, u"Causal mask"_s} << u"f.pdf"_s
        << QByteArray("%PDF") << QSize();
}

void TestCommandLine::exportWithoutADisplay()
{
    QFETCH(QStringList, options);
    QFETCH(QString, file);
    QFETCH(QByteArray, magic);
    QFETCH(QSize, pixels);
    QTemporaryDir dir;
    const QString out = dir.filePath(file);
    // No display and no platform chosen: the command picks offscreen itself.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    env.remove(u"QT_QPA_PLATFORM"_s);
    const Run r = run(
        QStringList{u"export"_s, QStringLiteral(PRESETS_DIR "/causal-mask.json"), u"-o"_s, out} +
            options,
        env);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.isEmpty() && r.err.isEmpty(), r.err.constData()); // silent on success
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.read(magic.size()), magic);
    if (pixels.isValid())
        QCOMPARE(QImageReader(out).size(), pixels);
}

void TestCommandLine::exportFailuresKeepTheOldFile_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("message");
    const QString good = QStringLiteral(PRESETS_DIR "/lecture.json");
    QTest::newRow("unknown view") << QStringList{u"--view"_s, u"galaxy"_s} << good
                                  << u"unknown view \"galaxy\""_s;
    QTest::newRow("width without height")
        << QStringList{u"--width"_s, u"300"_s} << good << u"go together"_s;
    QTest::newRow("size and scale")
        << QStringList{u"--width"_s, u"300"_s, u"--height"_s, u"200"_s, u"--scale"_s, u"2"_s}
        << good << u"not both"_s;
    QTest::newRow("tiny") << QStringList{u"--width"_s, u"3"_s, u"--height"_s, u"3"_s} << good
                          << u"out of range"_s;
    QTest::newRow("bad colour map")
        << QStringList{u"--colormap"_s, u"rainbow"_s} << good << u"unknown colour map"_s;
    QTest::newRow("bad theme") << QStringList{u"--theme"_s, u"sepia"_s} << good
                               << u"not light or dark"_s;
    QTest::newRow("bad numbers") << QStringList{u"--numbers"_s, u"maybe"_s} << good
                                 << u"not on or off"_s;
    QTest::newRow("missing session")
        << QStringList{} << u"/no/such/session.json"_s << u"no such file"_s;
}

void TestCommandLine::exportFailuresKeepTheOldFile()
{
    QFETCH(QStringList, options);
    QFETCH(QString, session);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString out = dir.filePath(u"kept.png"_s);
    QFile f(out);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("the old figure");
    f.close();
    const Run r = run(QStringList{u"export"_s, session, u"-o"_s, out} + options);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("the old figure"));
    // An unknown extension and an unwritable target fail the same way.
    QCOMPARE(run({u"export"_s, session, u"-o"_s, dir.filePath(u"x.bmp"_s)}).exitCode, 2);
    QCOMPARE(run({u"export"_s, QStringLiteral(PRESETS_DIR "/lecture.json"), u"-o"_s,
                  dir.filePath(u"no/such/dir/x.png"_s)})
                 .exitCode,
             2);
}

void TestCommandLine::windowWithoutADisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    env.remove(u"QT_QPA_PLATFORM"_s);
    const Run r = run({}, env);
    QCOMPARE(r.exitCode, 2); // a clear line, not Qt's abort
    QVERIFY2(r.err.startsWith("attention-lab: no display"), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

void TestCommandLine::helpAndVersion()
{
    Run r = run({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("--scale"));
    QVERIFY(r.out.contains("eval FILE"));
    r = run({QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("attention-lab "));
}

void TestCommandLine::kernelChoice_data()
{
    // ATTENTIONLAB_KERNEL forces a set; one the processor lacks, or a name
    // that is no set, is refused in one line and the fastest set runs.
    QTest::addColumn<QString>("forced");
    QTest::addColumn<QString>("kernels");
    QTest::addColumn<QString>("refusal");
    const auto supported = AttentionLab::supportedKernels();
    const QString fastest = QString::fromLatin1(supported.back()->name);
    QTest::newRow("unset") << QString() << fastest << QString();
    for (const AttentionLab::KernelSet *set : AttentionLab::builtKernels()) {
        const bool runs = std::find(supported.begin(), supported.end(), set) != supported.end();
        QTest::addRow("%s", set->id)
            << QString::fromLatin1(set->id) << (runs ? QString::fromLatin1(set->name) : fastest)
            << (runs ? QString() : u"which this processor lacks; using "_s + fastest);
    }
    QTest::newRow("no such set") << u"sse9"_s << fastest
                                 << u"ATTENTIONLAB_KERNEL=sse9 is not one of"_s;
}

void TestCommandLine::kernelChoice()
{
    QFETCH(QString, forced);
    QFETCH(QString, kernels);
    QFETCH(QString, refusal);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"ATTENTIONLAB_KERNEL"_s);
    if (!forced.isEmpty())
        env.insert(u"ATTENTIONLAB_KERNEL"_s, forced);
    const Run version = run({u"--version"_s}, env);
    QCOMPARE(version.exitCode, 0);
    QCOMPARE(QString::fromUtf8(version.out),
             u"attention-lab " ATTENTIONLAB_VERSION " (kernels: "_s + kernels + u")\n"_s);
    if (refusal.isEmpty()) {
        QCOMPARE(version.err, QByteArray());
    } else {
        QVERIFY2(version.err.contains(refusal.toUtf8()), version.err.constData());
        QCOMPARE(version.err.count('\n'), 1);
    }
    // The lecture example, whatever the set, as the default set prints it.
    const Run one = run({u"--one"_s}, env);
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(one.out, run({u"--one"_s}).out);
}

void TestCommandLine::badInput_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option")
        << QStringList{u"--frobnicate"_s} << u"unknown option \"--frobnicate\""_s;
    QTest::newRow("missing value")
        << QStringList{u"--scale"_s, u"--seed"_s} << u"--seed needs a value"_s;
    QTest::newRow("not a number") << QStringList{u"--scale"_s, u"--draws"_s, u"many"_s}
                                  << u"--draws: \"many\" is not a whole number"_s;
    QTest::newRow("zero draws") << QStringList{u"--scale"_s, u"--draws"_s, u"0"_s}
                                << u"--draws: 0 is out of range"_s;
    QTest::newRow("soft cap of zero")
        << QStringList{u"--scale"_s, u"--soft-cap"_s, u"0"_s} << u"--soft-cap must be above 0"_s;
    QTest::newRow("soft cap not a number") << QStringList{u"--scale"_s, u"--soft-cap"_s, u"big"_s}
                                           << u"--soft-cap: \"big\" is not a number"_s;
    QTest::newRow("bad d_k list") << QStringList{u"--scale"_s, u"--dk"_s, u"4,,16"_s}
                                  << u"has an empty entry"_s;
    QTest::newRow("negative seed")
        << QStringList{u"--scale"_s, u"--seed"_s, u"-1"_s} << u"--seed: \"-1\""_s;
    QTest::newRow("absurd experiment")
        << QStringList{u"--scale"_s, u"--draws"_s, u"1000000"_s, u"--keys"_s, u"100000"_s}
        << u"the limit is"_s;
    QTest::newRow("option without its section")
        << QStringList{u"--one"_s, u"--seed"_s, u"3"_s} << u"--seed applies to --scale"_s;
    QTest::newRow("heads do not divide D")
        << QStringList{u"--params"_s, u"--heads"_s, u"7"_s} << u"h must divide D"_s;
    QTest::newRow("eval without file") << QStringList{u"eval"_s} << u"eval needs a session file"_s;
    QTest::newRow("eval missing file")
        << QStringList{u"eval"_s, u"/no/such.json"_s} << u"/no/such.json: no such file"_s;
    QTest::newRow("json alone") << QStringList{u"--json"_s} << u"--json needs a section"_s;
    QTest::newRow("absurd bench") << QStringList{u"bench"_s, u"--n"_s, u"100000"_s}
                                  << u"would need 75 GiB"_s;
    QTest::newRow("stray argument")
        << QStringList{u"--one"_s, u"extra"_s} << u"unexpected argument \"extra\""_s;
    QTest::newRow("a device for the window")
        << QStringList{u"/dev/null"_s} << u"/dev/null is neither a regular file nor a folder"_s;
    QTest::newRow("a text file for the window")
        << QStringList{QStringLiteral(TEST_DATA_DIR "/attention/tokens.txt")}
        << u"neither a session (.json) nor an attention file"_s;
    QTest::newRow("gui without bench")
        << QStringList{u"--one"_s, u"--gui"_s} << u"--gui applies to bench"_s;
    QTest::newRow("command and section")
        << QStringList{u"bench"_s, u"--one"_s} << u"bench cannot be combined with --one"_s;
    QTest::newRow("model bench beyond the positions")
        << QStringList{u"bench"_s, u"--model"_s, QStringLiteral(TEST_DATA_DIR "/models/bert-tiny"),
                       u"--n"_s, u"25"_s}
        << u"--n 25 is more than the model's 24 positions"_s;
    QTest::newRow("model bench of a missing folder")
        << QStringList{u"bench"_s, u"--model"_s, u"/no/such-model"_s}
        << u"/no/such-model: no such folder"_s;
    QTest::newRow("model without bench")
        << QStringList{u"--one"_s, u"--model"_s, u"x"_s} << u"--model applies to bench"_s;
}

void TestCommandLine::badInput()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith("attention-lab: "), r.err.constData());
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1); // one line
}

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
