// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "ui/figure/figurestyle.h"
#include "ui/figure/linepainter.h"

#include <QStringList>
#include <QWidget>

namespace AttentionLab {

/**
 * Attention as lines, live: queries in a left column, keys in a right one,
 * a line from each query to each key whose opacity is the weight (drawn by
 * LinePainter, as the exports are). Hovering a token, or moving to it with
 * the arrow keys, shows only its lines, with their weights while they are
 * few; a tooltip names its strongest partners. Knows nothing of documents:
 * the Attention tab gives it the session's weights, the model tab a head's.
 *
 * Usage: `view->setMatrix(weights, queryLabels, keyLabels)` whenever the
 * numbers change (rows are queries, columns keys, NaN a masked cell that
 * gets no line; a missing label shows the position), and
 * `view->setStyle(style)` for the theme, presentation mode's font scale
 * included.
 */
class AttentionLinesView : public QWidget
{
    Q_OBJECT

public:
    explicit AttentionLinesView(QWidget *parent = nullptr);

    void setMatrix(const FloatMatrix &weights, QStringList rowLabels, QStringList colLabels);
    const FloatMatrix &matrix() const { return m_weights; }
    void setStyle(const FigureStyle &style);
    const FigureStyle &figureStyle() const { return m_style; }
    /// A line above the columns ("layer 3, head 7"); none when empty.
    void setTitle(const QString &title);

    /// The token whose lines alone are drawn, or an invalid one.
    LineToken highlighted() const { return m_highlighted; }
    void setHighlighted(LineToken token);
    /// Lines as opaque as their share of their query's largest weight
    /// (LineDiagram::perRow), as the heatmap's colour range "Per row" does.
    void setPerRow(bool perRow);
    /// The token under \a pos as last painted.
    LineToken tokenAt(const QPointF &pos) const { return m_geometry.tokenAt(pos); }
    /// Where the last paint put the tokens.
    const LineGeometry &geometry() const { return m_geometry; }
    /// "query “is” (2): best 0.4120, who 0.3010, the 0.1500"
    QString toolTipFor(LineToken token) const;

    QSize sizeHint() const override { return {600, 500}; }

signals:
    void highlightedChanged(AttentionLab::LineToken token);
    /// The user clicked a token (a query on the left, a key on the right).
    void tokenClicked(AttentionLab::LineToken token, Qt::KeyboardModifiers modifiers);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    QString label(LineToken token) const;
    void updateDescription();

    FloatMatrix m_weights;
    QStringList m_rowLabels;
    QStringList m_colLabels;
    FigureStyle m_style;
    QString m_title;
    LineToken m_highlighted;
    bool m_perRow = false;
    LineGeometry m_geometry;
};

} // namespace AttentionLab
