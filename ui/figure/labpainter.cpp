#include "ui/figure/labpainter.h"

#include "core/maskorders.h"
#include "core/attention.h"
#include "core/attentioncost.h"
#include "core/chapterexamples.h"
#include "ui/figure/labelplacer.h"
#include "core/memorybudget.h"
#include "core/multiheadattention.h"
#include "core/randomsession.h"
#include "core/parametercount.h"
#include "core/permutationdemo.h"
#include "core/positionalencoding.h"
#include "core/session.h"

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

namespace {

QString label(const std::string &text)
{
    return QString::fromStdString(text);
}

QString grouped(std::int64_t value)
{
    return QLocale(QLocale::English).toString(qlonglong(value));
}

/// More key labels than this crowd the picture: the heaviest keys keep theirs.
constexpr size_t kMostGeometryLabels = 12;
/// The smallest cell number a room can read, in pixels at the reference size.
constexpr double kReadableNumber = 11.0;

/// \a font, shrunk until \a text is at most \a width wide (numbers are
/// never cut off).
QFont fitted(QFont font, const QString &text, double width)
{
    const double natural = QFontMetricsF(font).horizontalAdvance(text);
    if (natural > width && width > 0)
        font.setPixelSize(std::max(6, int(font.pixelSize() * width / natural)));
    return font;
}

/// A step the heatmap labels at (a multiple of its own), doubled until
/// \a count cells get at most \a most labels (and never more than eight).
int sparseLabelStep(int count, double most = 8.0)
{
    most = std::clamp(most, 1.0, 8.0);
    int step = FigurePainter::labelStepFor(count);
    while (count / step > most && step < count)
        step *= 2;
    return step;
}

/// The coordinate a coordinates picture shows on its axis \a row.
Index frameAxis(const KeyGeometry &g, Index row)
{
    Index at = 0;
    g.axes().row(row).cwiseAbs().maxCoeff(&at);
    return at;
}

void arrow(QPainter &p, const QPointF &from, const QPointF &to, const QColor &color, double width)
{
    p.setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(from, to);
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(length * 0.5, width * 5.0);
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(to - u * head + n * head * 0.45);
    tip.lineTo(to - u * head - n * head * 0.45);
    tip.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    p.drawPath(tip);
    p.setBrush(Qt::NoBrush);
}

} // namespace

std::vector<int> LabPainter::shownTickLabels(const std::vector<double> &centres, const std::vector<double> &halfWidths,
                                             double gap)
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
    : m_base(painter, data, style)
    , m_painter(painter)
    , m_data(data)
    , m_style(style)
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
    requireMemory(keyGeometryBytes(n), "drawing the key geometry of " + std::to_string(n) + " keys");
}

void LabPainter::requireMaskMemory(const FigureData &data)
{
    if (!labsOf(data).maskFromSession)
        return;
    const Index m = data.result.queryCount(), n = data.result.keyCount();
    requireMemory(maskComparisonBytes(m, n), "the mask lab on the session's " + std::to_string(m) + " x " +
                                                 std::to_string(n) + " scores");
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

std::shared_ptr<const ScaleExperimentResult> LabPainter::scaleResult(const LabSettings &labs)
{
    if (labs.scaleResult && !labs.scaleResult->rows.empty())
        return labs.scaleResult;
    return std::make_shared<const ScaleExperimentResult>(runScaleExperiment(labs.scale));
}

void LabPainter::message(const QRectF &rect, const QString &text)
{
    m_base.setUnitFor(rect.width(), rect.height(), 900.0);
    m_painter.setFont(m_base.font(20));
    m_painter.setPen(m_style.muted());
    m_painter.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, text);
}

KeyGeometry LabPainter::planeFor(const Session &s, const LabSettings &l)
{
    const Index d = s.keys.cols();
    if (d > 2 && l.geometryProjection)
        return KeyGeometry::principal(s.keys);
    const Index xAxis = std::clamp<Index>(l.geometryX, 0, d - 1);
    const Index yAxis = l.geometryY == xAxis || l.geometryY < 0 || l.geometryY >= d ? (xAxis == 0 ? 1 : 0)
                                                                                      : l.geometryY;
    return KeyGeometry::coordinates(d, xAxis, yAxis);
}

int LabPainter::geometryQuery(const Session &s, const LabSettings &l)
{
    return std::clamp(l.geometryQuery, 0, int(s.queries.rows()) - 1);
}

GeometryFrame LabPainter::fitFrame(const Session &s, const LabSettings &l)
{
    return GeometryFrame::fit(planeFor(s, l), s.keys, s.queries.row(geometryQuery(s, l)));
}

GeometryFrame LabPainter::frameFor(const Session &s, const LabSettings &l)
{
    const Index d = s.keys.cols();
    if (l.geometryFrame && l.geometryFrame->geometry.axes().cols() == d) {
        const KeyGeometry &held = l.geometryFrame->geometry;
        const bool projection = d > 2 && l.geometryProjection;
        // A held projection stays as it was; held coordinates must be the chosen ones.
        if (projection ? held.isProjection() : (!held.isProjection() && held.axes() == planeFor(s, l).axes()))
            return *l.geometryFrame;
    }
    return fitFrame(s, l);
}

GeometryMap LabPainter::geometry(const QRectF &rect)
{
    GeometryMap map;
    if (!fitsInMemory(rect, requireGeometryMemory))
        return map;
    const Session &s = m_data.session;
    const AttentionResult &r = m_data.result;
    const Index d = s.keys.cols();
    if (d < 2) {
        message(rect, QStringLiteral("d_k = 1: every key lies on one line. Add a dimension to see the geometry."));
        return map;
    }
    const LabSettings &l = labs();
    const GeometryFrame frame = frameFor(s, l);
    map.geometry = frame.geometry;
    map.queryIndex = geometryQuery(s, l);
    const int qi = map.queryIndex;
    const bool projection = frame.geometry.isProjection();

    m_base.setUnitFor(rect.width(), rect.height(), 900.0);
    const QFont labelFont = m_base.font(17);
    const QFont titleFont = m_base.font(19, true);
    const double axisTitle = QFontMetricsF(titleFont).height() + m_base.pt(6);

    std::vector<Eigen::Vector2d> keys;
    for (Index j = 0; j < s.keys.rows(); ++j)
        keys.push_back(frame.geometry.project(s.keys.row(j)));
    const Eigen::Vector2d q = frame.geometry.project(s.queries.row(qi));
    const double extent = frame.extentFor(s.keys, s.queries.row(qi));
    map.extent = extent;
    map.centre = QPointF(frame.centre.x(), frame.centre.y());
    const double cx = frame.centre.x(), cy = frame.centre.y();

    // A square plot, centred, with room for the tick labels and axis titles.
    const double side = std::min(rect.width(), rect.height()) - 2 * axisTitle - m_base.pt(20);
    const QRectF plot(rect.center().x() - side / 2, rect.top() + m_base.pt(10), side, side);
    map.plot = plot;
    map.toPixels = QTransform::fromTranslate(plot.center().x(), plot.center().y());
    map.toPixels.scale(side / (2 * extent), -side / (2 * extent));
    map.toPixels.translate(-cx, -cy);
    auto px = [&](const Eigen::Vector2d &v) { return map.toPixels.map(QPointF(v.x(), v.y())); };

    m_painter.setFont(labelFont);
    for (double t : FigurePainter::ticks(cx - extent, cx + extent)) {
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(px({t, cy - extent}), px({t, cy + extent}));
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(px({t, cy - extent}).x() - 40, plot.bottom() + 2, 80, m_base.pt(22)), Qt::AlignHCenter,
                           QString::number(t, 'g', 3));
    }
    for (double t : FigurePainter::ticks(cy - extent, cy + extent)) {
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(px({cx - extent, t}), px({cx + extent, t}));
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(plot.left() - m_base.pt(60), px({cx - extent, t}).y() - 12, m_base.pt(54), 24),
                           Qt::AlignRight | Qt::AlignVCenter, QString::number(t, 'g', 3));
    }
    const QPointF origin = px({0, 0});
    map.axes = {QLineF(px({cx - extent, 0}), px({cx + extent, 0})), QLineF(px({0, cy - extent}), px({0, cy + extent}))};
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    for (const QLineF &axis : map.axes)
        m_painter.drawLine(axis);
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(plot);

    // Arrows and dots first, the query's last so it stays on top.
    const double keyDot = m_base.pt(7), queryDot = m_base.pt(9);
    std::vector<QColor> colors;
    for (size_t j = 0; j < keys.size(); ++j) {
        const double weight = cellValue(r, CellQuantity::Weights, qi, Index(j));
        colors.push_back(std::isfinite(weight) ? ColorMaps::colorAt(m_style.colorMap, 0.15 + 0.85 * weight)
                                               : m_style.muted());
        const QPointF tip = px(keys[j]);
        arrow(m_painter, origin, tip, colors.back(), std::max(1.5, m_base.pt(3)));
        map.keys.push_back(tip);
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(colors.back());
        m_painter.drawEllipse(tip, keyDot, keyDot);
        m_painter.setBrush(Qt::NoBrush);
    }
    map.query = px(q);
    arrow(m_painter, origin, map.query, m_style.accent(), std::max(2.0, m_base.pt(4.5)));
    m_painter.setPen(QPen(m_style.background(), m_base.pt(2)));
    m_painter.setBrush(m_style.accent());
    m_painter.drawEllipse(map.query, queryDot, queryDot);
    m_painter.setBrush(Qt::NoBrush);

    // Labels beside their own points: never over another label, a dot or an
    // axis, and off the arrows where there is room. Near-parallel keys, the
    // chapter's point, put their tips close together.
    const QFont nameFont = m_base.font(18, true);
    const QFont detailFont = m_base.font(15);
    const QFontMetricsF nameMetrics(nameFont), detailMetrics(detailFont);
    LabelPlacer placer(plot.adjusted(2, 2, -2, -2));
    for (const QLineF &axis : map.axes)
        placer.addHardLine(axis);
    for (const QPointF &tip : map.keys) {
        placer.addPoint(tip, keyDot + 1);
        placer.addSoftLine(QLineF(origin, tip));
    }
    placer.addPoint(map.query, queryDot + 1);
    placer.addSoftLine(QLineF(origin, map.query));
    const double gap = m_base.pt(10);
    auto leader = [&](const QPointF &tip, const QRectF &box, double dot) {
        // A far label gets a thin line to its point.
        const QPointF nearest(std::clamp(tip.x(), box.left(), box.right()), std::clamp(tip.y(), box.top(), box.bottom()));
        if (std::hypot(nearest.x() - tip.x(), nearest.y() - tip.y()) > gap * 2.2) {
            m_painter.setPen(QPen(m_style.muted(), std::max(0.8, m_base.pt(1))));
            const QPointF u = (nearest - tip) / std::hypot(nearest.x() - tip.x(), nearest.y() - tip.y());
            m_painter.drawLine(tip + u * dot, nearest);
        }
    };
    // With many keys only the heaviest carry a label, so the picture stays
    // legible; a note in the corner says so, and no label covers it.
    const size_t labelled = std::min(keys.size(), kMostGeometryLabels);
    const QString fewer = QStringLiteral("labels on the %1 heaviest of %2 keys").arg(labelled).arg(keys.size());
    // Beside the plot where a wide window leaves room, else in its corner.
    const double besideWidth = rect.right() - plot.right() - m_base.pt(12);
    const bool beside = besideWidth > detailMetrics.horizontalAdvance(QStringLiteral("labels on the 12 heaviest"));
    const QRectF fewerBox = beside ? QRectF(plot.right() + m_base.pt(12), plot.bottom() - detailMetrics.height() * 3,
                                            besideWidth, detailMetrics.height() * 3)
                                   : QRectF(plot.right() - m_base.pt(6) - detailMetrics.horizontalAdvance(fewer),
                                            plot.bottom() - m_base.pt(4) - detailMetrics.height(),
                                            detailMetrics.horizontalAdvance(fewer), detailMetrics.height());
    if (labelled < keys.size() && !beside)
        placer.addBox(fewerBox);
    QColor veil = m_style.background(); // under each label, so it reads over the arrows
    veil.setAlpha(m_style.transparent ? 0 : 190);

    const QString queryName = label(s.queryLabel(qi));
    map.queryLabel = placer.place(map.query, QSizeF(nameMetrics.horizontalAdvance(queryName), nameMetrics.height()), gap);
    leader(map.query, map.queryLabel, queryDot);
    m_painter.fillRect(map.queryLabel, veil);
    m_painter.setFont(nameFont);
    m_painter.setPen(m_style.accent());
    m_painter.drawText(QPointF(map.queryLabel.left(), map.queryLabel.top() + nameMetrics.ascent()), queryName);

    // The divisor as the chapter writes it: √d_k, or the number with τ in it.
    const QString divisor = s.options.scale && s.options.temperature == 1.0 ? QStringLiteral("√%1").arg(d)
                                                                            : QString::number(r.divisor, 'g', 4);
    std::vector<size_t> order(keys.size());
    std::iota(order.begin(), order.end(), size_t(0));
    auto weightOf = [&](size_t j) { return r.isMasked(qi, Index(j)) ? -1.0 : r.weights(qi, Index(j)); };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return weightOf(a) > weightOf(b); });
    map.keyLabels.assign(keys.size(), QRectF());
    for (size_t rank = 0; rank < labelled; ++rank) {
        const size_t j = order[rank];
        const double weight = weightOf(j);
        const QString dot = (r.divisor == 1.0 ? QStringLiteral("q·k = %1") : QStringLiteral("q·k/%1 = %2").arg(divisor))
                                .arg(r.scores(qi, Index(j)) / r.divisor, 0, 'f', 3);
        const QString detail = dot + QStringLiteral("  ") + (weight >= 0 ? QStringLiteral("α = %1").arg(weight, 0, 'f', 3)
                                                                         : QStringLiteral("masked"));
        const QString name = label(s.keyLabel(Index(j)));
        const QSizeF size(std::max(nameMetrics.horizontalAdvance(name), detailMetrics.horizontalAdvance(detail)),
                          nameMetrics.height() + detailMetrics.height());
        const QRectF box = placer.place(map.keys[j], size, gap);
        map.keyLabels[j] = box;
        leader(map.keys[j], box, keyDot);
        m_painter.fillRect(box, veil);
        // The text leans towards its point: right-aligned in a box left of it.
        const Qt::Alignment side = box.right() <= map.keys[j].x() ? Qt::AlignRight
                                   : box.left() >= map.keys[j].x() ? Qt::AlignLeft
                                                                    : Qt::AlignHCenter;
        m_painter.setFont(nameFont);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(box.left(), box.top(), box.width(), nameMetrics.height()), side | Qt::AlignVCenter, name);
        m_painter.setFont(detailFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(box.left(), box.top() + nameMetrics.height(), box.width(), detailMetrics.height()),
                           side | Qt::AlignVCenter, detail);
    }
    if (labelled < keys.size()) {
        m_painter.setFont(detailFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(fewerBox, (beside ? Qt::AlignLeft | Qt::AlignBottom : Qt::AlignRight | Qt::AlignVCenter) | Qt::TextWordWrap,
                           fewer);
    }

    const QStringList axes = projection
                                 ? QStringList{QStringLiteral("principal direction 1 of the keys (projection)"),
                                               QStringLiteral("principal direction 2 (projection)")}
                                 : QStringList{QStringLiteral("x%1").arg(frameAxis(frame.geometry, 0) + 1),
                                               QStringLiteral("x%1").arg(frameAxis(frame.geometry, 1) + 1)};
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(plot.left(), plot.bottom() + m_base.pt(24), plot.width(), axisTitle), Qt::AlignCenter, axes[0]);
    m_painter.save();
    m_painter.translate(plot.left() - m_base.pt(64), plot.center().y());
    m_painter.rotate(-90);
    m_painter.drawText(QRectF(-plot.height() / 2, -axisTitle, plot.height(), axisTitle), Qt::AlignCenter, axes[1]);
    m_painter.restore();
    map.valid = true;
    return map;
}

void LabPainter::lineChart(const QRectF &rect, const QString &title, const QString &xTitle, const QString &yTitle,
                           const std::vector<Series> &series, bool logX, bool logY, const std::vector<double> &xTicks)
{
    const QFont labelFont = m_base.font(16);
    const QFont titleFont = m_base.font(18, true);
    const QFontMetricsF metrics(labelFont);
    const double axisTitle = QFontMetricsF(titleFont).height() + m_base.pt(4);
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    for (const Series &s : series)
        for (const QPointF &p : s.points) {
            const double x = logX ? std::log10(p.x()) : p.x();
            const double y = logY ? std::log10(std::max(p.y(), 1e-300)) : p.y();
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    if (!(x1 > x0)) {
        x0 -= 1;
        x1 += 1;
    }
    if (!(y1 > y0)) {
        y0 -= 1;
        y1 += 1;
    }
    const double padX = (x1 - x0) * 0.06, padY = (y1 - y0) * 0.08;
    x0 -= padX;
    x1 += padX;
    y0 -= padY;
    y1 += padY;
    if (!logY && y0 > 0 && y0 < (y1 - y0))
        y0 = 0; // a linear axis starts at zero when it nearly does
    const double yLabelWidth = metrics.horizontalAdvance(QStringLiteral("1e+10")) + m_base.pt(8);
    // The legend sits between the title and the plot, where no line can cross it.
    const double swatch = m_base.pt(26), entryGap = m_base.pt(18);
    std::vector<QPointF> legendAt;
    double legendX = 0.0, legendRow = 0.0;
    const double legendWidth = rect.width() - axisTitle - m_base.pt(10);
    for (const Series &s : series) {
        const double width = swatch + m_base.pt(6) + metrics.horizontalAdvance(s.name);
        if (legendX > 0.0 && legendX + width > legendWidth) {
            legendX = 0.0;
            legendRow += 1.0;
        }
        legendAt.emplace_back(legendX, legendRow);
        legendX += width + entryGap;
    }
    const double legendHeight = series.empty() ? 0.0 : (legendRow + 1.0) * metrics.height() * 1.15;
    const QRectF plot(rect.left() + axisTitle + yLabelWidth, rect.top() + axisTitle + legendHeight + m_base.pt(6),
                      rect.width() - axisTitle - yLabelWidth - m_base.pt(10),
                      rect.height() - 2 * axisTitle - legendHeight - metrics.height() * 2 - m_base.pt(18));
    auto px = [&](double x, double y) {
        const double u = logX ? std::log10(x) : x;
        const double v = logY ? std::log10(std::max(y, 1e-300)) : y;
        return QPointF(plot.left() + (u - x0) / (x1 - x0) * plot.width(),
                       plot.bottom() - (v - y0) / (y1 - y0) * plot.height());
    };
    QFont fittedTitle = titleFont; // a title wider than its chart shrinks to fit
    const double titleWidth = QFontMetricsF(titleFont).horizontalAdvance(title);
    if (titleWidth > rect.width() * 0.98)
        fittedTitle.setPixelSize(std::max(6, int(titleFont.pixelSize() * rect.width() * 0.98 / titleWidth)));
    m_painter.setFont(fittedTitle);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), axisTitle), Qt::AlignCenter, title);

    // Grid and tick labels.
    m_painter.setFont(labelFont);
    const QList<double> yTicks = logY ? [&] {
        QList<double> t;
        const bool fine = y1 - y0 < 3.0; // short ranges get 1, 2 and 5 per decade
        for (double e = std::floor(y0); e <= y1; e += std::max(1.0, std::floor((y1 - y0) / 6))) {
            for (double m : fine ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
                const double v = m * std::pow(10.0, e);
                if (std::log10(v) >= y0 && std::log10(v) <= y1)
                    t << v;
            }
        }
        return t;
    }()
                                      : FigurePainter::ticks(y0, y1);
    for (double t : yTicks) {
        const double y = px(logX ? std::pow(10.0, x0) : x0, t).y();
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        m_painter.setPen(m_style.foreground());
        const QString text = logY && (t >= 1e5 || t < 1e-3) ? QString::number(t, 'g', 2) : QString::number(t, 'g', 4);
        m_painter.drawText(QRectF(plot.left() - yLabelWidth, y - metrics.height() / 2, yLabelWidth - m_base.pt(6),
                                  metrics.height()),
                           Qt::AlignRight | Qt::AlignVCenter, text);
    }
    std::vector<double> tickX, tickHalf;
    QStringList tickText;
    for (double t : xTicks) {
        const double x = px(t, logY ? std::pow(10.0, y0) : y0).x();
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        tickText << QString::number(t, 'g', 6);
        tickX.push_back(x);
        tickHalf.push_back(metrics.horizontalAdvance(tickText.back()) / 2);
    }
    m_painter.setPen(m_style.foreground());
    for (int k : shownTickLabels(tickX, tickHalf, m_base.pt(6)))
        m_painter.drawText(QRectF(tickX[size_t(k)] - m_base.pt(50), plot.bottom() + m_base.pt(4), m_base.pt(100), metrics.height()),
                           Qt::AlignHCenter | Qt::AlignTop, tickText[k]);
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    m_painter.drawLine(plot.bottomLeft(), plot.topLeft());

    // Series, clipped to the plot, and their legend above it.
    const double legendTop = rect.top() + axisTitle + metrics.height() * 0.55;
    for (size_t k = 0; k < series.size(); ++k) {
        const Series &s = series[k];
        QPen pen(s.color, std::max(1.5, m_base.pt(3)), s.dashed ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
        m_painter.save();
        m_painter.setClipRect(plot.adjusted(-m_base.pt(6), -m_base.pt(6), m_base.pt(6), m_base.pt(6)));
        m_painter.setPen(pen);
        for (size_t p = 1; p < s.points.size(); ++p)
            m_painter.drawLine(px(s.points[p - 1].x(), s.points[p - 1].y()), px(s.points[p].x(), s.points[p].y()));
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(s.color);
        if (!s.dashed)
            for (const QPointF &p : s.points)
                m_painter.drawEllipse(px(p.x(), p.y()), m_base.pt(5), m_base.pt(5));
        m_painter.setBrush(Qt::NoBrush);
        m_painter.restore();
        m_painter.setPen(pen);
        const double x = rect.left() + axisTitle + legendAt[k].x();
        const double y = legendTop + legendAt[k].y() * metrics.height() * 1.15;
        m_painter.drawLine(QPointF(x, y), QPointF(x + swatch, y));
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QPointF(x + swatch + m_base.pt(6), y + metrics.ascent() / 2 - 1), s.name);
    }
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(plot.left(), rect.bottom() - axisTitle, plot.width(), axisTitle), Qt::AlignCenter, xTitle);
    // A y title longer than its axis shrinks to fit, like the chart's title.
    QFont fittedY = titleFont;
    const double yTitleWidth = QFontMetricsF(titleFont).horizontalAdvance(yTitle);
    if (yTitleWidth > plot.height())
        fittedY.setPixelSize(std::max(6, int(titleFont.pixelSize() * plot.height() / yTitleWidth)));
    m_painter.setFont(fittedY);
    m_painter.save();
    m_painter.translate(rect.left(), plot.center().y());
    m_painter.rotate(-90);
    m_painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), axisTitle), Qt::AlignCenter, yTitle);
    m_painter.restore();
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
    Series rawEntropy = rawTop, scaledEntropy = scaledTop;
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
        maxEntropy.points.emplace_back(d, result->maxEntropyBits);
    }
    const double third = rect.width() / 3;
    const QRectF top(rect.left(), rect.top(), rect.width(), rect.height() * (m_style.tables ? 0.68 : 0.92));
    lineChart(QRectF(top.left(), top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("spread of q·k grows like √d_k"), QStringLiteral("d_k"),
              QStringLiteral("standard deviation of q·k"), {spread, pooled, root}, true, true, dks);
    lineChart(QRectF(top.left() + third, top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("mean largest weight"), QStringLiteral("d_k"), QStringLiteral("weight"),
              {rawTop, scaledTop}, true, false, dks);
    lineChart(QRectF(top.left() + 2 * third, top.top(), third - m_base.pt(8), top.height()),
              QStringLiteral("mean entropy"), QStringLiteral("d_k"), QStringLiteral("bits"),
              {rawEntropy, scaledEntropy, maxEntropy}, true, false, dks);

    // The table, as `attention-lab --scale` prints it.
    const QFont tableFont = m_base.font(16);
    if (!m_style.tables) {
        m_painter.setFont(tableFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(rect.left(), top.bottom(), rect.width(), rect.bottom() - top.bottom()), Qt::AlignCenter,
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
    const QStringList headers{QStringLiteral("d_k"), QStringLiteral("spread"), QStringLiteral("pooled"),
                              QStringLiteral("max raw"), QStringLiteral("entropy raw"), QStringLiteral("max scaled"),
                              QStringLiteral("entropy scaled")};
    const double columnWidth = std::min(rect.width() / headers.size(), metrics.horizontalAdvance(QStringLiteral("entropy scaled")) * 1.25);
    const double tableLeft = rect.center().x() - columnWidth * headers.size() / 2;
    double y = top.bottom() + m_base.pt(10);
    const double lineHeight = metrics.height() * 1.15;
    for (int c = 0; c < headers.size(); ++c)
        m_painter.drawText(QRectF(tableLeft + c * columnWidth, y, columnWidth, lineHeight), Qt::AlignRight, headers[c]);
    for (const ScaleExperimentRow &row : result->rows) {
        y += lineHeight;
        if (y + lineHeight > rect.bottom() - lineHeight)
            break;
        const QStringList cells{QString::number(row.keyDim), QString::number(row.spread, 'f', 3),
                                QString::number(row.pooledSpread, 'f', 3), QString::number(row.rawMaxWeight, 'f', 4),
                                QString::number(row.rawEntropyBits, 'f', 4), QString::number(row.scaledMaxWeight, 'f', 4),
                                QString::number(row.scaledEntropyBits, 'f', 4)};
        for (int c = 0; c < cells.size(); ++c)
            m_painter.drawText(QRectF(tableLeft + c * columnWidth, y, columnWidth, lineHeight), Qt::AlignRight, cells[c]);
    }
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), rect.bottom() - lineHeight, rect.width(), lineHeight), Qt::AlignCenter,
                       QStringLiteral("%1 draws of %2 standard-normal keys, seed %3; maximum entropy %4 bits")
                           .arg(result->settings.draws)
                           .arg(result->settings.keys)
                           .arg(result->settings.seed)
                           .arg(result->maxEntropyBits, 0, 'f', 4));
}

MaskComparison LabPainter::maskComparison(const Session &s, const AttentionResult &result, const LabSettings &l)
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
    MaskOrders orders = compareMaskOrders(c.scores, c.divisor);
    c.maskFirst = std::move(orders.maskFirst);
    c.softmaxFirst = std::move(orders.softmaxFirst);
    return c;
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
    const AttentionResult &a = c.maskFirst, &b = c.softmaxFirst;

    auto spec = [&](const AttentionResult &r, const QString &title, bool lost) {
        FigurePainter::MatrixHeatmap h;
        h.rows = int(scores.rows());
        h.cols = int(scores.cols());
        h.value = [&r](int i, int j) { return cellValue(r, CellQuantity::Weights, i, j); };
        h.rowLabel = [&rows](int i) { return label(rows[size_t(i)]); };
        h.colLabel = [&cols](int j) { return label(cols[size_t(j)]); };
        h.title = title;
        h.colorBar = !lost;
        h.minNumberSize = std::max(kReadableNumber, m_base.pt(kReadableNumber)); // readable, or left out
        for (const RowStatistics &row : r.rows)
            h.rowNotes << (lost ? QStringLiteral("Σ %1 · lost %2").arg(row.sum, 0, 'f', 4).arg(1.0 - row.sum, 0, 'f', 4)
                                : QStringLiteral("Σ %1").arg(row.sum, 0, 'f', 4));
        return h;
    };
    const double half = rect.width() / 2;
    const QFont captionFont = m_base.font(18);
    const double captionHeight = QFontMetricsF(captionFont).height() * 2.6;
    const double height = rect.height() - captionHeight;
    m_base.matrixHeatmap(QRectF(rect.left(), rect.top(), half - m_base.pt(10), height),
                         spec(a, QStringLiteral("mask, then softmax (Eq. 16.3)"), false));
    m_base.matrixHeatmap(QRectF(rect.left() + half + m_base.pt(10), rect.top(), half - m_base.pt(10), height),
                         spec(b, QStringLiteral("softmax, then mask: the wrong order"), true));
    m_painter.setFont(captionFont);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), rect.bottom() - captionHeight, rect.width(), captionHeight),
                       Qt::AlignCenter | Qt::TextWordWrap,
                       QStringLiteral("Masking first lets the visible keys inherit the blocked weight: every row sums to 1.\n"
                                      "Masking second throws it away: row one keeps %1 of its weight.")
                           .arg(b.rows.front().sum, 0, 'f', 4));
}

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
        m_painter.drawText(QRectF(bar.right() + m_base.pt(8), y - metrics.height() / 2, metrics.horizontalAdvance(QStringLiteral("0.00")) + m_base.pt(4),
                                  metrics.height()),
                           Qt::AlignLeft | Qt::AlignVCenter, QString::number(t, 'g', 4));
    }
    const QFont titleFont = m_base.font(17, true);
    m_painter.setFont(titleFont);
    m_painter.save();
    m_painter.translate(bar.right() + metrics.horizontalAdvance(QStringLiteral("0.00")) + m_base.pt(16), bar.center().y());
    m_painter.rotate(90);
    m_painter.drawText(QRectF(-bar.height() / 2, -QFontMetricsF(titleFont).height(), bar.height(), QFontMetricsF(titleFont).height()),
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
        message(rect, QStringLiteral("D = %1 cannot be split into h = %2 equal heads: choose an h that divides D.")
                          .arg(modelDim)
                          .arg(c.heads));
        return;
    }
    const MultiHeadResult &r = c.result;
    m_base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    m_base.fixUnit();

    // One colour bar for every head, right of the grid.
    const QFontMetricsF barMetrics(m_base.font(16));
    const double barArea = m_base.pt(22) + barMetrics.horizontalAdvance(QStringLiteral("0.00")) + m_base.pt(16) +
                           QFontMetricsF(m_base.font(17, true)).height() + m_base.pt(10);
    const QRectF grid(rect.left(), rect.top(), rect.width() - barArea, rect.height());
    const int h = c.heads;
    const QFont captionFont = m_base.font(18);
    const double captionHeight = QFontMetricsF(captionFont).height() * 2.6;
    // The arrangement that gives the cells the most room for their numbers
    // (about 5 characters wide, a third of the cell tall), labels and titles
    // allowed for.
    const double tokens = double(std::max<Index>(1, c.keys.rows())), rowsPerHead = double(std::max<Index>(1, c.queries.rows()));
    // When no arrangement has room for numbers, the one with the largest
    // cells (the smaller side) wins.
    const double readable = std::max(kReadableNumber, m_base.pt(kReadableNumber));
    int gridColumns = 1, squarest = 1;
    double roomiest = -1.0, largest = -1.0;
    for (int columns = 1; columns <= h; ++columns) {
        const int rows = (h + columns - 1) / columns;
        const double cellWidth = (grid.width() / columns - m_base.pt(70)) / tokens;
        const double cellHeight = ((grid.height() - captionHeight) / rows - m_base.pt(80)) / rowsPerHead;
        const double room = std::min(cellWidth / 5.2, cellHeight * 0.34);
        if (room > roomiest + 1e-9) {
            roomiest = room;
            gridColumns = columns;
        }
        if (std::min(cellWidth, cellHeight) > largest + 1e-9) {
            largest = std::min(cellWidth, cellHeight);
            squarest = columns;
        }
    }
    if (roomiest < readable)
        gridColumns = squarest;
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
        spec.rowLabel = [&c, rowStep](int i) { return i % rowStep ? QString() : label(c.queryLabels[size_t(i)]); };
        spec.colLabel = [&c, colStep](int j) { return j % colStep ? QString() : label(c.keyLabels[size_t(j)]); };
        spec.title = QStringLiteral("head %1 · mean entropy %2 bits").arg(head + 1).arg(part.meanEntropyBits(), 0, 'f', 3);
        spec.colorBar = false;
        // Numbers a room can read, or none: cells too small keep their colour only.
        spec.minNumberSize = readable;
        spec.rowTitle = QString();
        spec.colTitle = QString();
        const int gr = head / gridColumns, gc = head % gridColumns;
        cells = cells.united(m_base.matrixHeatmap(
            QRectF(grid.left() + gc * cellW, grid.top() + gr * cellH, cellW - m_base.pt(12), cellH - m_base.pt(8)), spec));
    }
    colorBar(QRectF(grid.right() + m_base.pt(10), cells.top(), m_base.pt(22), cells.height()), 0.0, 1.0,
             QStringLiteral("weight"));
    m_painter.setFont(captionFont);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), rect.bottom() - captionHeight, rect.width(), captionHeight),
                       Qt::AlignCenter | Qt::TextWordWrap,
                       QStringLiteral("D = %1 split into h = %2 heads of d_k = %3: h × d_k = D, so W^Q, W^K, W^V and W^O "
                                      "hold 4D² + 4D = %4 parameters, whatever h is. Each head scales by √%3.")
                           .arg(modelDim)
                           .arg(h)
                           .arg(r.headDim)
                           .arg(grouped(c.attentionParameters)));
}

PermutationDemo LabPainter::positionDemo(const Session &s, const LabSettings &l)
{
    AttentionOptions options = s.options;
    options.mask = MaskMode::None;
    return permutationDemo(s.keys, derangement(s.keys.rows(), l.shuffleSeed), options);
}

void LabPainter::positional(const QRectF &rect)
{
    if (!fitsInMemory(rect, requirePositionalMemory))
        return;
    const LabSettings &l = labs();
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const Matrix pe = sinusoidalEncoding(std::max(1, l.positions), std::max(1, l.positionDim));
    FigurePainter::MatrixHeatmap spec;
    spec.rows = int(pe.rows());
    spec.cols = int(pe.cols());
    spec.value = [&pe](int i, int j) { return pe(i, j); };
    // Labels at round steps, about eight a side, so they never crowd.
    const int rowStep = sparseLabelStep(spec.rows), colStep = sparseLabelStep(spec.cols);
    spec.rowLabel = [rowStep](int i) { return i % rowStep == 0 ? QString::number(i) : QString(); };
    spec.colLabel = [colStep](int j) { return j % colStep == 0 ? QString::number(j) : QString(); };
    spec.lo = -1.0;
    spec.hi = 1.0;
    spec.rowTitle = QStringLiteral("position");
    spec.colTitle = QStringLiteral("dimension");
    spec.scaleTitle = QStringLiteral("PE value");
    spec.title = QStringLiteral("sinusoidal encoding (Eq. 16.4)");
    spec.numbers = false;
    const double half = rect.width() * 0.5;
    m_base.matrixHeatmap(QRectF(rect.left(), rect.top(), half - m_base.pt(10), rect.height()), spec);

    // The shuffle: the session's keys as token embeddings.
    const Session &s = m_data.session;
    const QRectF right(rect.left() + half + m_base.pt(20), rect.top(), half - m_base.pt(20), rect.height());
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
    const QString shuffleTitle = QStringLiteral("shuffle the tokens: how far does each output move?");
    m_painter.setFont(fitted(titleFont, shuffleTitle, right.width()));
    m_painter.drawText(QRectF(right.left(), right.top(), right.width(), lineHeight), Qt::AlignCenter, shuffleTitle);
    const Index n = s.keys.rows();
    QStringList shuffled;
    for (Index idx : demo.order)
        shuffled << label(s.keyLabel(idx));
    m_painter.setFont(labelFont);
    m_painter.setPen(m_style.muted());
    // One line, cut short with the count when the tokens do not fit.
    const QString orderText = QStringLiteral("new order (%1 tokens): %2").arg(n).arg(shuffled.join(QStringLiteral(" ")));
    m_painter.drawText(QRectF(right.left(), right.top() + lineHeight, right.width(), lineHeight), Qt::AlignCenter,
                       metrics.elidedText(orderText, Qt::ElideRight, right.width()));

    // Per token: the change of its own output, without and with positions;
    // the legend's largest change is the longest bar (one computation).
    auto plainText = [](double change) { return QString::number(change, 'g', 2); };
    auto encodedText = [](double change) { return QString::number(change, 'f', 4); };
    const size_t largest = size_t(std::max_element(demo.encodedChanges.begin(), demo.encodedChanges.end()) -
                                  demo.encodedChanges.begin());
    double labelWidth = 0;
    for (Index t = 0; t < n; ++t)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label(s.keyLabel(t))));
    const QString largestName = QStringLiteral("%1 (#%2)").arg(label(s.keyLabel(Index(largest)))).arg(largest + 1);
    labelWidth = std::min(std::max(labelWidth, metrics.horizontalAdvance(largestName)), right.width() * 0.3);
    const double legendHeight = lineHeight * 2.4;
    const QRectF bars(right.left() + labelWidth + m_base.pt(12), right.top() + lineHeight * 2.3,
                      right.width() - labelWidth - m_base.pt(16), right.height() - lineHeight * 2.3 - legendHeight);
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
            const QString skipped = QStringLiteral("… %1 more tokens; the one that changed most:").arg(n - Index(row) - 1);
            m_painter.setFont(fitted(labelFont, skipped, right.width()));
            m_painter.drawText(QRectF(right.left(), y - rowH, right.width(), rowH), Qt::AlignCenter, skipped);
            m_painter.setFont(labelFont);
        }
        m_painter.setPen(m_style.foreground());
        const QString name = jumped ? largestName : label(s.keyLabel(t));
        m_painter.drawText(QRectF(right.left(), y, labelWidth + m_base.pt(4), rowH), Qt::AlignRight | Qt::AlignVCenter,
                           metrics.elidedText(name, Qt::ElideRight, labelWidth));
        const double plainWidth = std::clamp(demo.plainChanges[size_t(t)] / top * scaleWidth, m_base.pt(1.5), scaleWidth);
        const double encodedWidth = demo.encodedChanges[size_t(t)] / top * scaleWidth;
        const double plainTop = y + rowH * 0.5 - bh - m_base.pt(1);
        const double encodedTop = y + rowH * 0.5 + m_base.pt(1);
        m_painter.fillRect(QRectF(bars.left(), plainTop, plainWidth, bh), without);
        m_painter.fillRect(QRectF(bars.left(), encodedTop, encodedWidth, bh), with);
        // Each number right of its own bar, never over it.
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(bars.left() + plainWidth + m_base.pt(6), plainTop + bh / 2 - metrics.height() / 2,
                                  numberWidth, metrics.height()),
                           Qt::AlignLeft | Qt::AlignVCenter, plainText(demo.plainChanges[size_t(t)]));
        m_painter.drawText(QRectF(bars.left() + encodedWidth + m_base.pt(6), encodedTop + bh / 2 - metrics.height() / 2,
                                  numberWidth, metrics.height()),
                           Qt::AlignLeft | Qt::AlignVCenter, encodedText(demo.encodedChanges[size_t(t)]));
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(bars.topLeft(), bars.bottomLeft());
    m_painter.setFont(labelFont);
    const double legendY = bars.bottom() + lineHeight * 0.6;
    const double legendText = right.right() - bars.left() - m_base.pt(28);
    QString plainLegend = QStringLiteral("without positions: largest change %1").arg(plainText(demo.plainChange));
    const QString travel = QStringLiteral(" (outputs travel with their tokens)");
    if (metrics.horizontalAdvance(plainLegend + travel) <= legendText)
        plainLegend += travel;
    const QString encodedLegend = QStringLiteral("with Eq. 16.4 added: largest change %1").arg(encodedText(demo.encodedChange));
    m_painter.fillRect(QRectF(bars.left(), legendY - m_base.pt(7), m_base.pt(22), m_base.pt(12)), without);
    m_painter.setPen(m_style.foreground());
    m_painter.setFont(fitted(labelFont, plainLegend, legendText));
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + m_base.pt(4)), plainLegend);
    m_painter.fillRect(QRectF(bars.left(), legendY + lineHeight - m_base.pt(7), m_base.pt(22), m_base.pt(12)), with);
    m_painter.setFont(fitted(labelFont, encodedLegend, legendText));
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + lineHeight + m_base.pt(4)), encodedLegend);
}

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
    const QFont font = m_base.font(17);
    const QFont bold = m_base.font(17, true);
    const QFontMetricsF metrics(font);
    const double lineHeight = metrics.height() * 1.35;
    const double tableWidth = rect.width() * 0.46;
    m_painter.setFont(m_base.font(19, true));
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(rect.left(), rect.top(), tableWidth, lineHeight * 1.2), Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("|V| = %1, D = %2, L = %3, h = %4, H = %5")
                           .arg(grouped(c.vocabulary), grouped(c.modelDim), grouped(c.layers), grouped(c.heads),
                                grouped(c.feedForward)));
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
    double y = rect.top() + lineHeight * 1.6;
    for (const Line &line : lines) {
        m_painter.setFont(line.strong ? bold : font);
        m_painter.drawText(QRectF(rect.left(), y, tableWidth * 0.5, lineHeight), Qt::AlignLeft | Qt::AlignVCenter, line.what);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(rect.left() + tableWidth * 0.5, y, tableWidth * 0.25, lineHeight),
                           Qt::AlignLeft | Qt::AlignVCenter, line.formula);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(rect.left() + tableWidth * 0.7, y, tableWidth * 0.3, lineHeight),
                           Qt::AlignRight | Qt::AlignVCenter, grouped(line.value));
        y += lineHeight;
    }
    m_painter.setFont(font);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), y + lineHeight * 0.5, tableWidth, lineHeight * 3), Qt::TextWordWrap,
                       QStringLiteral("The heads are free: h × d_k = D, so splitting D into %1 heads of %2 changes no "
                                      "count. The feed-forward block is the larger one.")
                           .arg(c.heads)
                           .arg(c.headDim()));

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
    const double barWidth = chart.width() - nameWidth - m_base.pt(10) - metrics.horizontalAdvance(QStringLiteral("000,000,000 (00%)"));
    const QList<QColor> colors{QColor(0x44, 0x01, 0x54), QColor(0x31, 0x68, 0x8e), QColor(0x35, 0xb7, 0x79),
                               QColor(0xfd, 0xe7, 0x25)};
    for (size_t k = 0; k < parts.size(); ++k) {
        const double yk = chart.top() + k * rowH;
        m_painter.setFont(font);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(chart.left(), yk, nameWidth, rowH), Qt::AlignRight | Qt::AlignVCenter, parts[k].first);
        const double w = std::max(m_base.pt(1.5), double(parts[k].second) / double(largest) * barWidth);
        m_painter.fillRect(QRectF(barLeft, yk + rowH * 0.2, w, rowH * 0.6), colors[int(k)]);
        m_painter.drawText(QRectF(barLeft + w + m_base.pt(8), yk, chart.right() - barLeft - w, rowH),
                           Qt::AlignLeft | Qt::AlignVCenter,
                           QStringLiteral("%1 (%2%)").arg(grouped(parts[k].second))
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
    lineChart(chart, QStringLiteral("what the sequence length costs one head"), QStringLiteral("tokens n"),
              QStringLiteral("count"), {cells, linear}, true, true, ns);

    const QFont font = m_base.font(17);
    const QFontMetricsF metrics(font);
    m_painter.setFont(font);
    const double lineHeight = metrics.height() * 1.4;
    double y = rect.top() + lineHeight * 2;
    const double x = chart.right() + m_base.pt(20);
    const double w = rect.right() - x;
    m_painter.setPen(m_style.foreground());
    m_painter.setFont(m_base.font(17, true));
    m_painter.drawText(QRectF(x, y, w, lineHeight), Qt::AlignLeft, QStringLiteral("n, cells, one n × n matrix"));
    m_painter.setFont(font);
    for (const AttentionCost &c : costs) {
        y += lineHeight;
        m_painter.drawText(QRectF(x, y, w, lineHeight), Qt::AlignLeft,
                           QStringLiteral("%1: %2, %3").arg(grouped(c.tokens), grouped(c.scoreCells),
                                                            QString::fromStdString(formatBytes(double(c.matrixBytes)))));
    }
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(x, y + lineHeight * 1.5, w, lineHeight * 4), Qt::TextWordWrap,
                       QStringLiteral("Quadruple the context and the score cells rise sixteen-fold: O(n²). "
                                      "Multiply-adds per head: 2 n² d_k with d_k = %1.")
                           .arg(l.costKeyDim));
}

} // namespace AttentionLab
