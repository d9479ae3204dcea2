// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `model MODEL --text TEXT`: a model run natively, its report or its attention written.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/experimentoptions.h"
#include "app/modelreport.h"
#include "app/usageerror.h"
#include "core/model/familydescription.h"
#include "core/model/headsession.h"
#include "core/sets/attentionset.h"
#include "core/sets/headscores.h"
#include "io/attentionfilewriter.h"
#include "io/headexperiments.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/sessionwriter.h"

#include <QFileInfo>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace AttentionLab {

namespace {

/// --session L.H: the layer and head, checked against the set's.
std::pair<int, int> sessionHead(const QString &text, const AttentionTensor &tensor)
{
    const QStringList parts = text.split(QLatin1Char('.'));
    if (parts.size() != 2)
        usageError(QStringLiteral("--session: \"%1\" is not LAYER.HEAD, such as 5.1")
                       .arg(inputText(text)));
    const int layer =
        int(parseInteger(QStringLiteral("session"), parts[0], 0, tensor.layers() - 1));
    const int head = int(parseInteger(QStringLiteral("session"), parts[1], 0, tensor.heads() - 1));
    return {layer, head};
}

/// --set KIND: the run's set it names (the default one without it); a
/// model without such an attention is refused: "gpt2 has no cross-attention:
/// it is a decoder".
int chosenRunSet(const CommandRequest &r, const PretrainedModel &model,
                 const std::vector<AttentionSet> &sets)
{
    std::optional<AttentionKind> kind;
    if (r.values.contains(QStringLiteral("set"))) {
        const QString name = r.values.value(QStringLiteral("set"));
        kind = parseAttentionKind(name.toStdString());
        if (!kind)
            usageError(QStringLiteral("--set: \"%1\" is not encoder, decoder or cross")
                           .arg(inputText(name)));
    }
    const int index = chosenSetIndex(sets, kind);
    if (index < 0)
        usageError(QStringLiteral("%1 has no %2: it is %3")
                       .arg(model.name(), QString::fromStdString(attentionKindTitle(*kind)),
                            familyDescription(model.config().family).causal
                                ? QStringLiteral("a decoder")
                                : QStringLiteral("an encoder")));
    return index;
}

} // namespace

int runModelCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    const bool wantsSession = r.values.contains(QStringLiteral("session"));
    if (wantsSession && !output.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        usageError(QStringLiteral("--session writes a session file: give -o HEAD.json"));
    if (!wantsSession && !output.isEmpty() && !AttentionFileWriter::canWrite(output))
        usageError(
            output.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                ? QStringLiteral("-o %1: a session file needs --session LAYER.HEAD; the attention "
                                 "is written as .npz or .safetensors")
                      .arg(inputText(output))
                : QStringLiteral("-o %1: unknown format \"%2\": use .npz or .safetensors")
                      .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    const bool encoderDecoder = model->encoderDecoder();
    const PassTokens pass = passTokensOf(r, *model,
                                         r.values.contains(QStringLiteral("repeat-random"))
                                             ? repeatProbeRequest(*model, r)
                                             : tokenizeRequest(*model, r));
    const TokenizedText &tokens = pass.tokens;
    const TokenizedText &decoder = pass.decoder;
    ModelRun run;
    ExperimentOutcome experiment;
    experiment.interventions = interventionsOf(r, *model);
    const std::vector<WrittenMeasure> measures = measuresOf(r, *model);
    try {
        if (!experiment.interventions.empty() || !measures.empty()) {
            // --ablate, --knockout, --measure: the guesses with the
            // interventions, each measure with them and without.
            std::vector<ModelMeasure> read;
            for (const WrittenMeasure &m : measures)
                read.push_back(m.measure);
            MeasuredPass measured =
                HeadExperiments::measured(*model, pass, experiment.interventions, read);
            const std::vector<int> &ids = pass.measured().ids;
            for (const WrittenMeasure &m : measures)
                experiment.measures.push_back(
                    {m.spec, measureValue(m.measure, measured.run, ids, measured.baseline.get()),
                     measureValue(m.measure, *measured.baseline, ids, measured.baseline.get())});
            run = std::move(measured.run);
        } else if (encoderDecoder) {
            run = model->run(tokens, decoder);
        } else {
            run = model->run(tokens);
        }
    } catch (const ReadError &error) {
        usageError(QStringLiteral("%1: %2").arg(inputText(r.file), error.message));
    }
    const std::vector<AttentionSet> sets = run.sets();
    const AttentionSet &set = sets[size_t(chosenRunSet(r, *model, sets))];

    if (wantsSession) {
        const auto [layer, head] =
            sessionHead(r.values.value(QStringLiteral("session")), *set.tensor);
        SessionWriter writer;
        if (!writer.writeFile(headSession(run, set.kind, layer, head), output))
            throw UsageError{writer.errorString()};
    } else if (!output.isEmpty()) {
        // Every set, under Hugging Face's names where there are several.
        AttentionFileWriter writer;
        if (!writer.writeSets(sets, output))
            throw UsageError{writer.errorString()};
    }
    // Silent when writing a file, as export is, unless the report is asked for.
    if (!output.isEmpty() && !r.json)
        return 0;
    const std::vector<HeadScores> scores = scoreHeads(*set.tensor);
    if (!r.json) {
        CommandOutput::write(modelRunText(*model, run, set, scores, experiment));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeModelRunJson(*model, {tokens, decoder}, run, set, scores, experiment, out);
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
