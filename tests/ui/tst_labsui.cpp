// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The labs in the real window, offscreen: dragging a key in the geometry
// view edits the session, the scale lab's table is the command line's, and
// the mask, heads and position labs show the core's numbers.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/session.h"
#include "core/support/normalgenerator.h"
#include "ui/document/attentiondocument.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/labpainter.h"
#include "ui/figure/labpainterhelpers.h"
#include "ui/labs/geometrycanvas.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/headslab.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labstate.h"
#include "ui/labs/masklab.h"
#include "ui/labs/positionlab.h"
#include "ui/labs/scalelab.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/views/heatmapview.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "windowtestsettings.h"

#include "core/maths/keygeometry.h"
#include "ui/figure/labelplacer.h"

using namespace AttentionLab;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(AttentionLab::Session)
Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<int>)

class TestLabsUi : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanupTestCase();
    void positionLabShowsT5AndMarian();
    void positionLabOnAHeadWithoutPositions();
    void draggingAKeyEditsTheSession();
    void keyDraggedPastTheEdgeIsSelected();
    void scaleChartsKeepTheirHeight();
    void headsStaySquare_data();
    void headsStaySquare();
    void draggedPointStaysUnderTheMouse_data();
    void draggedPointStaysUnderTheMouse();
    void otherKeyChangesRefitThePlane();
    void geometryLabelsDoNotOverlap_data();
    void geometryLabelsDoNotOverlap();
    void realHeadGeometryShowsExactScores();
    void geometryShowsTheLastQueryAndEveryVisibleArrow();
    void scaleLabShowsItsResultsAsDone();
    void everyLabStatesItsEquation();
    void positionLegendIsTheLongestBar_data();
    void positionLegendIsTheLongestBar();
    void headsNumbersAreReadableOrLeftOut_data();
    void headsNumbersAreReadableOrLeftOut();
    void lastTickLabelIsAlwaysShown_data();
    void lastTickLabelIsAlwaysShown();
    void scaleLabTableEqualsTheCommandLine();
    void scaleLabRunsInTheBackgroundAndCancels();
    void maskLabShowsBothOrders();
    void headsLabWeightsEqualTheCore();
    void shufflingWithoutPositionsPermutesOutputs();
    void everyLabExportsFromTheWindow();

private:
    QString exportSvg(const QString &view);
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestLabsUi::cleanupTestCase()
{
    m_window.reset();
    WindowTestSettings::removeAll();
}

void TestLabsUi::init()
{
    WindowTestSettings::isolate();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1500, 950);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

/// The text of an SVG, its <text> runs joined (Qt may split one drawText
/// into several runs).
QString svgText(const QString &svg)
{
    QString text;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            text += xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return text;
}

QString TestLabsUi::exportSvg(const QString &view)
{
    const QString path = m_dir.filePath(view + QStringLiteral(".svg"));
    QString error;
    if (!m_window->exportFigure(path, view, ExportSize{}, m_window->currentFigureStyle(), &error))
        return error;
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    const QString svg = QString::fromUtf8(f.readAll());
    return svg.startsWith(QStringLiteral("<?xml")) ? QStringLiteral("<?xml") + svgText(svg) : svg;
}

void TestLabsUi::draggingAKeyEditsTheSession()
{
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint(); // lays out the picture
    const GeometryMap &map = canvas->geometryMap();
    QVERIFY(map.valid);
    QCOMPARE(map.keys.size(), size_t(3));
    AttentionDocument *doc = m_window->session()->document();
    const RowVector before = doc->session().keys.row(2);
    const double weightBefore = m_window->session()->attentionTab()->heatmap()->cellValue(0, 2);

    const QPoint start = map.keys[2].toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    for (int step = 1; step <= 10; ++step) {
        QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(12 * step, -9 * step)),
                         canvas->mapToGlobal(QPointF(start + QPoint(12 * step, -9 * step))),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(canvas, &move);
        canvas->repaint();
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, start + QPoint(120, -90));

    QVERIFY(doc->session().keys.row(2) != before); // the key moved
    QVERIFY(m_window->session()->attentionTab()->heatmap()->cellValue(0, 2) !=
            weightBefore); // and the heatmap followed
    QCOMPARE(doc->result().weights(0, 2),
             m_window->session()->attentionTab()->heatmap()->cellValue(0, 2));
    QCOMPARE(doc->undoStack()->count(), 1); // one drag, one step
    doc->undoStack()->undo();
    QCOMPARE(RowVector(doc->session().keys.row(2)), before);
}

/// Sends a mouse move with the left button held, as a real drag does.
void dragTo(QWidget *canvas, const QPoint &at)
{
    QMouseEvent move(QEvent::MouseMove, QPointF(at), canvas->mapToGlobal(QPointF(at)), Qt::NoButton,
                     Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas, &move);
    canvas->repaint();
}

void TestLabsUi::keyDraggedPastTheEdgeIsSelected()
{
    // Dragging "is" along the query stopped at the plot's edge, its weight
    // 0.337 to 0.367: attention could not be shown selecting. Pushed past
    // the edge, the key goes on and the frame widens with it, until the
    // query puts 0.9 of its weight on it; and the key picked up goes on
    // the sliders, as a clicked cell's does.
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint();
    const GeometryMap map = canvas->geometryMap();
    QVERIFY(map.valid);
    m_window->session()->vectorEditor()->select(VectorKind::Key, 2);
    const QPointF origin = map.toPixels.map(QPointF(0, 0));
    QPointF direction = map.query - origin;
    direction /= std::hypot(direction.x(), direction.y());
    const QPointF start = map.keys[0];
    QTest::mousePress(canvas, Qt::LeftButton, {}, start.toPoint());
    QCOMPARE(m_window->session()->vectorEditor()->selectedKind(), VectorKind::Key);
    QCOMPARE(m_window->session()->vectorEditor()->selectedRow(), Index(0));
    const double side = map.plot.width();
    QPoint at;
    for (int step = 1; step <= 40; ++step) {
        at = (start + direction * (side * 1.2 * step / 40.0)).toPoint();
        dragTo(canvas, at);
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, at);
    const double weight = m_window->session()->attentionTab()->heatmap()->cellValue(0, 0);
    QVERIFY2(weight > 0.9, qPrintable(QString::number(weight)));
    // The frame followed: the key is still in the picture.
    canvas->repaint();
    const GeometryMap after = canvas->geometryMap();
    QVERIFY(after.plot.adjusted(-10, -10, 10, 10).contains(after.keys[0]));
    QCOMPARE(m_window->session()->document()->undoStack()->count(), 1);
    // Back inside the picture, a drag follows the pointer again.
    m_window->session()->document()->undoStack()->undo();
    QVERIFY(m_window->session()->attentionTab()->heatmap()->cellValue(0, 0) < 0.4);
}

double distance(const QPointF &a, const QPointF &b)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

void TestLabsUi::draggedPointStaysUnderTheMouse_data()
{
    QTest::addColumn<int>("key"); // -1: the query
    QTest::addColumn<QPoint>("step");
    QTest::newRow("key best, up and left") << 2 << QPoint(-9, -7);
    QTest::newRow("key the, down and right") << 1 << QPoint(11, 8);
    QTest::newRow("key is, far left") << 0 << QPoint(-16, 2);
    QTest::newRow("the query, up") << -1 << QPoint(3, -12);
}

void TestLabsUi::draggedPointStaysUnderTheMouse()
{
    QFETCH(int, key);
    QFETCH(QPoint, step);
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint();
    const GeometryMap before = canvas->geometryMap();
    QVERIFY(before.valid);
    QVERIFY(before.geometry.isProjection()); // d_k = 3: the keys' principal plane
    AttentionDocument *doc = m_window->session()->document();
    const VectorKind kind = key < 0 ? VectorKind::Query : VectorKind::Key;
    const Index row = key < 0 ? before.queryIndex : key;
    const RowVector vectorBefore = doc->vector(kind, row);
    auto shownAt = [&](const GeometryMap &map) {
        return key < 0 ? map.query : map.keys[size_t(key)];
    };

    const QPoint start = shownAt(before).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    QPoint end = start;
    for (int k = 1; k <= 8; ++k) {
        end = start + step * k;
        dragTo(canvas, end);
        // While dragging, the point follows the mouse.
        QVERIFY2(distance(shownAt(canvas->geometryMap()), end) < 0.5,
                 qPrintable(QStringLiteral("move %1").arg(k)));
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, end);
    canvas->repaint();
    const GeometryMap after = canvas->geometryMap();
    // No jump on release: the point is where it was dropped, the plane and
    // the scale are the ones the drag happened in, and nothing else moved.
    QVERIFY2(distance(shownAt(after), end) < 0.5,
             qPrintable(QStringLiteral("dropped at %1,%2, shown at %3,%4")
                            .arg(end.x())
                            .arg(end.y())
                            .arg(shownAt(after).x())
                            .arg(shownAt(after).y())));
    QVERIFY(after.geometry.axes() == before.geometry.axes());
    QCOMPARE(after.toPixels, before.toPixels);
    for (size_t j = 0; j < before.keys.size(); ++j)
        if (int(j) != key)
            QVERIFY(distance(after.keys[j], before.keys[j]) < 1e-6);
    QVERIFY(doc->vector(kind, row) != vectorBefore);
    QCOMPARE(doc->undoStack()->count(), 1);

    // Undo returns the vector and keeps the plane; redo puts it back under the drop.
    doc->undoStack()->undo();
    canvas->repaint();
    QCOMPARE(doc->vector(kind, row), vectorBefore);
    QVERIFY(canvas->geometryMap().geometry.axes() == before.geometry.axes());
    QCOMPARE(canvas->geometryMap().toPixels, before.toPixels);
    QVERIFY(distance(shownAt(canvas->geometryMap()), shownAt(before)) < 1e-6);
    doc->undoStack()->redo();
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes() == before.geometry.axes());
    QVERIFY(distance(shownAt(canvas->geometryMap()), end) < 0.5);
}

void TestLabsUi::otherKeyChangesRefitThePlane()
{
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint();
    AttentionDocument *doc = m_window->session()->document();
    const QPoint start = canvas->geometryMap().keys[2].toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    for (int k = 1; k <= 5; ++k)
        dragTo(canvas, start + QPoint(-12 * k, 9 * k));
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, start + QPoint(-60, 45));
    canvas->repaint();
    const LabSettings &settings = m_window->session()->labState()->settings();
    const KeyGeometry fitted = LabPainter::planeFor(doc->session(), settings);
    QCOMPARE(fitted.plane(), GeometryPlane::Query); // d_k = 3: the query's plane
    QVERIFY(
        !canvas->geometryMap().geometry.axes().isApprox(fitted.axes(), 1e-6)); // held, not refitted

    // The button fits the plane to the keys as they are.
    m_window->session()->geometryLab()->refitButton()->click();
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes().isApprox(fitted.axes(), 1e-12));

    // A table edit (any change not made by dragging in the picture) refits.
    RowVector edited = doc->session().keys.row(0);
    edited[0] += 0.7;
    doc->setVector(VectorKind::Key, 0, edited);
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes().isApprox(
        LabPainter::planeFor(doc->session(), settings).axes(), 1e-12));
    // So does an edit of the query shown (its plane moves with it).
    RowVector query = doc->session().queries.row(0);
    query[1] += 0.4;
    doc->setVector(VectorKind::Query, 0, query);
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes().isApprox(
        LabPainter::planeFor(doc->session(), settings).axes(), 1e-12));
    QVERIFY(canvas->geometryMap().geometry.axes().row(0).isApprox(query.normalized(), 1e-12));
    // So does a new session.
    doc->replaceSession(ChapterExamples::selection(), QStringLiteral("selection"));
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes().isApprox(
        LabPainter::planeFor(doc->session(), settings).axes(), 1e-12));
    // The keys' principal plane, when chosen, is the keys' principal plane.
    QComboBox *plane = m_window->session()->geometryLab()->planeChooser();
    plane->setCurrentIndex(1);
    emit plane->activated(1);
    canvas->repaint();
    QVERIFY(canvas->geometryMap().geometry.axes().isApprox(
        KeyGeometry::principal(doc->session().keys).axes(), 1e-12));
}

void TestLabsUi::geometryLabelsDoNotOverlap_data()
{
    QTest::addColumn<Session>("session");
    QTest::addColumn<QSize>("size");
    QTest::newRow("lecture example (near-parallel keys)")
        << ChapterExamples::lecture() << QSize(1500, 950);
    QTest::newRow("lecture example, small window")
        << ChapterExamples::lecture() << QSize(1000, 700);
    QTest::newRow("keys that disagree") << ChapterExamples::selection() << QSize(1500, 950);
    Session random = ChapterExamples::lecture();
    NormalGenerator normal(7);
    random.keys = normal.matrix(8, 16);
    random.queries = normal.matrix(2, 16);
    random.values = Matrix();
    random.tokens.clear();
    random.queryTokens.clear();
    QTest::newRow("eight random keys, d_k = 16") << random << QSize(1500, 950);
}

void TestLabsUi::geometryLabelsDoNotOverlap()
{
    QFETCH(Session, session);
    QFETCH(QSize, size);
    m_window->resize(size);
    m_window->session()->document()->replaceSession(session, QStringLiteral("labels"));
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint();
    const GeometryMap &map = canvas->geometryMap();
    QVERIFY(map.valid);
    std::vector<QRectF> labels{map.queryLabel};
    std::vector<QPointF> points{map.query};
    for (size_t j = 0; j < map.keys.size(); ++j) {
        if (!map.keyLabels[j].isEmpty()) {
            labels.push_back(map.keyLabels[j]);
            points.push_back(map.keys[j]);
        }
    }
    QCOMPARE(labels.size(), map.keys.size() + 1); // every key labelled
    for (size_t a = 0; a < labels.size(); ++a) {
        for (size_t b = a + 1; b < labels.size(); ++b)
            QVERIFY2(!labels[a].intersects(labels[b]),
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(a).arg(b)));
        for (const QLineF &axis : map.axes)
            QVERIFY2(!lineCrossesRect(axis, labels[a]),
                     qPrintable(QStringLiteral("label %1 lies on an axis").arg(a)));
        for (const QPointF &p : points)
            QVERIFY2(!labels[a].contains(p),
                     qPrintable(QStringLiteral("label %1 covers a point").arg(a)));
        // Next to its own point.
        const QPointF own = points[a];
        const QPointF nearest(std::clamp(own.x(), labels[a].left(), labels[a].right()),
                              std::clamp(own.y(), labels[a].top(), labels[a].bottom()));
        QVERIFY2(distance(own, nearest) < 120.0,
                 qPrintable(QStringLiteral("label %1 is far from its point").arg(a)));
        // In the plot or the margin right of it, clear of the ticks on the left.
        QVERIFY(canvas->rect().toRectF().contains(labels[a]));
        QVERIFY(labels[a].left() >= map.plot.left() && labels[a].top() >= map.plot.top() &&
                labels[a].bottom() <= map.plot.bottom());
    }
}

/// A head of a real (tiny, random) GPT-2, opened in the lab as `model
/// --session` writes it: d_k = 8, a causal mask, 21 tokens.
QString writeHeadSession(const QString &path)
{
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE),
              {QStringLiteral("model"), QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny"),
               QStringLiteral("--text"), QStringLiteral("Mary and John went to the store"),
               QStringLiteral("--session"), QStringLiteral("1.1"), QStringLiteral("-o"), path});
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
        return QString::fromUtf8(cli.readAllStandardError());
    return {};
}

void TestLabsUi::realHeadGeometryShowsExactScores()
{
    const QString path = m_dir.filePath(QStringLiteral("head.json"));
    const QString error = writeHeadSession(path);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(m_window->openFile(path));
    AttentionDocument *doc = m_window->session()->document();
    QVERIFY(doc->session().keys.cols() > 2);
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    GeometryCanvas *canvas = m_window->session()->geometryLab()->canvas();
    canvas->repaint();
    const GeometryMap before = canvas->geometryMap();
    QVERIFY(before.valid);
    // By default the plane holds the query: x along q.
    QCOMPARE(before.geometry.plane(), GeometryPlane::Query);
    const int qi = before.queryIndex;
    QCOMPARE(qi, int(doc->session().queries.rows()) - 1);
    const RowVector q = doc->session().queries.row(qi);
    QVERIFY(before.geometry.axes().row(0).isApprox(q.normalized(), 1e-12));
    QVERIFY(std::abs(before.geometry.inPlane(q) - 1.0) < 1e-12);
    // Every key's x coordinate times |q| is its score: what the label prints.
    const AttentionResult &r = doc->result();
    for (Index j = 0; j < doc->session().keys.rows(); ++j) {
        const double x = before.geometry.project(doc->session().keys.row(j)).x();
        QVERIFY2(std::abs(x * q.norm() - r.scores(qi, j)) < 1e-9 * std::max(1.0, q.norm()),
                 qPrintable(QStringLiteral("key %1").arg(j)));
    }
    // The query is drawn along the x axis, to the right of the origin.
    const QPointF origin = before.toPixels.map(QPointF(0, 0));
    QVERIFY(std::abs(before.query.y() - origin.y()) < 1e-6);
    QVERIFY(before.query.x() > origin.x());
    // The header says what the axes are; the picture says how much each point keeps.
    QVERIFY2(m_window->session()->geometryLab()->banner()->plainText().contains(
                 QStringLiteral("Axes: x along q, so x · |q| = q · k exactly")),
             qPrintable(m_window->session()->geometryLab()->banner()->plainText()));
    const QString svg = exportSvg(QStringLiteral("geometry"));
    QVERIFY2(svg.contains(QStringLiteral("% in plane")), qPrintable(svg.left(300)));
    QVERIFY(svg.contains(QStringLiteral("100% in plane"))); // the query
    // Every point, labelled or not, says it when hovered.
    for (size_t j = 0; j < before.keys.size(); ++j) {
        const QString tip = canvas->toolTipAt(before.keys[j]);
        QVERIFY2(tip.contains(QStringLiteral("% in plane")) && tip.contains(QStringLiteral("α = ")),
                 qPrintable(tip));
    }

    // The command line's export draws the same plane by default.
    const QString cliSvg = m_dir.filePath(QStringLiteral("head-geometry.svg"));
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE),
              {QStringLiteral("export"), path, QStringLiteral("-o"), cliSvg,
               QStringLiteral("--view"), QStringLiteral("geometry")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 0);
    QFile exported(cliSvg);
    QVERIFY(exported.open(QIODevice::ReadOnly));
    const QString cliText = svgText(QString::fromUtf8(exported.readAll()));
    QVERIFY2(cliText.contains(QStringLiteral("100% in plane")) &&
                 cliText.contains(QStringLiteral("along q")),
             qPrintable(cliText.left(300)));

    // A drag of the first key towards the query's direction moves its score
    // exactly as its x coordinate: score change = x change · |q|.
    const double scoreBefore = r.scores(qi, 0);
    const double xBefore = before.geometry.project(doc->session().keys.row(0)).x();
    const QPoint start = before.keys[0].toPoint();
    const QPoint end = QPoint(int(before.query.x()), int(before.query.y()) - 15);
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    for (int k = 1; k <= 10; ++k)
        dragTo(canvas, start + (end - start) * k / 10);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, end);
    canvas->repaint();
    const GeometryMap after = canvas->geometryMap();
    QVERIFY(after.geometry.axes() == before.geometry.axes()); // the plane held
    const double xAfter = after.geometry.project(doc->session().keys.row(0)).x();
    const double scoreAfter = doc->result().scores(qi, 0);
    QVERIFY(xAfter > xBefore + 0.1);
    QVERIFY2(std::abs((scoreAfter - scoreBefore) - (xAfter - xBefore) * q.norm()) < 1e-9,
             qPrintable(QStringLiteral("score %1 -> %2, x %3 -> %4")
                            .arg(scoreBefore)
                            .arg(scoreAfter)
                            .arg(xBefore)
                            .arg(xAfter)));
    // Dropped next to the query's tip, the key scores about as q·q does.
    QVERIFY(std::abs(scoreAfter - q.squaredNorm()) < 0.2 * q.squaredNorm());
}

void TestLabsUi::geometryShowsTheLastQueryAndEveryVisibleArrow()
{
    // Once another query was chosen, a new session still opens on its last.
    m_window->session()->document()->replaceSession(ChapterExamples::selection(),
                                                    QStringLiteral("selection"));
    GeometryLab *lab = m_window->session()->geometryLab();
    lab->queryChooser()->setCurrentIndex(1);
    emit lab->queryChooser()->activated(1);
    m_window->session()->document()->replaceSession(ChapterExamples::causalMask(),
                                                    QStringLiteral("causal"));
    m_window->tabs()->setCurrentWidget(lab);
    GeometryCanvas *canvas = lab->canvas();
    canvas->repaint();
    const Index last = m_window->session()->document()->session().queries.rows() - 1;
    QCOMPARE(lab->queryChooser()->currentIndex(), int(last));
    QCOMPARE(canvas->geometryMap().queryIndex, int(last));
    // A causal mask lets the last query see every key; the banner names it.
    QVERIFY(lab->banner()->plainText().contains(QStringLiteral("query “loudly”")));

    // Every key a query sees has an arrow: its tip well away from the origin.
    const AttentionResult &r = m_window->session()->document()->result();
    for (int qi = 0; qi <= int(last); ++qi) {
        lab->queryChooser()->setCurrentIndex(qi);
        emit lab->queryChooser()->activated(qi);
        canvas->repaint();
        const GeometryMap &map = canvas->geometryMap();
        QCOMPARE(map.queryIndex, qi);
        const QPointF origin = map.toPixels.map(QPointF(0, 0));
        for (size_t j = 0; j < map.keys.size(); ++j) {
            if (r.isMasked(qi, Index(j)))
                continue;
            QVERIFY2(distance(map.keys[j], origin) > 30.0,
                     qPrintable(QStringLiteral("query %1, key %2 at %3 px from the origin")
                                    .arg(qi)
                                    .arg(j)
                                    .arg(distance(map.keys[j], origin))));
        }
    }
}

void TestLabsUi::scaleLabShowsItsResultsAsDone()
{
    ScaleLab *lab = m_window->session()->scaleLab();
    m_window->tabs()->setCurrentWidget(lab);
    // The first run starts in the background when the tab is first shown.
    QVERIFY(lab->isRunning() || lab->table()->rowCount() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(lab->table()->rowCount() > 0, 30000);
    // Results on screen: the bar is full and says so, never "0%".
    QCOMPARE(lab->progressBar()->value(), lab->progressBar()->maximum());
    QVERIFY(!lab->progressBar()->text().contains(QStringLiteral("0%")));
    QVERIFY(lab->progressBar()->text().contains(QStringLiteral("results")));
    // The table shows every row without scrolling.
    QVERIFY(!lab->table()->verticalScrollBar()->isVisible());
}

void TestLabsUi::everyLabStatesItsEquation()
{
    struct Expect
    {
        QWidget *tab;
        LabBanner *banner;
        QString text;
    };
    const QList<Expect> expected{
        {m_window->session()->geometryLab(), m_window->session()->geometryLab()->banner(),
         QStringLiteral("softmaxj(q · kj / √3)")},
        {m_window->session()->scaleLab(), m_window->session()->scaleLab()->banner(),
         QStringLiteral("Var(q · k)")},
        {m_window->session()->maskLab(), m_window->session()->maskLab()->banner(),
         QStringLiteral("row “the” keeps 0.4551 and loses 0.5449")},
        {m_window->session()->headsLab(), m_window->session()->headsLab()->banner(),
         QStringLiteral("h × dk = 4 × 4 = 16 = D")},
        {m_window->session()->positionLab(), m_window->session()->positionLab()->banner(),
         QStringLiteral("(Eq. 16.4)")},
    };
    for (const Expect &e : expected) {
        m_window->tabs()->setCurrentWidget(e.tab);
        QVERIFY2(e.banner->isVisible(), qPrintable(e.text));
        QVERIFY2(e.banner->plainText().contains(e.text), qPrintable(e.banner->plainText()));
    }
    // The settings are filled in and follow changes: tau and no scale.
    m_window->tabs()->setCurrentWidget(m_window->session()->geometryLab());
    m_window->session()->document()->setTemperature(0.5);
    QVERIFY2(m_window->session()->geometryLab()->banner()->plainText().contains(
                 QStringLiteral("q · kj / (√3 · 0.5)")),
             qPrintable(m_window->session()->geometryLab()->banner()->plainText()));
    m_window->session()->document()->setScale(false);
    QVERIFY(m_window->session()->geometryLab()->banner()->plainText().contains(
        QStringLiteral("softmaxj(q · kj / 0.5)")));
}

void TestLabsUi::positionLegendIsTheLongestBar_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("keyDim");
    QTest::newRow("lecture example") << 0 << 0;
    QTest::newRow("12 tokens, d_k = 8") << 12 << 8;
    QTest::newRow("512 tokens, d_k = 16") << 512 << 16;
}

void TestLabsUi::positionLegendIsTheLongestBar()
{
    QFETCH(int, tokens);
    QFETCH(int, keyDim);
    if (tokens > 0) {
        Session s = ChapterExamples::lecture();
        NormalGenerator normal(11);
        s.keys = normal.matrix(tokens, keyDim);
        s.queries = normal.matrix(tokens, keyDim);
        s.values = Matrix();
        s.tokens.clear();
        s.queryTokens.clear();
        m_window->session()->document()->replaceSession(s, QStringLiteral("tokens"));
    }
    const PermutationDemo demo = m_window->session()->positionLab()->demo();
    // One computation: the legend's largest change is the largest bar.
    QCOMPARE(demo.encodedChange,
             *std::max_element(demo.encodedChanges.begin(), demo.encodedChanges.end()));
    QCOMPARE(demo.plainChange,
             *std::max_element(demo.plainChanges.begin(), demo.plainChanges.end()));
    const QString svg = exportSvg(QStringLiteral("positional"));
    const QString largest = QString::number(demo.encodedChange, 'f', 4);
    QVERIFY2(svg.contains(QStringLiteral("with Eq. 16.4 added: largest change %1").arg(largest)),
             qPrintable(largest));
    // And that bar is drawn, with the same number beside it.
    QVERIFY2(svg.count(largest) >= 2, qPrintable(largest));
}

/// The smallest font size (pixels) of the cell numbers (four decimals) in
/// an exported SVG, or 0 when there are none.
double smallestCellNumber(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QRegularExpression cell(QStringLiteral("^\\d\\.\\d{4}$"));
    double smallest = 0;
    QXmlStreamReader xml(&f);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != QLatin1String("text"))
            continue;
        const double size = xml.attributes().value(QLatin1String("font-size")).toDouble();
        if (cell.match(xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed())
                .hasMatch())
            smallest = smallest == 0 ? size : std::min(smallest, size);
    }
    return smallest;
}

void TestLabsUi::headsNumbersAreReadableOrLeftOut_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("numbers");
    QTest::newRow("6 tokens: numbers fit") << 6 << true;
    QTest::newRow("9 tokens") << 9 << false;
    QTest::newRow("12 tokens") << 12 << false;
    QTest::newRow("16 tokens") << 16 << false;
    QTest::newRow("32 tokens: cells too small") << 32 << false;
}

void TestLabsUi::headsNumbersAreReadableOrLeftOut()
{
    QFETCH(int, tokens);
    QFETCH(bool, numbers);
    HeadsLab *lab = m_window->session()->headsLab();
    lab->findChildren<QSpinBox *>()[1]->setValue(tokens); // the tokens spin box
    QCOMPARE(m_window->session()->labState()->settings().headsTokens, tokens);
    const QString path = m_dir.filePath(QStringLiteral("heads-%1.svg").arg(tokens));
    QString error;
    QVERIFY2(m_window->exportFigure(path, QStringLiteral("heads"), ExportSize{},
                                    m_window->currentFigureStyle(), &error),
             qPrintable(error));
    // Numbers a room can read (11 px or more), or none at all; never tiny.
    const double smallest = smallestCellNumber(path);
    QVERIFY2(smallest == 0 || smallest >= 11, qPrintable(QString::number(smallest)));
    if (numbers)
        QVERIFY(smallest >= 11);
    // One colour bar for all heads.
    QVERIFY(exportSvg(QStringLiteral("heads")).contains(QStringLiteral("weight")));
}

void TestLabsUi::lastTickLabelIsAlwaysShown_data()
{
    QTest::addColumn<std::vector<double>>("centres");
    QTest::addColumn<double>("half");
    QTest::addColumn<std::vector<int>>("shown");
    QTest::newRow("room for every label")
        << std::vector<double>{0, 100, 200, 300, 400} << 20.0 << std::vector<int>{0, 1, 2, 3, 4};
    QTest::newRow("crowded at the right: the last stays, its neighbour goes")
        << std::vector<double>{10, 50, 90, 130, 150} << 15.0 << std::vector<int>{0, 1, 2, 4};
    QTest::newRow("crowded throughout")
        << std::vector<double>{0, 10, 20, 30, 40} << 12.0 << std::vector<int>{0, 4};
    QTest::newRow("one tick") << std::vector<double>{5} << 30.0 << std::vector<int>{0};
}

void TestLabsUi::lastTickLabelIsAlwaysShown()
{
    QFETCH(std::vector<double>, centres);
    QFETCH(double, half);
    QFETCH(std::vector<int>, shown);
    QCOMPARE(LabPainter::shownTickLabels(centres, std::vector<double>(centres.size(), half), 6.0),
             shown);
}

void TestLabsUi::scaleLabTableEqualsTheCommandLine()
{
    // The lab runs the chapter's experiment with its soft cap of 2: the
    // command line's --soft-cap 2 prints the same nine columns.
    QCOMPARE(m_window->session()->labState()->settings().scale.softCap, 2.0);
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE),
              {QStringLiteral("--scale"), QStringLiteral("--soft-cap"), QStringLiteral("2")});
    QVERIFY(cli.waitForFinished(60000));
    QStringList rows;
    for (const QByteArray &line : cli.readAllStandardOutput().split('\n')) {
        const QStringList cells = QString::fromUtf8(line).simplified().split(QLatin1Char(' '));
        if (cells.size() == 9 && cells.first().toInt() > 0)
            rows << cells.join(QLatin1Char(' '));
    }
    QCOMPARE(rows.size(), 5);
    m_window->tabs()->setCurrentWidget(m_window->session()->scaleLab());
    QTableWidget *table = m_window->session()->scaleLab()->table();
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 5, 30000);
    for (int r = 0; r < 5; ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << table->item(r, c)->text();
        QCOMPARE(cells.join(QLatin1Char(' ')), rows[r]);
    }
}

void TestLabsUi::scaleLabRunsInTheBackgroundAndCancels()
{
    ScaleLab *lab = m_window->session()->scaleLab();
    m_window->tabs()->setCurrentWidget(lab);
    QTRY_VERIFY_WITH_TIMEOUT(lab->table()->rowCount() > 0 && !lab->isRunning(),
                             30000); // the first run
    QSignalSpy finished(lab, &ScaleLab::finished);
    lab->findChildren<QSpinBox *>()[1]->setValue(100'000); // draws: a long run
    lab->run();
    QVERIFY(lab->isRunning());
    QCoreApplication::processEvents(); // the window keeps answering
    lab->cancel();
    QVERIFY(finished.wait(20000));
    QCOMPARE(lab->table()->item(0, 1)->text(), QStringLiteral("1.756")); // the old table stays
    lab->findChildren<QSpinBox *>()[1]->setValue(50);
    lab->run();
    QVERIFY(finished.wait(20000));
    QVERIFY(lab->table()->item(0, 1)->text() != QStringLiteral("1.756"));
    QCOMPARE(m_window->session()->labState()->settings().scaleResult->settings.draws, 50);
}

void TestLabsUi::maskLabShowsBothOrders()
{
    const QString svg = exportSvg(QStringLiteral("mask"));
    QVERIFY2(svg.contains(QStringLiteral("Σ 0.4551 · lost 0.5449")), qPrintable(svg.left(200)));
    QVERIFY(svg.contains(QStringLiteral("Σ 0.6742 · lost 0.3258")));
    QCOMPARE(svg.count(QStringLiteral("Σ 1.0000Σ")), 3); // mask first: every row sums to one
    // One click: the session's own scores.
    m_window->session()->document()->replaceSession(ChapterExamples::causalMask(),
                                                    QStringLiteral("mask"));
    m_window->session()->maskLab()->useSessionScores(true);
    QVERIFY(m_window->session()->labState()->settings().maskFromSession);
    QVERIFY(exportSvg(QStringLiteral("mask")).contains(QStringLiteral("Σ 0.4551 · lost 0.5449")));
    // Between them, when asked, the causal mask with the lab's sliding window.
    MaskLab *lab = m_window->session()->maskLab();
    QVERIFY(!lab->windowToggle()->isChecked());
    QVERIFY(!lab->windowBox()->isEnabled());
    QString mask = exportSvg(QStringLiteral("mask"));
    QVERIFY(!mask.contains(QStringLiteral("sliding window of")));
    lab->windowToggle()->setChecked(true);
    QVERIFY(lab->windowBox()->isEnabled());
    QCOMPARE(lab->windowBox()->value(), 2);
    mask = exportSvg(QStringLiteral("mask"));
    QVERIFY(mask.contains(QStringLiteral("sliding window of 2, then softmax")));
    QVERIFY(mask.contains(QStringLiteral("Σ 1.0000 · sees 2")));
    QVERIFY(!mask.contains(QStringLiteral("Σ 1.0000 · sees 3")));
    lab->windowBox()->setValue(3);
    QCOMPARE(m_window->session()->labState()->settings().maskWindow, 3);
    mask = exportSvg(QStringLiteral("mask"));
    QVERIFY(mask.contains(QStringLiteral("sliding window of 3, then softmax")));
    QVERIFY(mask.contains(QStringLiteral("Σ 1.0000 · sees 3")));
    // A session with a window of its own shows it, framed as the session's;
    // the box follows it and cannot change it.
    AttentionOptions options = m_window->session()->document()->session().options;
    options.window = 2;
    m_window->session()->document()->setOptions(options, QStringLiteral("window"));
    QVERIFY(!lab->windowBox()->isEnabled());
    QVERIFY(!lab->windowToggle()->isEnabled());
    QCOMPARE(lab->windowBox()->value(), 2);
    mask = exportSvg(QStringLiteral("mask"));
    QVERIFY(mask.contains(QStringLiteral("sliding window of 2, then softmax · the session's")));
    // Shown even where the lab's own is not asked for.
    m_window->session()->labState()->update([](LabSettings &s) { s.maskShowsWindow = false; });
    QVERIFY(exportSvg(QStringLiteral("mask")).contains(QStringLiteral("sliding window of 2")));
    QCOMPARE(m_window->session()->labState()->settings().maskWindow, 3);
    m_window->tabs()->setCurrentWidget(lab);
    lab->banner()->refresh();
    QVERIFY2(lab->banner()->plainText().contains(QStringLiteral("the session's, 2 keys")),
             qPrintable(lab->banner()->plainText()));
}

void TestLabsUi::headsLabWeightsEqualTheCore()
{
    HeadsLab *lab = m_window->session()->headsLab();
    QSpinBox *modelDim = lab->findChildren<QSpinBox *>().first();
    modelDim->setValue(8);
    QComboBox *heads = lab->findChildren<QComboBox *>()[1];
    heads->setCurrentIndex(heads->findData(2));
    emit heads->activated(heads->currentIndex());
    const LabSettings &l = m_window->session()->labState()->settings();
    QCOMPARE(l.heads, 2);
    QCOMPARE(l.headsModelDim, 8);
    // The core, on the same seeded inputs.
    NormalGenerator normal(l.headsSeed);
    const Matrix q = normal.matrix(l.headsTokens, 8), k = normal.matrix(l.headsTokens, 8),
                 v = normal.matrix(l.headsTokens, 8);
    const MultiHeadResult expected =
        multiHeadAttention(q, k, v, 2, m_window->session()->document()->session().options);
    const MultiHeadResult shown = lab->result();
    QCOMPARE(shown.perHead.size(), size_t(2));
    for (int h = 0; h < 2; ++h) {
        QVERIFY(
            shown.perHead[size_t(h)].weights.isApprox(expected.perHead[size_t(h)].weights, 0.0));
        const AttentionResult single =
            attend(q.middleCols(4 * h, 4), k.middleCols(4 * h, 4), v.middleCols(4 * h, 4),
                   m_window->session()->document()->session().options);
        QVERIFY(shown.perHead[size_t(h)].weights.isApprox(single.weights, 0.0));
        QVERIFY(exportSvg(QStringLiteral("heads"))
                    .contains(QStringLiteral("head %1 · mean entropy %2 bits")
                                  .arg(h) // from 0, as the Model tab
                                  .arg(single.meanEntropyBits(), 0, 'f', 3)));
    }
    QVERIFY(!exportSvg(QStringLiteral("heads")).contains(QStringLiteral("head 2 ·")));
    m_window->tabs()->setCurrentWidget(lab);
    QVERIFY2(lab->banner()->plainText().contains(QStringLiteral("= 0…1;")),
             qPrintable(lab->banner()->plainText()));
    // Only divisors of D are offered.
    for (int i = 0; i < heads->count(); ++i)
        QCOMPARE(8 % heads->itemData(i).toInt(), 0);
}

void TestLabsUi::scaleChartsKeepTheirHeight()
{
    // Why √d_k in a hall at 1280 x 720: the table under the charts left them
    // 60 px tall, their y titles cut to "sd(…". A short canvas drops the
    // table (--scale prints it) and the charts keep the height.
    auto svgOf = [this](const ExportSize &size) {
        const QString path = m_dir.filePath(QStringLiteral("scale-%1.svg").arg(size.height));
        QString error;
        if (!m_window->exportFigure(path, QStringLiteral("scale"), size,
                                    m_window->currentFigureStyle(), &error))
            return error;
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        return svgText(QString::fromUtf8(f.readAll()));
    };
    const QString tall = svgOf(ExportSize{1200, 1000, 1.0});
    QVERIFY2(tall.contains(QStringLiteral("entropy scaled")), qPrintable(tall.left(300)));
    const QString shortCanvas = svgOf(ExportSize{1200, 330, 1.0});
    QVERIFY2(!shortCanvas.contains(QStringLiteral("entropy scaled")),
             qPrintable(shortCanvas.left(300)));
    QVERIFY(shortCanvas.contains(QStringLiteral("sd(q·k)")));
}

void TestLabsUi::headsStaySquare_data()
{
    // At h = 8 the Heads tab squashed each map to 205 x 50 px in one row.
    QTest::addColumn<int>("heads");
    QTest::addColumn<double>("width");
    QTest::addColumn<double>("height");
    QTest::newRow("8 heads at 1280 x 720") << 8 << 1000.0 << 430.0;
    QTest::newRow("16 heads at 1280 x 720") << 16 << 1000.0 << 430.0;
    QTest::newRow("8 heads at 1920 x 1080") << 8 << 1500.0 << 780.0;
    QTest::newRow("2 heads, wide") << 2 << 1500.0 << 500.0;
}

void TestLabsUi::headsStaySquare()
{
    QFETCH(int, heads);
    QFETCH(double, width);
    QFETCH(double, height);
    const double tokens = 8, pad = 70, padTall = 80;
    const int columns =
        LabPainting::squarestColumns(heads, width, height, tokens, tokens, pad, padTall);
    const int rows = (heads + columns - 1) / columns;
    const double cellWidth = (width / columns - pad) / tokens;
    const double cellHeight = (height / rows - padTall) / tokens;
    QVERIFY2(cellWidth > 0 && cellHeight > 0, qPrintable(QString::number(columns)));
    const double aspect = cellWidth / cellHeight;
    QVERIFY2(aspect > 0.4 && aspect < 2.5, qPrintable(QStringLiteral("%1 columns: cells %2 x %3")
                                                          .arg(columns)
                                                          .arg(cellWidth)
                                                          .arg(cellHeight)));
    // No other arrangement gives larger cells along their shorter side.
    for (int c = 1; c <= heads; ++c) {
        const int r = (heads + c - 1) / c;
        const double side = std::min((width / c - pad) / tokens, (height / r - padTall) / tokens);
        QVERIFY(side <= std::min(cellWidth, cellHeight) + 1e-9);
    }
}

void TestLabsUi::shufflingWithoutPositionsPermutesOutputs()
{
    m_window->session()->document()->replaceSession(ChapterExamples::causalMask(),
                                                    QStringLiteral("four tokens"));
    PositionLab *lab = m_window->session()->positionLab();
    for (int round = 0; round < 3; ++round) {
        const PermutationDemo d = lab->demo();
        for (size_t p = 0; p < d.order.size(); ++p) {
            QVERIFY(d.order[p] != Index(p)); // every token moved
            QVERIFY(d.plainShuffled.row(Index(p)).isApprox(d.plain.row(d.order[p]), 1e-14));
        }
        QVERIFY(d.plainChange < 1e-14);
        QVERIFY(d.encodedChange > 1e-3);
        lab->shuffleAgain();
    }
    // Two dimensions, each named for what it is: the picture's D (the
    // control's 64) and the keys' own d_k, which the shuffle test uses.
    m_window->tabs()->setCurrentWidget(lab);
    QSpinBox *pictureDim = nullptr;
    for (QSpinBox *box : lab->findChildren<QSpinBox *>())
        if (box->accessibleName() == QLatin1String("Encoding dimension D of the picture"))
            pictureDim = box;
    QVERIFY(pictureDim);
    pictureDim->setValue(48);
    const QString note = lab->banner()->plainText();
    const Index keyDim = m_window->session()->document()->session().keys.cols();
    QVERIFY2(note.contains(QStringLiteral("d_k = %1 dimensions").arg(keyDim)), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("the picture's D = 48")), qPrintable(note));
    QVERIFY(!note.contains(QStringLiteral("D = d_k")));
}

void TestLabsUi::everyLabExportsFromTheWindow()
{
    // Each lab's figure, with a text only it draws (an SVG of shapes alone,
    // or another lab's figure, would not do).
    const std::pair<const char *, const char *> labs[] = {
        {"geometry", "q·k/√"},
        {"scale", "pooled spread"},
        {"mask", "mask, then softmax"},
        {"heads", "mean entropy"},
        {"positional", "sinusoidal encoding"},
        {"params", "1,050,624"},
        {"cost", "what the sequence length costs one head"},
    };
    for (const auto &[view, text] : labs) {
        const QString svg = exportSvg(QLatin1StringView(view));
        QVERIFY2(svg.startsWith(QStringLiteral("<?xml")), view);
        // exportSvg gives "<?xml" and the SVG's text.
        QVERIFY2(svg.contains(QString::fromUtf8(text)),
                 qPrintable(QStringLiteral("%1 lacks \"%2\"")
                                .arg(QLatin1StringView(view), QString::fromUtf8(text))));
    }
    // Each lab's tab exports that lab by default.
    m_window->tabs()->setCurrentWidget(m_window->session()->maskLab());
    QCOMPARE(m_window->currentViewName(), QStringLiteral("mask"));
    const QString dir = QString::fromLocal8Bit(qgetenv("ATTENTION_LAB_SHOTS"));
    if (!dir.isEmpty()) { // pictures for a person to look at
        for (int t = 0; t < m_window->tabs()->count(); ++t) {
            m_window->tabs()->setCurrentIndex(t);
            QTest::qWait(50);
            m_window->grab().save(QStringLiteral("%1/tab-%2.png").arg(dir).arg(t));
        }
    }
}

void TestLabsUi::positionLabShowsT5AndMarian()
{
    LabState *labs = m_window->session()->labState();
    // Marian's halves beside Eq. 16.4's alternation.
    labs->update([](LabSettings &s) { s.positionMode = LabSettings::PositionMode::SplitHalves; });
    QString svg = exportSvg(QStringLiteral("positional"));
    QVERIFY(svg.contains(u"Eq. 16.4: sin and cos alternate"_s));
    QVERIFY(svg.contains(u"Marian: sines, then cosines"_s));
    // T5's buckets alone, then with a model's learned bias per head, which
    // the Model tab sets when a T5 model opens.
    labs->update([](LabSettings &s) { s.positionMode = LabSettings::PositionMode::RelativeBias; });
    svg = exportSvg(QStringLiteral("positional"));
    QVERIFY(svg.contains(u"T5's 32 buckets"_s));
    QVERIFY(svg.contains(u"Open a T5 or Flan-T5 model"_s));
    QVERIFY(m_window->model()->openModelFolder(QStringLiteral(TEST_DATA_DIR "/seq2seq/t5-small")));
    QVERIFY(labs->settings().relativeBias);
    QCOMPARE(labs->settings().relativeBias->buckets, 8);
    QCOMPARE(labs->settings().relativeBias->encoderHeads, 4);
    // Opening the model raised the Model tab: back to the lab's.
    m_window->tabs()->setCurrentWidget(m_window->session()->positionLab());
    svg = exportSvg(QStringLiteral("positional"));
    QVERIFY(svg.contains(u"T5's 8 buckets"_s));
    QVERIFY(svg.contains(u"t5-small's encoder"_s));
    QVERIFY(svg.contains(u"head 3"_s));
    // A model without one takes it away.
    QVERIFY(m_window->model()->openModelFolder(QStringLiteral(TEST_DATA_DIR "/seq2seq/bart-base")));
    QVERIFY(!labs->settings().relativeBias);
}

void TestLabsUi::positionLabOnAHeadWithoutPositions()
{
    // SmolLM3's layer 2 has no positions: its head opened in the lab says
    // so, the rotary mode's score is one value at every pair of positions,
    // and the shuffle runs on the head's own q, k and v.
    ModelTabEditor *model = m_window->model();
    QVERIFY(model->openModelFolder(QStringLiteral(TEST_DATA_DIR "/decoders/smollm3-nope")));
    model->textPanel()->textEdit()->setText(QStringLiteral("the cat sat on the mat"));
    model->runner()->waitForIdle();
    model->document()->select(2, 1);
    QVERIFY(m_window->openHeadInAttentionTab());
    const Session &session = m_window->session()->document()->session();
    QVERIFY(session.positionFree());
    LabState *labs = m_window->session()->labState();
    m_window->tabs()->setCurrentWidget(m_window->session()->positionLab());
    labs->update([](LabSettings &s) { s.positionMode = LabSettings::PositionMode::Rotary; });
    QString svg = exportSvg(QStringLiteral("positional"));
    QVERIFY(svg.contains(u"this layer, no positions: one value everywhere (spread 0)"_s));
    // Beside the rotary of the model's other layers, base 2000000.
    QVERIFY(svg.contains(u"turned by rotary (θ = 2000000)"_s));
    LabBanner *banner = m_window->session()->positionLab()->banner();
    banner->refresh();
    QVERIFY2(banner->plainText().contains(u"the same at every pair of 48 positions (spread 0)"_s),
             qPrintable(banner->plainText()));
    labs->update([](LabSettings &s) { s.positionMode = LabSettings::PositionMode::Added; });
    svg = exportSvg(QStringLiteral("positional"));
    QVERIFY(svg.contains(u"shuffle the head's tokens (q, k, v together)"_s));
    QVERIFY(svg.contains(u"this layer, no positions, no mask: largest change"_s));
    banner->refresh();
    QVERIFY2(banner->plainText().contains(u"with no mask, shuffling its 6 tokens"_s) &&
                 banner->plainText().contains(u"every output travels with its token"_s) &&
                 banner->plainText().contains(u"(θ = 2000000)"_s),
             qPrintable(banner->plainText()));
    const PermutationDemo demo = LabPainter::positionDemo(session, labs->settings());
    QVERIFY(demo.plainChange < 1e-12);
    QVERIFY(demo.encodedChange > 1e-3);
    // The model's causal mask, kept, tells the places apart on its own.
    QCOMPARE(session.options.mask, MaskMode::Causal);
    QVERIFY(demo.maskedChange > 1e-3);
    QVERIFY2(banner->plainText().contains(u"With the causal mask kept where it stands"_s) &&
                 banner->plainText().contains(u"the mask alone tells this layer the order"_s),
             qPrintable(banner->plainText()));
    // A head of a rotary layer turns by its layer's base, 2000000.
    model->document()->select(1, 0);
    QVERIFY(m_window->openHeadInAttentionTab());
    QVERIFY(!m_window->session()->document()->session().positionFree());
    m_window->tabs()->setCurrentWidget(m_window->session()->positionLab());
    labs->update([](LabSettings &s) { s.positionMode = LabSettings::PositionMode::Rotary; });
    banner->refresh();
    QVERIFY2(banner->plainText().contains(u"rotary, θ = 2000000"_s),
             qPrintable(banner->plainText()));
}

QTEST_MAIN(TestLabsUi)
#include "tst_labsui.moc"
