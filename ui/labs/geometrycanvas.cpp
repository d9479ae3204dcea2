// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/geometrycanvas.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labstate.h"

#include <QHashFunctions>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

/// How close (in pixels) a press must be to a tip to pick it up.
constexpr double kGrabRadius = 16.0;
/// How many dropped arrangements the held frame remembers.
constexpr std::size_t kRemembered = 256;

} // namespace

GeometryCanvas::GeometryCanvas(AttentionDocument *document, LabState *labs, QWidget *parent)
    : LabCanvas(document, labs, QStringLiteral("geometry"), parent)
{
    setMouseTracking(true);
    setToolTip(tr("Drag a key or the query: the heatmap, the bars and the output follow"));
    setAccessibleName(tr("Key geometry picture"));
    connect(document, &AttentionDocument::sessionReset, this, &GeometryCanvas::refitFrame);
    connect(document, &AttentionDocument::vectorChanged, this, [this](VectorKind kind, Index row) {
        // The query's plane also moves with the query shown.
        if (kind == VectorKind::Key ||
            (kind == VectorKind::Query &&
             row ==
                 LabPainter::geometryQuery(this->document()->session(), this->labs()->settings())))
            keysChanged();
    });
    refitFrame();
}

std::size_t GeometryCanvas::keysFingerprint() const
{
    const Session &s = document()->session();
    const Matrix &keys = s.keys;
    std::size_t query = 0;
    if (s.queries.rows() > 0) {
        const RowVector q = s.queries.row(LabPainter::geometryQuery(s, labs()->settings()));
        query = qHashBits(q.data(), std::size_t(q.size()) * sizeof(double));
    }
    return qHashMulti(0, keys.rows(), keys.cols(),
                      qHashBits(keys.data(), std::size_t(keys.size()) * sizeof(double)), query);
}

void GeometryCanvas::refitFrame()
{
    const Session &s = document()->session();
    std::shared_ptr<const GeometryFrame> frame;
    if (s.keys.cols() >= 2 && s.queries.rows() > 0)
        frame = std::make_shared<const GeometryFrame>(LabPainter::fitFrame(s, labs()->settings()));
    m_frameKeys.assign(1, keysFingerprint());
    labs()->update([&frame](LabSettings &l) { l.geometryFrame = frame; });
}

void GeometryCanvas::keysChanged()
{
    if (m_dragging)
        return; // the frame holds still under the mouse
    // Back to an arrangement this frame has shown (the undo or redo of a
    // drag): keep it. Any other change of the keys: fit afresh.
    if (std::find(m_frameKeys.begin(), m_frameKeys.end(), keysFingerprint()) == m_frameKeys.end())
        refitFrame();
}

void GeometryCanvas::paintView(QPainter &painter, const QRectF &rect)
{
    m_map = LabPainter(painter,
                       FigureData{document()->session(), document()->result(), &labs()->settings()},
                       figureStyle())
                .geometry(rect);
}

void GeometryCanvas::mousePressEvent(QMouseEvent *event)
{
    if (!m_map.valid || event->button() != Qt::LeftButton)
        return;
    const QPointF at = event->position();
    auto distance = [&at](const QPointF &p) { return std::hypot(p.x() - at.x(), p.y() - at.y()); };
    double best = kGrabRadius;
    if (distance(m_map.query) < best) {
        best = distance(m_map.query);
        m_kind = VectorKind::Query;
        m_row = m_map.queryIndex;
        m_dragging = true;
    }
    for (size_t j = 0; j < m_map.keys.size(); ++j) {
        if (distance(m_map.keys[j]) < best) {
            best = distance(m_map.keys[j]);
            m_kind = VectorKind::Key;
            m_row = int(j);
            m_dragging = true;
        }
    }
    if (m_dragging) {
        // What is on screen now is what the drag moves in: hold it.
        const std::shared_ptr<const GeometryFrame> &held = labs()->settings().geometryFrame;
        const bool samePlane = held && held->geometry.axes() == m_map.geometry.axes();
        const Eigen::Vector2d centre(m_map.centre.x(), m_map.centre.y());
        if (!samePlane || held->extent != m_map.extent || held->centre != centre) {
            auto shown = std::make_shared<const GeometryFrame>(
                GeometryFrame{m_map.geometry, centre, m_map.extent});
            labs()->update([&shown](LabSettings &l) { l.geometryFrame = shown; });
            if (!samePlane)
                m_frameKeys.assign(1, keysFingerprint());
        }
        m_pressMap = m_map;
        setCursor(Qt::ClosedHandCursor);
        emit pointPicked(m_kind, m_row);
    }
}

void GeometryCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        bool near = false;
        for (const QPointF &p : m_map.keys)
            near = near || std::hypot(p.x() - event->position().x(),
                                      p.y() - event->position().y()) < kGrabRadius;
        near = near || std::hypot(m_map.query.x() - event->position().x(),
                                  m_map.query.y() - event->position().y()) < kGrabRadius;
        setCursor(near ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    bool invertible = false;
    const QPointF point = m_pressMap.toPixels.inverted(&invertible).map(event->position());
    if (!invertible)
        return;
    // Inside the picture the point follows the pointer. Pushed past an edge
    // it goes on outward, faster the further the pointer goes, and the frame
    // widens to keep it in view: a lecturer drags a key from ignored to
    // dominant without refitting the plane mid-lecture.
    const double extent = m_pressMap.extent;
    auto pushed = [extent](double value, double centre) {
        const double u = (value - centre) / extent;
        if (std::abs(u) <= 1.0)
            return value;
        const double beyond = std::min(std::abs(u) - 1.0, 4.0); // e^12: far enough
        return centre + std::copysign(std::exp(kEdgePush * beyond), u) * extent;
    };
    const Eigen::Vector2d target(pushed(point.x(), m_pressMap.centre.x()),
                                 pushed(point.y(), m_pressMap.centre.y()));
    const RowVector moved = m_pressMap.geometry.moveTo(document()->vector(m_kind, m_row), target);
    document()->setVector(m_kind, m_row, moved, true);
    const double reach = std::max(std::abs(target.x() - m_pressMap.centre.x()),
                                  std::abs(target.y() - m_pressMap.centre.y()));
    const std::shared_ptr<const GeometryFrame> &held = labs()->settings().geometryFrame;
    // The frame widens with the push (with room for the label), and narrows
    // back to where the drag began as the pointer comes back in.
    const double wanted = reach > extent ? reach * 1.15 : extent;
    if (held && held->extent != wanted) {
        auto frame = std::make_shared<const GeometryFrame>(
            GeometryFrame{held->geometry, held->centre, wanted});
        labs()->update([&frame](LabSettings &l) { l.geometryFrame = frame; });
    }
}

QString GeometryCanvas::toolTipAt(const QPointF &at) const
{
    if (!m_map.valid)
        return {};
    auto distance = [&at](const QPointF &p) { return std::hypot(p.x() - at.x(), p.y() - at.y()); };
    const Session &s = document()->session();
    const AttentionResult &r = document()->result();
    const int qi = m_map.queryIndex;
    double best = kGrabRadius;
    QString text;
    auto share = [this, &s](const RowVector &v) {
        return s.keys.cols() > 2
                   ? QStringLiteral(", %1").arg(LabPainter::inPlaneText(m_map.geometry.inPlane(v)))
                   : QString();
    };
    if (distance(m_map.query) < best) {
        best = distance(m_map.query);
        text = tr("query “%1”%2")
                   .arg(QString::fromStdString(s.queryLabel(qi)), share(s.queries.row(qi)));
    }
    for (size_t j = 0; j < m_map.keys.size() && qi < r.queryCount(); ++j) {
        if (distance(m_map.keys[j]) >= best)
            continue;
        best = distance(m_map.keys[j]);
        const Index col = Index(j);
        text = tr("key “%1”: q·k / %2 = %3, %4%5")
                   .arg(QString::fromStdString(s.keyLabel(col)))
                   .arg(r.divisor, 0, 'g', 4)
                   .arg(r.scores(qi, col) / r.divisor, 0, 'f', 3)
                   .arg(r.isMasked(qi, col) ? tr("masked")
                                            : tr("α = %1").arg(r.weights(qi, col), 0, 'f', 3))
                   .arg(share(s.keys.row(col)));
    }
    return text;
}

bool GeometryCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        // Away from the points: the canvas's own hint.
        QToolTip::showText(help->globalPos(), text.isEmpty() ? toolTip() : text, this);
        return true;
    }
    return LabCanvas::event(event);
}

void GeometryCanvas::mouseReleaseEvent(QMouseEvent *)
{
    if (!m_dragging)
        return;
    m_dragging = false;
    document()->endContinuousEdit();
    // The frame now also belongs to where the drag left the keys.
    m_frameKeys.push_back(keysFingerprint());
    if (m_frameKeys.size() > kRemembered)
        m_frameKeys.erase(m_frameKeys.begin() + 1);
    setCursor(Qt::ArrowCursor);
}

} // namespace AttentionLab
