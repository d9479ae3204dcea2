// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"
#include "ui/document/vectorkind.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QSlider;

namespace AttentionLab {

class AttentionDocument;

/// Sliders for the selected query, key or value: one per coordinate, with a
/// spin box beside each and a range the user can widen. Dragging updates
/// every view while the mouse moves; a whole drag is one undo step. The
/// vector is chosen in two parts (query, key or value; then its token), and
/// the sliders scroll, so that 64 of them never make the window taller than
/// the screen.
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
    QComboBox *kindChooser() const { return m_kindChoice; }
    QComboBox *tokenChooser() const { return m_tokenChoice; }
    QScrollArea *scrollArea() const { return m_scroll; }
    /// "values = keys: …" while a value is chosen and V follows K; else empty.
    QString valuesNote() const;

private:
    void rebuildTokens();
    void rebuildRows();
    void showVector();
    void updateValuesNote();
    void commit(int coordinate, double value, bool continuing);
    int toSlider(double value) const;
    double fromSlider(int position) const;

    AttentionDocument *m_document;
    QComboBox *m_kindChoice;
    QComboBox *m_tokenChoice;
    QLabel *m_valuesNote;
    QDoubleSpinBox *m_range;
    QScrollArea *m_scroll;
    QWidget *m_rows;
    QGridLayout *m_grid;
    QList<QSlider *> m_sliders;
    QList<QDoubleSpinBox *> m_spins;
    QList<QWidget *> m_rowWidgets;
    VectorKind m_kind = VectorKind::Key;
    Index m_row = 0;
};

} // namespace AttentionLab
