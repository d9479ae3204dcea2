// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Exported figures: exact PNG sizes and the colour map's colours at known
// cells, SVG with a shape per cell and the labels as text, PDF with the
// labels as text, and failed exports that leave the old file alone.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/labelstride.h"

#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace AttentionLab;

namespace {

struct Example
{
    Session session;
    AttentionResult result;
    FigureData data() const { return {session, result}; }
};

Example example(const Session &s)
{
    return {s, attend(s.queries, s.keys, s.effectiveValues(), s.options)};
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Colours within a couple of units per channel (PNG keeps them exactly;
/// the allowance only covers rounding in the colour map).
bool near(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) <= 2 && std::abs(a.green() - b.green()) <= 2 &&
           std::abs(a.blue() - b.blue()) <= 2;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void pngHasTheRequestedSize_data();
    void pngHasTheRequestedSize();
    void pngCellsHaveTheMapColours_data();
    void pngCellsHaveTheMapColours();
    void overflowingLogitsAreNotMasked();
    void svgIsVectorWithLabels();
    void pdfHoldsTheLabelsAsText();
    void everyViewRenders_data();
    void everyViewRenders();
    void unknownView();
    void labelStrides_data();
    void labelStrides();
    void failedExportKeepsTheOldFile();
    void unknownFormatIsRefused();
    void colorMapsAreOrdered();
    void tickLabelsAreDistinctAndTrue_data();
    void tickLabelsAreDistinctAndTrue();
    void arrowColoursStandOut_data();
    void arrowColoursStandOut();
};

void TestExport::tickLabelsAreDistinctAndTrue_data()
{
    // A key set to 999999 gave "1e+06, 5e+05, 5e+05, 5e+05, 0": "7.5e+05"
    // and "2.5e+05" cut to their box. Each label is whole, distinct and
    // reads back as its tick, at every magnitude.
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::newRow("the lecture's plane") << -1.2 << 1.2;
    QTest::newRow("a key at 999999") << -250000.0 << 1250000.0;
    QTest::newRow("far from the origin, narrow") << 999998.5 << 1000001.5;
    QTest::newRow("tiny") << -3e-7 << 4e-7;
    QTest::newRow("huge") << -2e12 << 9e12;
}

void TestExport::tickLabelsAreDistinctAndTrue()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    const QList<double> ticks = FigurePainter::ticks(lo, hi);
    QVERIFY(ticks.size() >= 3);
    const QStringList labels = FigurePainter::tickLabels(ticks);
    QCOMPARE(labels.size(), ticks.size());
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    const double step = ticks[1] - ticks[0];
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        bool ok = false;
        const double read = labels[i].toDouble(&ok);
        QVERIFY2(ok, qPrintable(labels[i]));
        QVERIFY2(std::abs(read - ticks[i]) <= step * 0.01, qPrintable(labels[i]));
        QVERIFY2(labels[i].size() <= 10, qPrintable(labels[i])); // short enough for an axis
    }
}

void TestExport::arrowColoursStandOut_data()
{
    QTest::addColumn<QColor>("colour");
    QTest::addColumn<QColor>("background");
    QTest::addColumn<QColor>("ink");
    // The heaviest key's viridis yellow was nearly invisible on white.
    QTest::newRow("viridis yellow on white") << ColorMaps::colorAt(ColorMaps::Name::Viridis, 1.0)
                                             << QColor(Qt::white) << QColor(0x20, 0x20, 0x20);
    QTest::newRow("viridis purple on the hall's black")
        << ColorMaps::colorAt(ColorMaps::Name::Viridis, 0.0) << QColor(0x1e, 0x1e, 0x1e)
        << QColor(0xee, 0xee, 0xee);
}

void TestExport::arrowColoursStandOut()
{
    QFETCH(QColor, colour);
    QFETCH(QColor, background);
    QFETCH(QColor, ink);
    QVERIFY(ColorMaps::contrast(colour, background) < 2.5); // the premise
    const QColor shown = ColorMaps::withContrast(colour, background, ink, 2.5);
    QVERIFY2(ColorMaps::contrast(shown, background) >= 2.5,
             qPrintable(QString::number(ColorMaps::contrast(shown, background))));
    // A colour that stands out already is left as it is.
    QCOMPARE(ColorMaps::withContrast(ink, background, ink, 2.5), ink);
}

void TestExport::pngHasTheRequestedSize_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QSize>("expected");
    QTest::newRow("figure, default") << "figure" << 0 << 0 << 1.0 << QSize(1600, 1100);
    QTest::newRow("figure, 2x") << "figure" << 0 << 0 << 2.0 << QSize(3200, 2200);
    QTest::newRow("weights, 640 x 480") << "weights" << 640 << 480 << 1.0 << QSize(640, 480);
    QTest::newRow("entropy, 333 x 111") << "entropy" << 333 << 111 << 1.0 << QSize(333, 111);
}

void TestExport::pngHasTheRequestedSize()
{
    QFETCH(QString, view);
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(double, scale);
    QFETCH(QSize, expected);
    const Example e = example(ChapterExamples::selection());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out.png"));
    FigureExporter exporter;
    QVERIFY2(exporter.exportFile(path, *findFigureView(view), e.data(), FigureStyle(),
                                 ExportSize{width, height, scale}),
             qPrintable(exporter.errorString()));
    QImage image;
    QVERIFY(image.load(path));
    QCOMPARE(image.size(), expected);
}

void TestExport::pngCellsHaveTheMapColours_data()
{
    QTest::addColumn<int>("map");
    QTest::addColumn<bool>("dark");
    QTest::newRow("viridis, light") << int(ColorMaps::Name::Viridis) << false;
    QTest::newRow("cividis, dark") << int(ColorMaps::Name::Cividis) << true;
    QTest::newRow("greyscale") << int(ColorMaps::Name::Greyscale) << false;
    QTest::newRow("high contrast") << int(ColorMaps::Name::HighContrast) << true;
}

void TestExport::pngCellsHaveTheMapColours()
{
    QFETCH(int, map);
    QFETCH(bool, dark);
    const Example e = example(ChapterExamples::causalMask());
    FigureStyle style;
    style.colorMap = ColorMaps::Name(map);
    style.theme = dark ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    const ExportSize size{900, 700, 1.0};
    const FigureView &view = *findFigureView(QStringLiteral("weights"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.png"));
    FigureExporter exporter;
    QVERIFY(exporter.exportFile(path, view, e.data(), style, size));
    QImage image;
    QVERIFY(image.load(path));

    // The same layout, painted once more, says where the cells are.
    QImage scratch(900, 700, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&scratch);
    const QRectF grid = FigurePainter(painter, e.data(), style)
                            .heatmap(QRectF(0, 0, 900, 700), FigurePainter::Quantity::Weights);
    painter.end();
    const double w = grid.width() / 4, h = grid.height() / 4;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            // Near a corner of the cell, clear of its number.
            const QPoint p(int(grid.left() + (j + 0.12) * w), int(grid.top() + (i + 0.15) * h));
            const QColor got = image.pixelColor(p);
            const QColor want = j > i ? ColorMaps::maskedColor()
                                      : ColorMaps::colorAt(style.colorMap, e.result.weights(i, j));
            QVERIFY2(near(got, want), qPrintable(QStringLiteral("cell (%1, %2): %3, map says %4")
                                                     .arg(i)
                                                     .arg(j)
                                                     .arg(got.name(), want.name())));
        }
    }
}

void TestExport::overflowingLogitsAreNotMasked()
{
    // tau = 1e-310: every unmasked logit overflows to +-inf. Those cells take
    // the ends of the scale; only the causal mask's cells are grey.
    Session s;
    s.queries = Matrix{{-1.0}, {-1.0}, {0.5}};
    s.keys = Matrix{{1.0}, {-1.0}, {0.5}};
    s.options.mask = MaskMode::Causal;
    s.options.temperature = 1e-310;
    const Example e = example(s);
    FigureStyle style;
    QImage image(900, 700, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    const QRectF grid = FigurePainter(painter, e.data(), style)
                            .heatmap(QRectF(0, 0, 900, 700), FigurePainter::Quantity::Logits);
    painter.end();
    const double w = grid.width() / 3, h = grid.height() / 3;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const QPoint p(int(grid.left() + (j + 0.12) * w), int(grid.top() + (i + 0.15) * h));
            const double logit = e.result.logit(i, j);
            const QColor want = e.result.isMaskedBeforeSoftmax(i, j)
                                    ? ColorMaps::maskedColor()
                                    : ColorMaps::colorAt(style.colorMap, logit > 0 ? 1.0 : 0.0);
            QVERIFY(e.result.isMaskedBeforeSoftmax(i, j) || std::isinf(logit));
            QVERIFY2(near(image.pixelColor(p), want),
                     qPrintable(QStringLiteral("cell (%1, %2): %3, expected %4")
                                    .arg(i)
                                    .arg(j)
                                    .arg(image.pixelColor(p).name(), want.name())));
        }
    }
}

void TestExport::svgIsVectorWithLabels()
{
    const Example e = example(ChapterExamples::selection());
    const QByteArray svg = FigureExporter::render(FigureExporter::Format::Svg,
                                                  *findFigureView(QStringLiteral("weights")),
                                                  e.data(), FigureStyle(), ExportSize{});
    QXmlStreamReader xml(svg);
    int rects = 0;
    QStringList texts;
    bool image = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("rect") || xml.name() == QLatin1String("path"))
            ++rects;
        else if (xml.name() == QLatin1String("image"))
            image = true;
        else if (xml.name() == QLatin1String("text"))
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(!image);                                              // no bitmap inside
    QVERIFY2(rects >= 4 * 3, qPrintable(QString::number(rects))); // a shape per cell at least
    for (const char *label :
         {"dog", "truck", "barked", "an undecided query", "0.9611", "keys", "queries"})
        QVERIFY2(texts.contains(QLatin1StringView(label)), label);
}

void TestExport::pdfHoldsTheLabelsAsText()
{
    const Example e = example(ChapterExamples::causalMask());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("f.pdf"));
    FigureStyle style;
    style.title = QStringLiteral("The causal mask");
    FigureExporter exporter;
    QVERIFY(exporter.exportFile(path, *findFigureView(QStringLiteral("figure")), e.data(), style,
                                ExportSize{}));
    QVERIFY(readAll(path).startsWith("%PDF"));
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    QVERIFY2(!pdftotext.isEmpty(), "pdftotext (poppler-utils) is one of the dependencies");
    QProcess process;
    process.start(pdftotext, {path, QStringLiteral("-")});
    QVERIFY(process.waitForFinished(30000));
    const QString text = QString::fromUtf8(process.readAllStandardOutput());
    for (const char *label :
         {"The causal mask", "loudly", "barked", "0.4551", "masked", "causal mask"})
        QVERIFY2(text.contains(QLatin1StringView(label)), label);
}

void TestExport::everyViewRenders_data()
{
    // Each view of the lecture example with a text only it draws.
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("text");
    const auto row = [](const char *view, const char *text) {
        QTest::newRow(view) << QString::fromLatin1(view) << QString::fromUtf8(text);
    };
    row("figure", "0.3611");
    row("weights", "0.3369");
    row("scores", "0.4400");
    row("logits", "0.2540");
    row("lines", "no mask");
    row("entropy", "1.5811 bits");
    row("geometry", "0.361");
    row("scale", "pooled spread");
    row("mask", "then softmax");
    row("heads", "mean entropy");
    row("positional", "sinusoidal encoding");
    row("params", "1,050,624");
    row("cost", "what the sequence length costs one head");
    QCOMPARE(figureViews().size(), 13); // a new view adds a row here
}

void TestExport::everyViewRenders()
{
    QFETCH(QString, view);
    QFETCH(QString, text);
    const Example e = example(ChapterExamples::lecture());
    const FigureView *figure = findFigureView(view);
    QVERIFY(figure);
    // PNG: the view's size, and drawn (many colours, not a blank page).
    QImage image;
    QVERIFY(image.loadFromData(FigureExporter::render(FigureExporter::Format::Png, *figure,
                                                      e.data(), FigureStyle(), ExportSize{}),
                               "PNG"));
    QCOMPARE(image.size(), FigureExporter::pixelSize(*figure, ExportSize{}));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() >= 3, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
    // SVG: well-formed, with the view's text.
    const QByteArray svg = FigureExporter::render(FigureExporter::Format::Svg, *figure, e.data(),
                                                  FigureStyle(), ExportSize{});
    QXmlStreamReader xml(svg);
    QString svgText;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::Characters)
            svgText += xml.text();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(svgText.contains(text), qPrintable(text));
    // PDF: a PDF whose text holds the same.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("view.pdf"));
    QFile pdf(path);
    QVERIFY(pdf.open(QIODevice::WriteOnly));
    pdf.write(FigureExporter::render(FigureExporter::Format::Pdf, *figure, e.data(), FigureStyle(),
                                     ExportSize{}));
    pdf.close();
    QVERIFY(readAll(path).startsWith("%PDF"));
    QProcess process;
    process.start(QStandardPaths::findExecutable(QStringLiteral("pdftotext")),
                  {path, QStringLiteral("-")});
    QVERIFY(process.waitForFinished(30000));
    const QString pdfText = QString::fromUtf8(process.readAllStandardOutput());
    QVERIFY2(pdfText.contains(text), qPrintable(text));
}

void TestExport::unknownView()
{
    QCOMPARE(findFigureView(QStringLiteral("nonsense")), nullptr);
}

void TestExport::failedExportKeepsTheOldFile()
{
    const Example e = example(ChapterExamples::lecture());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("kept.png"));
    FigureExporter exporter;
    QVERIFY(exporter.exportFile(path, *findFigureView(QStringLiteral("figure")), e.data(),
                                FigureStyle(), ExportSize{}));
    const QByteArray before = readAll(path);
    // An impossible size fails before anything is written.
    QVERIFY(!exporter.exportFile(path, *findFigureView(QStringLiteral("figure")), e.data(),
                                 FigureStyle(), ExportSize{5, 5, 1.0}));
    QVERIFY(exporter.errorString().contains(QStringLiteral("pixels")));
    QCOMPARE(readAll(path), before);
    // A folder that does not exist cannot be written to; nothing appears.
    const QString missing = dir.filePath(QStringLiteral("no/such/folder/out.svg"));
    QVERIFY(!exporter.exportFile(missing, *findFigureView(QStringLiteral("figure")), e.data(),
                                 FigureStyle(), ExportSize{}));
    // The message names the path cut to its start and end (it is over 40 characters).
    QVERIFY2(exporter.errorString().startsWith(missing.left(20)),
             qPrintable(exporter.errorString()));
    QVERIFY2(exporter.errorString().contains(QStringLiteral("older/out.svg: cannot be written: ")),
             qPrintable(exporter.errorString()));
    QVERIFY(!QFile::exists(missing));
}

void TestExport::unknownFormatIsRefused()
{
    const Example e = example(ChapterExamples::lecture());
    FigureExporter exporter;
    QVERIFY(!exporter.exportFile(QStringLiteral("figure.bmp"),
                                 *findFigureView(QStringLiteral("figure")), e.data(), FigureStyle(),
                                 ExportSize{}));
    QVERIFY(exporter.errorString().contains(QStringLiteral("use .png, .svg or .pdf")));
    QCOMPARE(FigureExporter::formatFor(QStringLiteral("a.PDF")), FigureExporter::Format::Pdf);
}

void TestExport::colorMapsAreOrdered()
{
    for (int m = 0; m < ColorMaps::kCount; ++m) {
        const auto name = ColorMaps::Name(m);
        QCOMPARE(ColorMaps::colorAt(name, 0.0), ColorMaps::stops(name).first());
        QCOMPARE(ColorMaps::colorAt(name, 1.0), ColorMaps::stops(name).last());
        QCOMPARE(ColorMaps::fromKey(ColorMaps::key(name)), name);
        // Brighter as the weight grows, so a projector shows the order.
        QVERIFY(ColorMaps::colorAt(name, 0.9).lightness() >
                ColorMaps::colorAt(name, 0.1).lightness());
    }
}

void TestExport::labelStrides_data()
{
    // The one thinning of labels, for figures and views alike.
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("lineHeight");
    QTest::addColumn<double>("extent");
    QTest::addColumn<int>("maxLabels");
    QTest::addColumn<int>("stride");
    QTest::newRow("four rows, room for all") << 4 << 20.0 << 400.0 << 0 << 1;
    QTest::newRow("100 rows of 20 px in 400 px: every 5th") << 100 << 20.0 << 400.0 << 0 << 5;
    QTest::newRow("101 rows: every 6th") << 101 << 20.0 << 400.0 << 0 << 6;
    QTest::newRow("the cap alone: 100 of at most 24") << 100 << 0.0 << 0.0 << 24 << 5;
    QTest::newRow("the cap wins") << 100 << 1.0 << 400.0 << 24 << 5;
    QTest::newRow("the room wins") << 100 << 40.0 << 400.0 << 24 << 10;
    QTest::newRow("no room: one label") << 7 << 20.0 << 0.0 << 0 << 7;
    QTest::newRow("one row 8 px tall, labels 20 px: every 3rd") << 1 << 20.0 << 8.0 << 0 << 3;
    QTest::newRow("nothing to label") << 0 << 20.0 << 400.0 << 24 << 1;
}

void TestExport::labelStrides()
{
    QFETCH(int, count);
    QFETCH(double, lineHeight);
    QFETCH(double, extent);
    QFETCH(int, maxLabels);
    QFETCH(int, stride);
    QCOMPARE(labelStride(count, lineHeight, extent, maxLabels), stride);
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
