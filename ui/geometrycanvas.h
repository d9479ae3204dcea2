#pragma once

#include "labcanvas.h"
#include "labpainter.h"
#include "vectorkind.h"

namespace AttentionLab {

/// The key-geometry picture, with every key and the query draggable: a drag
/// moves the vector in the picture's plane, every view follows, and the whole
/// drag is one undo step.
class GeometryCanvas : public LabCanvas
{
    Q_OBJECT

public:
    GeometryCanvas(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);

    /// Where the last paint put things (pixel positions of the tips).
    const GeometryMap &geometryMap() const { return m_map; }

protected:
    void paintView(QPainter &painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    GeometryMap m_map;
    bool m_dragging = false;
    VectorKind m_kind = VectorKind::Key;
    int m_row = 0;
};

} // namespace AttentionLab
