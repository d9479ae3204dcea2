// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Every tab in presentation mode on a 1280 x 720 projector (an offscreen
// screen of that size), as a hall sees it: no label's text wider or taller
// than its rectangle, no two labels printed over each other, no button or
// list narrower than its text, and no widget squeezed below the height it
// asks for. The lecture example, the causal-mask preset, and a GPT-2 model
// on its grid and its large head view, and each set of an encoder-decoder's
// file.

#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabWidget>
#include <QTextDocument>
#include <QtTest>

#include "windowtestsettings.h"

using namespace AttentionLab;

namespace {

/// Shown on screen: visible, and not scrolled or clipped out of sight.
bool onScreen(const QWidget *widget)
{
    return widget->isVisible() && !widget->visibleRegion().isEmpty() && widget->width() > 0;
}

QString describe(const QWidget *widget, const QString &text)
{
    QString name = widget->objectName();
    if (name.isEmpty())
        name = QString::fromLatin1(widget->metaObject()->className());
    return QStringLiteral("%1 \"%2\"").arg(name, text.left(60));
}

/// What is wrong with how \a label shows its text, or nothing.
QString labelProblem(const QLabel *label)
{
    // A label with a buddy shows "&Text:" as "Text:", T underlined.
    QString text = label->text();
    if (label->buddy()) {
        text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
        text.remove(QLatin1Char('&'));
        text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    }
    const QRect room = label->contentsRect();
    const bool rich = label->textFormat() == Qt::RichText ||
                      (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
    if (rich) {
        QTextDocument document;
        document.setDefaultFont(label->font());
        document.setDocumentMargin(0);
        document.setHtml(text);
        if (label->wordWrap()) {
            document.setTextWidth(room.width());
            if (document.size().height() > room.height() + 3)
                return QStringLiteral("needs %1 px of height, has %2")
                    .arg(document.size().height())
                    .arg(room.height());
        } else if (document.idealWidth() > room.width() + 3) {
            return QStringLiteral("needs %1 px of width, has %2")
                .arg(document.idealWidth())
                .arg(room.width());
        }
        return {};
    }
    const QFontMetrics metrics(label->font());
    if (label->wordWrap()) {
        const QRect needed =
            metrics.boundingRect(QRect(0, 0, room.width(), 100000), Qt::TextWordWrap, text);
        if (needed.height() > room.height() + 3)
            return QStringLiteral("needs %1 px of height, has %2")
                .arg(needed.height())
                .arg(room.height());
        return {};
    }
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    if (widest > room.width() + 1)
        return QStringLiteral("needs %1 px of width, has %2").arg(widest).arg(room.width());
    const int lines = int(text.count(QLatin1Char('\n'))) + 1;
    if (lines * metrics.height() > room.height() + 3)
        return QStringLiteral("needs %1 px of height, has %2")
            .arg(lines * metrics.height())
            .arg(room.height());
    return {};
}

/// What is wrong with how \a combo shows its current item, or nothing.
QString comboProblem(const QComboBox *combo)
{
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    option.currentText = combo->currentText();
    option.currentIcon = combo->itemIcon(combo->currentIndex());
    const QFontMetrics metrics(combo->font());
    QSize contents(metrics.horizontalAdvance(combo->currentText()), metrics.height());
    if (!option.currentIcon.isNull())
        contents.rwidth() += combo->iconSize().width() + 4;
    const QSize needed =
        combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, combo);
    if (needed.width() > combo->width() + 2)
        return QStringLiteral("needs %1 px of width, has %2")
            .arg(needed.width())
            .arg(combo->width());
    return {};
}

/// Every text on screen that does not fit or lies over another, one line each.
QStringList layoutProblems(const QWidget *window)
{
    QStringList problems;
    QList<QPair<QRect, const QLabel *>> labels;
    for (const QLabel *label : window->findChildren<QLabel *>()) {
        if (!onScreen(label) || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        if (const QString problem = labelProblem(label); !problem.isEmpty())
            problems << describe(label, label->text()) + QStringLiteral(": ") + problem;
        const QRect rect(label->mapTo(window, label->contentsRect().topLeft()),
                         label->contentsRect().size());
        labels.append({rect, label});
    }
    for (qsizetype i = 0; i < labels.size(); ++i)
        for (qsizetype j = i + 1; j < labels.size(); ++j) {
            const QRect overlap = labels[i].first.intersected(labels[j].first);
            if (overlap.width() > 2 && overlap.height() > 2)
                problems << QStringLiteral("%1 lies over %2")
                                .arg(describe(labels[i].second, labels[i].second->text()),
                                     describe(labels[j].second, labels[j].second->text()));
        }
    for (const QAbstractButton *button : window->findChildren<QAbstractButton *>()) {
        if (!onScreen(button) || button->text().isEmpty())
            continue;
        if (button->sizeHint().width() > button->width() + 2)
            problems << describe(button, button->text()) +
                            QStringLiteral(": needs %1 px of width, has %2")
                                .arg(button->sizeHint().width())
                                .arg(button->width());
    }
    for (const QComboBox *combo : window->findChildren<QComboBox *>()) {
        if (!onScreen(combo) || combo->currentText().isEmpty())
            continue;
        if (const QString problem = comboProblem(combo); !problem.isEmpty())
            problems << describe(combo, combo->currentText()) + QStringLiteral(": ") + problem;
    }
    for (const QWidget *widget : window->findChildren<QWidget *>()) {
        if (onScreen(widget) && widget->minimumHeight() > 0 &&
            widget->height() < widget->minimumHeight())
            problems << describe(widget, QString()) +
                            QStringLiteral(": squeezed to %1 px, asks for %2")
                                .arg(widget->height())
                                .arg(widget->minimumHeight());
    }
    return problems;
}

/// The problems once the window has settled: layouts and replots are
/// queued, and a loaded machine takes its time; empty as soon as none is
/// left, the last ones found after three seconds otherwise.
QStringList settledProblems(const QWidget *window)
{
    QStringList problems;
    for (int attempt = 0; attempt < 30; ++attempt) {
        QTest::qWait(100);
        problems = layoutProblems(window);
        if (problems.isEmpty())
            break;
    }
    return problems;
}

} // namespace

class TestHallLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { WindowTestSettings::isolate(); }
    void cleanupTestCase() { WindowTestSettings::removeAll(); }
    void init() { WindowTestSettings::removeAll(); }
    void everyTabReadsInTheHall_data();
    void everyTabReadsInTheHall();
    void modelTabReadsInTheHall_data();
    void modelTabReadsInTheHall();
    void everySetReadsInTheHall();
};

void TestHallLayout::everyTabReadsInTheHall_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("tab");
    const QStringList presets = {QString(), QStringLiteral(PRESETS_DIR "/causal-mask.json")};
    MainWindow probe;
    const int tabs = probe.tabs()->count();
    for (const QString &preset : presets)
        for (int tab = 0; tab < tabs; ++tab)
            QTest::newRow(qPrintable(QStringLiteral("%1, %2").arg(
                preset.isEmpty() ? QStringLiteral("lecture example") : QFileInfo(preset).baseName(),
                probe.tabs()->tabText(tab).remove(QLatin1Char('&')))))
                << preset << tab;
}

void TestHallLayout::everyTabReadsInTheHall()
{
    QFETCH(QString, preset);
    QFETCH(int, tab);
    MainWindow window;
    window.show();
    if (!preset.isEmpty())
        QVERIFY(window.openFile(preset));
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    window.tabs()->setCurrentIndex(tab);
    const QStringList problems = settledProblems(&window);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestHallLayout::modelTabReadsInTheHall_data()
{
    QTest::addColumn<QString>("folder");
    QTest::newRow("GPT-2") << QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    QTest::newRow("Llama, grouped-query, with its model card")
        << QStringLiteral(TEST_DATA_DIR "/decoders/llama-gqa");
}

void TestHallLayout::modelTabReadsInTheHall()
{
    QFETCH(QString, folder);
    MainWindow window;
    window.show();
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QVERIFY(window.model()->openModelFolder(folder));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat on the mat"));
    window.model()->runner()->waitForIdle();
    QStringList problems = settledProblems(&window);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("the grid:\n") + problems.join(QLatin1Char('\n'))));
    window.model()->modelPage()->showLarge();
    problems = settledProblems(&window);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("a head, large:\n") + problems.join(QLatin1Char('\n'))));
    // Written on: the timeline and the step's line.
    QSignalSpy written(window.model()->generationRunner(), &GenerationRunner::finished);
    window.model()->generationPanel()->generateButton()->click();
    QVERIFY(written.wait(20000));
    problems = settledProblems(&window);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("after Generate:\n") + problems.join(QLatin1Char('\n'))));
}

void TestHallLayout::everySetReadsInTheHall()
{
    // An encoder-decoder's file: the set chooser beside the controls, and
    // each set on the grid and large (the chooser's item was cut here once).
    MainWindow window;
    window.show();
    window.setPresentationMode(true);
    QTRY_VERIFY(window.isFullScreen());
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/encoder_decoder.npz")));
    auto *chooser = window.findChild<QComboBox *>(QStringLiteral("SetChoice"));
    QVERIFY(chooser);
    QTRY_VERIFY(chooser->isVisible());
    QCOMPARE(chooser->count(), 3);
    for (int set = 0; set < chooser->count(); ++set) {
        window.model()->document()->chooseSet(set);
        QCOMPARE(chooser->currentIndex(), set);
        window.model()->modelPage()->showGrid();
        QStringList problems = settledProblems(&window);
        QVERIFY2(problems.isEmpty(),
                 qPrintable(chooser->currentText() + QStringLiteral(", grid:\n") +
                            problems.join(QLatin1Char('\n'))));
        window.model()->modelPage()->showLarge();
        problems = settledProblems(&window);
        QVERIFY2(problems.isEmpty(),
                 qPrintable(chooser->currentText() + QStringLiteral(", large:\n") +
                            problems.join(QLatin1Char('\n'))));
    }
}

QTEST_MAIN(TestHallLayout)
#include "tst_halllayout.moc"
