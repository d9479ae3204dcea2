// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A model opened in the real window (the tiny checkpoints of
// tests/data/make_model_fixtures.py): the text typed runs in the background
// and the heads follow it, the newest text wins, a bad text or folder says
// why and keeps what was shown, and a head opens in the Attention tab with
// the model's own weights.

#include "core/maths/attention.h"
#include "core/model/familydescription.h"
#include "core/model/headsession.h"
#include "io/builtinmodel.h"
#include "io/headexperiments.h"
#include "io/readerror.h"
#include "ui/document/attentiondocument.h"
#include "ui/model/effectgridview.h"
#include "ui/model/experimentcontroller.h"
#include "ui/model/experimentpanel.h"
#include "ui/model/generationcontroller.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/headgridview.h"
#include "ui/model/knownheads.h"
#include "ui/model/lensview.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/model/sweepdialog.h"
#include "ui/views/elidinglabel.h"
#include "ui/views/hintbar.h"
#include "ui/window/attentiontab.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <atomic>

#include <new>
#include <stdexcept>

#include "windowtestsettings.h"

#include <sys/stat.h>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

namespace {

QString model(const char *name)
{
    return QStringLiteral(TEST_DATA_DIR "/models/") + QLatin1String(name);
}

/// A copy of the checkpoint \a name in \a dir, to change or break; empty on failure.
QString copyModel(const QTemporaryDir &dir, const char *name)
{
    const QString folder = dir.filePath(QLatin1String(name));
    const QDir source(model(name));
    if (!QDir().mkpath(folder))
        return {};
    for (const QString &file : source.entryList(QDir::Files))
        if (!QFile::copy(source.filePath(file), folder + QLatin1Char('/') + file))
            return {};
    return folder;
}

/// \a window with gpt2-tiny open, having read \a text.
bool openTinyWith(MainWindow &window, const QString &text)
{
    if (!window.model()->openModelFolder(model("gpt2-tiny")))
        return false;
    window.model()->textPanel()->textEdit()->setText(text);
    window.model()->runner()->waitForIdle();
    return window.model()->runner()->lastRun() != nullptr;
}

/// The lens shown large on \a page, read once.
bool showLens(ModelPage *page)
{
    page->showLarge();
    page->setCurrentMatrixView(2);
    return page->showsLens() &&
           QTest::qWaitFor([page] { return page->lensView()->lens() != nullptr; }, 20000);
}

/// Answers the next message box, keeping its text in \a shown.
void closeNextMessageBox(QString *shown)
{
    QTimer::singleShot(0, [shown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            *shown = box->text();
            box->close();
        }
    });
}

/// The Known heads group of the built-in model, from the shipped table.
KnownHeadGroup builtinGroup()
{
    for (const KnownHeadGroup &group : KnownHeads::load())
        if (group.id == QLatin1String("builtin"))
            return group;
    return {};
}

} // namespace

class TestModelWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { WindowTestSettings::isolate(); }
    void cleanupTestCase() { WindowTestSettings::removeAll(); }
    void typingRunsTheModel();
    void encoderDecoderFileShowsEachSet();
    void fileOpensOnTheViewItNames();
    void copyAsPythonShowsTheSameView();
    void receivedFileWaitsForTheUsersWork();
    void newestTextWins();
    void badTextKeepsTheHeads();
    void bertShowsMasksAndPair();
    void headOpensInAttentionTab();
    void unreadableFolderSaysWhy();
    void brokenTokenizerSaysWhy_data();
    void brokenTokenizerSaysWhy();
    void tabReachesTheGrid();
    void weightsCutShortSaysReopen();
    void unusedTensorsAreShown();
    void statusLineKeepsItsPlace();
    void groupedQueryModelShowsItsCardAndGroups();
    void generationStepsThroughItsTokens();
    void logitLensShowsEveryLayersGuess();
    void logitLensFollowsTheTimeline();
    void logitLensReadsInTheHall();
    void attentionFileReplacesTheModelEverywhere();
    void everyFamilyIsNamed();
    void gridExportNamesTheGrid();
    void supersededResultIsNeverEmitted();
    void builtinModelOpensInOneClick();
    void builtinModelWritesOnItsExample();
    void builtinKnownHeadsResolve();
    void builtinHeadOpensInAttentionTab_data();
    void builtinHeadOpensInAttentionTab();
    void builtinHeadOfEachRoleIsShown_data();
    void builtinHeadOfEachRoleIsShown();
    void builtinTranslatorOpensInOneClick();
    void builtinTranslatorShowsItsAlignment();
    void knockOutTheTranslatorsCrossHeads();
    void knockOutHeadsFromTheGrid();
    void sweepDrawsEachHeadsEffect();
    void tourKnocksOutTheInductionHeads();
    void patchingSweepsFromTheCleanText();
    void keyValueHeadKnocksOutItsGroup();
    void experimentsFollowTheTextAndTheModel();
    void passThatThrowsSaysWhy_data();
    void passThatThrowsSaysWhy();
};

void TestModelWindow::tabReachesTheGrid()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->runner()->waitForIdle();
    window.model()->textPanel()->textEdit()->setFocus();
    QStringList visited;
    for (int i = 0; i < 40 && QApplication::focusWidget() != window.model()->modelPage()->grid();
         ++i) {
        visited << QString::fromLatin1(QApplication::focusWidget()->metaObject()->className());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    QVERIFY2(QApplication::focusWidget() == window.model()->modelPage()->grid(),
             qPrintable(visited.join(QLatin1Char(' '))));
    // From the keyboard alone: a head chosen and opened.
    QTest::keyClick(window.model()->modelPage()->grid(), Qt::Key_Right);
    QTest::keyClick(window.model()->modelPage()->grid(), Qt::Key_Return);
    QVERIFY(window.model()->modelPage()->showsLarge());
    QCOMPARE(window.model()->document()->head(), 1);
}

void TestModelWindow::fileOpensOnTheViewItNames()
{
    // A file the Python module's head_view wrote: the cross-attention's head
    // 1.0, large, in the dark look; the next file without a view, the grid
    // in the window's own look.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy theme(window.model(), &ModelTabEditor::themeRequested);
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/viewed.npz")));
    ModelDocument *document = window.model()->document();
    QCOMPARE(document->setKind(), AttentionKind::Cross);
    QCOMPARE(document->layer(), 1);
    QCOMPARE(document->head(), 0);
    QVERIFY(window.model()->modelPage()->showsLarge());
    // The title the file names for itself (show(name=...)) stands for its name.
    QCOMPARE(document->displayName(), QStringLiteral("head_view"));
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("head_view")));
    QCOMPARE(theme.size(), 1);
    QCOMPARE(theme.takeFirst().at(0).toBool(), true);
    // The Model tab alone turns dark.
    ModelPage *page = window.model()->modelPage();
    QVERIFY(page->autoFillBackground());
    QVERIFY(page->palette().color(QPalette::Window).lightness() < 80);
    QVERIFY(window.palette().color(QPalette::Window).lightness() > 120);
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/encoder_decoder.npz")));
    QVERIFY(window.model()->modelPage()->showsGrid());
    QCOMPARE(document->displayName(), QStringLiteral("encoder_decoder.npz"));
    QCOMPARE(document->setKind(), AttentionKind::Decoder);
    QCOMPARE(theme.takeFirst().at(0).toBool(), false);
    QVERIFY(!page->autoFillBackground());
    QVERIFY(page->palette().color(QPalette::Window).lightness() > 120);
    // model_view(include_layers=[5, 11], include_heads=[7, 0, 3]): the grid
    // and the title name the heads as the model numbered them.
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/kept_heads.npz")));
    QCOMPARE(page->grid()->labels(),
             (QStringList{QStringLiteral("5.7"), QStringLiteral("5.0"), QStringLiteral("5.3"),
                          QStringLiteral("11.7"), QStringLiteral("11.0"), QStringLiteral("11.3")}));
    QCOMPARE(document->layer(), 1);
    QCOMPARE(document->head(), 0);
    QCOMPARE(document->currentTitle(), QStringLiteral("head 11.7"));
    QVERIFY(page->grid()->toolTipFor(1, 2).contains(QLatin1String("head 11.3")));
    QVERIFY(page->grid()->toolTipFor(1, 2).contains(QLatin1String("the file's layer 1, head 2")));
    bool hintSays = false;
    for (const ElidingLabel *label : page->findChildren<ElidingLabel *>())
        hintSays = hintSays || label->fullText().contains(
                                   QLatin1String("as the model numbered the ones this file kept"));
    QVERIFY(hintSays);
    // A view the window has not: refused in one line, what was open stays.
    QTimer::singleShot(0, [] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (auto *box = qobject_cast<QMessageBox *>(w)) {
                QVERIFY(box->text().endsWith(
                    QStringLiteral("bad_view.npz: its view names the view \"table\", not head or "
                                   "grid")));
                box->accept();
            }
    });
    QVERIFY(!window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/bad_view.npz")));
    QCOMPARE(document->setKind(), AttentionKind::Decoder);
}

void TestModelWindow::receivedFileWaitsForTheUsersWork()
{
    // A file sent from a notebook while a generation the user started runs
    // waits its turn, saying so, and opens when the generation ends; a pass
    // over the typed text it simply replaces, and that pass's late result
    // never covers the file.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    const QString folder = window.model()->document()->filePath();
    const QString file = QStringLiteral(TEST_DATA_DIR "/attention-sets/viewed.npz");
    GenerationPanel *panel = window.model()->generationPanel();
    panel->findChild<QSpinBox *>()->setValue(512);
    QSignalSpy finished(window.model()->generationRunner(), &GenerationRunner::finished);
    panel->generateButton()->click();
    QCOMPARE(window.model()->workRunning(), QStringLiteral("the generation"));
    window.openReceived(file);
    QCOMPARE(window.receivedWaiting(), QStringList{file});
    QCOMPARE(window.model()->document()->filePath(), folder);
    QCOMPARE(window.status().value(QStringLiteral("waiting")).toArray().first().toString(), file);
    QVERIFY2(window.statusBar()->currentMessage().contains(
                 QLatin1String("viewed.npz opens when the generation ends")),
             qPrintable(window.statusBar()->currentMessage()));
    QVERIFY(finished.wait(60000));
    QTRY_COMPARE(window.model()->document()->filePath(), file);
    QVERIFY(window.receivedWaiting().isEmpty());
    QVERIFY(!window.status().contains(QStringLiteral("waiting")));
    QCOMPARE(window.model()->document()->setKind(), AttentionKind::Cross);
    // Its title says its shape: no model card says it any more.
    QVERIFY2(window.model()->modelPage()->titleLabel()->text().contains(u"layers × "_s),
             qPrintable(window.model()->modelPage()->titleLabel()->text()));

    // The model again, a text typed, and at once a file: the file opens now.
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("a dog ran far away"));
    QTRY_VERIFY(window.model()->runner()->isBusy() || window.model()->runner()->lastRun());
    QVERIFY(window.model()->workRunning().isEmpty());
    window.openReceived(file);
    QVERIFY(window.receivedWaiting().isEmpty());
    QCOMPARE(window.model()->document()->filePath(), file);
    window.model()->runner()->waitForIdle();
    QTest::qWait(50);
    QCOMPARE(window.model()->document()->filePath(), file);
    QCOMPARE(window.model()->document()->setKind(), AttentionKind::Cross);
    QVERIFY(!window.model()->showsRun());

    // A question the window is asking is answered first.
    const QString other = QStringLiteral(TEST_DATA_DIR "/attention-sets/encoder_decoder.npz");
    QDialog question(&window);
    question.open();
    QTRY_VERIFY(QApplication::activeModalWidget() == &question);
    window.openReceived(other);
    QCOMPARE(window.receivedWaiting(), QStringList{other});
    QVERIFY(
        window.statusBar()->currentMessage().contains(QLatin1String("when the dialog is closed")));
    QCOMPARE(window.model()->document()->filePath(), file);
    question.reject();
    QTRY_COMPARE(window.model()->document()->filePath(), other);

    // A step of the window's own that waits for the pass (a known head, a
    // repeated text) and goes on with the model: a file waits for it too.
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    const QString reopened = window.model()->document()->filePath();
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat on it"));
    QVERIFY(window.model()->runner()->isBusy());
    QString during;
    QTimer::singleShot(0, &window, [&] {
        during = window.model()->workRunning();
        window.openReceived(file);
    });
    window.model()->runner()->waitForIdle();
    QCOMPARE(during, QStringLiteral("the model's pass"));
    QCOMPARE(window.model()->document()->filePath(), reopened);
    QTRY_COMPARE(window.model()->document()->filePath(), file);
}

void TestModelWindow::copyAsPythonShowsTheSameView()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ModelTabEditor *model = window.model();
    QVERIFY(model->pythonForView().isEmpty());
    // A model's folder: transformers on the very ids the window read, then
    // the view shown (the large head 1.2).
    QVERIFY(model->openModelFolder(QStringLiteral(TEST_DATA_DIR "/decoders/llama-gqa")));
    const QString folder = model->runner()->model()->folder();
    model->textPanel()->textEdit()->setText(QStringLiteral("the \"cat\" sat"));
    model->runner()->waitForIdle();
    model->document()->select(1, 2);
    model->modelPage()->showLarge();
    QStringList ids;
    for (int id : model->runner()->lastTokens().ids)
        ids << QString::number(id);
    const QString python = model->pythonForView();
    QVERIFY2(python.contains(u"from transformers import AutoTokenizer, AutoModelForCausalLM"_s),
             qPrintable(python));
    QVERIFY(python.contains(u"folder = \""_s + folder + u"\""_s));
    QVERIFY(python.contains(u"text = \"the \\\"cat\\\" sat\""_s));
    QVERIFY(python.contains(u"ids = ["_s + ids.join(u", "_s) + u"]"_s));
    QVERIFY(python.contains(u"output_attentions=True"_s));
    QVERIFY(python.contains(u"head_view(outputs.attentions, tokens, layer=1, heads=[2])"_s));
    // Edit > Copy as Python puts it on the clipboard.
    QAction *copy = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->text() == u"Copy as &Python"_s)
            copy = action;
    QVERIFY(copy && copy->isEnabled());
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), python);
    // A file of an encoder-decoder, on its grid: show() on the file itself.
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/encoder_decoder.npz")));
    const QString file = model->pythonForView();
    QVERIFY2(file.contains(u"show(\""_s + QStringLiteral(TEST_DATA_DIR) +
                           u"/attention-sets/encoder_decoder.npz\", view=\"grid\", layer=0, "
                           u"head=0, set=\"decoder\")"_s),
             qPrintable(file));
    // A file that kept some layers and heads: show() counts in the file, the
    // comment names the head as the model did.
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/kept_heads.npz")));
    model->document()->select(1, 2);
    const QString kept = model->pythonForView();
    QVERIFY2(kept.contains(u"view=\"grid\", layer=1, head=2)  # the model's head 11.3\n"_s),
             qPrintable(kept));
}

void TestModelWindow::encoderDecoderFileShowsEachSet()
{
    // An encoder-decoder's file (tests/data/attention-sets): the Model tab
    // shows its decoder's self-attention first and offers the other two; the
    // cross-attention's rows are the target's tokens, its columns the
    // source's, and only the scores that mean something for it are offered.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/encoder_decoder.npz")));
    ModelPage *page = window.model()->modelPage();
    ModelDocument *document = window.model()->document();
    QComboBox *chooser = page->setChooser();
    QTRY_VERIFY(chooser->isVisible());
    QCOMPARE(chooser->count(), 3);
    QCOMPARE(chooser->currentIndex(), 1);
    QCOMPARE(chooser->itemText(2), QStringLiteral("cross-attention"));
    QCOMPARE(document->setKind(), AttentionKind::Decoder);
    QVERIFY(document->tensor().visibility().causal);
    auto *scores = qobject_cast<QStandardItemModel *>(page->scoreChooser()->model());
    QVERIFY(scores->item(int(HeadScoreKind::PreviousToken))->isEnabled());
    QVERIFY(!scores->item(int(HeadScoreKind::Monotonicity))->isEnabled());

    page->scoreChooser()->setCurrentIndex(int(HeadScoreKind::PreviousToken));
    chooser->setCurrentIndex(2);
    emit chooser->activated(2);
    QCOMPARE(document->setKind(), AttentionKind::Cross);
    QCOMPARE(document->tensor().queryToken(2), std::string("▁chien"));
    QCOMPARE(document->tensor().keyToken(2), std::string("▁barked"));
    QVERIFY(!document->tensor().visibility().causal);
    // Its rollout goes through the decoder's and the encoder's, which the file holds.
    QVERIFY(document->canRollout());
    QVERIFY(!scores->item(int(HeadScoreKind::PreviousToken))->isEnabled());
    QVERIFY(scores->item(int(HeadScoreKind::Monotonicity))->isEnabled());
    QVERIFY(!scores->item(int(HeadScoreKind::Induction))->isEnabled());
    QVERIFY(scores->item(int(HeadScoreKind::Entropy))->isEnabled());
    QCOMPARE(page->scoreChooser()->currentIndex(), int(HeadScoreKind::Entropy));
    document->select(1, 2);
    QCOMPARE(document->currentTitle(), QStringLiteral("cross-attention, head 1.2"));

    // A file of one attention: no chooser, every score again.
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention-sets/decoder_only.npy")));
    QTRY_VERIFY(!chooser->isVisible());
    QCOMPARE(document->sets().size(), size_t(1));
    QVERIFY(scores->item(int(HeadScoreKind::PreviousToken))->isEnabled());
    QCOMPARE(document->currentTitle(), QStringLiteral("head 0.0"));
}

void TestModelWindow::typingRunsTheModel()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    QCOMPARE(window.tabs()->currentWidget(), window.model()->modelPage());
    QVERIFY(window.model()->textPanel()->isVisible());
    QVERIFY(!window.model()->textPanel()->pairEdit()->isVisible());
    QVERIFY(window.model()->textPanel()->bosToggle()->isVisible());
    ModelDocument *document = window.model()->document();
    QCOMPARE(document->tensor().layers(), 2);
    QCOMPARE(document->tensor().heads(), 4);
    QCOMPARE(document->tensor().tokens(), runner->lastTokens().tokens);
    QVERIFY(window.model()->textPanel()->predictionsLabel()->text().contains(
        QLatin1String("Next token")));

    // Looking at head 1.2 large while typing: it stays on head 1.2.
    document->select(1, 2);
    window.model()->modelPage()->showLarge();
    QLineEdit *text = window.model()->textPanel()->textEdit();
    text->selectAll();
    QTest::keyClicks(text, QStringLiteral("The cat sat"));
    runner->waitForIdle();
    QCOMPARE(runner->lastTokens().tokens, (std::vector<std::string>{"The",
                                                                    "\xc4\xa0"
                                                                    "cat",
                                                                    "\xc4\xa0"
                                                                    "sat"}));
    QCOMPARE(document->tensor().keys(), 3);
    QCOMPARE(document->layer(), 1);
    QCOMPARE(document->head(), 2);
    QVERIFY(window.model()->modelPage()->showsLarge());

    window.model()->textPanel()->bosToggle()->setChecked(true);
    runner->waitForIdle();
    QCOMPARE(runner->lastTokens().tokens.front(), std::string("<|endoftext|>"));
    QCOMPARE(document->tensor().keys(), 4);
}

void TestModelWindow::newestTextWins()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    ModelRunner *runner = window.model()->runner();
    QLineEdit *text = window.model()->textPanel()->textEdit();
    // Many texts while passes run: only the last one counts in the end.
    for (const char *t : {"the", "the cat", "the cat sat", "the cat sat on", "it was"})
        text->setText(QString::fromLatin1(t));
    runner->waitForIdle();
    QCOMPARE(runner->requestedText().text, QStringLiteral("it was"));
    QCOMPARE(runner->lastTokens().tokens, (std::vector<std::string>{"it", "\xc4\xa0"
                                                                          "was"}));
    QCOMPARE(window.model()->document()->tensor().keys(), 2);
}

void TestModelWindow::badTextKeepsTheHeads()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    ModelRunner *runner = window.model()->runner();
    QLineEdit *text = window.model()->textPanel()->textEdit();
    text->setText(QStringLiteral("The cat sat"));
    runner->waitForIdle();
    text->clear();
    runner->waitForIdle();
    QVERIFY(window.model()->textPanel()->statusLabel()->text().contains(
        QLatin1String("the text is empty")));
    QCOMPARE(window.model()->document()->tensor().keys(), 3);
    text->setText(QStringLiteral("the cat ").repeated(40));
    runner->waitForIdle();
    QVERIFY(
        window.model()->textPanel()->statusLabel()->text().contains(QLatin1String("at most 32")));
    QCOMPARE(window.model()->document()->tensor().keys(), 3);
    text->setText(QStringLiteral("it"));
    runner->waitForIdle();
    QVERIFY(window.model()->textPanel()->statusLabel()->text().isEmpty());
    QCOMPARE(window.model()->document()->tensor().keys(), 1);
}

void TestModelWindow::bertShowsMasksAndPair()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("bert-tiny")));
    ModelRunner *runner = window.model()->runner();
    ModelTextPanel *panel = window.model()->textPanel();
    QVERIFY(panel->pairEdit()->isVisible());
    QVERIFY(!panel->bosToggle()->isVisible());
    panel->textEdit()->setText(QStringLiteral("The cat sat on the [MASK]."));
    runner->waitForIdle();
    QCOMPARE(runner->lastRun()->masked.size(), size_t(1));
    QVERIFY(panel->predictionsLabel()->text().contains(QLatin1String("[MASK] at 6")));
    panel->pairEdit()->setText(QStringLiteral("the mat"));
    runner->waitForIdle();
    QCOMPARE(runner->lastTokens().tokenTypes.back(), 1);
}

void TestModelWindow::headOpensInAttentionTab()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    ModelRunner *runner = window.model()->runner();
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("it was the animal"));
    runner->waitForIdle();
    window.model()->document()->select(1, 3);
    QPushButton *button = window.model()->textPanel()->openHeadButton();
    QVERIFY(button->isEnabled());
    QVERIFY(button->text().contains(QLatin1String("1.3")));
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(window.tabs()->currentIndex(), 0);
    const Session &session = window.session()->document()->session();
    QCOMPARE(session, headSession(*runner->lastRun(), 1, 3));
    QCOMPARE(session.options.mask, MaskMode::Causal);
    const AttentionResult result =
        attend(session.queries, session.keys, session.effectiveValues(), session.options);
    QVERIFY((result.weights - runner->lastRun()->attention.head(1, 3).cast<double>())
                .cwiseAbs()
                .maxCoeff() < 1e-5);
    QVERIFY(window.session()->document()->filePath().isEmpty()); // untitled: Save asks for a name
    const QString note = window.session()->attentionTab()->hintBar()->text();
    QVERIFY2(
        note.contains(QStringLiteral("for “it was the animal” (%1 keys)").arg(session.keys.rows())),
        qPrintable(note));

    // A long text is quoted short: the note of what was done stays in sight.
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    QString longText;
    // A % of its own stays the text's (one arg() fills the note).
    for (int i = 0; i < 2; ++i)
        longText += QStringLiteral("the animal did not cross 100% of the street ");
    window.model()->textPanel()->textEdit()->setText(longText.trimmed());
    runner->waitForIdle();
    window.model()->document()->select(1, 3);
    QVERIFY(window.openHeadInAttentionTab());
    const QString longNote = window.session()->attentionTab()->hintBar()->text();
    QVERIFY2(
        longNote.contains(u"for “the animal did not cross 100% of the street …f the street” ("_s),
        qPrintable(longNote));
    QVERIFY(longNote.size() < 400);

    // Not on a layer average.
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    window.model()->document()->setView(ModelView::LayerAverage);
    QVERIFY(!button->isEnabled());
    QVERIFY(!window.openHeadInAttentionTab());
}

void TestModelWindow::unreadableFolderSaysWhy()
{
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->runner()->waitForIdle();
    QString shown;
    closeNextMessageBox(&shown);
    QVERIFY(!window.model()->openModelFolder(model("nothing-here")));
    QVERIFY2(shown.contains(QLatin1String("no such folder")), qPrintable(shown));
    // What was open stays open.
    QVERIFY(window.model()->runner()->hasModel());
    QCOMPARE(window.model()->document()->tensor().layers(), 2);
}

void TestModelWindow::weightsCutShortSaysReopen()
{
    // The weights truncated under an open model, as a second download does:
    // the next keystroke ended the program with SIGBUS and the session's
    // unsaved edits with it. Now the text panel says to reopen the model.
    QTemporaryDir dir;
    const QString folder = copyModel(dir, "gpt2-tiny");
    QVERIFY(!folder.isEmpty());
    MainWindow window;
    window.show();
    RowVector key = window.session()->document()->session().keys.row(0);
    key(0) = 0.625;
    window.session()->document()->setVector(VectorKind::Key, 0, key);
    QVERIFY(window.model()->openModelFolder(folder));
    ModelRunner *runner = window.model()->runner();
    QLineEdit *text = window.model()->textPanel()->textEdit();
    text->setText(QStringLiteral("The cat"));
    runner->waitForIdle();
    const int keys = window.model()->document()->tensor().keys();
    QVERIFY(QFile::resize(folder + QStringLiteral("/model.safetensors"), 100));
    text->setText(QStringLiteral("The cat sat"));
    runner->waitForIdle();
    const QString status = window.model()->textPanel()->statusLabel()->text();
    QVERIFY2(status.contains(QLatin1String("changed on disk while it was open")) &&
                 status.contains(QLatin1String("reopen the model")),
             qPrintable(status));
    // The heads of the last good text stay, and so does the session's edit.
    QCOMPARE(window.model()->document()->tensor().keys(), keys);
    QVERIFY(window.session()->document()->isModified());
    QCOMPARE(window.session()->document()->session().keys(0, 0), 0.625);
    QVERIFY(window.isVisible());
}

void TestModelWindow::unusedTensorsAreShown()
{
    // config.json with one layer over weights of two: the panel says so
    // under the text, as the command line does on stderr.
    QTemporaryDir dir;
    const QString folder = copyModel(dir, "gpt2-tiny");
    QVERIFY(!folder.isEmpty());
    QFile config(folder + QStringLiteral("/config.json"));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QJsonObject object = QJsonDocument::fromJson(config.readAll()).object();
    config.close();
    object.insert(QStringLiteral("n_layer"), 1);
    QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
    config.write(QJsonDocument(object).toJson());
    config.close();
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(folder));
    window.model()->runner()->waitForIdle();
    QCOMPARE(window.model()->document()->tensor().layers(), 1);
    const QLabel *status = window.model()->textPanel()->warningsLabel();
    QVERIFY2(status->text().contains(QLatin1String("12 tensors are not used by the configuration "
                                                   "(h.1.attn.c_attn.bias")),
             qPrintable(status->text()));
    QVERIFY(!status->isHidden());
}

void TestModelWindow::groupedQueryModelShowsItsCardAndGroups()
{
    // A Llama-family folder (6 query heads reading 2 key/value heads): its
    // card says what it is made of, and each head's tooltip which heads share
    // its keys and values.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(QStringLiteral(TEST_DATA_DIR "/decoders/llama-gqa")));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    QTRY_COMPARE(window.model()->document()->tensor().keys(), 4); // <s> the cat sat
    const QString card = window.model()->modelPage()->modelCardLine();
    QVERIFY2(card.contains(QLatin1String("Llama")) &&
                 card.contains(QLatin1String("6 query heads sharing 2 key/value")) &&
                 card.contains(QLatin1String("rotary theta=10000")),
             qPrintable(card));
    QCOMPARE(window.model()->document()->tensor().keyValueHeads(), 2);
    const QString tip = window.model()->modelPage()->grid()->toolTipFor(1, 4);
    QVERIFY2(tip.contains(QLatin1String("query head 4 shares key/value head 1 with heads 3 to 5")),
             qPrintable(tip));
    QVERIFY(window.model()->textPanel()->bosToggle()->isChecked()); // its tokenizer adds <s>
    QCOMPARE(window.model()->textPanel()->bosToggle()->text(), QStringLiteral("Start with <s>"));
    QVERIFY(window.model()->textPanel()->predictionsLabel()->text().contains(
        QLatin1String("Next token")));
}

void TestModelWindow::generationStepsThroughItsTokens()
{
    // Generate writes after the text; the timeline steps through what it
    // wrote, each step showing the attention that chose its token; an
    // alternative taken writes on from there, and Edit > Undo (or Back)
    // returns, step by step, to the text before anything was written.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    const int prompt = int(window.model()->runner()->lastTokens().ids.size());
    GenerationPanel *panel = window.model()->generationPanel();
    QVERIFY(panel->isVisible()); // GPT-2 writes
    panel->findChild<QSpinBox *>()->setValue(5);
    QSignalSpy finished(window.model()->generationRunner(), &GenerationRunner::finished);
    QSignalSpy written(window.model()->generationRunner(), &GenerationRunner::written);
    QVERIFY(!window.model()->document()->undoStack()->canUndo());
    panel->generateButton()->click();
    QVERIFY(finished.wait(20000));
    const auto generation = panel->generation();
    QVERIFY(generation);
    QCOMPARE(int(generation->steps.size()), 5);
    // What it held beside the weights, as the memory limit counts it, is
    // said when it is done.
    QVERIFY(generation->memoryBytes > 0.0);
    QVERIFY2(window.statusBar()->currentMessage().contains(QLatin1String("beside the weights")),
             qPrintable(window.statusBar()->currentMessage()));
    // The text came as it was written: each snapshot one token or more on,
    // its attention over every row but the newest token's.
    QVERIFY(!written.isEmpty());
    int previous = 0;
    for (const QList<QVariant> &report : std::as_const(written)) {
        const auto partial = report.at(0).value<std::shared_ptr<const Generation>>();
        QVERIFY(int(partial->steps.size()) > previous);
        previous = int(partial->steps.size());
        QCOMPARE(partial->attention.keys(), partial->tokenCount() - 1);
        QCOMPARE(partial->ids[size_t(prompt)], generation->ids[size_t(prompt)]);
    }
    // One undo step on the Model tab's own stack, which Edit > Undo takes
    // while the tab is current.
    QUndoStack *undo = window.model()->document()->undoStack();
    QCOMPARE(undo->count(), 1);
    QCOMPARE(undo->undoText(), QStringLiteral("Generate 5 tokens"));
    QVERIFY(window.tabs()->currentWidget() == window.model()->modelPage());
    QAction *editUndo = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->shortcut() == QKeySequence(QKeySequence::Undo))
            editUndo = action;
    QVERIFY(editUndo);
    QVERIFY(editUndo->isEnabled());
    QCOMPARE(generation->promptLength, prompt);
    QCOMPARE(panel->step(), 5);
    // At step 5 the views show the text through the token before the fifth
    // written one: its last row chose that token.
    QCOMPARE(window.model()->document()->tensor().keys(), prompt + 4);
    QVERIFY(window.model()->document()->tensor().visibility().causal);
    QVERIFY2(panel->stepText().contains(QLatin1String("Step 5 of 5")),
             qPrintable(panel->stepText()));
    panel->setStep(1);
    QCOMPARE(window.model()->document()->tensor().keys(), prompt);
    // The first step's attention is the prompt's own pass: the same numbers.
    const AttentionTensor &shown = window.model()->document()->tensor();
    const ModelRun &run = *window.model()->runner()->lastRun();
    double error = 0.0;
    for (int l = 0; l < shown.layers(); ++l)
        for (int h = 0; h < shown.heads(); ++h)
            error = std::max(
                error, double((shown.head(l, h) - run.attention.head(l, h)).cwiseAbs().maxCoeff()));
    QVERIFY2(error < 1e-5, qPrintable(QString::number(error)));
    // Take the second alternative at step 2 and write on.
    const int alternative = generation->steps[1].top[1].id;
    panel->setStep(2);
    emit panel->alternativeChosen(2, alternative);
    QVERIFY(finished.wait(20000));
    const auto taken = panel->generation();
    QVERIFY(taken != generation);
    QCOMPARE(taken->ids[size_t(prompt + 1)], alternative);
    QCOMPARE(taken->promptLength, prompt + 2);
    QCOMPARE(undo->count(), 2);
    QVERIFY2(undo->undoText().startsWith(QStringLiteral("Take “")), qPrintable(undo->undoText()));
    QVERIFY(undo->undoText().endsWith(QStringLiteral("” at step 2")));
    // Edit > Undo: the text before the alternative, at the step it was taken.
    editUndo->trigger();
    QCOMPARE(panel->generation(), generation);
    QCOMPARE(panel->step(), 2);
    QCOMPARE(window.model()->document()->tensor().keys(), prompt + 1);
    // Redo takes it again; Back is Undo too.
    undo->redo();
    QCOMPARE(panel->generation(), taken);
    emit panel->backRequested();
    QCOMPARE(panel->generation(), generation);
    // Undo the Generate: nothing written, the text's own attention.
    editUndo->trigger();
    QVERIFY(!panel->generation());
    QCOMPARE(window.model()->document()->tensor().keys(), prompt);
    QVERIFY(!undo->canUndo());
    undo->redo();
    QCOMPARE(panel->generation(), generation);
    // On the Attention tab, Edit > Undo is the session's again.
    window.tabs()->setCurrentIndex(0);
    window.session()->document()->setTemperature(2.0);
    editUndo->trigger();
    QCOMPARE(window.session()->document()->session().options.temperature, 1.0);
    QCOMPARE(panel->generation(), generation);
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    // Open Head at step 3 takes the text up to the token that step chose from.
    panel->setStep(3);
    window.model()->modelPage()->showLarge();
    QVERIFY(window.openHeadInAttentionTab());
    QCOMPARE(int(window.session()->document()->session().keys.rows()), prompt + 2);
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    // A new text: what was written goes.
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the dog"));
    window.model()->runner()->waitForIdle();
    QVERIFY(!panel->generation());
    QVERIFY(!undo->canUndo());
    // A new text while the model writes: what it wrote goes (cancelled, or
    // cleared had it finished), and nothing of it comes back.
    panel->findChild<QSpinBox *>()->setValue(30);
    panel->generateButton()->click();
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the bird"));
    window.model()->runner()->waitForIdle();
    window.model()->generationRunner()->waitForIdle();
    QVERIFY(!panel->generation());
    QVERIFY(!undo->canUndo());
    QVERIFY(panel->generateButton()->isEnabled());
}

void TestModelWindow::logitLensShowsEveryLayersGuess()
{
    // The Lens beside Heatmap and Lines: each layer's most likely next token
    // at each position; its top row is the model's own guess.
    MainWindow window;
    window.show();
    QVERIFY(openTinyWith(window, QStringLiteral("the cat sat")));
    ModelPage *page = window.model()->modelPage();
    QVERIFY(showLens(page));
    const LogitLens &lens = *page->lensView()->lens();
    const ModelRun &run = *window.model()->runner()->lastRun();
    QCOMPARE(lens.layers, run.attention.layers());
    QCOMPARE(lens.positions, run.tokenCount());
    QCOMPARE(lens.at(lens.layers - 1, lens.positions - 1).front().id, run.topNext.front().id);
    QVERIFY(page->lensView()->toolTipFor(lens.layers - 1, 0).contains(QLatin1String("output")));
    // It exports as every view does.
    TabEditor *editor = window.currentEditor();
    QCOMPARE(editor->currentViewName(), QStringLiteral("lens"));
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("lens.png"));
    QString error;
    QVERIFY2(editor->exportFile(png, QStringLiteral("lens"), FigureStyle(), ExportSize{}, &error),
             qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1600, 900));
    QVERIFY(editor->exportFile(dir.filePath(QStringLiteral("lens.svg")), QStringLiteral("lens"),
                               FigureStyle(), ExportSize{}, &error));
    // BERT reads no next token: no lens is offered.
    QVERIFY(window.model()->openModelFolder(model("bert-tiny")));
    QVERIFY(!page->showsLens());
}

void TestModelWindow::logitLensFollowsTheTimeline()
{
    // The lens reads the text up to the step in view, as the heads do: it
    // follows the timeline, and a view changed while elsewhere on the
    // timeline comes back at the step shown (it kept the prompt's columns,
    // or the last step's, before).
    MainWindow window;
    window.show();
    QVERIFY(openTinyWith(window, QStringLiteral("the cat sat")));
    const int prompt = int(window.model()->runner()->lastTokens().ids.size());
    ModelPage *page = window.model()->modelPage();
    QVERIFY(showLens(page));
    QCOMPARE(page->lensView()->lens()->positions, prompt);
    GenerationPanel *panel = window.model()->generationPanel();
    panel->findChild<QSpinBox *>()->setValue(4);
    QSignalSpy finished(window.model()->generationRunner(), &GenerationRunner::finished);
    panel->generateButton()->click();
    QVERIFY(finished.wait(20000));
    QCOMPARE(panel->step(), 4);
    auto lensColumns = [page] {
        const auto &lens = page->lensView()->lens();
        return lens ? lens->positions : -1;
    };
    QTRY_COMPARE_WITH_TIMEOUT(lensColumns(), prompt + 3, 20000);
    for (int step : {2, 1, 4}) {
        panel->setStep(step);
        QTRY_COMPARE_WITH_TIMEOUT(lensColumns(), prompt + step - 1, 20000);
        QCOMPARE(window.model()->document()->tensor().keys(), prompt + step - 1);
    }
    // Heatmap, a step back, then Lens: the lens of the step in view.
    page->setCurrentMatrixView(0);
    panel->setStep(1);
    page->setCurrentMatrixView(2);
    QTRY_COMPARE_WITH_TIMEOUT(lensColumns(), prompt, 20000);
    // The tokens it labels are the step's text.
    QCOMPARE(page->lensView()->exportFigure().inputs.size(), prompt);
}

void TestModelWindow::logitLensReadsInTheHall()
{
    // In presentation mode the lens's title, its axis labels and its inputs
    // were dark text on the dark background; and nothing said what its
    // colours meant. Its words take the hall's ink, and a legend reads the
    // colours, on screen and in an export.
    MainWindow window;
    window.show();
    QVERIFY(openTinyWith(window, QStringLiteral("the cat sat")));
    ModelPage *page = window.model()->modelPage();
    QVERIFY(showLens(page));
    QCOMPARE(page->lensView()->style().theme, FigureStyle::Theme::Light);
    window.setPresentationMode(true);
    QCOMPARE(page->lensView()->style().theme, FigureStyle::Theme::Dark);
    QVERIFY(page->lensView()->style().foreground().lightnessF() > 0.8);
    // The label column, left of the cells, holds the hall's light ink.
    const QImage shot = page->lensView()->grab().toImage();
    int light = 0;
    for (int y = 0; y < shot.height(); ++y)
        for (int x = 0; x < 40 && x < shot.width(); ++x)
            light += shot.pixelColor(x, y).lightnessF() > 0.7 ? 1 : 0;
    QVERIFY2(light > 20, qPrintable(QString::number(light)));
    window.setPresentationMode(false);
    QCOMPARE(page->lensView()->style().theme, FigureStyle::Theme::Light);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("lens.svg"));
    QString error;
    QVERIFY2(window.currentEditor()->exportFile(svg, QStringLiteral("lens"), FigureStyle(),
                                                ExportSize{}, &error),
             qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("probability of the token shown"));
}

void TestModelWindow::attentionFileReplacesTheModelEverywhere()
{
    // What is shown is what is open, everywhere at once: a model still
    // reading its first text is named by the title and the status line, and
    // an attention file opened after a model leaves nothing of it (its
    // title, its status line and its Generate row stayed).
    MainWindow window;
    window.show();
    auto permanentText = [&window] {
        auto *line = window.statusBar()->findChild<ElidingLabel *>(QStringLiteral("StatusLine"));
        return line ? line->fullText() : QStringLiteral("(no status line)");
    };
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    const QString name = window.model()->runner()->model()->name();
    QVERIFY2(window.windowTitle().contains(name), qPrintable(window.windowTitle()));
    QVERIFY2(!permanentText().contains(QLatin1String("no model")), qPrintable(permanentText()));
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    QVERIFY(window.model()->generationPanel()->isVisible());
    QVERIFY(window.openFile(QStringLiteral(TEST_DATA_DIR "/attention/hook_pattern.npz")));
    QVERIFY2(!window.windowTitle().contains(name), qPrintable(window.windowTitle()));
    QVERIFY2(window.windowTitle().contains(QLatin1String("hook_pattern")),
             qPrintable(window.windowTitle()));
    QVERIFY2(!permanentText().contains(name), qPrintable(permanentText()));
    QVERIFY2(permanentText().contains(QLatin1String("hook_pattern")), qPrintable(permanentText()));
    QVERIFY(!window.model()->generationPanel()->isVisible());
    QVERIFY(!window.model()->textPanel()->isVisible());
    QVERIFY(!window.model()->runner()->model());
}

void TestModelWindow::everyFamilyIsNamed()
{
    // "GPT-2 or BERT" stayed in the empty page and the menu though every
    // family opens: both name each family the registry holds.
    MainWindow window;
    QAction *openModel = nullptr;
    for (QAction *action : window.findChildren<QAction *>())
        if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O))
            openModel = action;
    QVERIFY(openModel);
    for (ModelFamily family : modelFamilies()) {
        const QString name = QString::fromStdString(familyDescription(family).displayName);
        QVERIFY2(ModelPage::emptyStateText().contains(name), qPrintable(name));
        QVERIFY2(openModel->toolTip().contains(name), qPrintable(openModel->toolTip()));
    }
    QVERIFY(!ModelPage::emptyStateText().contains(QLatin1String("GPT-2 or BERT")));
}

void TestModelWindow::gridExportNamesTheGrid()
{
    // Rollout, then Escape back to the grid: Ctrl+E proposed a grid titled
    // "rollout over 2 layers", and the status line said the same. What is
    // named is what is shown: the grid and the score of its frames.
    MainWindow window;
    window.show();
    QVERIFY(openTinyWith(window, QStringLiteral("the cat sat")));
    window.model()->document()->setView(ModelView::Rollout);
    window.model()->modelPage()->showLarge();
    TabEditor *editor = window.currentEditor();
    QTRY_VERIFY(editor->exportTitle().contains(QLatin1String("rollout")));
    window.model()->modelPage()->showGrid();
    QCOMPARE(editor->currentViewName(), QStringLiteral("grid"));
    QVERIFY2(!editor->exportTitle().contains(QLatin1String("rollout")),
             qPrintable(editor->exportTitle()));
    QVERIFY2(!editor->statusText().contains(QLatin1String("rollout")),
             qPrintable(editor->statusText()));
    auto *score = window.model()->modelPage()->findChild<QComboBox *>();
    for (QComboBox *box : window.model()->modelPage()->findChildren<QComboBox *>())
        if (box->accessibleName() == QLatin1String("Score"))
            score = box;
    score->setCurrentIndex(int(HeadScoreKind::FirstToken));
    QVERIFY2(editor->exportTitle().contains(QLatin1String("first token")),
             qPrintable(editor->exportTitle()));
    QVERIFY2(editor->statusText().contains(QLatin1String("first token")),
             qPrintable(editor->statusText()));
}

void TestModelWindow::statusLineKeepsItsPlace()
{
    // "reading…" during each pass appeared and went on a line of its own,
    // pushing the heads down and back up; then an empty line was kept for
    // it, a row the matrix lacked at 1280 x 720. Now it has its room beside
    // the text, and no line is kept below the predictions.
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(window.model()->openModelFolder(model("gpt2-tiny")));
    window.model()->runner()->waitForIdle();
    ModelTextPanel *panel = window.model()->textPanel();
    QVERIFY(panel->statusLabel()->isHidden());
    QVERIFY(panel->warningsLabel()->isHidden());
    QVERIFY(panel->busyLabel()->isHidden());
    QVERIFY(panel->busyLabel()->sizePolicy().retainSizeWhenHidden());
    const QWidget *grid = window.model()->modelPage()->findChild<HeadGridView *>();
    QVERIFY(grid);
    QTest::qWait(20);
    const int gridTop = grid->mapTo(&window, QPoint(0, 0)).y();
    const int textLeft = panel->textEdit()->mapTo(&window, QPoint(0, 0)).x();
    const int textWidth = panel->textEdit()->width();
    panel->busyLabel()->show(); // as a long pass shows it
    QTest::qWait(20);
    QCOMPARE(grid->mapTo(&window, QPoint(0, 0)).y(), gridTop);
    QCOMPARE(panel->textEdit()->width(), textWidth);
    panel->textEdit()->setText(QStringLiteral("the cat sat"));
    window.model()->runner()->waitForIdle();
    QTest::qWait(50);
    QVERIFY(panel->busyLabel()->isHidden());
    QCOMPARE(grid->mapTo(&window, QPoint(0, 0)).y(), gridTop);
    QCOMPARE(panel->textEdit()->mapTo(&window, QPoint(0, 0)).x(), textLeft);
    // A refused text takes the predictions' place, not a new row.
    const QRect predictions(panel->predictionsLabel()->mapTo(&window, QPoint(0, 0)),
                            panel->predictionsLabel()->size());
    panel->textEdit()->clear();
    window.model()->runner()->waitForIdle();
    QTRY_VERIFY(panel->statusLabel()->isVisible());
    QVERIFY(panel->predictionsLabel()->isHidden());
    const QPoint status = panel->statusLabel()->mapTo(&window, QPoint(0, 0));
    QVERIFY2(predictions.contains(status + QPoint(1, 1)) ||
                 std::abs(status.y() - predictions.top()) <= predictions.height(),
             qPrintable(QStringLiteral("status at %1, predictions at %2")
                            .arg(status.y())
                            .arg(predictions.top())));
    QTest::qWait(20);
    QCOMPARE(grid->mapTo(&window, QPoint(0, 0)).y(), gridTop);
}

void TestModelWindow::supersededResultIsNeverEmitted()
{
    // The first pass is held until two newer texts have been typed: its
    // result, and the first newer one's, must never reach the views; only
    // the newest is emitted, once.
    QSemaphore gate;
    std::atomic<int> passes{0};
    ModelRunner runner(nullptr, [&](const PretrainedModel &model, const ModelText &text) {
        if (passes.fetch_add(1) == 0)
            gate.acquire();
        ModelRunner::PassResult result;
        result.tokens = model.tokenize(text);
        result.run = model.run(result.tokens);
        return result;
    });
    runner.setModel(PretrainedModel::open(model("gpt2-tiny")));
    QSignalSpy finished(&runner, &ModelRunner::runFinished);
    QStringList emitted;
    connect(&runner, &ModelRunner::runFinished, &runner, [&] {
        QString tokens;
        for (const std::string &token : runner.lastTokens().tokens)
            tokens += QString::fromStdString(token);
        emitted << tokens;
    });
    for (const char *typed : {"the", "the cat", "it was"}) {
        ModelText text;
        text.text = QString::fromLatin1(typed);
        runner.request(text);
    }
    QVERIFY(runner.isBusy());
    gate.release();
    runner.waitForIdle();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(emitted, QStringList{QStringLiteral("it\u0120was")});
    // "the cat" waited and was replaced by "it was": two passes, not three.
    QCOMPARE(passes.load(), 2);
}

void TestModelWindow::passThatThrowsSaysWhy_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("logic_error") << 0 << QStringLiteral("a weight tensor was loaded twice");
    QTest::newRow("bad_alloc") << 1 << QStringLiteral("not enough memory");
    QTest::newRow("ReadError") << 2 << QStringLiteral("model.safetensors changed on disk");
    QTest::newRow("int") << 3 << QStringLiteral("an unexpected error");
}

void TestModelWindow::passThatThrowsSaysWhy()
{
    // Whatever a pass throws in the worker becomes runFailed() with its
    // message; before, a std::logic_error was rethrown by result() in the
    // finished() slot and ended the program.
    QFETCH(int, kind);
    QFETCH(QString, expected);
    ModelRunner runner(nullptr, [kind](const PretrainedModel &, const ModelText &) {
        if (kind == 0)
            throw std::logic_error("a weight tensor was loaded twice");
        if (kind == 1)
            throw std::bad_alloc();
        if (kind == 2)
            throwReadError(QStringLiteral("model.safetensors changed on disk"));
        throw 42;
        return ModelRunner::PassResult();
    });
    runner.setModel(PretrainedModel::open(model("gpt2-tiny")));
    QSignalSpy failed(&runner, &ModelRunner::runFailed);
    QSignalSpy finished(&runner, &ModelRunner::runFinished);
    ModelText text;
    text.text = QStringLiteral("the cat");
    runner.request(text);
    runner.waitForIdle();
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), expected);
    QCOMPARE(runner.lastError(), expected);
    QCOMPARE(finished.count(), 0);
    QVERIFY(!runner.lastRun());
}

void TestModelWindow::brokenTokenizerSaysWhy_data()
{
    // Issue 19, items 14 and 15, in the window: the message box says what is
    // wrong, on one line, with the input escaped as on the command line.
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind"); // "evil-key", "fifo" or "folder"
    QTest::addColumn<QString>("expected");
    QTest::newRow("a vocab.json key with ESC, a newline and U+202E")
        << u"gpt2-tiny"_s << u"vocab.json"_s << u"evil-key"_s
        << u"is not a JSON object of token to id: \"\\x1b[31m\\nevil\\u202e\" has id 1.5"_s;
    QTest::newRow("vocab.json is a FIFO") << u"gpt2-tiny"_s << u"vocab.json"_s << u"fifo"_s
                                          << u"vocab.json: is a FIFO (named pipe)"_s;
    QTest::newRow("merges.txt is a folder")
        << u"gpt2-tiny"_s << u"merges.txt"_s << u"folder"_s << u"merges.txt: is a folder"_s;
    QTest::newRow("tokenizer_config.json is a FIFO")
        << u"bert-tiny"_s << u"tokenizer_config.json"_s << u"fifo"_s
        << u"config.json: is a FIFO (named pipe)"_s;
}

void TestModelWindow::brokenTokenizerSaysWhy()
{
    QFETCH(QString, source);
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QByteArray name = source.toLatin1();
    const QString folder = copyModel(dir, name.constData());
    QVERIFY(!folder.isEmpty());
    const QDir from(model(name.constData()));
    const QString path = folder + QLatin1Char('/') + file;
    QVERIFY(QFile::remove(path));
    if (kind == u"evil-key"_s) {
        QFile original(from.filePath(file));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("{\"\\u001b[31m\\nevil\\u202e\": 1.5," + original.readAll().mid(1));
    } else if (kind == u"fifo"_s) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else {
        QVERIFY(QDir().mkdir(path));
    }
    MainWindow window;
    window.show();
    QString shown;
    closeNextMessageBox(&shown);
    QVERIFY(!window.model()->openModelFolder(folder));
    QVERIFY2(shown.contains(expected), qPrintable(shown));
    QVERIFY2(!shown.contains(QLatin1Char('\n')) && !shown.contains(QChar(0x202E)) &&
                 !shown.contains(QChar(0x1B)),
             qPrintable(shown));
}

void TestModelWindow::builtinModelWritesOnItsExample()
{
    // The example sentence made Generate write "<|endoftext|>" and stop
    // after one step, with the reason cut off at the end of the status bar.
    // It now writes on; why it stopped reads whole on the step line; and
    // asked to, it writes past its end-of-text token.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    window.model()->runner()->waitForIdle();
    GenerationPanel *panel = window.model()->generationPanel();
    QSignalSpy finished(window.model()->generationRunner(), &GenerationRunner::finished);
    panel->generateButton()->click();
    QVERIFY(finished.wait(30000));
    const auto generation = panel->generation();
    QVERIFY(generation);
    QVERIFY2(generation->steps.size() >= 3, qPrintable(QString::number(generation->steps.size())));
    if (generation->stop == GenerationStop::EndOfText)
        QVERIFY2(panel->stepText().contains(QLatin1String("Stopped</b> at the model's "
                                                          "end-of-text token")),
                 qPrintable(panel->stepText()));
    // Past the end of text when asked: every token asked for.
    QCheckBox *stopAtEnd = nullptr;
    for (QCheckBox *box : panel->findChildren<QCheckBox *>())
        if (box->text().contains(QLatin1String("end-of-text")))
            stopAtEnd = box;
    QVERIFY(stopAtEnd && stopAtEnd->isChecked());
    stopAtEnd->setChecked(false);
    panel->findChild<QSpinBox *>()->setValue(24);
    window.model()->textPanel()->textEdit()->setText(QStringLiteral("a member of the genus"));
    window.model()->runner()->waitForIdle();
    panel->generateButton()->click();
    QVERIFY(finished.wait(30000));
    QCOMPARE(int(panel->generation()->steps.size()), 24);
    QCOMPARE(panel->generation()->stop, GenerationStop::TokenCount);
}

void TestModelWindow::builtinModelOpensInOneClick()
{
    // A first start: the empty Model tab offers the built-in model, and one
    // click shows its heads on its example sentence.
    MainWindow window;
    window.show();
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    QVERIFY(window.model()->modelPage()->showsEmptyState());
    QPushButton *offer = window.model()->modelPage()->builtinButtons().front();
    QVERIFY(offer->isVisible());
    QCOMPARE(offer->text(), u"Open the built-in model: "_s + BuiltinModel::gpt2().description());
    QTest::mouseClick(offer, Qt::LeftButton);
    window.model()->runner()->waitForIdle();
    QVERIFY(window.model()->runner()->hasModel());
    QCOMPARE(QFileInfo(window.model()->runner()->model()->folder()).canonicalFilePath(),
             QFileInfo(BuiltinModel::gpt2().folder()).canonicalFilePath());
    QCOMPARE(window.model()->textPanel()->textEdit()->text(), BuiltinModel::gpt2().exampleText());
    QVERIFY(window.model()->modelPage()->showsGrid());
    QCOMPARE(window.model()->document()->tensor().layers(), 4);
    QVERIFY(!offer->isVisible());
    // File > Open Built-in Model does the same, with its shortcut.
    QAction *action = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->text().remove(QLatin1Char('&')) == QLatin1String("Open Built-in Model"))
            action = a;
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
}

void TestModelWindow::builtinKnownHeadsResolve()
{
    // Known heads offers the built-in model's own heads, and only those; no
    // button where its card lists none.
    const KnownHeadGroup group = builtinGroup();
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    window.model()->runner()->waitForIdle();
    ModelPage *page = window.model()->modelPage();
    QCOMPARE(page->knownHeadsButton()->isVisibleTo(page), !group.entries.isEmpty());
    if (group.entries.isEmpty()) {
        QVERIFY(page->knownHeadsMenu()->actions().isEmpty());
        return;
    }
    QList<QAction *> entries;
    QStringList titles;
    for (QAction *a : page->knownHeadsMenu()->actions()) {
        if (a->isSeparator())
            continue;
        if (!a->isEnabled())
            titles << a->text();
        else
            entries << a;
    }
    QCOMPARE(titles, QStringList{group.title});
    QCOMPARE(entries.size(), group.entries.size());
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const KnownHead &known = group.entries[i];
        entries[i]->trigger();
        QCOMPARE(window.model()->document()->layer(), known.layer);
        QCOMPARE(window.model()->document()->head(), known.head);
        QVERIFY(page->showsLarge());
        QVERIFY(page->matrixTitleLabel()->text().contains(known.role));
        QVERIFY(!known.source.isEmpty());
    }
}

void TestModelWindow::builtinHeadOpensInAttentionTab_data()
{
    // Every head of the trained model.
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    for (int layer = 0; layer < 4; ++layer)
        for (int head = 0; head < 4; ++head)
            QTest::addRow("%d.%d", layer, head) << layer << head;
}

void TestModelWindow::builtinHeadOpensInAttentionTab()
{
    // The trained head, with its real queries, keys and values, attends in
    // the Attention tab as it did in the model.
    QFETCH(int, layer);
    QFETCH(int, head);
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    window.model()->document()->select(layer, head);
    QVERIFY(window.openHeadInAttentionTab());
    const Session &session = window.session()->document()->session();
    const AttentionResult result =
        attend(session.queries, session.keys, session.effectiveValues(), session.options);
    const Eigen::MatrixXd model = runner->lastRun()->attention.head(layer, head).cast<double>();
    QCOMPARE(result.weights.rows(), model.rows());
    QVERIFY((result.weights - model).cwiseAbs().maxCoeff() < 1e-5);
}

void TestModelWindow::builtinHeadOfEachRoleIsShown_data()
{
    // Each role the built-in model's known heads have; a role it has none of
    // shows nothing.
    QTest::addColumn<QString>("role");
    QTest::addColumn<bool>("found");
    QStringList roles;
    for (const KnownHead &known : builtinGroup().entries)
        if (!roles.contains(known.role))
            roles << known.role;
    for (const QString &role : std::as_const(roles))
        QTest::newRow(qPrintable(role)) << role << true;
    QTest::newRow("a role it has none of") << u"name mover"_s << false;
}

void TestModelWindow::builtinHeadOfEachRoleIsShown()
{
    // The tour's pages open the built-in model and show the head they describe.
    QFETCH(QString, role);
    QFETCH(bool, found);
    MainWindow window;
    window.show();
    QCOMPARE(window.model()->showBuiltinHead(role), found);
    QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget *>(window.model()->modelPage()));
    if (!found)
        return;
    QVERIFY(window.model()->modelPage()->showsLarge());
    bool shown = false;
    for (const KnownHead &known : builtinGroup().entries)
        if (known.role == role) {
            QCOMPARE(window.model()->document()->layer(), known.layer);
            QCOMPARE(window.model()->document()->head(), known.head);
            shown = true;
            break;
        }
    QVERIFY(shown);
}

void TestModelWindow::builtinTranslatorOpensInOneClick()
{
    // The empty Model tab offers both built-in models; the second opens the
    // translator on its source, on the cross-attention, Translate ready.
    MainWindow window;
    window.show();
    window.tabs()->setCurrentWidget(window.model()->modelPage());
    const QList<QPushButton *> offers = window.model()->modelPage()->builtinButtons();
    QCOMPARE(offers.size(), 2);
    QCOMPARE(offers[1]->text(),
             u"Open the built-in translator: "_s + BuiltinModel::translator().description());
    QTest::mouseClick(offers[1], Qt::LeftButton);
    window.model()->runner()->waitForIdle();
    QCOMPARE(QFileInfo(window.model()->runner()->model()->folder()).canonicalFilePath(),
             QFileInfo(BuiltinModel::translator().folder()).canonicalFilePath());
    QCOMPARE(window.model()->textPanel()->textEdit()->text(), u"Show hidden files"_s);
    QVERIFY(window.model()->textPanel()->targetEdit()->text().isEmpty());
    QCOMPARE(window.model()->document()->setKind(), AttentionKind::Cross);
    QCOMPARE(window.model()->generationPanel()->generateButton()->text().remove(u'&'),
             u"Translate"_s);
    QVERIFY(window.model()->generationPanel()->generateButton()->isEnabled());
    // Translate keeps the keys once the run has drawn the grid: Enter translates.
    QCoreApplication::processEvents();
    QCOMPARE(window.focusWidget(),
             static_cast<QWidget *>(window.model()->generationPanel()->generateButton()));
    QSignalSpy translate(window.model()->generationPanel(), &GenerationPanel::generateRequested);
    QTest::keyClick(window.focusWidget(), Qt::Key_Return);
    QCOMPARE(translate.size(), 1);
    window.model()->generation()->clear();
    // File > Open Built-in Translator, with its shortcut.
    QAction *action = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->text().remove(QLatin1Char('&')) == QLatin1String("Open Built-in Translator"))
            action = a;
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_B));
}

void TestModelWindow::builtinTranslatorShowsItsAlignment()
{
    // The tour's page: the catalogue's French teacher-forced, and the known
    // aligning cross head large.
    KnownHeadGroup group;
    for (const KnownHeadGroup &g : KnownHeads::load())
        if (g.id == QLatin1String("builtin-en-fr-cross"))
            group = g;
    MainWindow window;
    window.show();
    QVERIFY(window.model()->showBuiltinAlignment());
    QCOMPARE(window.model()->textPanel()->targetEdit()->text(), u"Afficher les fichiers cachés"_s);
    QVERIFY(window.model()->modelPage()->showsLarge());
    QCOMPARE(window.model()->document()->setKind(), AttentionKind::Cross);
    const KnownHead aligning = group.entries.value(0);
    QCOMPARE(aligning.role, u"alignment"_s);
    QCOMPARE(window.model()->document()->layer(), aligning.layer);
    QCOMPARE(window.model()->document()->head(), aligning.head);
}

void TestModelWindow::knockOutTheTranslatorsCrossHeads()
{
    // The translator's alignment: K knocks the aligning cross-attention head
    // out of the teacher-forced pass, the loss of the French target rises,
    // Translate waits for every head, the encoder's grid has none crossed,
    // and a sweep of the cross-attention draws its 2 x 4 grid.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->showBuiltinAlignment());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    ModelDocument *document = window.model()->document();
    QCOMPARE(document->setKind(), AttentionKind::Cross);
    const int layer = document->layer(), head = document->head();
    // The tour's page shows the head large: K there.
    QVERIFY(window.model()->modelPage()->showsLarge());
    ModelHeatmapView *large = window.model()->modelPage()->heatmap();
    large->setFocus();
    QTest::keyClick(large, Qt::Key_K);
    runner->waitForIdle();
    const HeadIndex crossHead{layer, head, AttentionKind::Cross};
    QCOMPARE(document->knockedOut(), std::vector<HeadIndex>{crossHead});
    QCOMPARE(document->undoStack()->undoText(),
             u"Knock Out Head cross:%1.%2"_s.arg(layer).arg(head));
    QVERIFY(window.model()->experimentPanel()->isVisible());
    QVERIFY(!window.model()->generationPanel()->isEnabled());
    QCOMPARE(runner->lastMeasured().size(), size_t(1));
    const double without = runner->lastMeasured()[0];
    const double with = runner->lastBaseline()[0];
    QVERIFY2(without > with + 1e-3,
             qPrintable(u"loss %1 without, %2 with"_s.arg(without).arg(with)));
    // The command line's measure of the same pass.
    ModelMeasure loss;
    Interventions one;
    one.ablated = {crossHead};
    const PassTokens tokens = runner->lastPassTokens();
    QVERIFY(tokens.hasDecoder());
    const MeasuredPass pass = HeadExperiments::measured(*runner->model(), tokens, one, {loss});
    QVERIFY(std::abs(measureValue(loss, pass.run, tokens.decoder.ids, pass.baseline.get()) -
                     without) < 1e-6);
    // The encoder's head of the same number is not the one out.
    document->chooseSet(chosenSetIndex(document->sets(), AttentionKind::Encoder));
    QVERIFY(!document->isKnockedOut(layer, head));
    document->chooseSet(chosenSetIndex(document->sets(), AttentionKind::Cross));
    QVERIFY(document->isKnockedOut(layer, head));

    // The sweep of the attention shown.
    ExperimentController *experiments = window.model()->experiments();
    QVERIFY(experiments->runSweep(&window));
    SweepDialog *dialog = experiments->sweepDialog();
    dialog->waitForFinished();
    const EffectGridData &data = dialog->view()->data();
    const ModelConfig decoder = runner->model()->config().decoderConfig();
    QCOMPARE(data.rows, decoder.layers);
    QCOMPARE(data.columns, decoder.heads);
    QVERIFY2(data.subtitle.contains(u"cross-attention"_s), qPrintable(data.subtitle));
    const SweepGrid swept = HeadExperiments::ablationSweep(
        *runner->model(), tokens, loss, AblationKind::Zero, AttentionKind::Cross);
    for (int l = 0; l < data.rows; ++l)
        for (int h = 0; h < data.columns; ++h)
            QVERIFY(std::abs(data.effects[size_t(l * data.columns + h)] - swept.effect(l, h)) <
                    1e-5);
    QVERIFY(std::abs(swept.effect(layer, head) - (without - with)) < 1e-5);

    document->undoStack()->undo();
    runner->waitForIdle();
    QVERIFY(document->knockedOut().empty());
    QVERIFY(window.model()->generationPanel()->isEnabled());
}

void TestModelWindow::knockOutHeadsFromTheGrid()
{
    // The built-in model on its example, which says its definition twice:
    // K on the grid knocks the selected head out, the model reads the text
    // again without it from its layer up, the Experiments row measures the
    // loss with and without it, and Undo brings it back.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    ModelDocument *document = window.model()->document();
    ExperimentPanel *panel = window.model()->experimentPanel();
    QVERIFY(!panel->isVisible());
    const AttentionTensor before = document->tensor();
    QVERIFY(window.model()->generationPanel()->isEnabled());

    document->select(1, 1);
    HeadGridView *grid = window.model()->modelPage()->grid();
    grid->setFocus();
    QTest::keyClick(grid, Qt::Key_K);
    runner->waitForIdle();
    QCOMPARE(document->knockedOut(), (std::vector<HeadIndex>{{1, 1}}));
    QVERIFY(panel->isVisible());
    QVERIFY(!window.model()->generationPanel()->isEnabled());
    QCOMPARE(runner->lastMeasured().size(), size_t(1));
    const double without = runner->lastMeasured()[0];
    const double with = runner->lastBaseline()[0];
    QVERIFY(std::abs(without - with) > 1e-4);
    QVERIFY2(panel->resultText().contains(u"without 1 head"_s), qPrintable(panel->resultText()));
    // Layers up to the knocked-out head's read as before; those after it, again.
    const AttentionTensor &after = document->tensor();
    QCOMPARE(after.layers(), before.layers());
    QVERIFY((after.head(1, 1) - before.head(1, 1)).cwiseAbs().maxCoeff() < 1e-6f);
    QVERIFY((after.head(2, 0) - before.head(2, 0)).cwiseAbs().maxCoeff() > 1e-4f);
    // The command line measures the same.
    ModelMeasure loss;
    Interventions one;
    one.ablated = {{1, 1}};
    const MeasuredPass pass =
        HeadExperiments::measured(*runner->model(), runner->lastTokens(), one, {loss});
    QVERIFY(std::abs(measureValue(loss, pass.run, runner->lastTokens().ids, pass.baseline.get()) -
                     without) < 1e-6);

    // A second head, then Undo twice: every head back.
    document->select(3, 0);
    QTest::keyClick(grid, Qt::Key_K);
    runner->waitForIdle();
    QCOMPARE(document->knockedOut().size(), size_t(2));
    document->undoStack()->undo();
    runner->waitForIdle();
    QCOMPARE(document->knockedOut(), (std::vector<HeadIndex>{{1, 1}}));
    QVERIFY(std::abs(runner->lastMeasured()[0] - without) < 1e-5);
    document->undoStack()->undo();
    runner->waitForIdle();
    QVERIFY(document->knockedOut().empty());
    QVERIFY(!panel->isVisible());
    QVERIFY(window.model()->generationPanel()->isEnabled());
    QVERIFY((document->tensor().head(2, 0) - before.head(2, 0)).cwiseAbs().maxCoeff() < 1e-6f);
    // Restore Every Head is one step.
    QTest::keyClick(grid, Qt::Key_K);
    runner->waitForIdle();
    QVERIFY(!document->knockedOut().empty());
    QTest::mouseClick(panel->restoreButton(), Qt::LeftButton);
    runner->waitForIdle();
    QVERIFY(document->knockedOut().empty());
    QCOMPARE(document->undoStack()->undoText(), u"Restore Every Head"_s);
}

void TestModelWindow::sweepDrawsEachHeadsEffect()
{
    // Run Sweep: each head knocked out in turn, in the background, its grid
    // the core's sweep; a click on a cell knocks that head out on the tab.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    ExperimentController *experiments = window.model()->experiments();
    QVERIFY(experiments->runSweep(&window));
    QVERIFY(window.model()->experimentPanel()->isVisible()); // its measure is the row's
    SweepDialog *dialog = experiments->sweepDialog();
    QVERIFY(dialog && dialog->isVisible());
    dialog->waitForFinished();
    runner->waitForIdle();
    const EffectGridData &data = dialog->view()->data();
    QCOMPARE(data.rows, 4);
    QCOMPARE(data.columns, 4);
    ModelMeasure loss;
    const SweepGrid grid = HeadExperiments::ablationSweep(
        *runner->model(), runner->lastTokens(), loss, AblationKind::Zero, AttentionKind::Decoder);
    for (int l = 0; l < 4; ++l)
        for (int h = 0; h < 4; ++h)
            QVERIFY(std::abs(data.effects[size_t(l * 4 + h)] - grid.effect(l, h)) < 1e-5);
    QVERIFY2(dialog->statusText().contains(u"16 heads"_s), qPrintable(dialog->statusText()));
    QVERIFY(dialog->exportButton()->isEnabled());
    QTemporaryDir dir;
    QString error;
    QVERIFY2(dialog->exportTo(dir.filePath(u"sweep.svg"_s), &error), qPrintable(error));
    QVERIFY(QFile(dir.filePath(u"sweep.svg"_s)).size() > 1000);
    // The sweep as it filled the grid: a frame a head.
    QVERIFY(dialog->animationButton()->isEnabled());
    QVERIFY2(dialog->saveAnimation(dir.filePath(u"sweep.gif"_s), &error), qPrintable(error));
    QImageReader gif(dir.filePath(u"sweep.gif"_s));
    QCOMPARE(gif.imageCount(), 16);
    QVERIFY(!dialog->saveAnimation(dir.filePath(u"sweep.txt"_s), &error));
    QVERIFY(error.contains(u".gif or .mp4"_s));
    // Hover names the head and its effect; a click knocks it out.
    const QString said = dialog->view()->describe(QPoint(3, 0));
    QVERIFY2(said.startsWith(u"head 0.3: "_s), qPrintable(said));
    emit dialog->view()->cellActivated(0, 3);
    runner->waitForIdle();
    QCOMPARE(window.model()->document()->knockedOut(), (std::vector<HeadIndex>{{0, 3}}));
    QVERIFY(std::abs(runner->lastMeasured()[0] - runner->lastBaseline()[0] - grid.effect(0, 3)) <
            1e-5);
}

void TestModelWindow::tourKnocksOutTheInductionHeads()
{
    // The tour's page: random words said twice, the card's induction heads
    // knocked out, the loss on the second copy with them and without.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->showBuiltinKnockout());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    const std::vector<HeadIndex> &out = window.model()->document()->knockedOut();
    QCOMPARE(out.size(), size_t(4)); // the card's 1.1, 1.2, 3.0, 3.1
    ExperimentPanel *panel = window.model()->experimentPanel();
    QVERIFY(panel->isVisible());
    const int n = int(runner->lastTokens().ids.size());
    QCOMPARE(panel->fromBox()->value(), n / 2 + 1);
    QCOMPARE(panel->toBox()->value(), n - 1);
    QCOMPARE(runner->lastMeasured().size(), size_t(1));
    // The copy fails without them.
    QVERIFY2(runner->lastMeasured()[0] > runner->lastBaseline()[0] + 1.0,
             qPrintable(panel->resultText()));
    window.model()->document()->undoStack()->undo();
    runner->waitForIdle();
    QVERIFY(window.model()->document()->knockedOut().empty());
}

void TestModelWindow::patchingSweepsFromTheCleanText()
{
    // The Experiments row's corrupted text: each position of its residual
    // stream patched from the text above, the shares restored as `patch`
    // computes them; a text of another length is refused in the row.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    ModelRunner *runner = window.model()->runner();
    window.model()->textPanel()->textEdit()->setText(u"the cat sat on the mat"_s);
    runner->waitForIdle();
    ExperimentController *experiments = window.model()->experiments();
    ExperimentPanel *panel = window.model()->experimentPanel();
    experiments->setRowPinned(true);
    panel->measureBox()->setCurrentIndex(int(MeasureKind::KlDivergence));
    panel->sweepBox()->setCurrentIndex(2); // patch each position
    QVERIFY(panel->corruptedEdit()->isVisible());
    panel->corruptedEdit()->setText(u"the dog sat on the mat and"_s);
    QVERIFY(!experiments->runSweep(&window));
    QVERIFY2(panel->resultText().contains(u"patching needs as many"_s),
             qPrintable(panel->resultText()));
    panel->corruptedEdit()->setText(u"the dog sat on the mat"_s);
    QVERIFY(experiments->runSweep(&window));
    SweepDialog *dialog = experiments->sweepDialog();
    dialog->waitForFinished();
    const EffectGridData &data = dialog->view()->data();
    QCOMPARE(data.columnTitle, u"position"_s);
    QCOMPARE(data.columns, 6);
    ModelMeasure kl;
    kl.kind = MeasureKind::KlDivergence;
    ModelText dog;
    dog.text = u"the dog sat on the mat"_s;
    const TokenizedText corrupted = runner->model()->tokenize(dog);
    const PatchGrid grid =
        HeadExperiments::patchSweep(*runner->model(), runner->lastTokens(), corrupted, kl,
                                    PatchSites::Residual, AttentionKind::Decoder);
    for (int l = 0; l < data.rows; ++l)
        for (int p = 0; p < data.columns; ++p)
            QVERIFY(std::abs(data.effects[size_t(l * data.columns + p)] - grid.restored(l, p)) <
                    1e-5);
    // Patching "cat" back at the first layer's input restores all of it.
    QVERIFY(std::abs(grid.restored(0, 1) - 1.0) < 1e-6);
    QVERIFY(std::abs(grid.restored(0, 0)) < 1e-9);
}

void TestModelWindow::keyValueHeadKnocksOutItsGroup()
{
    // Llama with 6 query heads over 2 key/value heads: knocking out the
    // key/value head head 4 reads takes heads 3 to 5, as one undo step.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openModelFolder(QStringLiteral(TEST_DATA_DIR "/decoders/llama-gqa")));
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    ExperimentController *experiments = window.model()->experiments();
    QVERIFY(experiments->toggleKeyValueHead(1, 4));
    runner->waitForIdle();
    QCOMPARE(window.model()->document()->knockedOut(),
             (std::vector<HeadIndex>{{1, 3}, {1, 4}, {1, 5}}));
    QCOMPARE(window.model()->document()->undoStack()->undoText(),
             u"Knock Out Key/Value Head 1.kv1"_s);
    QVERIFY(experiments->toggleKeyValueHead(1, 3));
    runner->waitForIdle();
    QVERIFY(window.model()->document()->knockedOut().empty());
    // The built-in GPT-2's heads share nothing.
    QVERIFY(window.model()->openBuiltinModel());
    runner->waitForIdle();
    QVERIFY(!experiments->toggleKeyValueHead(1, 1));
}

void TestModelWindow::experimentsFollowTheTextAndTheModel()
{
    // A new text keeps the knocked-out heads and their undo steps; another
    // model starts from every head and the row's defaults.
    MainWindow window;
    window.show();
    QVERIFY(window.model()->openBuiltinModel());
    ModelRunner *runner = window.model()->runner();
    runner->waitForIdle();
    ModelDocument *document = window.model()->document();
    document->select(1, 1);
    window.model()->experiments()->toggleSelected();
    runner->waitForIdle();
    ExperimentPanel *panel = window.model()->experimentPanel();
    panel->fromBox()->setValue(3);
    window.model()->textPanel()->textEdit()->setText(u"the cat sat on the mat"_s);
    runner->waitForIdle();
    QCOMPARE(document->knockedOut(), (std::vector<HeadIndex>{{1, 1}}));
    QVERIFY(document->undoStack()->canUndo());
    QVERIFY(!window.model()->generationPanel()->isEnabled());
    QVERIFY(window.model()->generationPanel()->generateButton()->toolTip().contains(
        u"restore the knocked-out"_s));
    QVERIFY(window.model()->openBuiltinModel(BuiltinModel::translator()));
    runner->waitForIdle();
    QVERIFY(document->knockedOut().empty());
    QVERIFY(window.model()->generationPanel()->isEnabled());
    QVERIFY(!window.model()->generationPanel()->generateButton()->toolTip().contains(
        u"restore the knocked-out"_s));
    QVERIFY(window.model()->openBuiltinModel());
    runner->waitForIdle();
    QCOMPARE(panel->fromBox()->value(), -1);
    QCOMPARE(panel->measureBox()->currentIndex(), int(MeasureKind::Loss));
}

QTEST_MAIN(TestModelWindow)
#include "tst_modelwindow.moc"
