// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/geometrylab.h"

#include "ui/document/attentiondocument.h"
#include "ui/figure/labpainter.h"
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
    // In the order of GeometryPlane.
    m_plane->addItems({tr("Query’s plane"), tr("Keys’ principal plane"), tr("Two coordinates")});
    m_plane->setToolTip(tr("For d_k > 2: the plane that holds the query, where every score is "
                           "exact (x along q, so x · |q| is q · k), the "
                           "plane the keys spread most in, or any two coordinates"));
    m_plane->setAccessibleName(tr("Picture plane"));
    m_query->setAccessibleName(tr("Query shown"));
    // Never narrower than their text: the row wraps its stretch, not the words.
    for (QWidget *w : std::initializer_list<QWidget *>{m_query, m_plane, m_x, m_y, m_refit})
        w->setSizePolicy(QSizePolicy::Minimum, w->sizePolicy().verticalPolicy());
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
    auto *xLabel = new QLabel(tr("x:"), this);
    auto *yLabel = new QLabel(tr("y:"), this);
    controls->addWidget(xLabel);
    controls->addWidget(m_x);
    controls->addWidget(yLabel);
    controls->addWidget(m_y);
    // The coordinates to plot show only for the plane they choose: the row
    // keeps its room for the query and the plane on a projector.
    m_coordinateChoices = {xLabel, m_x, yLabel, m_y};
    controls->addWidget(m_refit);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(m_canvas, 1);

    auto push = [this] {
        m_labs->update([this](LabSettings &s) {
            s.geometryQuery = std::max(0, m_query->currentIndex());
            s.geometryPlane = GeometryPlane(std::clamp(m_plane->currentIndex(), 0, 2));
            s.geometryX = std::max(0, m_x->currentIndex());
            s.geometryY = std::max(0, m_y->currentIndex());
        });
        const bool coordinates =
            LabPainter::geometryPlane(m_document->session(), m_labs->settings()) ==
            GeometryPlane::Coordinates;
        showCoordinateChoices(coordinates);
        m_canvas->refitFrame(); // other settings, another picture
    };
    for (QComboBox *box : {m_query, m_plane, m_x, m_y})
        connect(box, &QComboBox::activated, this, push);
    connect(document, &AttentionDocument::sessionReset, this, [this] {
        // Other tokens: back to the last query, the one a causal mask lets see
        // every key. The same tokens keep the query chosen.
        std::vector<std::string> labels;
        const Session &s = m_document->session();
        for (Index i = 0; i < s.queries.rows(); ++i)
            labels.push_back(s.queryLabel(i));
        if (labels != m_queryLabels)
            m_labs->update([](LabSettings &l) { l.geometryQuery = -1; });
        rebuildChoices();
        const bool coordinates =
            LabPainter::geometryPlane(s, m_labs->settings()) == GeometryPlane::Coordinates;
        showCoordinateChoices(coordinates);
        m_canvas->refitFrame(); // for the query now shown
    });
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
    m_queryLabels.clear();
    for (Index i = 0; i < s.queries.rows(); ++i) {
        m_queryLabels.push_back(s.queryLabel(i));
        m_query->addItem(QString::fromStdString(s.queryLabel(i)));
    }
    m_query->setCurrentIndex(LabPainter::geometryQuery(s, l));
    m_x->clear();
    m_y->clear();
    for (Index d = 0; d < s.keys.cols(); ++d) {
        m_x->addItem(tr("x%1").arg(d + 1));
        m_y->addItem(tr("x%1").arg(d + 1));
    }
    m_x->setCurrentIndex(std::clamp(l.geometryX, 0, int(s.keys.cols()) - 1));
    m_y->setCurrentIndex(std::clamp(l.geometryY, 0, int(s.keys.cols()) - 1));
}

void GeometryLab::showCoordinateChoices(bool show)
{
    for (QWidget *w : std::as_const(m_coordinateChoices))
        w->setVisible(show);
}

} // namespace AttentionLab
