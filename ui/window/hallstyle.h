// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QProxyStyle>

namespace AttentionLab {

/**
 * The application's style, with check boxes and radio buttons a hall can see on the
 * presentation theme's black: the style frames a box a shade darker than the
 * window, which there is all but black, so this one draws a light frame
 * around it on any dark palette. A toggle that is on (√d_k, Heatmap, Lines,
 * Presentation Mode) is filled with the highlight and its words drawn in
 * the highlight's text there: its two states differed by grey 56 against
 * 66. Elsewhere it is the style it wraps.
 */
class HallStyle : public QProxyStyle
{
    Q_OBJECT

public:
    HallStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;
};

} // namespace AttentionLab
