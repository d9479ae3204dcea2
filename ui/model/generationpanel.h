// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/generationoptions.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <string>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QToolButton;

namespace AttentionLab {

struct Generation;

/**
 * The Model tab's Generate control: how many tokens, greedy or sampled
 * (temperature, top-k, top-p, seed), Stop, and, once a text is written, a
 * timeline of it. Each step of the timeline is a token the model wrote; the
 * views then show the attention of the row that chose it (the query being
 * the token before it), and this panel that token, its probability and
 * rank, and the five most likely alternatives, any of which can be taken
 * instead ("what if it had written dog?"). Back returns to the text before.
 * It holds no model: MainWindow starts the runner and hands results here.
 */
class GenerationPanel : public QWidget
{
    Q_OBJECT

public:
    explicit GenerationPanel(QWidget *parent = nullptr);

    /// Where token ids get their labels (the open model's spelling).
    void setSpelling(std::function<std::string(int)> spelling);
    /// Offered only for models that write (causal ones).
    void setAvailable(bool available);
    /// An encoder-decoder's panel: Translate writes the target of the source.
    void setTranslates(bool translates);
    bool translates() const { return m_translates; }
    GenerationOptions options() const;
    void setRunning(bool running);
    /// Writing, from Generate until what was written is shown (or stopped).
    bool isRunning() const { return m_running; }
    void setProgress(int written, int total);
    /// Shows \a generation's timeline at its last step; null clears it.
    void setGeneration(std::shared_ptr<const Generation> generation);
    /// The text so far while the model writes: the timeline follows the
    /// newest token unless the user has stepped back along it. True when the
    /// step in view changed.
    bool updateGeneration(std::shared_ptr<const Generation> partial);
    /// Back (undo what was written last) is offered.
    void setCanGoBack(bool canGoBack);
    const std::shared_ptr<const Generation> &generation() const { return m_generation; }
    /// The step in view, 1 to the steps written; 0 without a generation.
    int step() const;
    void setStep(int step);
    QString stepText() const;

    QPushButton *generateButton() const { return m_generate; }
    QPushButton *stopButton() const { return m_stop; }
    QSlider *timeline() const { return m_timeline; }

signals:
    void generateRequested(const GenerationOptions &options);
    void stopRequested();
    /// The timeline moved to \a step (1-based).
    void stepChosen(int step);
    /// Take token \a id at \a step instead of the model's, and write on.
    void alternativeChosen(int step, int id);
    void backRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void showStep();
    /// Why the generation shown stopped, for its last step; empty when it
    /// wrote as many tokens as asked.
    QString stopText() const;
    void keepStepRoom();
    QString tokenText(int id) const;

    std::function<std::string(int)> m_spelling;
    std::shared_ptr<const Generation> m_generation;
    QPushButton *m_generate;
    QSpinBox *m_count;
    QToolButton *m_samplingButton;
    QCheckBox *m_greedy;
    QCheckBox *m_stopAtEnd;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_topK;
    QDoubleSpinBox *m_topP;
    QSpinBox *m_seed;
    QPushButton *m_stop;
    QProgressBar *m_progress;
    QSlider *m_timeline;
    QPushButton *m_back;
    QLabel *m_stepLabel;
    bool m_running = false;
    bool m_translates = false; ///< an encoder-decoder's: Translate, not Generate
};

} // namespace AttentionLab
