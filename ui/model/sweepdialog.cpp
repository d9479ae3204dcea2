// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/sweepdialog.h"

#include "io/pretrainedmodel.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/figureexporter.h"
#include "ui/model/effectgridview.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

SweepDialog::SweepDialog(QWidget *parent)
    : QDialog(parent), m_view(new EffectGridView(this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_cancelButton(new QPushButton(tr("Cancel Sweep"), this)),
      m_exportButton(new QPushButton(tr("Export…"), this)),
      m_animationButton(new QPushButton(tr("Save Animation…"), this))
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
    buttons->addButton(m_animationButton, QDialogButtonBox::ActionRole);
    m_animationButton->setToolTip(tr("Write the sweep as it filled the grid, a frame a cell, as "
                                     "a GIF or an MP4"));
    m_animationButton->setEnabled(false);
    connect(m_animationButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the sweep as an animation"), QStringLiteral("sweep.gif"),
            tr("Animations (*.gif *.mp4)"));
        QString error;
        if (!path.isEmpty() && !saveAnimation(path, &error))
            QMessageBox::warning(this, tr("Cannot save the animation"), error);
    });
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
    connect(m_view, &EffectGridView::cellActivated, this, [this](int row, int column) {
        // A head's cell knocks that head out; a position's names no head.
        if (m_clickKnocksOut)
            emit headActivated(row, column);
    });
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

void SweepDialog::start(std::shared_ptr<const PretrainedModel> model, Job job)
{
    cancel();
    m_watcher.waitForFinished();
    const quint64 run = ++m_run;
    m_model = model;
    m_clickKnocksOut = job.clickKnocksOut;
    job.frame.effects.assign(size_t(job.frame.rows) * size_t(job.frame.columns),
                             std::numeric_limits<double>::quiet_NaN());
    m_view->setData(job.frame);
    setWindowTitle(job.frame.columnTitle == QLatin1String("head") ? tr("Sweep over the heads")
                                                                  : tr("Sweep over the positions"));
    m_progress->setRange(0, job.frame.rows * job.frame.columns);
    m_progress->setValue(0);
    m_status->setText(job.running);
    m_cancelButton->setEnabled(true);
    m_exportButton->setEnabled(false);
    m_animationButton->setEnabled(false);
    m_order.clear();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const std::shared_ptr<std::atomic_bool> cancelled = m_cancel;
    QPointer<SweepDialog> self(this);
    // The model is held while the work runs, whatever the tab opens meanwhile.
    m_watcher.setFuture(
        QtConcurrent::run([work = std::move(job.work), model, cancelled, self, run] {
            return catching([&] {
                return work([&](int cell, double effect, int, int) {
                    // Each cell's change as it arrives.
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
    m_order.push_back(cell);
    m_view->setData(data);
    m_progress->setValue(m_progress->value() + 1);
}

void SweepDialog::finished()
{
    m_cancelButton->setEnabled(false);
    const BackgroundOutcome<Result> outcome = m_watcher.result();
    if (!outcome.value) {
        m_status->setText(tr("The sweep stopped: %1").arg(outcome.error));
        return;
    }
    EffectGridData data = m_view->data();
    if (outcome.value->shown.size() == data.effects.size())
        data.effects = outcome.value->shown;
    data.subtitle = outcome.value->subtitle;
    m_view->setData(data);
    m_exportButton->setEnabled(true);
    m_animationButton->setEnabled(!m_order.empty());
    m_status->setText(outcome.value->status);
}

void SweepDialog::closeEvent(QCloseEvent *event)
{
    // Closed while it runs: the work stops, as Cancel stops it.
    cancel();
    QDialog::closeEvent(event);
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

bool SweepDialog::saveAnimation(const QString &path, QString *error) const
{
    if (!AnimationExporter::formatFor(path)) {
        if (error)
            *error = tr("%1: an animation is written as .gif or .mp4").arg(path);
        return false;
    }
    const EffectGridData final = m_view->data();
    const double largest = effectScale(final);
    const ExportFigure still = effectGridExportFigure(final);
    AnimationFrames frames;
    frames.count = int(m_order.size());
    frames.pixels = still.defaultSize;
    const std::vector<int> order = m_order;
    frames.render = [final, order, largest](int frame) {
        // The cells that had arrived by this frame, on the final scale.
        EffectGridData shown = final;
        shown.scale = largest;
        std::vector<double> effects(final.effects.size(), std::numeric_limits<double>::quiet_NaN());
        for (int i = 0; i <= frame && i < int(order.size()); ++i)
            effects[size_t(order[size_t(i)])] = final.effects[size_t(order[size_t(i)])];
        shown.effects = std::move(effects);
        return FigureExporter::renderImage(effectGridExportFigure(shown), FigureStyle(),
                                           ExportSize());
    };
    AnimationTiming timing;
    timing.fps = 10;
    timing.holdSeconds = 2.0;
    AnimationExporter exporter;
    if (exporter.writeFrames(path, frames, timing))
        return true;
    if (error)
        *error = exporter.errorString();
    return false;
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
