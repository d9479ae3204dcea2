// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/effectgrids.h"

#include "core/sets/tokenlabels.h"

#include <cmath>
#include <limits>

namespace AttentionLab::EffectGrids {

namespace {

QString tokenCount(size_t tokens)
{
    return tokens == 1 ? QStringLiteral("1 token") : QStringLiteral("%1 tokens").arg(tokens);
}

void unmeasured(EffectGridData &data)
{
    data.effects.assign(size_t(data.rows) * size_t(data.columns),
                        std::numeric_limits<double>::quiet_NaN());
}

} // namespace

QString subject(const QString &model, bool encoderDecoder, AttentionKind set, PatchSites sites)
{
    if (!encoderDecoder)
        return model;
    return QStringLiteral("%1 · %2").arg(
        model, QString::fromStdString(sites == PatchSites::Residual ? attentionKindName(set)
                                                                    : attentionKindTitle(set)));
}

EffectGridData ablationFrame(const QString &model, int layers, int heads, size_t tokens,
                             const QString &measure, AblationKind ablation)
{
    // The title short enough for the figure's width; the rest under it.
    EffectGridData data;
    data.title = QStringLiteral("each head %1 in turn: the change of %2")
                     .arg(ablation == AblationKind::Mean ? QStringLiteral("mean-ablated")
                                                         : QStringLiteral("zeroed"),
                          measure);
    data.subtitle = QStringLiteral("%1 · %2").arg(model, tokenCount(tokens));
    data.columnTitle = QStringLiteral("head");
    data.scaleTitle = QStringLiteral("change of %1").arg(measure);
    data.rows = layers;
    data.columns = heads;
    unmeasured(data);
    return data;
}

void fillAblation(EffectGridData &data, const SweepGrid &grid, const QString &measure)
{
    data.effects.clear();
    for (int l = 0; l < grid.rows; ++l)
        for (int h = 0; h < grid.columns; ++h)
            data.effects.push_back(grid.effect(l, h));
    data.subtitle = QStringLiteral("%1 · %2 with every head: %3")
                        .arg(data.subtitle, measure)
                        .arg(grid.baseline, 0, 'g', 6);
}

EffectGridData patchFrame(const QString &model, int layers, int heads, PatchSites sites,
                          const std::vector<std::string> &tokens, const QString &measure)
{
    const bool perHead = sites == PatchSites::Heads;
    EffectGridData data;
    data.title = QStringLiteral("%1 patched from the clean text")
                     .arg(perHead ? QStringLiteral("each head's output")
                                  : QStringLiteral("each residual position"));
    data.subtitle = QStringLiteral("%1 · %2 · the share of %3 restored")
                        .arg(model, tokenCount(tokens.size()), measure);
    data.columnTitle = perHead ? QStringLiteral("head") : QStringLiteral("position");
    if (!perHead)
        for (const std::string &token : tokens)
            data.columnLabels << QString::fromStdString(displayToken(token));
    data.scaleTitle = QStringLiteral("share restored");
    data.rows = layers;
    data.columns = perHead ? heads : int(tokens.size());
    unmeasured(data);
    return data;
}

bool hasGap(const PatchGrid &grid)
{
    return std::isfinite(grid.restored(0, 0));
}

void fillPatch(EffectGridData &data, const PatchGrid &grid, const QString &measure)
{
    const bool gap = hasGap(grid);
    if (!gap) {
        data.scaleTitle = QStringLiteral("change of %1").arg(measure);
        data.subtitle.replace(QStringLiteral("the share of %1 restored").arg(measure),
                              QStringLiteral("no gap: the change of %1").arg(measure));
    }
    data.effects.clear();
    for (int r = 0; r < grid.patched.rows; ++r)
        for (int c = 0; c < grid.patched.columns; ++c)
            data.effects.push_back(gap ? grid.restored(r, c) : grid.patched.effect(r, c));
    data.subtitle = QStringLiteral("%1 · clean %2, corrupted %3")
                        .arg(data.subtitle)
                        .arg(grid.clean, 0, 'g', 6)
                        .arg(grid.corrupted, 0, 'g', 6);
}

} // namespace AttentionLab::EffectGrids
