// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/sweepdialog.h"

#include "io/headexperiments.h"
#include "io/pretrainedmodel.h"
#include "ui/figure/figureexporter.h"
#include "ui/model/effectgridview.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <limits>

namespace AttentionLab {

SweepDialog::SweepDialog(QWidget *parent)
    : QDialog(parent), m_view(new EffectGridView(this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_cancelButton(new QPushButton(tr("Cancel Sweep"), this)),
      m_exportButton(new QPushButton(tr("Export…"), this))
{
    setWindowTitle(tr("Sweep: each head knocked out in turn"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_cancelButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_exportButton, QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    m_exportButton->setToolTip(tr("Write the grid as PNG, SVG or PDF"));
    m_cancelButton->setToolTip(tr("Stop the sweep; the heads measured so far stay"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_cancelButton, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the sweep's grid"),
                                                          QStringLiteral("sweep.png"),
                                                          tr("Images (*.png *.svg *.pdf)"));
        QString error;
        if (!path.isEmpty() && !exportTo(path, &error))
            QMessageBox::warning(this, tr("Cannot export"), error);
    });
    connect(m_view, &EffectGridView::cellActivated, this, &SweepDialog::headActivated);
    connect(&m_watcher, &QFutureWatcher<BackgroundOutcome<SweepGrid>>::finished, this,
            &SweepDialog::finished);
    resize(720, 600);
    m_cancelButton->setEnabled(false);
    m_exportButton->setEnabled(false);
}

SweepDialog::~SweepDialog()
{
    cancel();
    m_watcher.waitForFinished();
}

void SweepDialog::start(std::shared_ptr<const PretrainedModel> model, const TokenizedText &tokens,
                        const ModelMeasure &measure, const QString &measureName,
                        AblationKind ablation)
{
    cancel();
    m_watcher.waitForFinished();
    const quint64 run = ++m_run;
    const ModelConfig &config = model->config();
    m_modelName = model->name();
    m_model = model;
    m_measureName = measureName;
    EffectGridData data;
    data.title =
        tr("%1: each head %2 in turn, the change of %3")
            .arg(model->name(), ablation == AblationKind::Mean ? tr("mean-ablated") : tr("zeroed"),
                 measureName);
    data.subtitle = tokens.ids.size() == 1 ? tr("1 token") : tr("%1 tokens").arg(tokens.ids.size());
    data.columnTitle = QStringLiteral("head");
    data.scaleTitle = tr("change of %1").arg(measureName);
    data.rows = config.layers;
    data.columns = config.heads;
    data.effects.assign(size_t(config.layers) * size_t(config.heads),
                        std::numeric_limits<double>::quiet_NaN());
    m_view->setData(data);
    m_progress->setRange(0, config.layers * config.heads);
    m_progress->setValue(0);
    m_status->setText(
        tr("Knocking out each of the %1 heads in turn…").arg(config.layers * config.heads));
    m_cancelButton->setEnabled(true);
    m_exportButton->setEnabled(false);
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const std::shared_ptr<std::atomic_bool> cancelled = m_cancel;
    QPointer<SweepDialog> self(this);
    m_watcher.setFuture(QtConcurrent::run([=] {
        return catching([&] {
            return HeadExperiments::ablationSweep(*model, tokens, measure, ablation,
                                                  [=](int cell, double effect, int, int) {
                                                      // Each head's effect as it arrives.
                                                      QMetaObject::invokeMethod(
                                                          self,
                                                          [self, cell, effect, run] {
                                                              if (self)
                                                                  self->arrived(cell, effect, run);
                                                          },
                                                          Qt::QueuedConnection);
                                                      return !cancelled->load();
                                                  });
        });
    }));
}

void SweepDialog::arrived(int cell, double effect, quint64 run)
{
    if (run != m_run)
        return;
    EffectGridData data = m_view->data();
    data.effects[size_t(cell)] = effect;
    m_view->setData(data);
    m_progress->setValue(m_progress->value() + 1);
}

void SweepDialog::finished()
{
    m_cancelButton->setEnabled(false);
    const BackgroundOutcome<SweepGrid> outcome = m_watcher.result();
    if (!outcome.value) {
        m_status->setText(tr("The sweep stopped: %1").arg(outcome.error));
        return;
    }
    const SweepGrid &grid = *outcome.value;
    m_baseline = grid.baseline;
    EffectGridData data = m_view->data();
    for (int l = 0; l < grid.rows; ++l)
        for (int h = 0; h < grid.columns; ++h)
            data.effects[size_t(l) * size_t(grid.columns) + size_t(h)] = grid.effect(l, h);
    data.subtitle = tr("%1 · %2 with every head: %3")
                        .arg(data.subtitle, m_measureName)
                        .arg(grid.baseline, 0, 'g', 5);
    m_view->setData(data);
    m_exportButton->setEnabled(true);
    int measured = 0;
    for (double v : grid.values)
        measured += std::isfinite(v) ? 1 : 0;
    m_status->setText(
        grid.cancelled
            ? tr("Cancelled after %1 of %2 heads. Click a head to knock it out on the Model tab.")
                  .arg(measured)
                  .arg(grid.rows * grid.columns)
            : tr("Each of %1's %2 heads knocked out in turn; %3 with every head: %4. Click a head "
                 "to knock it out on the Model tab.")
                  .arg(m_modelName)
                  .arg(grid.rows * grid.columns)
                  .arg(m_measureName)
                  .arg(grid.baseline, 0, 'g', 5));
}

void SweepDialog::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void SweepDialog::waitForFinished()
{
    m_watcher.waitForFinished();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
}

QString SweepDialog::statusText() const
{
    return m_status->text();
}

bool SweepDialog::exportTo(const QString &path, QString *error) const
{
    FigureExporter exporter;
    if (exporter.exportFile(path, effectGridExportFigure(m_view->data()), FigureStyle(),
                            ExportSize()))
        return true;
    if (error)
        *error = exporter.errorString();
    return false;
}

} // namespace AttentionLab
