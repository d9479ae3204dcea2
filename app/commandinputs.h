// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/maths/session.h"
#include "core/model/modelrun.h"
#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"
#include "io/tokenizedtext.h"

#include <QJsonArray>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace AttentionLab {

struct CommandRequest;
class PretrainedModel;

/// A session read and attended, for eval and export.
struct LoadedSession
{
    Session session;
    AttentionResult result;
};

/// Reads and attends the session at \a path; \a beforeAttending may refuse it
/// (export's memory check). UsageError on failure.
LoadedSession loadSession(const QString &path,
                          const std::function<void(const Session &)> &beforeAttending = {});

/// Reads the request's attention file with --tokens, --batch, --layout and
/// --set (a file of several sets without it: the decoder's); UsageError on failure.
AttentionTensor loadTensor(const CommandRequest &r);
/// Every attention set of the request's attention file (--set not applied);
/// refused in one line as loadTensor() refuses.
std::vector<AttentionSet> loadSets(const CommandRequest &r);
/// The set of \a sets that --set names, or the default one (the only one,
/// else the decoder's); a set the file lacks is a UsageError.
const AttentionSet &chosenSet(const CommandRequest &r, const std::vector<AttentionSet> &sets);

/// The model's folder of tokenize and model, opened; UsageError on failure.
std::shared_ptr<const PretrainedModel> openModel(const CommandRequest &r);

/// Refuses, by name, a model that does not write (BERT) for \a command.
void requireCausalModel(const PretrainedModel &model, const QString &command);
/// Tokens as JSON: [{"token", "id", "p"}], spelled as in \a model's vocabulary.
QJsonArray tokenListJson(const PretrainedModel &model, const std::vector<TokenProbability> &top);
/// --text, --pair and --bos, tokenized by \a model; UsageError on failure.
TokenizedText tokenizeRequest(const PretrainedModel &model, const CommandRequest &r);
/// --repeat-random N [--seed S] [--bos|--no-bos]: Olsson et al.'s induction
/// probe as the input; UsageError for a model that does not write or a probe
/// that does not fit.
TokenizedText repeatProbeRequest(const PretrainedModel &model, const CommandRequest &r);

} // namespace AttentionLab
