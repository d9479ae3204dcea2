// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figurestyle.h"

#include <QString>
#include <QWidget>

namespace AttentionLab {

class AttentionDocument;
class LabState;

/// Paints one figure view (a lab) live from the document and the lab
/// settings, with the same code the exports use.
class LabCanvas : public QWidget
{
    Q_OBJECT

public:
    LabCanvas(AttentionDocument *document, LabState *labs, QString viewName,
              QWidget *parent = nullptr);

    QString viewName() const { return m_viewName; }
    void setStyle(const FigureStyle &style);
    /// Off where a widget beside the canvas already shows the lab's table.
    void setShowTables(bool show);
    const FigureStyle &figureStyle() const { return m_style; }

protected:
    void paintEvent(QPaintEvent *event) override;
    /// Paints the view; subclasses that need the layout override it.
    virtual void paintView(QPainter &painter, const QRectF &rect);

    AttentionDocument *document() const { return m_document; }
    LabState *labs() const { return m_labs; }

private:
    AttentionDocument *m_document;
    LabState *m_labs;
    QString m_viewName;
    FigureStyle m_style;
    bool m_showTables = true;
};

} // namespace AttentionLab
