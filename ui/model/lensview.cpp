// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/lensview.h"

#include "ui/views/pointtooltip.h"

#include <QImage>
#include <QPainter>

namespace AttentionLab {

LensView::LensView(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAccessibleName(tr("Logit lens"));
    setMinimumSize(200, 150);
}

void LensView::setLens(std::shared_ptr<const LogitLens> lens, QStringList inputs,
                       std::function<QString(int)> token)
{
    m_lens = std::move(lens);
    m_inputs = std::move(inputs);
    m_token = std::move(token);
    m_message.clear();
    update();
}

void LensView::setMessage(const QString &message)
{
    m_message = message;
    update();
}

void LensView::setStyle(const FigureStyle &style)
{
    m_style = style;
    update();
}

LensFigure LensView::figure() const
{
    LensFigure f;
    f.lens = m_lens.get();
    f.inputs = m_inputs;
    f.token = m_token;
    f.title = tr("logit lens: each layer's most likely next token, coloured by its probability");
    return f;
}

QString LensView::toolTipFor(int layer, int position) const
{
    if (!m_lens || layer < 0 || position < 0 || layer >= m_lens->layers ||
        position >= m_lens->positions)
        return {};
    QString text = tr("<b>%1</b>, after “%2” (position %3)")
                       .arg(layer == m_lens->layers - 1 ? tr("the model's output")
                                                        : tr("after layer %1").arg(layer))
                       .arg(m_inputs.value(position).toHtmlEscaped())
                       .arg(position);
    for (const TokenProbability &t : m_lens->at(layer, position))
        text += QStringLiteral("<br>%1 &nbsp; %2")
                    .arg((m_token ? m_token(t.id) : QString::number(t.id)).toHtmlEscaped())
                    .arg(t.p, 0, 'f', 4);
    return text;
}

void LensView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window));
    if (!m_message.isEmpty() || !m_lens) {
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    FigureStyle style = m_style;
    style.transparent = true;
    painter.setFont(font());
    style.fontScale = 1.0; // the widget's font is already the hall's in presentation mode
    painter.setPen(palette().color(QPalette::WindowText));
    m_layout = paintLogitLens(painter, QRectF(rect()).adjusted(6, 6, -6, -6), figure(), style);
}

bool LensView::event(QEvent *event)
{
    if (showPointToolTip(this, event, [this](const QPoint &point) {
            const auto [layer, position] = m_layout.cellAt(point);
            return toolTipFor(layer, position);
        }))
        return true;
    return QWidget::event(event);
}

} // namespace AttentionLab
