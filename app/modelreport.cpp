// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/modelreport.h"

#include "app/experimentoptions.h"

#include "app/inspectreport.h"
#include "core/maths/inputtext.h"
#include "core/model/familydescription.h"
#include "core/sets/tokenlabels.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"

#include <QStringList>

namespace AttentionLab {

namespace {

using Layout = JsonStreamWriter::Layout;

QString quoted(const std::string &token)
{
    return QStringLiteral("\"%1\"").arg(QString::fromStdString(inputText(token)));
}

/// "  " it" 0.231, " he" 0.104, ..." for one prediction.
QString predictionLine(const PretrainedModel &model, const std::vector<TokenProbability> &top)
{
    QStringList parts;
    for (const TokenProbability &t : top)
        parts << QStringLiteral("%1 %2").arg(quoted(model.tokenSpelling(t.id))).arg(t.p, 0, 'g', 3);
    return parts.join(QStringLiteral(", "));
}

void writeTop(const PretrainedModel &model, const std::vector<TokenProbability> &top,
              JsonStreamWriter &out)
{
    out.beginArray();
    for (const TokenProbability &t : top) {
        out.beginObject();
        out.key("token");
        out.string(model.tokenSpelling(t.id));
        out.key("id");
        out.integer(t.id);
        out.key("p");
        out.number(t.p);
        out.endObject();
    }
    out.endArray();
}

void writeIds(JsonStreamWriter &out, const std::vector<int> &ids)
{
    out.beginArray(Layout::Line);
    for (int id : ids)
        out.integer(id);
    out.endArray();
}

} // namespace

QString tokenizeText(const TokenizedText &tokens)
{
    QString text = QStringLiteral("%1 tokens\n  %2  %3  %4\n")
                       .arg(tokens.ids.size())
                       .arg(QStringLiteral("#"), 5)
                       .arg(QStringLiteral("id"), 6)
                       .arg(QStringLiteral("token"));
    for (size_t i = 0; i < tokens.ids.size(); ++i) {
        text += QStringLiteral("  %1  %2  %3")
                    .arg(i, 5)
                    .arg(tokens.ids[i], 6)
                    .arg(quoted(tokens.tokens[i]));
        if (!tokens.tokenTypes.empty() && tokens.tokenTypes[i] != 0)
            text += QStringLiteral("  (sentence B)");
        text += QLatin1Char('\n');
    }
    return text;
}

void writeTokenizeJson(const TokenizedText &tokens, JsonStreamWriter &out)
{
    out.beginObject();
    out.key("ids");
    out.beginArray(Layout::Line);
    for (int id : tokens.ids)
        out.integer(id);
    out.endArray();
    out.key("tokens");
    writeStrings(out, tokens.tokens);
    out.endObject();
}

QString modelRunText(const PretrainedModel &model, const ModelRun &run, const AttentionSet &set,
                     const std::vector<HeadScores> &scores, const ExperimentOutcome &experiment)
{
    const AttentionTensor &tensor = *set.tensor;
    QString text = run.encoderDecoder()
                       ? QStringLiteral("%1 (%2): %3 source tokens, %4 decoder tokens; the %5\n")
                             .arg(model.name(), model.description())
                             .arg(run.encoderAttention.keys())
                             .arg(run.attention.keys())
                             .arg(QString::fromStdString(attentionKindTitle(set.kind)))
                       : QStringLiteral("%1 (%2): %3 tokens\n")
                             .arg(model.name(), model.description())
                             .arg(tensor.keys());
    text += tokenListText(tensor);
    text += QLatin1Char('\n') + headScoreTable(tensor, scores, HeadScoreKind::Entropy);
    if (familyDescription(run.family).readout == Readout::NextToken) {
        text += QStringLiteral("\nmost likely next tokens after %1:\n  %2\n")
                    .arg(quoted(run.attention.keyToken(run.attention.keys() - 1)),
                         predictionLine(model, run.topNext));
    } else if (run.masked.empty()) {
        text += QStringLiteral("\nno [MASK] in the text: write [MASK] where BERT should guess a "
                               "word\n");
    } else {
        text += QStringLiteral("\nmost likely tokens at each [MASK]:\n");
        for (const MaskedPrediction &m : run.masked)
            text += QStringLiteral("  %1: %2\n").arg(m.position).arg(predictionLine(model, m.top));
    }
    if (!experiment.interventions.empty())
        text += QStringLiteral("\ninterventions: %1; the guesses above are with them\n")
                    .arg(interventionsText(experiment.interventions, model.encoderDecoder()));
    if (!experiment.measures.empty())
        text += QStringLiteral("\n%1  %2  %3  %4\n")
                    .arg(QStringLiteral("measure"), -24)
                    .arg(QStringLiteral("value"), 12)
                    .arg(QStringLiteral("without"), 12)
                    .arg(QStringLiteral("effect"), 12);
    for (const MeasureOutcome &m : experiment.measures)
        text += QStringLiteral("%1  %2  %3  %4\n")
                    .arg(m.spec, -24)
                    .arg(m.value, 12, 'g', 6)
                    .arg(m.baseline, 12, 'g', 6)
                    .arg(QString::number(m.value - m.baseline, 'g', 6), 12);
    return text;
}

void writeModelRunJson(const PretrainedModel &model, const ModelRunTokens &read,
                       const ModelRun &run, const AttentionSet &set,
                       const std::vector<HeadScores> &scores, const ExperimentOutcome &experiment,
                       JsonStreamWriter &out)
{
    const TokenizedText &tokens = read.source;
    const ModelConfig &config = model.config();
    out.beginObject();
    out.key("model_type");
    out.string(modelTypeName(config.family));
    out.key("layers");
    out.integer(config.layers);
    out.key("heads");
    out.integer(config.heads);
    out.key("d_model");
    out.integer(config.modelDim);
    out.key("kv_heads");
    out.integer(config.keyValueHeads());
    out.key("head_dim");
    out.integer(config.headDim());
    out.key("positions");
    out.string(positionSummary(config));
    // Each layer's window (null: it sees every key before it) and positions
    // ("none" in a layer without them).
    out.key("layer_attention");
    out.beginArray();
    for (int l = 0; l < config.layers; ++l) {
        out.beginObject();
        out.key("window");
        if (const int window = config.attentionOf(l).window; window > 0)
            out.integer(window);
        else
            out.null();
        out.key("positions");
        out.string(layerPositionSummary(config, l));
        out.endObject();
    }
    out.endArray();
    if (config.attentionSoftCap > 0.0f) {
        out.key("attention_soft_cap");
        out.number(config.attentionSoftCap);
    }
    if (config.logitSoftCap > 0.0f) {
        out.key("logit_soft_cap");
        out.number(config.logitSoftCap);
    }
    out.key("tokens");
    writeStrings(out, tokens.tokens);
    out.key("ids");
    out.beginArray(Layout::Line);
    for (int id : tokens.ids)
        out.integer(id);
    out.endArray();
    if (run.encoderDecoder()) {
        out.key("source_ids");
        writeIds(out, tokens.ids);
        out.key("decoder_ids");
        writeIds(out, read.decoder.ids);
        out.key("decoder_tokens");
        writeStrings(out, read.decoder.tokens);
    }
    out.key("sets");
    writeSetList(out, run.sets());
    out.key("set");
    out.string(attentionKindName(set.kind));
    out.key("entropy_bits");
    writeHeadScores(out, *set.tensor, scores, HeadScoreKind::Entropy);
    if (familyDescription(run.family).readout == Readout::NextToken) {
        out.key("top_next");
        writeTop(model, run.topNext, out);
    } else {
        out.key("masked");
        out.beginArray();
        for (const MaskedPrediction &m : run.masked) {
            out.beginObject();
            out.key("position");
            out.integer(m.position);
            out.key("top");
            writeTop(model, m.top, out);
            out.endObject();
        }
        out.endArray();
    }
    if (!experiment.empty()) {
        const Interventions &given = experiment.interventions;
        out.key("interventions");
        out.beginObject();
        out.key("ablated");
        std::vector<std::string> heads;
        for (const HeadIndex &h : given.ablated)
            heads.push_back(headName(h, model.encoderDecoder()));
        writeStrings(out, heads);
        out.key("ablation");
        out.string(given.ablation == AblationKind::Mean ? "mean" : "zero");
        out.key("knockouts");
        std::vector<std::string> edges;
        for (const EdgeKnockout &k : given.knockouts)
            edges.push_back(edgeName(k, model.encoderDecoder()));
        writeStrings(out, edges);
        out.endObject();
        out.key("measures");
        out.beginObject();
        for (const MeasureOutcome &m : experiment.measures) {
            out.key(m.spec.toStdString());
            out.beginObject();
            out.key("value");
            out.number(m.value);
            out.key("baseline");
            out.number(m.baseline);
            out.key("effect");
            out.number(m.value - m.baseline);
            out.endObject();
        }
        out.endObject();
    }
    out.endObject();
}

} // namespace AttentionLab
