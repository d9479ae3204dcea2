// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// LabPainter, Position: the sinusoidal encoding (Eq. 16.4) and the shuffle demonstration.

#include "core/model/relativepositionbias.h"
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
#include "core/model/rotarydemo.h"
#include "core/support/memorybudget.h"
#include "ui/figure/labelplacer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

namespace AttentionLab {

using namespace LabPainting;

PermutationDemo LabPainter::positionDemo(const Session &s, const LabSettings &l)
{
    AttentionOptions options = s.options;
    options.mask = MaskMode::None;
    const std::vector<Index> order = derangement(s.keys.rows(), l.shuffleSeed);
    // A head of a layer without positions: its own q, k and v, beside the
    // rotary positions the model's other layers give theirs.
    const bool head = shufflesHead(s);
    const auto demo = [&](const AttentionOptions &o) {
        return head ? rotaryPermutationDemo(s.queries, s.keys, s.effectiveValues(), order, o,
                                            rotaryBase(s, l))
                    : permutationDemo(s.keys, order, o);
    };
    PermutationDemo shown = demo(options);
    // The session's own mask stays where it is: it alone tells the places
    // apart (a causal layer without positions still knows the order).
    if (s.options.mask != MaskMode::None)
        shown.maskedChange = demo(s.options).plainChange;
    return shown;
}

bool LabPainter::shufflesHead(const Session &s)
{
    return s.positionFree() && s.queries.rows() == s.keys.rows() && s.keys.cols() >= 2;
}

double LabPainter::rotaryBase(const Session &s, const LabSettings &l)
{
    // A head without positions compares with its model's other layers' base.
    return s.positions ? s.positions->theta : l.rotaryTheta;
}

RotaryOffsetDemo LabPainter::rotaryDemo(const Session &s, const LabSettings &l)
{
    // The session's last query (the one a causal mask lets see every key)
    // and its first key, each at every position.
    return rotaryOffsetDemo(s.queries.row(s.queries.rows() - 1).transpose(),
                            s.keys.row(0).transpose(), std::clamp(l.positions, 1, 128),
                            rotaryBase(s, l));
}

void LabPainter::rotaryPositional(const QRectF &rect)
{
    const Session &s = m_data.session;
    if (s.queries.rows() < 1 || s.keys.rows() < 1 || s.keys.cols() < 2) {
        message(rect, QStringLiteral("Rotary positions need a query and a key of at least two "
                                     "dimensions."));
        return;
    }
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const RotaryOffsetDemo demo = rotaryDemo(s, labs());
    // One colour scale for both panels where asked (a layer without positions
    // beside rotary's), each its own otherwise.
    std::optional<std::pair<double, double>> shared;
    const auto draw = [this, &shared](const QRectF &area, const Matrix &m, const QString &title) {
        FigurePainter::MatrixHeatmap spec;
        spec.rows = int(m.rows());
        spec.cols = int(m.cols());
        spec.value = [&m](int i, int j) { return m(i, j); };
        const int step = sparseLabelStep(spec.rows);
        spec.rowLabel = [step](int i) { return i % step == 0 ? QString::number(i) : QString(); };
        spec.colLabel = spec.rowLabel;
        spec.lo = shared ? shared->first : m.minCoeff();
        spec.hi = shared ? shared->second : m.maxCoeff();
        if (!(spec.hi > spec.lo))
            spec.hi = spec.lo + 1.0;
        spec.rowTitle = QStringLiteral("query at position m");
        spec.colTitle = QStringLiteral("key at position n");
        spec.scaleTitle = QStringLiteral("q·k / √d");
        spec.title = title;
        spec.numbers = false;
        m_base.matrixHeatmap(area, spec);
    };
    const double half = rect.width() * 0.5;
    if (s.positionFree()) {
        // A NoPE layer: its score, then what rotary positions would make of it,
        // on one scale so that its one value sits among rotary's.
        shared =
            std::make_pair(std::min(demo.plainScores.minCoeff(), demo.rotaryScores.minCoeff()),
                           std::max(demo.plainScores.maxCoeff(), demo.rotaryScores.maxCoeff()));
        draw(QRectF(rect.left(), rect.top(), half - m_base.pt(10), rect.height()), demo.plainScores,
             QStringLiteral("this layer, no positions: one value everywhere (spread %1)")
                 .arg(QString::number(demo.plainSpread, 'g', 2)));
        draw(QRectF(rect.left() + half + m_base.pt(10), rect.top(), half - m_base.pt(10),
                    rect.height()),
             demo.rotaryScores,
             QStringLiteral("turned by rotary (θ = %1): one value per diagonal")
                 .arg(QString::number(rotaryBase(s, labs()), 'g', 12)));
        return;
    }
    draw(QRectF(rect.left(), rect.top(), half - m_base.pt(10), rect.height()), demo.rotaryScores,
         QStringLiteral("rotary: one value per diagonal (spread %1)")
             .arg(QString::number(demo.rotarySpread, 'g', 2)));
    draw(
        QRectF(rect.left() + half + m_base.pt(10), rect.top(), half - m_base.pt(10), rect.height()),
        demo.addedScores,
        QStringLiteral("Eq. 16.4 added: not (spread %1)")
            .arg(QString::number(demo.addedSpread, 'g', 3)));
}

namespace {

/// A positional encoding (positions x D) as a heatmap from -1 to 1, labels
/// at round steps (about eight a side, so they never crowd).
FigurePainter::MatrixHeatmap encodingHeatmap(const Matrix &pe, const QString &title)
{
    FigurePainter::MatrixHeatmap spec;
    spec.rows = int(pe.rows());
    spec.cols = int(pe.cols());
    spec.value = [&pe](int i, int j) { return pe(i, j); };
    const int rowStep = sparseLabelStep(spec.rows), colStep = sparseLabelStep(spec.cols);
    spec.rowLabel = [rowStep](int i) { return i % rowStep == 0 ? QString::number(i) : QString(); };
    spec.colLabel = [colStep](int j) { return j % colStep == 0 ? QString::number(j) : QString(); };
    spec.lo = -1.0;
    spec.hi = 1.0;
    spec.rowTitle = QStringLiteral("position");
    spec.colTitle = QStringLiteral("dimension");
    spec.scaleTitle = QStringLiteral("PE value");
    spec.title = title;
    spec.numbers = false;
    return spec;
}

} // namespace

void LabPainter::splitHalvesPositional(const QRectF &rect)
{
    const LabSettings &l = labs();
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const int positions = std::max(1, l.positions);
    const int dim = std::max(2, l.positionDim / 2 * 2);
    const Matrix alternating = sinusoidalEncoding(positions, dim);
    Matrix halves(positions, dim);
    std::vector<float> row(static_cast<size_t>(dim));
    for (int p = 0; p < positions; ++p) {
        splitSinusoidRow(p, dim, row.data());
        for (int j = 0; j < dim; ++j)
            halves(p, j) = row[size_t(j)];
    }
    const double half = rect.width() * 0.5;
    auto draw = [&](const QRectF &area, const Matrix &pe, const QString &title) {
        m_base.matrixHeatmap(area, encodingHeatmap(pe, title));
    };
    draw(QRectF(rect.left(), rect.top(), half - m_base.pt(10), rect.height()), alternating,
         QStringLiteral("Eq. 16.4: sin and cos alternate"));
    draw(
        QRectF(rect.left() + half + m_base.pt(10), rect.top(), half - m_base.pt(10), rect.height()),
        halves, QStringLiteral("Marian: sines, then cosines (the same angles)"));
}

void LabPainter::relativeBiasPositional(const QRectF &rect)
{
    const LabSettings &l = labs();
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const std::shared_ptr<const RelativeBiasTables> &tables = l.relativeBias;
    const double half = rect.width() * 0.5;
    const QRectF left(rect.left(), rect.top(), half - m_base.pt(10), rect.height());
    const QRectF right(rect.left() + half + m_base.pt(10), rect.top(), half - m_base.pt(10),
                       rect.height());
    // The buckets: T5's defaults, or the open model's.
    const int buckets = tables ? tables->buckets : 32;
    const int distance = tables ? tables->maxDistance : 128;
    const std::vector<double> ticks{-128, -64, -16, 0, 16, 64, 128};
    std::vector<Series> steps(2);
    steps[0] = {QStringLiteral("encoder (both directions)"), QColor(0x1f, 0x77, 0xb4), {}};
    steps[1] = {
        QStringLiteral("decoder (keys before the query)"), QColor(0xd6, 0x27, 0x28), {}, true};
    for (int offset = -128; offset <= 128; ++offset) {
        steps[0].points.emplace_back(offset,
                                     relativePositionBucket(offset, true, buckets, distance));
        steps[1].points.emplace_back(offset,
                                     relativePositionBucket(offset, false, buckets, distance));
    }
    lineChart(left,
              QStringLiteral("T5's %1 buckets: exact below %2 (encoder) or %3 (decoder), then "
                             "logarithmic to %4")
                  .arg(buckets)
                  .arg(buckets / 4)
                  .arg(buckets / 2)
                  .arg(distance),
              QStringLiteral("offset (key - query)"), QStringLiteral("bucket"), steps, false, false,
              ticks);
    if (!tables) {
        message(right, QStringLiteral("Open a T5 or Flan-T5 model in the Model tab to see its "
                                      "learned bias per head: a number added to every score at "
                                      "each offset, in place of positions added to the input."));
        return;
    }
    std::vector<Series> heads;
    for (int h = 0; h < tables->encoderHeads; ++h) {
        Series s{QStringLiteral("head %1").arg(h),
                 QColor::fromHsv(h * 360 / std::max(1, tables->encoderHeads), 200, 190),
                 {}};
        for (int offset = -128; offset <= 128; ++offset)
            s.points.emplace_back(offset, tables->bias(false, h, offset));
        heads.push_back(std::move(s));
    }
    lineChart(right,
              QStringLiteral("%1's encoder: the bias each head adds to q·k, by offset (no √d_k)")
                  .arg(QString::fromStdString(tables->model)),
              QStringLiteral("offset (key - query)"), QStringLiteral("bias"), heads, false, false,
              ticks);
}

void LabPainter::positional(const QRectF &rect)
{
    if (!fitsInMemory(rect, requirePositionalMemory))
        return;
    const LabSettings &l = labs();
    switch (l.positionMode) {
    case LabSettings::PositionMode::Rotary:
        rotaryPositional(rect);
        return;
    case LabSettings::PositionMode::SplitHalves:
        splitHalvesPositional(rect);
        return;
    case LabSettings::PositionMode::RelativeBias:
        relativeBiasPositional(rect);
        return;
    case LabSettings::PositionMode::Added:
        break;
    }
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const Matrix pe = sinusoidalEncoding(std::max(1, l.positions), std::max(1, l.positionDim));
    const double half = rect.width() * 0.5;
    m_base.matrixHeatmap(QRectF(rect.left(), rect.top(), half - m_base.pt(10), rect.height()),
                         encodingHeatmap(pe, QStringLiteral("sinusoidal encoding (Eq. 16.4)")));

    // The shuffle: the session's keys as token embeddings.
    const Session &s = m_data.session;
    const QRectF right(rect.left() + half + m_base.pt(20), rect.top(), half - m_base.pt(20),
                       rect.height());
    if (s.keys.rows() < 2) {
        message(right, QStringLiteral("Shuffling needs at least two tokens."));
        return;
    }
    const PermutationDemo demo = positionDemo(s, l);
    const QFont labelFont = m_base.font(16);
    const QFont titleFont = m_base.font(18, true);
    const QFontMetricsF metrics(labelFont);
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    const double lineHeight = QFontMetricsF(titleFont).height() * 1.3;
    const bool head = shufflesHead(s);
    const QString shuffleTitle =
        head ? QStringLiteral("shuffle the head's tokens (q, k, v together): how far does each "
                              "output move?")
             : QStringLiteral("shuffle the tokens: how far does each output move?");
    m_painter.setFont(fitted(titleFont, shuffleTitle, right.width()));
    m_painter.drawText(QRectF(right.left(), right.top(), right.width(), lineHeight),
                       Qt::AlignCenter, shuffleTitle);
    const Index n = s.keys.rows();
    QStringList shuffled;
    for (Index idx : demo.order)
        shuffled << label(s.keyLabel(idx));
    m_painter.setFont(labelFont);
    m_painter.setPen(m_style.muted());
    // One line, cut short with the count when the tokens do not fit.
    const QString orderText =
        QStringLiteral("new order (%1 tokens): %2").arg(n).arg(shuffled.join(QStringLiteral(" ")));
    m_painter.drawText(QRectF(right.left(), right.top() + lineHeight, right.width(), lineHeight),
                       Qt::AlignCenter,
                       metrics.elidedText(orderText, Qt::ElideRight, right.width()));

    // Per token: the change of its own output, without and with positions;
    // the legend's largest change is the longest bar (one computation).
    auto plainText = [](double change) { return QString::number(change, 'g', 2); };
    auto encodedText = [](double change) { return QString::number(change, 'f', 4); };
    const size_t largest =
        size_t(std::max_element(demo.encodedChanges.begin(), demo.encodedChanges.end()) -
               demo.encodedChanges.begin());
    double labelWidth = 0;
    for (Index t = 0; t < n; ++t)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label(s.keyLabel(t))));
    const QString largestName =
        QStringLiteral("%1 (#%2)").arg(label(s.keyLabel(Index(largest)))).arg(largest + 1);
    labelWidth =
        std::min(std::max(labelWidth, metrics.horizontalAdvance(largestName)), right.width() * 0.3);
    const double legendHeight = lineHeight * 2.4;
    const QRectF bars(right.left() + labelWidth + m_base.pt(12), right.top() + lineHeight * 2.3,
                      right.width() - labelWidth - m_base.pt(16),
                      right.height() - lineHeight * 2.3 - legendHeight);
    // Each row holds two numbers one above the other: as many rows as fit
    // at that height, the first tokens and, if it is further on, the one
    // that changed most.
    const double minRow = metrics.height() * 2.0;
    const int fitting = std::max(2, int(bars.height() / minRow));
    std::vector<Index> shown;
    const bool all = n <= fitting;
    for (Index t = 0; t < n && (all || Index(shown.size()) < fitting - 2); ++t)
        shown.push_back(t);
    if (!all && Index(largest) >= Index(shown.size()))
        shown.push_back(Index(largest));
    const double rowH = bars.height() / (all ? double(n) : double(fitting));
    const double numberWidth = metrics.horizontalAdvance(QStringLiteral("0.0000")) + m_base.pt(10);
    const double scaleWidth = std::max(1.0, bars.width() - numberWidth);
    const double top = std::max(1e-9, demo.encodedChange);
    const QColor without(0x31, 0x68, 0x8e), with = m_style.accent();
    const double bh = std::min(rowH * 0.4, metrics.height());
    for (size_t row = 0; row < shown.size(); ++row) {
        const Index t = shown[row];
        const bool jumped = row > 0 && t != shown[row - 1] + 1;
        const double y = bars.top() + (jumped ? row + 1 : row) * rowH;
        if (jumped) {
            m_painter.setPen(m_style.muted());
            const QString skipped = QStringLiteral("… %1 more tokens; the one that changed most:")
                                        .arg(n - Index(row) - 1);
            m_painter.setFont(fitted(labelFont, skipped, right.width()));
            m_painter.drawText(QRectF(right.left(), y - rowH, right.width(), rowH), Qt::AlignCenter,
                               skipped);
            m_painter.setFont(labelFont);
        }
        m_painter.setPen(m_style.foreground());
        const QString name = jumped ? largestName : label(s.keyLabel(t));
        m_painter.drawText(QRectF(right.left(), y, labelWidth + m_base.pt(4), rowH),
                           Qt::AlignRight | Qt::AlignVCenter,
                           metrics.elidedText(name, Qt::ElideRight, labelWidth));
        const double plainWidth =
            std::clamp(demo.plainChanges[size_t(t)] / top * scaleWidth, m_base.pt(1.5), scaleWidth);
        const double encodedWidth = demo.encodedChanges[size_t(t)] / top * scaleWidth;
        const double plainTop = y + rowH * 0.5 - bh - m_base.pt(1);
        const double encodedTop = y + rowH * 0.5 + m_base.pt(1);
        m_painter.fillRect(QRectF(bars.left(), plainTop, plainWidth, bh), without);
        m_painter.fillRect(QRectF(bars.left(), encodedTop, encodedWidth, bh), with);
        // Each number right of its own bar, never over it.
        m_painter.setPen(m_style.muted());
        m_painter.drawText(
            QRectF(bars.left() + plainWidth + m_base.pt(6),
                   plainTop + bh / 2 - metrics.height() / 2, numberWidth, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, plainText(demo.plainChanges[size_t(t)]));
        m_painter.drawText(
            QRectF(bars.left() + encodedWidth + m_base.pt(6),
                   encodedTop + bh / 2 - metrics.height() / 2, numberWidth, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, encodedText(demo.encodedChanges[size_t(t)]));
    }
    // The tokens left out are said, whether or not the largest change is among them.
    if (!all && !shown.empty() && shown.back() == Index(shown.size()) - 1) {
        m_painter.setPen(m_style.muted());
        const QString skipped = QStringLiteral("… %1 more tokens, not shown (none changed more)")
                                    .arg(n - Index(shown.size()));
        m_painter.setFont(fitted(labelFont, skipped, right.width()));
        m_painter.drawText(
            QRectF(right.left(), bars.top() + double(shown.size()) * rowH, right.width(), rowH),
            Qt::AlignCenter, skipped);
        m_painter.setFont(labelFont);
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(bars.topLeft(), bars.bottomLeft());
    m_painter.setFont(labelFont);
    const double legendY = bars.bottom() + lineHeight * 0.6;
    const double legendText = right.right() - bars.left() - m_base.pt(28);
    QString plainLegend = QStringLiteral("%1: largest change %2")
                              .arg(head ? QStringLiteral("this layer, no positions, no mask")
                                        : QStringLiteral("without positions or a mask"))
                              .arg(plainText(demo.plainChange));
    const QString travel = QStringLiteral(" (outputs travel with their tokens)");
    if (metrics.horizontalAdvance(plainLegend + travel) <= legendText)
        plainLegend += travel;
    const QString encodedLegend =
        QStringLiteral("%1: largest change %2")
            .arg(head ? QStringLiteral("q and k turned by rotary (θ = %1)")
                            .arg(QString::number(rotaryBase(s, l), 'g', 12))
                      : QStringLiteral("with Eq. 16.4 added"))
            .arg(encodedText(demo.encodedChange));
    m_painter.fillRect(QRectF(bars.left(), legendY - m_base.pt(7), m_base.pt(22), m_base.pt(12)),
                       without);
    m_painter.setPen(m_style.foreground());
    m_painter.setFont(fitted(labelFont, plainLegend, legendText));
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + m_base.pt(4)), plainLegend);
    m_painter.fillRect(
        QRectF(bars.left(), legendY + lineHeight - m_base.pt(7), m_base.pt(22), m_base.pt(12)),
        with);
    m_painter.setFont(fitted(labelFont, encodedLegend, legendText));
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + lineHeight + m_base.pt(4)),
                       encodedLegend);
}

} // namespace AttentionLab
