#include "app/guibenchmark.h"

#include "core/median.h"
#include "core/randomsession.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/heatmapview.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>

#include <qcustomplot.h>

namespace AttentionLab {

namespace {

constexpr int kSteps = 40;

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

} // namespace

GuiBenchmarkResult runGuiBenchmark(const std::vector<int> &tokenCounts, int keyDim)
{
    GuiBenchmarkResult result;
    QElapsedTimer startup;
    startup.start();
    {
        MainWindow window;
        window.show();
        QCoreApplication::processEvents();
        window.heatmap()->plot()->replot(QCustomPlot::rpImmediateRefresh);
        result.startupMs = double(startup.nsecsElapsed()) / 1e6;
    }

    for (int n : tokenCounts) {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        Session session = randomSession(0, n, n, keyDim);
        session.options.mask = MaskMode::Causal;
        AttentionDocument *doc = window.document();
        doc->reset(session);
        QCoreApplication::processEvents();

        int heatmapReplots = 0;
        int barsReplots = 0;
        QObject::connect(window.heatmap()->plot(), &QCustomPlot::afterReplot,
                         [&heatmapReplots] { ++heatmapReplots; });
        QObject::connect(window.entropyBars()->plot(), &QCustomPlot::afterReplot,
                         [&barsReplots] { ++barsReplots; });
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
        window.autosaver()->discard(); // the benchmark's edits are nobody's work
        result.rows.push_back({n, median(times), int(times.size())});
    }
    return result;
}

} // namespace AttentionLab
