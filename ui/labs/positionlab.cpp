// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/positionlab.h"

#include "ui/document/attentiondocument.h"
#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QComboBox>
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
              if (labs->settings().positionMode == LabSettings::PositionMode::Rotary &&
                  s.queries.rows() > 0 && s.keys.rows() > 0 && s.keys.cols() >= 2)
                  return LabEquations::rotaryPosition(s, labs->settings(),
                                                      LabPainter::rotaryDemo(s, labs->settings()));
              return LabEquations::position(s, labs->settings(),
                                            LabPainter::positionDemo(s, labs->settings()));
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
    m_dimensions->setAccessibleName(tr("Encoding dimension D of the picture"));
    m_dimensions->setToolTip(tr("The dimension D of the encoding drawn below. The shuffle test "
                                "adds PE to the session's keys, so it uses their own d_k"));
    auto *shuffle = new QPushButton(tr("&Shuffle again"), this);
    shuffle->setToolTip(tr("Another order of the session's tokens"));
    // Added sinusoids (the chapter's) or rotary positions (today's models).
    auto *mode = new QComboBox(this);
    mode->addItems({tr("Added to the input (Eq. 16.4)"), tr("Rotary (RoPE)"),
                    tr("Sines and cosines in halves (Marian)"), tr("Relative bias (T5)")});
    mode->setAccessibleName(tr("Positions"));
    mode->setToolTip(tr("Eq. 16.4's encoding added to each token, and what shuffling does; "
                        "rotary positions, as Llama, Qwen and Pythia turn q and k, where a score "
                        "depends on the offset between two tokens alone; Eq. 16.4 beside "
                        "Marian's layout of the same sinusoids; or T5's learned bias added to "
                        "each score by the offset's bucket (the open T5 model's, per head)"));
    mode->setCurrentIndex(int(labs->settings().positionMode));
    mode->setSizePolicy(QSizePolicy::Minimum, mode->sizePolicy().verticalPolicy());
    auto *controls = new QHBoxLayout;
    controls->addWidget(mode);
    controls->addWidget(m_positions);
    controls->addWidget(m_dimensions);
    controls->addWidget(shuffle);
    controls->addStretch(1);
    auto *source = new QLabel(this);
    controls->addWidget(source);
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
    const auto showMode = [this, shuffle, source](LabSettings::PositionMode shown) {
        using Mode = LabSettings::PositionMode;
        shuffle->setVisible(shown == Mode::Added);
        // Rotary turns the session's own d_k dimensions; T5 adds no vectors.
        m_dimensions->setVisible(shown == Mode::Added || shown == Mode::SplitHalves);
        m_positions->setVisible(shown != Mode::RelativeBias);
        source->setText(
            shown == Mode::Rotary  ? tr("The session's last query and first key, at every position")
            : shown == Mode::Added ? (LabPainter::shufflesHead(m_document->session())
                                          ? tr("The head's own q, k and v, shuffled together")
                                          : tr("The session's keys serve as the token vectors"))
            : shown == Mode::RelativeBias
                ? tr("The learned bias: the T5 model open in the Model tab")
                : QString());
    };
    connect(mode, &QComboBox::activated, this, [this, showMode](int index) {
        const auto shown = LabSettings::PositionMode(index);
        m_labs->update([shown](LabSettings &s) { s.positionMode = shown; });
        showMode(shown);
    });
    showMode(labs->settings().positionMode);
    connect(document, &AttentionDocument::sessionReset, this,
            [this, showMode] { showMode(m_labs->settings().positionMode); });
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
