// The real window, driven offscreen: the views follow the document and show
// the core's numbers.

#include "attention.h"
#include "attentiondocument.h"
#include "chapterexamples.h"
#include "entropybarsview.h"
#include "heatmapview.h"
#include "mainwindow.h"
#include "outputtable.h"
#include "vectoreditor.h"

#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace AttentionLab;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void startsWithTheLectureExample();
    void togglingScalingChangesTheHeatmap();
    void sliderUpdatesEveryView();
    void dragIsOneUndoStep();
    void causalOrdersInTheBars();
    void saveAndOpenRoundTrip();
    void titleShowsFileAndModifiedMark();

private:
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::init()
{
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLabTests"));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
}

void TestMainWindow::startsWithTheLectureExample()
{
    HeatmapView *heatmap = m_window->heatmap();
    QCOMPARE(QString::number(heatmap->cellValue(0, 0), 'f', 4), QStringLiteral("0.3369"));
    QCOMPARE(QString::number(heatmap->cellValue(0, 2), 'f', 4), QStringLiteral("0.3611"));
    QCOMPARE(m_window->entropyBars()->barLabels(), QStringList{QStringLiteral("1.5811 bits · sum 1.0000")});
    QCOMPARE(m_window->outputTable()->item(0, 0)->text(), QStringLiteral("0.4118"));
}

void TestMainWindow::togglingScalingChangesTheHeatmap()
{
    AttentionDocument *doc = m_window->document();
    doc->setScale(false);
    const Session s = ChapterExamples::lecture();
    AttentionOptions raw = s.options;
    raw.scale = false;
    const AttentionResult expected = attend(s.queries, s.keys, raw);
    for (int j = 0; j < 3; ++j)
        QCOMPARE(m_window->heatmap()->cellValue(0, j), expected.weights(0, j));
    QVERIFY(m_window->heatmap()->cellValue(0, 2) > 0.3611); // unscaled is sharper
    doc->undoStack()->undo();
    QCOMPARE(QString::number(m_window->heatmap()->cellValue(0, 2), 'f', 4), QStringLiteral("0.3611"));
}

void TestMainWindow::sliderUpdatesEveryView()
{
    VectorEditor *editor = m_window->vectorEditor();
    editor->select(VectorKind::Key, 2); // "best"
    const double before = m_window->heatmap()->cellValue(0, 2);
    const QString bars = m_window->entropyBars()->barLabels().first();
    const QString output = m_window->outputTable()->item(0, 0)->text();
    editor->slider(0)->setValue(editor->slider(0)->maximum()); // x1 of "best" to +2
    QVERIFY(m_window->heatmap()->cellValue(0, 2) > before);
    QVERIFY(m_window->entropyBars()->barLabels().first() != bars);
    QVERIFY(m_window->outputTable()->item(0, 0)->text() != output);
    QCOMPARE(m_window->document()->session().keys(2, 0), 2.0);
}

void TestMainWindow::dragIsOneUndoStep()
{
    AttentionDocument *doc = m_window->document();
    VectorEditor *editor = m_window->vectorEditor();
    editor->select(VectorKind::Query, 0);
    const RowVector original = doc->session().queries.row(0);
    QSlider *slider = editor->slider(1);
    slider->setSliderDown(true);
    for (int step = 1; step <= 20; ++step)
        slider->setValue(slider->value() + 25);
    slider->setSliderDown(false);
    emit slider->sliderReleased();
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->session().queries.row(0) != original);
    doc->undoStack()->undo();
    QCOMPARE(RowVector(doc->session().queries.row(0)), original);
    QCOMPARE(QString::number(m_window->heatmap()->cellValue(0, 0), 'f', 4), QStringLiteral("0.3369"));
}

void TestMainWindow::causalOrdersInTheBars()
{
    AttentionDocument *doc = m_window->document();
    doc->replaceSession(ChapterExamples::causalMask(), QStringLiteral("mask example"));
    QStringList labels = m_window->entropyBars()->barLabels();
    QCOMPARE(labels.size(), 4);
    for (const QString &label : labels)
        QVERIFY2(label.endsWith(QStringLiteral("sum 1.0000")), qPrintable(label));
    QVERIFY(std::isnan(m_window->heatmap()->cellValue(0, 1))); // masked, not zero
    doc->setMask(MaskMode::CausalAfterSoftmax);
    labels = m_window->entropyBars()->barLabels();
    QVERIFY2(labels.first().endsWith(QStringLiteral("sum 0.4551")), qPrintable(labels.first()));
}

void TestMainWindow::saveAndOpenRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("round.json"));
    AttentionDocument *doc = m_window->document();
    doc->replaceSession(ChapterExamples::selection(), QStringLiteral("selection"));
    doc->setVector(VectorKind::Key, 1, RowVector::Constant(3, 0.1 + 0.2));
    doc->setTemperature(0.7);
    const Session saved = doc->session();
    QString error;
    QVERIFY2(doc->saveAs(path, &error), qPrintable(error));
    QVERIFY(!doc->isModified());
    doc->reset(ChapterExamples::lecture());
    QVERIFY(m_window->openFile(path));
    QVERIFY(doc->session() == saved);
    QCOMPARE(doc->filePath(), path);
}

void TestMainWindow::titleShowsFileAndModifiedMark()
{
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Untitled[*] — Attention Lab"));
    QVERIFY(!m_window->isWindowModified());
    m_window->document()->setScale(false);
    QVERIFY(m_window->isWindowModified());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
