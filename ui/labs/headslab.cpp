// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/headslab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace AttentionLab {

HeadsLab::HeadsLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_document(document), m_labs(labs), m_source(new QComboBox(this)),
      m_modelDim(new QSpinBox(this)), m_heads(new QComboBox(this)), m_tokens(new QSpinBox(this)),
      m_seed(new QSpinBox(this)),
      m_banner(new LabBanner(
          [document, labs] {
              return LabEquations::heads(
                  LabPainter::headsComparison(document->session(), labs->settings()),
                  document->session().options);
          },
          this))
{
    m_source->addItems({tr("Seeded random inputs"), tr("This session's vectors")});
    m_source->setSizePolicy(QSizePolicy::Minimum, m_source->sizePolicy().verticalPolicy());
    m_modelDim->setRange(1, 512);
    m_modelDim->setValue(labs->settings().headsModelDim);
    m_modelDim->setPrefix(QStringLiteral("D = "));
    m_tokens->setRange(1, 32);
    m_tokens->setValue(labs->settings().headsTokens);
    m_tokens->setSuffix(tr(" tokens"));
    m_seed->setRange(0, 1'000'000);
    m_seed->setPrefix(tr("seed "));
    m_modelDim->setAccessibleName(tr("Model dimension D"));
    m_tokens->setAccessibleName(tr("Tokens"));
    m_seed->setAccessibleName(tr("Seed"));
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_source);
    controls->addWidget(m_modelDim);
    controls->addWidget(new QLabel(tr("heads h ="), this));
    controls->addWidget(m_heads);
    controls->addWidget(m_tokens);
    controls->addWidget(m_seed);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(new LabCanvas(document, labs, QStringLiteral("heads"), this), 1);

    auto push = [this] {
        syncHeads();
        m_labs->update([this](LabSettings &s) {
            s.headsFromSession = m_source->currentIndex() == 1;
            s.headsModelDim = m_modelDim->value();
            s.heads = m_heads->currentData().toInt();
            s.headsTokens = m_tokens->value();
            s.headsSeed = std::uint64_t(m_seed->value());
        });
    };
    connect(m_source, &QComboBox::activated, this, push);
    connect(m_heads, &QComboBox::activated, this, push);
    for (QSpinBox *spin : {m_modelDim, m_tokens, m_seed})
        connect(spin, &QSpinBox::valueChanged, this, push);
    connect(document, &AttentionDocument::sessionReset, this, push);
    connect(document, &AttentionDocument::resultChanged, m_banner, &LabBanner::refresh);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
    push();
}

void HeadsLab::syncHeads()
{
    const bool session = m_source->currentIndex() == 1;
    if (session) {
        const QSignalBlocker block(m_modelDim);
        m_modelDim->setValue(int(m_document->session().keys.cols()));
    }
    m_modelDim->setEnabled(!session);
    m_tokens->setEnabled(!session);
    m_seed->setEnabled(!session);
    // Only the h that divide D are offered.
    const int d = m_modelDim->value();
    const int wanted = m_heads->currentData().isValid() ? m_heads->currentData().toInt()
                                                        : m_labs->settings().heads;
    const QSignalBlocker block(m_heads);
    m_heads->clear();
    for (int h = 1; h <= d; ++h) {
        if (d % h == 0)
            m_heads->addItem(QString::number(h), h);
    }
    int index = m_heads->findData(wanted);
    if (index < 0)
        index = m_heads->count() > 1 ? 1 : 0;
    m_heads->setCurrentIndex(index);
}

MultiHeadResult HeadsLab::result() const
{
    return LabPainter::headsComparison(m_document->session(), m_labs->settings()).result;
}

} // namespace AttentionLab
