// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/sweepjobs.h"

#include "core/sets/tokenlabels.h"
#include "io/headexperiments.h"
#include "io/pretrainedmodel.h"

#include <QCoreApplication>

#include <cmath>

namespace AttentionLab::SweepJobs {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SweepJobs", text);
}

QString tokenCount(const TokenizedText &tokens)
{
    return tokens.ids.size() == 1 ? tr("1 token") : tr("%1 tokens").arg(tokens.ids.size());
}

} // namespace

SweepDialog::Job knockOut(const std::shared_ptr<const PretrainedModel> &model,
                          const TokenizedText &tokens, const ModelMeasure &measure,
                          const QString &name, AblationKind ablation)
{
    const ModelConfig &config = model->config();
    SweepDialog::Job job;
    job.frame.title =
        tr("%1: each head %2 in turn, the change of %3")
            .arg(model->name(), ablation == AblationKind::Mean ? tr("mean-ablated") : tr("zeroed"),
                 name);
    job.frame.subtitle = tokenCount(tokens);
    job.frame.columnTitle = QStringLiteral("head");
    job.frame.scaleTitle = tr("change of %1").arg(name);
    job.frame.rows = config.layers;
    job.frame.columns = config.heads;
    job.running =
        tr("Knocking out each of the %1 heads in turn…").arg(config.layers * config.heads);
    const QString subtitle = job.frame.subtitle;
    job.work = [model, tokens, measure, name, ablation, subtitle](const SweepProgress &progress) {
        const SweepGrid grid =
            HeadExperiments::ablationSweep(*model, tokens, measure, ablation, progress);
        SweepDialog::Result result;
        int measured = 0;
        for (int l = 0; l < grid.rows; ++l)
            for (int h = 0; h < grid.columns; ++h) {
                result.shown.push_back(grid.effect(l, h));
                measured += std::isfinite(grid.effect(l, h)) ? 1 : 0;
            }
        result.subtitle =
            tr("%1 · %2 with every head: %3").arg(subtitle, name).arg(grid.baseline, 0, 'g', 5);
        result.status =
            grid.cancelled
                ? tr("Cancelled after %1 of %2 heads. Click a head to knock it out on the Model "
                     "tab.")
                      .arg(measured)
                      .arg(grid.rows * grid.columns)
                : tr("Each of %1's %2 heads knocked out in turn; %3 with every head: %4. Click a "
                     "head to knock it out on the Model tab.")
                      .arg(model->name())
                      .arg(grid.rows * grid.columns)
                      .arg(name)
                      .arg(grid.baseline, 0, 'g', 5);
        return result;
    };
    return job;
}

SweepDialog::Job patch(const std::shared_ptr<const PretrainedModel> &model,
                       const TokenizedText &clean, const TokenizedText &corrupted,
                       const ModelMeasure &measure, const QString &name, PatchSites sites)
{
    const ModelConfig &config = model->config();
    const bool heads = sites == PatchSites::Heads;
    SweepDialog::Job job;
    job.frame.title =
        tr("%1: %2 patched from the clean text, the share of %3 restored")
            .arg(model->name(), heads ? tr("each head's output") : tr("each residual position"),
                 name);
    job.frame.subtitle = tokenCount(corrupted);
    job.frame.columnTitle = heads ? QStringLiteral("head") : QStringLiteral("position");
    if (!heads)
        for (const std::string &token : corrupted.tokens)
            job.frame.columnLabels << QString::fromStdString(displayToken(token));
    job.frame.scaleTitle = tr("share restored");
    job.frame.rows = config.layers;
    job.frame.columns = heads ? config.heads : int(corrupted.ids.size());
    job.running = tr("Patching %1 in turn from the clean text… (the changes as they come; the "
                     "shares restored at the end)")
                      .arg(heads ? tr("each head") : tr("each position"));
    const QString subtitle = job.frame.subtitle;
    job.work = [model, clean, corrupted, measure, name, sites,
                subtitle](const SweepProgress &progress) {
        const PatchGrid grid =
            HeadExperiments::patchSweep(*model, clean, corrupted, measure, sites, progress);
        // With no gap to restore (the texts measure the same), the changes themselves.
        const bool gap = std::isfinite(grid.restored(0, 0));
        SweepDialog::Result result;
        for (int r = 0; r < grid.patched.rows; ++r)
            for (int c = 0; c < grid.patched.columns; ++c)
                result.shown.push_back(gap ? grid.restored(r, c) : grid.patched.effect(r, c));
        result.subtitle = tr("%1 · %2 clean %3, corrupted %4")
                              .arg(subtitle, name)
                              .arg(grid.clean, 0, 'g', 5)
                              .arg(grid.corrupted, 0, 'g', 5);
        result.status =
            gap ? tr("Each cell: the share of the clean-minus-corrupted gap of %1 it restores "
                     "(1: all of it).")
                      .arg(name)
                : tr("The two texts measure the same: no gap to restore; each cell is the "
                     "change of %1.")
                      .arg(name);
        if (grid.patched.cancelled)
            result.status = tr("Cancelled. ") + result.status;
        return result;
    };
    return job;
}

} // namespace AttentionLab::SweepJobs
