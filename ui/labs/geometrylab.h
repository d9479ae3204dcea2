// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QPushButton;

namespace AttentionLab {

class AttentionDocument;
class GeometryCanvas;
class LabBanner;
class LabState;

/// Key geometry: the query and the keys as arrows in the query's plane (by
/// default for d_k > 2), the keys' principal plane or two chosen coordinates,
/// every point draggable. The plane holds
/// still through drags; "Recompute plane" fits it to the keys again.
class GeometryLab : public QWidget
{
    Q_OBJECT

public:
    GeometryLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);
    GeometryCanvas *canvas() const { return m_canvas; }
    LabBanner *banner() const { return m_banner; }
    QPushButton *refitButton() const { return m_refit; }
    QComboBox *queryChooser() const { return m_query; }
    QComboBox *planeChooser() const { return m_plane; }

private:
    void rebuildChoices();

    AttentionDocument *m_document;
    LabState *m_labs;
    QComboBox *m_query;
    QComboBox *m_plane;
    QComboBox *m_x;
    QComboBox *m_y;
    QPushButton *m_refit;
    QList<QWidget *> m_coordinateChoices;
    void showCoordinateChoices(bool show);
    GeometryCanvas *m_canvas;
    LabBanner *m_banner;
    /// The query tokens the choices were built for.
    std::vector<std::string> m_queryLabels;
};

} // namespace AttentionLab
