// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The window on a 1280 x 720 projector (an offscreen screen of that size):
// it fits the screen it opens on, presentation mode is full screen (F11 on
// its own too), each tab keeps only the docks it uses, the Model tab's
// controls act on the model (the session's are off there), the status bar
// and the export title describe the tab shown, and the toolbars can go.

#include "io/builtinmodel.h"
#include "ui/document/attentiondocument.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/masklab.h"
#include "ui/labs/scalelab.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/knownheads.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/settings/preferences.h"
#include "ui/views/elidinglabel.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/guidedtour.h"
#include "ui/views/heatmapview.h"
#include "ui/views/panelhighlight.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "textrecorder.h"
#include "windowtestsettings.h"

using namespace AttentionLab;

namespace {

QString model(const char *name)
{
    return QStringLiteral(TEST_DATA_DIR "/models/") + QLatin1String(name);
}

QAction *actionNamed(const QWidget *window, const QString &text)
{
    for (QAction *action : window->findChildren<QAction *>())
        if (action->text().remove(QLatin1Char('&')) == text)
            return action;
    return nullptr;
}

QDockWidget *dockNamed(const QWidget *window, const char *objectName)
{
    return window->findChild<QDockWidget *>(QLatin1String(objectName));
}

/// The status bar's line of what the tab shows: its last label but the recording's mark.
QString statusLine(const QWidget &window)
{
    const auto *line =
        window.findChild<QStatusBar *>()->findChild<ElidingLabel *>(QStringLiteral("StatusLine"));
    return line ? line->fullText() : QString();
}

/// \a window shown in presentation mode (the test's screen: a 1280 x 720
/// hall) with the built-in model open; false where it could not be.
bool builtinModelInTheHall(MainWindow &window)
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.setPresentationMode(true);
    return QTest::qWaitFor([&window] { return window.isFullScreen(); }) &&
           window.model()->openBuiltinModel();
}

/// \a window in presentation mode (the test's screen: a 1280 x 720 hall)
/// on \a lab's tab, once \a ready, and the lab's canvas painted as it is on
/// screen (the one of \a viewName, or the first), or null where it is not
/// shown; \a canvas receives the canvas.
std::unique_ptr<TextRecorder> paintedInTheHall(MainWindow &window, QWidget *lab,
                                               LabCanvas **canvas = nullptr,
                                               const std::function<bool()> &ready = {},
                                               const QString &viewName = {})
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    window.setPresentationMode(true);
    if (!QTest::qWaitFor([&window] { return window.isFullScreen(); }))
        return nullptr;
    window.tabs()->setCurrentWidget(lab);
    if (ready && !QTest::qWaitFor(ready))
        return nullptr;
    QCoreApplication::processEvents();
    LabCanvas *shown = nullptr;
    for (LabCanvas *candidate : lab->findChildren<LabCanvas *>())
        if (!shown && (viewName.isEmpty() || candidate->viewName() == viewName))
            shown = candidate;
    if (!shown || !QTest::qWaitFor([shown] { return shown->width() > 0 && shown->isVisible(); }))
        return nullptr;
    if (canvas)
        *canvas = shown;
    auto recorder = std::make_unique<TextRecorder>(shown->size());
    shown->render(recorder.get());
    return recorder;
}

} // namespace

class TestProjector : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { WindowTestSettings::isolate(); }
    void cleanupTestCase() { WindowTestSettings::removeAll(); }
    void init() { WindowTestSettings::removeAll(); }
    void theScreenIsAProjector();
    void windowFitsTheScreen();
    void presentationModeIsFullScreen();
    void docksStepAsideOnTabsThatDoNotUseThem();
    void modelTabControlsActOnTheModel();
    void eachTabKeepsItsExportTitle();
    void toolBarsCanBeHidden();
    void leavingPresentationModeRestoresTheColumns();
    void tabsStayPutFromTabToTab_data();
    void tabsStayPutFromTabToTab();
    void tourFramesThePanelItDescribes();
    void barsKeepARowPerLabelInTheHall();
    void heatmapNumbersStayInTheHall();
    void controlsStayUnderThePointer();
    void builtinHeadReadsInTheHall();
    void largeHeadFillsTheHall();
    void maskLabNumbersReadInTheHall();
    void geometryNotesReadInTheHall();
    void scaleChartsReadInTheHall();
    void togglesReadFromTheBackOfTheHall();
    void colourBarTitleBreaksWhereItReadsWell_data();
    void colourBarTitleBreaksWhereItReadsWell();
};

void TestProjector::controlsStayUnderThePointer()
{
    // Record became Stop and Presentation Mode moved 22 px; the generation's
    // step row appeared and pushed the heads down 29 px. Room for both is kept.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *record = actionNamed(&window, QStringLiteral("Record"));
    QAction *presentation = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->shortcut() == QKeySequence(Qt::Key_F5))
            presentation = a;
    QVERIFY(record && presentation);
    QToolBar *viewBar = window.findChild<QToolBar *>(QStringLiteral("ViewToolBar"));
    QVERIFY(viewBar);
    QWidget *presentationButton = viewBar->widgetForAction(presentation);
    QVERIFY(presentationButton);
    const QPoint before = presentationButton->mapTo(&window, QPoint(0, 0));
    record->trigger();
    QTRY_VERIFY(record->text().contains(QLatin1String("Stop")));
    QCoreApplication::processEvents();
    QCOMPARE(presentationButton->mapTo(&window, QPoint(0, 0)), before);
    // Stop: the dialog that writes it opens; closed as it shows.
    QTimer closer;
    connect(&closer, &QTimer::timeout, &closer, [] {
        if (QWidget *modal = QApplication::activeModalWidget())
            modal->close();
    });
    closer.start(20);
    record->trigger();
    closer.stop();
    QCoreApplication::processEvents();

    // The Model tab: the heads stay where they were when the model writes.
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    QCoreApplication::processEvents();
    QWidget *pages = window.model()->modelPage()->findChild<QStackedWidget *>();
    QVERIFY(pages);
    const QPoint headsBefore = pages->mapTo(&window, QPoint(0, 0));
    GenerationPanel *panel = window.model()->generationPanel();
    panel->findChild<QSpinBox *>()->setValue(2);
    QSignalSpy finished(window.model()->generationRunner(), &GenerationRunner::finished);
    panel->generateButton()->click();
    QVERIFY(finished.wait(20000));
    QCoreApplication::processEvents();
    QVERIFY(panel->stepText().contains(QLatin1String("Step 2 of 2")));
    QCOMPARE(pages->mapTo(&window, QPoint(0, 0)), headsBefore);
}

void TestProjector::builtinHeadReadsInTheHall()
{
    // Open Head in Attention Tab on the built-in model, in a hall at 1280 x
    // 720: the keys' names overlapped ("ma memberoftheagenus"), the cells had
    // no numbers and the entropy axis read "012".
    if (!QFileInfo::exists(BuiltinModel::gpt2().folder()))
        QSKIP("the built-in model is not installed");
    MainWindow window;
    QVERIFY(builtinModelInTheHall(window));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("a member of the genus"));
    window.model()->runner()->waitForIdle();
    window.model()->document()->select(1, 1);
    window.model()->modelPage()->showLarge();
    // The large view's title, a known head's role and source, shrinks to its
    // room before it is cut ("head 1.1: induction in the bu").
    QCoreApplication::processEvents();
    const QLabel *title = window.model()->modelPage()->matrixTitleLabel();
    QVERIFY(title->text().contains(QLatin1String("induction")));
    const QFont pageFont = window.model()->modelPage()->font();
    const QRect wrapped = QFontMetrics(title->font())
                              .boundingRect(QRect(0, 0, title->contentsRect().width(), 1 << 20),
                                            Qt::TextWordWrap, title->text());
    QVERIFY2(
        wrapped.width() <= title->contentsRect().width() &&
            wrapped.height() <= title->contentsRect().height(),
        qPrintable(
            QStringLiteral("%1 pt in %2 px").arg(title->font().pointSizeF()).arg(title->width())));
    QVERIFY(title->font().pointSizeF() < pageFont.pointSizeF()); // it did shrink
    QVERIFY(QFontMetrics(title->font()).horizontalAdvance(title->text()) <
            QFontMetrics(pageFont).horizontalAdvance(title->text()));
    QVERIFY(window.openHeadInAttentionTab());
    QCoreApplication::processEvents();
    QCustomPlot *plot = window.session()->attentionTab()->heatmap()->plot();
    plot->replot();
    // The keys' names apart: upright with a column each, or turned.
    QCPAxis *keys = plot->xAxis;
    const QFontMetricsF metrics(keys->tickLabelFont());
    const QVector<double> at = keys->tickVector();
    const QVector<QString> names = keys->tickVectorLabels();
    QVERIFY(at.size() >= 2);
    for (int i = 1; i < at.size(); ++i) {
        const double apart = keys->coordToPixel(at[i]) - keys->coordToPixel(at[i - 1]);
        const double needed =
            keys->tickLabelRotation() == 0
                ? (metrics.horizontalAdvance(names[i]) + metrics.horizontalAdvance(names[i - 1])) /
                      2
                : metrics.height();
        QVERIFY2(apart >= needed, qPrintable(QStringLiteral("%1 and %2: %3 px apart, %4 needed")
                                                 .arg(names[i - 1], names[i])
                                                 .arg(apart)
                                                 .arg(needed)));
    }
    // Numbers in the cells.
    QTRY_VERIFY(!window.session()->attentionTab()->heatmap()->numbersShown().isEmpty());
    // The entropy axis: its labels apart, or none.
    QCPAxis *bits = window.session()->attentionTab()->entropyBars()->plot()->xAxis;
    window.session()->attentionTab()->entropyBars()->plot()->replot();
    if (bits->tickLabels()) {
        const QFontMetricsF bitsMetrics(bits->tickLabelFont());
        const QVector<double> ticks = bits->tickVector();
        const QVector<QString> labels = bits->tickVectorLabels();
        for (int i = 1; i < ticks.size(); ++i)
            QVERIFY2(bits->coordToPixel(ticks[i]) - bits->coordToPixel(ticks[i - 1]) >=
                         bitsMetrics.horizontalAdvance(labels[i] + labels[i - 1]) / 2 + 4,
                     qPrintable(labels[i - 1] + labels[i]));
    }
    window.setPresentationMode(false);
}

void TestProjector::largeHeadFillsTheHall()
{
    // One head large in a hall at 1280 x 720: the heatmap was about 180 px
    // square beside an entropy panel four times its width, and dragging the
    // splitter toward the panel did not grow it (its cells stayed square,
    // bound by the height).
    if (!QFileInfo::exists(BuiltinModel::gpt2().folder()))
        QSKIP("the built-in model is not installed");
    MainWindow window;
    QVERIFY(builtinModelInTheHall(window));
    window.model()->runner()->waitForIdle();
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    window.model()->document()->select(1, 2);
    window.model()->modelPage()->showLarge();
    QCoreApplication::processEvents();
    ModelHeatmapView *view = window.model()->modelPage()->heatmap();
    const QRect plot = view->plotRect();
    const int page = window.model()->modelPage()->width();
    QVERIFY2(plot.width() >= page * 0.4,
             qPrintable(QStringLiteral("%1 px of %2").arg(plot.width()).arg(page)));
    QVERIFY2(view->width() > window.model()->modelPage()->entropyBars()->width(),
             qPrintable(QStringLiteral("heatmap %1 px, bars %2 px")
                            .arg(view->width())
                            .arg(window.model()->modelPage()->entropyBars()->width())));
    // The entropy bars keep a row per query beside the matrix's rows.
    QCOMPARE(view->visibleRows(),
             qMakePair(0, int(window.model()->document()->rowLabels().size())));
    // The splitter narrowed toward the matrix shrinks it; widened, it grows again.
    auto *splitter = view->parentWidget();
    while (splitter && !qobject_cast<QSplitter *>(splitter))
        splitter = splitter->parentWidget();
    QVERIFY(splitter);
    const QList<int> sizes = static_cast<QSplitter *>(splitter)->sizes();
    const int total = sizes[0] + sizes[1];
    static_cast<QSplitter *>(splitter)->setSizes({total / 3, total - total / 3});
    QCoreApplication::processEvents();
    const int narrow = view->plotRect().width();
    QVERIFY2(narrow < plot.width(), qPrintable(QString::number(narrow)));
    static_cast<QSplitter *>(splitter)->setSizes(sizes);
    QTRY_COMPARE(view->plotRect().width(), plot.width());
    // Given the room, it takes it: its cells as wide as they may be, or the whole width.
    const QSizeF fitted = view->cellSize();
    QVERIFY2(fitted.width() >= ModelHeatmapView::kMaximumCellAspect * fitted.height() - 1e-6 ||
                 plot.width() >= view->width() - window.model()->modelPage()->width() / 4,
             qPrintable(QStringLiteral("%1 x %2 cells").arg(fitted.width()).arg(fitted.height())));
    // A cell is never more than kMaximumCellAspect times as wide as tall.
    const QSizeF cell = view->cellSize();
    QVERIFY(cell.width() <= ModelHeatmapView::kMaximumCellAspect * cell.height() + 1e-9);
    window.setPresentationMode(false);
}

void TestProjector::maskLabNumbersReadInTheHall()
{
    // The Mask order lab in a hall at 1280 x 720: its cells' four-decimal
    // weights were 12 px, then 15, where its labels are 20. They are at
    // least 18 px now, in both orders, and keep their four decimals (the
    // chapter's), the leading zero left out where it would not fit (".1824").
    MainWindow window;
    LabCanvas *canvas = nullptr;
    const std::unique_ptr<TextRecorder> painted =
        paintedInTheHall(window, window.session()->maskLab(), &canvas);
    QVERIFY(painted);
    const TextRecorder &recorder = *painted;
    const double label = recorder.pixelSizeOf(QStringLiteral("barked"));
    // 0.1824 and 0.8176 masked first, 0.1230 and 0.5512 softmax first.
    for (const QString &weight : {QStringLiteral("1824"), QStringLiteral("8176"),
                                  QStringLiteral("1230"), QStringLiteral("5512")}) {
        const double number = std::max(recorder.pixelSizeOf(QStringLiteral("0.") + weight),
                                       recorder.pixelSizeOf(QStringLiteral(".") + weight));
        QVERIFY2(number >= 18.0, qPrintable(QStringLiteral("%1: %2 px, labels %3 px, at %4 x %5")
                                                .arg(weight)
                                                .arg(number)
                                                .arg(label)
                                                .arg(canvas->width())
                                                .arg(canvas->height())));
    }
    window.setPresentationMode(false);
}

void TestProjector::geometryNotesReadInTheHall()
{
    // Key geometry in a hall at 1280 x 720: each key's grey notes ("100% in
    // plane", "q·k/√3 = 0.185  α = 0.337": its weight, what the lecture
    // points at) were 13 px beside 17 px names. They are at least 16 px.
    MainWindow window;
    const std::unique_ptr<TextRecorder> recorder =
        paintedInTheHall(window, window.session()->geometryLab());
    QVERIFY(recorder);
    int notes = 0;
    for (const TextRecorder::Text &text : recorder->texts()) {
        if (!text.text.contains(QStringLiteral("in plane")) &&
            !text.text.contains(QStringLiteral("α =")))
            continue;
        ++notes;
        QVERIFY2(text.pixelSize >= 16.0,
                 qPrintable(QStringLiteral("\"%1\": %2 px").arg(text.text).arg(text.pixelSize)));
    }
    QVERIFY(notes >= 3);
    window.setPresentationMode(false);
}

void TestProjector::scaleChartsReadInTheHall()
{
    // Why √d_k in a hall at 1280 x 720, its results shown: the table under
    // the charts took half the room, the charts were 60 px tall and the
    // first one's y title was cut to "sd(…".
    MainWindow window;
    LabCanvas *canvas = nullptr;
    const std::unique_ptr<TextRecorder> recorder =
        paintedInTheHall(window, window.session()->scaleLab(), &canvas, [&window] {
            return window.session()->scaleLab()->table()->rowCount() > 0;
        });
    QVERIFY(recorder);
    QStringList texts;
    for (const TextRecorder::Text &text : recorder->texts())
        texts << text.text;
    QVERIFY2(texts.contains(QStringLiteral("sd(q·k)")),
             qPrintable(QStringLiteral("%1 px tall: %2")
                            .arg(canvas->height())
                            .arg(texts.join(QLatin1Char('|')))));
    QVERIFY(window.session()->scaleLab()->table()->isVisible());
    window.setPresentationMode(false);
}

void TestProjector::togglesReadFromTheBackOfTheHall()
{
    // In presentation mode at 1280 x 720 Heatmap, Lines and Presentation Mode
    // lost their words, and √d_k's on and off differed by grey 56 against 66.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QCoreApplication::processEvents();
    for (const QString &name : {QStringLiteral("Scale by √d_k")}) {
        QAction *action = actionNamed(&window, name);
        QVERIFY2(action, qPrintable(name));
    }
    for (QToolBar *bar : window.findChildren<QToolBar *>()) {
        for (QAction *a : bar->actions()) {
            if (!a->isCheckable() || !a->isVisible())
                continue;
            auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(a));
            if (!button)
                continue;
            QVERIFY2(button->toolButtonStyle() == Qt::ToolButtonTextBesideIcon,
                     qPrintable(a->text()));
            QVERIFY2(button->isVisible(), qPrintable(a->text())); // not in the » menu
        }
    }
    QAction *scale = actionNamed(&window, QStringLiteral("Scale by √d_k"));
    QToolButton *button = nullptr;
    for (QToolBar *bar : window.findChildren<QToolBar *>())
        if (auto *b = qobject_cast<QToolButton *>(bar->widgetForAction(scale)))
            button = b;
    QVERIFY(button);
    auto meanLightness = [button] {
        const QImage image = button->grab().toImage();
        double sum = 0.0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                sum += image.pixelColor(x, y).lightnessF();
        return sum / (image.width() * image.height());
    };
    QVERIFY(scale->isChecked());
    const double on = meanLightness();
    scale->trigger();
    QVERIFY(!scale->isChecked());
    const double off = meanLightness();
    QVERIFY2(on - off > 0.2, qPrintable(QStringLiteral("on %1, off %2").arg(on).arg(off)));
    window.setPresentationMode(false);
}

void TestProjector::theScreenIsAProjector()
{
    // The test's premise: tests/data/screens/1280x720.json took effect.
    QCOMPARE(QGuiApplication::primaryScreen()->geometry().size(), QSize(1280, 720));
}

void TestProjector::windowFitsTheScreen()
{
    // A window remembered on a 1600 x 1000 desk came back 1500 x 920 on a
    // 1280 x 720 projector, spilling off it.
    {
        MainWindow big;
        big.resize(1600, 1000);
        Preferences::windowGeometry.set(big.saveGeometry());
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect screen = window.screen()->availableGeometry();
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("%1 x %2 at %3, %4")
                            .arg(window.frameGeometry().width())
                            .arg(window.frameGeometry().height())
                            .arg(window.frameGeometry().x())
                            .arg(window.frameGeometry().y())));
}

void TestProjector::presentationModeIsFullScreen()
{
    MainWindow window;
    window.show();
    window.resize(1000, 650);
    QTest::qWait(20);
    const QSize before = window.size();
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QTRY_COMPARE(window.size(), QSize(1280, 720));
    window.setPresentationMode(false);
    QTRY_VERIFY(!window.isFullScreen());
    QTRY_COMPARE(window.size(), before);
    // F11: full screen on its own, in the View menu.
    QAction *fullScreen = actionNamed(&window, QStringLiteral("Full Screen"));
    QVERIFY(fullScreen);
    QCOMPARE(fullScreen->shortcut(), QKeySequence(Qt::Key_F11));
    fullScreen->trigger();
    QTRY_VERIFY(window.isFullScreen());
    QVERIFY(!window.presentationMode());
    fullScreen->trigger();
    QTRY_VERIFY(!window.isFullScreen());
}

void TestProjector::docksStepAsideOnTabsThatDoNotUseThem()
{
    MainWindow window;
    window.show();
    QDockWidget *sliders = dockNamed(&window, "SlidersDock");
    QDockWidget *tokens = dockNamed(&window, "TokensDock");
    QDockWidget *output = dockNamed(&window, "OutputDock");
    QVERIFY(sliders && tokens && output);
    QTabWidget *tabs = window.tabs();
    // Each tab: the docks its editor uses are shown, the others stepped aside.
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        const TabEditor::Docks used = window.currentEditor()->docks();
        QCOMPARE(sliders->isVisible(), used.testFlag(TabEditor::Dock::Sliders));
        QCOMPARE(tokens->isVisible(), used.testFlag(TabEditor::Dock::Tokens));
        QCOMPARE(output->isVisible(), used.testFlag(TabEditor::Dock::Output));
    }
    // Why √d_k keeps the sliders' third of the width for its charts, and
    // its own settings: the session's scaling and mask are off there.
    tabs->setCurrentIndex(2);
    QVERIFY(!sliders->isVisible());
    QVERIFY(!actionNamed(&window, QStringLiteral("Scale by √d_k"))->isEnabled());
    tabs->setCurrentIndex(1);
    QVERIFY(actionNamed(&window, QStringLiteral("Scale by √d_k"))->isEnabled());
    // Back on the Attention tab every dock is as it was.
    tabs->setCurrentIndex(0);
    QVERIFY(sliders->isVisible() && tokens->isVisible() && output->isVisible());
    // A dock the user closed stays closed on every tab.
    output->close();
    tabs->setCurrentIndex(7);
    tabs->setCurrentIndex(0);
    QVERIFY(!output->isVisible());
    QVERIFY(sliders->isVisible() && tokens->isVisible());
}

void TestProjector::modelTabControlsActOnTheModel()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->runner()->waitForIdle();
    QCOMPARE(window.tabs()->currentIndex(), 7);
    const AttentionOptions before = window.session()->document()->session().options;
    // Ctrl+K, Ctrl+3 and Ctrl+[ changed the hidden session while the heads
    // stayed as they were; now they are off on the Model tab.
    QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_BracketLeft, Qt::ControlModifier);
    const AttentionOptions after = window.session()->document()->session().options;
    QCOMPARE(after.scale, before.scale);
    QCOMPARE(int(after.mask), int(before.mask));
    QCOMPARE(after.temperature, before.temperature);
    QVERIFY(!actionNamed(&window, QStringLiteral("Scale by √d_k"))->isEnabled());
    // No "Mask: No mask" beside GPT-2; the bar itself stays, so the tabs stay put.
    QTRY_VERIFY(window.attentionToolBar()->isVisible() &&
                !window.session()->maskChooser()->isVisible());
    QVERIFY(!window.session()->maskChooser()->isEnabled());
    // The status bar describes the model, not the hidden session.
    const QString status = statusLine(window);
    QVERIFY2(status.contains(QLatin1String("gpt2-tiny")) && status.contains(QLatin1String("GPT-2")),
             qPrintable(status));
    QVERIFY2(!status.contains(QLatin1String("d_k =")), qPrintable(status));
    QVERIFY2(window.windowTitle().startsWith(QLatin1String("gpt2-tiny (GPT-2")),
             qPrintable(window.windowTitle()));
    // On the Attention tab the session's controls are back and act.
    window.tabs()->setCurrentIndex(0);
    QTRY_VERIFY(window.attentionToolBar()->isVisible() &&
                window.session()->maskChooser()->isVisible());
    QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier);
    QCOMPARE(window.session()->document()->session().options.scale, !before.scale);
    const QString sessionStatus = statusLine(window);
    QVERIFY2(sessionStatus.contains(QLatin1String("d_k =")), qPrintable(sessionStatus));
    // The toolbar's undo follows the tab's own history, as Edit > Undo does:
    // the session's step here, nothing on the Model tab until it generates.
    QAction *undo = window.attentionToolBar()->actions().first();
    QCOMPARE(undo->text(), QStringLiteral("Undo"));
    QVERIFY(undo->isEnabled());
    window.tabs()->setCurrentIndex(7);
    QVERIFY(window.model()->document()->undoStack()->count() == 0);
    QVERIFY(!undo->isEnabled());
    window.tabs()->setCurrentIndex(0);
    QVERIFY(undo->isEnabled());
}

void TestProjector::eachTabKeepsItsExportTitle()
{
    // A GPT-2 head came out titled "Causal mask: mask, then softmax", the
    // title typed last for a session figure.
    MainWindow window;
    window.show();
    window.currentEditor()->rememberExportTitle(QStringLiteral("Causal mask: mask, then softmax"));
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->runner()->waitForIdle();
    TabEditor *modelEditor = window.currentEditor();
    const QString caption = modelEditor->exportTitle();
    // The grid is shown: the caption names it and its score, not a head.
    QVERIFY2(
        caption.startsWith(QString::fromUtf8("gpt2-tiny, every head by mean entropy (bits): “")),
        qPrintable(caption));
    QVERIFY2(caption.contains(window.model()->runner()->requestedText().text.left(20)),
             qPrintable(caption));
    // A title typed for the model stays the model's; the session's stays its own.
    modelEditor->rememberExportTitle(QStringLiteral("An induction head"));
    QCOMPARE(modelEditor->exportTitle(), QStringLiteral("An induction head"));
    window.tabs()->setCurrentIndex(0);
    QCOMPARE(window.currentEditor()->exportTitle(),
             QStringLiteral("Causal mask: mask, then softmax"));
    // Accepting the caption as it was does not freeze it for the next head.
    modelEditor->rememberExportTitle(static_cast<ModelTabEditor *>(modelEditor)->caption());
    window.model()->document()->select(1, 2);
    window.model()->modelPage()->showLarge(); // the head shown, not the grid
    QVERIFY2(modelEditor->exportTitle().startsWith(QLatin1String("gpt2-tiny, head 1.2")),
             qPrintable(modelEditor->exportTitle()));
    // Animate goes through the heads, each frame naming its own: the title
    // it proposes names none (every frame read "head 1.2" over "head 0").
    const QString animated = modelEditor->animationTitle();
    QVERIFY2(animated.startsWith(QString::fromUtf8("gpt2-tiny: “")), qPrintable(animated));
    QVERIFY2(!animated.contains(QLatin1String("head")), qPrintable(animated));
    // Accepted as proposed, it is not remembered as typed either.
    modelEditor->rememberExportTitle(animated);
    QVERIFY2(modelEditor->exportTitle().startsWith(QLatin1String("gpt2-tiny, head 1.2")),
             qPrintable(modelEditor->exportTitle()));
}

void TestProjector::toolBarsCanBeHidden()
{
    MainWindow window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QAction *toolBars = actionNamed(&window, QStringLiteral("Show Toolbars"));
    QVERIFY(toolBars);
    QVERIFY(window.attentionToolBar()->isVisible() && window.viewToolBar()->isVisible());
    toolBars->trigger();
    QVERIFY(!window.attentionToolBar()->isVisible() && !window.viewToolBar()->isVisible());
    // Hidden stays hidden across tabs; the menus and shortcuts still work.
    window.tabs()->setCurrentIndex(7);
    window.tabs()->setCurrentIndex(0);
    QVERIFY(!window.attentionToolBar()->isVisible());
    const bool scaled = window.session()->document()->session().options.scale;
    QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier);
    QCOMPARE(window.session()->document()->session().options.scale, !scaled);
    toolBars->trigger();
    QVERIFY(window.attentionToolBar()->isVisible() && window.viewToolBar()->isVisible());
}

void TestProjector::leavingPresentationModeRestoresTheColumns()
{
    // F5 twice left the sliders' column 90 px wider than before, and the
    // figures beside it narrower (the entropy bars' title in its short form).
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50);
    QDockWidget *sliders = dockNamed(&window, "SlidersDock");
    QVERIFY(sliders && sliders->isVisible());
    const int before = sliders->width();
    const QString title = window.session()->attentionTab()->entropyBars()->axisTitle();
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QTest::qWait(50);
    window.setPresentationMode(false);
    QTRY_VERIFY(!window.isFullScreen());
    QTRY_COMPARE(sliders->width(), before);
    QTRY_COMPARE(window.session()->attentionTab()->entropyBars()->axisTitle(), title);
}

void TestProjector::tabsStayPutFromTabToTab_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::newRow("normal") << false;
    QTest::newRow("presentation") << true;
}

void TestProjector::tabsStayPutFromTabToTab()
{
    // The session's toolbar stepped aside on the labs and the Model tab, and
    // the tabs jumped up a row under the pointer: a click on the next tab's
    // place opened the colour list instead. Inside the central widget they
    // also moved sideways by the sliders' width where those stepped aside.
    // They stay where they are now, and each is clicked where it was.
    QFETCH(bool, presentation);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    if (presentation) {
        window.setPresentationMode(true);
        QTRY_VERIFY(window.isFullScreen());
    }
    QTest::qWait(50);
    QTabBar *bar = window.tabBar();
    QVERIFY(bar->isVisible());
    QVERIFY(!window.tabs()->tabBar()->isVisible());
    const QPoint at = bar->mapTo(&window, QPoint(0, 0));
    QList<QRect> places;
    for (int i = 0; i < bar->count(); ++i)
        places << bar->tabRect(i);
    for (int i = 0; i < bar->count(); ++i) {
        QTest::mouseClick(bar, Qt::LeftButton, {}, places[i].center());
        QTest::qWait(20);
        QCOMPARE(window.tabs()->currentIndex(), i);
        const QPoint now = bar->mapTo(&window, QPoint(0, 0));
        QVERIFY2(now == at && bar->tabRect(i) == places[i],
                 qPrintable(QStringLiteral("tab %1 (%2): the tabs moved from (%3, %4) to (%5, %6)")
                                .arg(i)
                                .arg(bar->tabText(i))
                                .arg(at.x())
                                .arg(at.y())
                                .arg(now.x())
                                .arg(now.y())));
    }
    // Every tab shows whole in the hall's 1280 px.
    QVERIFY2(places.last().right() < bar->width(),
             qPrintable(QString::number(places.last().right())));
    // The menus and Alt+number still choose them, and the bar follows.
    window.tabs()->setCurrentIndex(2);
    QCOMPARE(bar->currentIndex(), 2);
}

void TestProjector::tourFramesThePanelItDescribes()
{
    // The tour covered the heatmap it described, and its Model page named
    // only attention files.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *tour = actionNamed(&window, QStringLiteral("Guided Tour"));
    QVERIFY(tour);
    QStringList checked;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<GuidedTour *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        const QRect screen = window.screen()->availableGeometry();
        for (int page = 0; page < dialog->pageCount(); ++page) {
            dialog->showPage(page);
            QWidget *panel = dialog->highlightedPanel();
            const QString text =
                dialog->findChildren<QLabel *>().isEmpty()
                    ? QString()
                    : qobject_cast<QStackedWidget *>(dialog->findChild<QStackedWidget *>())
                          ->currentWidget()
                          ->property("text")
                          .toString();
            if (panel && panel->isVisible() && screen.contains(dialog->frameGeometry()))
                checked << text.section(QLatin1String("</h3>"), 0, 0).remove(QLatin1String("<h3>"));
            if (page == dialog->pageCount() - 1) {
                if (panel == static_cast<QWidget *>(window.model()->modelPage()) &&
                    text.contains(QLatin1String("Open Model")) &&
                    text.contains(QLatin1String("Open Head in Attention Tab")))
                    checked << QStringLiteral("model page");
            }
        }
        dialog->accept();
    });
    tour->trigger();
    // Every page framed a shown panel and stood on the screen; the built-in
    // models' four pages their Model tab, each where the model has a known
    // head of the role it describes (the induction heads: their page and the
    // page that knocks them out).
    int builtinPages = 0;
    for (const KnownHeadGroup &group : KnownHeads::load())
        if (group.id == QLatin1String("builtin"))
            for (const QString &role : {QStringLiteral("previous token"),
                                        QStringLiteral("induction"), QStringLiteral("induction")})
                builtinPages += std::any_of(group.entries.begin(), group.entries.end(),
                                            [&](const KnownHead &h) { return h.role == role; });
    // The translator's page, where its card lists an aligning cross head.
    for (const KnownHeadGroup &group : KnownHeads::load())
        if (group.id == QLatin1String("builtin-en-fr-cross"))
            builtinPages += std::any_of(group.entries.begin(), group.entries.end(),
                                        [](const KnownHead &h) { return h.role == u"alignment"; });
    QCOMPARE(checked.size(), 7 + builtinPages);
    QCOMPARE(checked.last(), QStringLiteral("model page"));
    // The frame goes with the tour.
    QVERIFY(!window.findChild<PanelHighlight *>());
}

void TestProjector::barsKeepARowPerLabelInTheHall()
{
    // The causal-mask example in presentation mode at 1280 x 720: the bars
    // were squashed under the heatmap until one row kept its label.
    MainWindow window;
    window.show();
    QVERIFY(window.openFile(QStringLiteral(PRESETS_DIR "/causal-mask.json")));
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QTest::qWait(50);
    QTRY_COMPARE(window.session()->attentionTab()->entropyBars()->rowLabelsShown(),
                 (QStringList{QStringLiteral("the"), QStringLiteral("dog"),
                              QStringLiteral("barked"), QStringLiteral("loudly")}));
    // The heatmap above keeps its own labels and numbers (it gave the room).
    QVERIFY(window.session()->attentionTab()->heatmap()->height() >
            window.session()->attentionTab()->entropyBars()->height() / 2);
    // The colour bar's title, longer than the bar of four rows, was cut to
    // "veight": it is shown whole, on one line or broken over two where the
    // bar is short (the bars now stand beside the heatmap, so it is taller).
    QCOMPARE(window.session()->attentionTab()->heatmap()->colorBarTitle(),
             QStringLiteral("weight (0 to 1)"));
    QTRY_COMPARE(window.session()->attentionTab()->heatmap()->colorBarTitleShown().replace(
                     QLatin1Char('\n'), QLatin1Char(' ')),
                 QStringLiteral("weight (0 to 1)"));
    // Its top tick, "1", lies inside the widget, so it is drawn.
    QVERIFY(window.session()->attentionTab()->heatmap()->colorBarTickLabelFits(1.0));
    QVERIFY(window.session()->attentionTab()->heatmap()->colorBarTickLabelFits(0.0));
}

void TestProjector::heatmapNumbersStayInTheHall()
{
    // The lecture's example in presentation mode at 1280 x 720: its three
    // weights, 22 pt wide, did not fit cells of 80 px and vanished. They
    // shrink to fit instead, never below the normal 11 pt.
    MainWindow window;
    window.show();
    QTRY_COMPARE(window.session()->attentionTab()->heatmap()->numbersShown(),
                 (QStringList{QStringLiteral("0.3369"), QStringLiteral("0.3019"),
                              QStringLiteral("0.3611")}));
    QCOMPARE(window.session()->attentionTab()->heatmap()->numberPointSize(), 11.0);
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QTRY_COMPARE(window.session()->attentionTab()->heatmap()->numbersShown(),
                 (QStringList{QStringLiteral("0.3369"), QStringLiteral("0.3019"),
                              QStringLiteral("0.3611")}));
    QVERIFY2(window.session()->attentionTab()->heatmap()->numberPointSize() >= 11.0,
             qPrintable(
                 QString::number(window.session()->attentionTab()->heatmap()->numberPointSize())));
    window.setPresentationMode(false);
    QTRY_COMPARE(window.session()->attentionTab()->heatmap()->numberPointSize(), 11.0);
}

void TestProjector::colourBarTitleBreaksWhereItReadsWell_data()
{
    QTest::addColumn<int>("range");
    QTest::addColumn<int>("height");
    QTest::addColumn<QString>("shown");
    QTest::newRow("fixed, a tall bar")
        << int(ColorRange::Mode::Fixed) << 700 << QStringLiteral("weight (0 to 1)");
    QTest::newRow("fixed, a short bar")
        << int(ColorRange::Mode::Fixed) << 260 << QStringLiteral("weight\n(0 to 1)");
    QTest::newRow("per row, a short bar")
        << int(ColorRange::Mode::PerRow) << 340
        << QStringLiteral("weight per row:\nrow min 0,\nrow max 1");
}

void TestProjector::colourBarTitleBreaksWhereItReadsWell()
{
    // "weight per row: row min 0, row max 1" was cut at both ends along a
    // short bar; it breaks after its colon and comma.
    QFETCH(int, range);
    QFETCH(int, height);
    QFETCH(QString, shown);
    AttentionDocument document;
    HeatmapView view(&document);
    view.setAppearance(true, 1.6);
    view.setColorRange(ColorRange::Mode(range));
    view.resize(700, height);
    view.show();
    QTRY_COMPARE(view.colorBarTitleShown(), shown);
}

QTEST_MAIN(TestProjector)
#include "tst_projector.moc"
