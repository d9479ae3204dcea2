// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// File > Record in the real window, offscreen: a scripted drag of a key adds
// a frame a step, each frame the still export of what was shown; an undo
// adds one more and keeps the others; Stop's dialog previews and writes a
// GIF and an MP4 (read back with giflib and FFmpeg); a cancelled write
// leaves no file. A Model-tab recording of a generation's timeline gives a
// frame a step, each the still export, and keeps none of the step's tensors
// in memory: they are spooled and read back one at a time.

#include "../app/mp4probe.h"
#include "windowtestsettings.h"

#include "core/maths/sweep.h"
#include "ui/document/attentiondocument.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/figureview.h"
#include "ui/labs/geometrycanvas.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/labstate.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/record/animatedialog.h"
#include "ui/record/animationsaver.h"
#include "ui/record/animationsettingsform.h"
#include "ui/record/recorddialog.h"
#include "ui/record/recorder.h"
#include "ui/record/recording.h"
#include "ui/record/spooledtensor.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/recordcontroller.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMouseEvent>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>

using namespace AttentionLab;

class TestRecording : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void recordActionSaysItIsRecording();
    void dragGivesAFrameAStep();
    void sliderStepGivesOneFrame();
    void undoAfterRecordingKeepsFrames();
    void writesGifAndMp4();
    void previewPlaysTheFrames();
    void writeStaysWhereItWas();
    void cancelledWriteLeavesNoFile();
    void spoolHoldsSessionsOnDisk();
    void spooledTensorReadsBackBitForBit();
    void spoolHoldsTensorsOnDisk();
    void modelTimelineGivesAFrameAStep();
    void animateDialogSpeaksTheCommandLine();

private:
    /// Records a drag of the third key in the geometry lab of \a steps moves;
    /// \a shown gets the still export of each state, the start's first.
    void recordDrag(int steps, QList<QImage> *shown);

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestRecording::init()
{
    WindowTestSettings::isolate();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestRecording::cleanup()
{
    m_window.reset();
    WindowTestSettings::removeAll();
}

namespace {

/// The geometry view as File > Export writes it at its default size.
QImage stillExport(MainWindow *window)
{
    const FigureView *view = findFigureView(QStringLiteral("geometry"));
    return FigureExporter::renderImage(*view,
                                       FigureData{window->session()->document()->session(),
                                                  window->session()->document()->result(),
                                                  &window->session()->labState()->settings()},
                                       window->currentFigureStyle(), ExportSize{});
}

} // namespace

void TestRecording::recordDrag(int steps, QList<QImage> *shown)
{
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint(); // lays out the picture
    const GeometryMap &map = canvas->geometryMap();
    QVERIFY(map.valid);
    QCOMPARE(m_window->currentViewName(), QStringLiteral("geometry"));
    m_window->record()->recordAction()->trigger();
    QVERIFY(m_window->record()->recorder()->isRecording());
    shown->append(stillExport(m_window.get()));
    const QPoint start = map.keys[2].toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    for (int step = 1; step <= steps; ++step) {
        const QPoint at = start + QPoint(10 * step, -8 * step);
        QMouseEvent move(QEvent::MouseMove, QPointF(at), canvas->mapToGlobal(QPointF(at)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(canvas, &move);
        canvas->repaint();
        QCoreApplication::processEvents(); // the event loop turns between moves, as in a drag
        shown->append(stillExport(m_window.get()));
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, start + QPoint(10 * steps, -8 * steps));
}

void TestRecording::recordActionSaysItIsRecording()
{
    QAction *record = m_window->record()->recordAction();
    QCOMPARE(record->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    auto *indicator =
        m_window->statusBar()->findChild<QLabel *>(QStringLiteral("RecordingIndicator"));
    QVERIFY(indicator);
    QVERIFY(!indicator->isVisible());
    record->trigger();
    QVERIFY(record->isChecked());
    QCOMPARE(record->text(), QStringLiteral("Stop &Recording"));
    QVERIFY(indicator->isVisible());
    QVERIFY2(indicator->text().contains(QStringLiteral("1 frame")), qPrintable(indicator->text()));
    m_window->session()->document()->setScale(
        !m_window->session()->document()->session().options.scale);
    QTRY_VERIFY2(indicator->text().contains(QStringLiteral("2 frames")),
                 qPrintable(indicator->text()));
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    QCOMPARE(recording->count(), 2);
    QVERIFY(!record->isChecked());
    QCOMPARE(record->text(), QStringLiteral("&Record"));
    QVERIFY(!indicator->isVisible());
}

void TestRecording::dragGivesAFrameAStep()
{
    QList<QImage> shown;
    recordDrag(6, &shown);
    QCOMPARE(m_window->record()->recorder()->frameCount(), 1 + 6); // the start, then a frame a step
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    QCOMPARE(recording->count(), shown.size());
    for (int i = 0; i < recording->count(); ++i)
        QCOMPARE(recording->frame(i).render(m_window->currentFigureStyle(), ExportSize{}),
                 shown[i]);                 // frame i is the still export of step i
    QVERIFY(shown.front() != shown.back()); // and the key did move
}

void TestRecording::sliderStepGivesOneFrame()
{
    // A slider's step changes the result and makes the labs refit their
    // picture: two signals, one frame.
    QSlider *slider = m_window->session()->vectorEditor()->slider(0);
    QVERIFY(slider);
    QCOMPARE(m_window->currentViewName(), QStringLiteral("figure"));
    m_window->record()->recordAction()->trigger();
    QSignalSpy labs(m_window->session()->labState(), &LabState::changed);
    QSignalSpy results(m_window->session()->document(), &AttentionDocument::resultChanged);
    slider->setFocus();
    for (int step = 0; step < 5; ++step) {
        QTest::keyClick(slider, Qt::Key_Right);
        QCoreApplication::processEvents();
    }
    QCOMPARE(results.count(), 5);
    QCOMPARE(labs.count(), 5); // the geometry refits: a second signal each step
    QCOMPARE(m_window->record()->recorder()->frameCount(), 1 + 5);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    const FigureStyle style = m_window->currentFigureStyle();
    for (int i = 0; i + 1 < recording->count(); ++i)
        QVERIFY(recording->frame(i).render(style, ExportSize{}) !=
                recording->frame(i + 1).render(style, ExportSize{})); // no frame twice
}

void TestRecording::undoAfterRecordingKeepsFrames()
{
    QList<QImage> shown;
    recordDrag(4, &shown);
    QCOMPARE(m_window->record()->recorder()->frameCount(), 5);
    m_window->session()->document()->undoStack()->undo(); // the drag is one step: back to the start
    QTRY_COMPARE(m_window->record()->recorder()->frameCount(), 6);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    const FigureStyle style = m_window->currentFigureStyle();
    for (int i = 0; i < 5; ++i)
        QCOMPARE(recording->frame(i).render(style, ExportSize{}), shown[i]);
    // The undo's frame shows the start again: what was shown, in order.
    QCOMPARE(recording->frame(5).render(style, ExportSize{}), shown[0]);
}

namespace {

struct GifFrames
{
    int count = -1;
    QList<int> delays;
    QSize size;
};

GifFrames readGif(const QString &path)
{
    GifFrames result;
    int error = 0;
    GifFileType *gif = DGifOpenFileName(QFile::encodeName(path).constData(), &error);
    if (!gif)
        return result;
    if (DGifSlurp(gif) == GIF_OK) {
        result.count = gif->ImageCount;
        result.size = QSize(gif->SWidth, gif->SHeight);
        for (int i = 0; i < gif->ImageCount; ++i) {
            GraphicsControlBlock control;
            result.delays << (DGifSavedExtensionToGCB(gif, i, &control) == GIF_OK
                                  ? control.DelayTime
                                  : -1);
        }
    }
    DGifCloseFile(gif, &error);
    return result;
}

} // namespace

void TestRecording::writesGifAndMp4()
{
    QList<QImage> shown;
    recordDrag(5, &shown);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    QCOMPARE(recording->count(), 6);
    AnimationTiming timing;
    timing.fps = 10;
    timing.holdSeconds = 1.0;
    ExportSize size;
    size.width = 640;
    size.height = 480;
    const FigureStyle style = m_window->currentFigureStyle();
    const QString gif = m_dir.filePath(QStringLiteral("drag.gif"));
    QString error;
    QCOMPARE(
        AnimationSaver::save(m_window.get(), gif, recording->frames(style, size), timing, &error),
        AnimationSaver::Outcome::Written);
    const GifFrames read = readGif(gif);
    QCOMPARE(read.count, 6);
    QCOMPARE(read.size, QSize(640, 480));
    QCOMPARE(read.delays, (QList<int>{10, 10, 10, 10, 10, 110})); // 1/10 s each, then the hold
    const QString mp4 = m_dir.filePath(QStringLiteral("drag.mp4"));
    QCOMPARE(
        AnimationSaver::save(m_window.get(), mp4, recording->frames(style, size), timing, &error),
        AnimationSaver::Outcome::Written);
    const Mp4Probe probe = probeMp4(mp4);
    QVERIFY2(probe.error.isEmpty(), qPrintable(probe.error));
    QCOMPARE(probe.codec, QStringLiteral("h264"));
    QCOMPARE(probe.frames, 6 + 10); // the hold repeats the last frame a second at 10 fps
    QCOMPARE(probe.frameRateNum, 10);
    QCOMPARE(probe.frameRateDen, 1);
    QVERIFY(probe.moovBeforeMdat);
}

void TestRecording::previewPlaysTheFrames()
{
    QList<QImage> shown;
    recordDrag(5, &shown);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    RecordDialog dialog(*recording, ColorMaps::Name::Viridis, false, QString(), m_window.get());
    dialog.show();
    QVERIFY(!dialog.previewImage().isNull());
    const QImage first = dialog.previewImage();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.previewFrame() >= 3, 5000); // it plays
    QVERIFY(dialog.previewImage() != first);
    // Dark, as chosen in the dialog, redraws the preview.
    QVERIFY(dialog.settings()->style().theme == FigureStyle::Theme::Light);
}

void TestRecording::writeStaysWhereItWas()
{
    // Once written, Discard becomes Close: the narrower word moved Write
    // under the pointer. Its room is kept.
    QList<QImage> shown;
    recordDrag(3, &shown);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    RecordDialog dialog(*recording, ColorMaps::Name::Viridis, false, QString(), m_window.get());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QPushButton *write = nullptr, *discard = nullptr;
    for (QPushButton *b : dialog.findChildren<QPushButton *>()) {
        if (b->text() == QLatin1String("&Write"))
            write = b;
        if (b->text() == QLatin1String("&Discard"))
            discard = b;
    }
    QVERIFY(write && discard);
    const QPoint before = write->mapTo(&dialog, QPoint(0, 0));
    discard->setText(QStringLiteral("&Close")); // what a write does to it
    QCoreApplication::processEvents();
    dialog.layout()->activate();
    QCOMPARE(write->mapTo(&dialog, QPoint(0, 0)), before);
}

void TestRecording::cancelledWriteLeavesNoFile()
{
    QList<QImage> shown;
    recordDrag(8, &shown);
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    QTemporaryDir dir; // its own, so that only this test's files are in it
    const QString old = dir.filePath(QStringLiteral("old.gif"));
    {
        QFile file(old);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the old file");
    }
    for (const QString &path : {old, dir.filePath(QStringLiteral("new.mp4"))}) {
        // Cancel as a user would: the progress dialog's button, while it writes.
        bool pressed = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (auto *progress = qobject_cast<QProgressDialog *>(w);
                    progress && progress->isVisible() && progress->value() >= 2) {
                    progress->cancel();
                    pressed = true;
                }
        });
        poll.start(0);
        QString error;
        ExportSize size;
        size.width = 1200;
        size.height = 900;
        const AnimationSaver::Outcome outcome = AnimationSaver::save(
            m_window.get(), path, recording->frames(m_window->currentFigureStyle(), size),
            AnimationTiming{}, &error);
        QVERIFY(pressed);
        QCOMPARE(outcome, AnimationSaver::Outcome::Cancelled);
    }
    QFile file(old);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("the old file"));
    // Nothing else: no new file, no temporary one beside them.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("old.gif")});
}

void TestRecording::spoolHoldsSessionsOnDisk()
{
    // A thousand frames of a session: each on disk, read back as it was.
    Recording recording;
    QString error;
    QVERIFY2(recording.open(&error), qPrintable(error));
    RecordedFrame frame;
    frame.view = QStringLiteral("weights");
    frame.session = m_window->session()->document()->session();
    frame.labs = std::make_shared<const LabSettings>();
    for (int i = 0; i < 1000; ++i) {
        frame.session->options.temperature = 0.5 + i * 0.001;
        QVERIFY(recording.append(frame, &error));
    }
    QCOMPARE(recording.count(), 1000);
    QVERIFY(recording.spoolBytes() > 1000 * 32);
    for (int i : {0, 499, 999}) {
        const RecordedFrame back = recording.frame(i);
        QVERIFY(back.session.has_value());
        QCOMPARE(back.session->options.temperature, 0.5 + i * 0.001);
        QCOMPARE(back.session->keys, m_window->session()->document()->session().keys);
        QCOMPARE(back.session->tokens, m_window->session()->document()->session().tokens);
    }
    // A frame that repeats the previous session is written once.
    const qint64 before = recording.spoolBytes();
    QVERIFY(recording.append(frame, &error));
    QCOMPARE(recording.spoolBytes(), before);
    QCOMPARE(recording.frame(1000).session->options.temperature, 0.5 + 999 * 0.001);
}

namespace {

/// A SmolLM2-shaped tensor's little cousin: layers x heads of n x n
/// causal rows of weights drawn from \a seed, with tokens, a window and
/// grouped key/value heads, so that every part of it must come back.
std::shared_ptr<const AttentionTensor> randomTensor(unsigned seed, int n)
{
    const AttentionShape shape{3, 4, n, n};
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> weight(0.0f, 1.0f);
    std::vector<float> values(size_t(shape.elementCount()));
    for (float &v : values)
        v = weight(random);
    auto tensor = std::make_shared<AttentionTensor>(shape, std::move(values));
    std::vector<std::string> tokens;
    for (int i = 0; i < n; ++i)
        tokens.push_back(QStringLiteral("t%1_%2").arg(seed).arg(i).toStdString());
    tensor->setTokens(std::move(tokens));
    KeyVisibility visibility;
    visibility.causal = true;
    visibility.window = 3;
    tensor->setVisibility(visibility);
    tensor->setKeyValueHeads(2);
    return tensor;
}

bool sameTensor(const AttentionTensor &a, const AttentionTensor &b)
{
    if (!(a.shape() == b.shape()) || a.tokens() != b.tokens() ||
        a.queryTokens() != b.queryTokens() || !(a.visibility() == b.visibility()) ||
        a.keyValueHeads() != b.keyValueHeads())
        return false;
    for (int l = 0; l < a.layers(); ++l)
        for (int h = 0; h < a.heads(); ++h)
            if (std::memcmp(a.headData(l, h), b.headData(l, h),
                            sizeof(float) * size_t(a.shape().headSize())) != 0)
                return false;
    return true;
}

bool sameScores(const std::vector<HeadScores> &a, const std::vector<HeadScores> &b)
{
    // Bit for bit: the detectors' NaN (no repeated token) must stay NaN.
    return a.size() == b.size() &&
           std::memcmp(a.data(), b.data(), sizeof(HeadScores) * a.size()) == 0;
}

} // namespace

void TestRecording::spooledTensorReadsBackBitForBit()
{
    const std::shared_ptr<const AttentionTensor> tensor = randomTensor(7, 9);
    const std::vector<HeadScores> scores = scoreHeads(*tensor);
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::ReadWrite));
    buffer.write("before");
    QVERIFY(SpooledTensor::writeTo(&buffer, *tensor, scores));
    const qint64 end = buffer.pos();
    QVERIFY(buffer.seek(6));
    const SpooledTensor back = SpooledTensor::readFrom(&buffer);
    QCOMPARE(buffer.pos(), end); // it reads what it wrote, no more
    QVERIFY(back.tensor && back.scores);
    QVERIFY(back.tensor != tensor);
    QVERIFY(sameTensor(*back.tensor, *tensor));
    QVERIFY(sameScores(*back.scores, scores));
    // A record cut short is refused, not half read.
    QBuffer cut;
    cut.setData(buffer.data().mid(6, int(end - 6) - 10));
    QVERIFY(cut.open(QIODevice::ReadOnly));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpooledTensor::readFrom(&cut));
}

void TestRecording::spoolHoldsTensorsOnDisk()
{
    // Sixty tensors, each shown in two frames (a head, then another): each
    // written once, none kept in memory by the recording while it records,
    // and read back as it was, at most two of them in memory at a time.
    Recording recording;
    QString error;
    QVERIFY2(recording.open(&error), qPrintable(error));
    constexpr int kTensors = 60;
    std::vector<std::weak_ptr<const AttentionTensor>> appended;
    for (int i = 0; i < kTensors; ++i) {
        RecordedFrame frame;
        frame.view = QStringLiteral("head");
        frame.tensor = randomTensor(unsigned(i), 8 + i % 5);
        frame.scores = std::make_shared<const std::vector<HeadScores>>(scoreHeads(*frame.tensor));
        for (int head : {1, 2}) {
            frame.head = head;
            QVERIFY2(recording.append(frame, &error), qPrintable(error));
        }
        appended.push_back(frame.tensor);
    } // the frame, and with it the test's tensor, goes here
    QCOMPARE(recording.count(), 2 * kTensors);
    QCOMPARE(recording.spooledTensors(), kTensors);
    QCOMPARE(recording.tensorsInMemory(), 0);
    for (const auto &tensor : appended)
        QVERIFY(tensor.expired()); // nobody holds the tensors recorded
    std::vector<std::weak_ptr<const AttentionTensor>> read;
    for (int i = 0; i < recording.count(); ++i) {
        const RecordedFrame back = recording.frame(i);
        QCOMPARE(back.head, 1 + i % 2);
        QVERIFY(back.tensor && back.scores);
        const std::shared_ptr<const AttentionTensor> expected =
            randomTensor(unsigned(i / 2), 8 + (i / 2) % 5);
        QVERIFY2(sameTensor(*back.tensor, *expected), qPrintable(QString::number(i)));
        QVERIFY(sameScores(*back.scores, scoreHeads(*expected)));
        read.push_back(back.tensor);
        QVERIFY(recording.tensorsInMemory() <= 2);
    }
    // Both frames of a tensor share one reading of it.
    for (int i = 0; i < recording.count(); i += 2)
        QVERIFY(!read[size_t(i)].owner_before(read[size_t(i + 1)]) &&
                !read[size_t(i + 1)].owner_before(read[size_t(i)]));
    const auto alive = std::count_if(read.begin(), read.end(),
                                     [](const auto &tensor) { return !tensor.expired(); });
    QVERIFY2(alive <= 2 * 2, qPrintable(QString::number(alive))); // two tensors, two frames each
}

void TestRecording::modelTimelineGivesAFrameAStep()
{
    // Generate, then record the timeline stepping through what was written:
    // a frame a step, each the still export of that step, the tensors of
    // the steps spooled, not kept.
    QVERIFY(m_window->model()->openModelFolder(QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny")));
    m_window->model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat on"));
    m_window->model()->runner()->waitForIdle();
    GenerationPanel *panel = m_window->model()->generationPanel();
    constexpr int kSteps = 8;
    panel->findChild<QSpinBox *>()->setValue(kSteps);
    QSignalSpy finished(m_window->model()->generationRunner(), &GenerationRunner::finished);
    panel->generateButton()->click();
    QVERIFY(finished.wait(20000));
    QCOMPARE(int(panel->generation()->steps.size()), kSteps);
    ModelDocument *document = m_window->model()->document();
    panel->setStep(1);
    document->waitForScores();
    QCoreApplication::processEvents();
    const QString view = m_window->currentViewName();
    const FigureStyle style = m_window->currentFigureStyle();
    m_window->record()->recordAction()->trigger();
    QVERIFY(m_window->record()->recorder()->isRecording());
    QList<QImage> shown{m_window->currentEditor()->figureImage(style)};
    std::vector<std::weak_ptr<const AttentionTensor>> tensors{document->sharedTensor()};
    for (int step = 2; step <= kSteps; ++step) {
        panel->setStep(step);
        document->waitForScores();
        QTRY_COMPARE(m_window->record()->recorder()->frameCount(), step);
        shown << m_window->currentEditor()->figureImage(style);
        tensors.push_back(document->sharedTensor());
    }
    // Only the step on screen is held, by the document: not by the recording.
    for (size_t i = 0; i + 1 < tensors.size(); ++i)
        QVERIFY2(tensors[i].expired(), qPrintable(QString::number(i + 1)));
    const std::unique_ptr<Recording> recording = m_window->record()->recorder()->stop();
    QCOMPARE(recording->count(), kSteps);
    QCOMPARE(recording->spooledTensors(), kSteps); // each step a tensor of its own
    QCOMPARE(recording->tensorsInMemory(), 0);
    for (int i = 0; i < recording->count(); ++i) {
        const RecordedFrame frame = recording->frame(i);
        QCOMPARE(frame.view, view);
        QCOMPARE(frame.tensor->keys(), panel->generation()->promptLength + i);
        QCOMPARE(frame.render(style, ExportSize{}), shown[i]); // frame i is step i's still export
        QVERIFY(recording->tensorsInMemory() <= 2);
    }
    QVERIFY(shown.front() != shown.back());
    // Written, the recording reads each step back as it comes.
    const QString gif = m_dir.filePath(QStringLiteral("timeline.gif"));
    ExportSize size;
    size.width = 480;
    size.height = 360;
    QString error;
    QCOMPARE(AnimationSaver::save(m_window.get(), gif, recording->frames(style, size),
                                  AnimationTiming{}, &error),
             AnimationSaver::Outcome::Written);
    const GifFrames read = readGif(gif);
    QCOMPARE(read.count, kSteps);
    QCOMPARE(read.size, QSize(480, 360));
    QVERIFY(recording->tensorsInMemory() <= 2);
}

void TestRecording::animateDialogSpeaksTheCommandLine()
{
    // The dialog's sweep is the command line's --sweep text, so both are
    // parsed (and refused) by Sweep alike.
    AnimateDialog::Target session;
    session.session = &m_window->session()->document()->session();
    session.views = ExportDialog::sessionViews();
    session.currentView = QStringLiteral("figure");
    AnimateDialog dialog(session, ColorMaps::Name::Viridis, false, QString(), m_window.get());
    QComboBox *sweep = dialog.findChildren<QComboBox *>().first();
    QStringList specs;
    for (int i = 0; i < sweep->count(); ++i) {
        sweep->setCurrentIndex(i);
        specs << dialog.spec();
        const Sweep parsed = Sweep::parse(dialog.spec().toStdString(), *session.session);
        QVERIFY(parsed.sweepsSession());
    }
    QCOMPARE(specs, (QStringList{QStringLiteral("temperature=0.1:10:log"),
                                 QStringLiteral("dk=1:1024"), QStringLiteral("key:is:1=0:2"),
                                 QStringLiteral("mask"), QStringLiteral("scale")}));
    sweep->setCurrentIndex(1);
    QCOMPARE(dialog.viewName(), QStringLiteral("scale")); // d_k draws the scale lab
    sweep->setCurrentIndex(0);
    QCOMPARE(dialog.viewName(), QStringLiteral("figure"));

    AnimateDialog::Target model;
    model.layers = 2;
    model.heads = 3;
    model.layer = 1;
    model.generationSteps = 4;
    model.views = {{QStringLiteral("head"), QStringLiteral("one head")}};
    AnimateDialog modelDialog(model, ColorMaps::Name::Viridis, false, QString(), m_window.get());
    QComboBox *modelSweep = modelDialog.findChildren<QComboBox *>().first();
    QCOMPARE(modelSweep->count(), 2);
    QCOMPARE(modelDialog.spec(), QStringLiteral("head"));
    QCOMPARE(modelDialog.layer(), 1);
    modelSweep->setCurrentIndex(1);
    QCOMPARE(modelDialog.spec(), QStringLiteral("generation"));
    QCOMPARE(Sweep::parseModel(modelDialog.spec().toStdString(), 3, 4).itemCount(), 4);
}

QTEST_MAIN(TestRecording)
#include "tst_recording.moc"
