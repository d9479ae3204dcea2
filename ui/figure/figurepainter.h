#pragma once

#include "figurestyle.h"
#include "figureview.h"

#include <QFont>
#include <QRectF>

class QPainter;

namespace AttentionLab {

/// Paints the attention figures with plain QPainter calls: one filled shape
/// per cell and text as text, so SVG and PDF stay true vector.
class FigurePainter
{
public:
    enum class Quantity
    {
        Weights,
        Scores,
        Logits,
    };

    FigurePainter(QPainter &painter, const FigureData &data, const FigureStyle &style);

    /// The heatmap with its colour scale and token labels; returns the
    /// rectangle the cells fill (m rows, n columns of equal size).
    QRectF heatmap(const QRectF &rect, Quantity quantity);
    /// One bar per query: entropy in bits, the maximum marked, the row sum.
    void entropyBars(const QRectF &rect);
    /// Title, heatmap, entropy bars and a caption of the settings.
    void figure(const QRectF &rect);
    /// Fills \a rect with the background unless the style is transparent.
    void background(const QRectF &rect);

    /// "scaled by √3, causal mask (mask, then softmax)".
    static QString caption(const FigureData &data);

private:
    double pt(double size) const; ///< a font or line size, scaled for the target
    QFont font(double size, bool bold = false) const;
    QRectF titled(const QRectF &rect);
    void setUnitFor(double width, double height, double reference);

    QPainter &m_painter;
    const FigureData &m_data;
    const FigureStyle &m_style;
    double m_unit = 1.0;
    bool m_unitFixed = false; ///< set by figure(): both panels share one text size
};

} // namespace AttentionLab
