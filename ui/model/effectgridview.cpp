// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/effectgridview.h"

#include "ui/views/pointtooltip.h"

#include <QMouseEvent>
#include <QPainter>

#include <cmath>

namespace AttentionLab {

EffectGridView::EffectGridView(QWidget *parent) : QWidget(parent)
{
    setMinimumSize(320, 240);
    setMouseTracking(true);
    setAccessibleName(tr("Effects of the sweep"));
}

void EffectGridView::setData(const EffectGridData &data)
{
    m_data = data;
    update();
}

QPoint EffectGridView::cellAt(const QPoint &point) const
{
    if (m_data.rows <= 0 || m_data.columns <= 0 || !m_cells.contains(point))
        return {-1, -1};
    const int column = int((point.x() - m_cells.left()) / m_cells.width() * m_data.columns);
    const int row = int((point.y() - m_cells.top()) / m_cells.height() * m_data.rows);
    if (row < 0 || row >= m_data.rows || column < 0 || column >= m_data.columns)
        return {-1, -1};
    return {column, row};
}

QString EffectGridView::describe(const QPoint &cell) const
{
    if (cell.x() < 0)
        return {};
    const double v = m_data.effects[size_t(cell.y()) * size_t(m_data.columns) + size_t(cell.x())];
    const QString where =
        m_data.columnTitle == QLatin1String("head")
            ? tr("head %1.%2").arg(cell.y()).arg(cell.x())
            : tr("layer %1, %2 %3").arg(cell.y()).arg(m_data.columnTitle).arg(cell.x());
    return std::isfinite(v) ? tr("%1: %2%3")
                                  .arg(where, v >= 0 ? QStringLiteral("+") : QString())
                                  .arg(v, 0, 'g', 5)
                            : tr("%1: not measured yet").arg(where);
}

void EffectGridView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    FigureStyle style;
    style.theme = palette().color(QPalette::Window).lightness() < 128 ? FigureStyle::Theme::Dark
                                                                      : FigureStyle::Theme::Light;
    painter.fillRect(rect(), style.background());
    m_cells = paintEffectGrid(painter, QRectF(rect()), m_data, style);
}

void EffectGridView::mousePressEvent(QMouseEvent *event)
{
    const QPoint cell = cellAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && cell.x() >= 0)
        emit cellActivated(cell.y(), cell.x());
    QWidget::mousePressEvent(event);
}

bool EffectGridView::event(QEvent *event)
{
    if (showPointToolTip(this, event,
                         [this](const QPoint &point) { return describe(cellAt(point)); }))
        return true;
    return QWidget::event(event);
}

} // namespace AttentionLab
