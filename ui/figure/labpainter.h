// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/geometryframe.h"
#include "core/maths/multiheadattention.h"
#include "core/maths/permutationdemo.h"
#include "core/model/rotarydemo.h"
#include "ui/figure/figurepainter.h"
#include "ui/figure/labsettings.h"

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QTransform>

#include <vector>

namespace AttentionLab {

/// Where the key-geometry picture put things, so a widget can hit-test and
/// drag points: picture coordinates to pixels, and each point's position.
struct GeometryMap
{
    bool valid = false;
    KeyGeometry geometry;
    QPointF centre;      ///< centre of the square drawn, in picture units
    double extent = 1.0; ///< its half-width
    QTransform toPixels;
    QRectF plot;               ///< the square, in pixels
    std::vector<QPointF> keys; ///< pixel positions of the key tips
    QPointF query;             ///< pixel position of the selected query's tip
    int queryIndex = 0;
    std::vector<QRectF> keyLabels; ///< each key's label box (empty when unlabelled)
    QRectF queryLabel;
    std::vector<QLineF> axes; ///< the two axis lines through the origin
};

/// The mask lab's two orders on the same scores.
struct MaskComparison
{
    Matrix scores; ///< raw scores (the chapter's four, or the session's)
    double divisor = 1.0;
    bool fromSession = false;
    std::vector<std::string> rowLabels, colLabels;
    AttentionResult maskFirst;     ///< Eq. 16.3: mask, then softmax
    AttentionResult softmaxFirst;  ///< the wrong order
    AttentionResult slidingWindow; ///< causal with a window of `window` keys
    int window = 0;                ///< the session's window, the lab's, or 0: none shown
    bool sessionWindow = false;    ///< the window is the session's own
};

/// The heads lab's inputs and Eq. 16.2 per head.
struct HeadsComparison
{
    Matrix queries, keys, values;
    std::vector<std::string> queryLabels, keyLabels;
    int heads = 1;
    bool valid = false; ///< false when h does not divide D
    MultiHeadResult result;
    std::int64_t attentionParameters = 0; ///< W^Q, W^K, W^V, W^O and biases, whatever h is
};

/// Paints the chapter's labs (key geometry, scale, mask, heads, positions,
/// parameters, cost) with the same primitives as the heatmap, so each can be
/// shown in the window and exported alike.
class LabPainter
{
public:
    LabPainter(QPainter &painter, const FigureData &data, const FigureStyle &style);

    GeometryMap geometry(const QRectF &rect);
    void scale(const QRectF &rect);
    void mask(const QRectF &rect);
    void heads(const QRectF &rect);
    void positional(const QRectF &rect);
    /// The rotary mode of positional(): RoPE's scores beside Eq. 16.4's.
    void rotaryPositional(const QRectF &rect);
    void params(const QRectF &rect);
    void cost(const QRectF &rect);

    /// The kind of plane the key-geometry picture shows: the chosen one for
    /// d_k > 2, the two coordinates for d_k = 2.
    static GeometryPlane geometryPlane(const Session &session, const LabSettings &labs);
    /// The key-geometry plane the settings ask for (d_k >= 2): the query's
    /// plane, the keys' principal plane, or two coordinates.
    static KeyGeometry planeFor(const Session &session, const LabSettings &labs);
    /// That plane, sized afresh to the keys and the chosen query.
    static GeometryFrame fitFrame(const Session &session, const LabSettings &labs);
    /// What the picture shows: the held frame when it was made for these
    /// settings, otherwise one fitted afresh.
    static GeometryFrame frameFor(const Session &session, const LabSettings &labs);
    /// The query the key-geometry picture shows (by default the last).
    static int geometryQuery(const Session &session, const LabSettings &labs);
    /// The picture's two axis titles for \a geometry, or their \a brief
    /// forms for a small picture.
    static QStringList geometryAxisTitles(const Session &session, const LabSettings &labs,
                                          const KeyGeometry &geometry, bool brief = false);
    /// One sentence saying what the picture's axes are, for the lab's header.
    static QString geometryPlaneNote(const Session &session, const LabSettings &labs);
    /// "73% in plane": the share of a vector's length the picture holds.
    static QString inPlaneText(double share);

    /// What the mask, heads and position labs show; the painter, the lab
    /// widgets and their equation banners all take their numbers from here.
    static MaskComparison maskComparison(const Session &session, const AttentionResult &result,
                                         const LabSettings &labs);
    /// The window the mask lab shows: the session's (a causal mask with a
    /// sliding window), else the lab's own where asked, else 0 (none).
    static int maskWindow(const Session &session, const LabSettings &labs);
    static HeadsComparison headsComparison(const Session &session, const LabSettings &labs);
    /// The shuffle of the session's tokens (its keys as token vectors), no mask.
    static PermutationDemo positionDemo(const Session &session, const LabSettings &labs);
    /// The rotary mode's q and k (the session's last query, its first key)
    /// at every position (up to 128), scored with RoPE and with Eq. 16.4.
    static RotaryOffsetDemo rotaryDemo(const Session &session, const LabSettings &labs);
    /// The shuffle runs on the session's own q, k and v (a head of a layer
    /// without positions, as many queries as keys) rather than its keys as
    /// token vectors.
    static bool shufflesHead(const Session &session);
    /// The rotary base the lab turns by: the head's layer's, or the lab's.
    static double rotaryBase(const Session &session, const LabSettings &labs);

    /// Which x tick labels a chart draws, given their centres and half
    /// widths: the last always, the others from the left while they keep
    /// \a gap from their neighbours.
    static std::vector<int> shownTickLabels(const std::vector<double> &centres,
                                            const std::vector<double> &halfWidths, double gap);

    /// The scale experiment the labs show: the stored result, or a run now.
    static std::shared_ptr<const ScaleExperimentResult> scaleResult(const LabSettings &labs);
    /// One row of the scale table as `--scale` prints it, the lab shows it
    /// and the export draws it: d_k, spreads to 3 places, the rest to 4.
    /// With \a capped (a soft cap was run), the capped weight and entropy too.
    static QStringList scaleTableCells(const ScaleExperimentRow &row, bool capped);
    static QStringList scaleTableHeaders(bool capped);

    /// Throw std::invalid_argument with the memory guard's message when the
    /// lab would need more than the limit for \a data: the mask lab on the
    /// session's scores, the heads lab on its vectors, the shuffle of its
    /// tokens, the arrows of its keys. The labs draw that message instead; an
    /// export refuses with it.
    static void requireGeometryMemory(const FigureData &data);
    static void requireMaskMemory(const FigureData &data);
    static void requireHeadsMemory(const FigureData &data);
    static void requirePositionalMemory(const FigureData &data);

private:
    struct Series
    {
        QString name;
        QColor color;
        std::vector<QPointF> points;
        bool dashed = false;
    };
    /// The Position lab's other modes: Eq. 16.4 beside Marian's halves, and
    /// T5's buckets and relative bias.
    void splitHalvesPositional(const QRectF &rect);
    void relativeBiasPositional(const QRectF &rect);
    void lineChart(const QRectF &rect, const QString &title, const QString &xTitle,
                   const QString &yTitle, const std::vector<Series> &series, bool logX, bool logY,
                   const std::vector<double> &xTicks);
    void message(const QRectF &rect, const QString &text);
    /// A muted, centred, wrapped caption along the bottom of \a rect.
    void caption(const QRectF &rect, const QFont &font, double height, const QString &text);
    void colorBar(const QRectF &bar, double lo, double hi, const QString &title);
    /// Calls \a require; false, with its message drawn in \a rect, if it throws.
    bool fitsInMemory(const QRectF &rect, void (*require)(const FigureData &));
    const LabSettings &labs() const;
    static const LabSettings &labsOf(const FigureData &data);

    FigurePainter m_base;
    QPainter &m_painter;
    const FigureData &m_data;
    const FigureStyle &m_style;
};

} // namespace AttentionLab
