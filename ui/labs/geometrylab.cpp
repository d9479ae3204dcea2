// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/geometrylab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/geometrycanvas.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labstate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace AttentionLab {

GeometryLab::GeometryLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_document(document), m_labs(labs), m_query(new QComboBox(this)),
      m_plane(new QComboBox(this)), m_x(new QComboBox(this)), m_y(new QComboBox(this)),
      m_refit(new QPushButton(tr("Recompute plane"), this)),
      m_canvas(new GeometryCanvas(document, labs, this)),
      m_banner(new LabBanner(
          [document, labs] {
              return LabEquations::geometry(document->session(), document->result(),
                                            labs->settings());
          },
          this))
{
    m_plane->addItems({tr("Principal plane of the keys (projection)"), tr("Two coordinates")});
    m_plane->setToolTip(
        tr("For d_k > 2: the plane the keys spread most in, or any two coordinates"));
    m_plane->setAccessibleName(tr("Picture plane"));
    m_query->setAccessibleName(tr("Query shown"));
    m_x->setAccessibleName(tr("Horizontal coordinate"));
    m_y->setAccessibleName(tr("Vertical coordinate"));
    m_refit->setToolTip(
        tr("The plane and the scale hold still while you drag, so a point stays where you drop it. "
           "Fit them to the keys as they are now."));
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Query:"), this));
    controls->addWidget(m_query);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Plane:"), this));
    controls->addWidget(m_plane);
    controls->addWidget(new QLabel(tr("x:"), this));
    controls->addWidget(m_x);
    controls->addWidget(new QLabel(tr("y:"), this));
    controls->addWidget(m_y);
    controls->addWidget(m_refit);
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("Drag a point to move its vector"), this));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(m_canvas, 1);

    auto push = [this] {
        m_labs->update([this](LabSettings &s) {
            s.geometryQuery = std::max(0, m_query->currentIndex());
            s.geometryProjection = m_plane->currentIndex() == 0;
            s.geometryX = std::max(0, m_x->currentIndex());
            s.geometryY = std::max(0, m_y->currentIndex());
        });
        const bool coordinates =
            m_plane->currentIndex() == 1 || m_document->session().keys.cols() <= 2;
        m_x->setEnabled(coordinates);
        m_y->setEnabled(coordinates);
        m_canvas->refitFrame(); // other settings, another picture
    };
    for (QComboBox *box : {m_query, m_plane, m_x, m_y})
        connect(box, &QComboBox::activated, this, push);
    connect(document, &AttentionDocument::sessionReset, this, &GeometryLab::rebuildChoices);
    connect(m_refit, &QPushButton::clicked, m_canvas, &GeometryCanvas::refitFrame);
    connect(document, &AttentionDocument::resultChanged, m_banner, &LabBanner::refresh);
    connect(document, &AttentionDocument::sessionReset, m_banner, &LabBanner::refresh);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
    rebuildChoices();
    push();
}

void GeometryLab::rebuildChoices()
{
    const Session &s = m_document->session();
    const LabSettings &l = m_labs->settings();
    const QSignalBlocker a(m_query), b(m_x), c(m_y);
    m_query->clear();
    for (Index i = 0; i < s.queries.rows(); ++i)
        m_query->addItem(QString::fromStdString(s.queryLabel(i)));
    m_query->setCurrentIndex(std::clamp(l.geometryQuery, 0, int(s.queries.rows()) - 1));
    m_x->clear();
    m_y->clear();
    for (Index d = 0; d < s.keys.cols(); ++d) {
        m_x->addItem(tr("x%1").arg(d + 1));
        m_y->addItem(tr("x%1").arg(d + 1));
    }
    m_x->setCurrentIndex(std::clamp(l.geometryX, 0, int(s.keys.cols()) - 1));
    m_y->setCurrentIndex(std::clamp(l.geometryY, 0, int(s.keys.cols()) - 1));
}

} // namespace AttentionLab
