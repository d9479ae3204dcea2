// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `generate MODEL --text TEXT`: a causal model writes after the text, greedy
// or sampled, its text printed as it comes, its steps as JSON, or the whole
// text's attention written.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/generator.h"
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

/// --option's \a text as a number; UsageError otherwise.
double parseNumber(const QString &option, const QString &text)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        usageError(QStringLiteral("--%1: \"%2\" is not a number").arg(option, inputText(text)));
    return value;
}

/// --tokens, --greedy or --temperature, --top-k, --top-p and --seed.
GenerationOptions generationOptions(const CommandRequest &r)
{
    GenerationOptions options;
    const QString tokens = r.values.value(QStringLiteral("tokens"));
    if (!tokens.isEmpty())
        options.maxTokens =
            int(parseInteger(QStringLiteral("tokens"), tokens, 1, std::numeric_limits<int>::max()));
    const QStringList sampling{QStringLiteral("temperature"), QStringLiteral("top-k"),
                               QStringLiteral("top-p"), QStringLiteral("seed")};
    for (const QString &option : sampling) {
        if (!r.values.contains(option))
            continue;
        if (r.greedy)
            usageError(QStringLiteral("--greedy takes the most likely token: it takes no --%1")
                           .arg(option));
        options.sampling.greedy = false;
    }
    SamplingOptions &s = options.sampling;
    if (r.values.contains(QStringLiteral("temperature"))) {
        s.temperature = parseNumber(QStringLiteral("temperature"),
                                    r.values.value(QStringLiteral("temperature")));
        if (s.temperature <= 0.0)
            usageError(QStringLiteral("--temperature must be above 0 to sample (--greedy takes "
                                      "the most likely token)"));
    }
    if (r.values.contains(QStringLiteral("top-k")))
        s.topK = int(parseInteger(QStringLiteral("top-k"), r.values.value(QStringLiteral("top-k")),
                                  1, std::numeric_limits<int>::max()));
    if (r.values.contains(QStringLiteral("top-p"))) {
        s.topP = parseNumber(QStringLiteral("top-p"), r.values.value(QStringLiteral("top-p")));
        if (!(s.topP > 0.0 && s.topP <= 1.0))
            usageError(QStringLiteral("--top-p must be in (0, 1]"));
    }
    if (r.values.contains(QStringLiteral("seed")))
        s.seed = std::uint64_t(parseInteger(QStringLiteral("seed"),
                                            r.values.value(QStringLiteral("seed")), 0,
                                            std::numeric_limits<long long>::max()));
    return options;
}

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

void writeBytes(const std::string &bytes)
{
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
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
    requireCausalModel(*model, QStringLiteral("generate"));
    const TokenizedText prompt = tokenizeRequest(*model, r);
    std::unique_ptr<Generator> generator;
    try {
        generator = model->generator(prompt, options);
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }

    // The text as it is written: what the decoded text has grown by.
    std::string printed;
    auto print = [&] {
        if (r.json)
            return;
        const std::string text = model->decode(generator->ids());
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
        AttentionTensor attention = generator->attention();
        attention.setTokens(spellings);
        attention.setVisibility(PretrainedModel::keyVisibility(model->config()));
        AttentionFileWriter writer;
        if (!writer.writeFile(attention, output))
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
    CommandOutput::writeJson(QJsonObject{
        {QStringLiteral("model"), model->name()},
        {QStringLiteral("tokens"), tokens},
        {QStringLiteral("ids"), ids},
        {QStringLiteral("prompt_length"), generator->promptLength()},
        {QStringLiteral("text"), QString::fromStdString(model->decode(generator->ids()))},
        {QStringLiteral("stop"), stopName(generator->stop())},
        {QStringLiteral("memory_bytes"), generator->memoryBytes()},
        {QStringLiteral("steps"), steps}});
    return 0;
}

} // namespace AttentionLab
