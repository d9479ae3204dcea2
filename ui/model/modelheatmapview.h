// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/colorrange.h"
#include "ui/figure/heatmapstyle.h"
#include "ui/model/attentionpyramid.h"
#include "ui/model/heatmapcolorbar.h"
#include "ui/model/heatmapviewport.h"

#include <QImage>
#include <QPointF>
#include <QRect>
#include <QSizeF>
#include <QWidget>

class QPainter;

namespace AttentionLab {

class ModelDocument;

/**
 * The model document's current matrix drawn large: an image from
 * attentionImage (each pixel the largest weight it covers), token labels on
 * both axes (thinned while they would overlap, every one once the rows are
 * tall enough), the exact weight of the cell under the pointer, and the
 * value in each cell once it fits (drawn with MatrixPainter in the style of
 * heatmapStyle(), as the exported head figure is). The wheel zooms toward
 * the pointer, dragging pans, Home fits the whole matrix. Left and Right
 * step through the heads of a layer, Up and Down through the layers, Escape
 * goes back to the grid.
 */
class ModelHeatmapView : public QWidget
{
    Q_OBJECT

public:
    /// The width that shows the whole matrix at \a height pixels with its
    /// cells as wide as they may be (kMaximumCellAspect times their height):
    /// more would be empty beside it.
    int widthForHeight(int height) const;
    /// A fitted cell is at most this many times as wide as it is tall, or as
    /// tall as it is wide: the matrix fills the room a hall's screen leaves
    /// it, which is wide and low, and still reads as rows and columns.
    static constexpr double kMaximumCellAspect = HeatmapViewport::kMaximumCellAspect;
    /// Cells at least this many pixels tall (and wide enough) show their
    /// value: half a cell's height holds a number of the smallest size.
    static constexpr double kValueCellPixels = 2.0 * HeatmapStyle::kSmallestHeadNumber;

    explicit ModelHeatmapView(ModelDocument *document, QWidget *parent = nullptr);

    void setColorMap(ColorMaps::Name name);
    void setColorRange(ColorRange::Mode mode);
    void setAppearance(bool dark, double scale);

    /// A cell's width and height in pixels now: the fitted cell times the zoom.
    QSizeF cellSize() const;
    /// The cell (row, column) under \a point, or (-1, -1) outside the matrix.
    QPoint cellAt(const QPointF &point) const;
    /// Zooms by \a factor keeping the matrix point under \a point where it is.
    void zoomAt(const QPointF &point, double factor);
    /// Moves the matrix by \a pixels.
    void panBy(const QPointF &pixels);
    /// The whole matrix in view.
    void fitToView();
    /// "query ' dog' (3) → key ' the' (1): 0.412345", for the cell at \a row, \a col.
    QString describeCell(int row, int col) const;
    /// The labels drawn on the rows and the columns now, for tests.
    QStringList visibleRowLabels() const;
    /// Rows [first, last) of the matrix in view, to align the entropy bars.
    QPair<int, int> visibleRows() const;
    /// The rectangle the matrix is drawn in: the whole matrix at the fitted zoom.
    QRect plotRect() const;
    /// The style its cells, numbers, labels and colour bar are drawn in.
    HeatmapStyle heatmapStyle() const;

signals:
    /// The text describing the cell under the pointer (empty when outside).
    void hovered(const QString &text);
    void backRequested();
    /// The rows in view changed (zoom, pan or another matrix).
    void viewChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void matrixChanged();
    void finishMatrixChange(bool sameShape);
    void rebuildSource();
    /// The viewport, told the room there is now.
    HeatmapViewport &viewport() const;
    /// Where the plot may go: the widget less the labels' room.
    QRect availableRect() const;
    int topMargin() const;
    int labelStep(double pixelsPerCell) const;
    QFont labelFont() const;
    /// The colour bar right of the matrix, its labels and its title.
    int colorBarRoom() const;
    void paintLabels(QPainter &painter, const QRect &cells);

    ModelDocument *m_document;
    /// The rows each spread over 0..1 (per-row colour range), and the
    /// max-pyramid of what is drawn: the matrix or those rows.
    FloatMatrix m_rowScaled;
    AttentionPyramid m_pyramid;
    HeatmapColorBar m_colorBar;
    int m_rows = 0;
    int m_cols = 0;
    ColorMaps::Name m_colorMap = ColorMaps::Name::Viridis;
    ColorRange::Mode m_colorRange = ColorRange::Mode::Fixed;
    bool m_dark = false;
    double m_scale = 1.0;
    mutable HeatmapViewport m_viewport;
    QPointF m_dragFrom;
    bool m_dragging = false;
    QStringList m_measuredRows;
    QStringList m_measuredColumns;
    bool m_remeasure = true;
    int m_rowLabelWidth = 100;
    int m_columnLabelHeight = 90;
};

} // namespace AttentionLab
