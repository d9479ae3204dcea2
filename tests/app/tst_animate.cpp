// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `attention-lab animate` through the real binary: the GIF decoded with
// giflib (frames, size, loop, delays), each frame against the still PNG
// `export` writes of the same state, and the refusals.

#include "binaryrun.h"
#include "mp4probe.h"

#include "core/maths/session.h"
#include "io/sessionreader.h"
#include "io/sessionwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <gif_lib.h>

#include <cmath>
#include <functional>
#include <memory>
#include <vector>

using namespace AttentionLab;

namespace {

/// A GIF as giflib reads it, closed on destruction.
struct DecodedGif
{
    std::unique_ptr<GifFileType, void (*)(GifFileType *)> gif{nullptr, [](GifFileType *g) {
                                                                  int error = 0;
                                                                  DGifCloseFile(g, &error);
                                                              }};
    bool load(const QString &path)
    {
        int error = 0;
        gif.reset(DGifOpenFileName(QFile::encodeName(path).constData(), &error));
        return gif && DGifSlurp(gif.get()) == GIF_OK;
    }
    /// The loop count of the NETSCAPE2.0 extension, or -1 without one.
    int loopCount() const
    {
        for (int i = 0; i < gif->ImageCount; ++i) {
            const SavedImage &image = gif->SavedImages[i];
            for (int b = 0; b + 1 < image.ExtensionBlockCount; ++b) {
                const ExtensionBlock &block = image.ExtensionBlocks[b];
                const ExtensionBlock &next = image.ExtensionBlocks[b + 1];
                if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
                    QByteArray(reinterpret_cast<const char *>(block.Bytes), 11) == "NETSCAPE2.0" &&
                    next.ByteCount == 3 && next.Bytes[0] == 1)
                    return next.Bytes[1] | (next.Bytes[2] << 8);
            }
        }
        return -1;
    }
    int delay(int frame) const
    {
        GraphicsControlBlock control;
        return DGifSavedExtensionToGCB(gif.get(), frame, &control) == GIF_OK ? control.DelayTime
                                                                             : -1;
    }
    const ColorMapObject *palette() const { return gif->SColorMap; }
    QRgb pixel(int frame, int x, int y) const
    {
        const GifColorType c =
            palette()->Colors[gif->SavedImages[frame].RasterBits[y * gif->SWidth + x]];
        return qRgb(c.Red, c.Green, c.Blue);
    }
};

int distance(QRgb a, QRgb b)
{
    const int dr = qRed(a) - qRed(b), dg = qGreen(a) - qGreen(b), db = qBlue(a) - qBlue(b);
    return dr * dr + dg * dg + db * db;
}

/// Pixels of GIF frame \a frame that are not a nearest palette entry of the
/// PNG's pixel: 0 when the frame is the PNG to within the palette's rounding.
int pixelsOffPalette(const DecodedGif &gif, int frame, const QImage &png)
{
    const QImage rgb = png.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, int> nearest; // PNG colour -> its least distance to the palette
    int off = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QRgb want = rgb.pixel(x, y);
            auto found = nearest.find(want);
            if (found == nearest.end()) {
                int best = INT_MAX;
                for (int i = 0; i < gif.palette()->ColorCount; ++i) {
                    const GifColorType c = gif.palette()->Colors[i];
                    best = std::min(best, distance(want, qRgb(c.Red, c.Green, c.Blue)));
                }
                found = nearest.insert(want, best);
            }
            off += distance(want, gif.pixel(frame, x, y)) != *found;
        }
    }
    return off;
}

/// Centiseconds per frame that add up to frames / fps, the last held longer.
std::vector<int> expectedDelays(int frames, int fps, double hold)
{
    std::vector<int> delays;
    for (int i = 0; i < frames; ++i)
        delays.push_back(int(std::lround((i + 1) * 100.0 / fps)) -
                         int(std::lround(i * 100.0 / fps)));
    delays.back() += int(std::lround(hold * 100));
    return delays;
}

using StateOf = std::function<void(Session &, int frame, int frames)>;

Session preset(const QString &name)
{
    SessionReader reader;
    const std::optional<Session> session =
        reader.readFile(QStringLiteral(PRESETS_DIR "/") + name + QStringLiteral(".json"));
    return session.value_or(Session{});
}

} // namespace

Q_DECLARE_METATYPE(StateOf)

class TestAnimate : public QObject
{
    Q_OBJECT

private slots:
    void framesAreStillExports_data();
    void framesAreStillExports();
    void temperatureGoesFromOneHotToUniform();
    void headSweepFramesAreHeadExports_data();
    void headSweepFramesAreHeadExports();
    void keyDimSweepDrawsTheExperimentOut();
    void generationSweepStepsThroughTheText();
    void mp4_data();
    void mp4();
    void refusals_data();
    void refusals();
    void refusalLeavesFileAlone();
    void memoryGuard();
    void mp4WithoutThePlugin_data();
    void mp4WithoutThePlugin();

private:
    QTemporaryDir m_dir;
};

void TestAnimate::framesAreStillExports_data()
{
    QTest::addColumn<QString>("presetName");
    QTest::addColumn<QString>("sweep");
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("fps");
    QTest::addColumn<double>("hold");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<StateOf>("state");

    QTest::newRow("lecture, temperature 0.1 to 10 on a log scale, the figure")
        << "lecture"
        << "temperature=0.1:10:log"
        << "figure" << 5 << 15 << 0.0 << QStringList() << StateOf([](Session &s, int i, int n) {
               s.options.temperature = 0.1 * std::pow(100.0, double(i) / (n - 1));
           });
    QTest::newRow("lecture, temperature 0.5 to 4 linear, weights, dark, held 1.5 s")
        << "lecture"
        << "temperature=0.5:4:lin"
        << "weights" << 4 << 10 << 1.5
        << QStringList{QStringLiteral("--theme"), QStringLiteral("dark")}
        << StateOf([](Session &s, int i, int n) {
               s.options.temperature = 0.5 + 3.5 * double(i) / (n - 1);
           });
    QTest::newRow("selection, sqrt(d_k) off then on, entropy")
        << "selection"
        << "scale"
        << "entropy" << 4 << 12 << 0.0 << QStringList()
        << StateOf([](Session &s, int i, int n) { s.options.scale = i >= n / 2; });
    QTest::newRow("causal mask, before then after the softmax, weights")
        << "causal-mask"
        << "mask"
        << "weights" << 6 << 25 << 0.0 << QStringList() << StateOf([](Session &s, int i, int n) {
               s.options.mask = i >= n / 2 ? MaskMode::CausalAfterSoftmax : MaskMode::Causal;
           });
    QTest::newRow("causal mask, the key of dog from 0 to 2, weights, cividis")
        << "causal-mask"
        << "key:dog:1=0:2"
        << "weights" << 5 << 15 << 0.0
        << QStringList{QStringLiteral("--colormap"), QStringLiteral("cividis")}
        << StateOf([](Session &s, int i, int n) { s.keys(1, 0) = 2.0 * double(i) / (n - 1); });
    // The mask view draws both orders; the session's is framed and named, so
    // a mask sweep of it moves (it once gave identical frames).
    QTest::newRow("causal mask, before then after the softmax, the mask view")
        << "causal-mask"
        << "mask"
        << "mask" << 4 << 2 << 1.0 << QStringList() << StateOf([](Session &s, int i, int n) {
               s.options.mask = i >= n / 2 ? MaskMode::CausalAfterSoftmax : MaskMode::Causal;
           });
    // The geometry moves its arrows by sub-pixels: the state is computed as the
    // sweep computes it, FROM + (TO - FROM) * t, to the last bit.
    QTest::newRow("causal mask, the key of barked from -1 to 1.5, key geometry")
        << "causal-mask"
        << "key:barked:3=-1:1.5"
        << "geometry" << 4 << 8 << 0.5 << QStringList() << StateOf([](Session &s, int i, int n) {
               s.keys(2, 2) = -1.0 + (1.5 - -1.0) * (double(i) / double(n - 1));
           });
}

void TestAnimate::framesAreStillExports()
{
    QFETCH(QString, presetName);
    QFETCH(QString, sweep);
    QFETCH(QString, view);
    QFETCH(int, frames);
    QFETCH(int, fps);
    QFETCH(double, hold);
    QFETCH(QStringList, extra);
    QFETCH(StateOf, state);
    QVERIFY(m_dir.isValid());
    const QString session = QStringLiteral(PRESETS_DIR "/") + presetName + QStringLiteral(".json");
    const QString gifPath = m_dir.filePath(QStringLiteral("sweep.gif"));
    const QStringList size{QStringLiteral("--width"), QStringLiteral("360"),
                           QStringLiteral("--height"), QStringLiteral("270")};
    const BinaryRun run = runAttentionLab(
        QStringList{QStringLiteral("animate"), session, QStringLiteral("-o"), gifPath,
                    QStringLiteral("--sweep"), sweep, QStringLiteral("--view"), view,
                    QStringLiteral("--frames"), QString::number(frames), QStringLiteral("--fps"),
                    QString::number(fps), QStringLiteral("--hold"), QString::number(hold)} +
        size + extra);
    QCOMPARE(run.err, QByteArray());
    QCOMPARE(run.exitCode, 0);

    DecodedGif gif;
    QVERIFY(gif.load(gifPath));
    QCOMPARE(gif.gif->ImageCount, frames);
    QCOMPARE(gif.gif->SWidth, 360);
    QCOMPARE(gif.gif->SHeight, 270);
    QVERIFY(gif.palette());
    QCOMPARE(gif.loopCount(), 0); // forever
    const std::vector<int> delays = expectedDelays(frames, fps, hold);
    for (int i = 0; i < frames; ++i)
        QCOMPARE(gif.delay(i), delays[size_t(i)]);

    for (int i = 0; i < frames; ++i) {
        Session s = preset(presetName);
        state(s, i, frames);
        const QString statePath = m_dir.filePath(QStringLiteral("state.json"));
        const QString pngPath = m_dir.filePath(QStringLiteral("state.png"));
        QVERIFY(SessionWriter().writeFile(s, statePath));
        const BinaryRun still =
            runAttentionLab(QStringList{QStringLiteral("export"), statePath, QStringLiteral("-o"),
                                        pngPath, QStringLiteral("--view"), view} +
                            size + extra);
        QCOMPARE(still.exitCode, 0);
        const QImage png(pngPath);
        QCOMPARE(png.size(), QSize(360, 270));
        QVERIFY2(pixelsOffPalette(gif, i, png) == 0, qPrintable(QStringLiteral("frame %1").arg(i)));
    }
    // A sweep moves: the first and the last frames are not alike.
    int changed = 0;
    for (int y = 0; y < 270; ++y)
        for (int x = 0; x < 360; ++x)
            changed += gif.pixel(0, x, y) != gif.pixel(frames - 1, x, y);
    QVERIFY2(changed > 100, qPrintable(QString::number(changed)));
}

void TestAnimate::headSweepFramesAreHeadExports_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("timing");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("fps");
    // hook_pattern.npz: 2 layers of 3 heads.
    QTest::newRow("one second a head by default, the head view")
        << "head" << QStringList{QStringLiteral("--fps"), QStringLiteral("2")} << 6 << 2;
    QTest::newRow("7 frames over 3 heads, as lines")
        << "lines"
        << QStringList{QStringLiteral("--frames"), QStringLiteral("7"), QStringLiteral("--fps"),
                       QStringLiteral("5")}
        << 7 << 5;
}

void TestAnimate::headSweepFramesAreHeadExports()
{
    QFETCH(QString, view);
    QFETCH(QStringList, timing);
    QFETCH(int, frames);
    QFETCH(int, fps);
    const QString file = QStringLiteral(TEST_DATA_DIR "/attention/hook_pattern.npz");
    const QString gifPath = m_dir.filePath(QStringLiteral("heads.gif"));
    const QStringList size{QStringLiteral("--width"), QStringLiteral("400"),
                           QStringLiteral("--height"), QStringLiteral("300")};
    const BinaryRun run = runAttentionLab(
        QStringList{QStringLiteral("animate"), file, QStringLiteral("-o"), gifPath,
                    QStringLiteral("--sweep"), QStringLiteral("head"), QStringLiteral("--layer"),
                    QStringLiteral("1"), QStringLiteral("--view"), view} +
        timing + size);
    QCOMPARE(run.err, QByteArray());
    QCOMPARE(run.exitCode, 0);
    DecodedGif gif;
    QVERIFY(gif.load(gifPath));
    QCOMPARE(gif.gif->ImageCount, frames);
    const std::vector<int> delays = expectedDelays(frames, fps, 0.0);
    for (int i = 0; i < frames; ++i) {
        QCOMPARE(gif.delay(i), delays[size_t(i)]);
        const int head = i * 3 / frames; // each head an equal share of the frames
        const QString pngPath = m_dir.filePath(QStringLiteral("head.png"));
        const BinaryRun still = runAttentionLab(
            QStringList{QStringLiteral("export"), file, QStringLiteral("-o"), pngPath,
                        QStringLiteral("--view"), view, QStringLiteral("--layer"),
                        QStringLiteral("1"), QStringLiteral("--head"), QString::number(head)} +
            size);
        QCOMPARE(still.exitCode, 0);
        QVERIFY2(pixelsOffPalette(gif, i, QImage(pngPath)) == 0,
                 qPrintable(QStringLiteral("frame %1, head %2").arg(i).arg(head)));
    }
}

void TestAnimate::keyDimSweepDrawsTheExperimentOut()
{
    // dk=4:64 over 5 frames: d_k 4, 8, 16, 32, 64, the largest shown growing
    // as 4 x 16^(i/4): two points first, then one more a frame.
    const QString gifPath = m_dir.filePath(QStringLiteral("dk.gif"));
    const QString mp4Path = m_dir.filePath(QStringLiteral("dk.mp4"));
    for (const QString &path : {gifPath, mp4Path}) {
        const BinaryRun run = runAttentionLab(
            {QStringLiteral("animate"), QStringLiteral(PRESETS_DIR "/lecture.json"),
             QStringLiteral("-o"), path, QStringLiteral("--sweep"), QStringLiteral("dk=4:64"),
             QStringLiteral("--frames"), QStringLiteral("5"), QStringLiteral("--fps"),
             QStringLiteral("4"), QStringLiteral("--width"), QStringLiteral("600"),
             QStringLiteral("--height"), QStringLiteral("400")});
        QCOMPARE(run.err, QByteArray());
        QCOMPARE(run.exitCode, 0);
    }
    DecodedGif gif;
    QVERIFY(gif.load(gifPath));
    QCOMPARE(gif.gif->ImageCount, 5);
    QCOMPARE(gif.delay(0), 25);
    // Frames 0 and 1 both show d_k 4 and 8; each later one adds a point.
    auto differ = [&](int a, int b) {
        int changed = 0;
        for (int y = 0; y < 400; ++y)
            for (int x = 0; x < 600; ++x)
                changed += gif.pixel(a, x, y) != gif.pixel(b, x, y);
        return changed;
    };
    QCOMPARE(differ(0, 1), 0);
    for (int i = 1; i + 1 < 5; ++i)
        QVERIFY2(differ(i, i + 1) > 100,
                 qPrintable(QStringLiteral("frames %1, %2").arg(i).arg(i + 1)));
    const Mp4Probe probe = probeMp4(mp4Path);
    QVERIFY2(probe.error.isEmpty(), qPrintable(probe.error));
    QCOMPARE(probe.frames, 5);
    QCOMPARE(probe.frameRateNum, 4);
    QVERIFY2(std::abs(probe.durationSeconds - 1.25) < 1e-9,
             qPrintable(QString::number(probe.durationSeconds)));
}

void TestAnimate::generationSweepStepsThroughTheText()
{
    // gpt2-tiny writes 3 tokens greedily after "the cat": 3 steps at 2 fps,
    // one second each; each step's frames show the text up to the token
    // before the one written, so the matrix grows a row and a column a step.
    const QString gifPath = m_dir.filePath(QStringLiteral("generation.gif"));
    const BinaryRun run = runAttentionLab(
        {QStringLiteral("animate"), QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny"),
         QStringLiteral("--text"), QStringLiteral("the cat"), QStringLiteral("--sweep"),
         QStringLiteral("generation"), QStringLiteral("--tokens"), QStringLiteral("3"),
         QStringLiteral("--fps"), QStringLiteral("2"), QStringLiteral("--view"),
         QStringLiteral("head"), QStringLiteral("-o"), gifPath, QStringLiteral("--width"),
         QStringLiteral("400"), QStringLiteral("--height"), QStringLiteral("300")});
    QCOMPARE(run.err, QByteArray());
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray()); // silent, as export is
    DecodedGif gif;
    QVERIFY(gif.load(gifPath));
    QCOMPARE(gif.gif->ImageCount, 6);
    for (int i = 0; i < 6; ++i)
        QCOMPARE(gif.delay(i), 50);
    auto differ = [&](int a, int b) {
        int changed = 0;
        for (int y = 0; y < 300; ++y)
            for (int x = 0; x < 400; ++x)
                changed += gif.pixel(a, x, y) != gif.pixel(b, x, y);
        return changed;
    };
    for (int step = 0; step < 3; ++step)
        QCOMPARE(differ(2 * step, 2 * step + 1), 0); // a step is held
    QVERIFY(differ(1, 2) > 100);
    QVERIFY(differ(3, 4) > 100);
}

void TestAnimate::temperatureGoesFromOneHotToUniform()
{
    // The lecture's one query: at tau = 0.001 its row is one-hot, at 1000
    // uniform. The first and last frames are those rows' heatmaps: their
    // cells' colours are the colour map's ends, and one colour three times.
    const QString gifPath = m_dir.filePath(QStringLiteral("temperature.gif"));
    const BinaryRun run = runAttentionLab(
        {QStringLiteral("animate"), QStringLiteral(PRESETS_DIR "/lecture.json"),
         QStringLiteral("-o"), gifPath, QStringLiteral("--sweep"),
         QStringLiteral("temperature=0.001:1000:log"), QStringLiteral("--frames"),
         QStringLiteral("3"), QStringLiteral("--view"), QStringLiteral("weights"),
         QStringLiteral("--numbers"), QStringLiteral("off"), QStringLiteral("--width"),
         QStringLiteral("600"), QStringLiteral("--height"), QStringLiteral("300")});
    QCOMPARE(run.exitCode, 0);
    DecodedGif gif;
    QVERIFY(gif.load(gifPath));
    QCOMPARE(gif.gif->ImageCount, 3);
    // Along a row of pixels through the cells, the runs of one colour wide
    // enough to be cells (over 60 pixels): cells of equal weight touch and
    // make one run.
    struct Run
    {
        QRgb colour;
        int width;
    };
    auto cellRuns = [&](int frame) {
        QList<Run> runs;
        const int y = 300 / 2 - 20;
        int start = 0;
        for (int x = 1; x <= 600; ++x) {
            if (x == 600 || gif.pixel(frame, x, y) != gif.pixel(frame, start, y)) {
                if (x - start > 60)
                    runs << Run{gif.pixel(frame, start, y), x - start};
                start = x;
            }
        }
        return runs;
    };
    const QList<Run> oneHot = cellRuns(0), uniform = cellRuns(2);
    // Uniform: the three cells one colour, one run.
    QCOMPARE(uniform.size(), 1);
    const double cell = uniform[0].width / 3.0;
    // One-hot: "is" and "the" weigh nothing (one run two cells wide), "best"
    // (the largest q.k) takes all, in another colour.
    QCOMPARE(oneHot.size(), 2);
    QVERIFY(std::abs(oneHot[0].width - 2 * cell) <= 2);
    QVERIFY(std::abs(oneHot[1].width - cell) <= 2);
    QVERIFY(oneHot[0].colour != oneHot[1].colour);
    QVERIFY(uniform[0].colour != oneHot[0].colour && uniform[0].colour != oneHot[1].colour);
}

void TestAnimate::mp4_data()
{
    QTest::addColumn<QString>("presetName");
    QTest::addColumn<QString>("sweep");
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("fps");
    QTest::addColumn<double>("hold");
    QTest::addColumn<StateOf>("state");
    QTest::newRow("lecture, temperature 0.1 to 10, the figure, 15 fps, held 1 s")
        << "lecture"
        << "temperature=0.1:10:log"
        << "figure" << 6 << 15 << 1.0 << StateOf([](Session &s, int i, int n) {
               s.options.temperature = 0.1 * std::pow(10.0 / 0.1, double(i) / double(n - 1));
           });
    QTest::newRow("causal mask, the key of dog from 0 to 2, weights, 24 fps")
        << "causal-mask"
        << "key:dog:1=0:2"
        << "weights" << 5 << 24 << 0.0 << StateOf([](Session &s, int i, int n) {
               s.keys(1, 0) = 0.0 + (2.0 - 0.0) * (double(i) / double(n - 1));
           });
}

void TestAnimate::mp4()
{
    QFETCH(QString, presetName);
    QFETCH(QString, sweep);
    QFETCH(QString, view);
    QFETCH(int, frames);
    QFETCH(int, fps);
    QFETCH(double, hold);
    QFETCH(StateOf, state);
    const QString session = QStringLiteral(PRESETS_DIR "/") + presetName + QStringLiteral(".json");
    const QString mp4Path = m_dir.filePath(QStringLiteral("sweep.mp4"));
    const QStringList size{QStringLiteral("--width"), QStringLiteral("400"),
                           QStringLiteral("--height"), QStringLiteral("300")};
    const BinaryRun run = runAttentionLab(
        QStringList{QStringLiteral("animate"), session, QStringLiteral("-o"), mp4Path,
                    QStringLiteral("--sweep"), sweep, QStringLiteral("--view"), view,
                    QStringLiteral("--frames"), QString::number(frames), QStringLiteral("--fps"),
                    QString::number(fps), QStringLiteral("--hold"), QString::number(hold)} +
        size);
    QCOMPARE(run.err, QByteArray()); // silent on success
    QCOMPARE(run.exitCode, 0);

    const Mp4Probe probe = probeMp4(mp4Path);
    QCOMPARE(probe.error, QString());
    QCOMPARE(probe.codec, QStringLiteral("h264"));
    QCOMPARE(probe.pixelFormat, QStringLiteral("yuv420p"));
    QCOMPARE(probe.width, 400);
    QCOMPARE(probe.height, 300);
    QCOMPARE(probe.frameRateNum * 1, fps * probe.frameRateDen);
    QCOMPARE(probe.rFrameRateNum * 1, fps * probe.rFrameRateDen);
    QVERIFY(probe.moovBeforeMdat);
    const int total = frames + int(std::lround(hold * fps));
    QCOMPARE(probe.frames, total);
    QVERIFY2(std::abs(probe.durationSeconds - double(total) / fps) < 1e-9,
             qPrintable(QString::number(probe.durationSeconds)));

    // The first and last frames are the still exports of their states, to
    // within H.264's loss: a small mean difference per channel, and much
    // smaller than to the other state's export.
    QList<QImage> stills;
    for (const int i : {0, frames - 1}) {
        Session s = preset(presetName);
        state(s, i, frames);
        const QString statePath = m_dir.filePath(QStringLiteral("state.json"));
        const QString pngPath = m_dir.filePath(QStringLiteral("state.png"));
        QVERIFY(SessionWriter().writeFile(s, statePath));
        const BinaryRun still =
            runAttentionLab(QStringList{QStringLiteral("export"), statePath, QStringLiteral("-o"),
                                        pngPath, QStringLiteral("--view"), view} +
                            size);
        QCOMPARE(still.exitCode, 0);
        stills << QImage(pngPath).convertToFormat(QImage::Format_RGB32);
    }
    auto meanDifference = [](const QImage &a, const QImage &b) {
        double sum = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x) {
                const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
                sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                       std::abs(qBlue(p) - qBlue(q));
            }
        return sum / (3.0 * a.width() * a.height());
    };
    for (int end = 0; end < 2; ++end) {
        const QImage &video = probe.images[end == 0 ? 0 : frames - 1];
        const double own = meanDifference(video, stills[end]);
        const double other = meanDifference(video, stills[1 - end]);
        QVERIFY2(own < 2.5 && own * 3 < other,
                 qPrintable(QStringLiteral("end %1: %2 against %3").arg(end).arg(own).arg(other)));
    }
    // The held frames repeat the last one.
    for (int i = frames; i < total; ++i)
        QVERIFY(meanDifference(probe.images[i], stills[1]) < 2.5);
}

void TestAnimate::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString lecture = QStringLiteral(PRESETS_DIR "/lecture.json");
    const QString causal = QStringLiteral(PRESETS_DIR "/causal-mask.json");
    auto animate = [&](const QString &session, const QStringList &more) {
        return QStringList{QStringLiteral("animate"), session, QStringLiteral("-o"),
                           m_dir.filePath(QStringLiteral("refused.gif"))} +
               more;
    };
    const QString sweep = QStringLiteral("--sweep");
    QTest::newRow("an unknown sweep")
        << animate(lecture, {sweep, QStringLiteral("colour")}) << "unknown sweep \"colour\"";
    QTest::newRow("an empty temperature range")
        << animate(lecture, {sweep, QStringLiteral("temperature=2:2:log")}) << "range is empty";
    QTest::newRow("a temperature of 0")
        << animate(lecture, {sweep, QStringLiteral("temperature=0:2:log")}) << "above 0";
    QTest::newRow("a temperature scale that is neither log nor lin")
        << animate(lecture, {sweep, QStringLiteral("temperature=1:2:exp")}) << ":log or :lin";
    QTest::newRow("an unknown token") << animate(causal, {sweep, QStringLiteral("key:cat:1=0:2")})
                                      << "no key is labelled \"cat\"";
    QTest::newRow("a coordinate past d_k")
        << animate(causal, {sweep, QStringLiteral("key:dog:5=0:2")})
        << "coordinate 5 is out of range (1 to 4)";
    QTest::newRow("coordinate 0") << animate(causal, {sweep, QStringLiteral("key:dog:0=0:2")})
                                  << "coordinate 0 is out of range";
    QTest::newRow("a range that is not numbers")
        << animate(causal, {sweep, QStringLiteral("key:dog:1=0:far")}) << "\"far\" is not a number";
    QTest::newRow("no sweep") << animate(lecture, {}) << "animate needs a sweep";
    QTest::newRow("an empty d_k range")
        << animate(lecture, {sweep, QStringLiteral("dk=8:8")}) << "range is empty";
    QTest::newRow("d_k from 0") << animate(lecture, {sweep, QStringLiteral("dk=0:8")})
                                << "d_k must be from 1 to 1000000";
    QTest::newRow("d_k that is not whole")
        << animate(lecture, {sweep, QStringLiteral("dk=1:2.5")}) << "\"2.5\" is not a whole number";
    QTest::newRow("a d_k sweep of another view")
        << animate(lecture, {sweep, QStringLiteral("dk=1:64"), QStringLiteral("--view"),
                             QStringLiteral("weights")})
        << "use --view scale";
    QTest::newRow("a head sweep of a session")
        << animate(lecture, {sweep, QStringLiteral("head")}) << "sweeps a model's attention";
    const QString hooks = QStringLiteral(TEST_DATA_DIR "/attention/hook_pattern.npz");
    QTest::newRow("a session's sweep of an attention file")
        << animate(hooks, {sweep, QStringLiteral("mask")}) << "sweeps a session";
    QTest::newRow("an unknown sweep of an attention file")
        << animate(hooks, {sweep, QStringLiteral("colour")})
        << "unknown sweep \"colour\" for a model's attention (use head or generation)";
    QTest::newRow("fewer frames than heads")
        << animate(hooks,
                   {sweep, QStringLiteral("head"), QStringLiteral("--frames"), QStringLiteral("2")})
        << "--frames: 2 frames cannot show each of the layer's 3 heads";
    QTest::newRow("a layer past the file")
        << animate(hooks,
                   {sweep, QStringLiteral("head"), QStringLiteral("--layer"), QStringLiteral("2")})
        << "--layer: 2 is out of range (0 to 1)";
    QTest::newRow("the grid swept by head")
        << animate(hooks, {sweep, QStringLiteral("head"), QStringLiteral("--view"),
                           QStringLiteral("grid")})
        << "does not show one head";
    QTest::newRow("--layer for a session")
        << animate(lecture,
                   {sweep, QStringLiteral("mask"), QStringLiteral("--layer"), QStringLiteral("1")})
        << "--layer applies to attention files";
    const QString model = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    QTest::newRow("a model's folder swept by head")
        << animate(model, {sweep, QStringLiteral("head"), QStringLiteral("--text"),
                           QStringLiteral("the cat")})
        << "a model's folder is swept by its generation";
    QTest::newRow("a generation without a text")
        << animate(model, {sweep, QStringLiteral("generation")}) << "needs the text";
    QTest::newRow("a generation of a session")
        << animate(lecture, {sweep, QStringLiteral("generation")}) << "sweeps a model's attention";
    QTest::newRow("--text for a session")
        << animate(lecture,
                   {sweep, QStringLiteral("mask"), QStringLiteral("--text"), QStringLiteral("hi")})
        << "--text applies to a model's folder";
    QTest::newRow("0 frames") << animate(lecture, {sweep, QStringLiteral("mask"),
                                                   QStringLiteral("--frames"), QStringLiteral("0")})
                              << "--frames: 0 is out of range (2 to 1000)";
    QTest::newRow("one frame") << animate(lecture,
                                          {sweep, QStringLiteral("mask"),
                                           QStringLiteral("--frames"), QStringLiteral("1")})
                               << "--frames: 1 is out of range (2 to 1000)";
    QTest::newRow("too many frames")
        << animate(lecture, {sweep, QStringLiteral("mask"), QStringLiteral("--frames"),
                             QStringLiteral("5000")})
        << "--frames: 5000 is out of range";
    QTest::newRow("0 fps") << animate(lecture, {sweep, QStringLiteral("mask"),
                                                QStringLiteral("--fps"), QStringLiteral("0")})
                           << "--fps: 0 is out of range (1 to 50)";
    QTest::newRow("a negative hold")
        << animate(lecture,
                   {sweep, QStringLiteral("mask"), QStringLiteral("--hold"), QStringLiteral("-1")})
        << "--hold: \"-1\" is not a number of seconds";
    QTest::newRow("an unknown view")
        << animate(lecture,
                   {sweep, QStringLiteral("mask"), QStringLiteral("--view"), QStringLiteral("pie")})
        << "--view: unknown view \"pie\"";
    QTest::newRow("an AVI") << QStringList{QStringLiteral("animate"),
                                           lecture,
                                           QStringLiteral("-o"),
                                           m_dir.filePath(QStringLiteral("refused.avi")),
                                           sweep,
                                           QStringLiteral("mask")}
                            << "unknown format \"avi\": use .gif or .mp4";
    QTest::newRow("an MP4 of an odd width")
        << QStringList{QStringLiteral("animate"),
                       lecture,
                       QStringLiteral("-o"),
                       m_dir.filePath(QStringLiteral("refused.mp4")),
                       sweep,
                       QStringLiteral("mask"),
                       QStringLiteral("--width"),
                       QStringLiteral("401"),
                       QStringLiteral("--height"),
                       QStringLiteral("300")}
        << "needs an even width and height, not 401 x 300";
    QTest::newRow("an unwritable path")
        << QStringList{QStringLiteral("animate"),
                       lecture,
                       QStringLiteral("-o"),
                       QStringLiteral("/nonexistent/folder/out.gif"),
                       sweep,
                       QStringLiteral("mask")}
        << "/nonexistent/folder/out.gif";
    QTest::newRow("no output") << QStringList{QStringLiteral("animate"), lecture, sweep,
                                              QStringLiteral("mask")}
                               << "animate needs an output file";
    QTest::newRow("no session") << QStringList{QStringLiteral("animate")}
                                << "animate needs a session or attention file";
    QTest::newRow("--transparent")
        << animate(lecture, {sweep, QStringLiteral("mask"), QStringLiteral("--transparent")})
        << "--transparent applies to export";
}

void TestAnimate::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const BinaryRun run = runAttentionLab(arguments);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QByteArray());
    QCOMPARE(run.err.count('\n'), 1); // one line
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    for (const char *name : {"refused.gif", "refused.mp4", "refused.avi"})
        QVERIFY(!QFile::exists(m_dir.filePath(QString::fromLatin1(name))));
}

void TestAnimate::refusalLeavesFileAlone()
{
    const QString path = m_dir.filePath(QStringLiteral("existing.gif"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the old file");
    }
    const BinaryRun run = runAttentionLab(
        {QStringLiteral("animate"), QStringLiteral(PRESETS_DIR "/causal-mask.json"),
         QStringLiteral("-o"), path, QStringLiteral("--sweep"), QStringLiteral("key:cat:1=0:2")});
    QCOMPARE(run.exitCode, 2);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("the old file"));
    // Nothing of the attempt is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("existing*")}, QDir::Files).size(), 1);
}

void TestAnimate::memoryGuard()
{
    // 40000 queries against 40000 keys: the pass alone is past the limit, so
    // the animation is refused before anything is drawn.
    Session big;
    big.queries = Matrix::Ones(40000, 1);
    big.keys = Matrix::Ones(40000, 1);
    const QString session = m_dir.filePath(QStringLiteral("big.json"));
    QVERIFY(SessionWriter().writeFile(big, session));
    const QString out = m_dir.filePath(QStringLiteral("big.gif"));
    const BinaryRun run =
        runAttentionLab({QStringLiteral("animate"), session, QStringLiteral("-o"), out,
                         QStringLiteral("--sweep"), QStringLiteral("temperature=0.5:2:log")});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY2(run.err.contains("memory"), run.err.constData());
    QVERIFY(!QFile::exists(out));
}

void TestAnimate::mp4WithoutThePlugin_data()
{
    // Issue 36: the program links no FFmpeg; the plugin that does is loaded
    // for an MP4 alone. Without it, or without what it links, an MP4 is
    // refused in one line naming what is missing, and a GIF is written.
    QTest::addColumn<QString>("plugin");
    QTest::addColumn<QString>("message");
    QTest::newRow("no plugin") << QStringLiteral("/nonexistent/libattention-lab-mp4.so")
                               << QStringLiteral("MP4 needs Attention Lab's FFmpeg plugin "
                                                 "libattention-lab-mp4.so, which is not in "
                                                 "/nonexistent (GIF needs no plugin)");
    QTest::newRow("a plugin that cannot be loaded")
        << QStringLiteral("broken/libattention-lab-mp4.so")
        << QStringLiteral("MP4 needs FFmpeg's libraries, which the plugin ");
}

void TestAnimate::mp4WithoutThePlugin()
{
    QFETCH(QString, plugin);
    QFETCH(QString, message);
    const QDir dir(m_dir.path());
    QVERIFY(dir.mkpath(QStringLiteral("broken")));
    QFile broken(dir.filePath(QStringLiteral("broken/libattention-lab-mp4.so")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("not a shared library");
    broken.close();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("ATTENTIONLAB_MP4_PLUGIN"),
                       plugin.startsWith(QLatin1Char('/')) ? plugin : dir.filePath(plugin));
    const auto animate = [&](const QString &out) {
        return runAttentionLab({QStringLiteral("animate"),
                                QStringLiteral(PRESETS_DIR "/lecture.json"), QStringLiteral("-o"),
                                out, QStringLiteral("--sweep"), QStringLiteral("mask"),
                                QStringLiteral("--width"), QStringLiteral("64"),
                                QStringLiteral("--height"), QStringLiteral("64")},
                               environment);
    };
    const QString mp4 = dir.filePath(QStringLiteral("refused.mp4"));
    const BinaryRun refused = animate(mp4);
    QCOMPARE(refused.exitCode, 2);
    QCOMPARE(refused.err.count('\n'), 1);
    QVERIFY2(refused.err.contains(message.toUtf8()), refused.err.constData());
    QVERIFY(!QFile::exists(mp4));
    const QString gif = dir.filePath(QStringLiteral("written.gif"));
    const BinaryRun written = animate(gif);
    QCOMPARE(written.exitCode, 0);
    QCOMPARE(written.err, QByteArray());
    QVERIFY(QFileInfo(gif).size() > 0);
}

QTEST_GUILESS_MAIN(TestAnimate)
#include "tst_animate.moc"
