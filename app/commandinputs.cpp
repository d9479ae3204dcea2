// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandinputs.h"

#include "app/commandrequest.h"
#include "app/usageerror.h"
#include "core/maths/attention.h"
#include "core/model/familydescription.h"
#include "io/attentionfilereader.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/sessionreader.h"

#include <QJsonObject>

#include <cstdint>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>

namespace AttentionLab {

LoadedSession loadSession(const QString &path,
                          const std::function<void(const Session &)> &beforeAttending)
{
    SessionReader reader;
    std::optional<Session> session = reader.readFile(path);
    if (!session)
        throw UsageError{reader.errorString()};
    try {
        if (beforeAttending)
            beforeAttending(*session);
        AttentionResult result = attend(*session);
        return {std::move(*session), std::move(result)};
    } catch (const std::invalid_argument &error) {
        throw UsageError{inputText(path) + QStringLiteral(": ") + QString::fromUtf8(error.what())};
    }
}

namespace {

AttentionReadOptions readOptions(const CommandRequest &r)
{
    AttentionReadOptions options;
    options.tokensFile = r.values.value(QStringLiteral("tokens"));
    if (r.values.contains(QStringLiteral("batch")))
        options.batch = int(parseInteger(QStringLiteral("batch"),
                                         r.values.value(QStringLiteral("batch")), 0, 1'000'000));
    if (r.values.contains(QStringLiteral("layout"))) {
        const QString layout = r.values.value(QStringLiteral("layout"));
        options.layout = parseBatchLayout(layout);
        if (!options.layout)
            throw UsageError{
                QStringLiteral("--layout: \"%1\" is not LBHQK or BLHQK").arg(inputText(layout))};
    }
    if (r.values.contains(QStringLiteral("set"))) {
        const QString set = r.values.value(QStringLiteral("set"));
        options.set = parseAttentionKind(set.toStdString());
        if (!options.set)
            throw UsageError{QStringLiteral("--set: \"%1\" is not encoder, decoder or cross")
                                 .arg(inputText(set))};
    }
    return options;
}

/// The reader's refusal as the command line says it.
[[noreturn]] void refuseRead(const AttentionFileReader &reader)
{
    if (reader.needsLayout())
        throw UsageError{reader.errorString() +
                         QStringLiteral("; say which with --layout LBHQK or --layout BLHQK")};
    throw UsageError{reader.errorString()};
}

} // namespace

AttentionTensor loadTensor(const CommandRequest &r)
{
    AttentionFileReader reader(readOptions(r));
    std::optional<AttentionTensor> tensor = reader.readFile(r.file);
    if (!tensor)
        refuseRead(reader);
    return std::move(*tensor);
}

std::vector<AttentionSet> loadSets(const CommandRequest &r)
{
    AttentionFileReader reader(readOptions(r));
    std::optional<std::vector<AttentionSet>> sets = reader.readSets(r.file);
    if (!sets)
        refuseRead(reader);
    return std::move(*sets);
}

const AttentionSet &chosenSet(const CommandRequest &r, const std::vector<AttentionSet> &sets)
{
    const std::optional<AttentionKind> kind = readOptions(r).set;
    if (const int index = chosenSetIndex(sets, kind); index >= 0)
        return sets[size_t(index)];
    throw UsageError{inputText(r.file) + QStringLiteral(": ") +
                     QString::fromStdString(missingSetText(*kind, sets))};
}

std::shared_ptr<const PretrainedModel> openModel(const CommandRequest &r)
{
    try {
        std::shared_ptr<const PretrainedModel> model = PretrainedModel::open(r.file);
        for (const QString &warning : model->warnings())
            std::cerr << "attention-lab: warning: " << warning.toStdString() << '\n';
        return model;
    } catch (const ReadError &error) {
        throw UsageError{error.message};
    }
}

TokenizedText tokenizeRequest(const PretrainedModel &model, const CommandRequest &r)
{
    ModelText text;
    text.text = r.values.value(QStringLiteral("text"));
    if (r.values.contains(QStringLiteral("pair")))
        text.pair = r.values.value(QStringLiteral("pair"));
    text.bos = r.bosChoice();
    try {
        return model.tokenize(text);
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }
}

namespace {

/// The families that write text, from the registry: "GPT-2, Llama, ..., GPT-NeoX".
QString writingFamilies()
{
    std::vector<std::string> names;
    for (ModelFamily family : modelFamilies()) {
        const FamilyDescription &description = familyDescription(family);
        if (description.writes())
            names.push_back(description.displayName);
    }
    return QString::fromStdString(joinNames(names, ", "));
}

} // namespace

void requireCausalModel(const PretrainedModel &model, const QString &command)
{
    const FamilyDescription &family = familyDescription(model.config().family);
    if (!family.writes())
        usageError(QStringLiteral("%1: %2 is not a causal model: %3 needs one that writes (%4)")
                       .arg(model.name(), QString::fromStdString(family.displayName), command,
                            writingFamilies()));
}

QJsonArray tokenListJson(const PretrainedModel &model, const std::vector<TokenProbability> &top)
{
    QJsonArray list;
    for (const TokenProbability &token : top)
        list.append(QJsonObject{
            {QStringLiteral("token"), QString::fromStdString(model.tokenSpelling(token.id))},
            {QStringLiteral("id"), token.id},
            {QStringLiteral("p"), token.p}});
    return list;
}

// --repeat-random N [--seed S]: declared in commandinputs.h.
TokenizedText repeatProbeRequest(const PretrainedModel &model, const CommandRequest &r)
{
    requireCausalModel(model, QStringLiteral("--repeat-random"));
    const int count = int(parseInteger(QStringLiteral("repeat-random"),
                                       r.values.value(QStringLiteral("repeat-random")), 1,
                                       model.config().positions));
    const long long seed =
        r.values.contains(QStringLiteral("seed"))
            ? parseInteger(QStringLiteral("seed"), r.values.value(QStringLiteral("seed")), 0,
                           std::numeric_limits<long long>::max())
            : 0;
    try {
        return model.repeatedRandomTokens(count, static_cast<std::uint64_t>(seed), r.bosChoice());
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(model.name(), error.message)};
    }
}

} // namespace AttentionLab
