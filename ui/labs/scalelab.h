// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/scaleexperiment.h"
#include "ui/document/backgroundoutcome.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>

class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QDoubleSpinBox;
class QTableWidget;
class QTimer;

namespace AttentionLab {

class AttentionDocument;
class LabBanner;
class LabCanvas;
class LabState;

/// The scale experiment, run in the background with a progress bar and a
/// cancel button: the spread against d_k on log-log axes with the √d_k line,
/// the largest weight and the entropy raw against scaled, and the table
/// `attention-lab --scale` prints.
class ScaleLab : public QWidget
{
    Q_OBJECT

public:
    ScaleLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);
    ~ScaleLab() override;

    void run();
    void cancel();
    bool isRunning() const;
    QTableWidget *table() const { return m_table; }
    QProgressBar *progressBar() const { return m_progress; }
    LabBanner *banner() const { return m_banner; }

signals:
    void finished();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showResult(const ScaleExperimentResult &result);
    /// The table's columns: the chapter's, and the capped two after a cap.
    void showHeaders(bool capped);

    LabState *m_labs;
    QSpinBox *m_seed;
    QSpinBox *m_draws;
    QSpinBox *m_keys;
    QDoubleSpinBox *m_cap;
    QLineEdit *m_dims;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QTableWidget *m_table;
    LabCanvas *m_canvas;
    QFutureWatcher<BackgroundOutcome<ScaleExperimentResult>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::shared_ptr<std::atomic<long long>> m_done;
    std::shared_ptr<std::atomic<long long>> m_total;
    QTimer *m_poll;
    LabBanner *m_banner;
};

} // namespace AttentionLab
