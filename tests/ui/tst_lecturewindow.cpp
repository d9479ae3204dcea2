// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The window as a lecturer drives it: presets that never overwrite a file,
// layouts that fit the screen at d_k = 64, toolbars that keep still, a
// keyboard that reaches everything, accessible names, and views that stay
// readable at 512 tokens. The real MainWindow, offscreen.

#include "core/maths/chapterexamples.h"
#include "core/maths/sliderrange.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/document/sessionpaths.h"
#include "ui/settings/preferences.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/equationbanner.h"
#include "ui/views/exportdialog.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/shortcutsdialog.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/views/vectortablemodel.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/sessionworkspace.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include "windowtestsettings.h"

using namespace AttentionLab;

class TestLectureWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanupTestCase();
    void presetBecomesAnUntitledDocument();
    void presetDoesNotOverwriteTheOpenFile();
    void valueEditUndoneLetsVFollowKAgain();
    void wideVectorsFitTheScreen();
    void smallSessionAfterAWideOneHasASaneLayout();
    void toolbarKeepsStillWhenTheUndoTextChanges();
    void temperatureHasALongSliderAndAnExactSpinBox();
    void noControlHidesInTheToolbarOverflow_data();
    void noControlHidesInTheToolbarOverflow();
    void maskIsOneExclusiveChoice();
    void tabsLeaveAltLettersToTheMenus();
    void noTwoControlsShareAKey();
    void f10ReachesTheMenuBar();
    void loneAltReachesTheMenuBar();
    void tabFollowsTheSlidersAndLeavesTables();
    void saveAsHasAShortcut();
    void saveAsProposesTheLastFolderAndTheSessionSuffix();
    void presetBringsItsOwnSliderRange();
    void exportDialogLabelsHaveBuddies();
    void tooltipsUseShortNumbers();
    void everyControlHasAnAccessibleName();
    void equationFollowsTheSettings();
    void vectorChooserIsTwoPartAndSaysWhenVFollowsK();
    void colourRangeFitsLongSessions();
    void overflowingLogitsAreNotMasked();
    void entropyLabelsThinOutAtManyRows();
    void hintShowsOnceUntilDismissed();
    void presentationModeFitsAProjector();
    void shortcutListIsReadFromTheMenus();

private:
    std::unique_ptr<MainWindow> m_window;
};

namespace {

/// A causal session of \a n tokens at d_k = 8, seeded.
Session longSession(int n)
{
    Session s;
    s.queries = Matrix::Random(n, 8);
    s.keys = Matrix::Random(n, 8);
    s.options.mask = MaskMode::Causal;
    return s;
}

QAction *findAction(QWidget *window, const QString &text)
{
    for (QAction *a : window->findChildren<QAction *>())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

void TestLectureWindow::cleanupTestCase()
{
    m_window.reset();
    WindowTestSettings::removeAll();
}

void TestLectureWindow::init()
{
    WindowTestSettings::isolate();
    QFile::remove(Autosaver::defaultPath());
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1500, 920);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestLectureWindow::presetBecomesAnUntitledDocument()
{
    QVERIFY(m_window->session()->loadPreset(ChapterExamples::lecture(),
                                            QStringLiteral("Lecture example")));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Lecture example[*] — Attention Lab"));
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(m_window->session()->document()->filePath().isEmpty());
    QCOMPARE(m_window->session()->document()->undoStack()->count(), 0);
}

void TestLectureWindow::presetDoesNotOverwriteTheOpenFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big512.json"));
    AttentionDocument *doc = m_window->session()->document();
    doc->reset(ChapterExamples::selection());
    QString error;
    QVERIFY2(doc->saveAs(path, &error), qPrintable(error));
    QVERIFY(m_window->openFile(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    QVERIFY(m_window->session()->loadPreset(ChapterExamples::causalMask(),
                                            QStringLiteral("Causal mask example")));
    QVERIFY2(m_window->session()->document()->filePath().isEmpty(),
             "Save must ask for a name, not reuse big512.json");
    QVERIFY(!m_window->windowTitle().contains(QStringLiteral("big512")));
    QCOMPARE(m_window->session()->document()->displayName(), QStringLiteral("Causal mask example"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), before);
}

void TestLectureWindow::valueEditUndoneLetsVFollowKAgain()
{
    AttentionDocument *doc = m_window->session()->document();
    VectorEditor *editor = m_window->session()->vectorEditor();
    const int sliderY = editor->slider(0)->mapTo(m_window.get(), QPoint()).y();
    editor->select(VectorKind::Value, 0);
    QVERIFY(!editor->valuesNote().isEmpty());
    QCoreApplication::processEvents();
    QCOMPARE(editor->slider(0)->mapTo(m_window.get(), QPoint()).y(),
             sliderY); // the note moves nothing
    editor->spinBox(0)->setValue(1.5);
    QVERIFY(doc->session().hasValues());
    QVERIFY(editor->valuesNote().isEmpty());
    doc->undoStack()->undo();
    QVERIFY(!doc->session().hasValues());
    QVERIFY(!m_window->isWindowModified());
    editor->select(VectorKind::Key, 0);
    editor->spinBox(0)->setValue(0.9);
    QCOMPARE(doc->vector(VectorKind::Value, 0)[0], 0.9); // the value follows its key
}

void TestLectureWindow::wideVectorsFitTheScreen()
{
    QAction *preset =
        findAction(m_window.get(), QStringLiteral("Random keys at d_k = 64, &scaled"));
    QVERIFY(preset);
    preset->trigger();
    QCOMPARE(m_window->session()->document()->session().keys.cols(), Index(64));
    // The sliders reach every number of the preset (2.35 and beyond).
    const double reach = m_window->session()->document()->session().keys.cwiseAbs().maxCoeff();
    QVERIFY(
        m_window->session()->vectorEditor()->findChildren<QDoubleSpinBox *>().first()->value() >=
        reach);
    QVERIFY(m_window->session()->vectorEditor()->slider(63));
    // The sliders scroll; the window's minimum height stays within a 1000 px screen.
    QVERIFY(m_window->session()->vectorEditor()->scrollArea()->isAncestorOf(
        m_window->session()->vectorEditor()->slider(63)));
    QVERIFY2(m_window->minimumSizeHint().height() <= 1000,
             qPrintable(QString::number(m_window->minimumSizeHint().height())));
    m_window->resize(1500, 900);
    QTest::qWait(50);
    QVERIFY2(m_window->height() <= 1000, qPrintable(QString::number(m_window->height())));
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->isVisible());
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->height() > 80);
    m_window->resize(1200, 700); // shrinking keeps every panel in its place
    QTest::qWait(50);
    QVERIFY(m_window->height() <= 720);
    QVERIFY(m_window->session()->vectorEditor()->scrollArea()->height() <= m_window->height());
}

void TestLectureWindow::smallSessionAfterAWideOneHasASaneLayout()
{
    findAction(m_window.get(), QStringLiteral("Random keys at d_k = 64, &scaled"))->trigger();
    m_window->resize(1500, 900);
    QTest::qWait(20);
    findAction(m_window.get(), QStringLiteral("The &lecture example (who against is/the/best)"))
        ->trigger();
    QTest::qWait(20);
    QCOMPARE(m_window->session()->vectorEditor()->slider(3), nullptr);
    QVERIFY(m_window->minimumSizeHint().height() <= 1000);
    QVERIFY(m_window->session()->attentionTab()->heatmap()->height() > 150);
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->height() > 80);
}

void TestLectureWindow::toolbarKeepsStillWhenTheUndoTextChanges()
{
    QSlider *tau = m_window->session()->temperatureControl()->slider();
    const QPoint before = tau->mapTo(m_window.get(), QPoint(0, 0));
    QToolBar *bar = m_window->attentionToolBar();
    const int width = bar->sizeHint().width();
    m_window->session()->document()->setVector(VectorKind::Key, 0, RowVector::Constant(3, 0.7));
    m_window->session()->document()->setScale(false); // "Undo Stop scaling": another text
    QCoreApplication::processEvents();
    QCOMPARE(bar->sizeHint().width(), width);
    QCOMPARE(tau->mapTo(m_window.get(), QPoint(0, 0)), before);
}

void TestLectureWindow::temperatureHasALongSliderAndAnExactSpinBox()
{
    TemperatureControl *control = m_window->session()->temperatureControl();
    QVERIFY2(control->slider()->width() >= 200,
             qPrintable(QString::number(control->slider()->width())));
    // A 45 px drag moves tau by a factor well under 3 (it used to go from 1 to 33).
    const double perPixel = double(control->slider()->maximum() - control->slider()->minimum()) /
                            double(control->slider()->width());
    QVERIFY(TemperatureControl::fromSlider(int(45 * perPixel)) < 3.0);
    control->spinBox()->setValue(0.37);
    QCOMPARE(m_window->session()->document()->session().options.temperature, 0.37);
    QCOMPARE(control->slider()->value(), TemperatureControl::toSlider(0.37));
    m_window->session()->document()->undoStack()->undo();
    QCOMPARE(control->spinBox()->value(), 1.0);
    // Typed in short form, exponent sign and all.
    control->spinBox()->selectAll();
    QTest::keyClicks(control->spinBox(), QStringLiteral("1e-3"));
    QTest::keyClick(control->spinBox(), Qt::Key_Return);
    QCOMPARE(m_window->session()->document()->session().options.temperature, 0.001);
}

void TestLectureWindow::noControlHidesInTheToolbarOverflow_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::newRow("normal") << false;
    QTest::newRow("presentation mode") << true;
}

void TestLectureWindow::noControlHidesInTheToolbarOverflow()
{
    QFETCH(bool, presentation);
    m_window->resize(1500, 920);
    m_window->setPresentationMode(presentation);
    QTest::qWait(50);
    for (QToolBar *bar : {m_window->attentionToolBar(), m_window->viewToolBar()}) {
        QVERIFY(bar->isVisible());
        for (QAction *a : bar->actions()) {
            if (a->isSeparator())
                continue;
            QWidget *w = bar->widgetForAction(a);
            QVERIFY(w);
            QVERIFY2(w->isVisible(),
                     qPrintable(QStringLiteral("%1 hidden in the overflow").arg(a->text())));
            QVERIFY2(bar->rect().contains(w->geometry()), qPrintable(a->text()));
        }
    }
    QVERIFY(m_window->session()->temperatureControl()->slider()->width() >= 200);
    m_window->setPresentationMode(false);
}

void TestLectureWindow::maskIsOneExclusiveChoice()
{
    QComboBox *mask = m_window->session()->maskChooser();
    QCOMPARE(mask->count(), 3);
    QVERIFY(mask->isVisible());
    mask->setCurrentIndex(2);
    emit mask->activated(2);
    QCOMPARE(m_window->session()->document()->session().options.mask, MaskMode::CausalAfterSoftmax);
    m_window->session()->document()->setMask(MaskMode::Causal);
    QCOMPARE(mask->currentData().toInt(), int(MaskMode::Causal));
    QTest::keyClick(m_window.get(), Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(m_window->session()->document()->session().options.mask, MaskMode::None);
    QCOMPARE(mask->currentIndex(), 0);
}

void TestLectureWindow::tabsLeaveAltLettersToTheMenus()
{
    QTabWidget *tabs = m_window->tabs();
    for (int i = 0; i < tabs->count(); ++i)
        QVERIFY2(!tabs->tabText(i).contains(QLatin1Char('&')), qPrintable(tabs->tabText(i)));
    for (QTabWidget *inner : m_window->session()->matrixEditor()->findChildren<QTabWidget *>())
        for (int i = 0; i < inner->count(); ++i)
            QVERIFY2(!inner->tabText(i).contains(QLatin1Char('&')), qPrintable(inner->tabText(i)));
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 1);
    QTest::keyClick(m_window.get(), Qt::Key_6, Qt::AltModifier);
    QCOMPARE(tabs->currentIndex(), 5);
    QTest::keyClick(m_window.get(), Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 4);
    QTest::keyClick(m_window.get(), Qt::Key_1, Qt::AltModifier);
    QCOMPARE(tabs->currentIndex(), 0);
    // The menus keep their letters: P for Presets, H for Help, A for Attention.
    QStringList titles;
    for (QAction *a : m_window->menuBar()->actions())
        titles << a->text();
    QVERIFY(titles.contains(QStringLiteral("&Presets")));
    QVERIFY(titles.contains(QStringLiteral("&Help")));
    QVERIFY(titles.contains(QStringLiteral("&Attention")));
}

void TestLectureWindow::noTwoControlsShareAKey()
{
    // On every tab, the window's shortcuts, the menus' Alt+letters and the
    // visible buttons' and labels' mnemonics are all different keys.
    QTabWidget *tabs = m_window->tabs();
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QCoreApplication::processEvents();
        QMap<QKeySequence, QString> owners;
        QStringList clashes;
        auto claim = [&](const QKeySequence &key, const QString &owner) {
            if (key.isEmpty())
                return;
            if (owners.contains(key) && owners[key] != owner)
                clashes << QStringLiteral("%1: %2 and %3").arg(key.toString(), owners[key], owner);
            owners.insert(key, owner);
        };
        for (QAction *a : m_window->menuBar()->actions())
            claim(QKeySequence::mnemonic(a->text()), a->text());
        for (QAction *a : m_window->findChildren<QAction *>()) {
            if (a->menu() || !a->isEnabled())
                continue;
            for (const QKeySequence &key : a->shortcuts())
                claim(key, a->text());
        }
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            if (!w->isVisible())
                continue;
            QString text;
            if (auto *b = qobject_cast<QAbstractButton *>(w))
                text = b->text();
            else if (auto *l = qobject_cast<QLabel *>(w); l && l->buddy())
                text = l->text();
            if (!text.isEmpty())
                claim(QKeySequence::mnemonic(text), text);
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(tabs->tabText(tab) + QStringLiteral(": ") +
                                               clashes.join(QStringLiteral("; "))));
    }
}

void TestLectureWindow::f10ReachesTheMenuBar()
{
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), Qt::Key_F10);
    QVERIFY(m_window->menuBar()->activeAction() != nullptr);
    QCOMPARE(m_window->menuBar()->activeAction()->text(), QStringLiteral("&File"));
    QTest::keyClick(QApplication::activePopupWidget() ? QApplication::activePopupWidget()
                                                      : m_window.get(),
                    Qt::Key_Escape);
    QTRY_VERIFY(!QApplication::activePopupWidget());
    m_window->menuBar()->setActiveAction(nullptr);
}

void TestLectureWindow::loneAltReachesTheMenuBar()
{
    m_window->activateWindow();
    QWidget *focus = m_window->session()->vectorEditor()->spinBox(0);
    focus->setFocus();
    QTest::keyPress(focus, Qt::Key_Alt, Qt::AltModifier);
    QTest::keyRelease(focus, Qt::Key_Alt, Qt::NoModifier);
    QVERIFY(m_window->menuBar()->activeAction() != nullptr);
    QTest::keyClick(QApplication::activePopupWidget() ? QApplication::activePopupWidget()
                                                      : m_window.get(),
                    Qt::Key_Escape);
    // Alt with a letter stays a mnemonic and opens nothing by itself.
    m_window->menuBar()->setActiveAction(nullptr);
    QTRY_VERIFY(!QApplication::activePopupWidget());
    focus->setFocus();
    QTest::keyPress(focus, Qt::Key_Alt, Qt::AltModifier);
    QTest::keyClick(focus, Qt::Key_K, Qt::AltModifier);
    QTest::keyRelease(focus, Qt::Key_Alt, Qt::NoModifier);
    QVERIFY(!QApplication::activePopupWidget());
    // Nor does Alt+digit, which a shortcut takes before any key press arrives.
    QTest::keyPress(focus, Qt::Key_Alt, Qt::AltModifier);
    QTest::keyClick(focus, Qt::Key_3, Qt::AltModifier);
    QTest::keyRelease(focus, Qt::Key_Alt, Qt::NoModifier);
    QCOMPARE(m_window->tabs()->currentIndex(), 2);
    QVERIFY(!QApplication::activePopupWidget());
    QVERIFY(m_window->menuBar()->activeAction() == nullptr);
}

void TestLectureWindow::tabFollowsTheSlidersAndLeavesTables()
{
    VectorEditor *editor = m_window->session()->vectorEditor();
    QAbstractSpinBox *range = editor->findChildren<QDoubleSpinBox *>().first();
    QCOMPARE(range->accessibleName(), QStringLiteral("Slider range"));
    range->setFocus();
    QVERIFY(QTest::qWaitFor([range] { return range->hasFocus(); }));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), editor->slider(0));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), editor->spinBox(0));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), editor->slider(1));

    // Tab leaves the tables instead of cycling through their cells.
    for (QTableView *table : m_window->findChildren<QTableView *>()) {
        if (!table->isVisible())
            continue;
        table->setFocus();
        QVERIFY(QTest::qWaitFor([table] { return table->hasFocus(); }));
        QTest::keyClick(table, Qt::Key_Tab);
        QVERIFY2(QApplication::focusWidget() != table, qPrintable(table->accessibleName()));
    }
}

void TestLectureWindow::saveAsHasAShortcut()
{
    QAction *saveAs = findAction(m_window.get(), QStringLiteral("Save &As…"));
    QVERIFY(saveAs);
    QVERIFY(!saveAs->shortcut().isEmpty());
}

/// Answers the next file dialog: notes the file it proposes, then saves to
/// \a saveTo (or cancels when it is empty).
void answerFileDialog(QString *proposed, const QString &saveTo)
{
    auto *timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, proposed, saveTo] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        timer->stop();
        timer->deleteLater();
        // The folder it opens in, and the name it proposes there.
        *proposed =
            dialog->directory().filePath(QFileInfo(dialog->selectedFiles().value(0)).fileName());
        if (saveTo.isEmpty()) {
            dialog->reject();
        } else {
            // As a user does: the folder, then a name typed without a suffix.
            dialog->setDirectory(QFileInfo(saveTo).absolutePath());
            if (auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit")))
                edit->setText(QFileInfo(saveTo).fileName());
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept, protected
        }
    });
    timer->start(20);
}

void TestLectureWindow::saveAsProposesTheLastFolderAndTheSessionSuffix()
{
    QAction *saveAs = findAction(m_window.get(), QStringLiteral("Save &As…"));
    QVERIFY(m_window->session()->loadPreset(ChapterExamples::lecture(),
                                            QStringLiteral("Lecture example")));
    // Nothing used yet: Documents (never the folder the program started in),
    // and the MIME type's glob.
    QString proposed;
    answerFileDialog(&proposed, QString());
    saveAs->trigger();
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString start = QFileInfo(documents).isDir() ? documents : QDir::homePath();
    QCOMPARE(QFileInfo(proposed).fileName(), QStringLiteral("Lecture example.attention.json"));
    QCOMPARE(QFileInfo(proposed).absolutePath(), QDir(start).absolutePath());
    QVERIFY(QFileInfo(proposed).absolutePath() != QDir::currentPath());

    // Saved under a bare name: the suffix is added.
    QTemporaryDir dir;
    answerFileDialog(&proposed, dir.filePath(QStringLiteral("talk")));
    saveAs->trigger();
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("talk.attention.json"))));
    // The next untitled session proposes the folder used last.
    QVERIFY(m_window->session()->loadPreset(ChapterExamples::causalMask(),
                                            QStringLiteral("Causal mask example")));
    answerFileDialog(&proposed, QString());
    saveAs->trigger();
    QCOMPARE(QFileInfo(proposed).absolutePath(), QDir(dir.path()).absolutePath());
    QCOMPARE(QFileInfo(proposed).fileName(), QStringLiteral("Causal mask example.attention.json"));
}

void TestLectureWindow::presetBringsItsOwnSliderRange()
{
    VectorEditor *editor = m_window->session()->vectorEditor();
    QDoubleSpinBox *range = editor->findChildren<QDoubleSpinBox *>().first();
    QCOMPARE(range->accessibleName(), QStringLiteral("Slider range"));
    // The window starts on the lecture example, with its range.
    QCOMPARE(range->value(), suggestedSliderRange(ChapterExamples::lecture()));
    // A model's head reaches far: its sliders reach past its entries.
    Session head = ChapterExamples::lecture();
    head.keys = 7.0 * Matrix::Random(3, 64);
    head.queries = 7.0 * Matrix::Random(1, 64);
    head.keys(0, 0) = 7.0;
    QVERIFY(m_window->session()->loadPreset(head, QStringLiteral("head")));
    QVERIFY(range->value() >= 7.0 * 1.25);
    // The lecture example does not keep that range: it brings its own.
    QVERIFY(m_window->session()->loadPreset(ChapterExamples::lecture(),
                                            QStringLiteral("Lecture example")));
    QCOMPARE(range->value(), suggestedSliderRange(ChapterExamples::lecture()));
    QVERIFY2(range->value() >= 4.0 && range->value() <= 6.0,
             qPrintable(QString::number(range->value())));
    // And there a drag visibly moves the weights: the query's last slider to
    // its end takes "best" from 0.36 to more than half of the weight.
    editor->select(VectorKind::Query, 0);
    const double before = m_window->session()->document()->result().weights(0, 2);
    editor->slider(2)->setValue(editor->slider(2)->maximum());
    const double after = m_window->session()->document()->result().weights(0, 2);
    QVERIFY2(after - before > 0.15, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
}

void TestLectureWindow::exportDialogLabelsHaveBuddies()
{
    ExportDialog dialog(ColorMaps::Name::Viridis, false, ExportDialog::sessionViews(),
                        QStringLiteral("figure"), m_window.get());
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->text().contains(QLatin1Char('&')))
            QVERIFY2(label->buddy(), qPrintable(label->text() + QStringLiteral(" shows its &")));
    }
}

void TestLectureWindow::tooltipsUseShortNumbers()
{
    VectorTableModel *queries = m_window->session()->matrixEditor()->model(VectorKind::Query);
    QCOMPARE(queries->data(queries->index(0, 1), Qt::ToolTipRole).toString(),
             QStringLiteral("0.1"));
    QVERIFY(m_window->session()->attentionTab()->entropyBars()->toolTipFor(0).contains(
        QStringLiteral("1.5811 bits")));
}

void TestLectureWindow::everyControlHasAnAccessibleName()
{
    QStringList missing;
    for (QWidget *w : m_window->findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w) ||
                             qobject_cast<QAbstractSlider *>(w) ||
                             qobject_cast<QAbstractSpinBox *>(w) ||
                             qobject_cast<QAbstractItemView *>(w) || qobject_cast<QTabWidget *>(w);
        if (!control || qobject_cast<QScrollBar *>(w) ||
            w->objectName().startsWith(QLatin1String("qt_")))
            continue;
        // Parts of a control that speak for it: a combo box's popup, a table's headers.
        if (qobject_cast<QHeaderView *>(w) || w->inherits("QComboBoxListView") ||
            w->inherits("QTableCornerButton"))
            continue;
        QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
        QVERIFY(iface);
        if (iface->text(QAccessible::Name).trimmed().isEmpty())
            missing << QStringLiteral("%1 in %2")
                           .arg(QString::fromLatin1(w->metaObject()->className()),
                                QString::fromLatin1(w->parentWidget()->metaObject()->className()));
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
}

void TestLectureWindow::equationFollowsTheSettings()
{
    EquationBanner *banner = m_window->session()->attentionTab()->equationBanner();
    QVERIFY(banner->text().contains(QStringLiteral("√3")));
    QVERIFY(banner->text().contains(QStringLiteral("softmax(QK<sup>T</sup> / √3) V")));
    m_window->session()->document()->setScale(false);
    QVERIFY(!banner->text().contains(QStringLiteral("√3")));
    m_window->session()->document()->setMask(MaskMode::CausalAfterSoftmax);
    QVERIFY(banner->text().contains(QStringLiteral("mask(softmax(")));
    m_window->session()->document()->setTemperature(0.5);
    QVERIFY(banner->text().contains(QStringLiteral("τ = 0.5")));
}

void TestLectureWindow::vectorChooserIsTwoPartAndSaysWhenVFollowsK()
{
    VectorEditor *editor = m_window->session()->vectorEditor();
    editor->select(VectorKind::Key, 1);
    QCOMPARE(editor->kindChooser()->currentText(), QStringLiteral("key"));
    QCOMPARE(editor->tokenChooser()->currentText(), QStringLiteral("the"));
    editor->select(VectorKind::Query, 0);
    QCOMPARE(editor->tokenChooser()->currentText(), QStringLiteral("who"));
    QCOMPARE(editor->tokenChooser()->count(), 1);
    editor->select(VectorKind::Value, 2);
    QVERIFY(editor->valuesNote().contains(QStringLiteral("values = keys")));
    QTabWidget *tables = m_window->session()->matrixEditor()->findChild<QTabWidget *>();
    QCOMPARE(tables->tabText(int(VectorKind::Value)), QStringLiteral("Values = keys"));
    editor->spinBox(1)->setValue(4.0);
    QCOMPARE(tables->tabText(int(VectorKind::Value)), QStringLiteral("Values"));
}

void TestLectureWindow::colourRangeFitsLongSessions()
{
    Session s = longSession(512);
    s.options.mask = MaskMode::None; // a causal first row puts all on one key
    m_window->session()->document()->replaceSession(s, QStringLiteral("long"));
    HeatmapView *heatmap = m_window->session()->attentionTab()->heatmap();
    QCOMPARE(heatmap->colorBarRange().second, 1.0); // fixed 0 to 1 by default
    heatmap->setColorRange(ColorRange::Mode::Fitted);
    QVERIFY(heatmap->colorBarRange().second < 0.6);
    QVERIFY(heatmap->colorBarTitle().contains(QStringLiteral("fitted")));
    heatmap->setColorRange(ColorRange::Mode::PerRow);
    QVERIFY(heatmap->colorBarTitle().contains(QStringLiteral("per row")));
    QCOMPARE(heatmap->colorBarRange().first, 0.0);
    heatmap->setColorRange(ColorRange::Mode::Fixed);
    QCOMPARE(heatmap->colorBarTitle(), QStringLiteral("weight (0 to 1)"));
}

void TestLectureWindow::overflowingLogitsAreNotMasked()
{
    Session s = ChapterExamples::lecture();
    s.options.temperature = 5e-324;
    m_window->session()->document()->replaceSession(s, QStringLiteral("tiny temperature"));
    HeatmapView *heatmap = m_window->session()->attentionTab()->heatmap();
    heatmap->setQuantity(HeatmapView::Quantity::Logits);
    QVERIFY(std::isinf(heatmap->cellValue(0, 0)));
    QVERIFY(heatmap->cellValue(0, 0) > 0);
    heatmap->setQuantity(HeatmapView::Quantity::Weights);
    QCOMPARE(heatmap->cellValue(0, 2), 1.0); // all the weight on the largest score
}

void TestLectureWindow::entropyLabelsThinOutAtManyRows()
{
    m_window->session()->document()->replaceSession(longSession(512), QStringLiteral("long"));
    EntropyBarsView *bars = m_window->session()->attentionTab()->entropyBars();
    const int labels = int(bars->barLabels().size());
    QVERIFY2(labels < 60, qPrintable(QString::number(labels)));
    QVERIFY(labels >= 2);
    const QList<double> lengths = bars->barLengths();
    const QList<double> maxima = bars->maxima();
    for (int i = 0; i < lengths.size(); ++i)
        QVERIFY(lengths[i] <= maxima[i] + 1e-9);
}

void TestLectureWindow::hintShowsOnceUntilDismissed()
{
    Preferences::hintDismissed.set(false);
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(m_window->session()->attentionTab()->hintBar()->isVisible());
    QTest::mouseClick(m_window->session()->attentionTab()->hintBar()->dismissButton(),
                      Qt::LeftButton);
    QVERIFY(!m_window->session()->attentionTab()->hintBar()->isVisible());
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(!m_window->session()->attentionTab()->hintBar()->isVisible()); // never again
}

void TestLectureWindow::presentationModeFitsAProjector()
{
    // Large text must not push the window past a 1280 x 720 projector, and
    // leaving presentation mode gives the window its size back.
    m_window->resize(1500, 920);
    QTest::qWait(20);
    const QSize before = m_window->size();
    m_window->setPresentationMode(true);
    QTest::qWait(20);
    const QSize least = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
    QVERIFY2(least.width() <= 1280 && least.height() <= 720,
             qPrintable(QStringLiteral("%1 x %2").arg(least.width()).arg(least.height())));
    m_window->setPresentationMode(false);
    QTRY_COMPARE(m_window->size(), before);
}

void TestLectureWindow::shortcutListIsReadFromTheMenus()
{
    const auto shortcuts = ShortcutsDialog::shortcuts(m_window->menuBar());
    QStringList commands;
    for (const auto &entry : shortcuts)
        commands << entry.first;
    QVERIFY(commands.contains(QStringLiteral("Attention › Scale by √d_k")));
    QVERIFY(commands.contains(QStringLiteral("View › Presentation Mode")));
    QVERIFY(commands.contains(QStringLiteral("File › Save As…")));
}

QTEST_MAIN(TestLectureWindow)
#include "tst_lecturewindow.moc"
