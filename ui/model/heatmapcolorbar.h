// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/heatmapstyle.h"

#include <QPixmap>
#include <QString>

class QPainter;
class QRect;

namespace AttentionLab {

/**
 * The large head view's colour bar: from the least value (bottom) to the
 * largest, its title along it, and below it the grey of a masked cell where
 * the matrix has one, drawn by MatrixPainter as every exported figure draws
 * its bar. The strip right of the plot is drawn once into a pixmap and
 * again only when the bar changes, not at each step of a zoom or a pan.
 */
class HeatmapColorBar
{
public:
    /// The range and the title (View > Colour range).
    void setRange(double lo, double hi, const QString &title);
    double low() const { return m_lo; }
    double high() const { return m_hi; }

    /// The room the bar takes right of the plot, in \a font at \a scale.
    int room(const QFont &font, double scale) const;
    /// Paints the strip of \a width px right of \a plot, \a height px tall.
    void paint(QPainter &painter, const QRect &plot, int width, int height,
               const HeatmapStyle &style, double scale, bool masks, qreal pixelRatio);

private:
    int labelWidth(const QFont &font) const;
    void draw(QPainter &painter, const QRect &plot, const HeatmapStyle &style, double scale,
              bool masks) const;

    double m_lo = 0.0;
    double m_hi = 1.0;
    QString m_title;
    QPixmap m_strip;
    QString m_key;
};

} // namespace AttentionLab
