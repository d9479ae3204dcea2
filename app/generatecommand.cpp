// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `generate MODEL --text TEXT`: a causal model writes after the text, greedy
// or sampled, its text printed as it comes, its steps as JSON, or the whole
// text's attention written.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/model/familydescription.h"
#include "core/model/generator.h"
#include "core/sets/attentionset.h"
#include "io/attentionfilewriter.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>

namespace AttentionLab {

namespace {

QString stopName(GenerationStop stop)
{
    switch (stop) {
    case GenerationStop::Running:
    case GenerationStop::TokenCount:
        return QStringLiteral("tokens");
    case GenerationStop::EndOfText:
        return QStringLiteral("end-of-text");
    case GenerationStop::LastPosition:
        return QStringLiteral("positions");
    }
    return {};
}

/// Checked as every command's output is (issue 36, item 9: the text was lost
/// on a full disk with exit status 0).
void writeBytes(const std::string &bytes)
{
    CommandOutput::writeBytes(QByteArray::fromStdString(bytes));
}

} // namespace

int runGenerateCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    if (!output.isEmpty() && !AttentionFileWriter::canWrite(output))
        usageError(QStringLiteral("-o %1: unknown format \"%2\": use .npz or .safetensors")
                       .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const GenerationOptions options = generationOptions(r);
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    // An encoder-decoder translates the text: its decoder writes after its
    // start token (and the target begun with --target).
    const bool translates = model->encoderDecoder();
    if (!translates)
        requireCausalModel(*model, QStringLiteral("generate"));
    if (r.values.contains(QStringLiteral("target")) && !translates)
        usageError(
            QStringLiteral("--target is for encoder-decoder models (T5, BART, Marian); %1 "
                           "is a %2 model")
                .arg(model->name(), QString::fromStdString(
                                        familyDescription(model->config().family).displayName)));
    const TokenizedText source = tokenizeRequest(*model, r);
    TokenizedText prompt = source;
    std::unique_ptr<Generator> generator;
    try {
        if (translates) {
            prompt = model->translationPrefix(
                r.values.contains(QStringLiteral("target"))
                    ? std::optional<QString>(r.values.value(QStringLiteral("target")))
                    : std::nullopt);
            generator = model->translator(source, prompt, options);
        } else {
            generator = model->generator(prompt, options);
        }
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }

    // The text as it is written: what the decoded text has grown by (a
    // translation's after the decoder's start token).
    std::string printed;
    auto print = [&] {
        if (r.json)
            return;
        const std::vector<int> &ids = generator->ids();
        const std::string text =
            model->decode(translates ? std::vector<int>(ids.begin() + 1, ids.end()) : ids);
        if (text.compare(0, printed.size(), printed) == 0) {
            writeBytes(text.substr(printed.size()));
            printed = text;
        }
    };
    print();
    while (generator->step())
        print();
    if (!r.json)
        writeBytes("\n");

    std::vector<std::string> spellings = prompt.tokens;
    for (size_t i = size_t(generator->promptLength()); i < generator->ids().size(); ++i)
        spellings.push_back(model->tokenSpelling(generator->ids()[i]));
    if (!output.isEmpty()) {
        auto attention = std::make_shared<AttentionTensor>(generator->attention());
        attention->setTokens(spellings);
        std::vector<AttentionSet> sets{{kindOf(*attention), attention}};
        if (translates) {
            auto encoder = std::make_shared<AttentionTensor>(generator->encoderAttention());
            encoder->setTokens(source.tokens);
            auto cross = std::make_shared<AttentionTensor>(generator->crossAttention());
            cross->setTokens(source.tokens, spellings);
            sets = {{AttentionKind::Encoder, encoder},
                    {AttentionKind::Decoder, attention},
                    {AttentionKind::Cross, cross}};
        }
        AttentionFileWriter writer;
        if (!writer.writeSets(sets, output))
            throw UsageError{writer.errorString()};
    }
    if (!r.json)
        return 0;
    QJsonArray tokens, ids, steps;
    for (const std::string &token : spellings)
        tokens.append(QString::fromStdString(token));
    for (int id : generator->ids())
        ids.append(id);
    for (const GenerationStep &step : generator->steps())
        steps.append(QJsonObject{
            {QStringLiteral("token"), QString::fromStdString(model->tokenSpelling(step.id))},
            {QStringLiteral("id"), step.id},
            {QStringLiteral("p"), step.p},
            {QStringLiteral("rank"), step.rank},
            {QStringLiteral("top"), tokenListJson(*model, step.top)}});
    QJsonObject json{
        {QStringLiteral("model"), model->name()},
        {QStringLiteral("tokens"), tokens},
        {QStringLiteral("ids"), ids},
        {QStringLiteral("prompt_length"), generator->promptLength()},
        {QStringLiteral("text"),
         QString::fromStdString(model->decode(
             translates ? std::vector<int>(generator->ids().begin() + 1, generator->ids().end())
                        : generator->ids()))},
        {QStringLiteral("stop"), stopName(generator->stop())},
        {QStringLiteral("memory_bytes"), generator->memoryBytes()},
        {QStringLiteral("steps"), steps}};
    if (translates) {
        QJsonArray sourceIds, sourceTokens;
        for (int id : source.ids)
            sourceIds.append(id);
        for (const std::string &token : source.tokens)
            sourceTokens.append(QString::fromStdString(token));
        json.insert(QStringLiteral("source_ids"), sourceIds);
        json.insert(QStringLiteral("source_tokens"), sourceTokens);
    }
    CommandOutput::writeJson(json);
    return 0;
}

} // namespace AttentionLab
