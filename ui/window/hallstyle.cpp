// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/hallstyle.h"

#include <QPainter>
#include <QStyleOption>

namespace AttentionLab {

HallStyle::HallStyle() : QProxyStyle() {}

void HallStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                              QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool dark = option->palette.color(QPalette::Window).lightnessF() < 0.3;
    if ((element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton) || !dark)
        return;
    const bool enabled = option->state & State_Enabled;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    const qreal width = std::max<qreal>(1.5, option->rect.height() / 9.0);
    painter->setPen(QPen(enabled ? QColor(0xd0, 0xd0, 0xd0) : QColor(0x70, 0x70, 0x70), width));
    const qreal inset = width / 2.0;
    const QRectF frame = QRectF(option->rect).adjusted(inset, inset, -inset, -inset);
    if (element == PE_IndicatorRadioButton)
        painter->drawEllipse(frame);
    else
        painter->drawRoundedRect(frame, 2.0, 2.0);
    painter->restore();
}

} // namespace AttentionLab
