// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/effectgridfigure.h"

#include <QWidget>

namespace AttentionLab {

/**
 * A sweep's grid of effects in the window, drawn as its exported figure is
 * (paintEffectGrid): a diverging scale centred on zero, with its colour
 * bar. Cells not yet measured are grey; hovering a cell gives its number,
 * clicking it asks for that head's intervention.
 */
class EffectGridView : public QWidget
{
    Q_OBJECT

public:
    explicit EffectGridView(QWidget *parent = nullptr);

    void setData(const EffectGridData &data);
    const EffectGridData &data() const { return m_data; }
    /// The cell under \\a point, or (-1, -1).
    QPoint cellAt(const QPoint &point) const;
    /// "head 1.2: +6.2025": what hovering \\a cell says.
    QString describe(const QPoint &cell) const;

signals:
    /// Cell (\\a row, \\a column) was clicked.
    void cellActivated(int row, int column);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    EffectGridData m_data;
    QRectF m_cells; ///< where the last paint put the cells
};

} // namespace AttentionLab
