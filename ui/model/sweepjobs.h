// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "io/passtokens.h"
#include "ui/model/sweepdialog.h"

#include <QString>

#include <memory>

namespace AttentionLab {

class PretrainedModel;

/// The sweeps the Model tab runs in its SweepDialog, as the command line's
/// `sweep` and `patch` draw them (io/headexperiments.h does the work).
namespace SweepJobs {

/// Each head of attention \a set (an encoder-decoder's three; a single
/// stack's one) of \a model ablated in turn over \a tokens: the changes of
/// \a measure (named \a name).
SweepDialog::Job knockOut(const std::shared_ptr<const PretrainedModel> &model,
                          const PassTokens &tokens, const ModelMeasure &measure,
                          const QString &name, AblationKind ablation, AttentionKind set);

/// Each head of attention \a set (or each residual position of its stack,
/// \a sites) of \a corrupted's pass patched from \a clean's: the share of
/// the gap each restores (the changes when the texts measure the same).
SweepDialog::Job patch(const std::shared_ptr<const PretrainedModel> &model, const PassTokens &clean,
                       const PassTokens &corrupted, const ModelMeasure &measure,
                       const QString &name, PatchSites sites, AttentionKind set);

} // namespace SweepJobs

} // namespace AttentionLab
