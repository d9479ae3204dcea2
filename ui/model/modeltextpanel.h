// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace AttentionLab {

class ModelDocument;
class ModelRunner;

/**
 * The text a model reads, above the Model tab's heads: the sentence (and
 * BERT's optional second one, or GPT-2's leading <|endoftext|>), what the
 * model makes of it (GPT-2's most likely next tokens, BERT's guesses at each
 * [MASK]), and the button that takes the selected head into the lab. Every
 * keystroke asks the runner for a new pass; the runner keeps typing fluid.
 */
class ModelTextPanel : public QWidget
{
    Q_OBJECT

public:
    ModelTextPanel(ModelRunner *runner, ModelDocument *document, QWidget *parent = nullptr);

    /// The sentence a lecturer starts from: for a masked-language model, with
    /// its \a maskToken ("[MASK]") where the pronoun would be.
    static QString defaultText(const std::optional<std::string> &maskToken);

    QLineEdit *textEdit() const { return m_text; }
    QLineEdit *pairEdit() const { return m_pair; }
    /// An encoder-decoder's target, which its decoder reads after its start token.
    QLineEdit *targetEdit() const { return m_target; }
    QCheckBox *bosToggle() const { return m_bos; }
    QLabel *predictionsLabel() const { return m_predictions; }
    /// Why the last text was not read, in the predictions' place; empty otherwise.
    QLabel *statusLabel() const { return m_status; }
    /// What is odd about the open folder (unused tensors), shown while it is open.
    QLabel *warningsLabel() const { return m_warnings; }
    /// "reading…" beside the text while a long pass runs; its room is kept.
    QLabel *busyLabel() const { return m_busy; }
    QPushButton *openHeadButton() const { return m_openHead; }

    /// Shows the runner's model (called when one is opened) and reads \a text with it.
    void modelChanged(const QString &text);
    /// The heads knocked out of the pass and what to measure of it, from now
    /// on; reads the text again with them when \a run.
    void setExperiment(Interventions interventions, std::vector<ModelMeasure> measures,
                       bool run = true);

protected:
    void resizeEvent(QResizeEvent *event) override;

signals:
    /// The user asked for the selected head in the Attention tab.
    void openHeadRequested();

private:
    void requestRun();
    void showRun();
    void showFailure(const QString &message);
    /// The last run's guesses, the first \a count of each list.
    QString predictionsText(size_t count) const;
    /// Shows as many guesses as fit the label's width on one line.
    void fitPredictions();
    void updateOpenHead();
    /// Shows \a error in the predictions' row, or the predictions when it is empty.
    void setError(const QString &error);
    /// What is odd about the open model (PretrainedModel::warnings), or empty.
    QString modelWarnings() const;

    ModelRunner *m_runner;
    ModelDocument *m_document;
    QLineEdit *m_text;
    QLabel *m_textLabel;
    QLabel *m_pairLabel;
    QLineEdit *m_pair;
    QLabel *m_targetLabel;
    QLineEdit *m_target;
    QCheckBox *m_bos;
    QLabel *m_predictions;
    QLabel *m_status;
    QStackedWidget *m_results;
    QLabel *m_warnings;
    QLabel *m_busy;
    QPushButton *m_openHead;
    /// Shows "reading…" only when a pass takes long enough to be noticed.
    QTimer *m_busyTimer;
    Interventions m_interventions;
    std::vector<ModelMeasure> m_measures;
};

} // namespace AttentionLab
