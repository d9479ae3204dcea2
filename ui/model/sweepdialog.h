// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "ui/document/backgroundoutcome.h"
#include "ui/figure/effectgridfigure.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;

namespace AttentionLab {

class EffectGridView;
class PretrainedModel;

/**
 * Run Sweep on the Model tab: each head knocked out in turn, or each head or
 * residual position patched from a clean text, in the background, the grid
 * drawn as each cell's change arrives, with progress and Cancel. Clicking a
 * head's cell knocks it out on the tab; Export writes the grid as PNG, SVG
 * or PDF, as `attention-lab sweep -o` and `patch -o` do.
 */
class SweepDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SweepDialog(QWidget *parent = nullptr);
    ~SweepDialog() override;

    /// What a sweep shows when it ends: the grid's cells (an ablation's
    /// changes, a patching's shares restored), a line under the title, and
    /// what the window says of it.
    struct Result
    {
        std::vector<double> shown;
        QString subtitle;
        QString status;
    };
    /// A sweep to run: the grid it fills (its cells not measured yet), what
    /// the window says meanwhile, and the work, run in the background, which
    /// reports each cell's change as it arrives and stops when told.
    struct Job
    {
        EffectGridData frame;
        QString running;
        std::function<Result(const SweepProgress &)> work;
        /// Clicking a head's cell knocks that head out (a knock-out sweep's grid).
        bool clickKnocksOut = false;
    };

    /// Runs \a job, a sweep of \a model's heads; a sweep still running is
    /// cancelled first.
    void start(std::shared_ptr<const PretrainedModel> model, Job job);
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
    /// Writes the sweep as it filled the grid, a frame per cell in the order
    /// they arrived on the final scale, to \a path (.gif or .mp4); false with
    /// \a error.
    bool saveAnimation(const QString &path, QString *error) const;
    QPushButton *animationButton() const { return m_animationButton; }

signals:
    /// A head's cell was clicked: knock head \a head of layer \a layer out (or back in).
    void headActivated(int layer, int head);

private:
    void arrived(int cell, double effect, quint64 run);
    void closeEvent(QCloseEvent *event) override;
    void finished();

    EffectGridView *m_view;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_cancelButton;
    QPushButton *m_exportButton;
    QPushButton *m_animationButton;
    /// The cells in the order they arrived.
    std::vector<int> m_order;
    bool m_clickKnocksOut = false;
    QFutureWatcher<BackgroundOutcome<Result>> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel;
    quint64 m_run = 0;
    std::weak_ptr<const PretrainedModel> m_model;
};

} // namespace AttentionLab
