// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/masklab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QHBoxLayout>
#include <QRadioButton>
#include <QVBoxLayout>

namespace AttentionLab {

MaskLab::MaskLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_labs(labs),
      m_chapter(new QRadioButton(tr("The chapter's scores (the dog barked loudly)"), this)),
      m_session(new QRadioButton(tr("This session's scores"), this)),
      m_banner(new LabBanner(
          [document, labs] {
              const Session &s = document->session();
              return LabEquations::mask(
                  LabPainter::maskComparison(s, document->result(), labs->settings()), s.options,
                  s.keys.cols());
          },
          this))
{
    m_chapter->setChecked(true);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_chapter);
    controls->addWidget(m_session);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(new LabCanvas(document, labs, QStringLiteral("mask"), this), 1);
    connect(m_session, &QRadioButton::toggled, this, &MaskLab::useSessionScores);
    connect(document, &AttentionDocument::resultChanged, m_banner, &LabBanner::refresh);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
}

void MaskLab::useSessionScores(bool session)
{
    m_session->setChecked(session);
    m_chapter->setChecked(!session);
    m_labs->update([session](LabSettings &s) { s.maskFromSession = session; });
}

} // namespace AttentionLab
