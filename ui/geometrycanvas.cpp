#include "geometrycanvas.h"

#include "attentiondocument.h"
#include "labstate.h"

#include <QMouseEvent>

namespace AttentionLab {

namespace {

/// How close (in pixels) a press must be to a tip to pick it up.
constexpr double kGrabRadius = 16.0;

} // namespace

GeometryCanvas::GeometryCanvas(AttentionDocument *document, LabState *labs, QWidget *parent)
    : LabCanvas(document, labs, QStringLiteral("geometry"), parent)
{
    setMouseTracking(true);
    setToolTip(tr("Drag a key or the query: the heatmap, the bars and the output follow"));
}

void GeometryCanvas::paintView(QPainter &painter, const QRectF &rect)
{
    m_map = LabPainter(painter, FigureData{document()->session(), document()->result(), &labs()->settings()},
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
        // The axes hold still for the whole drag.
        auto frozen = std::make_shared<const KeyGeometry>(m_map.geometry);
        labs()->update([&frozen](LabSettings &s) { s.frozenGeometry = frozen; });
        setCursor(Qt::ClosedHandCursor);
    }
}

void GeometryCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        bool near = false;
        for (const QPointF &p : m_map.keys)
            near = near || std::hypot(p.x() - event->position().x(), p.y() - event->position().y()) < kGrabRadius;
        near = near || std::hypot(m_map.query.x() - event->position().x(), m_map.query.y() - event->position().y()) < kGrabRadius;
        setCursor(near ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    bool invertible = false;
    const QPointF point = m_map.toPixels.inverted(&invertible).map(event->position());
    if (!invertible)
        return;
    const RowVector moved = m_map.geometry.moveTo(document()->vector(m_kind, m_row), {point.x(), point.y()});
    document()->setVector(m_kind, m_row, moved, true);
}

void GeometryCanvas::mouseReleaseEvent(QMouseEvent *)
{
    if (!m_dragging)
        return;
    m_dragging = false;
    document()->endContinuousEdit();
    labs()->update([](LabSettings &s) { s.frozenGeometry.reset(); });
    setCursor(Qt::ArrowCursor);
}

} // namespace AttentionLab
