// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/labcanvas.h"

#include "ui/document/attentiondocument.h"
#include "ui/figure/figurepainter.h"
#include "ui/labs/labstate.h"

#include <QPainter>

namespace AttentionLab {

LabCanvas::LabCanvas(AttentionDocument *document, LabState *labs, QString viewName, QWidget *parent)
    : QWidget(parent), m_document(document), m_labs(labs), m_viewName(std::move(viewName))
{
    // Small enough that two stacked canvases fit under the banner at 1280 x 720.
    setMinimumSize(320, 150);
    setAttribute(Qt::WA_OpaquePaintEvent);
    auto repaint = [this] { update(); };
    connect(document, &AttentionDocument::resultChanged, this, repaint);
    connect(document, &AttentionDocument::sessionReset, this, repaint);
    connect(labs, &LabState::changed, this, repaint);
}

void LabCanvas::setStyle(const FigureStyle &style)
{
    m_style = style;
    m_style.tables = m_showTables;
    update();
}

void LabCanvas::setShowTables(bool show)
{
    m_showTables = show;
    m_style.tables = show;
    update();
}

void LabCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const QRectF rect = QRectF(this->rect()).adjusted(8, 8, -8, -8);
    painter.fillRect(this->rect(), m_style.background());
    paintView(painter, rect);
}

void LabCanvas::paintView(QPainter &painter, const QRectF &rect)
{
    const FigureView *view = findFigureView(m_viewName);
    if (!view)
        return;
    view->paint(painter, rect,
                FigureData{m_document->session(), m_document->result(), &m_labs->settings()},
                m_style);
}

} // namespace AttentionLab
