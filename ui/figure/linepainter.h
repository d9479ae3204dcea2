// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "ui/figure/figurestyle.h"

#include <QColor>
#include <QImage>
#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>

class QPainter;

namespace AttentionLab {

struct AttentionResult;

/// A token of a line diagram: a query in the left column or a key in the right.
struct LineToken
{
    enum class Side
    {
        None,
        Query,
        Key,
    };
    Side side = Side::None;
    int index = -1;
    bool isValid() const { return side != Side::None && index >= 0; }
    bool operator==(const LineToken &other) const = default;
};

/// What a line diagram draws: any matrix of weights, rows the queries and
/// columns the keys.
struct LineDiagram
{
    int rows = 0;
    int cols = 0;
    std::function<double(int, int)> value; ///< a weight in [0, 1]; NaN: masked, no line
    std::function<QString(int)> rowLabel;
    std::function<QString(int)> colLabel;
    QString rowTitle = QStringLiteral("queries");
    QString colTitle = QStringLiteral("keys");
    QString title; ///< above the columns, when not empty
    /// When valid, only this token's lines are drawn, strongly, with their
    /// weights as text while they are few.
    LineToken highlighted;
    /// Each query's lines as opaque as their share of its largest weight (the
    /// colour range "Per row"), so that a long text's weights of about 1/n
    /// show their pattern; otherwise as opaque as the weight itself.
    bool perRow = false;

    /// A diagram of \a weights (NaN masked) with these labels (positions when
    /// a list is short). Refers to its arguments: they must outlive it.
    static LineDiagram fromMatrix(const FloatMatrix &weights, const QStringList &rowLabels,
                                  const QStringList &colLabels);
};

/// Where a painted diagram put its tokens, for hovering and tests.
struct LineGeometry
{
    QRectF bounds;     ///< the columns, labels included
    double leftX = 0;  ///< where the lines leave the queries
    double rightX = 0; ///< where they reach the keys
    double top = 0;
    double height = 0;
    int rows = 0;
    int cols = 0;
    double rowY(int i) const { return top + (i + 0.5) * height / rows; }
    double colY(int j) const { return top + (j + 0.5) * height / cols; }
    /// The token at \a point: a query left of the middle, a key right of it,
    /// the nearest one in that column; none outside the columns.
    LineToken tokenAt(const QPointF &point) const;
};

/**
 * The picture BertViz and Alammar's diagrams made familiar: the queries in a
 * left column, the keys in a right one, and a line from each query to each
 * key whose opacity is the weight. Lines fainter than kMinVisibleWeight are
 * not drawn, and the others are stroked as one path per opacity step, so a
 * 1024-token head stays drawable and an SVG of it small. Labels thin out to
 * what the column's height holds. The on-screen line view and the exports
 * (`--view lines`, the model's heads) all draw with this.
 */
class LinePainter
{
public:
    LinePainter(QPainter &painter, const FigureStyle &style);

    /// Paints \a diagram into \a rect and returns where its tokens are.
    LineGeometry paint(const QRectF &rect, const LineDiagram &diagram);

    /// Lines of a smaller weight (relative to the highlighted token's
    /// largest, when one is) are too faint to see and are skipped.
    static constexpr double kMinVisibleWeight = 0.02;
    /// Opacity steps: each is one stroked path.
    static constexpr int kOpacityLevels = 64;
    /// A highlighted token's weights are written while it has at most this many lines.
    static constexpr int kMaxWeightTexts = 24;

    /// More lines than this are drawn on pixels by lineImage(), not one by one.
    static constexpr int kRasterisedLines = 500;

    /// The tokens labelled in a column of \a count tokens \a height pixels
    /// tall with text \a lineHeight tall: every k-th, k returned.
    static int labelStep(int count, double height, double lineHeight);

private:
    /// \a lines (one list per opacity step) a pixel wide, in an image of
    /// \a pixels covering \a band.
    static QImage lineImage(const std::array<QList<QLineF>, kOpacityLevels> &lines,
                            const QRectF &band, const QColor &color, const QSize &pixels);

    QPainter &m_painter;
    const FigureStyle &m_style;
};

/// The session's weights as the heatmap shows them (cellValue): NaN where masked.
FloatMatrix sessionWeights(const AttentionResult &result);

} // namespace AttentionLab
