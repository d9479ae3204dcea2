// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/headgridstyle.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace AttentionLab::HeadGridStyle {

double ScoreSpan::position(double value) const
{
    if (std::isnan(value) || !(hi > lo))
        return 0.0;
    return std::clamp((value - lo) / (hi - lo), 0.0, 1.0);
}

ScoreSpan scoreSpan(const std::vector<HeadScores> &scores, HeadScoreKind kind)
{
    ScoreSpan span;
    span.lo = std::numeric_limits<double>::infinity();
    span.hi = -span.lo;
    for (const HeadScores &s : scores) {
        const double v = s.value(kind);
        if (std::isnan(v))
            continue;
        span.lo = std::min(span.lo, v);
        span.hi = std::max(span.hi, v);
        span.any = true;
    }
    if (!span.any)
        span.lo = span.hi = 0.0;
    return span;
}

std::vector<int> displayOrder(const std::vector<HeadScores> &scores, int count, HeadScoreKind kind,
                              bool sorted)
{
    std::vector<int> order(size_t(std::max(0, count)));
    std::iota(order.begin(), order.end(), 0);
    if (!sorted || scores.size() != order.size())
        return order;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const double x = scores[size_t(a)].value(kind);
        const double y = scores[size_t(b)].value(kind);
        if (std::isnan(y))
            return !std::isnan(x);
        return !std::isnan(x) && x > y;
    });
    return order;
}

double thumbnailAspect(int queries, int keys, bool cross)
{
    if (!cross || keys <= 0)
        return 1.0;
    return std::clamp(double(queries) / double(keys), 0.25, 2.0);
}

QColor frameColor(double t, bool dark)
{
    const QColor low = dark ? QColor(0x50, 0x50, 0x50) : QColor(0xd8, 0xd8, 0xd8);
    const QColor high(0xe6, 0x55, 0x0d);
    return QColor::fromRgbF(float(low.redF() + t * (high.redF() - low.redF())),
                            float(low.greenF() + t * (high.greenF() - low.greenF())),
                            float(low.blueF() + t * (high.blueF() - low.blueF())));
}

QColor knockedOutColor()
{
    return QColor(0xd6, 0x27, 0x28);
}

QColor groupColor(int group)
{
    return group % 2 == 0 ? QColor(0x3f, 0x8f, 0xd0) : QColor(0xb0, 0x70, 0xd0);
}

QString scoreText(double value)
{
    return std::isnan(value) ? QStringLiteral("—") : QString::number(value, 'f', 2);
}

QString scoreTitle(HeadScoreKind kind)
{
    return QString::fromStdString(headScoreTitle(kind));
}

double legendHeight(const QFont &font)
{
    return QFontMetricsF(font).height() * 1.3;
}

namespace {

/// The parts of a legend line and their sizes in \a font.
struct LegendParts
{
    QString title, low, high, groups;
    double gap = 0.0, barWidth = 0.0, barHeight = 0.0, width = 0.0;
};

LegendParts legendParts(const QFont &font, HeadScoreKind kind, const ScoreSpan &span, bool groups)
{
    const QFontMetricsF metrics(font);
    LegendParts p;
    p.gap = metrics.horizontalAdvance(QLatin1Char(' ')) * 1.5;
    p.barWidth =
        std::max(3.0 * metrics.height(), metrics.horizontalAdvance(QStringLiteral("0000000")));
    p.barHeight = metrics.height() * 0.7;
    p.title = QStringLiteral("frame: %1").arg(scoreTitle(kind));
    p.low = span.any ? scoreText(span.lo) : QStringLiteral("—");
    p.high = span.any ? scoreText(span.hi) : QStringLiteral("—");
    p.groups = QStringLiteral("shared key/value heads");
    p.width = metrics.horizontalAdvance(p.title) + p.gap + metrics.horizontalAdvance(p.low) +
              p.gap * 0.5 + p.barWidth + p.gap * 0.5 + metrics.horizontalAdvance(p.high);
    if (groups)
        p.width +=
            2 * p.gap + 2 * p.barHeight * 1.6 + p.gap * 0.5 + metrics.horizontalAdvance(p.groups);
    return p;
}

} // namespace

double legendWidth(const QFont &font, HeadScoreKind kind, const ScoreSpan &span, bool groups)
{
    return std::ceil(legendParts(font, kind, span, groups).width) + 2.0;
}

double paintLegend(QPainter &painter, const QRectF &rect, const QFont &font, HeadScoreKind kind,
                   const ScoreSpan &span, bool dark, bool groups, const QColor &text)
{
    const QFontMetricsF metrics(font);
    const double h = metrics.height();
    const LegendParts parts = legendParts(font, kind, span, groups);
    const double gap = parts.gap, barWidth = parts.barWidth, barHeight = parts.barHeight;
    const QString &title = parts.title, &low = parts.low, &high = parts.high;
    const QString &groupsText = parts.groups;
    const double width = parts.width;
    double x = rect.left() + std::max(0.0, (rect.width() - width) / 2);
    const double y = rect.top() + (rect.height() - h) / 2;
    painter.save();
    painter.setFont(font);
    painter.setPen(text);
    auto word = [&](const QString &s) {
        const double w = metrics.horizontalAdvance(s);
        painter.drawText(QRectF(x, y, w + 1, h), Qt::AlignLeft | Qt::AlignVCenter, s);
        x += w;
    };
    word(title);
    x += gap;
    word(low);
    x += gap * 0.5;
    const QRectF bar(x, y + (h - barHeight) / 2, barWidth, barHeight);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 8; ++i)
        gradient.setColorAt(i / 8.0, frameColor(i / 8.0, dark));
    painter.fillRect(bar, gradient);
    x += barWidth + gap * 0.5;
    word(high);
    if (groups) {
        x += 2 * gap;
        for (int g = 0; g < 2; ++g) {
            painter.fillRect(QRectF(x, y + (h - barHeight) / 2, barHeight * 1.6, barHeight * 0.5),
                             groupColor(g));
            x += barHeight * 1.6;
        }
        x += gap * 0.5;
        word(groupsText);
    }
    painter.restore();
    return width;
}

} // namespace AttentionLab::HeadGridStyle
