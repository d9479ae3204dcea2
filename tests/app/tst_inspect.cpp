// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `attention-lab inspect` and `export` of attention files, through the built
// binary: the JSON against numpy's numbers (tests/data/inspect/expected.json,
// written by make_inspect_fixtures.py), the text tables, every exported view,
// and one line with exit status 2 for what cannot be done.

#include "binaryrun.h"
#include "jsondifference.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <tuple>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

using Run = BinaryRun;

Run run(const QStringList &arguments)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    return runAttentionLab(arguments, environment);
}

QString fixture(const QString &name)
{
    return QStringLiteral(TEST_DATA_DIR "/inspect/") + name;
}

QJsonObject expected()
{
    QFile file(fixture(u"expected.json"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

/// A [2, 1, n, n] float32 .npy in \a dir whose first row of each layer is
/// uniform over every key (so not causal) and whose other rows are zeros
/// (padding): the rollout's whole matrix takes n^3 multiply-adds, and the
/// zeros are a hole in the file.
QString sparseTwoLayers(const QTemporaryDir &dir, int n)
{
    const QString path = dir.filePath(u"two-layers.npy"_s);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    QByteArray dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1, " +
                      QByteArray::number(n) + ", " + QByteArray::number(n) + "), }";
    dict += QByteArray((64 - (10 + dict.size() + 1) % 64) % 64, ' ') + '\n';
    QByteArray header("\x93NUMPY\x01\x00", 8);
    header += char(dict.size() & 0xff);
    header += char(dict.size() >> 8);
    header += dict;
    const std::vector<float> row(size_t(n), 1.0f / float(n));
    const QByteArray first(reinterpret_cast<const char *>(row.data()), qsizetype(n) * 4);
    const qint64 layerBytes = qint64(n) * n * 4;
    for (int layer = 0; layer < 2; ++layer) {
        if (!file.seek(header.size() + layer * layerBytes) || file.write(first) != first.size())
            return {};
    }
    if (!file.seek(0) || file.write(header) != header.size() ||
        !file.resize(header.size() + 2 * layerBytes))
        return {};
    return path;
}

} // namespace

class TestInspect : public QObject
{
    Q_OBJECT

private slots:
    void jsonMatchesNumpy_data();
    void jsonMatchesNumpy();
    void textTables();
    void exportViews_data();
    void exportViews();
    void refusals_data();
    void refusals();
    void rolloutPastItsLimit_data();
    void rolloutPastItsLimit();
};

void TestInspect::jsonMatchesNumpy_data()
{
    QTest::addColumn<QString>("name");
    const QJsonObject all = expected();
    QVERIFY(!all.isEmpty());
    for (const QString &name : all.keys())
        QTest::newRow(qPrintable(name)) << name;
}

void TestInspect::jsonMatchesNumpy()
{
    QFETCH(QString, name);
    const QJsonObject want = expected().value(name).toObject();
    const Run r = run({u"inspect"_s, fixture(name + u".npz"_s), u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    const QJsonObject got = QJsonDocument::fromJson(r.out).object();
    // Exactly the members issue 11 lists, and issue 22's detectors of repeats.
    QStringList members = got.keys();
    members.sort();
    QCOMPARE(members,
             QStringList({u"duplicate_token"_s, u"entropy_bits"_s, u"first_token"_s, u"heads"_s,
                          u"induction"_s, u"induction_repeats"_s, u"keys"_s, u"layers"_s,
                          u"monotonicity"_s, u"previous_token"_s, u"queries"_s, u"query_tokens"_s,
                          u"reach"_s, u"rollout"_s, u"self"_s, u"shape"_s, u"tokens"_s}));
    QCOMPARE(got.value(u"shape"_s), want.value(u"shape"_s));
    const QJsonArray shape = want.value(u"shape"_s).toArray();
    QCOMPARE(got.value(u"layers"_s).toInt(), shape[0].toInt());
    QCOMPARE(got.value(u"heads"_s).toInt(), shape[1].toInt());
    QCOMPARE(got.value(u"queries"_s).toInt(), shape[2].toInt());
    QCOMPARE(got.value(u"keys"_s).toInt(), shape[3].toInt());
    QCOMPARE(got.value(u"tokens"_s), want.value(u"tokens"_s));
    const QJsonArray tokens = want.value(u"tokens"_s).toArray();
    QJsonArray aligned; // query i sits at key i + K - Q
    for (qsizetype i = tokens.size() - shape[2].toInt(); i < tokens.size(); ++i)
        aligned.append(tokens[i]);
    QCOMPARE(got.value(u"query_tokens"_s).toArray(), aligned);
    for (const QString &member :
         {u"entropy_bits"_s, u"previous_token"_s, u"first_token"_s, u"self"_s, u"reach"_s}) {
        const double worst = jsonDifference(got.value(member), want.value(member));
        if (!(worst < 1e-5))
            QFAIL(qPrintable(u"%1 differs from numpy by %2"_s.arg(member).arg(worst)));
    }
    // Null as a whole where no token repeats; numpy writes a grid of nulls.
    for (const QString &member : {u"duplicate_token"_s, u"induction"_s, u"induction_repeats"_s}) {
        const QJsonValue cell = want.value(member).toArray()[0].toArray()[0];
        if (cell.isNull()) {
            QVERIFY2(got.value(member).isNull(), qPrintable(member));
            continue;
        }
        const double worst = jsonDifference(got.value(member), want.value(member));
        if (!(worst < 1e-5))
            QFAIL(qPrintable(u"%1 differs from numpy by %2"_s.arg(member).arg(worst)));
    }
    if (want.value(u"rollout"_s).isNull())
        QVERIFY(got.value(u"rollout"_s).isNull());
    else
        QVERIFY(jsonDifference(got.value(u"rollout"_s), want.value(u"rollout"_s)) < 1e-5);
}

void TestInspect::textTables()
{
    const Run r = run({u"inspect"_s, fixture(u"gpt2_repeats.npz"_s)});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(u"3 layers x 4 heads, 10 queries x 10 keys"_s), qPrintable(text));
    QVERIFY(text.contains(u"0:The 1:Ġcat"_s)); // as spelled in the file
    for (const QString &table :
         {u"mean entropy (bits), layer x head"_s, u"previous token, layer x head"_s,
          u"first token (sink), layer x head"_s, u"self, layer x head"_s,
          u"duplicate token, layer x head"_s, u"induction, layer x head"_s})
        QVERIFY2(text.contains(table), qPrintable(table));
    QVERIFY(text.contains(u"rollout"_s));

    // No repeated token: the detectors say why they are absent.
    const Run bert = run({u"inspect"_s, fixture(u"bert_pieces.npz"_s)});
    QCOMPARE(bert.exitCode, 0);
    QVERIFY(QString::fromUtf8(bert.out).contains(u"no token repeats"_s));
}

void TestInspect::exportViews_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QString>("text"); // in the SVG's and the PDF's text
    QTest::addColumn<QSize>("size");   // of the PNG
    const QList<std::tuple<QString, QString, QSize>> views{
        // The grid's height follows its 3 rows of 4 heads (tensorFigureDefaultSize).
        {u"grid"_s, u"10 queries"_s, QSize(1700, 1494)},
        {u"head"_s, u"induction 0.012"_s, QSize(1600, 1400)},
        {u"lines"_s, u"sat"_s, QSize(1200, 1400)},
        {u"average"_s, u"the mean of its 4 heads"_s, QSize(1600, 1400)},
        {u"rollout"_s, u"attention rollout over 3 layers"_s, QSize(1600, 1400)},
    };
    for (const QString &suffix : {u"png"_s, u"svg"_s, u"pdf"_s}) {
        for (const auto &[view, text, size] : views)
            QTest::newRow(qPrintable(view + u" as "_s + suffix))
                << QStringList{u"--view"_s, view, u"--layer"_s, u"1"_s, u"--head"_s, u"2"_s}
                << suffix << text << size;
    }
    QTest::newRow("words, png") << QStringList{u"--view"_s, u"head"_s, u"--words"_s} << u"png"_s
                                << QString() << QSize(1600, 1400);
    QTest::newRow("words, svg") << QStringList{u"--view"_s, u"head"_s, u"--words"_s} << u"svg"_s
                                << u"no token here is part of a longer word"_s << QSize();
    QTest::newRow("grid dark, png")
        << QStringList{u"--theme"_s, u"dark"_s} << u"png"_s << QString() << QSize(1700, 1494);
}

void TestInspect::exportViews()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    const QString out = dir.filePath(u"figure."_s + suffix);
    const Run r =
        run(QStringList{u"export"_s, fixture(u"gpt2_repeats.npz"_s), u"-o"_s, out} + arguments);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.err.isEmpty());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QFETCH(QString, text);
    QFETCH(QSize, size);
    if (suffix == u"png"_s) {
        // The view's size, and drawn: many colours, not a blank page.
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.size(), size);
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 5)
            for (int x = 0; x < image.width(); x += 5)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() >= 3, qPrintable(QString::number(colours.size())));
    } else if (suffix == u"svg"_s) {
        QXmlStreamReader xml(bytes);
        QString texts;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::Characters)
                texts += xml.text();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(texts.contains(text), qPrintable(text));
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
        QProcess process;
        process.start(QStandardPaths::findExecutable(u"pdftotext"_s), {out, u"-"_s});
        QVERIFY(process.waitForFinished(30000));
        const QString pdfText = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(pdfText.contains(text), qPrintable(text));
    }
}

void TestInspect::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString small = fixture(u"gpt2_repeats.npz"_s);
    const QString queriesDiffer = fixture(u"queries_differ.npz"_s);
    QTest::newRow("no file") << QStringList{u"inspect"_s} << u"inspect needs an attention file"_s;
    QTest::newRow("missing file") << QStringList{u"inspect"_s, fixture(u"nothing.npy"_s)}
                                  << u"nothing.npy"_s;
    QTest::newRow("layer out of range")
        << QStringList{u"export"_s, small,     u"-o"_s,      u"/tmp/x.png"_s,
                       u"--view"_s, u"head"_s, u"--layer"_s, u"3"_s}
        << u"--layer: 3 is out of range (0 to 2)"_s;
    QTest::newRow("head out of range")
        << QStringList{u"export"_s, small,     u"-o"_s,     u"/tmp/x.png"_s,
                       u"--view"_s, u"head"_s, u"--head"_s, u"4"_s}
        << u"--head: 4 is out of range (0 to 3)"_s;
    QTest::newRow("rollout needs Q = K")
        << QStringList{u"export"_s,     queriesDiffer, u"-o"_s,
                       u"/tmp/x.png"_s, u"--view"_s,   u"rollout"_s}
        << u"rollout needs as many queries as keys"_s;
    QTest::newRow("session view on a tensor")
        << QStringList{u"export"_s, small, u"-o"_s, u"/tmp/x.png"_s, u"--view"_s, u"scores"_s}
        << u"--view: unknown view \"scores\" for an attention file"_s;
    QTest::newRow("--layer on a session")
        << QStringList{u"export"_s,  QStringLiteral(PRESETS_DIR "/lecture.json"),
                       u"-o"_s,      u"/tmp/x.png"_s,
                       u"--layer"_s, u"1"_s}
        << u"--layer applies to attention files"_s;
    QTest::newRow("--words on inspect")
        << QStringList{u"inspect"_s, small, u"--words"_s} << u"--words applies to export"_s;
    // [2, 2, H, Q, K] is [L, B, ...] or [B, L, ...]: both readings named.
    const QString batch2 = QStringLiteral(TEST_DATA_DIR "/attention/batch2.npy");
    QTest::newRow("five axes, both over 1, no --layout")
        << QStringList{u"inspect"_s, batch2, u"--batch"_s, u"0"_s}
        << u"batch2.npy: holds a five-axis array [2, 2, 3, 4, 5] that reads two ways: [layers, "
           "batch, heads, Q, K] (torch.stack(outputs.attentions)), 2 layers and a batch of 2, or "
           "[batch, layers, heads, Q, K] (torch.stack(outputs.attentions, 1)), a batch of 2 and 2 "
           "layers; say which with --layout LBHQK or --layout BLHQK"_s;
    QTest::newRow("export too") << QStringList{u"export"_s, batch2, u"-o"_s, u"/tmp/x.png"_s}
                                << u"say which with --layout LBHQK or --layout BLHQK"_s;
    QTest::newRow("--layout of another name")
        << QStringList{u"inspect"_s, batch2, u"--layout"_s, u"lbhqk"_s}
        << u"--layout: \"lbhqk\" is not LBHQK or BLHQK"_s;
    QTest::newRow("--layout, then --batch")
        << QStringList{u"inspect"_s, batch2, u"--layout"_s, u"BLHQK"_s}
        << u"choose one with --batch B (0 to 1)"_s;
}

void TestInspect::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(message), qPrintable(err));
    QCOMPARE(err.count(u'\n'), 1);
}

void TestInspect::rolloutPastItsLimit_data()
{
    QTest::addColumn<QStringList>("arguments"); // FILE and OUT stand for the paths
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // stderr, or the end of stdout
    const QString refusal = u"two-layers.npy: the rollout of 5900 tokens over 2 layers would take "
                            "2.05e+11 multiply-adds; the limit is 2e+11 (at most 5848 tokens at "
                            "this depth)"_s;
    // 5900 dense tokens over two layers: one product of 5900^3 multiply-adds,
    // past the limit: the whole matrix is refused at once...
    QTest::newRow("export --view rollout")
        << QStringList{u"export"_s, u"FILE"_s, u"-o"_s, u"OUT"_s, u"--view"_s, u"rollout"_s} << 2
        << refusal;
    QTest::newRow("inspect --json")
        << QStringList{u"inspect"_s, u"FILE"_s, u"--json"_s} << 2
        << refusal + u"; inspect without --json shows the last token's row"_s;
    // ...while the row inspect shows needs no product of matrices. The last
    // row (zeros, padding) gets half of itself from each B_l: 0.25 on itself.
    QTest::newRow("inspect") << QStringList{u"inspect"_s, u"FILE"_s} << 0
                             << u"draws most on\n  5899 \"5899\" 0.250"_s;
}

void TestInspect::rolloutPastItsLimit()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Relative names, so that messages show them whole.
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    QVERIFY(!sparseTwoLayers(dir, 5900).isEmpty());
    arguments.replaceInStrings(u"FILE"_s, u"two-layers.npy"_s);
    arguments.replaceInStrings(u"OUT"_s, u"rollout.png"_s);
    const Run r = run(arguments);
    QVERIFY(QDir::setCurrent(previous));
    QCOMPARE(r.exitCode, exitCode);
    if (exitCode == 2) {
        QCOMPARE(QString::fromUtf8(r.err), u"attention-lab: "_s + expected + u"\n"_s);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(u"rollout.png"_s)));
    } else {
        QVERIFY2(QString::fromUtf8(r.out).contains(expected), r.out.right(200).constData());
    }
}

QTEST_GUILESS_MAIN(TestInspect)
#include "tst_inspect.moc"
