// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/document/vectorkind.h"
#include "ui/figure/labpainter.h"
#include "ui/labs/labcanvas.h"

#include <cstddef>
#include <vector>

namespace AttentionLab {

/// The key-geometry picture, with every key and the query draggable: a drag
/// moves the vector in the picture's plane, every view follows, and the whole
/// drag is one undo step.
///
/// The picture's frame (plane and scale) holds still through a drag, after
/// it and through its undo and redo, so a point stays where it was dropped.
/// It is fitted afresh when the user asks (refitFrame()), when the picture's
/// settings change, and when the keys (or the query shown) change any other
/// way (a table edit, a slider, a preset, a new d_k).
class GeometryCanvas : public LabCanvas
{
    Q_OBJECT

public:
    GeometryCanvas(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);

    /// Where the last paint put things (pixel positions of the tips).
    const GeometryMap &geometryMap() const { return m_map; }
    bool isDragging() const { return m_dragging; }
    /// Fits the plane and the scale to the keys as they are now.
    void refitFrame();
    /// What hovering the point at \a position shows (its name, q·k, weight
    /// and share in the plane), or empty away from every point.
    QString toolTipAt(const QPointF &position) const;

    /// How fast the frame grows as the pointer pushes past the plot's edge:
    /// a point goes e^(kEdgePush * x) times the half-width out when the
    /// pointer is x half-widths beyond it (0.4 of the plot's side past the
    /// edge: eleven times as far, enough to take the lecture's "is" from
    /// ignored to 0.9 of the weight).
    static constexpr double kEdgePush = 3.0;

signals:
    /// A key or the query was picked up to drag: it goes on the sliders.
    void pointPicked(AttentionLab::VectorKind kind, int row);

protected:
    void paintView(QPainter &painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    void keysChanged();
    /// A fingerprint of the session's keys and the query shown.
    std::size_t keysFingerprint() const;

    GeometryMap m_map;
    /// The picture as it was when the drag began: the pointer is read
    /// through it, so the frame growing under a push does not run away.
    GeometryMap m_pressMap;
    bool m_dragging = false;
    VectorKind m_kind = VectorKind::Key;
    int m_row = 0;
    /// The key arrangements the held frame belongs to: the one it was fitted
    /// to and every one a drag in it left behind (undo and redo return to
    /// these).
    std::vector<std::size_t> m_frameKeys;
};

} // namespace AttentionLab
