#include "figureview.h"

#include "figurepainter.h"

#include <QPainter>

namespace AttentionLab {

const QList<FigureView> &figureViews()
{
    static const QList<FigureView> views{
        {QStringLiteral("figure"),
         QStringLiteral("the weights heatmap with its colour scale, the entropy bars and a caption"),
         QSize(1600, 1100),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).figure(r);
         }},
        {QStringLiteral("weights"), QStringLiteral("the weights heatmap"), QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Weights);
         }},
        {QStringLiteral("scores"), QStringLiteral("the raw scores q·k as a heatmap"), QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Scores);
         }},
        {QStringLiteral("logits"), QStringLiteral("the logits fed to the softmax as a heatmap"), QSize(1200, 900),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).heatmap(r, FigurePainter::Quantity::Logits);
         }},
        {QStringLiteral("entropy"), QStringLiteral("the entropy bars with their maxima and row sums"),
         QSize(1200, 600),
         [](QPainter &p, const QRectF &r, const FigureData &d, const FigureStyle &s) {
             FigurePainter(p, d, s).entropyBars(r);
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

QString figureViewNames()
{
    QStringList names;
    for (const FigureView &view : figureViews())
        names << view.name;
    return names.join(QStringLiteral(", "));
}

} // namespace AttentionLab
