// The labs in the real window, offscreen: dragging a key in the geometry
// view edits the session, the scale lab's table is the command line's, and
// the mask, heads and position labs show the core's numbers.

#include "attention.h"
#include "attentiondocument.h"
#include "chapterexamples.h"
#include "figureexporter.h"
#include "geometrycanvas.h"
#include "geometrylab.h"
#include "headslab.h"
#include "heatmapview.h"
#include "labstate.h"
#include "mainwindow.h"
#include "masklab.h"
#include "normalgenerator.h"
#include "positionlab.h"
#include "scalelab.h"

#include <QComboBox>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QFileInfo>
#include <QDir>
#include <QSettings>
#include <QtTest>

using namespace AttentionLab;

class TestLabsUi : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanupTestCase();
    void draggingAKeyEditsTheSession();
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
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
    QFile::remove(QSettings().fileName());
}

void TestLabsUi::init()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    // Settings and the recovery file of this process alone, so that two test
    // runs at once (a developer's and CI's) cannot touch each other's.
    QCoreApplication::setApplicationName(QStringLiteral("%1-%2")
                                             .arg(QFileInfo(QCoreApplication::applicationFilePath()).fileName())
                                             .arg(QCoreApplication::applicationPid()));
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
    m_window->tabs()->setCurrentWidget(m_window->geometryLab());
    GeometryCanvas *canvas = m_window->geometryLab()->canvas();
    canvas->repaint(); // lays out the picture
    const GeometryMap &map = canvas->geometryMap();
    QVERIFY(map.valid);
    QCOMPARE(map.keys.size(), size_t(3));
    AttentionDocument *doc = m_window->document();
    const RowVector before = doc->session().keys.row(2);
    const double weightBefore = m_window->heatmap()->cellValue(0, 2);

    const QPoint start = map.keys[2].toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    for (int step = 1; step <= 10; ++step) {
        QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(12 * step, -9 * step)),
                         canvas->mapToGlobal(QPointF(start + QPoint(12 * step, -9 * step))), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(canvas, &move);
        canvas->repaint();
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, start + QPoint(120, -90));

    QVERIFY(doc->session().keys.row(2) != before);           // the key moved
    QVERIFY(m_window->heatmap()->cellValue(0, 2) != weightBefore); // and the heatmap followed
    QCOMPARE(doc->result().weights(0, 2), m_window->heatmap()->cellValue(0, 2));
    QCOMPARE(doc->undoStack()->count(), 1);                  // one drag, one step
    doc->undoStack()->undo();
    QCOMPARE(RowVector(doc->session().keys.row(2)), before);
}

void TestLabsUi::scaleLabTableEqualsTheCommandLine()
{
    QProcess cli;
    cli.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), {QStringLiteral("--scale")});
    QVERIFY(cli.waitForFinished(60000));
    QStringList rows;
    for (const QByteArray &line : cli.readAllStandardOutput().split('\n')) {
        const QStringList cells = QString::fromUtf8(line).simplified().split(QLatin1Char(' '));
        if (cells.size() == 7 && cells.first().toInt() > 0)
            rows << cells.join(QLatin1Char(' '));
    }
    QCOMPARE(rows.size(), 5);
    m_window->tabs()->setCurrentWidget(m_window->scaleLab());
    QTableWidget *table = m_window->scaleLab()->table();
    QCOMPARE(table->rowCount(), 5);
    for (int r = 0; r < 5; ++r) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << table->item(r, c)->text();
        QCOMPARE(cells.join(QLatin1Char(' ')), rows[r]);
    }
}

void TestLabsUi::scaleLabRunsInTheBackgroundAndCancels()
{
    ScaleLab *lab = m_window->scaleLab();
    m_window->tabs()->setCurrentWidget(lab);
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
    QCOMPARE(m_window->labState()->settings().scaleResult->settings.draws, 50);
}

void TestLabsUi::maskLabShowsBothOrders()
{
    const QString svg = exportSvg(QStringLiteral("mask"));
    QVERIFY2(svg.contains(QStringLiteral("Σ 0.4551 · lost 0.5449")), qPrintable(svg.left(200)));
    QVERIFY(svg.contains(QStringLiteral("Σ 0.6742 · lost 0.3258")));
    QCOMPARE(svg.count(QStringLiteral("Σ 1.0000Σ")), 3); // mask first: every row sums to one
    // One click: the session's own scores.
    m_window->document()->replaceSession(ChapterExamples::causalMask(), QStringLiteral("mask"));
    m_window->maskLab()->useSessionScores(true);
    QVERIFY(m_window->labState()->settings().maskFromSession);
    QVERIFY(exportSvg(QStringLiteral("mask")).contains(QStringLiteral("Σ 0.4551 · lost 0.5449")));
}

void TestLabsUi::headsLabWeightsEqualTheCore()
{
    HeadsLab *lab = m_window->headsLab();
    QSpinBox *modelDim = lab->findChildren<QSpinBox *>().first();
    modelDim->setValue(8);
    QComboBox *heads = lab->findChildren<QComboBox *>()[1];
    heads->setCurrentIndex(heads->findData(2));
    emit heads->activated(heads->currentIndex());
    const LabSettings &l = m_window->labState()->settings();
    QCOMPARE(l.heads, 2);
    QCOMPARE(l.headsModelDim, 8);
    // The core, on the same seeded inputs.
    NormalGenerator normal(l.headsSeed);
    const Matrix q = normal.matrix(l.headsTokens, 8), k = normal.matrix(l.headsTokens, 8), v = normal.matrix(l.headsTokens, 8);
    const MultiHeadResult expected = multiHeadAttention(q, k, v, 2, m_window->document()->session().options);
    const MultiHeadResult shown = lab->result();
    QCOMPARE(shown.perHead.size(), size_t(2));
    for (int h = 0; h < 2; ++h) {
        QVERIFY(shown.perHead[size_t(h)].weights.isApprox(expected.perHead[size_t(h)].weights, 0.0));
        const AttentionResult single = attend(q.middleCols(4 * h, 4), k.middleCols(4 * h, 4), v.middleCols(4 * h, 4),
                                              m_window->document()->session().options);
        QVERIFY(shown.perHead[size_t(h)].weights.isApprox(single.weights, 0.0));
        QVERIFY(exportSvg(QStringLiteral("heads"))
                    .contains(QStringLiteral("head %1 · mean entropy %2 bits")
                                  .arg(h + 1)
                                  .arg(single.meanEntropyBits(), 0, 'f', 3)));
    }
    // Only divisors of D are offered.
    for (int i = 0; i < heads->count(); ++i)
        QCOMPARE(8 % heads->itemData(i).toInt(), 0);
}

void TestLabsUi::shufflingWithoutPositionsPermutesOutputs()
{
    m_window->document()->replaceSession(ChapterExamples::causalMask(), QStringLiteral("four tokens"));
    PositionLab *lab = m_window->positionLab();
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
}

void TestLabsUi::everyLabExportsFromTheWindow()
{
    for (const char *view : {"geometry", "scale", "mask", "heads", "positional", "params", "cost"}) {
        const QString svg = exportSvg(QLatin1StringView(view));
        QVERIFY2(svg.startsWith(QStringLiteral("<?xml")), view);
        QVERIFY2(svg.size() > 20, view); // text, not only shapes
    }
    // Each lab's tab exports that lab by default.
    m_window->tabs()->setCurrentWidget(m_window->maskLab());
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

QTEST_MAIN(TestLabsUi)
#include "tst_labsui.moc"
