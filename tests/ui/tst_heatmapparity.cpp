// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The Model tab's large head view and the exported figure of the same head
// draw their cells through the same primitives (MatrixPainter) in one style:
// at the same size they write the same numbers and "masked" in the same
// cells, at the same pixel size, on the same colours.

#include "core/kernels/keyvisibility.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "core/sets/inferredvisibility.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/figurestyle.h"
#include "ui/figure/tensorfigure.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

#include "textrecorder.h"

#include <cmath>

using namespace AttentionLab;

namespace {

/// A causal head of n tokens: row i spreads its weight over keys 0..i,
/// unevenly, so that the cells have numbers of several widths.
AttentionTensor causalTensor(int n)
{
    const AttentionShape shape{1, 1, n, n};
    std::vector<float> values(size_t(shape.elementCount()), 0.0f);
    for (int i = 0; i < n; ++i) {
        double sum = 0.0;
        for (int j = 0; j <= i; ++j)
            sum += 1.0 + j % 3;
        for (int j = 0; j <= i; ++j)
            values[size_t(i) * n + size_t(j)] = float((1.0 + j % 3) / sum);
    }
    AttentionTensor t(shape, std::move(values));
    std::vector<std::string> tokens;
    for (int i = 0; i < n; ++i)
        tokens.push_back(i == 0 ? std::string("The") : "\xC4\xA0w" + std::to_string(i));
    t.setTokens(std::move(tokens));
    t.setVisibility(inferredVisibility(t));
    return t;
}

/// The texts written inside \a grid, in the order they were painted (the
/// cells row by row), with their pixel sizes.
QList<TextRecorder::Text> cellTexts(const TextRecorder &recorder, const QRectF &grid)
{
    QList<TextRecorder::Text> out;
    for (const TextRecorder::Text &t : recorder.texts())
        if (grid.contains(t.position))
            out << t;
    return out;
}

/// \a grid's rows x cols cells: the colour a small way in from each cell's
/// top left corner, away from the number at its centre.
QList<QRgb> cellColours(const QImage &image, const QRectF &grid, int rows, int cols)
{
    QList<QRgb> out;
    const double w = grid.width() / cols;
    const double h = grid.height() / rows;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j)
            out << image.pixel(
                QPointF(grid.left() + (j + 0.12) * w, grid.top() + (i + 0.12) * h).toPoint());
    return out;
}

} // namespace

class TestHeatmapParity : public QObject
{
    Q_OBJECT

private slots:
    void viewAndExportLookTheSame_data();
    void viewAndExportLookTheSame();
};

void TestHeatmapParity::viewAndExportLookTheSame_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QSize>("size");
    QTest::newRow("6 tokens, 900 x 700") << 6 << QSize(900, 700);
    QTest::newRow("12 tokens, 1200 x 900") << 12 << QSize(1200, 900);
}

void TestHeatmapParity::viewAndExportLookTheSame()
{
    QFETCH(int, tokens);
    QFETCH(QSize, size);
    const AttentionTensor tensor = causalTensor(tokens);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores, 0, 0};
    const FigureStyle style; // light, viridis, numbers on

    // The exported figure: its text, and its pixels.
    TextRecorder exportedText(size);
    QRectF exportedGrid;
    {
        QPainter painter(&exportedText);
        exportedGrid = paintTensorHead(painter, QRectF(QPointF(0, 0), size), data, style);
    }
    QImage exported(size, QImage::Format_ARGB32);
    exported.fill(style.background());
    {
        QPainter painter(&exported);
        paintTensorHead(painter, QRectF(QPointF(0, 0), size), data, style);
    }
    QVERIFY(!exportedGrid.isEmpty());
    const QList<TextRecorder::Text> exportedCells = cellTexts(exportedText, exportedGrid);
    QCOMPARE(exportedCells.size(), tokens * tokens);
    const double numberSize = exportedCells.first().pixelSize;

    // The large view at the same size, in the same style: the figure's font
    // and its numbers' size (the view's numbers are no larger than its text).
    ModelDocument document;
    document.setTensor(tensor, QStringLiteral("causal.npy"));
    ModelHeatmapView view(&document);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(int(numberSize));
    view.setFont(font);
    view.resize(size);
    view.fitToView();
    QCOMPARE(view.heatmapStyle().colorMap, style.colorMap);
    TextRecorder shownText(size);
    view.render(&shownText);
    const QImage shown = view.grab().toImage();
    const QRectF shownGrid = view.plotRect();
    const QList<TextRecorder::Text> shownCells = cellTexts(shownText, shownGrid);

    // To look at them: HEATMAP_PARITY_IMAGES=/some/dir.
    if (const QString dir = qEnvironmentVariable("HEATMAP_PARITY_IMAGES"); !dir.isEmpty()) {
        shown.save(QStringLiteral("%1/heatmap-view-%2.png").arg(dir).arg(tokens));
        exported.save(QStringLiteral("%1/heatmap-export-%2.png").arg(dir).arg(tokens));
    }

    // The same words in the same cells, at the same size.
    QCOMPARE(shownCells.size(), exportedCells.size());
    for (qsizetype k = 0; k < shownCells.size(); ++k) {
        const QString where = QStringLiteral("cell %1, %2").arg(k / tokens).arg(k % tokens);
        QVERIFY2(shownCells[k].text == exportedCells[k].text,
                 qPrintable(QStringLiteral("%1: on screen %2, exported %3")
                                .arg(where, shownCells[k].text, exportedCells[k].text)));
        QVERIFY2(std::abs(shownCells[k].pixelSize - exportedCells[k].pixelSize) <= 0.5,
                 qPrintable(QStringLiteral("%1: on screen %2 px, exported %3 px")
                                .arg(where)
                                .arg(shownCells[k].pixelSize)
                                .arg(exportedCells[k].pixelSize)));
    }
    const qsizetype masked = tokens * (tokens - 1) / 2;
    qsizetype maskedShown = 0;
    for (const TextRecorder::Text &t : shownCells)
        maskedShown += t.text == QLatin1String("masked");
    QCOMPARE(maskedShown, masked);

    // The same colours in the same cells: the colour map's and the masked grey.
    const QList<QRgb> shownColours = cellColours(shown, shownGrid, tokens, tokens);
    const QList<QRgb> exportedColours = cellColours(exported, exportedGrid, tokens, tokens);
    for (qsizetype k = 0; k < shownColours.size(); ++k) {
        const QRgb a = shownColours[k];
        const QRgb b = exportedColours[k];
        QVERIFY2(std::abs(qRed(a) - qRed(b)) <= 2 && std::abs(qGreen(a) - qGreen(b)) <= 2 &&
                     std::abs(qBlue(a) - qBlue(b)) <= 2,
                 qPrintable(QStringLiteral("cell %1, %2: on screen %3, exported %4")
                                .arg(k / tokens)
                                .arg(k % tokens)
                                .arg(QColor(a).name(), QColor(b).name())));
    }
    QCOMPARE(shownColours[1], ColorMaps::maskedColor().rgb());
}

QTEST_MAIN(TestHeatmapParity)
#include "tst_heatmapparity.moc"
