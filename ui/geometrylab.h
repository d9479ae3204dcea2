#pragma once

#include <QWidget>

class QComboBox;

namespace AttentionLab {

class AttentionDocument;
class GeometryCanvas;
class LabState;

/// Key geometry: the query and the keys as arrows in two chosen coordinates
/// or in the keys' principal plane, every point draggable.
class GeometryLab : public QWidget
{
    Q_OBJECT

public:
    GeometryLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);
    GeometryCanvas *canvas() const { return m_canvas; }

private:
    void rebuildChoices();

    AttentionDocument *m_document;
    LabState *m_labs;
    QComboBox *m_query;
    QComboBox *m_plane;
    QComboBox *m_x;
    QComboBox *m_y;
    GeometryCanvas *m_canvas;
};

} // namespace AttentionLab
