// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modelheatmapview.h"

#include "ui/figure/labelstride.h"

#include "ui/figure/attentionimage.h"
#include "ui/model/modeldocument.h"

#include <QKeyEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// The pyramid stops once a level is this small: drawing it costs nothing.
constexpr int kSmallestLevel = 256;
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
    if (!sameShape || m_zoom <= 1.0)
        fitToView();
    else
        clampOrigin();
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
    m_lo = range.barLow();
    m_hi = range.barHigh();
    m_barTitle = range.barTitle(tr("weight"));
    const float *data = m.data();
    if (m_colorRange == ColorRange::Mode::PerRow) {
        m_rowScaled.resize(m_rows, m_cols);
        for (int r = 0; r < m_rows; ++r)
            for (int c = 0; c < m_cols; ++c)
                m_rowScaled(r, c) = float(range.position(r, m(r, c)));
        data = m_rowScaled.data();
    }
    int rows = m_rows;
    int cols = m_cols;
    const float *level = data;
    while (std::max(rows, cols) > kSmallestLevel) {
        const int r = (rows + 1) / 2;
        const int c = (cols + 1) / 2;
        m_pyramid.push_back(downsampleMax(level, cols, 0, rows, 0, cols, r, c));
        level = m_pyramid.back().data();
        rows = r;
        cols = c;
    }
}

int ModelHeatmapView::widthForHeight(int height) const
{
    if (m_rows == 0 || m_cols == 0)
        return m_rowLabelWidth + 8;
    const double rowHeight = std::max(1.0, double(height - m_columnLabelHeight - 8)) / m_rows;
    return m_rowLabelWidth + int(std::ceil(m_cols * rowHeight * kMaximumCellAspect)) +
           colorBarRoom() + 12;
}

QRect ModelHeatmapView::availableRect() const
{
    return QRect(m_rowLabelWidth, 4, std::max(10, width() - m_rowLabelWidth - colorBarRoom() - 8),
                 std::max(10, height() - m_columnLabelHeight - 8));
}

int ModelHeatmapView::colorBarRoom() const
{
    // The bar, its widest tick label and its title along it.
    const QFontMetrics metrics(labelFont());
    return int(std::lround(14 * m_scale)) + metrics.horizontalAdvance(QStringLiteral("0.000")) +
           metrics.height() + int(std::lround(20 * m_scale));
}

void ModelHeatmapView::paintColorBar(QPainter &painter, const QRect &plot)
{
    // A colour bar as the Attention tab's: the colours from the least value
    // (bottom) to the largest, and below it the grey of a masked cell.
    const QFontMetrics metrics(labelFont());
    const int barWidth = int(std::lround(14 * m_scale));
    const bool masks = m_document->currentVisibility().masksAny();
    const int swatch = masks ? metrics.height() + 6 : 0;
    const QRect bar(plot.right() + int(std::lround(12 * m_scale)), plot.top(), barWidth,
                    std::max(20, plot.height() - swatch));
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i <= 16; ++i)
        gradient.setColorAt(i / 16.0, ColorMaps::colorAt(m_colorMap, i / 16.0));
    painter.fillRect(bar, gradient);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    painter.setPen(palette().color(QPalette::WindowText));
    const int textLeft = bar.right() + 4;
    const int textWidth = metrics.horizontalAdvance(QStringLiteral("0.000")) + 2;
    const auto tick = [&](double value, int y, Qt::Alignment vertical) {
        const int top = vertical == Qt::AlignTop ? y : y - metrics.height();
        painter.drawText(QRect(textLeft, top, textWidth, metrics.height()),
                         Qt::AlignLeft | vertical, QString::number(value, 'g', 3));
    };
    tick(m_hi, bar.top(), Qt::AlignTop);
    tick(m_lo, bar.bottom() + 1, Qt::AlignBottom);
    // The title along the bar, shortened where the bar is short.
    painter.save();
    painter.translate(textLeft + textWidth + metrics.height() / 2.0 + 2, bar.center().y());
    painter.rotate(90);
    const QString title = metrics.elidedText(m_barTitle, Qt::ElideRight, bar.height());
    painter.drawText(
        QRect(-bar.height() / 2, -metrics.height() / 2, bar.height(), metrics.height()),
        Qt::AlignCenter, title);
    painter.restore();
    if (masks) {
        const QRect grey(bar.left(), bar.bottom() + 6, barWidth, metrics.height() - 2);
        painter.fillRect(grey, ColorMaps::maskedColor());
        painter.drawText(
            QRect(textLeft, grey.top() - 1, textWidth + metrics.height() + 20, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, tr("masked"));
    }
}

QRect ModelHeatmapView::plotRect() const
{
    // The matrix fitted, and the plot exactly its size: the labels hug it,
    // and zooming in about any point of it keeps that point in place.
    const QRect available = availableRect();
    const QSizeF fit = fittedCell();
    return QRect(available.topLeft(),
                 QSize(std::clamp(int(m_cols * fit.width()), 1, available.width()),
                       std::clamp(int(m_rows * fit.height()), 1, available.height())));
}

QSizeF ModelHeatmapView::fittedCell() const
{
    if (m_rows == 0 || m_cols == 0)
        return {1.0, 1.0};
    // Each axis fills its room, neither more than kMaximumCellAspect times the other.
    const QRect available = availableRect();
    const double across = double(available.width()) / m_cols;
    const double down = double(available.height()) / m_rows;
    return {std::min(across, kMaximumCellAspect * down),
            std::min(down, kMaximumCellAspect * across)};
}

QSizeF ModelHeatmapView::cellSize() const
{
    return fittedCell() * m_zoom;
}

void ModelHeatmapView::fitToView()
{
    m_zoom = 1.0;
    m_origin = QPointF(0, 0);
    update();
    emit viewChanged();
}

void ModelHeatmapView::resizeEvent(QResizeEvent *event)
{
    // The zoom is relative to the fitted cell: a fitted matrix stays fitted,
    // a zoomed one grows and shrinks with the room.
    QWidget::resizeEvent(event);
    clampOrigin();
}

void ModelHeatmapView::clampOrigin()
{
    const QRect plot = plotRect();
    // Along an axis longer than the plot the matrix covers the plot; along a
    // shorter one it may sit anywhere inside it.
    auto clampAxis = [](double origin, double span, int cells) {
        const double a = std::min(0.0, cells - span);
        const double b = std::max(0.0, cells - span);
        return std::clamp(origin, a, b);
    };
    const QSizeF cell = cellSize();
    m_origin.setX(clampAxis(m_origin.x(), plot.width() / cell.width(), m_cols));
    m_origin.setY(clampAxis(m_origin.y(), plot.height() / cell.height(), m_rows));
}

QPoint ModelHeatmapView::cellAt(const QPointF &point) const
{
    const QRect plot = plotRect();
    if (!plot.contains(point.toPoint()) || m_rows == 0)
        return {-1, -1};
    const QSizeF cell = cellSize();
    const int col = int(std::floor(m_origin.x() + (point.x() - plot.left()) / cell.width()));
    const int row = int(std::floor(m_origin.y() + (point.y() - plot.top()) / cell.height()));
    if (row < 0 || row >= m_rows || col < 0 || col >= m_cols)
        return {-1, -1};
    return {row, col};
}

void ModelHeatmapView::zoomAt(const QPointF &point, double factor)
{
    if (m_rows == 0)
        return;
    const QRect plot = plotRect();
    const QPointF offset = point - QPointF(plot.topLeft());
    const QSizeF before = cellSize();
    const QPointF cell =
        m_origin + QPointF(offset.x() / before.width(), offset.y() / before.height());
    // From the fitted cell up to one whose longer side is kMaximumPixelsPerCell.
    const QSizeF fit = fittedCell();
    const double most =
        std::max(1.0, kMaximumPixelsPerCell * m_scale / std::max(fit.width(), fit.height()));
    m_zoom = std::clamp(m_zoom * factor, 1.0, most);
    const QSizeF after = cellSize();
    m_origin = cell - QPointF(offset.x() / after.width(), offset.y() / after.height());
    clampOrigin();
    update();
    emit viewChanged();
}

void ModelHeatmapView::panBy(const QPointF &pixels)
{
    const QSizeF cell = cellSize();
    m_origin -= QPointF(pixels.x() / cell.width(), pixels.y() / cell.height());
    clampOrigin();
    update();
    emit viewChanged();
}

QPair<int, int> ModelHeatmapView::visibleRows() const
{
    const QRect plot = plotRect();
    const int first = std::clamp(int(std::floor(m_origin.y())), 0, m_rows);
    const int last = std::clamp(int(std::ceil(m_origin.y() + plot.height() / cellSize().height())),
                                first, m_rows);
    return {first, last};
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
    return tr("query “%1” (%2) → key “%3” (%4): %5")
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
    const ModelDocument::MatrixMap m = m_document->currentMatrix();
    const QRect plot = plotRect();
    const QSizeF cellSize = this->cellSize();
    const double across = cellSize.width();
    const double down = cellSize.height();
    const int c0 = std::clamp(int(std::floor(m_origin.x())), 0, m_cols);
    const int c1 = std::clamp(int(std::ceil(m_origin.x() + plot.width() / across)), c0, m_cols);
    const int r0 = std::clamp(int(std::floor(m_origin.y())), 0, m_rows);
    const int r1 = std::clamp(int(std::ceil(m_origin.y() + plot.height() / down)), r0, m_rows);
    if (c1 <= c0 || r1 <= r0)
        return;
    const QRectF target(plot.left() + (c0 - m_origin.x()) * across,
                        plot.top() + (r0 - m_origin.y()) * down, (c1 - c0) * across,
                        (r1 - r0) * down);

    // The pyramid level with at least one cell per pixel, so no strong cell is lost.
    const float *data = m_rowScaled.size() > 0 ? m_rowScaled.data() : m.data();
    int rows = m_rows;
    int cols = m_cols;
    int level = 0;
    while (level < int(m_pyramid.size()) &&
           double(m_pyramid[size_t(level)].cols()) / m_cols * (c1 - c0) >= target.width() &&
           double(m_pyramid[size_t(level)].rows()) / m_rows * (r1 - r0) >= target.height())
        ++level;
    if (level > 0) {
        const FloatMatrix &p = m_pyramid[size_t(level - 1)];
        data = p.data();
        rows = int(p.rows());
        cols = int(p.cols());
    }
    const int lr0 = int(qint64(r0) * rows / m_rows);
    const int lr1 = std::max(lr0 + 1, int((qint64(r1) * rows + m_rows - 1) / m_rows));
    const int lc0 = int(qint64(c0) * cols / m_cols);
    const int lc1 = std::max(lc0 + 1, int((qint64(c1) * cols + m_cols - 1) / m_cols));
    const QSize pixels(std::max(1, int(std::ceil(target.width()))),
                       std::max(1, int(std::ceil(target.height()))));
    const double lo = m_rowScaled.size() > 0 ? 0.0 : m_lo;
    const double hi = m_rowScaled.size() > 0 ? 1.0 : m_hi;
    QImage image = attentionImage(data, cols, QRect(lc0, lr0, lc1 - lc0, lr1 - lr0), pixels,
                                  m_colorMap, lo, hi);
    // Masked cells grey, placed by the matrix's own rows and columns (a
    // pyramid level's cells cover several of them).
    const KeyVisibility visibility = m_document->currentVisibility();
    paintMaskedPixels(image, QRect(c0, r0, c1 - c0, r1 - r0), visibility);
    painter.save();
    painter.setClipRect(plot);
    painter.drawImage(target, image);

    // Each cell's value once cells are large enough to hold it.
    if (std::min(across, down) >= kValueCellPixels) {
        QFont font = labelFont();
        font.setPixelSize(
            std::max(6, int(std::min(down * 0.6, QFontInfo(font).pixelSize() * 1.0))));
        const int digits = across >= 40 ? 3 : 2;
        // The widest number a cell writes ("0.000", or ".00" below 30 px) within its width.
        const double widest = QFontMetricsF(font).horizontalAdvance(
            digits == 3 ? QStringLiteral("0.000") : QStringLiteral(".00"));
        if (widest > across * 0.9)
            font.setPixelSize(std::max(6, int(font.pixelSize() * across * 0.9 / widest)));
        painter.setFont(font);
        const std::vector<RowStatistics> &rows = m_document->rowStatistics();
        const QString maskedText = tr("masked");
        const bool maskedFits = QFontMetricsF(font).horizontalAdvance(maskedText) <= across * 0.92;
        for (int r = r0; r < r1; ++r) {
            // Past a row's last non-zero weight (padding) the cells stay blank.
            const int visible = r < int(rows.size()) ? int(rows[size_t(r)].visible) : c1;
            for (int c = c0; c < std::min(c1, visible); ++c) {
                const QRectF cell(plot.left() + (c - m_origin.x()) * across,
                                  plot.top() + (r - m_origin.y()) * down, across, down);
                if (!visibility.sees(r, c)) {
                    if (maskedFits) {
                        painter.setPen(ColorMaps::maskedTextColor());
                        painter.drawText(cell, Qt::AlignCenter, maskedText);
                    }
                    continue;
                }
                const double v = m(r, c);
                const double shown = m_rowScaled.size() > 0 ? m_rowScaled(r, c) : v;
                const double t = hi > lo ? (shown - lo) / (hi - lo) : 0.0;
                QString text = QString::number(v, 'f', digits);
                if (across < 30 && text.startsWith(QLatin1String("0.")))
                    text.remove(0, 1); // ".41": the leading zero does not fit
                painter.setPen(ColorMaps::textColorOn(ColorMaps::colorAt(m_colorMap, t)));
                painter.drawText(cell, Qt::AlignCenter, text);
            }
        }
    }
    painter.restore();

    // Token labels, every step-th where they would overlap, all once rows are tall enough.
    const QFont font = labelFont();
    painter.setFont(font);
    painter.setPen(palette().color(QPalette::WindowText));
    const QFontMetrics metrics(font);
    const int rowStep = labelStep(down);
    for (int r = (r0 + rowStep - 1) / rowStep * rowStep; r < r1; r += rowStep) {
        const double y = plot.top() + (r + 0.5 - m_origin.y()) * down;
        if (y < plot.top() - 1 || y > plot.bottom() + 1)
            continue;
        const QString text = metrics.elidedText(m_document->rowLabels().value(r), Qt::ElideRight,
                                                m_rowLabelWidth - 8);
        // The first and last rows' labels stay inside the widget where rows are low.
        const double top = std::clamp(y - metrics.height() / 2.0, 0.0,
                                      std::max(0.0, double(height() - metrics.height())));
        painter.drawText(QRectF(0, top, m_rowLabelWidth - 6, metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, text);
    }
    const int columnStep = labelStep(across);
    for (int c = (c0 + columnStep - 1) / columnStep * columnStep; c < c1; c += columnStep) {
        const double x = plot.left() + (c + 0.5 - m_origin.x()) * across;
        if (x < plot.left() - 1 || x > plot.right() + 1)
            continue;
        const QString text = metrics.elidedText(m_document->columnLabels().value(c), Qt::ElideRight,
                                                m_columnLabelHeight - 8);
        painter.save();
        painter.translate(x, plot.bottom() + 4);
        painter.rotate(-90);
        painter.drawText(QRectF(-(m_columnLabelHeight - 4), -metrics.height() / 2.0,
                                m_columnLabelHeight - 6, metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, text);
        painter.restore();
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(target.intersected(QRectF(plot)).adjusted(-0.5, -0.5, 0.5, 0.5));
    paintColorBar(painter, plot);
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(rect().adjusted(1, 1, -1, -1));
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
