// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Mask order: both orders of the causal mask on the same scores.

#include "ui/figure/labpainter.h"
#include "ui/figure/labpainterhelpers.h"

#include "core/kernels/maskmode.h"
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
#include <QPen>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

namespace {

/// How many keys row \a row of \a r sees through its mask.
int seenKeys(const AttentionResult &r, Index row)
{
    int seen = 0;
    for (Index j = 0; j < r.keyCount(); ++j)
        seen += r.isMasked(row, j) ? 0 : 1;
    return seen;
}

} // namespace

MaskComparison LabPainter::maskComparison(const Session &s, const AttentionResult &result,
                                          const LabSettings &l)
{
    MaskComparison c;
    c.fromSession = l.maskFromSession;
    if (l.maskFromSession) {
        c.scores = result.scores;
        c.divisor = result.divisor;
        for (Index i = 0; i < c.scores.rows(); ++i)
            c.rowLabels.push_back(s.queryLabel(i));
        for (Index j = 0; j < c.scores.cols(); ++j)
            c.colLabels.push_back(s.keyLabel(j));
    } else {
        c.scores = ChapterExamples::causalMaskScores();
        c.rowLabels = c.colLabels = {"the", "dog", "barked", "loudly"};
    }
    c.window = maskWindow(s, l);
    c.sessionWindow = isCausal(s.options.mask) && s.options.window > 0;
    MaskOrders orders = compareMaskOrders(c.scores, c.divisor, c.window);
    c.maskFirst = std::move(orders.maskFirst);
    c.softmaxFirst = std::move(orders.softmaxFirst);
    c.slidingWindow = std::move(orders.slidingWindow);
    return c;
}

int LabPainter::maskWindow(const Session &s, const LabSettings &l)
{
    if (isCausal(s.options.mask) && s.options.window > 0)
        return s.options.window;
    return l.maskShowsWindow ? std::max(1, l.maskWindow) : 0;
}

void LabPainter::mask(const QRectF &rect)
{
    if (!fitsInMemory(rect, requireMaskMemory))
        return;
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const MaskComparison c = maskComparison(m_data.session, m_data.result, labs());
    const Matrix &scores = c.scores;
    const std::vector<std::string> &rows = c.rowLabels, &cols = c.colLabels;
    const AttentionResult &a = c.maskFirst, &b = c.softmaxFirst, &w = c.slidingWindow;

    enum class Note
    {
        Sum,
        Lost,
        Seen
    };
    auto spec = [&](const AttentionResult &r, const QString &title, Note note) {
        FigurePainter::MatrixHeatmap h;
        h.rows = int(scores.rows());
        h.cols = int(scores.cols());
        h.value = [&r](int i, int j) { return cellValue(r, CellQuantity::Weights, i, j); };
        h.rowLabel = [&rows](int i) { return label(rows[size_t(i)]); };
        h.colLabel = [&cols](int j) { return label(cols[size_t(j)]); };
        h.title = title;
        h.colorBar = note == Note::Sum;
        h.minNumberSize =
            std::max(kReadableNumber, m_base.pt(kReadableNumber)); // readable, or left out
        for (Index i = 0; i < Index(r.rows.size()); ++i) {
            const RowStatistics &row = r.rows[size_t(i)];
            const QString sum = QStringLiteral("Σ %1").arg(row.sum, 0, 'f', 4);
            h.rowNotes << (note == Note::Lost
                               ? sum + QStringLiteral(" · lost %1").arg(1.0 - row.sum, 0, 'f', 4)
                           : note == Note::Seen
                               ? sum + QStringLiteral(" · sees %1").arg(seenKeys(r, i))
                               : sum);
        }
        return h;
    };
    // The two orders, and between them, where one is shown, the causal mask
    // with a sliding window.
    const int panels = c.window > 0 ? 3 : 2;
    const double share = rect.width() / panels;
    const QFont captionFont = m_base.font(18);
    const double captionHeight = QFontMetricsF(captionFont).height() * 2.6;
    const double height = rect.height() - captionHeight;
    const auto panel = [&](int k) {
        const bool inner = k > 0 && k < panels - 1;
        return QRectF(rect.left() + k * share + (k > 0 ? m_base.pt(10) : 0.0), rect.top(),
                      share - m_base.pt(inner ? 20 : 10), height);
    };
    const QRectF left = panel(0), middle = panel(1), right = panel(panels - 1);
    // The order the session uses is framed and named, so that switching it
    // (Ctrl+2, Ctrl+3, Ctrl+4, a mask sweep) shows on this view too.
    const MaskMode order = m_data.session.options.mask;
    const bool windowed = order == MaskMode::Causal && c.sessionWindow;
    const QString chosen = QStringLiteral(" · the session's");
    m_base.matrixHeatmap(left,
                         spec(a,
                              QStringLiteral("mask, then softmax (Eq. 16.3)") +
                                  (order == MaskMode::Causal && !windowed ? chosen : QString()),
                              Note::Sum));
    if (panels == 3)
        m_base.matrixHeatmap(
            middle, spec(w,
                         QStringLiteral("sliding window of %1, then softmax").arg(c.window) +
                             (windowed ? chosen : QString()),
                         Note::Seen));
    m_base.matrixHeatmap(right,
                         spec(b,
                              QStringLiteral("softmax, then mask: the wrong order") +
                                  (order == MaskMode::CausalAfterSoftmax ? chosen : QString()),
                              Note::Lost));
    if (order == MaskMode::Causal || order == MaskMode::CausalAfterSoftmax) {
        m_painter.save();
        m_painter.setPen(QPen(m_style.accent(), m_base.pt(3)));
        m_painter.setBrush(Qt::NoBrush);
        const double inset = m_base.pt(2);
        const QRectF framed = order == MaskMode::CausalAfterSoftmax ? right
                              : windowed                            ? middle
                                                                    : left;
        m_painter.drawRoundedRect(framed.adjusted(-inset, -inset, inset, inset), m_base.pt(6),
                                  m_base.pt(6));
        m_painter.restore();
    }
    caption(rect, captionFont, captionHeight,
            QStringLiteral("Masking first lets the visible keys inherit the blocked weight: every "
                           "row sums to 1%1.\n"
                           "Masking second throws it away: row one keeps %2 of its weight.")
                .arg(c.window > 0 ? QStringLiteral(", with a window of %1 too").arg(c.window)
                                  : QString())
                .arg(b.rows.front().sum, 0, 'f', 4));
}

} // namespace AttentionLab
