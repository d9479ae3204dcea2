#pragma once

#include "figurepainter.h"
#include "keygeometry.h"
#include "labsettings.h"

#include <QPointF>
#include <QRectF>
#include <QTransform>

#include <vector>

namespace AttentionLab {

/// Where the key-geometry picture put things, so a widget can hit-test and
/// drag points: picture coordinates to pixels, and each point's position.
struct GeometryMap
{
    bool valid = false;
    KeyGeometry geometry;
    QTransform toPixels;
    std::vector<QPointF> keys; ///< pixel positions of the key tips
    QPointF query;             ///< pixel position of the selected query's tip
    int queryIndex = 0;
};

/// Paints the chapter's labs (key geometry, scale, mask, heads, positions,
/// parameters, cost) with the same primitives as the heatmap, so each can be
/// shown in the window and exported alike.
class LabPainter
{
public:
    LabPainter(QPainter &painter, const FigureData &data, const FigureStyle &style);

    GeometryMap geometry(const QRectF &rect);
    void scale(const QRectF &rect);
    void mask(const QRectF &rect);
    void heads(const QRectF &rect);
    void positional(const QRectF &rect);
    void params(const QRectF &rect);
    void cost(const QRectF &rect);

    /// The scale experiment the labs show: the stored result, or a run now.
    static std::shared_ptr<const ScaleExperimentResult> scaleResult(const LabSettings &labs);

    /// Throw std::invalid_argument with the memory guard's message when the
    /// lab would need more than the limit for \a data: the mask lab on the
    /// session's scores, the heads lab on its vectors, the shuffle of its
    /// tokens, the arrows of its keys. The labs draw that message instead; an
    /// export refuses with it.
    static void requireGeometryMemory(const FigureData &data);
    static void requireMaskMemory(const FigureData &data);
    static void requireHeadsMemory(const FigureData &data);
    static void requirePositionalMemory(const FigureData &data);

private:
    struct Series
    {
        QString name;
        QColor color;
        std::vector<QPointF> points;
        bool dashed = false;
    };
    void lineChart(const QRectF &rect, const QString &title, const QString &xTitle, const QString &yTitle,
                   const std::vector<Series> &series, bool logX, bool logY,
                   const std::vector<double> &xTicks);
    void message(const QRectF &rect, const QString &text);
    /// Calls \a require; false, with its message drawn in \a rect, if it throws.
    bool fitsInMemory(const QRectF &rect, void (*require)(const FigureData &));
    const LabSettings &labs() const;
    static const LabSettings &labsOf(const FigureData &data);

    FigurePainter m_base;
    QPainter &m_painter;
    const FigureData &m_data;
    const FigureStyle &m_style;
};

} // namespace AttentionLab
