// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace AttentionLab {

/**
 * The Model tab's Experiments row: what to measure of the model's pass (the
 * loss over a span of tokens, a token's probability, two tokens' logit
 * difference, or the KL divergence from the pass with every head), how a
 * knocked-out head is ablated (zeroed, or its mean over the positions), the
 * measure with the knocked-out heads and without, and Restore Every Head.
 * The tab turns the choice into a measure (naming its tokens by the open
 * model's vocabulary) and says what came of it.
 */
class ElidingLabel;

class ExperimentPanel : public QWidget
{
    Q_OBJECT

public:
    /// The measure as the user chose it, its tokens as typed.
    struct Choice
    {
        MeasureKind kind = MeasureKind::Loss;
        QString tokenA;
        QString tokenB;
        int from = -1; ///< the loss's first token (-1: token 1)
        int to = -1;   ///< its last (-1: the last)
        AblationKind ablation = AblationKind::Zero;
        /// What Sweep does: knock out each head, or patch each head or each
        /// residual position of \a corrupted's pass from the text's.
        enum class Sweep
        {
            KnockOut,
            PatchHeads,
            PatchPositions
        } sweep = Sweep::KnockOut;
        QString corrupted;
    };

    explicit ExperimentPanel(QWidget *parent = nullptr);

    Choice choice() const;
    /// How many heads are knocked out: Restore Every Head is offered when any is.
    void setKnockedOut(int count);
    /// The measure's outcome, or why it could not be measured (\a problem).
    void showResult(const QString &text, bool problem = false);
    QString resultText() const;
    /// Back to the defaults: the loss over the whole text, zeroed heads, a
    /// knock-out sweep, no corrupted text (another model, another text).
    void reset();
    /// Shows the fields the chosen measure and sweep take (after a change
    /// made with the signals blocked).
    void updateFields();
    /// An encoder-decoder's corrupted text is a source, read with the same target.
    void setCorruptsSource(bool source);

    QComboBox *measureBox() const { return m_measure; }
    QComboBox *ablationBox() const { return m_ablation; }
    QLineEdit *tokenAEdit() const { return m_tokenA; }
    QLineEdit *tokenBEdit() const { return m_tokenB; }
    QSpinBox *fromBox() const { return m_from; }
    QSpinBox *toBox() const { return m_to; }
    QPushButton *restoreButton() const { return m_restore; }
    QPushButton *sweepButton() const { return m_sweep; }
    QComboBox *sweepBox() const { return m_sweepKind; }
    QLineEdit *corruptedEdit() const { return m_corrupted; }

signals:
    /// The measure, its tokens, its span or the ablation changed.
    void changed();
    /// Restore Every Head was pressed.
    void restoreRequested();
    /// Run Sweep was pressed.
    void sweepRequested();

private:
    QComboBox *m_measure;
    QLineEdit *m_tokenA;
    QLineEdit *m_tokenB;
    QSpinBox *m_from;
    QSpinBox *m_to;
    QComboBox *m_ablation;
    ElidingLabel *m_result;
    QPushButton *m_restore;
    QPushButton *m_sweep;
    QComboBox *m_sweepKind;
    QLineEdit *m_corrupted;
};

} // namespace AttentionLab
