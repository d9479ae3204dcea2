// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/sweepjobs.h"

#include "io/headexperiments.h"
#include "io/modelcheckpoint.h"
#include "io/pretrainedmodel.h"
#include "ui/figure/effectgrids.h"

#include <QCoreApplication>

#include <cmath>

namespace AttentionLab::SweepJobs {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SweepJobs", text);
}

} // namespace

SweepDialog::Job knockOut(const std::shared_ptr<const PretrainedModel> &model,
                          const PassTokens &tokens, const ModelMeasure &measure,
                          const QString &name, AblationKind ablation, AttentionKind set)
{
    const ModelConfig &config = stackConfig(model->checkpoint()->weights(), set);
    SweepDialog::Job job;
    job.frame = EffectGrids::ablationFrame(
        EffectGrids::subject(model->name(), model->encoderDecoder(), set), config.layers,
        config.heads, tokens.measured().ids.size(), name, ablation);
    // An encoder-decoder's heads are those of the attention swept: "12 cross-attention heads".
    const QString heads =
        model->encoderDecoder()
            ? tr("%1 %2 heads").arg(QString::fromStdString(attentionKindTitle(set)))
            : tr("heads");
    job.running = tr("Knocking out each of the %1 %2 in turn, from the whole model…")
                      .arg(config.layers * config.heads)
                      .arg(heads);
    job.clickKnocksOut = true;
    job.work = [model, tokens, measure, name, ablation, set, heads,
                frame = job.frame](const SweepProgress &progress) {
        const SweepGrid grid =
            HeadExperiments::ablationSweep(*model, tokens, measure, ablation, set, progress);
        EffectGridData filled = frame;
        EffectGrids::fillAblation(filled, grid, name);
        SweepDialog::Result result{filled.effects, filled.subtitle, QString()};
        int measured = 0;
        for (double v : grid.values)
            measured += std::isfinite(v) ? 1 : 0;
        result.status =
            grid.cancelled
                ? tr("Cancelled after %1 of %2 %3. Click a head to knock it out on the Model "
                     "tab.")
                      .arg(measured)
                      .arg(grid.rows * grid.columns)
                      .arg(heads)
                : tr("Each of %1's %2 %3 knocked out in turn from the whole model (heads "
                     "knocked out on the tab are back for it); %4 with every head: %5. Click a "
                     "head to knock it out on the Model tab.")
                      .arg(model->name())
                      .arg(grid.rows * grid.columns)
                      .arg(heads, name)
                      .arg(grid.baseline, 0, 'g', 5);
        return result;
    };
    return job;
}

SweepDialog::Job patch(const std::shared_ptr<const PretrainedModel> &model, const PassTokens &clean,
                       const PassTokens &corrupted, const ModelMeasure &measure,
                       const QString &name, PatchSites sites, AttentionKind set)
{
    const ModelConfig &config = stackConfig(model->checkpoint()->weights(), set);
    // The residual's positions: an encoder-decoder's encoder's are the source's.
    const TokenizedText &positions = set == AttentionKind::Encoder || !corrupted.hasDecoder()
                                         ? corrupted.tokens
                                         : corrupted.decoder;
    SweepDialog::Job job;
    job.frame = EffectGrids::patchFrame(
        EffectGrids::subject(model->name(), model->encoderDecoder(), set, sites), config.layers,
        config.heads, sites, positions.tokens, name);
    job.running = tr("Patching %1 in turn from the clean text… (the changes as they come; the "
                     "shares restored at the end)")
                      .arg(sites == PatchSites::Heads ? tr("each head") : tr("each position"));
    job.work = [model, clean, corrupted, measure, name, sites, set,
                frame = job.frame](const SweepProgress &progress) {
        const PatchGrid grid =
            HeadExperiments::patchSweep(*model, clean, corrupted, measure, sites, set, progress);
        EffectGridData filled = frame;
        EffectGrids::fillPatch(filled, grid, name);
        SweepDialog::Result result{filled.effects, filled.subtitle, QString()};
        result.status =
            EffectGrids::hasGap(grid)
                ? tr("Each cell: the share of the clean-minus-corrupted gap of %1 it restores "
                     "(1: all of it), from the whole model.")
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
