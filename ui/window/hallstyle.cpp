// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/hallstyle.h"

#include <QPainter>
#include <QStyleOption>

namespace AttentionLab {

HallStyle::HallStyle() : QProxyStyle() {}

namespace {

bool isDark(const QStyleOption *option)
{
    return option->palette.color(QPalette::Window).lightnessF() < 0.3;
}

} // namespace

void HallStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                   QPainter *painter, const QWidget *widget) const
{
    const auto *button = qstyleoption_cast<const QStyleOptionToolButton *>(option);
    if (control != CC_ToolButton || !button || !(button->state & State_On) || !isDark(option)) {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        return;
    }
    // On: the highlight behind it, its words and icon in the highlight's
    // text colour, a frame around it that reads from the back of the hall.
    // On but off limits on this tab (Scale by √d_k on the Model tab): the
    // highlight dimmed and the words grey, not the bright "on" of a control
    // that acts.
    const bool enabled = option->state & State_Enabled;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QColor highlight = option->palette.color(QPalette::Highlight);
    const QColor fill = enabled ? highlight : highlight.darker(320);
    painter->setPen(QPen(fill.lighter(130), 2.0));
    painter->setBrush(fill);
    painter->drawRoundedRect(QRectF(option->rect).adjusted(1, 1, -1, -1), 4.0, 4.0);
    painter->restore();
    QStyleOptionToolButton label = *button;
    label.state &= ~(State_On | State_Sunken | State_Raised);
    label.state |= State_AutoRaise;
    const QColor ink = enabled ? option->palette.color(QPalette::HighlightedText)
                               : option->palette.color(QPalette::Disabled, QPalette::ButtonText);
    label.palette.setColor(QPalette::ButtonText, ink);
    label.palette.setColor(QPalette::WindowText, ink);
    label.rect = subControlRect(CC_ToolButton, button, SC_ToolButton, widget);
    proxy()->drawControl(CE_ToolButtonLabel, &label, painter, widget);
}

void HallStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                              QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool dark = isDark(option);
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
