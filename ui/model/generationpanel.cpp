// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/generationpanel.h"

#include "core/sets/tokenlabels.h"
#include "core/support/memorybudget.h"
#include "ui/model/generationrunner.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>
#include <QWidgetAction>

#include <algorithm>

namespace AttentionLab {

namespace {

QString percent(double p)
{
    return p >= 0.01 ? QString::number(100.0 * p, 'f', 1) : QString::number(100.0 * p, 'g', 2);
}

} // namespace

GenerationPanel::GenerationPanel(QWidget *parent)
    : QWidget(parent), m_generate(new QPushButton(tr("&Generate"), this)),
      m_count(new QSpinBox(this)), m_samplingButton(new QToolButton(this)),
      m_greedy(new QCheckBox(tr("Greedy: always the most likely token"))),
      m_stopAtEnd(new QCheckBox(tr("Stop at the end-of-text token"))),
      m_temperature(new QDoubleSpinBox), m_topK(new QSpinBox), m_topP(new QDoubleSpinBox),
      m_seed(new QSpinBox), m_stop(new QPushButton(tr("Stop"), this)),
      m_progress(new QProgressBar(this)), m_timeline(new QSlider(Qt::Horizontal, this)),
      m_back(new QPushButton(tr("Back"), this)), m_stepLabel(new QLabel(this))
{
    m_generate->setToolTip(tr("Let the model write after the text, one token at a time"));
    // Enter presses it when it has the keys, as in a dialog (the translator opens so).
    m_generate->setAutoDefault(true);
    m_count->setRange(1, 512);
    m_count->setValue(20);
    m_count->setSuffix(tr(" tokens"));
    m_count->setAccessibleName(tr("Tokens to write"));
    m_count->setToolTip(tr("How many tokens the model writes at most (it also stops at its "
                           "end-of-text token and at its last position)"));
    // Sampling in a small menu: greedy by default, the rest for the curious.
    m_greedy->setChecked(true);
    m_temperature->setRange(0.05, 10.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(1.0);
    m_topK->setRange(0, 100000);
    m_topK->setSpecialValueText(tr("all"));
    m_topP->setRange(0.01, 1.0);
    m_topP->setSingleStep(0.05);
    m_topP->setValue(1.0);
    m_seed->setRange(0, 1'000'000);
    auto *form = new QWidget;
    auto *formLayout = new QFormLayout(form);
    formLayout->addRow(m_greedy);
    formLayout->addRow(tr("Temperature:"), m_temperature);
    formLayout->addRow(tr("Top-k:"), m_topK);
    formLayout->addRow(tr("Top-p:"), m_topP);
    formLayout->addRow(tr("Seed:"), m_seed);
    m_stopAtEnd->setChecked(true);
    m_stopAtEnd->setToolTip(tr("Off: the model writes on past its end-of-text token "
                               "(<|endoftext|>), as it would past any other"));
    formLayout->addRow(m_stopAtEnd);
    const auto syncSampling = [this] {
        const bool sampled = !m_greedy->isChecked();
        for (QWidget *w : std::initializer_list<QWidget *>{m_temperature, m_topK, m_topP, m_seed})
            w->setEnabled(sampled);
        m_samplingButton->setText(sampled ? tr("Sampled") : tr("Greedy"));
    };
    connect(m_greedy, &QCheckBox::toggled, this, syncSampling);
    auto *menu = new QMenu(this);
    auto *action = new QWidgetAction(menu);
    action->setDefaultWidget(form);
    menu->addAction(action);
    m_samplingButton->setMenu(menu);
    m_samplingButton->setPopupMode(QToolButton::InstantPopup);
    m_samplingButton->setToolTip(tr("Greedy, or sampled: the logits divided by the temperature, "
                                    "kept to the top k, then to the smallest set reaching p "
                                    "(nucleus sampling), drawn from a seeded generator"));
    syncSampling();
    m_stop->setEnabled(false);
    m_stop->setToolTip(tr("Stop writing; what is written stays"));
    QSizePolicy keep = m_progress->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_progress->setSizePolicy(keep);
    m_progress->hide();
    m_timeline->setAccessibleName(tr("Generation timeline"));
    m_timeline->setToolTip(tr("Each step a token the model wrote: the heads show the attention "
                              "that chose it (arrow keys step)"));
    m_timeline->setEnabled(false);
    m_timeline->setPageStep(1);
    m_back->setToolTip(tr("Back to the text before the last Generate or alternative taken "
                          "(Edit > Undo, Ctrl+Z)"));
    m_back->setEnabled(false);
    m_stepLabel->setTextFormat(Qt::RichText);
    m_stepLabel->setTextInteractionFlags(Qt::LinksAccessibleByMouse |
                                         Qt::LinksAccessibleByKeyboard);
    // Long tokens (or many alternatives) break onto a second line rather
    // than run past the window.
    m_stepLabel->setWordWrap(true);
    m_stepLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_stepLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Two lines are kept for it before the first Generate too: the heads
    // below stay where they are when it fills (they moved down 29 px).
    keepStepRoom();
    showStep();

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_generate, 0, 0);
    grid->addWidget(m_count, 0, 1);
    grid->addWidget(m_samplingButton, 0, 2);
    grid->addWidget(m_stop, 0, 3);
    grid->addWidget(m_progress, 0, 4);
    grid->addWidget(m_timeline, 0, 5);
    grid->addWidget(m_back, 0, 6);
    grid->addWidget(m_stepLabel, 1, 0, 1, 7);
    grid->setColumnStretch(5, 1);

    connect(m_generate, &QPushButton::clicked, this, [this] { emit generateRequested(options()); });
    connect(m_stop, &QPushButton::clicked, this, &GenerationPanel::stopRequested);
    connect(m_back, &QPushButton::clicked, this, &GenerationPanel::backRequested);
    connect(m_timeline, &QSlider::valueChanged, this, [this](int value) {
        showStep();
        emit stepChosen(value);
    });
    connect(m_stepLabel, &QLabel::linkActivated, this, [this](const QString &link) {
        bool ok = false;
        const int id = link.section(QLatin1Char(':'), 1).toInt(&ok);
        if (ok && link.startsWith(QLatin1String("token:")))
            emit alternativeChosen(step(), id);
    });
}

void GenerationPanel::setSpelling(std::function<std::string(int)> spelling)
{
    m_spelling = std::move(spelling);
}

void GenerationPanel::setTranslates(bool translates)
{
    m_translates = translates;
    m_generate->setText(translates ? tr("&Translate") : tr("&Generate"));
    m_generate->setToolTip(translates
                               ? tr("Let the model translate the source, one token at a time: "
                                    "each step's row of the cross-attention is the source tokens "
                                    "it looked at to write that token")
                               : tr("Let the model write after the text, one token at a time"));
    showStep();
}

void GenerationPanel::setAvailable(bool available)
{
    setVisible(available);
    m_generate->setEnabled(available);
}

GenerationOptions GenerationPanel::options() const
{
    GenerationOptions o;
    o.maxTokens = m_count->value();
    o.sampling.greedy = m_greedy->isChecked();
    o.sampling.temperature = m_temperature->value();
    o.sampling.topK = m_topK->value();
    o.sampling.topP = m_topP->value();
    o.sampling.seed = std::uint64_t(m_seed->value());
    o.stopAtEnd = m_stopAtEnd->isChecked();
    return o;
}

void GenerationPanel::setRunning(bool running)
{
    m_running = running;
    m_generate->setEnabled(!running);
    m_stop->setEnabled(running);
    m_progress->setVisible(running);
    if (running) {
        m_progress->setRange(0, m_count->value());
        m_progress->setValue(0);
        m_progress->setFormat(tr("writing %v of %m"));
        // Wide enough for its text in the font of the moment (presentation
        // mode's is larger), never wrapped onto two cut lines.
        const QString widest = tr("writing %1 of %1").arg(m_count->value());
        m_progress->setFixedWidth(m_progress->fontMetrics().horizontalAdvance(widest) +
                                  4 * m_progress->fontMetrics().averageCharWidth());
    }
}

void GenerationPanel::setProgress(int written, int total)
{
    m_progress->setRange(0, total);
    m_progress->setValue(written);
}

void GenerationPanel::setCanGoBack(bool canGoBack)
{
    m_back->setEnabled(canGoBack);
}

bool GenerationPanel::updateGeneration(std::shared_ptr<const Generation> partial)
{
    const int before = step();
    const bool following = !m_generation || before == int(m_generation->steps.size());
    // The running cost, as the memory limit counts it.
    m_progress->setToolTip(tr("Writing: the cache, the attention rows and the prompt's pass hold "
                              "%1 beside the weights")
                               .arg(QString::fromStdString(formatBytes(partial->memoryBytes))));
    setGeneration(std::move(partial));
    if (!following) {
        const QSignalBlocker block(m_timeline);
        m_timeline->setValue(before);
        showStep();
    }
    return step() != before;
}

void GenerationPanel::setGeneration(std::shared_ptr<const Generation> generation)
{
    m_generation = std::move(generation);
    const int steps = m_generation ? int(m_generation->steps.size()) : 0;
    {
        const QSignalBlocker block(m_timeline);
        m_timeline->setRange(steps > 0 ? 1 : 0, steps);
        m_timeline->setValue(steps);
        m_timeline->setEnabled(steps > 1);
    }
    showStep();
}

int GenerationPanel::step() const
{
    return m_generation && !m_generation->steps.empty() ? m_timeline->value() : 0;
}

void GenerationPanel::setStep(int step)
{
    m_timeline->setValue(step);
}

QString GenerationPanel::stepText() const
{
    return m_stepLabel->text();
}

QString GenerationPanel::tokenText(int id) const
{
    const std::string spelled = m_spelling ? m_spelling(id) : std::to_string(id);
    return QStringLiteral("“%1”").arg(
        QString::fromStdString(displayToken(spelled)).toHtmlEscaped());
}

void GenerationPanel::showStep()
{
    const int s = step();
    if (s < 1) {
        m_stepLabel->setText(
            m_translates
                ? tr("<span style=\"color:gray\">Translate writes the target of the source, a "
                     "token a step; the timeline then steps through them, and the "
                     "cross-attention shows the source tokens each step looked at.</span>")
                : tr("<span style=\"color:gray\">Generate writes after the text, a "
                     "token a step; the timeline then steps through them.</span>"));
        m_stepLabel->setToolTip(QString());
        return;
    }
    const GenerationStep &chosen = m_generation->steps[size_t(s - 1)];
    QStringList alternatives;
    for (const TokenProbability &t : chosen.top) {
        if (t.id == chosen.id)
            continue;
        alternatives << QStringLiteral("<a href=\"token:%1\">%2</a>&nbsp;%3%")
                            .arg(t.id)
                            .arg(tokenText(t.id), percent(t.p));
    }
    // The written text up to this step, its last few tokens, this one bold.
    constexpr int kShownTokens = 6;
    const int first = std::max(0, s - kShownTokens);
    QString written = first > 0 ? QStringLiteral("…") : QString();
    for (int i = first; i < s; ++i) {
        const int id = m_generation->ids[size_t(m_generation->promptLength + i)];
        const std::string spelled = m_spelling ? m_spelling(id) : std::to_string(id);
        const QString shown = QString::fromStdString(displayToken(spelled)).toHtmlEscaped();
        written += i == s - 1 ? QStringLiteral("<b><u>%1</u></b>").arg(shown) : shown;
    }
    // At the last step, why the model stopped there, first: it was cut off
    // at the end of the status bar.
    QString stopped;
    if (s == int(m_generation->steps.size()))
        stopped = stopText();
    const QString text =
        stopped + tr("Step %1 of %2: %3 — wrote <b>%4</b> (%5%, rank %6). Instead: %7")
                      .arg(s)
                      .arg(m_generation->steps.size())
                      .arg(written, tokenText(chosen.id), percent(chosen.p))
                      .arg(chosen.rank)
                      .arg(alternatives.join(QStringLiteral(" · ")));
    m_stepLabel->setText(text);
    m_stepLabel->setToolTip(text);
}

QString GenerationPanel::stopText() const
{
    if (!m_generation || m_generation->steps.empty())
        return {};
    switch (m_generation->stop) {
    case GenerationStop::EndOfText:
        return tr("<b>Stopped</b> at the model's end-of-text token %1 (untick “Stop at the "
                  "end-of-text token” under %2 to write on). ")
            .arg(tokenText(m_generation->steps.back().id), m_samplingButton->text());
    case GenerationStop::LastPosition:
        return tr("<b>Stopped</b>: the text fills the model's %1 positions. ")
            .arg(m_generation->tokenCount());
    case GenerationStop::Running:
    case GenerationStop::TokenCount:
        break;
    }
    return {};
}

void GenerationPanel::keepStepRoom()
{
    // The panel's own font: the label's may not have followed a change yet.
    m_stepLabel->setFixedHeight(2 * fontMetrics().lineSpacing() + 4);
}

void GenerationPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        keepStepRoom();
}

} // namespace AttentionLab
