// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/masklab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace AttentionLab {

MaskLab::MaskLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_document(document), m_labs(labs),
      m_showWindow(new QCheckBox(tr("Sli&ding window:"), this)), m_window(new QSpinBox(this)),
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
    controls->addSpacing(12);
    m_window->setRange(1, 1 << 20);
    m_window->setSuffix(tr(" keys"));
    m_window->setAccessibleName(tr("Sliding window of the middle panel"));
    controls->addWidget(m_showWindow);
    controls->addWidget(m_window);
    controls->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(new LabCanvas(document, labs, QStringLiteral("mask"), this), 1);
    connect(m_session, &QRadioButton::toggled, this, &MaskLab::useSessionScores);
    connect(m_window, &QSpinBox::valueChanged, this, [this](int keys) {
        if (!m_window->isEnabled() || keys == m_labs->settings().maskWindow)
            return;
        m_labs->update([keys](LabSettings &s) { s.maskWindow = keys; });
    });
    connect(m_showWindow, &QCheckBox::toggled, this, [this](bool shown) {
        if (!m_showWindow->isEnabled())
            return;
        m_labs->update([shown](LabSettings &s) { s.maskShowsWindow = shown; });
        syncWindow();
    });
    syncWindow();
    connect(document, &AttentionDocument::optionsChanged, this, &MaskLab::syncWindow);
    connect(document, &AttentionDocument::sessionReset, this, &MaskLab::syncWindow);
    connect(document, &AttentionDocument::resultChanged, m_banner, &LabBanner::refresh);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
}

void MaskLab::syncWindow()
{
    const Session &s = m_document->session();
    const LabSettings &l = m_labs->settings();
    const bool own = isCausal(s.options.mask) && s.options.window > 0;
    const QSignalBlocker quiet(m_window), quietToggle(m_showWindow);
    m_showWindow->setEnabled(!own);
    m_showWindow->setChecked(own || l.maskShowsWindow);
    m_window->setEnabled(!own && l.maskShowsWindow);
    m_window->setValue(own ? s.options.window : std::max(1, l.maskWindow));
    const QString tip =
        own ? tr("The session's own sliding window (Attention > Sliding Window sets it)")
            : tr("A third panel between the two orders: the causal mask with a sliding window, "
                 "each query seeing at most this many keys, itself included, as in Mistral's "
                 "and Gemma's local layers");
    m_window->setToolTip(tip);
    m_showWindow->setToolTip(tip);
}

void MaskLab::useSessionScores(bool session)
{
    m_session->setChecked(session);
    m_chapter->setChecked(!session);
    m_labs->update([session](LabSettings &s) { s.maskFromSession = session; });
}

} // namespace AttentionLab
