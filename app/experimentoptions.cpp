// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/experimentoptions.h"

#include "app/commandrequest.h"
#include "app/usageerror.h"
#include "core/model/familydescription.h"
#include "io/headexperiments.h"
#include "io/inputtextqt.h"
#include "io/modelcheckpoint.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QRegularExpression>

#include <algorithm>
#include <optional>

namespace AttentionLab {

namespace {

/// The largest token index an option takes; the text's length refuses what is past it.
constexpr int kLargest = 1 << 30;

/// A whole number of --option in [min, max], with what it is named in the message.
int numberIn(const QString &option, const QString &whole, const QString &text, int min, int max,
             const QString &what)
{
    bool ok = false;
    const long long wide = text.toLongLong(&ok);
    if (ok && (wide < min || wide > max))
        usageError(QStringLiteral("--%1: %2 %3 is out of range (0 to %4)")
                       .arg(option, what, inputText(text), QString::number(max)));
    const int value = int(wide);
    if (!ok)
        usageError(QStringLiteral("--%1: in \"%2\", \"%3\" is not a whole number")
                       .arg(option, inputText(whole), inputText(text)));
    if (value < min || value > max)
        usageError(QStringLiteral("--%1: %2 %3 is out of range (0 to %4)")
                       .arg(option, what, QString::number(value), QString::number(max)));
    return value;
}

/// --set as given, or none.
std::optional<AttentionKind> namedSet(const CommandRequest &r)
{
    if (!r.values.contains(QStringLiteral("set")))
        return std::nullopt;
    const QString set = r.values.value(QStringLiteral("set"));
    const std::optional<AttentionKind> kind = parseAttentionKind(set.toStdString());
    if (!kind)
        usageError(
            QStringLiteral("--set: \"%1\" is not encoder, decoder or cross").arg(inputText(set)));
    return kind;
}

/// An item of --ablate or --knockout: the attention it names (its prefix
/// "encoder:", "decoder:" or "cross:", else --set, else a single stack's
/// one) and the rest of it.
struct SetItem
{
    AttentionKind set = AttentionKind::Decoder;
    QString rest;
};

SetItem setItemOf(const QString &option, const QString &item, const PretrainedModel &model,
                  std::optional<AttentionKind> given, const QString &example)
{
    SetItem out;
    out.rest = item;
    std::optional<AttentionKind> named;
    const qsizetype colon = item.indexOf(QLatin1Char(':'));
    if (colon > 0 && !item.at(0).isDigit()) {
        named = parseAttentionKind(item.left(colon).toStdString());
        if (!named)
            usageError(QStringLiteral("--%1: in \"%2\", \"%3\" is not encoder, decoder or cross")
                           .arg(option, inputText(item), inputText(item.left(colon))));
        out.rest = item.mid(colon + 1);
    }
    const ModelConfig &config = model.config();
    if (!model.encoderDecoder()) {
        const AttentionKind only = stackKind(config);
        const std::optional<AttentionKind> asked = named ? named : given;
        if (asked && *asked != only)
            usageError(QStringLiteral("--%1: \"%2\" names the %3, and %4")
                           .arg(option, inputText(item),
                                QString::fromStdString(attentionKindTitle(*asked)),
                                QString::fromStdString(onlyAttentionText(config))));
        out.set = only;
        return out;
    }
    if (!named && !given)
        usageError(QStringLiteral("--%1: \"%2\" does not say which of %3's attentions: write "
                                  "encoder:%4, decoder:%4 or cross:%4, or give --set")
                       .arg(option, inputText(item), model.name(), example));
    out.set = named ? *named : *given;
    return out;
}

std::vector<HeadIndex> headsOf(const QString &spec, const PretrainedModel &model,
                               std::optional<AttentionKind> given)
{
    std::vector<HeadIndex> out;
    const ModelWeights &weights = model.checkpoint()->weights();
    for (const QString &part : spec.split(QLatin1Char(','))) {
        const QString item = part.trimmed();
        const SetItem named =
            setItemOf(QStringLiteral("ablate"), item, model, given, QStringLiteral("1.2"));
        const ModelConfig &config = stackConfig(weights, named.set);
        const QStringList pieces = named.rest.split(QLatin1Char('.'));
        if (pieces.size() != 2 || pieces[0].isEmpty() || pieces[1].isEmpty())
            usageError(QStringLiteral("--ablate: \"%1\" is not LAYER.HEAD (or LAYER.kvK for a "
                                      "key/value head), such as 1.2")
                           .arg(inputText(item)));
        const int layer = numberIn(QStringLiteral("ablate"), item, pieces[0], 0, config.layers - 1,
                                   QStringLiteral("layer"));
        if (pieces[1].startsWith(QLatin1String("kv"))) {
            const int kv = numberIn(QStringLiteral("ablate"), item, pieces[1].mid(2), 0,
                                    config.keyValueHeads() - 1, QStringLiteral("key/value head"));
            for (const HeadIndex &h : queryHeadsOfKeyValueHead(config, layer, kv))
                out.push_back({h.layer, h.head, named.set});
        } else {
            out.push_back({layer,
                           numberIn(QStringLiteral("ablate"), item, pieces[1], 0, config.heads - 1,
                                    QStringLiteral("head")),
                           named.set});
        }
    }
    // Each head once, in order.
    return sortedHeads(std::move(out));
}

std::vector<EdgeKnockout> knockoutsOf(const QString &spec, const PretrainedModel &model,
                                      std::optional<AttentionKind> given)
{
    static const QRegularExpression edge(QStringLiteral("^(\\d+)\\.(\\d+|\\*):(\\d+)>(\\d+)$"));
    std::vector<EdgeKnockout> out;
    const ModelWeights &weights = model.checkpoint()->weights();
    for (const QString &part : spec.split(QLatin1Char(','))) {
        const QString item = part.trimmed();
        const SetItem named =
            setItemOf(QStringLiteral("knockout"), item, model, given, QStringLiteral("1.2:7>3"));
        const ModelConfig &config = stackConfig(weights, named.set);
        const QRegularExpressionMatch m = edge.match(named.rest);
        if (!m.hasMatch())
            usageError(QStringLiteral("--knockout: \"%1\" is not LAYER.HEAD:QUERY>KEY (HEAD * "
                                      "for every head), such as 1.2:7>3")
                           .arg(inputText(item)));
        EdgeKnockout k;
        k.set = named.set;
        k.layer = numberIn(QStringLiteral("knockout"), item, m.captured(1), 0, config.layers - 1,
                           QStringLiteral("layer"));
        k.head = m.captured(2) == QLatin1String("*")
                     ? -1
                     : numberIn(QStringLiteral("knockout"), item, m.captured(2), 0,
                                config.heads - 1, QStringLiteral("head"));
        k.query = numberIn(QStringLiteral("knockout"), item, m.captured(3), 0, kLargest,
                           QStringLiteral("query"));
        k.key = numberIn(QStringLiteral("knockout"), item, m.captured(4), 0, kLargest,
                         QStringLiteral("key"));
        out.push_back(k);
    }
    return out;
}

/// SPEC's tokens: "A" or "A,B", commas inside double quotes kept.
QStringList tokenList(const QString &text)
{
    QStringList out;
    QString current;
    bool quoted = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('"'))
            quoted = !quoted;
        if (c == QLatin1Char(',') && !quoted) {
            out << current;
            current.clear();
        } else {
            current += c;
        }
    }
    out << current;
    return out;
}

ModelMeasure measureOf(const QString &spec, const PretrainedModel &model, int position)
{
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    const QString kind = colon < 0 ? spec : spec.left(colon);
    const QString rest = colon < 0 ? QString() : spec.mid(colon + 1);
    ModelMeasure m;
    m.position = position;
    const auto token = [&](const QString &written) {
        try {
            return HeadExperiments::tokenId(model, written);
        } catch (const ReadError &error) {
            usageError(QStringLiteral("--measure %1: %2").arg(inputText(spec), error.message));
        }
    };
    if (kind == QLatin1String("prob")) {
        m.kind = MeasureKind::Probability;
        if (rest.isEmpty())
            usageError(QStringLiteral("--measure prob needs a token: prob:TOKEN, such as "
                                      "prob:\" Paris\" or prob:#6342"));
        m.tokenA = token(rest);
    } else if (kind == QLatin1String("logitdiff")) {
        m.kind = MeasureKind::LogitDifference;
        const QStringList tokens = tokenList(rest);
        if (tokens.size() != 2)
            usageError(QStringLiteral("--measure %1: logitdiff needs two tokens, logitdiff:A,B, "
                                      "such as logitdiff:\" Mary\",\" John\"")
                           .arg(inputText(spec)));
        m.tokenA = token(tokens[0]);
        m.tokenB = token(tokens[1]);
    } else if (kind == QLatin1String("loss")) {
        m.kind = MeasureKind::Loss;
        if (!rest.isEmpty()) {
            static const QRegularExpression span(QStringLiteral("^(\\d+)-(\\d+)$"));
            const QRegularExpressionMatch s = span.match(rest);
            if (!s.hasMatch())
                usageError(QStringLiteral("--measure %1: the span is FROM-TO, token indices from "
                                          "0, such as loss:26-49")
                               .arg(inputText(spec)));
            m.from = numberIn(QStringLiteral("measure"), spec, s.captured(1), 0, kLargest,
                              QStringLiteral("token"));
            m.to = numberIn(QStringLiteral("measure"), spec, s.captured(2), 0, kLargest,
                            QStringLiteral("token"));
        }
    } else if (kind == QLatin1String("kl")) {
        m.kind = MeasureKind::KlDivergence;
        if (!rest.isEmpty())
            usageError(
                QStringLiteral("--measure %1: kl takes nothing after it").arg(inputText(spec)));
    } else {
        usageError(QStringLiteral("--measure: \"%1\" is not prob:TOKEN, logitdiff:A,B, loss, "
                                  "loss:FROM-TO or kl")
                       .arg(inputText(spec)));
    }
    return m;
}

int positionOf(const CommandRequest &r)
{
    if (!r.values.contains(QStringLiteral("position")))
        return -1;
    return int(parseInteger(QStringLiteral("position"), r.values.value(QStringLiteral("position")),
                            0, kLargest));
}

} // namespace

AblationKind ablationOf(const CommandRequest &r)
{
    const QString kind = r.values.value(QStringLiteral("ablation"), QStringLiteral("zero"));
    if (kind == QLatin1String("zero"))
        return AblationKind::Zero;
    if (kind == QLatin1String("mean"))
        return AblationKind::Mean;
    usageError(QStringLiteral("--ablation: \"%1\" is not zero or mean").arg(inputText(kind)));
}

Interventions interventionsOf(const CommandRequest &r, const PretrainedModel &model)
{
    if (r.values.contains(QStringLiteral("ablation")) && r.command == QLatin1String("model") &&
        !r.values.contains(QStringLiteral("ablate")))
        usageError(QStringLiteral("--ablation says how --ablate's heads are ablated: give "
                                  "--ablate L.H too"));
    Interventions out;
    const std::optional<AttentionKind> given = namedSet(r);
    if (r.values.contains(QStringLiteral("ablate")))
        out.ablated = headsOf(r.values.value(QStringLiteral("ablate")), model, given);
    out.ablation = ablationOf(r);
    if (r.values.contains(QStringLiteral("knockout")))
        out.knockouts = knockoutsOf(r.values.value(QStringLiteral("knockout")), model, given);
    return out;
}

PassTokens passTokensOf(const CommandRequest &r, const PretrainedModel &model, TokenizedText tokens)
{
    const bool target = r.values.contains(QStringLiteral("target"));
    if (!model.encoderDecoder()) {
        if (target)
            usageError(
                QStringLiteral("--target is for encoder-decoder models (T5, BART, Marian); "
                               "%1 is a %2 model")
                    .arg(model.name(), QString::fromStdString(
                                           familyDescription(model.config().family).displayName)));
        return PassTokens(std::move(tokens));
    }
    try {
        return PassTokens(std::move(tokens),
                          model.decoderTokens(target ? std::optional<QString>(
                                                           r.values.value(QStringLiteral("target")))
                                                     : std::nullopt));
    } catch (const ReadError &error) {
        usageError(QStringLiteral("--target: %1").arg(error.message));
    }
}

AttentionKind sweptSetOf(const CommandRequest &r, const PretrainedModel &model)
{
    const std::optional<AttentionKind> given = namedSet(r);
    if (!given)
        return HeadExperiments::defaultSet(model);
    if (!model.encoderDecoder() && *given != stackKind(model.config()))
        usageError(QStringLiteral("--set %1: %2")
                       .arg(QString::fromStdString(attentionKindName(*given)),
                            QString::fromStdString(onlyAttentionText(model.config()))));
    return *given;
}

std::vector<WrittenMeasure> measuresOf(const CommandRequest &r, const PretrainedModel &model)
{
    std::vector<WrittenMeasure> out;
    const int position = positionOf(r);
    if (position >= 0 && r.measures.isEmpty())
        usageError(QStringLiteral("--position says where a measure reads: give --measure too"));
    for (const QString &spec : r.measures) {
        for (const WrittenMeasure &earlier : out)
            if (earlier.spec == spec)
                usageError(QStringLiteral("--measure %1 is given twice").arg(inputText(spec)));
        out.push_back({spec, measureOf(spec, model, position)});
        if (position >= 0 && out.back().measure.kind == MeasureKind::Loss)
            usageError(QStringLiteral("--position applies to prob, logitdiff and kl; the loss "
                                      "takes its span: loss:FROM-TO"));
    }
    return out;
}

WrittenMeasure oneMeasureOf(const CommandRequest &r, const PretrainedModel &model)
{
    if (r.measures.size() != 1)
        usageError(
            r.measures.isEmpty()
                ? QStringLiteral("%1 needs what to measure: --measure prob:TOKEN, "
                                 "logitdiff:A,B, loss[:FROM-TO] or kl")
                      .arg(r.command)
                : QStringLiteral("%1 measures one thing: give --measure once").arg(r.command));
    return measuresOf(r, model).front();
}

QString interventionsText(const Interventions &interventions, bool withSet)
{
    QStringList parts;
    if (!interventions.ablated.empty()) {
        QStringList heads;
        for (const HeadIndex &h : interventions.ablated)
            heads << QString::fromStdString(headName(h, withSet));
        parts << QStringLiteral("heads %1 ablated (%2)")
                     .arg(heads.join(QStringLiteral(", ")),
                          interventions.ablation == AblationKind::Mean
                              ? QStringLiteral("replaced by their mean over the positions")
                              : QStringLiteral("zeroed"));
    }
    if (!interventions.knockouts.empty()) {
        QStringList edges;
        for (const EdgeKnockout &k : interventions.knockouts)
            edges << QString::fromStdString(edgeName(k, withSet));
        parts << QStringLiteral("edges %1 knocked out").arg(edges.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace AttentionLab
