// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Heads: D split into h heads, each head's weights, one colour bar.

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

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

HeadsComparison LabPainter::headsComparison(const Session &s, const LabSettings &l)
{
    HeadsComparison c;
    if (l.headsFromSession) {
        c.queries = s.queries;
        c.keys = s.keys;
        c.values = s.keys; // multi-head needs V as wide as D
        for (Index i = 0; i < c.queries.rows(); ++i)
            c.queryLabels.push_back(s.queryLabel(i));
        for (Index j = 0; j < c.keys.rows(); ++j)
            c.keyLabels.push_back(s.keyLabel(j));
    } else {
        const Index n = std::max(1, l.headsTokens);
        Session drawn = randomSession(l.headsSeed, n, n, l.headsModelDim, RandomValues::Drawn);
        c.queries = std::move(drawn.queries);
        c.keys = std::move(drawn.keys);
        c.values = std::move(drawn.values);
        for (Index i = 0; i < n; ++i) {
            std::string token(1, 't'); // not "t" + ...: GCC 12 warns wrongly (-Wrestrict)
            token += std::to_string(i + 1);
            c.queryLabels.push_back(token);
        }
        c.keyLabels = c.queryLabels;
    }
    c.heads = l.heads;
    const Index modelDim = c.queries.cols();
    c.valid = l.heads >= 1 && modelDim % l.heads == 0;
    if (!c.valid)
        return c;
    c.result = multiHeadAttention(c.queries, c.keys, c.values, l.heads, s.options);
    // The attention block's count from the one parameter counter: h plays no part.
    TransformerConfig config;
    config.vocabulary = 1;
    config.layers = 1;
    config.feedForward = 1;
    config.modelDim = modelDim;
    config.heads = l.heads;
    c.attentionParameters = countParameters(config).attention;
    return c;
}

void LabPainter::colorBar(const QRectF &bar, double lo, double hi, const QString &title)
{
    constexpr int slices = 64;
    m_painter.save();
    m_painter.setRenderHint(QPainter::Antialiasing, false);
    for (int k = 0; k < slices; ++k) {
        const double y = bar.bottom() - (k + 1) * bar.height() / slices;
        m_painter.fillRect(QRectF(bar.left(), y, bar.width(), bar.height() / slices + 0.5),
                           ColorMaps::colorAt(m_style.colorMap, (k + 0.5) / slices));
    }
    m_painter.restore();
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1))));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(bar);
    const QFont labelFont = m_base.font(16);
    const QFontMetricsF metrics(labelFont);
    m_painter.setFont(labelFont);
    for (double t : FigurePainter::ticks(lo, hi)) {
        const double y = bar.bottom() - (t - lo) / (hi - lo) * bar.height();
        m_painter.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + m_base.pt(5), y));
        m_painter.drawText(QRectF(bar.right() + m_base.pt(8), y - metrics.height() / 2,
                                  metrics.horizontalAdvance(QStringLiteral("0.00")) + m_base.pt(4),
                                  metrics.height()),
                           Qt::AlignLeft | Qt::AlignVCenter, QString::number(t, 'g', 4));
    }
    const QFont titleFont = m_base.font(17, true);
    m_painter.setFont(titleFont);
    m_painter.save();
    m_painter.translate(bar.right() + metrics.horizontalAdvance(QStringLiteral("0.00")) +
                            m_base.pt(16),
                        bar.center().y());
    m_painter.rotate(90);
    m_painter.drawText(QRectF(-bar.height() / 2, -QFontMetricsF(titleFont).height(), bar.height(),
                              QFontMetricsF(titleFont).height()),
                       Qt::AlignCenter, title);
    m_painter.restore();
}

void LabPainter::heads(const QRectF &rect)
{
    if (!fitsInMemory(rect, requireHeadsMemory))
        return;
    const HeadsComparison c = headsComparison(m_data.session, labs());
    const Index modelDim = c.queries.cols();
    if (!c.valid) {
        message(rect,
                QStringLiteral(
                    "D = %1 cannot be split into h = %2 equal heads: choose an h that divides D.")
                    .arg(modelDim)
                    .arg(c.heads));
        return;
    }
    const MultiHeadResult &r = c.result;
    m_base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    m_base.fixUnit();

    // One colour bar for every head, right of the grid.
    const QFontMetricsF barMetrics(m_base.font(16));
    const double barArea = m_base.pt(22) + barMetrics.horizontalAdvance(QStringLiteral("0.00")) +
                           m_base.pt(16) + QFontMetricsF(m_base.font(17, true)).height() +
                           m_base.pt(10);
    const QRectF grid(rect.left(), rect.top(), rect.width() - barArea, rect.height());
    const int h = c.heads;
    const QFont captionFont = m_base.font(18);
    const double captionHeight = QFontMetricsF(captionFont).height() * 2.6;
    // The heads in a grid that keeps them square: the arrangement whose
    // cells are largest along their shorter side, labels and titles allowed for.
    const double tokens = double(std::max<Index>(1, c.keys.rows())),
                 rowsPerHead = double(std::max<Index>(1, c.queries.rows()));
    const double readable = std::max(kReadableNumber, m_base.pt(kReadableNumber));
    const int gridColumns = squarestColumns(h, grid.width(), grid.height() - captionHeight, tokens,
                                            rowsPerHead, m_base.pt(70), m_base.pt(80));
    const int gridRows = (h + gridColumns - 1) / gridColumns;
    const double cellW = grid.width() / gridColumns;
    const double cellH = (grid.height() - captionHeight) / gridRows;
    QRectF cells;
    for (int head = 0; head < h; ++head) {
        const AttentionResult &part = r.perHead[size_t(head)];
        FigurePainter::MatrixHeatmap spec;
        spec.rows = int(part.queryCount());
        spec.cols = int(part.keyCount());
        spec.value = [&part](int i, int j) { return cellValue(part, CellQuantity::Weights, i, j); };
        // Small panels: as many labels a side as fit with a line between them.
        const double line = QFontMetricsF(m_base.font(19)).height() * 1.3;
        const int rowStep = sparseLabelStep(spec.rows, (cellH - m_base.pt(90)) / line);
        const int colStep = sparseLabelStep(spec.cols, (cellW - m_base.pt(70)) / line);
        spec.rowLabel = [&c, rowStep](int i) {
            return i % rowStep ? QString() : label(c.queryLabels[size_t(i)]);
        };
        spec.colLabel = [&c, colStep](int j) {
            return j % colStep ? QString() : label(c.keyLabels[size_t(j)]);
        };
        // From 0, as the files, the command line and the Model tab number heads.
        // The title shortens before it is cut: sixteen heads on a projector.
        const QString entropy = QString::number(part.meanEntropyBits(), 'f', 3);
        const QFontMetricsF titleMetrics(m_base.font(19, true));
        spec.title = QStringLiteral("head %1 · mean entropy %2 bits").arg(head).arg(entropy);
        if (titleMetrics.horizontalAdvance(spec.title) > cellW - m_base.pt(16))
            spec.title = QStringLiteral("head %1 · %2 bits").arg(head).arg(entropy);
        if (titleMetrics.horizontalAdvance(spec.title) > cellW - m_base.pt(16))
            spec.title = QStringLiteral("%1: %2").arg(head).arg(entropy);
        spec.colorBar = false;
        // Numbers a room can read, or none: cells too small keep their colour only.
        spec.minNumberSize = readable;
        spec.rowTitle = QString();
        spec.colTitle = QString();
        const int gr = head / gridColumns, gc = head % gridColumns;
        cells = cells.united(
            m_base.matrixHeatmap(QRectF(grid.left() + gc * cellW, grid.top() + gr * cellH,
                                        cellW - m_base.pt(12), cellH - m_base.pt(8)),
                                 spec));
    }
    colorBar(QRectF(grid.right() + m_base.pt(10), cells.top(), m_base.pt(22), cells.height()), 0.0,
             1.0, QStringLiteral("weight"));
    caption(rect, captionFont, captionHeight,
            QStringLiteral(
                "D = %1 split into h = %2 heads of d_k = %3: h × d_k = D, so W^Q, W^K, W^V and W^O "
                "hold 4D² + 4D = %4 parameters, whatever h is. Each head scales by √%3.")
                .arg(modelDim)
                .arg(h)
                .arg(r.headDim)
                .arg(grouped(c.attentionParameters)));
}

} // namespace AttentionLab
