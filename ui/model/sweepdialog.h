// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "io/tokenizedtext.h"
#include "ui/document/backgroundoutcome.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace AttentionLab {

class EffectGridView;
class PretrainedModel;

/**
 * Run Sweep on the Model tab: each head knocked out in turn, in the
 * background on every core, the grid of the measure's changes drawn as each
 * head's arrives, with progress and Cancel. Clicking a cell knocks that head
 * out on the tab; Export writes the grid as PNG, SVG or PDF, as
 * `attention-lab sweep -o` does.
 */
class SweepDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SweepDialog(QWidget *parent = nullptr);
    ~SweepDialog() override;

    /// Sweeps \a model's heads over \a tokens, measuring \a measure (named
    /// \a measureName), each head ablated as \a ablation says. A sweep still
    /// running is cancelled first.
    void start(std::shared_ptr<const PretrainedModel> model, const TokenizedText &tokens,
               const ModelMeasure &measure, const QString &measureName, AblationKind ablation);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// Blocks until the sweep has ended and its result is shown (tests).
    void waitForFinished();

    EffectGridView *view() const { return m_view; }
    /// The model swept last, while it is open.
    std::shared_ptr<const PretrainedModel> model() const { return m_model.lock(); }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QPushButton *exportButton() const { return m_exportButton; }
    /// "Swept 16 heads of builtin: every head's loss 5.01", or why it stopped.
    QString statusText() const;
    /// Writes the grid to \a path (.png, .svg or .pdf); false with \a error.
    bool exportTo(const QString &path, QString *error) const;

signals:
    /// A cell was clicked: knock head \a head of layer \a layer out (or back in).
    void headActivated(int layer, int head);

private:
    void arrived(int cell, double effect, quint64 run);
    void finished();

    EffectGridView *m_view;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_cancelButton;
    QPushButton *m_exportButton;
    QFutureWatcher<BackgroundOutcome<SweepGrid>> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_run = 0;
    double m_baseline = 0.0;
    QString m_modelName;
    std::weak_ptr<const PretrainedModel> m_model;
    QString m_measureName;
};

} // namespace AttentionLab
