// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/positionlab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace AttentionLab {

PositionLab::PositionLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_document(document), m_labs(labs), m_positions(new QSpinBox(this)),
      m_dimensions(new QSpinBox(this)),
      m_banner(new LabBanner(
          [document, labs] {
              const Session &s = document->session();
              return LabEquations::position(labs->settings(),
                                            LabPainter::positionDemo(s, labs->settings()),
                                            s.keys.rows(), s.keys.cols());
          },
          this))
{
    m_positions->setRange(1, 512);
    m_positions->setValue(labs->settings().positions);
    m_positions->setSuffix(tr(" positions"));
    m_dimensions->setRange(2, 512);
    m_dimensions->setValue(labs->settings().positionDim);
    m_dimensions->setPrefix(QStringLiteral("D = "));
    m_positions->setAccessibleName(tr("Positions"));
    m_dimensions->setAccessibleName(tr("Encoding dimension D"));
    auto *shuffle = new QPushButton(tr("&Shuffle again"), this);
    shuffle->setToolTip(tr("Another order of the session's tokens"));
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_positions);
    controls->addWidget(m_dimensions);
    controls->addWidget(shuffle);
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("The session's keys serve as the token vectors"), this));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(new LabCanvas(document, labs, QStringLiteral("positional"), this), 1);
    auto push = [this] {
        m_labs->update([this](LabSettings &s) {
            s.positions = m_positions->value();
            s.positionDim = m_dimensions->value();
        });
    };
    connect(m_positions, &QSpinBox::valueChanged, this, push);
    connect(m_dimensions, &QSpinBox::valueChanged, this, push);
    connect(shuffle, &QPushButton::clicked, this, &PositionLab::shuffleAgain);
    connect(document, &AttentionDocument::resultChanged, m_banner, &LabBanner::refresh);
    connect(document, &AttentionDocument::sessionReset, m_banner, &LabBanner::refresh);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
}

void PositionLab::shuffleAgain()
{
    m_labs->update([](LabSettings &s) { ++s.shuffleSeed; });
}

PermutationDemo PositionLab::demo() const
{
    return LabPainter::positionDemo(m_document->session(), m_labs->settings());
}

} // namespace AttentionLab
