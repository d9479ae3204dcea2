// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Size: the parameter table and bars, and the cost of attention against n.

#include "ui/figure/labpainter.h"
#include "ui/figure/labpainterhelpers.h"

#include "core/maths/attention.h"
#include "core/maths/attentioncost.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/maskorders.h"
#include "core/maths/multiheadattention.h"
#include "core/maths/parametercount.h"
#include "core/maths/permutationdemo.h"
#include "core/maths/positionalencoding.h"
#include "core/maths/randomsession.h"
#include "core/maths/session.h"
#include "core/support/memorybudget.h"
#include "ui/figure/labelplacer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

void LabPainter::params(const QRectF &rect)
{
    m_base.setUnitFor(rect.width(), rect.height() * 1.6, 1000.0);
    m_base.fixUnit();
    const TransformerConfig &c = labs().transformer;
    ParameterCount p;
    try {
        p = countParameters(c);
    } catch (const std::invalid_argument &e) {
        message(rect, QString::fromUtf8(e.what()));
        return;
    }
    struct Line
    {
        QString what, formula;
        std::int64_t value;
        bool strong;
    };
    const std::vector<Line> lines{
        {QStringLiteral("attention weights"), QStringLiteral("4 D²"), p.attentionWeights, false},
        {QStringLiteral("   their biases"), QStringLiteral("4 D"), p.attentionBiases, false},
        {QStringLiteral("attention"), QStringLiteral("4 D² + 4 D"), p.attention, true},
        {QStringLiteral("feed-forward"), QStringLiteral("2 D H + H + D"), p.feedForward, true},
        {QStringLiteral("layer norms"), QStringLiteral("4 D"), p.layerNorms, false},
        {QStringLiteral("one layer"), QString(), p.perLayer, true},
        {QStringLiteral("all layers"), QStringLiteral("L × layer"), p.allLayers, false},
        {QStringLiteral("embeddings"), QStringLiteral("|V| D"), p.embeddings, false},
        {QStringLiteral("total"), QString(), p.total, true},
    };
    // The title, nine lines and a two-line note: in a short canvas (the
    // hall's 1280 x 720) the text shrinks, down to 0.6, rather than run
    // past the bottom into the chart below. Lines closer together first;
    // then the note goes (the banner above says the same: the heads are
    // free, the feed-forward block is the larger); then smaller text.
    const double lineRows = double(lines.size()) + 1.6;
    const double noteRows = 2.6;
    const double fontHeight = QFontMetricsF(m_base.font(17)).height();
    const bool note = rect.height() >= fontHeight * (lineRows + noteRows) * 1.12 * 0.9;
    const double natural = fontHeight * (lineRows + (note ? noteRows : 0.0));
    const double spacing = std::clamp(rect.height() / natural, 1.12, 1.35);
    const double fit = std::clamp(rect.height() / (natural * spacing), 0.62, 1.0);
    const QFont font = m_base.font(17 * fit);
    const QFont bold = m_base.font(17 * fit, true);
    const QFontMetricsF metrics(font);
    const double lineHeight = metrics.height() * spacing;
    const double tableWidth = rect.width() * 0.46;
    m_painter.setFont(m_base.font(19 * fit, true));
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(rect.left(), rect.top(), tableWidth, lineHeight * 1.2),
                       Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("|V| = %1, D = %2, L = %3, h = %4, H = %5")
                           .arg(grouped(c.vocabulary), grouped(c.modelDim), grouped(c.layers),
                                grouped(c.heads), grouped(c.feedForward)));
    double y = rect.top() + lineHeight * 1.6;
    for (const Line &line : lines) {
        m_painter.setFont(line.strong ? bold : font);
        m_painter.drawText(QRectF(rect.left(), y, tableWidth * 0.5, lineHeight),
                           Qt::AlignLeft | Qt::AlignVCenter, line.what);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(rect.left() + tableWidth * 0.5, y, tableWidth * 0.25, lineHeight),
                           Qt::AlignLeft | Qt::AlignVCenter, line.formula);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(rect.left() + tableWidth * 0.7, y, tableWidth * 0.3, lineHeight),
                           Qt::AlignRight | Qt::AlignVCenter, grouped(line.value));
        y += lineHeight;
    }
    if (note) {
        m_painter.setFont(font);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(
            QRectF(rect.left(), y + lineHeight * 0.5, tableWidth, lineHeight * 3), Qt::TextWordWrap,
            QStringLiteral(
                "The heads are free: h × d_k = D, so splitting D into %1 heads of %2 changes no "
                "count. The feed-forward block is the larger one.")
                .arg(c.heads)
                .arg(c.headDim()));
    }

    // Where the parameters sit, as bars.
    const QRectF chart(rect.left() + tableWidth + m_base.pt(40), rect.top() + lineHeight,
                       rect.width() - tableWidth - m_base.pt(60), rect.height() - lineHeight * 2);
    const std::vector<std::pair<QString, std::int64_t>> parts{
        {QStringLiteral("embeddings"), p.embeddings},
        {QStringLiteral("attention × L"), p.attention * c.layers},
        {QStringLiteral("feed-forward × L"), p.feedForward * c.layers},
        {QStringLiteral("layer norms × L"), p.layerNorms * c.layers}};
    std::int64_t largest = 1;
    double nameWidth = 0;
    for (const auto &[name, value] : parts) {
        largest = std::max(largest, value);
        nameWidth = std::max(nameWidth, metrics.horizontalAdvance(name));
    }
    const double rowH = chart.height() / double(parts.size());
    const double barLeft = chart.left() + nameWidth + m_base.pt(10);
    const double barWidth = chart.width() - nameWidth - m_base.pt(10) -
                            metrics.horizontalAdvance(QStringLiteral("000,000,000 (00%)"));
    const QList<QColor> colors{QColor(0x44, 0x01, 0x54), QColor(0x31, 0x68, 0x8e),
                               QColor(0x35, 0xb7, 0x79), QColor(0xfd, 0xe7, 0x25)};
    for (size_t k = 0; k < parts.size(); ++k) {
        const double yk = chart.top() + k * rowH;
        m_painter.setFont(font);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(chart.left(), yk, nameWidth, rowH),
                           Qt::AlignRight | Qt::AlignVCenter, parts[k].first);
        const double w =
            std::max(m_base.pt(1.5), double(parts[k].second) / double(largest) * barWidth);
        m_painter.fillRect(QRectF(barLeft, yk + rowH * 0.2, w, rowH * 0.6), colors[int(k)]);
        m_painter.drawText(
            QRectF(barLeft + w + m_base.pt(8), yk, chart.right() - barLeft - w, rowH),
            Qt::AlignLeft | Qt::AlignVCenter,
            QStringLiteral("%1 (%2%)")
                .arg(grouped(parts[k].second))
                .arg(100.0 * double(parts[k].second) / double(p.total), 0, 'f', 0));
    }
}

void LabPainter::cost(const QRectF &rect)
{
    m_base.setUnitFor(rect.width(), rect.height() * 1.6, 1000.0);
    m_base.fixUnit();
    const LabSettings &l = labs();
    Series cells{QStringLiteral("n² score cells"), QColor(0x31, 0x68, 0x8e), {}};
    Series linear{QStringLiteral("n (for comparison)"), m_style.muted(), {}, true};
    std::vector<double> ns;
    std::vector<AttentionCost> costs;
    for (std::int64_t n : l.costLengths) {
        try {
            costs.push_back(attentionCost(n, l.costKeyDim));
        } catch (const std::invalid_argument &) {
            continue;
        }
        ns.push_back(double(n));
        cells.points.emplace_back(double(n), double(costs.back().scoreCells));
        linear.points.emplace_back(double(n), double(n));
    }
    if (costs.empty()) {
        message(rect, QStringLiteral("No sequence lengths to draw."));
        return;
    }
    const QRectF chart(rect.left(), rect.top(), rect.width() * 0.68, rect.height());
    lineChart(chart, QStringLiteral("what the sequence length costs one head"),
              QStringLiteral("tokens n"), QStringLiteral("count"), {cells, linear}, true, true, ns);

    // The list beside the chart stays inside the canvas: in a short one its
    // note goes first (the banner says the same: four times the tokens,
    // sixteen times the cells), then its text shrinks, down to 0.6.
    const double fontRow = QFontMetricsF(m_base.font(17)).height() * 1.4;
    const bool note = rect.height() >= fontRow * (costs.size() + 5.0) * 0.9;
    const double wanted = fontRow * (costs.size() + (note ? 5.0 : 2.0));
    const double fit = std::clamp(rect.height() / wanted, 0.6, 1.0);
    const QFont font = m_base.font(17 * fit);
    const QFontMetricsF metrics(font);
    m_painter.setFont(font);
    const double lineHeight = metrics.height() * 1.4;
    double y = rect.top() + lineHeight * (fit < 1.0 || !note ? 0.5 : 2.0);
    const double x = chart.right() + m_base.pt(20);
    const double w = rect.right() - x;
    m_painter.setPen(m_style.foreground());
    m_painter.setFont(m_base.font(17 * fit, true));
    m_painter.drawText(QRectF(x, y, w, lineHeight), Qt::AlignLeft,
                       QStringLiteral("n, cells, one n × n matrix"));
    m_painter.setFont(font);
    for (const AttentionCost &c : costs) {
        y += lineHeight;
        m_painter.drawText(QRectF(x, y, w, lineHeight), Qt::AlignLeft,
                           QStringLiteral("%1: %2, %3")
                               .arg(grouped(c.tokens), grouped(c.scoreCells),
                                    QString::fromStdString(formatBytes(double(c.matrixBytes)))));
    }
    if (!note)
        return;
    m_painter.setPen(m_style.muted());
    m_painter.drawText(
        QRectF(x, y + lineHeight * 1.5, w, lineHeight * 4), Qt::TextWordWrap,
        QStringLiteral("Quadruple the context and the score cells rise sixteen-fold: O(n²). "
                       "Multiply-adds per head: 2 n² d_k with d_k = %1.")
            .arg(l.costKeyDim));
}

} // namespace AttentionLab
