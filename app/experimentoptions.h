// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace AttentionLab {

struct CommandRequest;
class PretrainedModel;

/// A measure as the command line wrote it, and what it reads.
struct WrittenMeasure
{
    QString spec; ///< as given: prob:" Mary", loss:26-50...
    ModelMeasure measure;
};

/**
 * The experiment options of `model`, `sweep` and `patch`, each refused in
 * one line (UsageError) when it does not fit the model:
 * - --ablate L.H,... (query heads; L.kvK names key/value head K, every query
 *   head that reads it);
 * - --ablation zero|mean;
 * - --knockout L.H:I>J,... (L.*:I>J in every head of layer L);
 * - --measure SPEC, prob:TOKEN | logitdiff:A,B | loss | loss:FROM-TO | kl,
 *   a token as its text (quoted as needed) or #ID; --position P (the last by default).
 */
Interventions interventionsOf(const CommandRequest &r, const PretrainedModel &model);
AblationKind ablationOf(const CommandRequest &r);
std::vector<WrittenMeasure> measuresOf(const CommandRequest &r, const PretrainedModel &model);
/// The one --measure of `sweep` and `patch`.
WrittenMeasure oneMeasureOf(const CommandRequest &r, const PretrainedModel &model);

/// "1.1, 1.2 ablated (zero); 1.*:7>6 knocked out": what the interventions did.
QString interventionsText(const Interventions &interventions);

} // namespace AttentionLab
