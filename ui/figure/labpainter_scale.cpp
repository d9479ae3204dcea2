// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Why sqrt(d_k): the scale experiment as three charts.

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
#include "ui/figure/labelplacer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

std::shared_ptr<const ScaleExperimentResult> LabPainter::scaleResult(const LabSettings &labs)
{
    if (labs.scaleResult && !labs.scaleResult->rows.empty())
        return labs.scaleResult;
    return std::make_shared<const ScaleExperimentResult>(runScaleExperiment(labs.scale));
}

void LabPainter::scale(const QRectF &rect)
{
    m_base.setUnitFor(rect.width(), rect.height() * 1.6, 1000.0);
    m_base.fixUnit();
    const auto result = scaleResult(labs());
    std::vector<double> dks;
    Series spread{QStringLiteral("spread (one draw)"), QColor(0x31, 0x68, 0x8e), {}};
    Series pooled{QStringLiteral("pooled spread"), QColor(0x35, 0xb7, 0x79), {}};
    Series root{QStringLiteral("√d_k"), m_style.accent(), {}, true};
    Series rawTop{QStringLiteral("raw"), m_style.accent(), {}};
    Series scaledTop{QStringLiteral("scaled by √d_k"), QColor(0x31, 0x68, 0x8e), {}};
    // The scaled scores soft-capped (Gemma 2's tanh), where the experiment ran a cap.
    const double cap = result->settings.softCap;
    const bool capped = cap > 0.0;
    Series cappedTop{
        QStringLiteral("scaled, then capped at %1").arg(cap), QColor(0x35, 0xb7, 0x79), {}};
    Series rawEntropy = rawTop, scaledEntropy = scaledTop, cappedEntropy = cappedTop;
    Series maxEntropy{QStringLiteral("maximum"), m_style.muted(), {}, true};
    for (const ScaleExperimentRow &row : result->rows) {
        const double d = row.keyDim;
        dks.push_back(d);
        spread.points.emplace_back(d, row.spread);
        pooled.points.emplace_back(d, row.pooledSpread);
        root.points.emplace_back(d, std::sqrt(d));
        rawTop.points.emplace_back(d, row.rawMaxWeight);
        scaledTop.points.emplace_back(d, row.scaledMaxWeight);
        rawEntropy.points.emplace_back(d, row.rawEntropyBits);
        scaledEntropy.points.emplace_back(d, row.scaledEntropyBits);
        if (capped) {
            cappedTop.points.emplace_back(d, row.cappedMaxWeight);
            cappedEntropy.points.emplace_back(d, row.cappedEntropyBits);
        }
        maxEntropy.points.emplace_back(d, result->maxEntropyBits);
    }
    const double third = rect.width() / 3;
    // The table under the charts only where the charts keep a readable
    // height beside it: in a hall at 1280 x 720 they were 60 px tall and
    // their axis titles cut ("sd(…"); the table is --scale's, a command away.
    const bool table = m_style.tables && rect.height() * 0.68 >= m_base.pt(340);
    const QRectF top(rect.left(), rect.top(), rect.width(), rect.height() * (table ? 0.68 : 0.92));
    lineChart(QRectF(top.left(), top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("spread of q·k grows like √d_k"), QStringLiteral("d_k"),
              QStringLiteral("sd(q·k)"), {spread, pooled, root}, true, true, dks);
    lineChart(QRectF(top.left() + third, top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("mean largest weight"), QStringLiteral("d_k"),
              QStringLiteral("weight"),
              capped ? std::vector<Series>{rawTop, scaledTop, cappedTop}
                     : std::vector<Series>{rawTop, scaledTop},
              true, false, dks);
    lineChart(QRectF(top.left() + 2 * third, top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("mean entropy"), QStringLiteral("d_k"), QStringLiteral("bits"),
              capped ? std::vector<Series>{rawEntropy, scaledEntropy, cappedEntropy, maxEntropy}
                     : std::vector<Series>{rawEntropy, scaledEntropy, maxEntropy},
              true, false, dks);

    // The table, as `attention-lab --scale` prints it.
    const QFont tableFont = m_base.font(16);
    if (!table) {
        m_painter.setFont(tableFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(
            QRectF(rect.left(), top.bottom(), rect.width(), rect.bottom() - top.bottom()),
            Qt::AlignCenter,
            QStringLiteral("%1 draws of %2 standard-normal keys, seed %3; maximum entropy %4 bits")
                .arg(result->settings.draws)
                .arg(result->settings.keys)
                .arg(result->settings.seed)
                .arg(result->maxEntropyBits, 0, 'f', 4));
        return;
    }
    const QFontMetricsF metrics(tableFont);
    m_painter.setFont(tableFont);
    m_painter.setPen(m_style.foreground());
    const QStringList headers = scaleTableHeaders(capped);
    const double columnWidth =
        std::min(rect.width() / headers.size(),
                 metrics.horizontalAdvance(QStringLiteral("entropy scaled")) * 1.25);
    const double tableLeft = rect.center().x() - columnWidth * headers.size() / 2;
    double y = top.bottom() + m_base.pt(10);
    const double lineHeight = metrics.height() * 1.15;
    for (int c = 0; c < headers.size(); ++c)
        m_painter.drawText(QRectF(tableLeft + c * columnWidth, y, columnWidth, lineHeight),
                           Qt::AlignRight, headers[c]);
    for (const ScaleExperimentRow &row : result->rows) {
        y += lineHeight;
        if (y + lineHeight > rect.bottom() - lineHeight)
            break;
        const QStringList cells = scaleTableCells(row, capped);
        for (int c = 0; c < cells.size(); ++c)
            m_painter.drawText(QRectF(tableLeft + c * columnWidth, y, columnWidth, lineHeight),
                               Qt::AlignRight, cells[c]);
    }
    m_painter.setPen(m_style.muted());
    m_painter.drawText(
        QRectF(rect.left(), rect.bottom() - lineHeight, rect.width(), lineHeight), Qt::AlignCenter,
        QStringLiteral("%1 draws of %2 standard-normal keys, seed %3; maximum entropy %4 bits")
            .arg(result->settings.draws)
            .arg(result->settings.keys)
            .arg(result->settings.seed)
            .arg(result->maxEntropyBits, 0, 'f', 4));
}

QStringList LabPainter::scaleTableCells(const ScaleExperimentRow &row, bool capped)
{
    QStringList cells{QString::number(row.keyDim),
                      QString::number(row.spread, 'f', 3),
                      QString::number(row.pooledSpread, 'f', 3),
                      QString::number(row.rawMaxWeight, 'f', 4),
                      QString::number(row.rawEntropyBits, 'f', 4),
                      QString::number(row.scaledMaxWeight, 'f', 4),
                      QString::number(row.scaledEntropyBits, 'f', 4)};
    if (capped)
        cells << QString::number(row.cappedMaxWeight, 'f', 4)
              << QString::number(row.cappedEntropyBits, 'f', 4);
    return cells;
}

QStringList LabPainter::scaleTableHeaders(bool capped)
{
    QStringList headers{QStringLiteral("d_k"),           QStringLiteral("spread"),
                        QStringLiteral("pooled"),        QStringLiteral("max raw"),
                        QStringLiteral("entropy raw"),   QStringLiteral("max scaled"),
                        QStringLiteral("entropy scaled")};
    if (capped)
        headers << QStringLiteral("max capped") << QStringLiteral("entropy capped");
    return headers;
}

} // namespace AttentionLab
