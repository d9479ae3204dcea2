// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// HeadGridView's hover text and what it does with the keys and the mouse:
// arrows move the selection, Enter or a click opens a head, the context
// menu is the tab's (Knock Out Head).

#include "ui/model/headgridview.h"

#include "ui/model/modeldocument.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollArea>
#include <QToolTip>

namespace AttentionLab {

QString HeadGridView::toolTipFor(int layer, int head) const
{
    if (m_document->isEmpty())
        return {};
    const AttentionTensor &tensor = m_document->tensor();
    QString text = tr("<b>head %1</b> (layer %2, head %3)")
                       .arg(QString::fromStdString(tensor.headName(layer, head)))
                       .arg(tensor.layerNumber(layer))
                       .arg(tensor.headNumber(head));
    if (tensor.isRenumbered())
        text +=
            tr("<br>the file's layer %1, head %2 (the others were left out)").arg(layer).arg(head);
    if (layer < m_layerNotes.size() && !m_layerNotes[layer].isEmpty())
        text += QStringLiteral("<br>") + m_layerNotes[layer];
    if (m_document->isKnockedOut(layer, head))
        text += tr("<br><b>knocked out</b>: the model ran without its output (K restores it)");
    if (tensor.keyValueHeads() < tensor.heads()) {
        const int group = tensor.keyValueHeadOf(head);
        const auto [first, last] = tensor.queryHeadsOf(group);
        text += first == last
                    ? tr("<br>query head %1 reads key/value head %2 alone").arg(head).arg(group)
                    : tr("<br>query head %1 shares key/value head %2 with heads %3 to %4")
                          .arg(head)
                          .arg(group)
                          .arg(first)
                          .arg(last);
    }
    if (!m_document->scoreError().isEmpty())
        return text + tr("<br>no scores: %1").arg(m_document->scoreError().toHtmlEscaped());
    if (!m_document->scoresReady())
        return text + tr("<br>scores are being computed…");
    const HeadScores &s = m_document->scores(layer, head);
    QStringList skipped;
    for (int k = 0; k < kHeadScoreKindCount; ++k) {
        const auto kind = HeadScoreKind(k);
        const QString title = QString::fromStdString(headScoreTitle(kind));
        const double v = s.value(kind);
        if (std::isnan(v)) {
            skipped << title;
            continue;
        }
        text += QStringLiteral("<br>%1: %2").arg(title).arg(v, 0, 'f', 3);
    }
    if (!skipped.isEmpty())
        text += tr("<br><i>%1: no repeated tokens</i>").arg(skipped.join(tr(" and ")));
    return text;
}

bool HeadGridView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int p = positionAt(help->pos());
        if (p < 0 || m_document->isEmpty()) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const int index = m_order[size_t(p)];
        const int heads = m_document->tensor().heads();
        QToolTip::showText(help->globalPos(), toolTipFor(index / heads, index % heads), this,
                           cellRect(p));
        return true;
    }
    return QWidget::event(event);
}

void HeadGridView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relayout(); // the labels' height follows the font
}

void HeadGridView::keyPressEvent(QKeyEvent *event)
{
    if (m_document->isEmpty()) {
        QWidget::keyPressEvent(event);
        return;
    }
    const int heads = m_document->tensor().heads();
    const int count = int(m_order.size());
    const int here = positionOf(m_document->layer() * heads + m_document->head());
    int there = here;
    switch (event->key()) {
    case Qt::Key_Left:
        there = here - 1;
        break;
    case Qt::Key_Right:
        there = here + 1;
        break;
    case Qt::Key_Up:
        there = here - heads;
        break;
    case Qt::Key_Down:
        there = here + heads;
        break;
    case Qt::Key_Home:
        there = 0;
        break;
    case Qt::Key_End:
        there = count - 1;
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        emit headActivated(m_document->layer(), m_document->head());
        return;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (there >= 0 && there < count) {
        const int index = m_order[size_t(there)];
        m_document->select(index / heads, index % heads);
        // In a scroll area (144 heads do not fit), the chosen head comes into view.
        for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
            if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
                const QRect cell = cellRect(there);
                scroll->ensureVisible(cell.center().x(), cell.center().y(), cell.width() / 2 + 4,
                                      cell.height() / 2 + 4);
                break;
            }
        }
    }
}

void HeadGridView::contextMenuEvent(QContextMenuEvent *event)
{
    const int p = positionAt(event->pos());
    if (p < 0 || m_document->isEmpty())
        return;
    const int index = m_order[size_t(p)];
    const int heads = m_document->tensor().heads();
    m_document->select(index / heads, index % heads);
    emit headMenuRequested(index / heads, index % heads, event->globalPos());
}

void HeadGridView::mousePressEvent(QMouseEvent *event)
{
    const int p = positionAt(event->position().toPoint());
    if (p < 0 || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    const int index = m_order[size_t(p)];
    const int heads = m_document->tensor().heads();
    m_document->select(index / heads, index % heads);
    emit headActivated(index / heads, index % heads);
}

} // namespace AttentionLab
