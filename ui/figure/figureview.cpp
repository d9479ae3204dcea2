// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/figureview.h"

#include "core/maths/session.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/labpainter.h"
#include "ui/figure/linepainter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>

namespace AttentionLab {

namespace {

/// The session's weights as a line diagram, masked cells without a line.
void paintSessionLines(QPainter &painter, const QRectF &rect, const FigureData &data,
                       const FigureStyle &style)
{
    const FloatMatrix weights = sessionWeights(data.result);
    QStringList rows, cols;
    for (Index i = 0; i < weights.rows(); ++i)
        rows << QString::fromStdString(data.session.queryLabel(i));
    for (Index j = 0; j < weights.cols(); ++j)
        cols << QString::fromStdString(data.session.keyLabel(j));
    FigurePainter base(painter, data, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    const QRectF inner = base.titled(rect.adjusted(base.pt(16), base.pt(12), -base.pt(16), 0));
    const double captionHeight = QFontMetricsF(base.font(19)).height() * 1.6;
    LineDiagram diagram = LineDiagram::fromMatrix(weights, rows, cols);
    LinePainter(painter, style).paint(inner.adjusted(0, 0, 0, -captionHeight), diagram);
    painter.setFont(base.font(19));
    painter.setPen(style.muted());
    painter.drawText(
        QRectF(inner.left(), inner.bottom() - captionHeight, inner.width(), captionHeight),
        Qt::AlignCenter, FigurePainter::caption(data));
}

} // namespace

const QList<FigureView> &figureViews()
{
    static const QList<FigureView> views{
        {QStringLiteral("figure"),
         QStringLiteral(
             "the weights heatmap with its colour scale, the entropy bars and a caption"),
         QSize(1600, 1100),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).figure(r);
         }},
        {QStringLiteral("weights"), QStringLiteral("the weights heatmap"), QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Weights);
         }},
        {QStringLiteral("scores"), QStringLiteral("the raw scores q·k as a heatmap"),
         QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Scores);
         }},
        {QStringLiteral("logits"), QStringLiteral("the logits fed to the softmax as a heatmap"),
         QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Logits);
         }},
        {QStringLiteral("lines"),
         QStringLiteral("the weights as lines from each query to each key, opacity the weight"),
         QSize(1000, 1000),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             paintSessionLines(p, r, d, s);
         }},
        {QStringLiteral("entropy"),
         QStringLiteral("the entropy bars with their maxima and row sums"), QSize(1200, 600),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).entropyBars(r);
         }},
        {QStringLiteral("geometry"),
         QStringLiteral("key geometry: the query and the keys as arrows in a plane"),
         QSize(1200, 1000),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).geometry(r);
         },
         LabPainter::requireGeometryMemory},
        {QStringLiteral("scale"),
         QStringLiteral("scale lab: why divide by √d_k"),
         QSize(1800, 1000),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).scale(r);
         },
         {},
         true},
        {QStringLiteral("mask"), QStringLiteral("mask lab: the two orders side by side"),
         QSize(1800, 800),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).mask(r);
         },
         LabPainter::requireMaskMemory},
        {QStringLiteral("heads"), QStringLiteral("heads lab: every head's weights"),
         QSize(1600, 1100),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).heads(r);
         },
         LabPainter::requireHeadsMemory},
        {QStringLiteral("positional"),
         QStringLiteral("position lab: Eq. 16.4 and what shuffling does"), QSize(1800, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).positional(r);
         },
         LabPainter::requirePositionalMemory},
        {QStringLiteral("params"), QStringLiteral("size lab: a transformer's parameters"),
         QSize(1600, 800),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).params(r);
         }},
        {QStringLiteral("cost"), QStringLiteral("size lab: what the sequence length costs"),
         QSize(1600, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             LabPainter(p, d, s).cost(r);
         }},
    };
    return views;
}

const FigureView *findFigureView(const QString &name)
{
    for (const FigureView &view : figureViews()) {
        if (view.name == name)
            return &view;
    }
    return nullptr;
}

const FigureView &keyDimSweepView()
{
    for (const FigureView &view : figureViews())
        if (view.drawsKeyDimSweep)
            return view;
    Q_UNREACHABLE();
}

QString figureViewNames()
{
    QStringList names;
    for (const FigureView &view : figureViews())
        names << view.name;
    return names.join(QStringLiteral(", "));
}

} // namespace AttentionLab
