// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The real window, driven offscreen: the views follow the document and show
// the core's numbers.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/figure/figureexporter.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/equationbanner.h"
#include "ui/views/heatmapview.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/views/vectortablemodel.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"

#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include "windowtestsettings.h"
#include <qcustomplot.h>

using namespace AttentionLab;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanupTestCase();
    void startsWithTheLectureExample();
    void togglingScalingChangesTheHeatmap();
    void sliderUpdatesEveryView();
    void dragIsOneUndoStep();
    void causalOrdersInTheBars();
    void saveAndOpenRoundTrip();
    void titleShowsFileAndModifiedMark();
    void invalidCellEntryIsRefused_data();
    void invalidCellEntryIsRefused();
    void typedNumberIsOneUndoStep();
    void tokensAddRemoveRenameReorder();
    void changingKeyDimension();
    void successClearsTheRefusal();
    void maskThatHidesNothingSaysWhy();
    void refusalKeepsTheButtonsInPlace();
    void undoKeysReachTheDocumentFromEveryControl();
    void autosaveRecoversUnsavedEdits();
    void cleanCloseLeavesNoRecovery();
    void presentationModeChangesFonts();
    void exportFromTheWindow_data();
    void exportFromTheWindow();
    void copyFigurePutsAnImageOnTheClipboard();
    void wideVectorsGetTheFirstSliders();
    void temperatureFromTheMenu();
    void temperatureSliderHasRoom();
    void clickingACellPutsItsKeyOnTheSliders();
    void remembersViewChoicesAcrossStarts();

private:
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::cleanupTestCase()
{
    m_window.reset();
    WindowTestSettings::removeAll();
}

void TestMainWindow::init()
{
    WindowTestSettings::isolate();
    QFile::remove(Autosaver::defaultPath());
    m_window = std::make_unique<MainWindow>();
    m_window->show();
}

void TestMainWindow::startsWithTheLectureExample()
{
    HeatmapView *heatmap = m_window->session()->attentionTab()->heatmap();
    QCOMPARE(QString::number(heatmap->cellValue(0, 0), 'f', 4), QStringLiteral("0.3369"));
    QCOMPARE(QString::number(heatmap->cellValue(0, 2), 'f', 4), QStringLiteral("0.3611"));
    QCOMPARE(m_window->session()->attentionTab()->entropyBars()->barLabels(),
             QStringList{QStringLiteral("1.5811 bits · sum 1.0000")});
    QCOMPARE(m_window->session()->outputTable()->cellText(0, 0), QStringLiteral("0.4118"));
}

void TestMainWindow::togglingScalingChangesTheHeatmap()
{
    AttentionDocument *doc = m_window->session()->document();
    doc->setScale(false);
    const Session s = ChapterExamples::lecture();
    AttentionOptions raw = s.options;
    raw.scale = false;
    const AttentionResult expected = attend(s.queries, s.keys, raw);
    for (int j = 0; j < 3; ++j)
        QCOMPARE(m_window->session()->attentionTab()->heatmap()->cellValue(0, j),
                 expected.weights(0, j));
    QVERIFY(m_window->session()->attentionTab()->heatmap()->cellValue(0, 2) >
            0.3611); // unscaled is sharper
    doc->undoStack()->undo();
    QCOMPARE(
        QString::number(m_window->session()->attentionTab()->heatmap()->cellValue(0, 2), 'f', 4),
        QStringLiteral("0.3611"));
}

void TestMainWindow::sliderUpdatesEveryView()
{
    VectorEditor *editor = m_window->session()->vectorEditor();
    editor->select(VectorKind::Key, 2); // "best"
    const double before = m_window->session()->attentionTab()->heatmap()->cellValue(0, 2);
    const QString bars = m_window->session()->attentionTab()->entropyBars()->barLabels().first();
    const QString output = m_window->session()->outputTable()->cellText(0, 0);
    // x1 of "best" to the end of the lecture example's range (+5)
    editor->slider(0)->setValue(editor->slider(0)->maximum());
    QVERIFY(m_window->session()->attentionTab()->heatmap()->cellValue(0, 2) > before);
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->barLabels().first() != bars);
    QVERIFY(m_window->session()->outputTable()->cellText(0, 0) != output);
    QCOMPARE(m_window->session()->document()->session().keys(2, 0),
             editor->findChildren<QDoubleSpinBox *>().first()->value()); // "Slider range"
}

void TestMainWindow::dragIsOneUndoStep()
{
    AttentionDocument *doc = m_window->session()->document();
    VectorEditor *editor = m_window->session()->vectorEditor();
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
    QCOMPARE(
        QString::number(m_window->session()->attentionTab()->heatmap()->cellValue(0, 0), 'f', 4),
        QStringLiteral("0.3369"));
}

void TestMainWindow::causalOrdersInTheBars()
{
    AttentionDocument *doc = m_window->session()->document();
    doc->replaceSession(ChapterExamples::causalMask(), QStringLiteral("mask example"));
    QStringList labels = m_window->session()->attentionTab()->entropyBars()->barLabels();
    QCOMPARE(labels.size(), 4);
    for (const QString &label : labels)
        QVERIFY2(label.endsWith(QStringLiteral("sum 1.0000")), qPrintable(label));
    QVERIFY(std::isnan(
        m_window->session()->attentionTab()->heatmap()->cellValue(0, 1))); // masked, not zero
    doc->setMask(MaskMode::CausalAfterSoftmax);
    labels = m_window->session()->attentionTab()->entropyBars()->barLabels();
    QVERIFY2(labels.first().startsWith(QStringLiteral("sums to 0.4551, lost 0.5449")),
             qPrintable(labels.first()));
    // Never an entropy above its maximum: the row that lost weight shows the
    // entropy of its visible part (row one sees one key: 0 bits).
    const QList<double> bars = m_window->session()->attentionTab()->entropyBars()->barLengths();
    const QList<double> maxima = m_window->session()->attentionTab()->entropyBars()->maxima();
    QCOMPARE(bars.size(), 4);
    for (int i = 0; i < 4; ++i)
        QVERIFY2(bars[i] <= maxima[i] + 1e-12,
                 qPrintable(QStringLiteral("row %1: %2 > %3").arg(i).arg(bars[i]).arg(maxima[i])));
    QCOMPARE(bars[0], 0.0);
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->toolTipFor(0).contains(
        QStringLiteral("lost 0.5449")));
}

void TestMainWindow::saveAndOpenRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("round.json"));
    AttentionDocument *doc = m_window->session()->document();
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
    m_window->session()->document()->setScale(false);
    QVERIFY(m_window->isWindowModified());
}

void TestMainWindow::invalidCellEntryIsRefused_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("message");
    QTest::newRow("text") << QStringLiteral("abc") << QStringLiteral("“abc” is not a number");
    QTest::newRow("empty") << QString() << QStringLiteral("is not a number");
    QTest::newRow("NaN") << QStringLiteral("nan")
                         << QStringLiteral("NaN and infinities are not allowed");
    QTest::newRow("infinity") << QStringLiteral("inf")
                              << QStringLiteral("NaN and infinities are not allowed");
    QTest::newRow("1e999") << QStringLiteral("1e999") << QStringLiteral("is not a number");
    QTest::newRow("too large") << QStringLiteral("1e9") << QStringLiteral("too large");
}

void TestMainWindow::invalidCellEntryIsRefused()
{
    QFETCH(QString, typed);
    QFETCH(QString, message);
    MatrixEditor *editor = m_window->session()->matrixEditor();
    VectorTableModel *keys = editor->model(VectorKind::Key);
    const double before = m_window->session()->document()->session().keys(1, 2);
    QVERIFY(!keys->setData(keys->index(1, 3), typed, Qt::EditRole));
    QCOMPARE(m_window->session()->document()->session().keys(1, 2), before);
    QVERIFY2(editor->message().contains(message), qPrintable(editor->message()));
    QVERIFY(editor->message().contains(QStringLiteral("keeps 0.3")));
    QCOMPARE(m_window->session()->document()->undoStack()->count(), 0);
}

void TestMainWindow::typedNumberIsOneUndoStep()
{
    VectorTableModel *queries = m_window->session()->matrixEditor()->model(VectorKind::Query);
    QVERIFY(queries->setData(queries->index(0, 1), QStringLiteral("2.5"), Qt::EditRole));
    QCOMPARE(m_window->session()->document()->session().queries(0, 0), 2.5);
    QCOMPARE(queries->data(queries->index(0, 1), Qt::DisplayRole).toString(),
             QStringLiteral("2.5000"));
    QVERIFY(m_window->session()->attentionTab()->heatmap()->cellValue(0, 2) > 0.3611);
    m_window->session()->document()->undoStack()->undo();
    QCOMPARE(m_window->session()->document()->session().queries(0, 0), 0.1);
}

void TestMainWindow::tokensAddRemoveRenameReorder()
{
    AttentionDocument *doc = m_window->session()->document();
    MatrixEditor *editor = m_window->session()->matrixEditor();
    QTableView *keys = editor->table(VectorKind::Key);
    editor->findChild<QTabWidget *>()->setCurrentIndex(int(VectorKind::Key));
    keys->setCurrentIndex(editor->model(VectorKind::Key)->index(0, 0));
    editor->addToken();
    QCOMPARE(doc->session().keys.rows(), Index(4));
    QCOMPARE(doc->session().keyLabel(1), std::string("k4"));
    QVERIFY(editor->model(VectorKind::Key)
                ->setData(editor->model(VectorKind::Key)->index(1, 0), QStringLiteral("new"),
                          Qt::EditRole));
    QCOMPARE(doc->session().keyLabel(1), std::string("new"));
    QCOMPARE(m_window->session()->attentionTab()->heatmap()->cellValue(0, 1),
             doc->result().weights(0, 1));
    editor->moveToken(+1);
    QCOMPARE(doc->session().keyLabel(2), std::string("new"));
    editor->removeToken();
    QCOMPARE(doc->session().keys.rows(), Index(3));
    QCOMPARE(doc->session().keyLabel(2), std::string("best"));
    // The only query cannot go.
    editor->findChild<QTabWidget *>()->setCurrentIndex(int(VectorKind::Query));
    editor->table(VectorKind::Query)
        ->setCurrentIndex(editor->model(VectorKind::Query)->index(0, 1));
    editor->removeToken();
    QVERIFY(editor->message().contains(QStringLiteral("at least one query")));
    QCOMPARE(doc->session().queries.rows(), Index(1));
    // Every step undoes.
    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    QVERIFY(doc->session() == ChapterExamples::lecture());
}

void TestMainWindow::changingKeyDimension()
{
    AttentionDocument *doc = m_window->session()->document();
    QSpinBox *dimension =
        m_window->session()->matrixEditor()->findChild<QSpinBox *>(QStringLiteral("keyDimension"));
    QVERIFY(dimension);
    QCOMPARE(dimension->value(), 3);
    dimension->setValue(5);
    QVERIFY2(m_window->session()->matrixEditor()->message().isEmpty(),
             qPrintable(m_window->session()->matrixEditor()->message()));
    QCOMPARE(doc->session().keys.cols(), Index(5));
    QCOMPARE(doc->session().queries.cols(), Index(5));
    QCOMPARE(m_window->session()->vectorEditor()->slider(4) != nullptr, true);
    QCOMPARE(m_window->session()->outputTable()->model()->columnCount(), 5); // V = K follows
    doc->undoStack()->undo();
    QCOMPARE(dimension->value(), 3);
}

void TestMainWindow::maskThatHidesNothingSaysWhy()
{
    // On the lecture example the causal mask changed nothing and nothing
    // said why: its one query is the last token. The banner says so where
    // the mask is chosen, and offers the example where the mask shows.
    AttentionDocument *doc = m_window->session()->document();
    EquationBanner *banner = m_window->session()->attentionTab()->equationBanner();
    QVERIFY(!banner->accessibleDescription().contains(QLatin1String("hides nothing")));
    doc->setMask(MaskMode::Causal);
    QVERIFY2(banner->accessibleDescription().contains(
                 QLatin1String("The only query is the last token: it sees every key, so the "
                               "mask hides nothing")),
             qPrintable(banner->accessibleDescription()));
    QVERIFY(banner->text().contains(QLatin1String("href=\"preset:causal\"")));
    doc->undoStack()->setClean();
    emit banner->linkActivated(QStringLiteral("preset:causal"));
    QVERIFY(doc->session() == ChapterExamples::causalMask());
    QVERIFY(!banner->accessibleDescription().contains(QLatin1String("hides nothing")));
}

void TestMainWindow::successClearsTheRefusal()
{
    // A refusal under the table contradicted the cell once a later edit of
    // the same cell took: a success clears it.
    MatrixEditor *editor = m_window->session()->matrixEditor();
    VectorTableModel *keys = editor->model(VectorKind::Key);
    QVERIFY(!keys->setData(keys->index(1, 1), QStringLiteral("1e9"), Qt::EditRole));
    QVERIFY(editor->message().contains(QStringLiteral("too large")));
    QVERIFY(keys->setData(keys->index(1, 1), QStringLiteral("0.5"), Qt::EditRole));
    QCOMPARE(m_window->session()->document()->session().keys(1, 0), 0.5);
    QVERIFY2(editor->message().isEmpty(), qPrintable(editor->message()));
}

void TestMainWindow::refusalKeepsTheButtonsInPlace()
{
    // The red line under the table had no room of its own: it pushed Add
    // and Remove up under the pointer. Its room is kept.
    MatrixEditor *editor = m_window->session()->matrixEditor();
    QCoreApplication::processEvents();
    QList<QPoint> before;
    const QList<QToolButton *> buttons = editor->findChildren<QToolButton *>();
    QVERIFY(!buttons.isEmpty());
    for (QToolButton *button : buttons)
        before << button->mapTo(editor, QPoint(0, 0));
    VectorTableModel *keys = editor->model(VectorKind::Key);
    QVERIFY(!keys->setData(keys->index(1, 1),
                           QStringLiteral("1e9 and a long line of words that "
                                          "wraps in a narrow dock"),
                           Qt::EditRole));
    QVERIFY(!editor->message().isEmpty());
    QCoreApplication::processEvents();
    for (int i = 0; i < buttons.size(); ++i)
        QCOMPARE(buttons[i]->mapTo(editor, QPoint(0, 0)), before[i]);
}

void TestMainWindow::undoKeysReachTheDocumentFromEveryControl()
{
    // Ctrl+Z did nothing while the d_k box had the focus, though Edit
    // offered "Undo Change d_k to 4": the box took the keys for its own
    // typing, with nothing of it to undo.
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    AttentionDocument *doc = m_window->session()->document();
    auto *dimension =
        m_window->session()->matrixEditor()->findChild<QSpinBox *>(QStringLiteral("keyDimension"));
    QVERIFY(dimension);
    dimension->setFocus();
    QTRY_VERIFY(dimension->hasFocus());
    dimension->stepBy(1); // its up arrow
    QCOMPARE(doc->session().keys.cols(), Index(4));
    QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Change d_k to 4"));
    QTest::keyClick(dimension, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->session().keys.cols(), Index(3));
    QCOMPARE(dimension->value(), 3);
    QTest::keySequence(dimension, QKeySequence::Redo);
    QCOMPARE(doc->session().keys.cols(), Index(4));
    // Typed and not yet committed, the keys are the box's own.
    dimension->selectAll(); // the number, not the prefix
    QTest::keyClicks(dimension, QStringLiteral("7"));
    QCOMPARE(doc->session().keys.cols(), Index(4));
    QTest::keyClick(dimension, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->session().keys.cols(), Index(4));
    QCOMPARE(dimension->findChild<QLineEdit *>()->text(), QStringLiteral("d_k = 4"));
    // Committed by Enter, the next Ctrl+Z is the document's again.
    dimension->selectAll(); // the number, not the prefix
    QTest::keyClicks(dimension, QStringLiteral("6"));
    QTest::keyClick(dimension, Qt::Key_Return);
    QCOMPARE(doc->session().keys.cols(), Index(6));
    QCoreApplication::processEvents();
    QTest::keyClick(dimension, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->session().keys.cols(), Index(4));
    // The temperature's box and a slider reach it too.
    doc->setTemperature(2.0);
    bool tried = false;
    for (QDoubleSpinBox *box : m_window->findChildren<QDoubleSpinBox *>()) {
        if (!box->isVisible() || !box->isEnabled())
            continue;
        box->setFocus();
        QTRY_VERIFY(box->hasFocus());
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->session().options.temperature, 1.0);
        tried = true;
        break;
    }
    QVERIFY(tried);
}

void TestMainWindow::autosaveRecoversUnsavedEdits()
{
    AttentionDocument *doc = m_window->session()->document();
    doc->setVector(VectorKind::Key, 0, RowVector::Constant(3, 0.75));
    doc->setMask(MaskMode::Causal);
    const Session edited = doc->session();
    m_window->session()->autosaver()->saveNow();
    QVERIFY(QFile::exists(Autosaver::defaultPath()));
    // A crash: the window goes without closing; a new one starts.
    m_window.reset();
    m_window = std::make_unique<MainWindow>();
    QVERIFY(m_window->session()->recoverAutosave());
    QVERIFY(m_window->session()->document()->session() == edited);
    QVERIFY(m_window->session()->document()->isModified());
    m_window->session()->document()->undoStack()->undo(); // back to the starting example
    QVERIFY(m_window->session()->document()->session() == ChapterExamples::lecture());
}

void TestMainWindow::cleanCloseLeavesNoRecovery()
{
    m_window->session()->document()->setScale(false);
    m_window->session()->autosaver()->saveNow();
    QVERIFY(QFile::exists(Autosaver::defaultPath()));
    m_window->session()->document()->undoStack()->undo(); // back to clean: nothing to recover
    QVERIFY(!QFile::exists(Autosaver::defaultPath()));
}

void TestMainWindow::presentationModeChangesFonts()
{
    QCustomPlot *plot = m_window->session()->attentionTab()->heatmap()->plot();
    const double tickSize = plot->xAxis->tickLabelFont().pointSizeF();
    const double appSize = QApplication::font().pointSizeF();
    m_window->setPresentationMode(true);
    QVERIFY(plot->xAxis->tickLabelFont().pointSizeF() >= 1.5 * tickSize);
    QVERIFY(QApplication::font().pointSizeF() >= 1.5 * appSize);
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->plot()->xAxis->basePen().widthF() >
            1.0);                                               // thick lines
    QVERIFY(!m_window->session()->matrixEditor()->isVisible()); // editors collapsed
    QVERIFY(m_window->session()->vectorEditor()->isVisible());  // sliders stay
    QCOMPARE(m_window->session()->attentionTab()->heatmap()->colorMap(),
             ColorMaps::Name::HighContrast);
    QCOMPARE(m_window->currentFigureStyle().theme, FigureStyle::Theme::Dark); // exports follow
    m_window->setPresentationMode(false);
    QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tickSize);
    QCOMPARE(QApplication::font().pointSizeF(), appSize);
    QVERIFY(m_window->session()->matrixEditor()->isVisible());
    QCOMPARE(m_window->session()->attentionTab()->heatmap()->colorMap(), ColorMaps::Name::Viridis);
}

void TestMainWindow::exportFromTheWindow_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("PNG") << QStringLiteral("f.png") << QByteArray("\x89PNG");
    QTest::newRow("SVG") << QStringLiteral("f.svg") << QByteArray("<?xml");
    QTest::newRow("PDF") << QStringLiteral("f.pdf") << QByteArray("%PDF");
}

void TestMainWindow::exportFromTheWindow()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, magic);
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QString error;
    QVERIFY2(m_window->exportFigure(path, QStringLiteral("figure"), ExportSize{},
                                    m_window->currentFigureStyle(), &error),
             qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.read(magic.size()) == magic);
    QVERIFY(!m_window->exportFigure(path, QStringLiteral("no such view"), ExportSize{},
                                    m_window->currentFigureStyle(), &error));
    QVERIFY(error.contains(QStringLiteral("no such view")));
}

void TestMainWindow::copyFigurePutsAnImageOnTheClipboard()
{
    m_window->copyFigure();
    const QImage image = QGuiApplication::clipboard()->image();
    QCOMPARE(image.size(), QSize(1600, 1100));
}

void TestMainWindow::wideVectorsGetTheFirstSliders()
{
    Session wide;
    wide.queries = Matrix::Ones(2, 100);
    wide.keys = Matrix::Ones(3, 100);
    m_window->session()->document()->replaceSession(wide, QStringLiteral("wide"));
    VectorEditor *editor = m_window->session()->vectorEditor();
    QVERIFY(editor->slider(63) != nullptr);
    QCOMPARE(editor->slider(64), nullptr);
    const double range =
        editor->findChildren<QDoubleSpinBox *>().first()->value(); // "Slider range"
    editor->slider(10)->setValue(500); // still edits the right coordinate: half the range
    QCOMPARE(
        m_window->session()->document()->vector(editor->selectedKind(), editor->selectedRow())[10],
        range / 2);
}

void TestMainWindow::temperatureSliderHasRoom()
{
    // At 1920 x 1080 the slider was about 165 px: a 100 px drag took τ from
    // 1 to 0.0115. It takes the toolbar's room, 300 px at least.
    m_window->resize(1900, 1000);
    QTRY_VERIFY(m_window->width() >= 1800);
    QCoreApplication::processEvents();
    QSlider *slider = m_window->findChild<TemperatureControl *>()->slider();
    QVERIFY2(slider->width() >= 300, qPrintable(QString::number(slider->width())));
    // Two decades each side of 1: a 100 px drag at most a decade and a bit.
    const double decadesPer100px = 100.0 * 4.0 / slider->width();
    QVERIFY2(decadesPer100px <= 1.34, qPrintable(QString::number(decadesPer100px)));
}

void TestMainWindow::temperatureFromTheMenu()
{
    auto find = [this](const QString &text) {
        for (QAction *a : m_window->findChildren<QAction *>())
            if (a->text() == text)
                return a;
        return static_cast<QAction *>(nullptr);
    };
    QAction *hotter = find(QStringLiteral("Raise the &Temperature"));
    QAction *reset = find(QStringLiteral("&Reset the Temperature to 1"));
    QVERIFY(hotter && reset);
    const double entropy = m_window->session()->document()->result().rows[0].entropyBits;
    hotter->trigger();
    QCOMPARE(m_window->session()->document()->session().options.temperature, 1.25);
    QVERIFY(m_window->session()->document()->result().rows[0].entropyBits > entropy); // flatter
    reset->trigger();
    QCOMPARE(m_window->session()->document()->session().options.temperature, 1.0);
    QCOMPARE(m_window->session()->document()->undoStack()->count(), 2);
}

void TestMainWindow::clickingACellPutsItsKeyOnTheSliders()
{
    QCustomPlot *plot = m_window->session()->attentionTab()->heatmap()->plot();
    plot->replot();
    const QPoint best(int(plot->xAxis->coordToPixel(2)), int(plot->yAxis->coordToPixel(0)));
    QTest::mouseClick(plot, Qt::LeftButton, {}, best);
    QCOMPARE(m_window->session()->vectorEditor()->selectedKind(), VectorKind::Key);
    QCOMPARE(m_window->session()->vectorEditor()->selectedRow(), Index(2));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::ShiftModifier, best);
    QCOMPARE(m_window->session()->vectorEditor()->selectedKind(), VectorKind::Query);
    QCOMPARE(m_window->session()->vectorEditor()->selectedRow(), Index(0));
}

void TestMainWindow::remembersViewChoicesAcrossStarts()
{
    // Choices made in one session come back in the next (and a remembered
    // colour map other than the first must not trip the start-up).
    QSettings().setValue(QStringLiteral("View/ColorMap"), int(ColorMaps::Name::Cividis));
    QSettings().setValue(QStringLiteral("View/HeatmapQuantity"), 2);
    m_window = std::make_unique<MainWindow>();
    QCOMPARE(m_window->session()->attentionTab()->heatmap()->colorMap(), ColorMaps::Name::Cividis);
    QCOMPARE(m_window->session()->attentionTab()->heatmap()->quantity(),
             HeatmapView::Quantity::Logits);
    // Presentation mode's map is not remembered as the user's choice.
    m_window->setPresentationMode(true);
    QCOMPARE(QSettings().value(QStringLiteral("View/ColorMap")).toInt(),
             int(ColorMaps::Name::Cividis));
    m_window->setPresentationMode(false);
    QSettings().remove(QStringLiteral("View"));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
