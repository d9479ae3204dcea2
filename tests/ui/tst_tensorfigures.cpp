// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A model's figures (grid, head, lines, average, rollout): every view in
// every format from small in-memory tensors, one thumbnail per head in the
// grid in layer and head order, a 1024-token head as a small SVG, and clear
// messages where a view cannot be drawn.

#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "core/sets/inferredvisibility.h"
#include "textrecorder.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/tensorfigure.h"

#include <QBuffer>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

using namespace AttentionLab;

namespace {

/// L x H heads of Q x K: row i of head c puts half its weight on key
/// (i + c) % K and spreads the rest evenly, so every head differs.
AttentionTensor shiftedTensor(int layers, int heads, int queries, int keys)
{
    const AttentionShape shape{layers, heads, queries, keys};
    std::vector<float> values(size_t(shape.elementCount()), 0.5f / float(keys));
    for (int c = 0; c < layers * heads; ++c)
        for (int i = 0; i < queries; ++i)
            values[size_t(c) * queries * keys + size_t(i) * keys + size_t((i + c) % keys)] += 0.5f;
    AttentionTensor t(shape, std::move(values));
    std::vector<std::string> tokens{"The", "Ġcat", "Ġsat", "Ġon", "Ġthe", "Ġmat", "ting", "."};
    tokens.resize(size_t(keys), "Ġx");
    t.setTokens(tokens);
    return t;
}

QStringList svgTexts(const QByteArray &svg, bool *image = nullptr, QString *error = nullptr)
{
    QXmlStreamReader xml(svg);
    QStringList texts;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("image") && image)
            *image = true;
        else if (xml.name() == QLatin1String("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    if (error)
        *error = xml.hasError() ? xml.errorString() : QString();
    return texts;
}

QByteArray render(const QString &view, const TensorFigureData &data, FigureExporter::Format format,
                  const ExportSize &size = {})
{
    return FigureExporter::render(format, tensorExportFigure(*findTensorFigureView(view), data),
                                  FigureStyle(), size);
}

} // namespace

class TestTensorFigures : public QObject
{
    Q_OBJECT

private slots:
    void viewNames();
    void longTokensAreCutInTheMiddle_data();
    void longTokensAreCutInTheMiddle();
    void everyViewExports_data();
    void everyViewExports();
    void gridHasAThumbnailPerHead();
    void gridDefaultSizeKeepsTilesReadable_data();
    void gridDefaultSizeKeepsTilesReadable();
    void gridExportIsTheGridOnScreen();
    void headShowsItsTokensAndScores();
    void alignmentPutsTheSourceOnTop();
    void wordsMergeThePieces();
    void causalCellsAreMasked_data();
    void causalCellsAreMasked();
    void viewsThatCannotDrawSaySo_data();
    void viewsThatCannotDrawSaySo();
    void longHeadStaysASmallSvg_data();
    void longHeadStaysASmallSvg();
};

void TestTensorFigures::gridDefaultSizeKeepsTilesReadable_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("least"); // the height's bounds, the width 1700
    QTest::addColumn<int>("most");
    // Twelve layers of two heads (BertViz's include_heads) came out 1700 x
    // 533, their tiles ten pixels wide: now as tall as allowed.
    QTest::newRow("12 x 2") << 12 << 2 << 3400 << 3400;
    QTest::newRow("12 x 12") << 12 << 12 << 1700 << 2200;
    // A few heads: tiles of at most 0.3 of the width, not a page each.
    QTest::newRow("3 x 1") << 3 << 1 << 1600 << 2300;
    QTest::newRow("36 x 16") << 36 << 16 << 3400 << 3400;
}

void TestTensorFigures::gridDefaultSizeKeepsTilesReadable()
{
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(int, least);
    QFETCH(int, most);
    const AttentionTensor tensor = shiftedTensor(layers, heads, 9, 9);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores};
    const QSize size = tensorFigureDefaultSize(*findTensorFigureView(QStringLiteral("grid")), data);
    QCOMPARE(size.width(), 1700);
    QVERIFY2(size.height() >= least && size.height() <= most,
             qPrintable(QString::number(size.height())));
}

void TestTensorFigures::viewNames()
{
    QCOMPARE(tensorFigureViewNames(),
             QStringLiteral("grid, head, lines, average, rollout, alignment"));
    QVERIFY(findTensorFigureView(QStringLiteral("grid")));
    QCOMPARE(findTensorFigureView(QStringLiteral("weights")), nullptr);
}

void TestTensorFigures::alignmentPutsTheSourceOnTop()
{
    // Bahdanau et al.'s Figure 3: the source's words along the top and the
    // target's down the side; every other heatmap has its keys below.
    const AttentionTensor tensor = shiftedTensor(2, 3, 8, 8);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores, 1, 2, false};
    auto titleY = [&](const QString &view, const QString &title) {
        TextRecorder recorder(QSize(1600, 1400));
        QPainter painter(&recorder);
        findTensorFigureView(view)->paint(painter, QRectF(0, 0, 1600, 1400), data, FigureStyle());
        painter.end();
        for (const TextRecorder::Text &t : recorder.texts())
            if (t.text == title)
                return t.position.y();
        return -1.0;
    };
    const double source = titleY(QStringLiteral("alignment"), QStringLiteral("source"));
    const double target = titleY(QStringLiteral("alignment"), QStringLiteral("target"));
    QVERIFY(source >= 0 && target >= 0);
    QVERIFY2(source < target - 300,
             qPrintable(QStringLiteral("source at %1, target at %2").arg(source).arg(target)));
    const double keys = titleY(QStringLiteral("head"), QStringLiteral("keys"));
    const double queries = titleY(QStringLiteral("head"), QStringLiteral("queries"));
    QVERIFY(keys >= 0 && queries >= 0);
    QVERIFY(keys > queries);
}

void TestTensorFigures::everyViewExports_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<bool>("words");
    for (const TensorFigureView &view : tensorFigureViews())
        for (const char *suffix : {"png", "svg", "pdf"})
            for (bool words : {false, true})
                QTest::addRow("%s, %s%s", qPrintable(view.name), suffix, words ? ", words" : "")
                    << view.name << QString::fromLatin1(suffix) << words;
}

void TestTensorFigures::everyViewExports()
{
    QFETCH(QString, view);
    QFETCH(QString, suffix);
    QFETCH(bool, words);
    const AttentionTensor tensor = shiftedTensor(2, 3, 8, 8);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores, 1, 2, words};
    const TensorFigureView *figure = findTensorFigureView(view);
    QVERIFY(figure);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.") + suffix);
    FigureExporter exporter;
    QVERIFY2(
        exporter.exportFile(path, tensorExportFigure(*figure, data), FigureStyle(), ExportSize{}),
        qPrintable(exporter.errorString()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 1000);
    if (suffix == QLatin1String("png")) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        // The grid's height follows its rows; every other view its fixed size.
        QCOMPARE(image.size(), tensorFigureDefaultSize(*figure, data));
        if (view != QLatin1String("grid"))
            QCOMPARE(image.size(), figure->defaultSize);
    } else if (suffix == QLatin1String("svg")) {
        QString error;
        const QStringList texts = svgTexts(bytes, nullptr, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!texts.isEmpty());
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    }
}

void TestTensorFigures::gridHasAThumbnailPerHead()
{
    // Head c of 3 x 4 holds the constant c / 11 everywhere (not a
    // distribution, which the figure does not need): each thumbnail is a
    // square of its own colour, and their centres must run in layer rows
    // and head columns.
    const int L = 3, H = 4, n = 6;
    std::vector<float> values;
    for (int c = 0; c < L * H; ++c)
        values.insert(values.end(), size_t(n * n), float(c) / float(L * H - 1));
    const AttentionTensor tensor(AttentionShape{L, H, n, n}, std::move(values));
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores};
    const FigureStyle style; // viridis
    const QImage image = FigureExporter::renderImage(
        tensorExportFigure(*findTensorFigureView(QStringLiteral("grid")), data), style,
        ExportSize{1200, 1000, 1.0});
    QVERIFY(!image.isNull());
    QList<QPointF> centres;
    for (int c = 0; c < L * H; ++c) {
        const QColor want = ColorMaps::colorAt(style.colorMap, double(c) / (L * H - 1));
        double sx = 0, sy = 0;
        int count = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QColor got = image.pixelColor(x, y);
                if (std::abs(got.red() - want.red()) <= 1 &&
                    std::abs(got.green() - want.green()) <= 1 &&
                    std::abs(got.blue() - want.blue()) <= 1) {
                    sx += x;
                    sy += y;
                    ++count;
                }
            }
        // A thumbnail of this size is at least 100 x 100 pixels.
        QVERIFY2(count > 100 * 100,
                 qPrintable(QStringLiteral("head %1: %2 pixels").arg(c).arg(count)));
        centres << QPointF(sx / count, sy / count);
    }
    for (int l = 0; l < L; ++l)
        for (int h = 0; h < H; ++h) {
            const QPointF p = centres[l * H + h];
            if (h > 0) {
                QVERIFY(p.x() > centres[l * H + h - 1].x() + 100);
                QVERIFY(std::abs(p.y() - centres[l * H + h - 1].y()) < 2);
            }
            if (l > 0) {
                QVERIFY(p.y() > centres[(l - 1) * H + h].y() + 100);
                QVERIFY(std::abs(p.x() - centres[(l - 1) * H + h].x()) < 2);
            }
        }
    // Labelled layer.head with each head's mean entropy.
    const QStringList texts =
        svgTexts(render(QStringLiteral("grid"), data, FigureExporter::Format::Svg));
    for (const char *label :
         {"layer 0", "layer 2", "head 0", "head 3", "3 layers × 4 heads, 6 queries × 6 keys"})
        QVERIFY2(texts.contains(QString::fromUtf8(label)), label);
    QVERIFY(
        texts.contains(QStringLiteral("2.3 · %1").arg(scores[2 * H + 3].entropyBits, 0, 'f', 2)));
}

void TestTensorFigures::gridExportIsTheGridOnScreen()
{
    // The export wrote mean entropy under every head while the grid showed
    // first-token scores, dropped the key/value bars, had no legend and left
    // a third of its page blank. It is the grid as the Model tab shows it.
    const int L = 2, H = 4, n = 6;
    AttentionTensor tensor = shiftedTensor(L, H, n, n);
    tensor.setKeyValueHeads(2);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    TensorFigureData data{tensor, scores};
    data.scoreKind = HeadScoreKind::FirstToken;
    data.sorted = true;
    const QStringList texts =
        svgTexts(render(QStringLiteral("grid"), data, FigureExporter::Format::Svg));
    const QString all = texts.join(QLatin1Char('|'));
    QVERIFY2(all.contains(QStringLiteral("frame: first token (sink)")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("shared key/value heads")), qPrintable(all));
    // Highest first: the first head label drawn is the best first-token head.
    int best = 0;
    for (int i = 1; i < L * H; ++i)
        if (scores[size_t(i)].firstToken > scores[size_t(best)].firstToken)
            best = i;
    QStringList labels;
    for (const QString &t : texts)
        if (t.contains(QStringLiteral(" · ")) && !t.contains(QLatin1String("frame")))
            labels << t;
    QCOMPARE(labels.size(), L * H);
    QCOMPARE(labels.first(), QStringLiteral("%1.%2 · %3")
                                 .arg(best / H)
                                 .arg(best % H)
                                 .arg(scores[size_t(best)].firstToken, 0, 'f', 2));
    // No layer headers when sorted: a row holds heads of any layer.
    QVERIFY(!texts.contains(QStringLiteral("layer 0")));

    // The page's height follows the rows: no band left blank.
    data.sorted = false;
    const QImage image = FigureExporter::renderImage(
        tensorExportFigure(*findTensorFigureView(QStringLiteral("grid")), data), FigureStyle(),
        ExportSize{});
    QCOMPARE(image.width(), 1700);
    QVERIFY2(image.height() < 1300, qPrintable(QString::number(image.height())));
    int longestBlank = 0, blank = 0;
    for (int y = 0; y < image.height(); ++y) {
        bool empty = true;
        for (int x = 0; x < image.width() && empty; x += 2)
            empty = image.pixelColor(x, y) == QColor(Qt::white);
        blank = empty ? blank + 1 : 0;
        longestBlank = std::max(longestBlank, blank);
    }
    QVERIFY2(
        longestBlank < image.height() / 12,
        qPrintable(QStringLiteral("%1 blank rows of %2").arg(longestBlank).arg(image.height())));
    // One layer is one layer.
    const AttentionTensor single = shiftedTensor(1, 2, n, n);
    const std::vector<HeadScores> singleScores = scoreHeads(single);
    QVERIFY(svgTexts(render(QStringLiteral("grid"), TensorFigureData{single, singleScores},
                            FigureExporter::Format::Svg))
                .contains(QStringLiteral("1 layer × 2 heads, 6 queries × 6 keys")));
}

void TestTensorFigures::headShowsItsTokensAndScores()
{
    const AttentionTensor tensor = shiftedTensor(2, 3, 8, 8);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const QStringList texts =
        svgTexts(render(QStringLiteral("head"), TensorFigureData{tensor, scores, 1, 2},
                        FigureExporter::Format::Svg));
    QVERIFY(texts.contains(QStringLiteral("layer 1, head 2")));
    // Tokens as people read them: "Ġcat" is " cat".
    QVERIFY(texts.contains(QStringLiteral("cat")));
    QVERIFY(!texts.join(QString()).contains(QStringLiteral("Ġ")));
    const QString scoresLine = texts.filter(QStringLiteral("previous token")).value(0);
    QVERIFY2(scoresLine.contains(QString::number(scores[5].previousToken, 'f', 3)),
             qPrintable(scoresLine));
    // The entropy bars are the session figure's, one note a row.
    QVERIFY(texts.filter(QStringLiteral(" bits · sum 1.0000")).size() == 8);
}

void TestTensorFigures::wordsMergeThePieces()
{
    // "Ġmat" + "ting" is one word.
    const AttentionTensor tensor = shiftedTensor(1, 1, 8, 8);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    for (const QString &view : {QStringLiteral("head"), QStringLiteral("lines"),
                                QStringLiteral("average"), QStringLiteral("rollout")}) {
        const QStringList texts = svgTexts(render(
            view, TensorFigureData{tensor, scores, 0, 0, true}, FigureExporter::Format::Svg));
        QVERIFY2(texts.contains(QStringLiteral("matting")), qPrintable(view));
        QVERIFY2(!texts.contains(QStringLiteral("ting")), qPrintable(view));
        QVERIFY2(texts.filter(QStringLiteral("words merged")).size() == 1, qPrintable(view));
    }
}

/// A causal head of n tokens: row i spreads its weight evenly over keys 0..i.
AttentionTensor causalTensor(int n)
{
    const AttentionShape shape{1, 1, n, n};
    std::vector<float> values(size_t(shape.elementCount()), 0.0f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j)
            values[size_t(i) * n + size_t(j)] = 1.0f / float(i + 1);
    AttentionTensor t(shape, std::move(values));
    t.setTokens({"The", "Ġcat", "Ġsat", "Ġdown"});
    t.setVisibility(inferredVisibility(t));
    return t;
}

void TestTensorFigures::causalCellsAreMasked_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("words");
    QTest::newRow("head") << QStringLiteral("head") << false;
    QTest::newRow("layer average") << QStringLiteral("average") << false;
    QTest::newRow("rollout") << QStringLiteral("rollout") << false;
    QTest::newRow("head, words") << QStringLiteral("head") << true;
}

void TestTensorFigures::causalCellsAreMasked()
{
    // A decoder's head exported with its numbers wrote 0.0000 right of the
    // diagonal, where the Attention tab writes "masked": six of sixteen cells.
    QFETCH(QString, view);
    QFETCH(bool, words);
    const AttentionTensor tensor = causalTensor(4);
    QVERIFY(tensor.visibility().causal);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const QStringList texts = svgTexts(
        render(view, TensorFigureData{tensor, scores, 0, 0, words}, FigureExporter::Format::Svg));
    QCOMPARE(texts.count(QStringLiteral("masked")), 6);
    QCOMPARE(texts.count(QStringLiteral("0.0000")), 0);
    // The visible cells keep their weights: row 1 splits evenly (the
    // rollout's B = 0.5 A + 0.5 I gives it 0.75 and 0.25).
    if (view == QLatin1String("rollout"))
        QVERIFY(texts.contains(QStringLiteral("0.7500")) &&
                texts.contains(QStringLiteral("0.2500")));
    else
        QVERIFY(texts.count(QStringLiteral("0.5000")) >= 2);
    // And in pixels: the grey of a masked cell, above the diagonal only.
    const QImage image = QImage::fromData(
        render(view, TensorFigureData{tensor, scores, 0, 0, words}, FigureExporter::Format::Png));
    QVERIFY(!image.isNull());
    qsizetype grey = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            grey += image.pixel(x, y) == ColorMaps::maskedColor().rgb();
    QVERIFY2(grey > 100, qPrintable(QString::number(grey)));
}

void TestTensorFigures::viewsThatCannotDrawSaySo_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<QString>("message");
    QTest::newRow("rollout, 4 queries of 6 keys")
        << "rollout" << 4 << 0 << 0
        << "Attention rollout needs as many queries as keys; this file has 4 queries and 6 keys.";
    QTest::newRow("head, layer 5 of 2")
        << "head" << 6 << 5 << 0 << "There is no layer 5: the layers are 0 to 1.";
    QTest::newRow("lines, head -1")
        << "lines" << 6 << 0 << -1 << "There is no head -1: the heads are 0 to 2.";
    QTest::newRow("average, layer 2 of 2")
        << "average" << 6 << 2 << 0 << "There is no layer 2: the layers are 0 to 1.";
}

void TestTensorFigures::viewsThatCannotDrawSaySo()
{
    QFETCH(QString, view);
    QFETCH(int, queries);
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(QString, message);
    const AttentionTensor tensor = shiftedTensor(2, 3, queries, 6);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores, layer, head};
    const QStringList texts = svgTexts(render(view, data, FigureExporter::Format::Svg));
    QVERIFY2(texts.join(QLatin1Char(' ')).contains(message),
             qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(!render(view, data, FigureExporter::Format::Png).isEmpty());
}

void TestTensorFigures::longHeadStaysASmallSvg_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("embedsImage");
    QTest::newRow("head") << "head" << true;
    QTest::newRow("average") << "average" << true;
    QTest::newRow("lines") << "lines" << false;
    QTest::newRow("grid") << "grid" << true;
}

void TestTensorFigures::longHeadStaysASmallSvg()
{
    QFETCH(QString, view);
    QFETCH(bool, embedsImage);
    const AttentionTensor tensor = shiftedTensor(1, 2, 1024, 1024);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const QByteArray svg =
        render(view, TensorFigureData{tensor, scores, 0, 1}, FigureExporter::Format::Svg);
    bool image = false;
    QString error;
    svgTexts(svg, &image, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(image, embedsImage);
    // A few MB at most, never a shape per cell (that would be ~100 MB).
    QVERIFY2(svg.size() < 4 * 1024 * 1024, qPrintable(QString::number(svg.size())));
}

void TestTensorFigures::longTokensAreCutInTheMiddle_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("label");
    QTest::newRow("short") << QStringLiteral(" cat") << QStringLiteral(" cat");
    QTest::newRow("24 characters")
        << QString(24, QLatin1Char('a')) << QString(24, QLatin1Char('a'));
    QTest::newRow("80 characters")
        << QString(40, QLatin1Char('a')) + QString(40, QLatin1Char('b'))
        << QString(12, QLatin1Char('a')) + QChar(0x2026) + QString(11, QLatin1Char('b'));
    // Characters, not UTF-16 units: an emoji is one and is never split.
    QTest::newRow("emoji") << QString(30, QLatin1Char('x')) + QStringLiteral("\U0001F600")
                           << QString(12, QLatin1Char('x')) + QChar(0x2026) +
                                  QString(10, QLatin1Char('x')) + QStringLiteral("\U0001F600");
}

void TestTensorFigures::longTokensAreCutInTheMiddle()
{
    QFETCH(QString, token);
    QFETCH(QString, label);
    QCOMPARE(FigurePainter::axisLabel(token), label);
}

QTEST_MAIN(TestTensorFigures)
#include "tst_tensorfigures.moc"
