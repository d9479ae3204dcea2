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
#include "core/model/generator.h"
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
