#include "labpainter.h"

#include "attention.h"
#include "chapterexamples.h"
#include "attentioncost.h"
#include "memorybudget.h"
#include "multiheadattention.h"
#include "normalgenerator.h"
#include "parametercount.h"
#include "permutationdemo.h"
#include "positionalencoding.h"
#include "session.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <limits>
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
    const bool projection = d > 2 && l.geometryProjection;
    const Index xAxis = std::clamp<Index>(l.geometryX, 0, d - 1);
    const Index yAxis = l.geometryY == xAxis || l.geometryY < 0 || l.geometryY >= d ? (xAxis == 0 ? 1 : 0)
                                                                                      : l.geometryY;
    map.geometry = l.frozenGeometry && l.frozenGeometry->axes().cols() == d
                       ? *l.frozenGeometry
                       : projection ? KeyGeometry::principal(s.keys) : KeyGeometry::coordinates(d, xAxis, yAxis);
    map.queryIndex = std::clamp(l.geometryQuery, 0, int(s.queries.rows()) - 1);

    m_base.setUnitFor(rect.width(), rect.height(), 900.0);
    const QFont labelFont = m_base.font(17);
    const QFont titleFont = m_base.font(19, true);
    const double axisTitle = QFontMetricsF(titleFont).height() + m_base.pt(6);

    std::vector<Eigen::Vector2d> keys;
    double extent = 0.5;
    for (Index j = 0; j < s.keys.rows(); ++j) {
        keys.push_back(map.geometry.project(s.keys.row(j)));
        extent = std::max({extent, std::abs(keys.back().x()), std::abs(keys.back().y())});
    }
    const Eigen::Vector2d q = map.geometry.project(s.queries.row(map.queryIndex));
    extent = std::max({extent, std::abs(q.x()), std::abs(q.y())}) * 1.3;

    // A square plot, centred, with room for the axis titles.
    const double side = std::min(rect.width(), rect.height()) - 2 * axisTitle - m_base.pt(20);
    const QRectF plot(rect.center().x() - side / 2, rect.top() + m_base.pt(10), side, side);
    map.toPixels = QTransform::fromTranslate(plot.center().x(), plot.center().y());
    map.toPixels.scale(side / (2 * extent), -side / (2 * extent));
    auto px = [&](const Eigen::Vector2d &v) { return map.toPixels.map(QPointF(v.x(), v.y())); };

    m_painter.setFont(labelFont);
    for (double t : FigurePainter::ticks(-extent, extent)) {
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(px({t, -extent}), px({t, extent}));
        m_painter.drawLine(px({-extent, t}), px({extent, t}));
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(px({t, -extent}).x() - 40, plot.bottom() + 2, 80, m_base.pt(22)), Qt::AlignHCenter,
                           QString::number(t, 'g', 3));
        m_painter.drawText(QRectF(plot.left() - m_base.pt(60), px({-extent, t}).y() - 12, m_base.pt(54), 24),
                           Qt::AlignRight | Qt::AlignVCenter, QString::number(t, 'g', 3));
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(px({-extent, 0}), px({extent, 0}));
    m_painter.drawLine(px({0, -extent}), px({0, extent}));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawRect(plot);

    const QPointF origin = px({0, 0});
    const int qi = map.queryIndex;
    // Arrows first, then labels placed so they do not cover one another:
    // near-parallel keys, the chapter's point, put their tips close together.
    std::vector<QRectF> placed;
    struct Note
    {
        QPointF tip;
        QString name, detail;
    };
    std::vector<Note> notes;
    for (size_t j = 0; j < keys.size(); ++j) {
        const double weight = r.isMasked(qi, Index(j)) ? std::numeric_limits<double>::quiet_NaN() : r.weights(qi, Index(j));
        const QColor color = std::isfinite(weight) ? ColorMaps::colorAt(m_style.colorMap, 0.15 + 0.85 * weight)
                                                   : m_style.muted();
        const QPointF tip = px(keys[j]);
        arrow(m_painter, origin, tip, color, std::max(1.5, m_base.pt(3)));
        map.keys.push_back(tip);
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(color);
        m_painter.drawEllipse(tip, m_base.pt(7), m_base.pt(7));
        m_painter.setBrush(Qt::NoBrush);
        const QString dot = QStringLiteral("q·k/%1 = %2").arg(r.divisor == 1.0 ? QStringLiteral("1") : QStringLiteral("√d"))
                                .arg(r.scores(qi, Index(j)) / r.divisor, 0, 'f', 3);
        const QString weightText = std::isfinite(weight) ? QStringLiteral("α = %1").arg(weight, 0, 'f', 3)
                                                         : QStringLiteral("masked");
        notes.push_back({tip, label(s.keyLabel(Index(j))), dot + QStringLiteral("  ") + weightText});
    }
    const QFont nameFont = m_base.font(18, true);
    const QFont detailFont = m_base.font(15);
    const double noteHeight = QFontMetricsF(nameFont).height() + QFontMetricsF(detailFont).height();
    // The query's label claims its place first.
    const QPointF queryTip = px(q);
    const QString queryName = label(s.queryLabel(qi));
    const QRectF queryBox(queryTip + QPointF(m_base.pt(12), m_base.pt(20) - QFontMetricsF(nameFont).ascent()),
                          QSizeF(QFontMetricsF(nameFont).horizontalAdvance(queryName), QFontMetricsF(nameFont).height()));
    placed.push_back(queryBox);
    placed.push_back(QRectF(queryTip - QPointF(m_base.pt(10), m_base.pt(10)), QSizeF(m_base.pt(20), m_base.pt(20))));
    for (const Note &note : notes) {
        const double width = std::max(QFontMetricsF(nameFont).horizontalAdvance(note.name),
                                      QFontMetricsF(detailFont).horizontalAdvance(note.detail));
        QRectF box(note.tip + QPointF(m_base.pt(10), -QFontMetricsF(nameFont).ascent() - m_base.pt(6)), QSizeF(width, noteHeight));
        for (int tries = 0; tries < 12; ++tries) {
            const bool clash = std::any_of(placed.begin(), placed.end(), [&box](const QRectF &p) { return p.intersects(box); });
            if (!clash)
                break;
            box.translate(0, noteHeight * 0.55);
        }
        placed.push_back(box);
        m_painter.setFont(nameFont);
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QPointF(box.left(), box.top() + QFontMetricsF(nameFont).ascent()), note.name);
        m_painter.setFont(detailFont);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QPointF(box.left(), box.top() + QFontMetricsF(nameFont).height() + QFontMetricsF(detailFont).ascent()),
                           note.detail);
    }
    map.query = px(q);
    arrow(m_painter, origin, map.query, m_style.accent(), std::max(2.0, m_base.pt(4.5)));
    m_painter.setPen(QPen(m_style.background(), m_base.pt(2)));
    m_painter.setBrush(m_style.accent());
    m_painter.drawEllipse(map.query, m_base.pt(9), m_base.pt(9));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.setPen(m_style.accent());
    m_painter.setFont(m_base.font(18, true));
    m_painter.drawText(QPointF(queryBox.left(), queryBox.top() + QFontMetricsF(nameFont).ascent()), queryName);

    const QStringList axes = projection
                                 ? QStringList{QStringLiteral("principal direction 1 of the keys (projection)"),
                                               QStringLiteral("principal direction 2 (projection)")}
                                 : QStringList{QStringLiteral("x%1").arg(xAxis + 1), QStringLiteral("x%1").arg(yAxis + 1)};
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
    const QRectF plot(rect.left() + axisTitle + yLabelWidth, rect.top() + axisTitle + m_base.pt(4),
                      rect.width() - axisTitle - yLabelWidth - m_base.pt(10),
                      rect.height() - 2 * axisTitle - metrics.height() * 2 - m_base.pt(16));
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
    double lastLabelRight = -std::numeric_limits<double>::infinity();
    for (double t : xTicks) {
        const double x = px(t, logY ? std::pow(10.0, y0) : y0).x();
        m_painter.setPen(QPen(m_style.muted(), std::max(0.5, m_base.pt(0.6)), Qt::DotLine));
        m_painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        // A label that would run into the previous one is left out.
        const QString text = QString::number(t, 'g', 6);
        const double half = metrics.horizontalAdvance(text) / 2;
        if (x - half < lastLabelRight + m_base.pt(6))
            continue;
        lastLabelRight = x + half;
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(x - m_base.pt(50), plot.bottom() + m_base.pt(4), m_base.pt(100), metrics.height()),
                           Qt::AlignHCenter | Qt::AlignTop, text);
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    m_painter.drawLine(plot.bottomLeft(), plot.topLeft());

    // Series, and a legend stacked in the plot's top-left corner.
    double legendY = plot.top() + m_base.pt(14);
    for (const Series &s : series) {
        QPen pen(s.color, std::max(1.5, m_base.pt(3)), s.dashed ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
        m_painter.setPen(pen);
        for (size_t k = 1; k < s.points.size(); ++k)
            m_painter.drawLine(px(s.points[k - 1].x(), s.points[k - 1].y()), px(s.points[k].x(), s.points[k].y()));
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(s.color);
        if (!s.dashed)
            for (const QPointF &p : s.points)
                m_painter.drawEllipse(px(p.x(), p.y()), m_base.pt(5), m_base.pt(5));
        m_painter.setBrush(Qt::NoBrush);
        m_painter.setPen(pen);
        const double legendX = plot.left() + m_base.pt(10);
        m_painter.drawLine(QPointF(legendX, legendY), QPointF(legendX + m_base.pt(26), legendY));
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QPointF(legendX + m_base.pt(32), legendY + metrics.ascent() / 2 - 1), s.name);
        legendY += metrics.height() * 1.1;
    }
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QRectF(plot.left(), rect.bottom() - axisTitle, plot.width(), axisTitle), Qt::AlignCenter, xTitle);
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

void LabPainter::mask(const QRectF &rect)
{
    if (!fitsInMemory(rect, requireMaskMemory))
        return;
    m_base.setUnitFor(rect.width() / 2, rect.height() * 1.4, 900.0);
    m_base.fixUnit();
    const Session &s = m_data.session;
    Matrix scores;
    double divisor = 1.0;
    std::vector<std::string> rows, cols;
    if (labs().maskFromSession) {
        scores = m_data.result.scores;
        divisor = m_data.result.divisor;
        for (Index i = 0; i < scores.rows(); ++i)
            rows.push_back(s.queryLabel(i));
        for (Index j = 0; j < scores.cols(); ++j)
            cols.push_back(s.keyLabel(j));
    } else {
        scores = ChapterExamples::causalMaskScores();
        rows = cols = {"the", "dog", "barked", "loudly"};
    }
    // Q = S and K = I reproduce the scores exactly; the divisor is applied as
    // a temperature so the logits are the session's.
    AttentionOptions first;
    first.scale = false;
    first.temperature = divisor;
    first.mask = MaskMode::Causal;
    AttentionOptions second = first;
    second.mask = MaskMode::CausalAfterSoftmax;
    const Matrix identity = Matrix::Identity(scores.cols(), scores.cols());
    const AttentionResult a = attend(scores, identity, first);
    const AttentionResult b = attend(scores, identity, second);

    auto spec = [&](const AttentionResult &r, const QString &title, bool lost) {
        FigurePainter::MatrixHeatmap h;
        h.rows = int(scores.rows());
        h.cols = int(scores.cols());
        h.value = [&r](int i, int j) {
            return r.isMasked(i, j) ? std::numeric_limits<double>::quiet_NaN() : r.weights(i, j);
        };
        h.rowLabel = [&rows](int i) { return label(rows[size_t(i)]); };
        h.colLabel = [&cols](int j) { return label(cols[size_t(j)]); };
        h.title = title;
        h.colorBar = !lost;
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

void LabPainter::heads(const QRectF &rect)
{
    if (!fitsInMemory(rect, requireHeadsMemory))
        return;
    const LabSettings &l = labs();
    const Session &s = m_data.session;
    Matrix q, k, v;
    std::vector<std::string> queryLabels, keyLabels;
    if (l.headsFromSession) {
        q = s.queries;
        k = s.keys;
        v = s.keys; // multi-head needs V as wide as D
        for (Index i = 0; i < q.rows(); ++i)
            queryLabels.push_back(s.queryLabel(i));
        for (Index j = 0; j < k.rows(); ++j)
            keyLabels.push_back(s.keyLabel(j));
    } else {
        NormalGenerator normal(l.headsSeed);
        const Index n = std::max(1, l.headsTokens);
        q = normal.matrix(n, l.headsModelDim);
        k = normal.matrix(n, l.headsModelDim);
        v = normal.matrix(n, l.headsModelDim);
        for (Index i = 0; i < n; ++i) {
            std::string token(1, 't');
            token += std::to_string(i + 1);
            queryLabels.push_back(token);
        }
        keyLabels = queryLabels;
    }
    const Index modelDim = q.cols();
    if (l.heads < 1 || modelDim % l.heads != 0) {
        message(rect, QStringLiteral("D = %1 cannot be split into h = %2 equal heads: choose an h that divides D.")
                          .arg(modelDim)
                          .arg(l.heads));
        return;
    }
    AttentionOptions options = s.options;
    const MultiHeadResult r = multiHeadAttention(q, k, v, l.heads, options);
    m_base.setUnitFor(rect.width(), rect.height() * 1.4, 1000.0);
    m_base.fixUnit();

    const int h = l.heads;
    const int columns = int(std::ceil(std::sqrt(double(h) * rect.width() / std::max(1.0, rect.height()))));
    const int gridColumns = std::clamp(columns, 1, h);
    const int gridRows = (h + gridColumns - 1) / gridColumns;
    const QFont captionFont = m_base.font(18);
    const double captionHeight = QFontMetricsF(captionFont).height() * 2.6;
    const double cellW = rect.width() / gridColumns;
    const double cellH = (rect.height() - captionHeight) / gridRows;
    for (int head = 0; head < h; ++head) {
        const AttentionResult &part = r.perHead[size_t(head)];
        FigurePainter::MatrixHeatmap spec;
        spec.rows = int(part.queryCount());
        spec.cols = int(part.keyCount());
        spec.value = [&part](int i, int j) {
            return part.isMasked(i, j) ? std::numeric_limits<double>::quiet_NaN() : part.weights(i, j);
        };
        spec.rowLabel = [&queryLabels](int i) { return label(queryLabels[size_t(i)]); };
        spec.colLabel = [&keyLabels](int j) { return label(keyLabels[size_t(j)]); };
        spec.title = QStringLiteral("head %1 · mean entropy %2 bits").arg(head + 1).arg(part.meanEntropyBits(), 0, 'f', 3);
        spec.colorBar = false;
        spec.numbers = spec.rows * spec.cols * h <= 160;
        spec.rowTitle = QString();
        spec.colTitle = QString();
        const int gr = head / gridColumns, gc = head % gridColumns;
        m_base.matrixHeatmap(QRectF(rect.left() + gc * cellW, rect.top() + gr * cellH, cellW - m_base.pt(12), cellH - m_base.pt(8)),
                             spec);
    }
    const std::int64_t attentionParameters = 4 * modelDim * modelDim + 4 * modelDim;
    m_painter.setFont(captionFont);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(rect.left(), rect.bottom() - captionHeight, rect.width(), captionHeight),
                       Qt::AlignCenter | Qt::TextWordWrap,
                       QStringLiteral("D = %1 split into h = %2 heads of d_k = %3: h × d_k = D, so W^Q, W^K, W^V and W^O "
                                      "hold 4D² + 4D = %4 parameters, whatever h is. Each head scales by √%3.")
                           .arg(modelDim)
                           .arg(h)
                           .arg(r.headDim)
                           .arg(grouped(attentionParameters)));
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
    spec.rowLabel = [](int i) { return QString::number(i); };
    spec.colLabel = [](int j) { return QString::number(j); };
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
    AttentionOptions options = s.options;
    options.mask = MaskMode::None;
    const PermutationDemo demo = permutationDemo(s.keys, derangement(s.keys.rows(), l.shuffleSeed), options);
    const QFont labelFont = m_base.font(16);
    const QFont titleFont = m_base.font(18, true);
    const QFontMetricsF metrics(labelFont);
    m_painter.setFont(titleFont);
    m_painter.setPen(m_style.foreground());
    const double lineHeight = QFontMetricsF(titleFont).height() * 1.3;
    m_painter.drawText(QRectF(right.left(), right.top(), right.width(), lineHeight), Qt::AlignCenter,
                       QStringLiteral("shuffle the tokens: how far does each output move?"));
    QStringList shuffled;
    for (Index idx : demo.order)
        shuffled << label(s.keyLabel(idx));
    m_painter.setFont(labelFont);
    m_painter.setPen(m_style.muted());
    m_painter.drawText(QRectF(right.left(), right.top() + lineHeight, right.width(), lineHeight * 1.6),
                       Qt::AlignCenter | Qt::TextWordWrap, QStringLiteral("new order: ") + shuffled.join(QStringLiteral(" ")));

    // Per token: the change of its own output, without and with positions.
    const Index n = s.keys.rows();
    std::vector<double> plain(static_cast<size_t>(n)), encoded(static_cast<size_t>(n));
    for (size_t p = 0; p < demo.order.size(); ++p) {
        const Index t = demo.order[p];
        plain[size_t(t)] = (demo.plainShuffled.row(Index(p)) - demo.plain.row(t)).norm();
        encoded[size_t(t)] = (demo.encodedShuffled.row(Index(p)) - demo.encoded.row(t)).norm();
    }
    const double top = std::max(1e-9, *std::max_element(encoded.begin(), encoded.end())) * 1.15;
    double labelWidth = 0;
    for (Index t = 0; t < n; ++t)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label(s.keyLabel(t))));
    const QRectF bars(right.left() + labelWidth + m_base.pt(12), right.top() + lineHeight * 3,
                      right.width() - labelWidth - m_base.pt(24), right.height() - lineHeight * 6);
    const double rowH = bars.height() / n;
    const QColor without(0x31, 0x68, 0x8e), with = m_style.accent();
    for (Index t = 0; t < n; ++t) {
        const double y = bars.top() + t * rowH;
        m_painter.setPen(m_style.foreground());
        m_painter.drawText(QRectF(right.left(), y, labelWidth + m_base.pt(4), rowH), Qt::AlignRight | Qt::AlignVCenter,
                           label(s.keyLabel(t)));
        const double bh = rowH * 0.32;
        const double plainWidth = std::max(m_base.pt(1.5), plain[size_t(t)] / top * bars.width());
        const double encodedWidth = encoded[size_t(t)] / top * bars.width();
        m_painter.fillRect(QRectF(bars.left(), y + rowH * 0.14, plainWidth, bh), without);
        m_painter.fillRect(QRectF(bars.left(), y + rowH * 0.52, encodedWidth, bh), with);
        m_painter.setPen(m_style.muted());
        m_painter.drawText(QRectF(bars.left() + plainWidth + m_base.pt(6), y + rowH * 0.14, bars.width(), bh),
                           Qt::AlignLeft | Qt::AlignVCenter, QString::number(plain[size_t(t)], 'g', 2));
        m_painter.drawText(QRectF(bars.left() + std::min(encodedWidth + m_base.pt(6), bars.width() * 0.85), y + rowH * 0.52,
                                  bars.width(), bh),
                           Qt::AlignLeft | Qt::AlignVCenter, QString::number(encoded[size_t(t)], 'f', 3));
    }
    m_painter.setPen(QPen(m_style.foreground(), std::max(1.0, m_base.pt(1.2))));
    m_painter.drawLine(bars.topLeft(), bars.bottomLeft());
    m_painter.setFont(labelFont);
    const double legendY = bars.bottom() + lineHeight * 0.6;
    m_painter.fillRect(QRectF(bars.left(), legendY - m_base.pt(7), m_base.pt(22), m_base.pt(12)), without);
    m_painter.setPen(m_style.foreground());
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + m_base.pt(4)),
                       QStringLiteral("without positions: largest change %1 (outputs travel with their tokens)")
                           .arg(demo.plainChange, 0, 'g', 2));
    m_painter.fillRect(QRectF(bars.left(), legendY + lineHeight - m_base.pt(7), m_base.pt(22), m_base.pt(12)), with);
    m_painter.drawText(QPointF(bars.left() + m_base.pt(28), legendY + lineHeight + m_base.pt(4)),
                       QStringLiteral("with Eq. 16.4 added: largest change %1").arg(demo.encodedChange, 0, 'f', 4));
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
