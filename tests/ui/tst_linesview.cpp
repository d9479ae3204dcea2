// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The line view: the painter's lines (opacity the weight, masked cells
// without a line), hovering and the arrow keys highlighting a token, the
// Attention tab's Heatmap | Lines choice following a drag and remembered,
// and `attention-lab export SESSION --view lines`.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/figure/linepainter.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/heatmapview.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/viewcontrols.h"
#include "windowtestsettings.h"

#include <QComboBox>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace AttentionLab;

namespace {

QStringList labels(const char *a, const char *b, const char *c)
{
    return {QString::fromUtf8(a), QString::fromUtf8(b), QString::fromUtf8(c)};
}

/// A point a fifth of the way along the line from query \a i to key \a j.
QPoint alongLine(const LineGeometry &g, int i, int j)
{
    return QPoint(int(std::lround(g.leftX + 0.2 * (g.rightX - g.leftX))),
                  int(std::lround(g.rowY(i) + 0.2 * (g.colY(j) - g.rowY(i)))));
}

/// The toolbar's "Show: Weights, Raw scores, Logits".
QComboBox *quantityChooser(const MainWindow &window)
{
    for (QComboBox *combo : window.findChildren<QComboBox *>())
        if (combo->accessibleName() == QLatin1String("Heatmap shows"))
            return combo;
    return nullptr;
}

} // namespace

class TestLinesView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void linesFollowTheWeights_data();
    void linesFollowTheWeights();
    void manyLinesAreDrawnInPlace();
    void perRowLinesShowALongRow();
    void hoverHighlightsAToken();
    void arrowKeysMoveTheHighlight();
    void attentionTabShowsLines();
    void exportLinesOfASessionFile();
};

void TestLinesView::initTestCase()
{
    WindowTestSettings::isolate();
    QFile::remove(Autosaver::defaultPath());
}

void TestLinesView::cleanupTestCase()
{
    WindowTestSettings::removeAll();
}

void TestLinesView::linesFollowTheWeights_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("col");
    QTest::addColumn<bool>("drawn");
    // The causal example: query 0 sees key 0 alone; keys after a query are masked.
    QTest::newRow("query 0 to key 0, weight 1") << 0 << 0 << true;
    QTest::newRow("query 0 to key 2, masked") << 0 << 2 << false;
    QTest::newRow("query 2 to key 3, masked") << 2 << 3 << false;
    QTest::newRow("query 3 to key 1, visible") << 3 << 1 << true;
}

void TestLinesView::linesFollowTheWeights()
{
    QFETCH(int, row);
    QFETCH(int, col);
    QFETCH(bool, drawn);
    const Session s = ChapterExamples::causalMask();
    const AttentionResult r = attend(s.queries, s.keys, s.effectiveValues(), s.options);
    const FloatMatrix weights = sessionWeights(r);
    QVERIFY(std::isnan(weights(0, 2)));
    QVERIFY(weights(3, 1) >= LinePainter::kMinVisibleWeight);
    const FigureStyle style;
    QImage image(900, 800, QImage::Format_ARGB32_Premultiplied);
    image.fill(style.background());
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const QStringList none;
    const LineGeometry g =
        LinePainter(painter, style)
            .paint(QRectF(0, 0, 900, 800), LineDiagram::fromMatrix(weights, none, none));
    painter.end();
    const QColor pixel = image.pixelColor(alongLine(g, row, col));
    QCOMPARE(pixel != style.background(), drawn);
}

void TestLinesView::manyLinesAreDrawnInPlace()
{
    // 25 x 25 uniform weights: 625 lines, past kRasterisedLines, so drawn on
    // pixels by the painter itself. The top line runs level at query 0's
    // height; nothing lies above it.
    const int n = 25;
    QVERIFY(n * n > LinePainter::kRasterisedLines);
    const FloatMatrix weights = FloatMatrix::Constant(n, n, 1.0f / n);
    const FigureStyle style;
    QImage image(900, 800, QImage::Format_ARGB32_Premultiplied);
    image.fill(style.background());
    QPainter painter(&image);
    const QStringList none;
    const LineGeometry g =
        LinePainter(painter, style)
            .paint(QRectF(0, 0, 900, 800), LineDiagram::fromMatrix(weights, none, none));
    painter.end();
    const int mid = int((g.leftX + g.rightX) / 2);
    const int top = int(std::lround(g.rowY(0)));
    QVERIFY(image.pixelColor(mid, top) != style.background());
    QVERIFY(image.pixelColor(mid, int(std::lround(g.rowY(6)))) != style.background());
    QCOMPARE(image.pixelColor(mid, top - 4), style.background());
    // Left of where the lines start, none.
    QCOMPARE(image.pixelColor(int(g.leftX) - 3, top + int(g.height / 4) + 2), style.background());
}

void TestLinesView::perRowLinesShowALongRow()
{
    // Twelve keys weighed about 1/12 each drew faint lines on the dark
    // theme; "Per row" draws each query's strongest line opaque.
    const int n = 12;
    const FloatMatrix weights = FloatMatrix::Constant(2, n, 1.0f / n);
    FigureStyle style;
    style.theme = FigureStyle::Theme::Dark;
    const auto contrastAlong = [&](bool perRow) {
        QImage image(900, 800, QImage::Format_ARGB32_Premultiplied);
        image.fill(style.background());
        QPainter painter(&image);
        const QStringList none;
        LineDiagram diagram = LineDiagram::fromMatrix(weights, none, none);
        diagram.perRow = perRow;
        const LineGeometry g = LinePainter(painter, style).paint(QRectF(0, 0, 900, 800), diagram);
        painter.end();
        const QColor pixel = image.pixelColor(alongLine(g, 0, 0));
        return pixel.lightnessF() - style.background().lightnessF();
    };
    const double fixed = contrastAlong(false);
    const double perRow = contrastAlong(true);
    QVERIFY2(fixed > 0.0 && perRow > 3 * fixed,
             qPrintable(QStringLiteral("fixed %1, per row %2").arg(fixed).arg(perRow)));
}

void TestLinesView::hoverHighlightsAToken()
{
    AttentionLinesView view;
    FloatMatrix w(3, 3);
    w << 0.7f, 0.2f, 0.1f, 0.1f, 0.1f, 0.8f, 0.3f, 0.3f, 0.4f;
    view.setMatrix(w, labels("who", "is", "best"), labels("who", "is", "best"));
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage before = view.grab().toImage();
    QVERIFY(!view.highlighted().isValid());

    // Over the left column at query 1 ("is"): its lines alone, strongly.
    const LineGeometry &g = view.geometry();
    const QPoint overQuery(int(g.leftX - 20), int(g.rowY(1)));
    QSignalSpy changed(&view, &AttentionLinesView::highlightedChanged);
    QMouseEvent move(QEvent::MouseMove, overQuery, view.mapToGlobal(overQuery), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Query, 1}));
    QCOMPARE(changed.size(), 1);
    const QImage highlighted = view.grab().toImage();
    QVERIFY(highlighted != before);
    // Query 0's line to key 0 (weight 0.7) is gone while query 1 is highlighted.
    QCOMPARE(highlighted.pixelColor(alongLine(g, 0, 0)), view.figureStyle().background());
    QVERIFY(before.pixelColor(alongLine(g, 0, 0)) != view.figureStyle().background());
    QCOMPARE(view.toolTipFor(view.highlighted()),
             QStringLiteral("query “is” (1) gives the most weight to: best 0.8000, who 0.1000, "
                            "is 0.1000"));
    QVERIFY(view.accessibleDescription().contains(QStringLiteral("best 0.8000")));

    // A key on the right.
    const QPoint overKey(int(g.rightX + 20), int(g.colY(2)));
    QMouseEvent moveKey(QEvent::MouseMove, overKey, view.mapToGlobal(overKey), Qt::NoButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &moveKey);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Key, 2}));
    QVERIFY(view.toolTipFor(view.highlighted()).startsWith(QStringLiteral("key “best” (2)")));

    // Leaving shows every line again.
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(&view, &leave);
    QVERIFY(!view.highlighted().isValid());
    QCOMPARE(view.grab().toImage(), before);
    QCOMPARE(view.accessibleName(), QStringLiteral("Attention lines"));
}

void TestLinesView::arrowKeysMoveTheHighlight()
{
    AttentionLinesView view;
    FloatMatrix w = FloatMatrix::Constant(4, 5, 0.2f);
    view.setMatrix(w, {}, {});
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Query, 0}));
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Query, 3}));
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Key, 3}));
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(view.highlighted(), (LineToken{LineToken::Side::Key, 4}));
    QTest::keyClick(&view, Qt::Key_Escape);
    QVERIFY(!view.highlighted().isValid());
    // A smaller matrix drops a highlight past its end.
    view.setHighlighted({LineToken::Side::Key, 4});
    view.setMatrix(FloatMatrix::Constant(2, 2, 0.5f), {}, {});
    QVERIFY(!view.highlighted().isValid());
}

void TestLinesView::attentionTabShowsLines()
{
    {
        MainWindow window;
        window.show();
        QVERIFY(!window.session()->attentionTab()->showsLines());
        QVERIFY(window.session()->attentionTab()->heatmap()->isVisible());
        window.viewControls()->setShowLines(true);
        QVERIFY(window.session()->attentionTab()->linesView()->isVisible());
        QVERIFY(!window.session()->attentionTab()->heatmap()->isVisible());
        QCOMPARE(window.currentViewName(), QStringLiteral("lines"));
        QVERIFY(!quantityChooser(window)->isEnabled()); // lines are weights
        const Session &s = window.session()->document()->session();
        QCOMPARE(window.session()->attentionTab()->linesView()->matrix().rows(), s.queries.rows());
        QCOMPARE(window.session()->attentionTab()->linesView()->matrix().cols(), s.keys.rows());
        QCOMPARE(double(window.session()->attentionTab()->linesView()->matrix()(0, 0)),
                 double(float(window.session()->document()->result().weights(0, 0))));

        // A key dragged: the lines follow at every step.
        RowVector key = s.keys.row(0);
        key(0) += 3.0;
        window.session()->document()->setVector(VectorKind::Key, 0, key, true);
        QCOMPARE(double(window.session()->attentionTab()->linesView()->matrix()(0, 0)),
                 double(float(window.session()->document()->result().weights(0, 0))));
        window.session()->document()->endContinuousEdit();
        // Masked cells have no weight to draw.
        window.session()->document()->replaceSession(ChapterExamples::causalMask(),
                                                     QStringLiteral("mask example"));
        QCOMPARE(window.session()->attentionTab()->linesView()->matrix().rows(), 4);
        QVERIFY(std::isnan(window.session()->attentionTab()->linesView()->matrix()(0, 1)));
        QVERIFY(QTest::qWaitFor(
            [&] { return window.session()->attentionTab()->linesView()->geometry().rows == 4; }));
    }
    // Remembered: the next window starts with the lines, and Ctrl+L switches back.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.session()->attentionTab()->showsLines());
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QVERIFY(!window.session()->attentionTab()->showsLines());
    QVERIFY(quantityChooser(window)->isEnabled());
    QCOMPARE(window.currentViewName(), QStringLiteral("figure"));
    window.viewControls()->setShowLines(false);
}

void TestLinesView::exportLinesOfASessionFile()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("lines.svg"));
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE),
              {QStringLiteral("export"), QStringLiteral(PRESETS_DIR "/causal-mask.json"),
               QStringLiteral("-o"), out, QStringLiteral("--view"), QStringLiteral("lines")});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("<svg"));
    for (const char *label : {"loudly", "barked", "queries", "keys"})
        QVERIFY2(svg.contains(label), label);
}

QTEST_MAIN(TestLinesView)
#include "tst_linesview.moc"
