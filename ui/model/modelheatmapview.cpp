// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modelheatmapview.h"

#include "ui/figure/attentionimage.h"
#include "ui/figure/labelstride.h"
#include "ui/figure/matrixpainter.h"
#include "ui/model/modeldocument.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

constexpr double kMaximumPixelsPerCell = 96.0;

} // namespace

ModelHeatmapView::ModelHeatmapView(ModelDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(200, 200);
    setAccessibleName(tr("Attention matrix"));
    setAccessibleDescription(
        tr("Rows are queries, columns keys. Left and Right step through heads, Up and Down "
           "through layers; the wheel zooms, dragging pans, Home fits, Escape goes back"));
    connect(document, &ModelDocument::currentChanged, this, &ModelHeatmapView::matrixChanged);
    matrixChanged();
}

void ModelHeatmapView::setColorMap(ColorMaps::Name name)
{
    m_colorMap = name;
    update();
}

void ModelHeatmapView::setColorRange(ColorRange::Mode mode)
{
    m_colorRange = mode;
    rebuildSource();
    update();
}

void ModelHeatmapView::setAppearance(bool dark, double scale)
{
    m_dark = dark;
    m_scale = scale;
    m_remeasure = true; // the font changed with the theme
    matrixChanged();
}

QFont ModelHeatmapView::labelFont() const
{
    // The widget's font: presentation mode has already enlarged it.
    return font();
}

void ModelHeatmapView::matrixChanged()
{
    const ModelDocument::MatrixMap m = m_document->currentMatrix();
    const bool sameShape = m.rows() == m_rows && m.cols() == m_cols;
    m_rows = int(m.rows());
    m_cols = int(m.cols());
    m_viewport.setShape(m_rows, m_cols);
    // Room for the labels: the widest, within limits (measured again only
    // when the labels change: from head to head they stay).
    if (m_measuredRows == m_document->rowLabels() &&
        m_measuredColumns == m_document->columnLabels() && !m_remeasure) {
        finishMatrixChange(sameShape);
        return;
    }
    m_measuredRows = m_document->rowLabels();
    m_measuredColumns = m_document->columnLabels();
    m_remeasure = false;
    const QFontMetrics metrics(labelFont());
    int widest = 0;
    for (const QString &label : m_document->rowLabels())
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const int character = metrics.averageCharWidth();
    m_rowLabelWidth = std::clamp(widest + 10, 4 * character, 18 * character);
    widest = 0;
    for (const QString &label : m_document->columnLabels())
        widest = std::max(widest, metrics.horizontalAdvance(label));
    m_columnLabelHeight = std::clamp(widest + 10, 4 * character, 15 * character);
    finishMatrixChange(sameShape);
}

void ModelHeatmapView::finishMatrixChange(bool sameShape)
{
    rebuildSource();
    // Stepping to another head of the same size keeps the zoom: compare heads cell by cell.
    if (!sameShape || m_viewport.zoom() <= 1.0)
        fitToView();
    else
        viewport().clampOrigin();
    update();
    emit viewChanged();
}

void ModelHeatmapView::rebuildSource()
{
    const ModelDocument::MatrixMap m = m_document->currentMatrix();
    m_pyramid.clear();
    m_rowScaled.resize(0, 0);
    if (m.size() == 0)
        return;
    // Masked cells take no part in the range: a row's least weight is one it has.
    const KeyVisibility visibility = m_document->currentVisibility();
    auto value = [&m, &visibility](int r, int c) {
        return visibility.sees(r, c) ? double(m(r, c)) : std::numeric_limits<double>::quiet_NaN();
    };
    const ColorRange range(m_colorRange, true, m_colorRange == ColorRange::Mode::Fixed ? 0 : m_rows,
                           m_cols, value);
    m_colorBar.setRange(range.barLow(), range.barHigh(), range.barTitle(tr("weight")));
    const float *data = m.data();
    if (m_colorRange == ColorRange::Mode::PerRow) {
        m_rowScaled.resize(m_rows, m_cols);
        for (int r = 0; r < m_rows; ++r)
            for (int c = 0; c < m_cols; ++c)
                m_rowScaled(r, c) = float(range.position(r, m(r, c)));
        data = m_rowScaled.data();
    }
    m_pyramid.build(data, m_rows, m_cols);
}

int ModelHeatmapView::widthForHeight(int height) const
{
    if (m_rows == 0 || m_cols == 0)
        return m_rowLabelWidth + 8;
    const double rowHeight =
        std::max(1.0, double(height - m_columnLabelHeight - topMargin() - 4)) / m_rows;
    return m_rowLabelWidth + int(std::ceil(m_cols * rowHeight * kMaximumCellAspect)) +
           colorBarRoom() + 12;
}

int ModelHeatmapView::topMargin() const
{
    // Room for half the colour bar's top tick label, centred on the bar's top.
    return std::max(4, QFontMetrics(labelFont()).height() / 2 + 1);
}

QRect ModelHeatmapView::availableRect() const
{
    return QRect(m_rowLabelWidth, topMargin(),
                 std::max(10, width() - m_rowLabelWidth - colorBarRoom() - 8),
                 std::max(10, height() - m_columnLabelHeight - topMargin() - 4));
}

HeatmapViewport &ModelHeatmapView::viewport() const
{
    m_viewport.setAvailable(availableRect());
    return m_viewport;
}

HeatmapStyle ModelHeatmapView::heatmapStyle() const
{
    HeatmapStyle style;
    style.colorMap = m_colorMap;
    style.foreground = palette().color(QPalette::WindowText);
    style.frame = palette().color(QPalette::Mid);
    style.font = labelFont();
    // Numbers no larger than the labels: presentation mode has enlarged both.
    style.largestNumber = QFontInfo(style.font).pixelSize();
    style.smallestNumber = HeatmapStyle::kSmallestHeadNumber;
    return style;
}

int ModelHeatmapView::colorBarRoom() const
{
    return m_colorBar.room(labelFont(), m_scale);
}

QRect ModelHeatmapView::plotRect() const
{
    return viewport().plotRect();
}

QSizeF ModelHeatmapView::cellSize() const
{
    return viewport().cellSize();
}

void ModelHeatmapView::fitToView()
{
    m_viewport.fit();
    update();
    emit viewChanged();
}

void ModelHeatmapView::resizeEvent(QResizeEvent *event)
{
    // The zoom is relative to the fitted cell: a fitted matrix stays fitted,
    // a zoomed one grows and shrinks with the room.
    QWidget::resizeEvent(event);
    viewport().clampOrigin();
}

QPoint ModelHeatmapView::cellAt(const QPointF &point) const
{
    return viewport().cellAt(point);
}

void ModelHeatmapView::zoomAt(const QPointF &point, double factor)
{
    if (m_rows == 0)
        return;
    viewport().zoomAt(point, factor, kMaximumPixelsPerCell * m_scale);
    update();
    emit viewChanged();
}

void ModelHeatmapView::panBy(const QPointF &pixels)
{
    viewport().panBy(pixels);
    update();
    emit viewChanged();
}

QPair<int, int> ModelHeatmapView::visibleRows() const
{
    const QRect cells = viewport().visibleCells();
    return {cells.top(), cells.top() + cells.height()};
}

int ModelHeatmapView::labelStep(double pixelsPerCell) const
{
    // A label a row, the row pixelsPerCell tall.
    return labelStride(1, QFontMetricsF(labelFont()).height() * 1.05, pixelsPerCell);
}

QStringList ModelHeatmapView::visibleRowLabels() const
{
    QStringList out;
    const auto [first, last] = visibleRows();
    const int step = labelStep(cellSize().height());
    for (int r = (first + step - 1) / step * step; r < last; r += step)
        out << m_document->rowLabels().value(r);
    return out;
}

QString ModelHeatmapView::describeCell(int row, int col) const
{
    const ModelDocument::MatrixMap m = m_document->currentMatrix();
    if (row < 0 || col < 0 || row >= m.rows() || col >= m.cols())
        return {};
    const QString weight =
        m_document->currentVisibility().sees(row, col)
            ? QString::number(double(m(row, col)), 'f', 6)
            : tr("masked (the query cannot see this key: −∞ before the softmax)");
    // A cross-attention's rows are labelled by the token each wrote.
    const bool written = m_document->tensor().rowsAreWritten();
    return (written ? tr("row writing “%1” (%2) → source “%3” (%4): %5")
                    : tr("query “%1” (%2) → key “%3” (%4): %5"))
        .arg(m_document->rowLabels().value(row))
        .arg(row)
        .arg(m_document->columnLabels().value(col))
        .arg(col)
        .arg(weight);
}

void ModelHeatmapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window));
    if (m_rows == 0)
        return;
    const HeatmapViewport &view = viewport();
    const QRect plot = view.plotRect();
    const QRect cells = view.visibleCells();
    if (cells.isEmpty())
        return;
    const MatrixPainter::Grid grid = view.grid();
    const QRectF target(
        grid.rect(cells.top(), cells.left()).topLeft(),
        QSizeF(cells.width() * grid.cell.width(), cells.height() * grid.cell.height()));
    const HeatmapStyle style = heatmapStyle();
    MatrixPainter matrix(painter, style);

    // The cells from the pyramid, masked cells grey, placed by the matrix's
    // own rows and columns (a pyramid level's cells cover several of them).
    const bool perRow = m_rowScaled.size() > 0;
    const double lo = perRow ? 0.0 : m_colorBar.low();
    const double hi = perRow ? 1.0 : m_colorBar.high();
    const ModelDocument::MatrixMap m = m_document->currentMatrix();
    QImage image =
        m_pyramid.image(perRow ? m_rowScaled.data() : m.data(), cells, target, m_colorMap, lo, hi);
    const KeyVisibility visibility = m_document->currentVisibility();
    paintMaskedPixels(image, cells, visibility);
    painter.save();
    painter.setClipRect(plot);
    matrix.cellImage(target, image);

    // Each cell's value, and "masked", once the cells hold them.
    matrix.numbers(
        grid, cells,
        [&](int r, int c) {
            return visibility.sees(r, c) ? double(m(r, c))
                                         : std::numeric_limits<double>::quiet_NaN();
        },
        [&](int r, int c) {
            const double shown = perRow ? double(m_rowScaled(r, c)) : double(m(r, c));
            return hi > lo ? (shown - lo) / (hi - lo) : 0.0;
        });
    painter.restore();

    paintLabels(painter, cells);
    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(target.intersected(QRectF(plot)).adjusted(-0.5, -0.5, 0.5, 0.5));
    m_colorBar.paint(painter, plot, width(), height(), style, m_scale,
                     m_document->currentVisibility().masksAny(), devicePixelRatioF());
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(rect().adjusted(1, 1, -1, -1));
    }
}

void ModelHeatmapView::paintLabels(QPainter &painter, const QRect &cells)
{
    // Token labels, every step-th where they would overlap, all once rows are tall enough.
    const QRect plot = viewport().plotRect();
    const MatrixPainter::Grid grid = viewport().grid();
    const HeatmapStyle style = heatmapStyle();
    MatrixPainter matrix(painter, style);
    const QFont font = labelFont();
    const QFontMetrics metrics(font);
    const int r0 = cells.top(), r1 = cells.top() + cells.height();
    const int c0 = cells.left(), c1 = cells.left() + cells.width();
    const int rowStep = labelStep(grid.cell.height());
    for (int r = (r0 + rowStep - 1) / rowStep * rowStep; r < r1; r += rowStep) {
        const double y = grid.rect(r, 0).center().y();
        if (y < plot.top() - 1 || y > plot.bottom() + 1)
            continue;
        const QString text = metrics.elidedText(m_document->rowLabels().value(r), Qt::ElideRight,
                                                m_rowLabelWidth - 8);
        // The first and last rows' labels stay inside the widget where rows are low.
        const double top = std::clamp(y - metrics.height() / 2.0, 0.0,
                                      std::max(0.0, double(height() - metrics.height())));
        matrix.label(QRectF(0, top, m_rowLabelWidth - 6, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, text, font);
    }
    const int columnStep = labelStep(grid.cell.width());
    for (int c = (c0 + columnStep - 1) / columnStep * columnStep; c < c1; c += columnStep) {
        const double x = grid.rect(0, c).center().x();
        if (x < plot.left() - 1 || x > plot.right() + 1)
            continue;
        const QString text = metrics.elidedText(m_document->columnLabels().value(c), Qt::ElideRight,
                                                m_columnLabelHeight - 8);
        matrix.label(QPointF(x, plot.bottom() + 4), -90,
                     QRectF(-(m_columnLabelHeight - 4), -metrics.height() / 2.0,
                            m_columnLabelHeight - 6, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, text, font);
    }
}

void ModelHeatmapView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // Presentation mode's larger font arrives here: the labels need their room measured again.
    if (event->type() == QEvent::FontChange) {
        m_remeasure = true;
        matrixChanged();
    }
}

void ModelHeatmapView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        event->ignore();
        return;
    }
    zoomAt(event->position(), std::pow(1.25, steps));
    event->accept();
}

void ModelHeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragFrom = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void ModelHeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging) {
        panBy(event->position() - m_dragFrom);
        m_dragFrom = event->position();
    }
    const QPoint cell = cellAt(event->position());
    const QString text = describeCell(cell.x(), cell.y());
    emit hovered(text);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void ModelHeatmapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_dragging = false;
        unsetCursor();
    }
    QWidget::mouseReleaseEvent(event);
}

void ModelHeatmapView::leaveEvent(QEvent *event)
{
    emit hovered(QString());
    QWidget::leaveEvent(event);
}

void ModelHeatmapView::keyPressEvent(QKeyEvent *event)
{
    const QPointF centre = QRectF(plotRect()).center();
    switch (event->key()) {
    case Qt::Key_Left:
        m_document->stepHead(-1);
        break;
    case Qt::Key_Right:
        m_document->stepHead(1);
        break;
    case Qt::Key_Up:
    case Qt::Key_PageUp:
        m_document->stepLayer(-1);
        break;
    case Qt::Key_Down:
    case Qt::Key_PageDown:
        m_document->stepLayer(1);
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAt(centre, 1.25);
        break;
    case Qt::Key_Minus:
        zoomAt(centre, 1 / 1.25);
        break;
    case Qt::Key_Home:
        fitToView();
        break;
    case Qt::Key_Escape:
        emit backRequested();
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace AttentionLab
