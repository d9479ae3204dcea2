// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/guibenchmark.h"

#include "app/benchmark.h"

#include "core/maths/randomsession.h"
#include "core/support/median.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/headgridview.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/heatmapview.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>

#include <algorithm>
#include <cstdint>

#include <qcustomplot.h>

namespace AttentionLab {

namespace {

constexpr int kSteps = 40;
constexpr int kGeneratedTokens = 20;

/// Processes events until both plots have replotted at least once since
/// \a heatmapBefore / \a barsBefore (or a second has passed).
void settle(const int &heatmapReplots, int heatmapBefore, const int &barsReplots, int barsBefore)
{
    QElapsedTimer guard;
    guard.start();
    do {
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    } while ((heatmapReplots == heatmapBefore || barsReplots == barsBefore) &&
             guard.elapsed() < 1000);
    QCoreApplication::sendPostedEvents(); // the repaint the replots asked for
    QCoreApplication::processEvents(QEventLoop::AllEvents);
}

/// L x H heads of n x n random rows, each normalised to sum to one.
AttentionTensor randomTensor(int layers, int heads, int n)
{
    const long long count = static_cast<long long>(layers) * heads * n * n;
    std::vector<float> values(static_cast<size_t>(count));
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    for (long long row = 0; row < count / n; ++row) {
        float *a = values.data() + row * n;
        double sum = 0.0;
        for (int j = 0; j < n; ++j) {
            state ^= state << 13; // xorshift64: fast, and good enough for pictures
            state ^= state >> 7;
            state ^= state << 17;
            // Cubed, so rows have a few strong cells as trained heads do.
            const double u = double(state >> 11) / double(1ull << 53);
            a[j] = float(u * u * u);
            sum += a[j];
        }
        for (int j = 0; j < n; ++j)
            a[j] = float(a[j] / sum);
    }
    return AttentionTensor(AttentionShape{layers, heads, n, n}, std::move(values));
}

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

ModelBenchmarkResult runModelBenchmark()
{
    ModelBenchmarkResult result;
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    ModelDocument *doc = window.model()->document();
    ModelPage *page = window.model()->modelPage();
    window.tabs()->setCurrentWidget(page);
    QCoreApplication::processEvents();

    // Open: from the tensor in memory to the grid painted with every thumbnail and score.
    {
        AttentionTensor tensor = randomTensor(12, 12, 1024);
        QElapsedTimer timer;
        timer.start();
        doc->setTensor(std::move(tensor), QStringLiteral("benchmark.npy"));
        while (!doc->scoresReady() || !page->grid()->thumbnailsReady())
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents,
                                            20);
        page->grid()->repaint();
        result.tensorOpenMs = msSince(timer);
    }

    // Head switch at n = 1024: the image and the bars painted.
    int barsReplots = 0;
    QObject::connect(page->entropyBars()->plot(), &QCustomPlot::afterReplot,
                     [&barsReplots] { ++barsReplots; });
    page->showLarge();
    QCoreApplication::processEvents();
    std::vector<double> times;
    for (int step = 1; step <= kSteps; ++step) {
        const int bars = barsReplots;
        QElapsedTimer timer;
        timer.start();
        doc->select((step / 12) % 12, step % 12);
        page->heatmap()->repaint();
        QElapsedTimer guard;
        guard.start();
        while (barsReplots == bars && guard.elapsed() < 1000)
            QCoreApplication::processEvents(QEventLoop::AllEvents);
        times.push_back(msSince(timer));
    }
    result.headSwitchMs = median(times);

    // Zoom and pan at n = 4096, each step painted.
    doc->setTensor(randomTensor(1, 1, 4096), QStringLiteral("benchmark-4096.npy"));
    page->showLarge();
    QCoreApplication::processEvents();
    ModelHeatmapView *view = page->heatmap();
    const QPointF centre = QRectF(view->plotRect()).center();
    std::vector<double> zooms, pans;
    for (int step = 0; step < kSteps; ++step) {
        QElapsedTimer timer;
        timer.start();
        // In and out around the whole matrix in view: the most cells per step.
        view->zoomAt(centre + QPointF(step % 7 * 10, step % 5 * 10), step % 2 ? 1 / 1.25 : 1.25);
        view->repaint();
        zooms.push_back(msSince(timer));
    }
    view->fitToView();
    view->zoomAt(centre, 1.25);
    for (int step = 0; step < kSteps; ++step) {
        QElapsedTimer timer;
        timer.start();
        view->panBy(step % 2 ? QPointF(-25, -15) : QPointF(25, 15));
        view->repaint();
        pans.push_back(msSince(timer));
    }
    result.zoomStepMs = median(zooms);
    result.panStepMs = median(pans);
    window.session()->autosaver()->discard();
    return result;
}

/// Words of the lecture's sentence, repeated until \a model reads \a tokens
/// tokens (a few fewer than its positions at most: a word may add three).
QString textOfLength(const PretrainedModel &model, int tokens)
{
    tokens = std::min(tokens, model.config().positions - 4);
    const QStringList words =
        QStringLiteral("the animal didn't cross the street because it was too tired")
            .split(QLatin1Char(' '));
    QString text = QStringLiteral("The");
    for (int i = 1;; ++i) {
        const QString longer = text + QLatin1Char(' ') + words[i % words.size()];
        if (int(model.tokenize(ModelText{longer, {}, false, {}, {}, {}}).ids.size()) > tokens)
            return text;
        text = longer;
    }
}

} // namespace

ModelTypingResult runModelTypingBenchmark(const QString &folder, int tokens)
{
    ModelTypingResult result;
    // Read once first: a folder that cannot be opened is one line (ReadError),
    // never a message box on a screen nobody sees; nor is a text longer than
    // the model reads timed at another length.
    requireModelBenchLength(tokens, PretrainedModel::open(folder)->config().positions);
    MainWindow window;
    window.resize(1600, 1000);
    ModelRunner *runner = window.model()->runner();
    // A pass or a generation that fails shows its message in the window,
    // which nobody sees offscreen: it becomes this command's one line
    // instead of a wait for a grid that never comes (issue 36, item 3: a NaN
    // in the embeddings, found by the first pass, hung the benchmark).
    QString failure;
    const auto fail = [&failure](const QString &message) {
        if (failure.isEmpty())
            failure = message;
    };
    QObject::connect(runner, &ModelRunner::runFailed, runner, fail);
    QObject::connect(window.model()->generationRunner(), &GenerationRunner::failed, runner, fail);
    const auto refuseFailure = [&] {
        if (!failure.isEmpty()) {
            window.session()->autosaver()->discard();
            throwReadError(failure);
        }
    };
    window.show();
    if (!window.model()->openModelFolder(folder))
        throwReadError(QStringLiteral("%1: cannot be opened").arg(folder));
    ModelDocument *doc = window.model()->document();
    ModelPage *page = window.model()->modelPage();
    QLineEdit *edit = window.model()->textPanel()->textEdit();
    auto waitForGrid = [&] {
        runner->waitForIdle();
        while (!doc->scoresReady() || !page->grid()->thumbnailsReady()) {
            refuseFailure();
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents,
                                            5);
        }
        refuseFailure();
        page->grid()->repaint();
    };
    edit->setText(textOfLength(*runner->model(), tokens));
    waitForGrid();
    result.model = runner->model()->name();
    result.tokens = int(runner->lastTokens().ids.size());
    std::vector<double> times;
    for (int step = 0; step < 20; ++step) {
        QElapsedTimer timer;
        timer.start();
        const bool add = step % 2 == 0;
        QKeyEvent press(QEvent::KeyPress, add ? Qt::Key_S : Qt::Key_Backspace, Qt::NoModifier,
                        add ? QStringLiteral("s") : QString());
        QCoreApplication::sendEvent(edit, &press);
        waitForGrid();
        times.push_back(msSince(timer));
    }
    result.keystrokeMs = median(times);
    result.keystrokes = int(times.size());

    // Generate: each token from computed (the runner's clock) to drawn.
    GenerationPanel *panel = window.model()->generationPanel();
    if (panel->isVisibleTo(&window)) {
        GenerationRunner *generation = window.model()->generationRunner();
        qint64 pending = -1;
        bool done = false;
        const QMetaObject::Connection onWritten =
            QObject::connect(generation, &GenerationRunner::written,
                             [&pending](std::shared_ptr<const Generation>, qint64 computedAt) {
                                 pending = computedAt;
                             });
        const QMetaObject::Connection onDone =
            QObject::connect(generation, &GenerationRunner::finished,
                             [&done, &result](std::shared_ptr<const Generation> g) {
                                 done = true;
                                 result.generatedTokens = int(g->steps.size());
                             });
        panel->findChild<QSpinBox *>()->setValue(kGeneratedTokens);
        panel->generateButton()->click();
        std::vector<double> drawn;
        while (!done || pending >= 0) {
            refuseFailure();
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents,
                                            2);
            if (pending >= 0 && doc->scoresReady() && page->grid()->thumbnailsReady()) {
                page->grid()->repaint();
                drawn.push_back(double(GenerationRunner::steadyNanoseconds() - pending) / 1e6);
                pending = -1;
            }
        }
        QObject::disconnect(onWritten);
        QObject::disconnect(onDone);
        result.drawnTokens = int(drawn.size());
        if (!drawn.empty()) {
            result.tokenDrawnMs = median(drawn);
            result.tokenDrawnMaxMs = *std::max_element(drawn.begin(), drawn.end());
        }
    }
    window.session()->autosaver()->discard();
    return result;
}

GuiBenchmarkResult runGuiBenchmark(const std::vector<int> &tokenCounts, int keyDim)
{
    GuiBenchmarkResult result;
    QElapsedTimer startup;
    startup.start();
    {
        MainWindow window;
        window.show();
        QCoreApplication::processEvents();
        window.session()->attentionTab()->heatmap()->plot()->replot(
            QCustomPlot::rpImmediateRefresh);
        result.startupMs = double(startup.nsecsElapsed()) / 1e6;
    }

    for (int n : tokenCounts) {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        Session session = randomSession(0, n, n, keyDim);
        session.options.mask = MaskMode::Causal;
        AttentionDocument *doc = window.session()->document();
        doc->reset(session);
        QCoreApplication::processEvents();

        int heatmapReplots = 0;
        int barsReplots = 0;
        QObject::connect(window.session()->attentionTab()->heatmap()->plot(),
                         &QCustomPlot::afterReplot, [&heatmapReplots] { ++heatmapReplots; });
        QObject::connect(window.session()->attentionTab()->entropyBars()->plot(),
                         &QCustomPlot::afterReplot, [&barsReplots] { ++barsReplots; });
        settle(heatmapReplots, -1, barsReplots, -1);

        const Index key = n / 2;
        RowVector v = doc->vector(VectorKind::Key, key);
        std::vector<double> times;
        for (int step = 0; step < kSteps; ++step) {
            v[0] += step % 2 ? -0.05 : 0.07; // a hand wobbling a slider
            const int h = heatmapReplots;
            const int b = barsReplots;
            QElapsedTimer timer;
            timer.start();
            doc->setVector(VectorKind::Key, key, v, true);
            settle(heatmapReplots, h, barsReplots, b);
            times.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        doc->endContinuousEdit();
        window.session()->autosaver()->discard(); // the benchmark's edits are nobody's work
        result.rows.push_back({n, median(times), int(times.size())});
    }
    result.model = runModelBenchmark();
    return result;
}

} // namespace AttentionLab
