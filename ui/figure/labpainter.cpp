// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter: what every lab shares (memory checks, messages, tick labels).
// Each lab is painted in labpainter_LAB.cpp beside this file.

#include "ui/figure/labpainter.h"
#include "ui/figure/labpainterhelpers.h"

#include "core/maths/attention.h"
#include "core/maths/attentioncost.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/labmemory.h"
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

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

std::vector<int> LabPainter::shownTickLabels(const std::vector<double> &centres,
                                             const std::vector<double> &halfWidths, double gap)
{
    std::vector<int> shown;
    const int count = int(centres.size());
    if (count == 0)
        return shown;
    // The last tick always keeps its label; the others are taken from the
    // left while they clear the one before and the last.
    const int last = count - 1;
    double right = -std::numeric_limits<double>::infinity();
    for (int k = 0; k < last; ++k) {
        const double left = centres[size_t(k)] - halfWidths[size_t(k)];
        const double end = centres[size_t(k)] + halfWidths[size_t(k)];
        if (left >= right + gap && end + gap <= centres[size_t(last)] - halfWidths[size_t(last)]) {
            shown.push_back(k);
            right = end;
        }
    }
    shown.push_back(last);
    return shown;
}

LabPainter::LabPainter(QPainter &painter, const FigureData &data, const FigureStyle &style)
    : m_base(painter, data, style), m_painter(painter), m_data(data), m_style(style)
{
}

const LabSettings &LabPainter::labs() const
{
    return labsOf(m_data);
}

const LabSettings &LabPainter::labsOf(const FigureData &data)
{
    static const LabSettings defaults;
    return data.labs ? *data.labs : defaults;
}

void LabPainter::requireGeometryMemory(const FigureData &data)
{
    const Index n = data.session.keys.rows();
    requireMemory(keyGeometryBytes(n),
                  "drawing the key geometry of " + std::to_string(n) + " keys");
}

void LabPainter::requireMaskMemory(const FigureData &data)
{
    if (!labsOf(data).maskFromSession)
        return;
    const Index m = data.result.queryCount(), n = data.result.keyCount();
    requireMemory(maskComparisonBytes(m, n), "the mask lab on the session's " + std::to_string(m) +
                                                 " x " + std::to_string(n) + " scores");
}

void LabPainter::requireHeadsMemory(const FigureData &data)
{
    const LabSettings &l = labsOf(data);
    const Session &s = data.session;
    const Index m = l.headsFromSession ? s.queries.rows() : std::max(1, l.headsTokens);
    const Index n = l.headsFromSession ? s.keys.rows() : m;
    const Index modelDim = l.headsFromSession ? s.keys.cols() : l.headsModelDim;
    if (l.heads < 1 || modelDim % l.heads != 0)
        return; // drawn as a message, with nothing computed
    requireMemory(multiHeadBytes(m, n, modelDim, l.heads),
                  "the heads lab (" + std::to_string(l.heads) + " heads over " + std::to_string(m) +
                      " queries and " + std::to_string(n) + " keys)");
}

void LabPainter::requirePositionalMemory(const FigureData &data)
{
    const LabSettings &l = labsOf(data);
    const Index n = data.session.keys.rows();
    requireMemory(8.0 * std::max(1, l.positions) * double(std::max(1, l.positionDim)) +
                      (n < 2 ? 0.0 : permutationDemoBytes(n, data.session.keys.cols())),
                  "the position lab's shuffle of " + std::to_string(n) + " tokens");
}

bool LabPainter::fitsInMemory(const QRectF &rect, void (*require)(const FigureData &))
{
    try {
        require(m_data);
        return true;
    } catch (const std::invalid_argument &error) {
        message(rect, QString::fromUtf8(error.what()));
        return false;
    }
}

void LabPainter::message(const QRectF &rect, const QString &text)
{
    m_base.setUnitFor(rect.width(), rect.height(), 900.0);
    m_painter.setFont(m_base.font(20));
    m_painter.setPen(m_style.muted());
    m_painter.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, text);
}

void LabPainter::caption(const QRectF &rect, const QFont &font, double height, const QString &text)
{
    m_painter.setFont(font);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), rect.bottom() - height, rect.width(), height),
                       Qt::AlignCenter | Qt::TextWordWrap, text);
}

} // namespace AttentionLab
