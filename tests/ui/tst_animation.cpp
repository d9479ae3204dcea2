// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The animation's parts without the command line: the sweep's states, the
// palette fitted to frames, the delays, and a cancelled write.

#include "core/maths/attentionresult.h"
#include "core/maths/sweep.h"
#include "io/sessionreader.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/figureview.h"
#include "ui/figure/gifpalette.h"
#include "ui/figure/labsettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <stdexcept>

using namespace AttentionLab;

class TestAnimation : public QObject
{
    Q_OBJECT

private slots:
    void sweepStates_data();
    void sweepStates();
    void keyDimGrid_data();
    void keyDimGrid();
    void keyDimFramesAreTheExperimentsPrefix();
    void headsShareTheFrames_data();
    void headsShareTheFrames();
    void modelSweepRefusals_data();
    void modelSweepRefusals();
    void exactPaletteForFewColours();
    void fittedPaletteKeepsLargeAreas();
    void delays_data();
    void delays();
    void cancelledWriteLeavesFileAlone_data();
    void cancelledWriteLeavesFileAlone();
};

namespace {

Session causalMask()
{
    return SessionReader().readFile(QStringLiteral(PRESETS_DIR "/causal-mask.json")).value();
}

} // namespace

void TestAnimation::sweepStates_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("frame");
    QTest::addColumn<int>("frames");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<bool>("scale");
    QTest::addColumn<int>("mask");
    QTest::addColumn<double>("dogKey");
    // causal-mask.json: unscaled, causal, tau = 1, the key of dog (1, 0...) = 0.
    QTest::newRow("log temperature, first")
        << "temperature=0.1:10:log" << 0 << 5 << 0.1 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("log temperature, middle is the geometric mean")
        << "temperature=0.1:10:log" << 2 << 5 << 1.0 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("log temperature, last is HI exactly")
        << "temperature=0.1:10:log" << 4 << 5 << 10.0 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("linear temperature, middle")
        << "temperature=1:3:lin" << 1 << 3 << 2.0 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("scale, first half off")
        << "scale" << 2 << 6 << 1.0 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("scale, second half on")
        << "scale" << 3 << 6 << 1.0 << true << int(MaskMode::Causal) << 0.0;
    QTest::newRow("mask, before the softmax first")
        << "mask" << 0 << 4 << 1.0 << false << int(MaskMode::Causal) << 0.0;
    QTest::newRow("mask, after it last")
        << "mask" << 3 << 4 << 1.0 << false << int(MaskMode::CausalAfterSoftmax) << 0.0;
    QTest::newRow("key of dog, a quarter of the way")
        << "key:dog:1=0:2" << 1 << 5 << 1.0 << false << int(MaskMode::Causal) << 0.5;
    QTest::newRow("key of dog, last")
        << "key:dog:1=0:2" << 4 << 5 << 1.0 << false << int(MaskMode::Causal) << 2.0;
}

void TestAnimation::sweepStates()
{
    QFETCH(QString, spec);
    QFETCH(int, frame);
    QFETCH(int, frames);
    QFETCH(double, temperature);
    QFETCH(bool, scale);
    QFETCH(int, mask);
    QFETCH(double, dogKey);
    const Session base = causalMask();
    const Session s = Sweep::parse(spec.toStdString(), base).frame(base, frame, frames);
    QVERIFY(std::abs(s.options.temperature - temperature) < 1e-12);
    QCOMPARE(s.options.scale, scale);
    QCOMPARE(int(s.options.mask), mask);
    QCOMPARE(s.keys(1, 0), dogKey);
    // Everything else stays.
    QCOMPARE(s.queries, base.queries);
    QCOMPARE(s.tokens, base.tokens);
    QCOMPARE(s.keys(0, 0), base.keys(0, 0));
}

void TestAnimation::keyDimGrid_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QList<int>>("dims");
    QTest::addColumn<QList<int>>("shown"); // at each of 5 frames
    QTest::newRow("1 to 1024: the powers of two")
        << "dk=1:1024" << QList<int>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}
        << QList<int>{2, 3, 6, 8, 11};
    QTest::newRow("3 to 100: LO, the powers between, HI")
        << "dk=3:100" << QList<int>{3, 4, 8, 16, 32, 64, 100} << QList<int>{2, 2, 4, 5, 7};
    QTest::newRow("two values") << "dk=4:5" << QList<int>{4, 5} << QList<int>{2, 2, 2, 2, 2};
}

void TestAnimation::keyDimGrid()
{
    QFETCH(QString, spec);
    QFETCH(QList<int>, dims);
    QFETCH(QList<int>, shown);
    const Sweep sweep = Sweep::parse(spec.toStdString(), causalMask());
    QCOMPARE(sweep.kind(), Sweep::Kind::KeyDim);
    QVERIFY(sweep.sweepsSession());
    const std::vector<int> grid = sweep.keyDims();
    QCOMPARE(QList<int>(grid.begin(), grid.end()), dims);
    QList<int> counts;
    for (int i = 0; i < 5; ++i)
        counts << sweep.keyDimsShown(i, 5);
    QCOMPARE(counts, shown);
}

void TestAnimation::keyDimFramesAreTheExperimentsPrefix()
{
    // The sweep runs the experiment once over the whole grid; frame i must
    // be the scale view of the experiment run on the first d_k alone (its
    // generator draws d_k after d_k), as the scale lab would draw it.
    const Session base = causalMask();
    const Sweep sweep = Sweep::parse("dk=2:64", base);
    const FigureView *view = findFigureView(QStringLiteral("scale"));
    QVERIFY(view);
    ExportSize size;
    size.width = 500;
    size.height = 320;
    const AnimationFrames frames =
        AnimationExporter::sweepFrames(*view, base, sweep, 6, FigureStyle{}, size);
    QCOMPARE(frames.count, 6);
    QCOMPARE(frames.pixels, QSize(500, 320));
    const std::vector<int> grid = sweep.keyDims();
    for (int i = 0; i < 6; ++i) {
        LabSettings labs;
        labs.scale.keyDims.assign(grid.begin(), grid.begin() + sweep.keyDimsShown(i, 6));
        const AttentionResult none;
        const QImage still =
            FigureExporter::renderImage(*view, FigureData{base, none, &labs}, FigureStyle{}, size);
        QCOMPARE(frames.render(i), still);
        QCOMPARE(AnimationExporter::renderFrame(*view, base, sweep, i, 6, FigureStyle{}, size),
                 still);
    }
}

void TestAnimation::headsShareTheFrames_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("frames");
    QTest::addColumn<QList<int>>("items");
    QTest::newRow("12 heads, one frame each")
        << 12 << 12 << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    QTest::newRow("3 heads over 7 frames") << 3 << 7 << QList<int>{0, 0, 0, 1, 1, 2, 2};
    QTest::newRow("2 heads over 4 frames") << 2 << 4 << QList<int>{0, 0, 1, 1};
}

void TestAnimation::headsShareTheFrames()
{
    QFETCH(int, heads);
    QFETCH(int, frames);
    QFETCH(QList<int>, items);
    const Sweep sweep = Sweep::parseModel("head", heads, 0);
    QCOMPARE(sweep.kind(), Sweep::Kind::Head);
    QVERIFY(!sweep.sweepsSession());
    QCOMPARE(sweep.itemCount(), heads);
    QList<int> got;
    for (int i = 0; i < frames; ++i)
        got << sweep.item(i, frames);
    QCOMPARE(got, items);
    const Sweep steps = Sweep::parseModel("generation", heads, 5);
    QCOMPARE(steps.kind(), Sweep::Kind::GenerationStep);
    QCOMPARE(steps.item(9, 10), 4); // the last frame shows the last step
}

void TestAnimation::modelSweepRefusals_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("steps");
    QTest::addColumn<QString>("message");
    QTest::newRow("no generation") << "generation" << 0 << "there is no generation";
    QTest::newRow("a session's sweep") << "temperature=0.1:10:log" << 3 << "sweeps a session";
    QTest::newRow("d_k") << "dk=1:8" << 3 << "sweeps a session";
    QTest::newRow("unknown") << "layers" << 3 << "unknown sweep \"layers\"";
}

void TestAnimation::modelSweepRefusals()
{
    QFETCH(QString, spec);
    QFETCH(int, steps);
    QFETCH(QString, message);
    try {
        Sweep::parseModel(spec.toStdString(), 12, steps);
        QFAIL("not refused");
    } catch (const std::invalid_argument &error) {
        QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
    }
}

void TestAnimation::exactPaletteForFewColours()
{
    QImage a(40, 30, QImage::Format_RGB32), b(40, 30, QImage::Format_RGB32);
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x) {
            a.setPixel(x, y, qRgb(x, y, 7));        // 1200 colours would not fit...
            b.setPixel(x, y, qRgb(x % 10, 200, 3)); // ...these 10 do
        }
    GifPalette palette;
    palette.add(b);
    palette.fit();
    QCOMPARE(palette.colors().size(), 10);
    for (int x = 0; x < 10; ++x)
        QCOMPARE(palette.colors()[palette.index(qRgb(x, 200, 3))], qRgb(x, 200, 3));
}

void TestAnimation::fittedPaletteKeepsLargeAreas()
{
    // A background, a text colour and a cell over a gradient of 4096 colours.
    QImage frame(256, 256, QImage::Format_RGB32);
    frame.fill(qRgb(255, 255, 255));
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x)
            frame.setPixel(x, y, qRgb(x * 4, y * 4, 128));
    for (int y = 100; y < 120; ++y)
        for (int x = 100; x < 200; ++x)
            frame.setPixel(x, y, qRgb(30, 30, 30));
    for (int y = 150; y < 250; ++y)
        for (int x = 150; x < 250; ++x)
            frame.setPixel(x, y, qRgb(68, 1, 84)); // viridis' first colour
    GifPalette palette;
    palette.add(frame);
    palette.fit();
    QVERIFY(palette.colors().size() <= 256);
    for (const QRgb exact : {qRgb(255, 255, 255), qRgb(30, 30, 30), qRgb(68, 1, 84)})
        QCOMPARE(palette.colors()[palette.index(exact)], exact);
    // The gradient maps near: the median cut's error stays small.
    int worst = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const QRgb want = frame.pixel(x, y), got = palette.colors()[palette.index(want)];
            worst = std::max({worst, std::abs(qRed(want) - qRed(got)),
                              std::abs(qGreen(want) - qGreen(got)),
                              std::abs(qBlue(want) - qBlue(got))});
        }
    QVERIFY2(worst <= 16, qPrintable(QString::number(worst)));
}

void TestAnimation::delays_data()
{
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("fps");
    QTest::addColumn<double>("hold");
    QTest::addColumn<QList<int>>("delays");
    QTest::newRow("15 fps: 7, 6, 7 adds up to a fifth of a second per three")
        << 3 << 15 << 0.0 << QList<int>{7, 6, 7};
    QTest::newRow("10 fps, held 2 s") << 3 << 10 << 2.0 << QList<int>{10, 10, 210};
    QTest::newRow("50 fps") << 2 << 50 << 0.0 << QList<int>{2, 2};
}

void TestAnimation::delays()
{
    QFETCH(int, frames);
    QFETCH(int, fps);
    QFETCH(double, hold);
    QFETCH(QList<int>, delays);
    const std::vector<int> got = AnimationExporter::frameDelays({frames, fps, hold});
    QCOMPARE(QList<int>(got.begin(), got.end()), delays);
}

void TestAnimation::cancelledWriteLeavesFileAlone_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("cancelAfter");
    QTest::newRow("GIF, while fitting the palette") << "out.gif" << 2;
    QTest::newRow("GIF, while encoding") << "out.gif" << 8;
    QTest::newRow("MP4, while encoding") << "out.mp4" << 3;
}

void TestAnimation::cancelledWriteLeavesFileAlone()
{
    QFETCH(QString, name);
    QFETCH(int, cancelAfter);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the old file");
    }
    const Session base = causalMask();
    const Sweep sweep = Sweep::parse("temperature=0.5:2:lin", base);
    int asked = 0;
    AnimationExporter exporter;
    QVERIFY(!exporter.exportFile(path, *findFigureView(QStringLiteral("weights")), base, sweep,
                                 {6, 15, 0.0}, FigureStyle{}, ExportSize{200, 150, 1.0},
                                 [&] { return ++asked > cancelAfter; }));
    QVERIFY(exporter.errorString().contains(QStringLiteral("cancelled")));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("the old file"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{name});
}

QTEST_MAIN(TestAnimation)
#include "tst_animation.moc"
