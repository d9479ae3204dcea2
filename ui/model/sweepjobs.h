// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "io/tokenizedtext.h"
#include "ui/model/sweepdialog.h"

#include <QString>

#include <memory>

namespace AttentionLab {

class PretrainedModel;

/// The sweeps the Model tab runs in its SweepDialog, as the command line's
/// `sweep` and `patch` draw them (io/headexperiments.h does the work).
namespace SweepJobs {

/// Each head of \a model ablated in turn over \a tokens: the changes of \a
/// measure (named \a name).
SweepDialog::Job knockOut(const std::shared_ptr<const PretrainedModel> &model,
                          const TokenizedText &tokens, const ModelMeasure &measure,
                          const QString &name, AblationKind ablation);

/// Each head (or residual position, \a sites) of \a corrupted's pass patched
/// from \a clean's: the share of the gap each restores (the changes when the
/// texts measure the same).
SweepDialog::Job patch(const std::shared_ptr<const PretrainedModel> &model,
                       const TokenizedText &clean, const TokenizedText &corrupted,
                       const ModelMeasure &measure, const QString &name, PatchSites sites);

} // namespace SweepJobs

} // namespace AttentionLab
