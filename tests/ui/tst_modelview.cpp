// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The Model tab driven offscreen: a trained model's attention, built in
// memory, as a grid of heads, one head large, the aggregates, and the
// window's routing of attention files.

#include "core/sets/attentionaggregates.h"
#include "core/sets/headscores.h"
#include "core/sets/tokenlabels.h"
#include "ui/document/attentiondocument.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"
#include "ui/model/attentionfiles.h"
#include "ui/model/headgridview.h"
#include "ui/model/knownheads.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/model/modelpage.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include "windowtestsettings.h"

#include <cmath>
#include <functional>
#include <random>

using namespace AttentionLab;

namespace {

/// L x H causal heads over the tokens (or positions): each head mixes a
/// previous-token pattern, a first-token pattern and noise in its own
/// proportions, so the heads' scores differ.
AttentionTensor makeTensor(int layers, int heads, int n, std::vector<std::string> tokens = {},
                           unsigned seed = 7)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> uniform(0.05f, 1.0f);
    std::vector<float> values(size_t(layers) * heads * n * n, 0.0f);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            float *a = values.data() + (size_t(l) * heads + h) * n * n;
            const float previous = float((l * heads + h) % 5) * 2.0f;
            const float first = float((l * heads + h) % 3);
            for (int i = 0; i < n; ++i) {
                float *row = a + size_t(i) * n;
                double sum = 0.0;
                for (int j = 0; j <= i; ++j) {
                    row[j] =
                        uniform(random) + (j == i - 1 ? previous : 0.0f) + (j == 0 ? first : 0.0f);
                    sum += row[j];
                }
                for (int j = 0; j <= i; ++j)
                    row[j] = float(row[j] / sum);
            }
        }
    AttentionTensor tensor(AttentionShape{layers, heads, n, n}, std::move(values));
    if (!tokens.empty())
        tensor.setTokens(std::move(tokens));
    return tensor;
}

/// GPT-2 style tokens: words start with "Ġ", "ing" continues the word before.
std::vector<std::string> gpt2Tokens()
{
    return {"The",
            "\xC4\xA0"
            "cat",
            "\xC4\xA0"
            "was",
            "\xC4\xA0"
            "sleep",
            "ing",
            "\xC4\xA0"
            "on",
            "\xC4\xA0"
            "the",
            "\xC4\xA0"
            "mat"};
}

void compareMatrices(const FloatMatrix &actual, const FloatMatrix &expected)
{
    QCOMPARE(actual.rows(), expected.rows());
    QCOMPARE(actual.cols(), expected.cols());
    QVERIFY((actual - expected).cwiseAbs().maxCoeff() < 1e-6f);
}

} // namespace

class TestModelView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void maskedCellsAreDrawnAsMasked();
    void gridShowsEveryHeadWithItsLabel();
    void thumbnailsArriveInTheBackground();
    void thumbnailsFollowTheColourRange();
    void fitAllShowsEveryHead();
    void fitAllFillsTheRoom();
    void sortingByAScoreOrdersTheHeads_data();
    void sortingByAScoreOrdersTheHeads();
    void hoverGivesTheScores();
    void clickAndEnterOpenTheHead();
    void arrowKeysStepHeadsAndLayers();
    void viewsShowWhatCoreComputes_data();
    void viewsShowWhatCoreComputes();
    void rolloutPastItsLimitSaysWhy();
    void entropyBarsShowTheMatrixRows();
    void zoomKeepsThePointersCell();
    void dragPansWithThePointer();
    void labelsThinOutAndValuesAppearWhenZoomed();
    void knownHeadsOnlyForTwelveByTwelve();
    void knownHeadsTableIsValid();
    void windowRoutesAttentionFiles();
    void unreadableFileLeavesEverythingAsItWas();
    void linesFollowTheCurrentMatrix();
    void modelTabExportsItsViews();
    void batchedFileAsksWhichInput();
    void sessionDocksStepAsideOnTheModelTab();
    void largePageKeysWorkWhereverTheFocusIs();

private:
    std::unique_ptr<ModelDocument> m_document;
    std::unique_ptr<ModelPage> m_page;
};

void TestModelView::initTestCase()
{
    WindowTestSettings::isolate();
}

void TestModelView::cleanupTestCase()
{
    m_page.reset();
    m_document.reset();
    WindowTestSettings::removeAll();
}

void TestModelView::init()
{
    m_page.reset();
    m_document = std::make_unique<ModelDocument>();
    m_page = std::make_unique<ModelPage>(m_document.get());
    m_page->resize(1000, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestModelView::gridShowsEveryHeadWithItsLabel()
{
    QVERIFY(m_page->showsEmptyState());
    m_document->setTensor(makeTensor(2, 3, 6), QStringLiteral("small.npz"));
    QVERIFY(m_page->showsGrid());
    QStringList expected;
    for (const char *label : {"0.0", "0.1", "0.2", "1.0", "1.1", "1.2"})
        expected << QLatin1String(label);
    QCOMPARE(m_page->grid()->labels(), expected);
    // Layers down, heads across, no two thumbnails in one place.
    const QRect a = m_page->grid()->thumbnailRect(0, 0);
    const QRect b = m_page->grid()->thumbnailRect(0, 1);
    const QRect c = m_page->grid()->thumbnailRect(1, 0);
    QVERIFY(b.left() > a.right());
    QCOMPARE(b.top(), a.top());
    QVERIFY(c.top() > a.bottom());
    QCOMPARE(c.left(), a.left());
}

void TestModelView::thumbnailsArriveInTheBackground()
{
    QSignalSpy progress(m_page->grid(), &HeadGridView::progressChanged);
    m_document->setTensor(makeTensor(3, 4, 40), QStringLiteral("t.npy"));
    QTRY_VERIFY(m_page->grid()->thumbnailsReady());
    QCOMPARE(m_page->grid()->thumbnailsDone(), 12);
    QVERIFY(progress.size() >= 2); // the start, then as they arrive
    QCOMPARE(progress.last().at(0).toInt(), 12);
    QTRY_VERIFY(m_document->scoresReady());
    QTRY_VERIFY(!m_page->progressBar()->isVisible());
    // The thumbnail is the head's own image: its strongest cell is drawn.
    const QImage shot = m_page->grid()->grab().toImage();
    const QRect thumb = m_page->grid()->thumbnailRect(0, 0);
    QVERIFY(shot.pixelColor(thumb.center()) != m_page->grid()->palette().color(QPalette::Base));
}

void TestModelView::sortingByAScoreOrdersTheHeads_data()
{
    QTest::addColumn<int>("kind");
    for (int k = 0; k < kHeadScoreKindCount; ++k)
        QTest::newRow(headScoreKey(HeadScoreKind(k)).c_str()) << k;
}

void TestModelView::sortingByAScoreOrdersTheHeads()
{
    QFETCH(int, kind);
    const AttentionTensor tensor = makeTensor(3, 4, 12);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    m_document->setTensor(tensor, QStringLiteral("t.npy"));
    m_document->waitForScores();
    m_page->scoreChooser()->setCurrentIndex(kind);
    m_page->sortToggle()->setChecked(true);
    const QStringList labels = m_page->grid()->labels();
    QCOMPARE(labels.size(), 12);
    QStringList natural;
    for (int i = 0; i < 12; ++i)
        natural << QStringLiteral("%1.%2").arg(i / 4).arg(i % 4);
    // Highest first, every head once.
    double previous = std::numeric_limits<double>::infinity();
    for (const QString &label : labels) {
        const int layer = label.section(QLatin1Char('.'), 0, 0).toInt();
        const int head = label.section(QLatin1Char('.'), 1, 1).toInt();
        const double v = scores[size_t(layer * 4 + head)].value(HeadScoreKind(kind));
        if (std::isnan(v))
            continue;
        QVERIFY2(v <= previous, qPrintable(labels.join(QLatin1Char(' '))));
        previous = v;
    }
    QStringList sorted = labels;
    sorted.sort();
    QCOMPARE(sorted, natural);
    if (kind == int(HeadScoreKind::PreviousToken))
        QVERIFY(labels != natural); // the fixture's heads differ in this score
    m_page->sortToggle()->setChecked(false);
    QCOMPARE(m_page->grid()->labels(), natural);
}

void TestModelView::maskedCellsAreDrawnAsMasked()
{
    // A decoder's head: the cells right of the diagonal were masked, not
    // weighed 0. They looked like weights of 0 in the grid and the large
    // view, which had no colour bar.
    AttentionTensor tensor = makeTensor(1, 2, 6);
    tensor.setVisibility(KeyVisibility{true, 0, 0});
    m_document->setTensor(std::move(tensor), QStringLiteral("causal.npy"));
    m_page->resize(900, 700);
    QTRY_VERIFY(m_page->grid()->thumbnailsReady());
    const QRgb masked = ColorMaps::maskedColor().rgb();
    const auto greyPixels = [masked](const QImage &image) {
        qsizetype grey = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                grey += image.pixel(x, y) == masked;
        return grey;
    };
    QVERIFY(greyPixels(m_page->grid()->grab().toImage()) > 100);
    m_page->showLarge();
    QTest::qWait(20);
    ModelHeatmapView *view = m_page->heatmap();
    QVERIFY(view->describeCell(1, 4).contains(QLatin1String("masked")));
    QVERIFY(!view->describeCell(4, 1).contains(QLatin1String("masked")));
    const QImage large = view->grab().toImage();
    QVERIFY(greyPixels(large) > 100);
    // The colour bar right of the matrix: the colour map's top colour is there.
    const QRgb top = ColorMaps::colorAt(ColorMaps::Name::Viridis, 1.0).rgb();
    bool barTop = false;
    for (int y = 0; y < large.height() && !barTop; ++y)
        for (int x = large.width() / 2; x < large.width() && !barTop; ++x)
            barTop = qAbs(qRed(large.pixel(x, y)) - qRed(top)) < 8 &&
                     qAbs(qGreen(large.pixel(x, y)) - qGreen(top)) < 8 &&
                     qAbs(qBlue(large.pixel(x, y)) - qBlue(top)) < 8;
    QVERIFY(barTop);
}

void TestModelView::thumbnailsFollowTheColourRange()
{
    // A 230-token causal text: every head's first row is one weight of 1,
    // so "fitted" spans 0 to 1 as "fixed" does, but "per row" must bring out
    // each row. The grid stayed the same dark squares while the large view
    // changed.
    m_document->setTensor(makeTensor(2, 2, 230), QStringLiteral("long.npy"));
    m_page->resize(900, 700);
    QTRY_VERIFY(m_page->grid()->thumbnailsReady());
    // Over the thumbnails' weights only: not the page around them, nor the
    // masked cells right of a causal head's diagonal, grey in every range.
    const QRgb masked = ColorMaps::maskedColor().rgb();
    const QRgb page = m_page->grid()->palette().color(QPalette::Base).rgb();
    const auto meanLightness = [this, masked, page] {
        const QImage image = m_page->grid()->grab().toImage();
        double sum = 0.0;
        long long count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (image.pixel(x, y) != masked && image.pixel(x, y) != page) {
                    sum += QColor(image.pixel(x, y)).lightnessF();
                    ++count;
                }
        return sum / double(std::max(1LL, count));
    };
    m_page->setColorRange(ColorRange::Mode::Fixed);
    const double fixed = meanLightness();
    m_page->setColorRange(ColorRange::Mode::PerRow);
    const double perRow = meanLightness();
    QVERIFY2(perRow > fixed + 0.02,
             qPrintable(QStringLiteral("fixed %1, per row %2").arg(fixed).arg(perRow)));
    m_page->setColorRange(ColorRange::Mode::Fixed);
    QCOMPARE(meanLightness(), fixed);
}

void TestModelView::fitAllShowsEveryHead()
{
    // 144 heads showed four and a half of twelve rows at 1080p.
    m_document->setTensor(makeTensor(12, 12, 9), QStringLiteral("gpt2.npz"));
    m_page->resize(1200, 700);
    m_page->show();
    QTRY_VERIFY(m_page->grid()->thumbnailsReady());
    QTRY_VERIFY(m_document->scoresReady());
    HeadGridView *grid = m_page->grid();
    const auto lastRowShows = [&] {
        const QWidget *viewport = grid->parentWidget();
        const QRect last(grid->mapTo(viewport, grid->thumbnailRect(11, 11).topLeft()),
                         grid->thumbnailRect(11, 11).size());
        return viewport->rect().contains(last);
    };
    QVERIFY(!lastRowShows()); // the grid scrolls
    m_page->fitAllToggle()->setChecked(true);
    QTRY_VERIFY(lastRowShows());
    QVERIFY(grid->thumbnailRect(0, 0).width() >= 6);
    QVERIFY(grid->height() <= grid->parentWidget()->height());
    // The tooltips keep the names and scores the small tiles have no room for.
    const QString tip = grid->toolTipFor(11, 11);
    QVERIFY2(tip.contains(QLatin1String("head 11.11")) && tip.contains(QLatin1String("entropy")),
             qPrintable(tip));
    m_page->fitAllToggle()->setChecked(false);
    QTRY_VERIFY(!lastRowShows());

    // SmolLM3's 36 x 16 in a hall's 420 px: every row in sight, the gaps
    // between the short rows narrowed rather than the tiles.
    m_document->setTensor(makeTensor(36, 16, 9), QStringLiteral("smollm3.npz"));
    m_page->resize(1280, 420);
    m_page->fitAllToggle()->setChecked(true);
    QTRY_VERIFY(grid->height() <= grid->parentWidget()->height());
    const QWidget *viewport = grid->parentWidget();
    const QRect last = grid->thumbnailRect(35, 15);
    QVERIFY(viewport->rect().contains(QRect(grid->mapTo(viewport, last.topLeft()), last.size())));
    QVERIFY(grid->thumbnailRect(1, 0).top() - grid->thumbnailRect(0, 0).bottom() <= 4);
    m_page->fitAllToggle()->setChecked(false);
}

void TestModelView::fitAllFillsTheRoom()
{
    // Fit all put a 4 x 4 grid in about 300 px of a 1280 px hall and dropped
    // its names: the tiles were squares as tall as the height allowed. They
    // now take the width too (up to twice as wide as tall, so that a head's
    // diagonal still reads as one), centred.
    m_document->setTensor(makeTensor(4, 4, 9), QStringLiteral("four.npz"));
    m_page->resize(1280, 420);
    m_page->show();
    QTRY_VERIFY(m_page->grid()->thumbnailsReady());
    m_page->fitAllToggle()->setChecked(true);
    HeadGridView *grid = m_page->grid();
    QTRY_VERIFY(grid->height() <= grid->parentWidget()->height());
    const QRect first = grid->thumbnailRect(0, 0);
    const QRect last = grid->thumbnailRect(3, 3);
    const int used = last.right() - first.left();
    QVERIFY2(used >= grid->width() * 2 / 5,
             qPrintable(QStringLiteral("%1 of %2 px").arg(used).arg(grid->width())));
    QVERIFY(first.width() > first.height());
    QVERIFY(first.width() <= 2 * first.height() + 1);
    // Centred: as much room left of the grid as right of it.
    QVERIFY(std::abs(first.left() - (grid->width() - last.right())) <= 16);
    // Every tile whole in the viewport.
    const QWidget *viewport = grid->parentWidget();
    QVERIFY(viewport->rect().contains(QRect(grid->mapTo(viewport, last.topLeft()), last.size())));
    m_page->fitAllToggle()->setChecked(false);
}

void TestModelView::hoverGivesTheScores()
{
    m_document->setTensor(makeTensor(2, 2, 8), QStringLiteral("t.npy"));
    m_document->waitForScores();
    const QString tip = m_page->grid()->toolTipFor(1, 0);
    QVERIFY2(tip.contains(QStringLiteral("head 1.0")), qPrintable(tip));
    const HeadScores &s = m_document->scores(1, 0);
    QVERIFY2(tip.contains(QStringLiteral("mean entropy (bits): %1").arg(s.entropyBits, 0, 'f', 3)),
             qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("previous token: %1").arg(s.previousToken, 0, 'f', 3)),
             qPrintable(tip));
    // No tokens, no repeats: the two detectors are left out, and the tip says why.
    QVERIFY(std::isnan(s.induction));
    QVERIFY(!tip.contains(QStringLiteral("<br>induction:")));
    QVERIFY2(tip.contains(QStringLiteral("no repeated tokens")), qPrintable(tip));

    std::vector<std::string> repeated{"a", "b", "c", "a", "b", "c", "a", "b"};
    m_document->setTensor(makeTensor(2, 2, 8, repeated), QStringLiteral("r.npy"));
    m_document->waitForScores();
    const QString repeatTip = m_page->grid()->toolTipFor(0, 1);
    QVERIFY2(repeatTip.contains(QStringLiteral("<br>induction:")), qPrintable(repeatTip));
    QVERIFY(!repeatTip.contains(QStringLiteral("no repeated tokens")));
}

void TestModelView::clickAndEnterOpenTheHead()
{
    m_document->setTensor(makeTensor(2, 3, 10), QStringLiteral("t.npy"));
    HeadGridView *grid = m_page->grid();
    QTest::mouseClick(grid, Qt::LeftButton, {}, grid->thumbnailRect(1, 2).center());
    QCOMPARE(m_document->layer(), 1);
    QCOMPARE(m_document->head(), 2);
    QVERIFY(m_page->showsLarge());
    QCOMPARE(m_document->view(), ModelView::Head);
    QTest::keyClick(m_page->heatmap(), Qt::Key_Escape);
    QVERIFY(m_page->showsGrid());
    // The keyboard: arrows move the selection, Enter opens it.
    QTest::keyClick(grid, Qt::Key_Left);
    QCOMPARE(m_document->head(), 1);
    QTest::keyClick(grid, Qt::Key_Up);
    QCOMPARE(m_document->layer(), 0);
    QVERIFY(m_page->showsGrid());
    QTest::keyClick(grid, Qt::Key_Return);
    QVERIFY(m_page->showsLarge());
    QCOMPARE(m_page->heatmap()->describeCell(3, 1),
             QStringLiteral("query “3” (3) → key “1” (1): %1")
                 .arg(double(m_document->tensor().head(0, 1)(3, 1)), 0, 'f', 6));
}

void TestModelView::arrowKeysStepHeadsAndLayers()
{
    m_document->setTensor(makeTensor(3, 3, 6), QStringLiteral("t.npy"));
    m_page->showLarge();
    ModelHeatmapView *view = m_page->heatmap();
    const struct
    {
        Qt::Key key;
        int layer;
        int head;
    } steps[] = {
        {Qt::Key_Right, 0, 1}, {Qt::Key_Right, 0, 2},    {Qt::Key_Right, 0, 2}, // clamped
        {Qt::Key_Down, 1, 2},  {Qt::Key_PageDown, 2, 2}, {Qt::Key_Down, 2, 2},
        {Qt::Key_Left, 2, 1},  {Qt::Key_Up, 1, 1},       {Qt::Key_PageUp, 0, 1},
    };
    for (const auto &step : steps) {
        QTest::keyClick(view, step.key);
        QCOMPARE(m_document->layer(), step.layer);
        QCOMPARE(m_document->head(), step.head);
        compareMatrices(m_document->currentMatrix(),
                        m_document->tensor().head(step.layer, step.head));
    }
}

void TestModelView::viewsShowWhatCoreComputes_data()
{
    QTest::addColumn<int>("view");
    QTest::addColumn<bool>("words");
    QTest::newRow("head") << int(ModelView::Head) << false;
    QTest::newRow("layer average") << int(ModelView::LayerAverage) << false;
    QTest::newRow("rollout") << int(ModelView::Rollout) << false;
    QTest::newRow("head, words") << int(ModelView::Head) << true;
    QTest::newRow("layer average, words") << int(ModelView::LayerAverage) << true;
    QTest::newRow("rollout, words") << int(ModelView::Rollout) << true;
}

void TestModelView::viewsShowWhatCoreComputes()
{
    QFETCH(int, view);
    QFETCH(bool, words);
    const AttentionTensor tensor = makeTensor(3, 2, 8, gpt2Tokens());
    m_document->setTensor(tensor, QStringLiteral("gpt2.npz"));
    m_document->select(1, 1);
    QVERIFY(m_page->wordToggle()->isEnabled());
    // Through the page's own controls.
    m_page->viewChooser()->setCurrentIndex(view);
    emit m_page->viewChooser()->activated(view);
    if (view == int(ModelView::Rollout)) {
        // Computed in the background: nothing to show until it arrives.
        QVERIFY(m_document->rolloutPending());
        QCOMPARE(m_document->currentMatrix().rows(), 0);
        QVERIFY(m_document->currentTitle().contains(QStringLiteral("computing")));
    }
    m_page->wordToggle()->setChecked(words);
    QCOMPARE(int(m_document->view()), view);
    QCOMPARE(m_document->wordLevel(), words);
    if (view != int(ModelView::Head))
        QVERIFY(m_page->showsLarge());
    QTRY_VERIFY(!m_document->rolloutPending()); // arrives through the event loop

    FloatMatrix expected;
    switch (ModelView(view)) {
    case ModelView::Head:
        expected = tensor.head(1, 1);
        break;
    case ModelView::LayerAverage:
        expected = layerAverage(tensor, 1);
        break;
    case ModelView::Rollout:
        expected = rollout(tensor);
        break;
    }
    QStringList rowLabels;
    if (words) {
        const WordGroups groups = groupWords(tensor.tokens());
        QCOMPARE(groups.count(), 7); // "sleep" + "ing"
        expected = mergeWords(expected, groups, groups);
        for (const std::string &w : groups.words)
            rowLabels << QString::fromStdString(w);
    } else {
        for (const std::string &t : tensor.tokens())
            rowLabels << QString::fromStdString(displayToken(t));
    }
    compareMatrices(m_document->currentMatrix(), expected);
    QCOMPARE(m_document->rowLabels(), rowLabels);
    QCOMPARE(m_document->columnLabels(), rowLabels);
}

void TestModelView::rolloutPastItsLimitSaysWhy()
{
    // 202 layers of 1000 dense tokens (one uniform matrix shared by all):
    // 201 products of 1e9 multiply-adds, past the rollout's limit. The view
    // says so in its title instead of computing for minutes.
    const int n = 1000;
    auto uniform = std::make_shared<std::vector<float>>(size_t(n) * n, 1.0f / n);
    m_document->setTensor(
        AttentionTensor({202, 1, n, n}, std::vector<const float *>(202, uniform->data()), uniform),
        QStringLiteral("deep.npy"));
    const int view = int(ModelView::Rollout);
    m_page->viewChooser()->setCurrentIndex(view);
    emit m_page->viewChooser()->activated(view);
    QCOMPARE(int(m_document->view()), view);
    QVERIFY(!m_document->rolloutPending());
    QCOMPARE(m_document->currentMatrix().rows(), 0);
    QCOMPARE(m_document->currentTitle(),
             QStringLiteral("not drawn: the rollout of 1000 tokens over 202 layers would take "
                            "2.01e+11 multiply-adds; the limit is 2e+11 (at most 998 tokens at "
                            "this depth)"));
}

void TestModelView::entropyBarsShowTheMatrixRows()
{
    const AttentionTensor tensor = makeTensor(1, 2, 5);
    m_document->setTensor(tensor, QStringLiteral("t.npy"));
    m_document->select(0, 1);
    const QList<double> bars = m_page->entropyBars()->barLengths();
    QCOMPARE(bars.size(), 5);
    for (int i = 0; i < 5; ++i) {
        const double expected = rowEntropyBits(tensor.headData(0, 1) + i * 5, 5);
        QVERIFY(std::abs(bars[i] - expected) < 1e-9);
        // Causal rows see keys 0..i: the maximum is log2(i + 1).
        QVERIFY(std::abs(m_page->entropyBars()->maxima()[i] - std::log2(i + 1.0)) < 1e-12);
    }
    QVERIFY(!m_page->entropyBars()->barLabels().first().contains(QStringLiteral("lost")));
}

void TestModelView::zoomKeepsThePointersCell()
{
    m_document->setTensor(makeTensor(1, 1, 64), QStringLiteral("t.npy"));
    m_page->showLarge();
    ModelHeatmapView *view = m_page->heatmap();
    const QRect plot = view->plotRect();
    for (const QPointF point : {QPointF(plot.left() + plot.width() * 0.3, plot.top() + 50.5),
                                QPointF(plot.center()) + QPointF(0.5, 0.5)}) {
        view->fitToView();
        const QPoint before = view->cellAt(point);
        QVERIFY(before.x() >= 0);
        for (int step = 0; step < 6; ++step) {
            QWheelEvent wheel(point, view->mapToGlobal(point), QPoint(), QPoint(0, 120),
                              Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(view, &wheel);
            QCOMPARE(view->cellAt(point), before);
        }
        QVERIFY(view->cellSize().height() > 3.0 * plot.height() / 64.0 - 1e-9);
    }
}

void TestModelView::dragPansWithThePointer()
{
    m_document->setTensor(makeTensor(1, 1, 64), QStringLiteral("t.npy"));
    m_page->showLarge();
    ModelHeatmapView *view = m_page->heatmap();
    const QPoint centre = view->plotRect().center();
    view->zoomAt(centre, 4.0);
    const QPoint from = centre + QPoint(-40, -30);
    const QPoint to = centre + QPoint(30, 25);
    const QPoint grabbed = view->cellAt(from);
    QTest::mousePress(view, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, to, view->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(view, &move);
    QTest::mouseRelease(view, Qt::LeftButton, {}, to);
    QCOMPARE(view->cellAt(to), grabbed);
    QSignalSpy hovered(view, &ModelHeatmapView::hovered);
    QTest::mouseMove(view, to);
    QTRY_VERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).toString(), view->describeCell(grabbed.x(), grabbed.y()));
    QCOMPARE(m_page->hoverLabel()->text(), view->describeCell(grabbed.x(), grabbed.y()));
}

void TestModelView::labelsThinOutAndValuesAppearWhenZoomed()
{
    m_document->setTensor(makeTensor(1, 1, 300), QStringLiteral("t.npy"));
    m_page->showLarge();
    ModelHeatmapView *view = m_page->heatmap();
    view->fitToView();
    const QStringList thinned = view->visibleRowLabels();
    QVERIFY2(thinned.size() < 100 && thinned.size() > 3,
             qPrintable(QString::number(thinned.size())));
    view->zoomAt(view->plotRect().topLeft(), 1000.0);
    QVERIFY(view->cellSize().height() >= ModelHeatmapView::kValueCellPixels);
    const QStringList exact = view->visibleRowLabels();
    const auto [first, last] = view->visibleRows();
    QCOMPARE(exact.size(), last - first);
    QCOMPARE(exact.first(), QString::number(first));
    // The entropy bars stay beside the rows in view.
    const QStringList notes = m_page->entropyBars()->barLabels();
    QVERIFY2(!notes.isEmpty() && notes.size() <= last - first,
             qPrintable(QString::number(notes.size())));
}

void TestModelView::knownHeadsOnlyForTwelveByTwelve()
{
    std::vector<std::string> gpt2(4, "\xC4\xA0"
                                     "dog");
    gpt2[0] = "The";
    m_document->setTensor(makeTensor(12, 12, 4, gpt2), QStringLiteral("gpt2.npz"));
    QVERIFY(m_page->knownHeadsButton()->isVisible());
    QStringList texts;
    for (QAction *a : m_page->knownHeadsMenu()->actions())
        texts << a->text();
    QVERIFY(texts.contains(QStringLiteral("GPT-2 small")));
    QVERIFY(!texts.contains(QStringLiteral("BERT-base")));
    QAction *induction = nullptr;
    for (QAction *a : m_page->knownHeadsMenu()->actions())
        if (!induction && a->text().startsWith(QStringLiteral("5.5  induction")))
            induction = a;
    QVERIFY(induction);
    QVERIFY(induction->text().contains(QStringLiteral("2211.00593")));
    induction->trigger();
    QCOMPARE(m_document->layer(), 5);
    QCOMPARE(m_document->head(), 5);
    QVERIFY(m_page->showsLarge());
    // The large view says what the head is and who found it, not only "head
    // 5.5": short in the title, which a hall must read, whole in its tooltip.
    const QString title = m_page->matrixTitleLabel()->text();
    QVERIFY2(title.startsWith(QStringLiteral("head 5.5: induction (Wang et al. 2022; Olsson et al. "
                                             "2022")),
             qPrintable(title));
    const QString whole = m_page->matrixTitleLabel()->toolTip();
    QVERIFY2(
        whole.startsWith(QStringLiteral("head 5.5: induction in GPT-2 small (Wang et al. 2022, "
                                        "indirect-object identification circuit (arXiv "
                                        "2211.00593)); induction in GPT-2 small (Olsson et al. "
                                        "2022")),
        qPrintable(whole));
    m_document->select(0, 1);
    QVERIFY(m_page->matrixTitleLabel()->text().startsWith(
        QStringLiteral("head 0.1: duplicate token (Wang et al. 2022")));
    QVERIFY(m_page->matrixTitleLabel()->toolTip().startsWith(
        QStringLiteral("head 0.1: duplicate token in GPT-2 small")));
    m_document->select(2, 3);
    QCOMPARE(m_page->matrixTitleLabel()->text(), QStringLiteral("head 2.3"));

    // Tokens that do not tell: both groups, each titled.
    m_document->setTensor(makeTensor(12, 12, 3), QStringLiteral("plain.npy"));
    texts.clear();
    for (QAction *a : m_page->knownHeadsMenu()->actions())
        texts << a->text();
    QVERIFY(texts.contains(QStringLiteral("GPT-2 small")));
    QVERIFY(texts.contains(QStringLiteral("BERT-base")));
    QVERIFY(texts.contains(QStringLiteral("7.9  direct object (paper's 8-10) — Clark et al. 2019, "
                                          "What does BERT look at? (arXiv 1906.04341)")));
    // BERT's tokens: BERT's group alone.
    m_document->setTensor(makeTensor(12, 12, 3, {"[CLS]", "dog", "[SEP]"}),
                          QStringLiteral("b.npz"));
    texts.clear();
    for (QAction *a : m_page->knownHeadsMenu()->actions())
        texts << a->text();
    QVERIFY(texts.contains(QStringLiteral("BERT-base")));
    QVERIFY(!texts.contains(QStringLiteral("GPT-2 small")));
    // Any other shape: no bookmarks.
    m_document->setTensor(makeTensor(6, 12, 3), QStringLiteral("small.npy"));
    QVERIFY(!m_page->knownHeadsButton()->isVisible());
    m_document->setTensor(makeTensor(12, 6, 3), QStringLiteral("small.npy"));
    QVERIFY(!m_page->knownHeadsButton()->isVisible());
}

void TestModelView::knownHeadsTableIsValid()
{
    QString error;
    const QList<KnownHeadGroup> groups = KnownHeads::load(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(groups.size(), 5);
    QCOMPARE(groups[0].entries.size(), 17);
    QCOMPARE(groups[1].entries.size(), 6);
    // The built-in model's, from its card (tst_builtinmodel checks each).
    QCOMPARE(groups[2].id, QStringLiteral("builtin"));
    QCOMPARE(groups[2].entries.size(), 7);
    // The built-in translator's, one group a set, from its card
    // (scripts/translator_card.py; tst_builtintranslator checks the card).
    QCOMPARE(groups[3].id, QStringLiteral("builtin-en-fr-cross"));
    QCOMPARE(groups[3].set, QStringLiteral("cross"));
    QCOMPARE(groups[3].tokens, QStringLiteral("sentencepiece"));
    QCOMPARE(groups[3].entries.value(0).role, QStringLiteral("alignment"));
    QCOMPARE(groups[4].id, QStringLiteral("builtin-en-fr-encoder"));
    QCOMPARE(groups[4].set, QStringLiteral("encoder"));
    // A set's group is offered on that set alone.
    const std::vector<std::string> pieces{"\u2581Show", "\u2581files", "</s>"};
    QCOMPARE(KnownHeads::matching(groups, 3, 4, pieces, QStringLiteral("cross")).size(), 1);
    QCOMPARE(KnownHeads::matching(groups, 3, 4, pieces, QStringLiteral("decoder")).size(), 0);
    for (const KnownHeadGroup &g : groups)
        for (const KnownHead &h : g.entries)
            QVERIFY(!h.source.isEmpty() && !h.role.isEmpty());
    // A head outside the model is refused in one line.
    KnownHeads::parse(
        R"({"models":[{"id":"x","layers":2,"heads":2,"entries":[{"layer":2,"head":0}]}]})", &error);
    QCOMPARE(error, QStringLiteral("knownheads.json: x lists head 2.0 outside 2 x 2"));
}

void TestModelView::windowRoutesAttentionFiles()
{
    m_page.reset();
    MainWindow window;
    window.show();
    QTabWidget *tabs = window.tabs();
    QCOMPARE(tabs->tabText(tabs->count() - 1), QStringLiteral("Model"));
    QCOMPARE(tabs->tabToolTip(tabs->count() - 1), QStringLiteral("Model (Alt+8)"));
    QVERIFY(window.model()->modelPage()->showsEmptyState());
    QStringList opened;
    window.model()->document()->setLoader([&opened](const QString &path, QString *) {
        opened << path;
        return std::optional<std::vector<AttentionSet>>(
            {{AttentionKind::Encoder,
              std::make_shared<const AttentionTensor>(makeTensor(2, 2, 5))}});
    });
    QVERIFY(window.openFile(QStringLiteral("/data/gpt2-attn.npz")));
    QCOMPARE(opened, QStringList{QStringLiteral("/data/gpt2-attn.npz")});
    // The file's name and shape on the page: its title had no width beside an empty card.
    QCoreApplication::processEvents();
    QLabel *title = window.model()->modelPage()->titleLabel();
    QVERIFY(title->text().contains(QStringLiteral("gpt2-attn.npz")));
    QVERIFY2(
        title->width() >=
            QFontMetrics(title->font())
                .horizontalAdvance(QTextDocumentFragment::fromHtml(title->text()).toPlainText()),
        qPrintable(QStringLiteral("%1 px").arg(title->width())));
    QCOMPARE(tabs->currentWidget(), window.model()->modelPage());
    QVERIFY(window.model()->modelPage()->showsGrid());
    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("gpt2-attn.npz")),
             qPrintable(window.windowTitle()));
    // The other tabs keep the session's name.
    tabs->setCurrentIndex(0);
    QVERIFY(!window.windowTitle().contains(QStringLiteral("gpt2-attn")));
    tabs->setCurrentWidget(window.model()->modelPage());
    QVERIFY(window.windowTitle().contains(QStringLiteral("gpt2-attn")));
    // Presentation mode darkens the Model tab as the rest, and enlarges its text.
    const int normalFont = window.model()->modelPage()->heatmap()->fontInfo().pixelSize();
    window.setPresentationMode(true);
    QTRY_VERIFY(window.model()->modelPage()->grid()->palette().color(QPalette::Base).lightness() <
                100);
    QTRY_VERIFY(window.model()->modelPage()->heatmap()->fontInfo().pixelSize() > normalFont);
    window.setPresentationMode(false);
    QTRY_VERIFY(window.model()->modelPage()->grid()->palette().color(QPalette::Base).lightness() >
                150);

    // Dropped on the window, and from File > Open Recent, where it was added.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(QStringLiteral("/data/dropped.safetensors"))});
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QCOMPARE(opened.last(), QStringLiteral("/data/dropped.safetensors"));
    QCOMPARE(window.model()->document()->displayName(), QStringLiteral("dropped.safetensors"));
    auto *recent = window.findChild<RecentFilesMenu *>();
    QVERIFY(recent);
    QStringList recentTexts;
    for (QAction *a : recent->actions())
        recentTexts << a->text();
    QVERIFY2(recentTexts.join(QLatin1Char('|')).contains(QStringLiteral("gpt2-attn.npz")),
             qPrintable(recentTexts.join(QLatin1Char('|'))));
    emit recent->fileChosen(QStringLiteral("/data/gpt2-attn.npz"));
    QCOMPARE(opened.last(), QStringLiteral("/data/gpt2-attn.npz"));
    QCOMPARE(opened.size(), 3);

    // A session file still opens as a session, not through the loader.
    QString shown;
    QTimer::singleShot(0, [&shown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->close();
        }
    });
    QVERIFY(!window.openFile(QStringLiteral("/nonexistent/session.json")));
    QVERIFY2(shown.contains(QStringLiteral("session.json")), qPrintable(shown));
    QCOMPARE(opened.size(), 3);
}

void TestModelView::unreadableFileLeavesEverythingAsItWas()
{
    m_page.reset();
    MainWindow window;
    window.show();
    window.model()->document()->setTensor(makeTensor(2, 2, 5), QStringLiteral("before.npy"));
    window.model()->document()->select(1, 1);
    const int sessionKeys = int(window.session()->document()->session().keys.rows());
    window.model()->document()->setLoader([](const QString &path, QString *error) {
        *error = QStringLiteral("%1: layer 0, head 1, row 3 sums to 0.5, not 1").arg(path);
        return std::optional<std::vector<AttentionSet>>();
    });
    QString shown;
    QTimer::singleShot(0, [&shown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->close();
        }
    });
    QVERIFY(!window.openFile(QStringLiteral("/data/bad.npy")));
    QCOMPARE(shown, QStringLiteral("/data/bad.npy: layer 0, head 1, row 3 sums to 0.5, not 1"));
    QCOMPARE(window.model()->document()->displayName(), QStringLiteral("before.npy"));
    QCOMPARE(window.model()->document()->layer(), 1);
    QCOMPARE(window.model()->document()->head(), 1);
    QCOMPARE(int(window.session()->document()->session().keys.rows()), sessionKeys);
}

void TestModelView::linesFollowTheCurrentMatrix()
{
    m_document->setTensor(makeTensor(2, 3, 5), QStringLiteral("t.npy"));
    m_page->showLarge();
    QCOMPARE(m_page->currentMatrixView(), 0);
    QVERIFY(!m_page->showsLines());
    m_page->setCurrentMatrixView(1);
    QVERIFY(m_page->showsLines());
    QVERIFY(m_page->linesView()->isVisible());
    auto same = [this] {
        return m_page->linesView()->matrix() == FloatMatrix(m_document->currentMatrix());
    };
    QVERIFY(same());
    m_document->select(1, 2);
    QVERIFY(same());
    QCOMPARE(m_page->linesView()->matrix(), FloatMatrix(m_document->tensor().head(1, 2)));
    m_document->setView(ModelView::LayerAverage);
    QVERIFY(same());
    // Back to the heatmap: the lines no longer follow, and need not.
    m_page->setCurrentMatrixView(0);
    QVERIFY(!m_page->showsLines());
}

void TestModelView::modelTabExportsItsViews()
{
    m_page.reset();
    MainWindow window;
    window.show();
    window.model()->document()->setTensor(makeTensor(2, 3, 6), QStringLiteral("t.npy"));
    auto *tabs = window.findChild<QTabWidget *>();
    QVERIFY(tabs);
    tabs->setCurrentWidget(window.model()->modelPage());
    QVERIFY(window.showsModel());
    QCOMPARE(window.currentViewName(), QStringLiteral("grid"));
    window.model()->document()->select(1, 2);
    window.model()->modelPage()->showLarge();
    QCOMPARE(window.currentViewName(), QStringLiteral("head"));
    window.model()->document()->setView(ModelView::LayerAverage);
    QCOMPARE(window.currentViewName(), QStringLiteral("average"));
    window.model()->modelPage()->setCurrentMatrixView(1);
    QCOMPARE(window.currentViewName(), QStringLiteral("lines"));

    // File > Export and Copy Figure draw the model's figure, not the session's.
    QTemporaryDir dir;
    QMap<QString, QImage> images;
    for (const QString &view : {QStringLiteral("grid"), QStringLiteral("head"),
                                QStringLiteral("lines"), QStringLiteral("average")}) {
        const QString path = dir.filePath(view + QStringLiteral(".png"));
        QString error;
        QVERIFY2(window.exportFigure(path, view, ExportSize{}, window.currentFigureStyle(), &error),
                 qPrintable(error));
        const QImage image = QImage(path).convertToFormat(QImage::Format_ARGB32);
        // The tensor figure's own size, and drawn: not a blank page.
        const TensorFigureView *tensorView = findTensorFigureView(view);
        QVERIFY(tensorView);
        const std::vector<HeadScores> &scores = window.model()->document()->allScores();
        const TensorFigureData data{window.model()->document()->tensor(), scores};
        QCOMPARE(image.size(), tensorFigureDefaultSize(*tensorView, data));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 5)
            for (int x = 0; x < image.width(); x += 5)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() >= 3, qPrintable(view));
        for (auto other = images.cbegin(); other != images.cend(); ++other)
            QVERIFY2(image != other.value(),
                     qPrintable(view + QStringLiteral(" looks like ") + other.key()));
        images.insert(view, image);
    }
    // Not the session's figure either.
    const QImage sessionFigure = FigureExporter::renderImage(
        *findFigureView(QStringLiteral("figure")),
        FigureData{window.session()->document()->session(), window.session()->document()->result()},
        window.currentFigureStyle(), ExportSize{});
    QVERIFY(!images.values().contains(sessionFigure.convertToFormat(QImage::Format_ARGB32)));
    QString error;
    QVERIFY(!window.exportFigure(dir.filePath(QStringLiteral("x.png")), QStringLiteral("geometry"),
                                 ExportSize{}, window.currentFigureStyle(), &error));
    QVERIFY(error.contains(QStringLiteral("geometry")));
    // Copy Figure draws what is in view (the lines) as Export draws it.
    QCOMPARE(window.figureImage().convertToFormat(QImage::Format_ARGB32),
             images.value(QStringLiteral("lines")));

    // Back on the Attention tab, the session's views again.
    tabs->setCurrentIndex(0);
    QVERIFY(!window.showsModel());
    QCOMPARE(window.currentViewName(), QStringLiteral("figure"));
}

namespace {

/// When a message box is next shown: remembers its text in \a text and
/// clicks the button whose text starts with \a button (none: Cancel), then
/// runs \a next for the dialog after it.
void answerMessageBox(QString *text, const QString &button, std::function<void()> next = {})
{
    QTimer::singleShot(0, [text, button, next] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        *text = box->text();
        if (next)
            QTimer::singleShot(0, next);
        for (QAbstractButton *b : box->buttons())
            if (button.isEmpty() ? box->buttonRole(b) == QMessageBox::RejectRole
                                 : b->text().startsWith(button))
                return b->click();
    });
}

/// The same for the batch's QInputDialog: takes \a batch.
void answerBatch(QString *text, int batch)
{
    if (auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
        *text = dialog->labelText();
        dialog->setIntValue(batch);
        dialog->accept();
    }
}

} // namespace

void TestModelView::batchedFileAsksWhichInput()
{
    m_page.reset();
    MainWindow window;
    window.show();
    // batch2.npy holds [2, 2, H, Q, K]: the window asks how it is laid out
    // (the command line's --layout), naming both readings, then which input
    // (--batch).
    const QString path = QStringLiteral(TEST_DATA_DIR "/attention/batch2.npy");
    QString question, asked;
    answerMessageBox(&question, QStringLiteral("Layers first"),
                     [&asked] { answerBatch(&asked, 1); });
    QVERIFY(window.openFile(path));
    QVERIFY2(question.contains(QStringLiteral(
                 "[layers, batch, heads, Q, K] (torch.stack(outputs.attentions)), 2 layers and a "
                 "batch of 2, or [batch, layers, heads, Q, K] (torch.stack(outputs.attentions, "
                 "1)), a batch of 2 and 2 layers")),
             qPrintable(question));
    QVERIFY2(asked.contains(QStringLiteral("2 inputs")), qPrintable(asked));
    QCOMPARE(window.model()->document()->displayName(), QStringLiteral("batch2.npy"));
    QVERIFY(window.showsModel());
    // What it shows is what the reader gives for those choices, and batch
    // first is the other reading: its layer l of input 1 is input l's layer 1.
    AttentionFiles::ReadChoices layersFirst{.batch = 1, .layout = BatchLayout::LayersFirst};
    const std::optional<AttentionTensor> expected =
        AttentionFiles::read(path, nullptr, &layersFirst);
    QVERIFY(expected);
    compareMatrices(window.model()->document()->tensor().head(0, 2), expected->head(0, 2));
    answerMessageBox(&question, QStringLiteral("Batch first"),
                     [&asked] { answerBatch(&asked, 1); });
    QVERIFY(window.openFile(path));
    for (int l = 0; l < 2; ++l) {
        AttentionFiles::ReadChoices other{.batch = l, .layout = BatchLayout::LayersFirst};
        const std::optional<AttentionTensor> input = AttentionFiles::read(path, nullptr, &other);
        QVERIFY(input);
        compareMatrices(window.model()->document()->tensor().head(l, 0), input->head(1, 0));
    }

    // Cancelled, at either question: nothing opens, no error box, the open file stays.
    window.model()->document()->setTensor(makeTensor(1, 1, 3), QStringLiteral("kept.npy"));
    answerMessageBox(&question, QString());
    QVERIFY(!window.openFile(path));
    QCOMPARE(window.model()->document()->displayName(), QStringLiteral("kept.npy"));
    answerMessageBox(&question, QStringLiteral("Layers first"), [] {
        if (auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget()))
            dialog->reject();
    });
    QVERIFY(!window.openFile(path));
    QCOMPARE(window.model()->document()->displayName(), QStringLiteral("kept.npy"));
}

void TestModelView::largePageKeysWorkWhereverTheFocusIs()
{
    m_document->setTensor(makeTensor(3, 3, 5), QStringLiteral("t.npy"));
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    m_document->select(1, 1);
    m_page->showLarge();
    m_page->setCurrentMatrixView(1);
    m_page->linesView()->setFocus();
    QTest::keyClick(m_page->linesView(), Qt::Key_BracketRight);
    QCOMPARE(m_document->head(), 2);
    QTest::keyClick(m_page->linesView(), Qt::Key_PageDown);
    QCOMPARE(m_document->layer(), 2);
    // The Words box has the focus after a click: the keys still step.
    m_page->wordToggle()->setEnabled(true);
    m_page->wordToggle()->setFocus();
    QTest::keyClick(m_page->wordToggle(), Qt::Key_BracketLeft);
    QCOMPARE(m_document->head(), 1);
    QTest::keyClick(m_page->wordToggle(), Qt::Key_PageUp);
    QCOMPARE(m_document->layer(), 1);
    QTest::keyClick(m_page->wordToggle(), Qt::Key_Escape);
    QVERIFY(m_page->showsGrid());
}

void TestModelView::sessionDocksStepAsideOnTheModelTab()
{
    m_page.reset();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    QCOMPARE(docks.size(), 3);
    docks[2]->hide(); // one the user closed stays closed
    auto *tabs = window.findChild<QTabWidget *>();
    tabs->setCurrentWidget(window.model()->modelPage());
    for (QDockWidget *dock : docks)
        QVERIFY2(!dock->isVisible(), qPrintable(dock->windowTitle()));
    tabs->setCurrentIndex(0);
    QVERIFY(docks[0]->isVisible());
    QVERIFY(docks[1]->isVisible());
    QVERIFY(!docks[2]->isVisible());
}

QTEST_MAIN(TestModelView)
#include "tst_modelview.moc"
