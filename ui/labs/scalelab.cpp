// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/scalelab.h"

#include "ui/figure/labpainter.h"

#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <stdexcept>

namespace AttentionLab {

namespace {

/// Past this height (many d_k) the table scrolls rather than squeeze the plots.
constexpr int kTallestTable = 320;
/// The charts' canvas is never lower than this.
constexpr int kShortestCharts = 280;

} // namespace

ScaleLab::ScaleLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_labs(labs), m_seed(new QSpinBox(this)), m_draws(new QSpinBox(this)),
      m_keys(new QSpinBox(this)), m_cap(new QDoubleSpinBox(this)),
      m_dims(new QLineEdit(QStringLiteral("4,16,64,256,1024"), this)),
      m_run(new QPushButton(tr("R&un"), this)), m_cancel(new QPushButton(tr("&Cancel"), this)),
      m_progress(new QProgressBar(this)), m_table(new QTableWidget(this)),
      m_canvas(new LabCanvas(document, labs, QStringLiteral("scale"), this)),
      m_stop(std::make_shared<std::atomic<bool>>(false)),
      m_done(std::make_shared<std::atomic<long long>>(0)),
      m_total(std::make_shared<std::atomic<long long>>(1)), m_poll(new QTimer(this)),
      m_banner(new LabBanner(
          [labs] {
              return labs->settings().scaleResult
                         ? LabEquations::scale(*labs->settings().scaleResult)
                         : LabEquations::scale(ScaleExperimentResult{});
          },
          this))
{
    m_seed->setRange(0, 1'000'000'000);
    m_draws->setRange(ScaleExperimentLimits::kMinDraws, ScaleExperimentLimits::kMaxDraws);
    m_draws->setValue(200);
    m_keys->setRange(ScaleExperimentLimits::kMinKeys, ScaleExperimentLimits::kMaxKeys);
    m_keys->setValue(8);
    m_dims->setToolTip(tr("The d_k values, separated by commas"));
    // Gemma 2's other answer to saturation: c tanh(s / c) bounds every score.
    m_cap->setRange(0.0, 1000.0);
    m_cap->setDecimals(2);
    m_cap->setSingleStep(0.5);
    m_cap->setValue(labs->settings().scale.softCap);
    m_cap->setSpecialValueText(tr("none"));
    m_cap->setToolTip(tr("A third curve: the scaled scores soft-capped, c tanh(s / c), as Gemma 2 "
                         "caps its scores (with c = 50); no score passes ±c. 0: none"));
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setFormat(tr("not run yet"));
    m_progress->setMinimumWidth(
        m_progress->fontMetrics().horizontalAdvance(tr("results shown")) * 3 / 2 + 16);
    m_progress->setAccessibleName(tr("Experiment progress"));

    auto *controls = new QHBoxLayout;
    for (auto [label, widget] : {std::pair<QString, QWidget *>{tr("Seed:"), m_seed},
                                 {tr("Draws:"), m_draws},
                                 {tr("Keys:"), m_keys},
                                 {tr("d_k:"), m_dims},
                                 {tr("S&oft cap:"), m_cap}}) {
        auto *name = new QLabel(label, this);
        name->setBuddy(widget); // a screen reader names the box after its label
        controls->addWidget(name);
        controls->addWidget(widget);
    }
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress, 1);

    showHeaders(labs->settings().scale.softCap > 0.0);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(
        QHeaderView::Stretch); // the full width, like the plots
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_table->setAccessibleName(tr("Scale experiment results"));
    m_canvas->setShowTables(false); // the table widget below it holds the numbers
    // The charts keep the height they read at; a short window (a hall's 1280
    // x 720) scrolls the table instead: split evenly, the charts were 60 px
    // tall and their y titles cut to "sd(…".
    m_canvas->setMinimumHeight(kShortestCharts);

    // The three plots across the full width, the table under them at the
    // height of its rows: no half-empty column beside narrow plots.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_canvas);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setCollapsible(0, false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);

    connect(m_run, &QPushButton::clicked, this, &ScaleLab::run);
    connect(m_cancel, &QPushButton::clicked, this, &ScaleLab::cancel);
    connect(m_poll, &QTimer::timeout, this,
            [this] { m_progress->setValue(int(1000 * *m_done / std::max(1LL, m_total->load()))); });

    connect(&m_watcher, &QFutureWatcher<BackgroundOutcome<ScaleExperimentResult>>::finished, this,
            [this] {
                m_poll->stop();
                m_run->setEnabled(true);
                m_cancel->setEnabled(false);
                const BackgroundOutcome<ScaleExperimentResult> outcome = m_watcher.result();
                if (!outcome.value) {
                    // Failed: the previous results stay, and the bar says why.
                    m_progress->setValue(m_progress->maximum());
                    m_progress->setFormat(tr("failed: %1").arg(outcome.error));
                    m_progress->setToolTip(tr("The experiment failed (%1); the plots and the table "
                                              "still show the previous run")
                                               .arg(outcome.error));
                    emit finished();
                    return;
                }
                const ScaleExperimentResult &result = *outcome.value;
                if (!result.rows.empty()) {
                    showResult(result);
                } else {
                    // Cancelled: the previous results stay, and the bar says so.
                    m_progress->setValue(m_progress->maximum());
                    m_progress->setFormat(tr("cancelled"));
                    m_progress->setToolTip(
                        tr("Cancelled: the plots and the table still show the previous run"));
                }
                emit finished();
            });
}

void ScaleLab::changeEvent(QEvent *event)
{
    // Room for the bar's words in any font size (presentation mode too).
    if (event->type() == QEvent::FontChange)
        m_progress->setMinimumWidth(
            m_progress->fontMetrics().horizontalAdvance(tr("results shown")) * 3 / 2 + 16);
    QWidget::changeEvent(event);
}

void ScaleLab::showEvent(QShowEvent *event)
{
    // The chapter's table the first time the tab is shown, not at start-up,
    // and off the GUI thread like every rerun: the tab appears at once.
    if (m_table->rowCount() == 0 && !isRunning())
        run();
    QWidget::showEvent(event);
}

ScaleLab::~ScaleLab()
{
    *m_stop = true;
    m_watcher.waitForFinished();
}

bool ScaleLab::isRunning() const
{
    return m_watcher.isRunning();
}

void ScaleLab::run()
{
    if (isRunning()) // the Run button is disabled meanwhile
        return;
    ScaleExperimentSettings settings;
    settings.seed = std::uint64_t(m_seed->value());
    settings.draws = m_draws->value();
    settings.keys = m_keys->value();
    settings.softCap = m_cap->value();
    settings.keyDims.clear();
    for (const QString &part : m_dims->text().split(QLatin1Char(','))) {
        bool ok = false;
        const int d = part.trimmed().toInt(&ok);
        if (!ok) {
            QMessageBox::warning(this, tr("Scale lab"),
                                 tr("“%1” is not a whole number: give d_k values such as 4,16,64.")
                                     .arg(part.trimmed()));
            return;
        }
        settings.keyDims.push_back(d);
    }
    try {
        validateScaleExperiment(settings);
    } catch (const std::invalid_argument &error) {
        QMessageBox::warning(this, tr("Scale lab"), QString::fromUtf8(error.what()));
        return;
    }
    *m_stop = false;
    *m_done = 0;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setValue(0);
    m_progress->setFormat(tr("running: %p%"));
    m_poll->start(50);
    auto stop = m_stop;
    auto done = m_done;
    auto total = m_total;
    m_watcher.setFuture(QtConcurrent::run([settings, stop, done, total] {
        return catching([&] {
            return runScaleExperiment(settings, [stop, done, total](long long d, long long t) {
                *done = d;
                *total = t;
                return !stop->load();
            });
        });
    }));
}

void ScaleLab::showHeaders(bool capped)
{
    const QStringList headers = LabPainter::scaleTableHeaders(capped);
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
}

void ScaleLab::cancel()
{
    *m_stop = true;
}

void ScaleLab::showResult(const ScaleExperimentResult &result)
{
    auto shared = std::make_shared<const ScaleExperimentResult>(result);
    m_labs->update([&](LabSettings &s) {
        s.scale = result.settings;
        s.scaleResult = shared;
    });
    const bool capped = result.settings.softCap > 0.0;
    showHeaders(capped);
    m_table->setRowCount(int(result.rows.size()));
    for (int r = 0; r < int(result.rows.size()); ++r) {
        const ScaleExperimentRow &row = result.rows[size_t(r)];
        const QStringList cells = LabPainter::scaleTableCells(row, capped);
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
    // Every row in view, so the numbers are never cut off.
    int rows = 0;
    for (int r = 0; r < m_table->rowCount(); ++r)
        rows += m_table->rowHeight(r);
    m_table->setMaximumHeight(std::min(m_table->horizontalHeader()->sizeHint().height() + rows +
                                           m_table->frameWidth() * 2 + 4,
                                       kTallestTable));
    m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(tr("results shown"));
    m_progress->setToolTip(tr("The plots and the table show %1 draws of %2 keys, seed %3")
                               .arg(result.settings.draws)
                               .arg(result.settings.keys)
                               .arg(result.settings.seed));
}

} // namespace AttentionLab
