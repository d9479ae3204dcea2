// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/rowstatistics.h"
#include "core/maths/cellvalue.h"
#include "ui/figure/figurestyle.h"
#include "ui/figure/figureview.h"

#include <QColor>
#include <QFont>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QStringList>

#include <functional>

class QPainter;

namespace AttentionLab {

/// Paints the attention figures with plain QPainter calls: one filled shape
/// per cell and text as text, so SVG and PDF stay true vector.
class FigurePainter
{
public:
    using Quantity = CellQuantity;

    FigurePainter(QPainter &painter, const FigureData &data, const FigureStyle &style);
    /// For figures drawn from something other than a session (a model's
    /// attention tensor, a matrix): only the building blocks below that take
    /// their data as arguments may be used, not heatmap(), entropyBars(rect)
    /// or figure().
    FigurePainter(QPainter &painter, const FigureStyle &style);

    /// Any matrix as a heatmap: the building block of the heatmap and the labs.
    struct MatrixHeatmap
    {
        int rows = 0;
        int cols = 0;
        std::function<double(int, int)> value; ///< NaN draws a masked cell
        std::function<QString(int)> rowLabel;
        std::function<QString(int)> colLabel;
        double lo = 0.0;
        double hi = 1.0;
        QString rowTitle = QStringLiteral("queries");
        QString colTitle = QStringLiteral("keys");
        QString scaleTitle = QStringLiteral("weight");
        QString title;        ///< above the grid, when not empty
        QStringList rowNotes; ///< a column of text right of the grid
        bool colorBar = true;
        /// The column labels and title above the grid (Bahdanau et al.'s
        /// alignment has its source words along the top), not below.
        bool colLabelsOnTop = false;
        bool numbers = true;        ///< also needs the style's numbers
        double minNumberSize = 6.0; ///< pixels; smaller cells show no numbers
        /// When there are more cells than pixels: the cells as an image of at
        /// most this many pixels (a model's head max-downsampled by
        /// attentionImage). Empty: each pixel the cell under its centre.
        std::function<QImage(const QSize &pixels)> cellImage = {};
    };
    QRectF matrixHeatmap(const QRectF &rect, const MatrixHeatmap &spec);

    /// The heatmap with its colour scale and token labels; returns the
    /// rectangle the cells fill (m rows, n columns of equal size).
    QRectF heatmap(const QRectF &rect, Quantity quantity);
    /// One bar per query: entropy in bits, the maximum marked, the row sum.
    void entropyBars(const QRectF &rect);
    /// The entropy bars of any rows: the building block of entropyBars(rect)
    /// and of a model head's figure.
    struct EntropyBars
    {
        int rows = 0;
        std::function<const RowStatistics &(int)> row;
        std::function<QString(int)> rowLabel;
        bool notes = true; ///< the note beside each bar, while there are few rows
    };
    void entropyBars(const QRectF &rect, const EntropyBars &spec);
    /// Title, heatmap, entropy bars and a caption of the settings.
    void figure(const QRectF &rect);
    /// Fills \a rect with the background unless the style is transparent.
    void background(const QRectF &rect);

    /// The note beside an entropy bar, on screen and in exports: "1.5811 bits ·
    /// sum 1.0000", or for a row that lost weight "sums to 0.4551, lost 0.5449 ·
    /// 0.0000 bits over the visible keys".
    static QString entropyNote(const RowStatistics &row);
    /// The note where a panel is too narrow for it: "1.5811 bits" for a row
    /// that is a distribution; a row that lost weight keeps its whole warning.
    static QString briefEntropyNote(const RowStatistics &row);
    /// "scaled by √3, causal mask (mask, then softmax)".
    static QString caption(const FigureData &data);

    double pt(double size) const; ///< a font or line size, scaled for the target
    QFont font(double size, bool bold = false) const;
    /// Sets the text size for a panel of this size, unless figure() fixed it.
    void setUnitFor(double width, double height, double reference);
    void fixUnit() { m_unitFixed = true; }
    QRectF titled(const QRectF &rect);
    QPainter &painter() { return m_painter; }
    const FigureStyle &style() const { return m_style; }
    const FigureData &data() const { return *m_data; }

    /// Round tick positions covering [lo, hi], about five.
    static QList<double> ticks(double lo, double hi);
    /// The labels of \a ticks: short ("0.25", "2.5e5"), each true and none
    /// like another at any magnitude (a key at 999999 gave "5e+05" three
    /// times: "2.5e+05" and "7.5e+05" cut to the box's width).
    static QStringList tickLabels(const QList<double> &ticks);
    /// Every how many rows (or columns) of \a count a heatmap labels.
    static int labelStepFor(int count);
    /// Token labels per axis before only every k-th is written, on screen
    /// and in exports.
    static constexpr int kMaxAxisLabels = 40;
    /// A token as an axis label: at most kMaxLabelCharacters characters, a
    /// longer one cut in the middle ("interchangeab…ility"), so that one long
    /// token never squeezes a figure's cells away. Every heatmap and bar
    /// chart, on screen and in exports, labels its axes with it.
    static QString axisLabel(const QString &token);
    static constexpr int kMaxLabelCharacters = 24;
    /// The colour bar's title for \a quantity: "weight", "raw score q·k", "logit".
    static QString quantityTitle(Quantity quantity);

    /// True when a rows x cols heatmap has more cells than \a devicePixels:
    /// it is then drawn as an image of at most those pixels, not one shape
    /// per cell, so a drawing holds no more than its pixels.
    static bool drawsCellsAsImage(qint64 rows, qint64 cols, const QSize &devicePixels);
    /// The size of \a rect in pixels of the device being painted.
    QSize devicePixelsOf(const QRectF &rect) const;

private:
    QPainter &m_painter;
    const FigureData *m_data = nullptr; ///< null for a figure not drawn from a session
    const FigureStyle &m_style;
    double m_unit = 1.0;
    bool m_unitFixed = false; ///< set by figure(): both panels share one text size
};

} // namespace AttentionLab
