// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/experimentpanel.h"

#include "ui/views/elidinglabel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace AttentionLab {

ExperimentPanel::ExperimentPanel(QWidget *parent)
    : QWidget(parent), m_measure(new QComboBox(this)), m_tokenA(new QLineEdit(this)),
      m_tokenB(new QLineEdit(this)), m_from(new QSpinBox(this)), m_to(new QSpinBox(this)),
      m_ablation(new QComboBox(this)), m_result(new ElidingLabel(QString(), this)),
      m_restore(new QPushButton(tr("Restore All"), this)),
      m_sweep(new QPushButton(tr("Sweep…"), this)), m_sweepKind(new QComboBox(this)),
      m_corrupted(new QLineEdit(this))
{
    // The controls on one line, what they measured on the next: in the hall's
    // large font the result has the width it needs.
    auto *lines = new QVBoxLayout(this);
    lines->setContentsMargins(0, 0, 0, 0);
    lines->setSpacing(2);
    auto *row = new QHBoxLayout;
    lines->addLayout(row);
    auto *title = new QLabel(tr("Measure:"), this);
    title->setBuddy(m_measure);
    row->addWidget(title);
    // In MeasureKind's order.
    m_measure->addItems(
        {tr("probability of"), tr("logit difference"), tr("loss"), tr("KL divergence")});
    m_measure->setCurrentIndex(int(MeasureKind::Loss));
    m_measure->setToolTip(
        tr("What the knocked-out heads change: the loss over tokens FROM to TO (mean −ln p of "
           "each token given those before it), a token's probability or two tokens' logit "
           "difference after the last one, or the KL divergence of the next token's "
           "distribution from the one with every head"));
    m_measure->setAccessibleName(tr("Measure"));
    row->addWidget(m_measure);
    for (QLineEdit *edit : {m_tokenA, m_tokenB}) {
        edit->setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 9);
        edit->setToolTip(tr("A token: its text as the model's tokenizer reads it as one token "
                            "(“ Mary”, with its space), as the vocabulary spells it, or #ID"));
        row->addWidget(edit);
    }
    m_tokenA->setPlaceholderText(tr("token"));
    m_tokenB->setPlaceholderText(tr("against"));
    m_tokenA->setAccessibleName(tr("Measured token"));
    m_tokenB->setAccessibleName(tr("Token compared against"));
    m_from->setRange(-1, 1 << 20);
    m_from->setSpecialValueText(tr("from 1"));
    m_from->setPrefix(tr("from "));
    m_from->setValue(-1);
    m_from->setToolTip(tr("The loss's first token (from 0; token 0 has nothing before it)"));
    m_to->setRange(-1, 1 << 20);
    m_to->setSpecialValueText(tr("to the end"));
    m_to->setPrefix(tr("to "));
    m_to->setValue(-1);
    m_to->setToolTip(tr("The loss's last token (the second copy of a repeated sequence, "
                        "for instance)"));
    m_from->setAccessibleName(tr("Loss from token"));
    m_to->setAccessibleName(tr("Loss to token"));
    row->addWidget(m_from);
    row->addWidget(m_to);
    auto *ablation = new QLabel(tr("Knocked out:"), this);
    ablation->setBuddy(m_ablation);
    row->addWidget(ablation);
    m_ablation->addItems({tr("zeroed"), tr("mean")});
    m_ablation->setToolTip(tr("A knocked-out head's output before the output projection: zero "
                              "(Michel et al. 2019), or its mean over the text's positions (in "
                              "a causal model, over the positions up to each one)"));
    m_ablation->setAccessibleName(tr("Ablation"));
    row->addWidget(m_ablation);
    row->addStretch();
    // Elided where the hall's font leaves it little room; the tooltip has it whole.
    m_result->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 12);
    lines->addWidget(m_result);
    m_restore->setToolTip(tr("Restore every knocked-out head and run the whole model again "
                             "(Edit > Undo restores one step at a time)"));
    m_restore->setAccessibleName(tr("Restore Every Head"));
    for (QPushButton *button : {m_restore, m_sweep})
        button->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    row->addWidget(m_restore);
    m_sweep->setToolTip(tr("Knock out each head in turn and draw what the measure does without "
                           "it, head by head"));
    // In Choice::Sweep's order.
    m_sweepKind->addItems(
        {tr("knock out each head"), tr("patch each head"), tr("patch each position")});
    m_sweepKind->setToolTip(
        tr("What Sweep does: knock out each head in turn, or run the corrupted text and take "
           "each head's output (or each position of the residual stream entering each layer) "
           "from the text above, the clean one (activation patching)"));
    m_sweepKind->setAccessibleName(tr("Sweep"));
    setCorruptsSource(false);
    m_corrupted->setAccessibleName(tr("Corrupted text"));
    m_corrupted->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 14);
    row->addWidget(m_sweepKind);
    row->addWidget(m_corrupted, 1);
    row->addWidget(m_sweep);

    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
        updateFields();
        emit changed();
    });
    connect(m_ablation, &QComboBox::currentIndexChanged, this, &ExperimentPanel::changed);
    for (QLineEdit *edit : {m_tokenA, m_tokenB})
        connect(edit, &QLineEdit::editingFinished, this, &ExperimentPanel::changed);
    for (QSpinBox *box : {m_from, m_to})
        connect(box, &QSpinBox::valueChanged, this, &ExperimentPanel::changed);
    connect(m_restore, &QPushButton::clicked, this, &ExperimentPanel::restoreRequested);
    connect(m_sweep, &QPushButton::clicked, this, &ExperimentPanel::sweepRequested);
    connect(m_sweepKind, &QComboBox::currentIndexChanged, this, &ExperimentPanel::updateFields);
    setKnockedOut(0);
    updateFields();
}

ExperimentPanel::Choice ExperimentPanel::choice() const
{
    Choice c;
    c.kind = MeasureKind(m_measure->currentIndex());
    c.tokenA = m_tokenA->text();
    c.tokenB = m_tokenB->text();
    c.from = m_from->value();
    c.to = m_to->value();
    c.ablation = m_ablation->currentIndex() == 1 ? AblationKind::Mean : AblationKind::Zero;
    c.sweep = Choice::Sweep(m_sweepKind->currentIndex());
    c.corrupted = m_corrupted->text();
    return c;
}

void ExperimentPanel::setKnockedOut(int count)
{
    m_restore->setEnabled(count > 0);
}

void ExperimentPanel::showResult(const QString &text, bool problem)
{
    m_result->setFullText(text);
    m_result->setStyleSheet(problem ? QStringLiteral("color: #c0392b") : QString());
}

void ExperimentPanel::setCorruptsSource(bool source)
{
    if (source) {
        m_corrupted->setPlaceholderText(tr("corrupted source, as many tokens"));
        m_corrupted->setToolTip(tr("The corrupted source patching starts from: as many tokens as "
                                   "the source above, differing where the measure should, "
                                   "translated into the same target"));
        return;
    }
    m_corrupted->setPlaceholderText(tr("corrupted text, as many tokens"));
    m_corrupted->setToolTip(tr("The corrupted text patching starts from: as many tokens as the "
                               "text above, differing where the measure should (“Mary” for "
                               "“John”)"));
}

void ExperimentPanel::reset()
{
    const QSignalBlocker a(m_measure), b(m_from), c(m_to), d(m_ablation), e(m_sweepKind),
        f(m_corrupted), g(m_tokenA), h(m_tokenB);
    m_measure->setCurrentIndex(int(MeasureKind::Loss));
    m_from->setValue(-1);
    m_to->setValue(-1);
    m_ablation->setCurrentIndex(0);
    m_sweepKind->setCurrentIndex(0);
    m_corrupted->clear();
    m_tokenA->clear();
    m_tokenB->clear();
    updateFields();
}

QString ExperimentPanel::resultText() const
{
    return m_result->fullText();
}

void ExperimentPanel::updateFields()
{
    const auto kind = MeasureKind(m_measure->currentIndex());
    m_tokenA->setVisible(kind == MeasureKind::Probability || kind == MeasureKind::LogitDifference);
    m_tokenB->setVisible(kind == MeasureKind::LogitDifference);
    m_from->setVisible(kind == MeasureKind::Loss);
    m_to->setVisible(kind == MeasureKind::Loss);
    m_corrupted->setVisible(m_sweepKind->currentIndex() != 0);
}

} // namespace AttentionLab
