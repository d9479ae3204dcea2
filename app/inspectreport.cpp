// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/inspectreport.h"

#include "app/usageerror.h"
#include "core/maths/inputtext.h"
#include "core/sets/tokenlabels.h"
#include "core/support/counttext.h"
#include "io/jsonstreamwriter.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace AttentionLab {

namespace {

using Layout = JsonStreamWriter::Layout;

constexpr HeadScoreKind kTableKinds[] = {
    HeadScoreKind::Entropy,
    HeadScoreKind::PreviousToken,
    HeadScoreKind::FirstToken,
    HeadScoreKind::Self,
    HeadScoreKind::DuplicateToken,
    HeadScoreKind::Induction,
    HeadScoreKind::InductionRepeats,
    HeadScoreKind::Monotonicity,
    HeadScoreKind::Reach,
};

/// The JSON's members for the scores, in the order the issue lists them.
constexpr HeadScoreKind kJsonKinds[] = {HeadScoreKind::Entropy,      HeadScoreKind::PreviousToken,
                                        HeadScoreKind::FirstToken,   HeadScoreKind::Self,
                                        HeadScoreKind::Monotonicity, HeadScoreKind::Reach};
/// Then the detectors that need repeated tokens: null when no token repeats.
constexpr HeadScoreKind kJsonRepeatKinds[] = {
    HeadScoreKind::DuplicateToken, HeadScoreKind::Induction, HeadScoreKind::InductionRepeats};

} // namespace

QString headScoreTable(const AttentionTensor &tensor, const std::vector<HeadScores> &scores,
                       HeadScoreKind kind)
{
    QString text = QString::fromStdString(headScoreTitle(kind)) + QStringLiteral(", layer x head");
    if (kind == HeadScoreKind::Entropy) {
        // Causal rows see fewer keys: uniform ones have less entropy.
        if (isCausal(tensor))
            text += QStringLiteral(" (uniform over the keys each query may see, causal: %1 bits)")
                        .arg(uniformEntropyBits(tensor), 0, 'f', 2);
        else
            text += QStringLiteral(" (uniform over %1 keys: %2 bits)")
                        .arg(tensor.keys())
                        .arg(uniformEntropyBits(tensor), 0, 'f', 2);
    }
    text += QStringLiteral("\n      ");
    for (int h = 0; h < tensor.heads(); ++h)
        text += QStringLiteral("%1").arg(QStringLiteral("h%1").arg(tensor.headNumber(h)), 7);
    text += QLatin1Char('\n');
    for (int l = 0; l < tensor.layers(); ++l) {
        text += QStringLiteral("%1").arg(QStringLiteral("l%1").arg(tensor.layerNumber(l)), 6);
        for (int h = 0; h < tensor.heads(); ++h) {
            const double value = scores[static_cast<size_t>(l) * tensor.heads() + h].value(kind);
            text += QStringLiteral("%1").arg(value, 7, 'f', kind == HeadScoreKind::Entropy ? 2 : 3);
        }
        text += QLatin1Char('\n');
    }
    return text;
}

QString tokenListText(const AttentionTensor &tensor)
{
    return keyTokenText(tensor) + queryTokenText(tensor);
}

QString queryTokenText(const AttentionTensor &tensor)
{
    if (tensor.queryTokens().empty())
        return {};
    QStringList queries;
    for (int q = 0; q < tensor.queries(); ++q)
        queries << QString::fromStdString(inputText(tensor.queryToken(q)));
    return QStringLiteral("query tokens: %1\n").arg(queries.join(QLatin1Char(' ')));
}

QString keyTokenText(const AttentionTensor &tensor)
{
    if (tensor.tokens().empty())
        return QStringLiteral("tokens: none in the file (positions 0 to %1)\n")
            .arg(tensor.keys() - 1);
    QString text = QStringLiteral("tokens:");
    int column = 7;
    for (int k = 0; k < tensor.keys(); ++k) {
        const QString item = QStringLiteral(" %1:%2").arg(k).arg(
            QString::fromStdString(inputText(tensor.keyToken(k))));
        if (column + item.size() > 80) {
            text += QStringLiteral("\n       ");
            column = 7;
        }
        text += item;
        column += int(item.size());
    }
    return text + QLatin1Char('\n');
}

namespace {

/// "the last token, "ĠX", draws most on: 0 "The" 0.412, 5 ..."
QString rolloutLine(const AttentionTensor &tensor, const Eigen::VectorXf &lastRow)
{
    const int last = tensor.queries() - 1;
    std::vector<int> order(static_cast<size_t>(lastRow.size()));
    std::iota(order.begin(), order.end(), 0);
    const size_t shown = std::min<size_t>(5, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<long>(shown), order.end(),
                      [&](int a, int b) { return lastRow[a] > lastRow[b]; });
    QStringList parts;
    for (size_t i = 0; i < shown; ++i)
        parts << QStringLiteral("%1 \"%2\" %3")
                     .arg(order[i])
                     .arg(
                         QString::fromStdString(inputText(displayToken(tensor.keyToken(order[i])))))
                     .arg(lastRow[order[i]], 0, 'f', 3);
    return QStringLiteral("rollout (Abnar and Zuidema 2020): the last query, %1 \"%2\", draws "
                          "most on\n  %3\n")
        .arg(last)
        .arg(QString::fromStdString(inputText(displayToken(tensor.queryToken(last)))),
             parts.join(QStringLiteral(", ")));
}

} // namespace

void writeStrings(JsonStreamWriter &out, const std::vector<std::string> &strings)
{
    out.beginArray(Layout::Line);
    for (const std::string &s : strings)
        out.string(s);
    out.endArray();
}

void writeHeadScores(JsonStreamWriter &out, const AttentionTensor &tensor,
                     const std::vector<HeadScores> &scores, HeadScoreKind kind)
{
    out.beginArray();
    for (int l = 0; l < tensor.layers(); ++l) {
        out.beginArray(Layout::Line);
        for (int h = 0; h < tensor.heads(); ++h)
            out.number(scores[static_cast<size_t>(l) * tensor.heads() + h].value(kind));
        out.endArray();
    }
    out.endArray();
}

InspectSummary summarizeTensor(const QString &file, const AttentionTensor &tensor,
                               bool wholeRollout, AttentionKind kind)
{
    InspectSummary summary;
    // A rollout follows a token through its own layers: a self-attention's.
    const bool rolls = hasRollout(tensor) && isSelfAttention(kind);
    // Refused before anything else is computed or written.
    if (wholeRollout && rolls) {
        if (const std::string why = rolloutRefusal(tensor); !why.empty())
            throw UsageError{QStringLiteral("%1: %2; inspect without --json shows the last "
                                            "token's row")
                                 .arg(file, QString::fromStdString(why))};
        summary.rollout = rollout(tensor);
    }
    summary.scores = scoreHeads(tensor);
    if (rolls)
        summary.rolloutLastRow = rolloutRow(tensor, tensor.queries() - 1);
    return summary;
}

QString inspectText(const QString &file, const AttentionTensor &tensor,
                    const InspectSummary &summary, AttentionKind kind)
{
    QString text = QStringLiteral("%1: %2 x %3, %4 queries x %5 keys\n")
                       .arg(file)
                       .arg(QString::fromStdString(countText(tensor.layers(), "layer")))
                       .arg(QString::fromStdString(countText(tensor.heads(), "head")))
                       .arg(tensor.queries())
                       .arg(tensor.keys());
    text += tokenListText(tensor);
    // A cross-attention's queries are another text's: aligned with none of its keys.
    if (tensor.keyOffset() != 0 && kind != AttentionKind::Cross)
        text += QStringLiteral("query i is aligned with key i + %1\n").arg(tensor.keyOffset());
    const bool repeats = !summary.scores.empty() && !std::isnan(summary.scores.front().induction);
    for (HeadScoreKind score : kTableKinds) {
        if ((needsRepeatedTokens(score) && !repeats) || !headScoreApplies(score, kind))
            continue;
        text += QLatin1Char('\n') + headScoreTable(tensor, summary.scores, score);
    }
    if (!isSelfAttention(kind))
        text += QStringLiteral("\nprevious-token, first-token, self, duplicate-token and "
                               "induction scores: none for a cross-attention, whose queries "
                               "are another text's tokens\n");
    else if (!repeats)
        text += QStringLiteral("\nduplicate-token and induction scores: no token repeats%1\n")
                    .arg(tensor.tokens().empty() ? QStringLiteral(" (the file has no tokens)")
                                                 : QString());
    if (summary.rolloutLastRow)
        text += QLatin1Char('\n') + rolloutLine(tensor, *summary.rolloutLastRow) +
                (tensor.isRenumbered()
                     ? QStringLiteral("  (through the layers this file kept, in its order, not "
                                      "the model's own)\n")
                     : QString());
    return text;
}

void writeSetList(JsonStreamWriter &out, const std::vector<AttentionSet> &sets)
{
    out.beginArray();
    for (const AttentionSet &set : sets) {
        const AttentionTensor &t = *set.tensor;
        out.beginObject();
        out.key("kind");
        out.string(attentionKindName(set.kind));
        out.key("layers");
        out.integer(t.layers());
        out.key("heads");
        out.integer(t.heads());
        out.key("query_tokens");
        std::vector<std::string> queries;
        if (!t.tokens().empty() || !t.queryTokens().empty())
            for (int q = 0; q < t.queries(); ++q)
                queries.push_back(t.queryToken(q));
        writeStrings(out, queries);
        out.key("key_tokens");
        writeStrings(out, t.tokens());
        out.endObject();
    }
    out.endArray();
}

void writeInspectJson(const AttentionTensor &tensor, const InspectSummary &summary,
                      AttentionKind kind, const std::vector<AttentionSet> &sets,
                      JsonStreamWriter &out)
{
    out.beginObject();
    // A file of one attention keeps the members it always had; one of
    // several says which it describes, and lists them all.
    if (sets.size() > 1) {
        out.key("kind");
        out.string(attentionKindName(kind));
        out.key("sets");
        writeSetList(out, sets);
    }
    out.key("shape");
    out.beginArray(Layout::Line);
    for (int axis : {tensor.layers(), tensor.heads(), tensor.queries(), tensor.keys()})
        out.integer(axis);
    out.endArray();
    out.key("layers");
    out.integer(tensor.layers());
    out.key("heads");
    out.integer(tensor.heads());
    if (tensor.isRenumbered()) {
        // The numbers the model gave the layers and heads the file kept.
        out.key("layer_numbers");
        out.beginArray(Layout::Line);
        for (int l = 0; l < tensor.layers(); ++l)
            out.integer(tensor.layerNumber(l));
        out.endArray();
        out.key("head_numbers");
        out.beginArray(Layout::Line);
        for (int h = 0; h < tensor.heads(); ++h)
            out.integer(tensor.headNumber(h));
        out.endArray();
    }
    out.key("queries");
    out.integer(tensor.queries());
    out.key("keys");
    out.integer(tensor.keys());
    out.key("tokens");
    writeStrings(out, tensor.tokens());
    out.key("query_tokens");
    if (!tensor.queryTokens().empty() || tensor.tokens().empty()) {
        writeStrings(out, tensor.queryTokens());
    } else {
        std::vector<std::string> aligned;
        for (int q = 0; q < tensor.queries(); ++q)
            aligned.push_back(tensor.queryToken(q));
        writeStrings(out, aligned);
    }
    for (HeadScoreKind score : kJsonKinds) {
        out.key(headScoreKey(score));
        if (headScoreApplies(score, kind))
            writeHeadScores(out, tensor, summary.scores, score);
        else
            out.null();
    }
    const bool repeats = !summary.scores.empty() && !std::isnan(summary.scores.front().induction);
    for (HeadScoreKind score : kJsonRepeatKinds) {
        out.key(headScoreKey(score));
        if (repeats && headScoreApplies(score, kind))
            writeHeadScores(out, tensor, summary.scores, score);
        else
            out.null();
    }
    out.key("rollout");
    if (!summary.rollout) {
        out.null();
    } else {
        out.beginArray();
        for (Eigen::Index i = 0; i < summary.rollout->rows(); ++i) {
            out.beginArray(Layout::Line);
            for (Eigen::Index j = 0; j < summary.rollout->cols(); ++j)
                out.floatNumber((*summary.rollout)(i, j));
            out.endArray();
        }
        out.endArray();
    }
    out.endObject();
}

} // namespace AttentionLab
