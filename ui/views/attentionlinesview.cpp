// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/attentionlinesview.h"

#include "ui/views/pointtooltip.h"

#include "core/support/types.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <vector>

namespace AttentionLab {

namespace {

/// Partners a tooltip names.
constexpr int kToolTipPartners = 5;

} // namespace

AttentionLinesView::AttentionLinesView(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(240, 200);
    setAccessibleName(tr("Attention lines"));
    updateDescription();
}

void AttentionLinesView::setMatrix(const FloatMatrix &weights, QStringList rowLabels,
                                   QStringList colLabels)
{
    m_weights = weights;
    m_rowLabels = std::move(rowLabels);
    m_colLabels = std::move(colLabels);
    const LineToken h = m_highlighted;
    if (h.isValid() &&
        h.index >= (h.side == LineToken::Side::Query ? m_weights.rows() : m_weights.cols()))
        setHighlighted({});
    updateDescription();
    update();
}

void AttentionLinesView::setStyle(const FigureStyle &style)
{
    m_style = style;
    update();
}

void AttentionLinesView::setTitle(const QString &title)
{
    m_title = title;
    update();
}

void AttentionLinesView::setHighlighted(LineToken token)
{
    if (token == m_highlighted)
        return;
    m_highlighted = token;
    updateDescription();
    update();
    emit highlightedChanged(token);
}

QString AttentionLinesView::label(LineToken token) const
{
    const QStringList &labels = token.side == LineToken::Side::Query ? m_rowLabels : m_colLabels;
    return token.index < labels.size() ? labels[token.index] : QString::number(token.index);
}

QString AttentionLinesView::toolTipFor(LineToken token) const
{
    if (!token.isValid())
        return {};
    const bool query = token.side == LineToken::Side::Query;
    const Index count = query ? m_weights.cols() : m_weights.rows();
    if (token.index >= (query ? m_weights.rows() : m_weights.cols()))
        return {};
    struct Partner
    {
        int index;
        float weight;
    };
    std::vector<Partner> partners;
    int masked = 0;
    for (Index k = 0; k < count; ++k) {
        const float w = query ? m_weights(token.index, k) : m_weights(k, token.index);
        if (std::isnan(w))
            ++masked;
        else
            partners.push_back({int(k), w});
    }
    const int shown = std::min<int>(kToolTipPartners, int(partners.size()));
    // Ties keep their order, so equal weights read left to right.
    std::stable_sort(partners.begin(), partners.end(),
                     [](const Partner &a, const Partner &b) { return a.weight > b.weight; });
    QStringList parts;
    for (int k = 0; k < shown; ++k)
        parts << QStringLiteral("%1 %2")
                     .arg(label({query ? LineToken::Side::Key : LineToken::Side::Query,
                                 partners[size_t(k)].index}))
                     .arg(partners[size_t(k)].weight, 0, 'f', 4);
    QString text = (query ? tr("query “%1” (%2) gives the most weight to: %3")
                          : tr("key “%1” (%2) gets the most weight from: %3"))
                       .arg(label(token))
                       .arg(token.index)
                       .arg(parts.isEmpty() ? tr("nothing") : parts.join(QStringLiteral(", ")));
    if (masked > 0)
        text += tr("; %n masked", nullptr, masked);
    return text;
}

void AttentionLinesView::updateDescription()
{
    QString text = tr("%1 queries on the left, %2 keys on the right, a line from each query to "
                      "each key as opaque as its weight")
                       .arg(m_weights.rows())
                       .arg(m_weights.cols());
    if (m_highlighted.isValid())
        text += QStringLiteral(". ") + toolTipFor(m_highlighted);
    setAccessibleDescription(text);
}

void AttentionLinesView::setPerRow(bool perRow)
{
    if (perRow == m_perRow)
        return;
    m_perRow = perRow;
    update();
}

void AttentionLinesView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(rect(), m_style.background());
    LineDiagram diagram = LineDiagram::fromMatrix(m_weights, m_rowLabels, m_colLabels);
    diagram.title = m_title;
    diagram.highlighted = m_highlighted;
    diagram.perRow = m_perRow;
    m_geometry =
        LinePainter(painter, m_style).paint(QRectF(rect()).adjusted(8, 8, -8, -8), diagram);
    if (hasFocus()) {
        painter.setPen(QPen(palette().highlight().color(), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void AttentionLinesView::mouseMoveEvent(QMouseEvent *event)
{
    setHighlighted(tokenAt(event->position()));
    QWidget::mouseMoveEvent(event);
}

void AttentionLinesView::mousePressEvent(QMouseEvent *event)
{
    const LineToken token = tokenAt(event->position());
    if (event->button() == Qt::LeftButton && token.isValid())
        emit tokenClicked(token, event->modifiers());
    QWidget::mousePressEvent(event);
}

void AttentionLinesView::leaveEvent(QEvent *event)
{
    setHighlighted({});
    QWidget::leaveEvent(event);
}

void AttentionLinesView::keyPressEvent(QKeyEvent *event)
{
    // Up and Down step through a column, Left and Right change column,
    // Escape shows every line again.
    LineToken token = m_highlighted;
    const int rows = int(m_weights.rows()), cols = int(m_weights.cols());
    if (rows == 0 || cols == 0)
        return QWidget::keyPressEvent(event);
    if (!token.isValid())
        token = {LineToken::Side::Query, -1};
    const int count = token.side == LineToken::Side::Query ? rows : cols;
    switch (event->key()) {
    case Qt::Key_Down:
        token.index = std::min(count - 1, token.index + 1);
        break;
    case Qt::Key_Up:
        token.index = std::max(0, token.index - 1);
        break;
    case Qt::Key_Left:
        token = {LineToken::Side::Query, std::clamp(token.index, 0, rows - 1)};
        break;
    case Qt::Key_Right:
        token = {LineToken::Side::Key, std::clamp(token.index, 0, cols - 1)};
        break;
    case Qt::Key_Escape:
        if (!m_highlighted.isValid())
            return QWidget::keyPressEvent(event);
        token = {};
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
    setHighlighted(token);
    event->accept();
}

bool AttentionLinesView::event(QEvent *event)
{
    if (showPointToolTip(this, event,
                         [this](const QPoint &point) { return toolTipFor(tokenAt(point)); }))
        return true;
    return QWidget::event(event);
}

} // namespace AttentionLab
