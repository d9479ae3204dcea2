#pragma once

#include "types.h"
#include "vectorkind.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QSlider;

namespace AttentionLab {

class AttentionDocument;

/// Sliders for the selected query, key or value: one per coordinate, with a
/// spin box beside each and a range the user can widen. Dragging updates
/// every view while the mouse moves; a whole drag is one undo step.
class VectorEditor : public QWidget
{
    Q_OBJECT

public:
    explicit VectorEditor(AttentionDocument *document, QWidget *parent = nullptr);

    void select(VectorKind kind, Index row);
    VectorKind selectedKind() const { return m_kind; }
    Index selectedRow() const { return m_row; }
    QSlider *slider(int coordinate) const { return m_sliders.value(coordinate); }
    QDoubleSpinBox *spinBox(int coordinate) const { return m_spins.value(coordinate); }

private:
    void rebuildChoices();
    void rebuildRows();
    void showVector();
    void commit(int coordinate, double value, bool continuing);
    int toSlider(double value) const;
    double fromSlider(int position) const;

    AttentionDocument *m_document;
    QComboBox *m_choice;
    QDoubleSpinBox *m_range;
    QGridLayout *m_grid;
    QList<QSlider *> m_sliders;
    QList<QDoubleSpinBox *> m_spins;
    QList<QWidget *> m_rowWidgets;
    VectorKind m_kind = VectorKind::Key;
    Index m_row = 0;
};

} // namespace AttentionLab
