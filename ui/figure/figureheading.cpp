// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/figureheading.h"

#include "ui/figure/figurepainter.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace AttentionLab::FigureHeading {

void message(QPainter &painter, const QRectF &rect, const FigureStyle &style, const QString &text)
{
    FigurePainter base(painter, style);
    base.setUnitFor(rect.width(), rect.height() * 1.4, 900.0);
    painter.setFont(base.font(22));
    painter.setPen(style.foreground());
    painter.drawText(rect.adjusted(base.pt(20), base.pt(20), -base.pt(20), -base.pt(20)),
                     Qt::AlignCenter | Qt::TextWordWrap, text);
}

QRectF headed(FigurePainter &base, const QRectF &rect, const QString &title,
              const QString &subtitle)
{
    QPainter &p = base.painter();
    const QRectF inner = base.titled(rect);
    const QFont titleFont = base.font(22, true);
    const QFont subtitleFont = base.font(16);
    const double titleHeight = QFontMetricsF(titleFont).height() * 1.3;
    const double subtitleHeight =
        subtitle.isEmpty() ? 0.0 : QFontMetricsF(subtitleFont).height() * 1.3;
    p.setPen(base.style().foreground());
    p.setFont(titleFont);
    p.drawText(QRectF(inner.left(), inner.top(), inner.width(), titleHeight), Qt::AlignCenter,
               title);
    if (!subtitle.isEmpty()) {
        // A long line of scores shrinks to the width rather than clip.
        QFont fitted = subtitleFont;
        const double width = QFontMetricsF(subtitleFont).horizontalAdvance(subtitle);
        if (width > inner.width() * 0.98)
            fitted.setPixelSize(
                std::max(6, int(subtitleFont.pixelSize() * inner.width() * 0.98 / width)));
        p.setFont(fitted);
        p.setPen(base.style().muted());
        p.drawText(QRectF(inner.left(), inner.top() + titleHeight, inner.width(), subtitleHeight),
                   Qt::AlignCenter, subtitle);
    }
    return inner.adjusted(0, titleHeight + subtitleHeight + base.pt(6), 0, 0);
}

} // namespace AttentionLab::FigureHeading
