// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/chapterreports.h"

#include "core/maths/attention.h"
#include "core/maths/attentioncost.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/maskorders.h"
#include "core/maths/parametercount.h"
#include "core/support/memorybudget.h"
#include "io/jsonvalues.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace AttentionLab::ChapterReports {

namespace {

QString label(const std::string &text)
{
    return QString::fromStdString(text);
}

/// "(0.1, 0.2, 0.3)" with \a decimals places, or shortest form when < 0.
QString tuple(const Eigen::Ref<const Eigen::RowVectorXd> &v, int decimals = -1)
{
    QStringList parts;
    for (Index i = 0; i < v.size(); ++i)
        parts << (decimals < 0 ? QString::number(v[i]) : QString::number(v[i], 'f', decimals));
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

QString grouped(std::int64_t value)
{
    QLocale english(QLocale::English);
    return english.toString(static_cast<qlonglong>(value));
}

QString rule(int width)
{
    return QStringLiteral("  ") + QString(width, QLatin1Char('-')) + QLatin1Char('\n');
}

} // namespace

Report one()
{
    const Session s = ChapterExamples::lecture();
    const AttentionResult r = attend(s.queries, s.keys, s.options);
    const Index n = s.keys.rows();
    const Index d = s.keys.cols();
    const RowStatistics &stats = r.rows.front();

    Report out;
    QString &t = out.text;
    t += QStringLiteral("One query against three keys (the lecture example)\n\n");
    const QString query = QStringLiteral("query '%1'").arg(label(s.queryLabel(0)));
    t += QStringLiteral("  %1 q = %2\n").arg(query, -13).arg(tuple(s.queries.row(0)));
    for (Index j = 0; j < n; ++j) {
        const QString key = QStringLiteral("key '%1'").arg(label(s.keyLabel(j)));
        t += QStringLiteral("  %1 k = %2\n").arg(key, -13).arg(tuple(s.keys.row(j)));
    }
    t += QStringLiteral("\n  Values equal keys here, to keep the arithmetic short.\n");
    t += QStringLiteral("  d_k = %1, so the scale is sqrt(%1) = %2\n\n")
             .arg(d)
             .arg(std::sqrt(double(d)), 0, 'f', 4);
    t += QStringLiteral("  %1%2%3%4%5\n")
             .arg(QStringLiteral("key"), -7)
             .arg(QStringLiteral("q . k"), 9)
             .arg(QStringLiteral("/ sqrt(d)"), 12)
             .arg(QStringLiteral("exp"), 9)
             .arg(QStringLiteral("alpha"), 9);
    t += rule(48);
    double expSum = 0.0;
    QJsonArray scores, scaled, weights, keys, keyVectors;
    for (Index j = 0; j < n; ++j) {
        const double raw = r.scores(0, j);
        const double logit = raw / r.divisor;
        const double e = std::exp(logit);
        expSum += e;
        t += QStringLiteral("  %1%2%3%4%5\n")
                 .arg(label(s.keyLabel(j)), -7)
                 .arg(raw, 9, 'f', 4)
                 .arg(logit, 12, 'f', 4)
                 .arg(e, 9, 'f', 4)
                 .arg(r.weights(0, j), 9, 'f', 4);
        keys.append(label(s.keyLabel(j)));
        keyVectors.append(Json::vector(s.keys.row(j)));
        scores.append(raw);
        scaled.append(logit);
        weights.append(r.weights(0, j));
    }
    t += rule(48);
    t += QStringLiteral("  %1%2%3%4\n")
             .arg(QStringLiteral("sum"), -7)
             .arg(QString(), 21)
             .arg(expSum, 9, 'f', 4)
             .arg(stats.sum, 9, 'f', 4);
    t += QStringLiteral("\n  output  zeta = sum of alpha_i v_i\n");
    for (Index j = 0; j < n; ++j)
        t += QStringLiteral("    %1 x %2\n")
                 .arg(r.weights(0, j), 0, 'f', 4)
                 .arg(tuple(s.keys.row(j)));
    t += QStringLiteral("    = %1\n").arg(tuple(r.output.row(0), 4));
    t +=
        QStringLiteral("\n  The alpha column is nearly uniform: entropy %1 bits against a maximum\n"
                       "  of %2. These keys all point the same way, so the query selects "
                       "nothing.\n")
            .arg(stats.entropyBits, 0, 'f', 4)
            .arg(stats.maxEntropyBits, 0, 'f', 4);

    QJsonObject &j = out.json;
    j.insert(QStringLiteral("query_token"), label(s.queryLabel(0)));
    j.insert(QStringLiteral("query"), Json::vector(s.queries.row(0)));
    j.insert(QStringLiteral("keys"), keys);
    j.insert(QStringLiteral("key_vectors"), keyVectors);
    j.insert(QStringLiteral("d_k"), int(d));
    j.insert(QStringLiteral("scale"), std::sqrt(double(d)));
    j.insert(QStringLiteral("scores"), scores);
    j.insert(QStringLiteral("scaled_scores"), scaled);
    j.insert(QStringLiteral("weights"), weights);
    j.insert(QStringLiteral("output"), Json::vector(r.output.row(0)));
    j.insert(QStringLiteral("entropy_bits"), stats.entropyBits);
    j.insert(QStringLiteral("max_entropy_bits"), stats.maxEntropyBits);
    return out;
}

Report select()
{
    const Session s = ChapterExamples::selection();
    const AttentionResult r = attend(s.queries, s.keys, s.values, s.options);
    Report out;
    QString &t = out.text;
    t += QStringLiteral("Attention that discriminates\n\n"
                        "  Keys that disagree, over (animal, vehicle, verb):\n");
    QJsonArray keys;
    for (Index j = 0; j < s.keys.rows(); ++j) {
        t += QStringLiteral("    %1 k = %2\n")
                 .arg(label(s.keyLabel(j)), -8)
                 .arg(tuple(s.keys.row(j)));
        keys.append(label(s.keyLabel(j)));
    }
    t += QLatin1Char('\n');
    QJsonArray queries;
    for (Index i = 0; i < s.queries.rows(); ++i) {
        const RowStatistics &row = r.rows[size_t(i)];
        QStringList cells;
        for (Index j = 0; j < s.keys.rows(); ++j)
            cells << QStringLiteral("%1 %2")
                         .arg(label(s.keyLabel(j)))
                         .arg(r.weights(i, j), 0, 'f', 4);
        t += QStringLiteral("  %1q = %2\n")
                 .arg(label(s.queryLabel(i)), -26)
                 .arg(tuple(s.queries.row(i)));
        t += QStringLiteral("    alpha  %1\n").arg(cells.join(QStringLiteral("  ")));
        t += QStringLiteral("    output %1   entropy %2 bits\n\n")
                 .arg(tuple(r.output.row(i), 4))
                 .arg(row.entropyBits, 0, 'f', 4);
        QJsonObject q;
        q.insert(QStringLiteral("name"), label(s.queryLabel(i)));
        q.insert(QStringLiteral("query"), Json::vector(s.queries.row(i)));
        q.insert(QStringLiteral("weights"), Json::vector(r.weights.row(i)));
        q.insert(QStringLiteral("output"), Json::vector(r.output.row(i)));
        q.insert(QStringLiteral("entropy_bits"), row.entropyBits);
        q.insert(QStringLiteral("top_key"), label(s.keyLabel(row.argmax)));
        q.insert(QStringLiteral("top_weight"), r.weights(i, row.argmax));
        queries.append(q);
    }
    const double maxBits = r.rows.front().maxEntropyBits;
    t += QStringLiteral(
             "  The animal and verb queries commit, the confident one almost entirely; the\n"
             "  undecided query cannot, and its entropy sits at the %1-bit maximum for\n"
             "  three keys. Low entropy: the head chose. High entropy: it averages.\n")
             .arg(maxBits, 0, 'f', 4);
    out.json.insert(QStringLiteral("keys"), keys);
    out.json.insert(QStringLiteral("key_vectors"), Json::matrix(s.keys));
    out.json.insert(QStringLiteral("max_entropy_bits"), maxBits);
    out.json.insert(QStringLiteral("queries"), queries);
    return out;
}

Report scale(const ScaleExperimentSettings &settings)
{
    const ScaleExperimentResult result = runScaleExperiment(settings);
    Report out;
    QString &t = out.text;
    t += QStringLiteral("Why divide by sqrt(d_k): %1 draws of %2 standard-normal keys, seed %3\n\n")
             .arg(settings.draws)
             .arg(settings.keys)
             .arg(settings.seed);
    // With a soft cap, two more columns: the chapter's table otherwise, digit for digit.
    const bool capped = settings.softCap > 0.0;
    t += QStringLiteral("  %1%2%3%4%5%6%7")
             .arg(QStringLiteral("d_k"), 6)
             .arg(QStringLiteral("spread"), 10)
             .arg(QStringLiteral("pooled"), 10)
             .arg(QStringLiteral("max raw"), 10)
             .arg(QStringLiteral("entropy raw"), 13)
             .arg(QStringLiteral("max scaled"), 12)
             .arg(QStringLiteral("entropy scaled"), 16);
    if (capped)
        t += QStringLiteral("%1%2")
                 .arg(QStringLiteral("max capped"), 12)
                 .arg(QStringLiteral("entropy capped"), 16);
    t += QLatin1Char('\n');
    t += rule(capped ? 105 : 77);
    QJsonArray rows;
    for (const ScaleExperimentRow &row : result.rows) {
        t += QStringLiteral("  %1%2%3%4%5%6%7")
                 .arg(row.keyDim, 6)
                 .arg(row.spread, 10, 'f', 3)
                 .arg(row.pooledSpread, 10, 'f', 3)
                 .arg(row.rawMaxWeight, 10, 'f', 4)
                 .arg(row.rawEntropyBits, 13, 'f', 4)
                 .arg(row.scaledMaxWeight, 12, 'f', 4)
                 .arg(row.scaledEntropyBits, 16, 'f', 4);
        if (capped)
            t += QStringLiteral("%1%2")
                     .arg(row.cappedMaxWeight, 12, 'f', 4)
                     .arg(row.cappedEntropyBits, 16, 'f', 4);
        t += QLatin1Char('\n');
        QJsonObject r;
        r.insert(QStringLiteral("d_k"), row.keyDim);
        r.insert(QStringLiteral("spread"), row.spread);
        r.insert(QStringLiteral("pooled_spread"), row.pooledSpread);
        r.insert(QStringLiteral("raw_max_weight"), row.rawMaxWeight);
        r.insert(QStringLiteral("raw_entropy_bits"), row.rawEntropyBits);
        r.insert(QStringLiteral("scaled_max_weight"), row.scaledMaxWeight);
        r.insert(QStringLiteral("scaled_entropy_bits"), row.scaledEntropyBits);
        if (capped) {
            r.insert(QStringLiteral("capped_max_weight"), row.cappedMaxWeight);
            r.insert(QStringLiteral("capped_entropy_bits"), row.cappedEntropyBits);
        }
        rows.append(r);
    }
    t += QStringLiteral("\n  Maximum possible entropy over %1 keys is %2 bits.\n")
             .arg(settings.keys)
             .arg(result.maxEntropyBits, 0, 'f', 4);
    t +=
        QStringLiteral("  spread: population sd of one draw's dot products, averaged (runs low by\n"
                       "  about 0.90 for eight keys); pooled: sample sd over every draw, close to\n"
                       "  sqrt(d_k). Raw scores saturate the softmax; scaled ones stay flat.\n");
    QJsonObject &j = out.json;
    j.insert(QStringLiteral("seed"), QJsonValue(static_cast<double>(settings.seed)));
    j.insert(QStringLiteral("draws"), settings.draws);
    j.insert(QStringLiteral("keys"), settings.keys);
    j.insert(QStringLiteral("max_entropy_bits"), result.maxEntropyBits);
    if (capped)
        j.insert(QStringLiteral("soft_cap"), settings.softCap);
    j.insert(QStringLiteral("rows"), rows);
    return out;
}

Report mask()
{
    const Session s = ChapterExamples::causalMask();
    const Matrix scores = ChapterExamples::causalMaskScores();
    const MaskOrders orders = compareMaskOrders(scores);
    const AttentionResult &first = orders.maskFirst;
    const AttentionResult &second = orders.softmaxFirst;
    const Index n = scores.rows();

    Report out;
    QString &t = out.text;
    auto header = [&](bool withSum) -> QString {
        QString h = QStringLiteral("  ") + QString(10, QLatin1Char(' '));
        for (Index j = 0; j < n; ++j)
            h += QStringLiteral("%1").arg(label(s.keyLabel(j)), 10);
        if (withSum)
            h += QStringLiteral("%1").arg(QStringLiteral("sum"), 8);
        return h + QLatin1Char('\n');
    };
    auto table = [&](const AttentionResult &r) -> QString {
        QString body = header(true);
        for (Index i = 0; i < n; ++i) {
            body += QStringLiteral("  %1").arg(label(s.keyLabel(i)), -10);
            for (Index j = 0; j < n; ++j)
                body += r.isMasked(i, j) ? QStringLiteral("         .")
                                         : QStringLiteral("%1").arg(r.weights(i, j), 10, 'f', 4);
            body += QStringLiteral("%1\n").arg(r.rows[size_t(i)].sum, 8, 'f', 4);
        }
        return body;
    };

    t += QStringLiteral("The causal mask, and the order of operations\n\n"
                        "  raw scores S (rows are queries, columns are keys):\n\n");
    t += header(false);
    for (Index i = 0; i < n; ++i) {
        t += QStringLiteral("  %1").arg(label(s.keyLabel(i)), -10);
        for (Index j = 0; j < n; ++j)
            t += QStringLiteral("%1").arg(scores(i, j), 10, 'f', 2);
        t += QLatin1Char('\n');
    }
    t += QStringLiteral("\n  mask, then softmax (Eq. 16.3: blocked cells are -inf before the "
                        "softmax):\n\n");
    t += table(first);
    t +=
        QStringLiteral("\n  softmax, then mask (the wrong order: blocked cells zeroed after):\n\n");
    t += table(second);
    t += QStringLiteral("\n  weight the wrong order discards, per row:");
    QJsonArray discarded;
    for (Index i = 0; i < n; ++i) {
        const double lost = 1.0 - second.rows[size_t(i)].sum;
        t += QStringLiteral("  %1 %2").arg(label(s.keyLabel(i))).arg(lost, 0, 'f', 4);
        discarded.append(lost);
    }
    t += QStringLiteral(
             "\n\n  Row one sums to %1 instead of 1: the weight of the blocked positions is\n"
             "  thrown away rather than redistributed, worst for the earliest tokens.\n")
             .arg(second.rows.front().sum, 0, 'f', 4);

    auto sums = [](const AttentionResult &r) {
        QJsonArray a;
        for (const RowStatistics &row : r.rows)
            a.append(row.sum);
        return a;
    };
    QJsonObject maskFirst, softmaxFirst;
    maskFirst.insert(QStringLiteral("weights"), Json::matrix(first.weights));
    maskFirst.insert(QStringLiteral("row_sums"), sums(first));
    softmaxFirst.insert(QStringLiteral("weights"), Json::matrix(second.weights));
    softmaxFirst.insert(QStringLiteral("row_sums"), sums(second));
    softmaxFirst.insert(QStringLiteral("discarded"), discarded);
    out.json.insert(QStringLiteral("tokens"), Json::labels(s.tokens));
    out.json.insert(QStringLiteral("scores"), Json::matrix(scores));
    out.json.insert(QStringLiteral("mask_then_softmax"), maskFirst);
    out.json.insert(QStringLiteral("softmax_then_mask"), softmaxFirst);
    return out;
}

Report params(const TransformerConfig &config)
{
    const ParameterCount p = countParameters(config);
    Report out;
    QString &t = out.text;
    t += QStringLiteral("A transformer, counted\n\n"
                        "  |V| = %1, D = %2, layers L = %3, heads h = %4,\n"
                        "  d_k = d_v = D/h = %5, feed-forward H = %6\n\n")
             .arg(config.vocabulary)
             .arg(config.modelDim)
             .arg(config.layers)
             .arg(config.heads)
             .arg(config.headDim())
             .arg(config.feedForward);
    auto line = [&](const QString &what, const QString &formula, std::int64_t value) {
        t += QStringLiteral("  %1%2%3\n").arg(what, -30).arg(formula, -20).arg(grouped(value), 16);
    };
    t += QStringLiteral("  %1%2%3\n")
             .arg(QStringLiteral("component"), -30)
             .arg(QStringLiteral("formula"), -20)
             .arg(QStringLiteral("parameters"), 16);
    t += rule(66);
    line(QStringLiteral("attention W^Q,W^K,W^V,W^O"), QStringLiteral("4 D^2"), p.attentionWeights);
    line(QStringLiteral("  their biases"), QStringLiteral("4 D"), p.attentionBiases);
    line(QStringLiteral("attention"), QStringLiteral("4 D^2 + 4 D"), p.attention);
    line(QStringLiteral("feed-forward weights"), QStringLiteral("2 D H"), p.feedForwardWeights);
    line(QStringLiteral("  their biases"), QStringLiteral("H + D"), p.feedForwardBiases);
    line(QStringLiteral("feed-forward"), QStringLiteral("2 D H + H + D"), p.feedForward);
    line(QStringLiteral("layer norms (two)"), QStringLiteral("4 D"), p.layerNorms);
    t += rule(66);
    line(QStringLiteral("one layer"), QString(), p.perLayer);
    line(QStringLiteral("all %1 layers").arg(config.layers), QStringLiteral("L x layer"),
         p.allLayers);
    line(QStringLiteral("embeddings"), QStringLiteral("|V| D"), p.embeddings);
    t += rule(66);
    line(QStringLiteral("total"), QString(), p.total);
    t += QStringLiteral("\n  The heads are free: %1 heads of %2 cost what one head of %3 costs,\n"
                        "  because h x d_k = D. The feed-forward block is the larger one: %4\n"
                        "  against %5 for attention.\n")
             .arg(config.heads)
             .arg(config.headDim())
             .arg(config.modelDim)
             .arg(grouped(p.feedForward), grouped(p.attention));

    QJsonObject &j = out.json;
    auto put = [&](const char *key, std::int64_t value) {
        j.insert(QLatin1StringView(key), QJsonValue(static_cast<qint64>(value)));
    };
    put("vocabulary", config.vocabulary);
    put("d_model", config.modelDim);
    put("layers", config.layers);
    put("heads", config.heads);
    put("ffn", config.feedForward);
    put("d_k", config.headDim());
    put("embeddings", p.embeddings);
    put("attention_weights", p.attentionWeights);
    put("attention_biases", p.attentionBiases);
    put("attention", p.attention);
    put("feed_forward_weights", p.feedForwardWeights);
    put("feed_forward_biases", p.feedForwardBiases);
    put("feed_forward", p.feedForward);
    put("layer_norms", p.layerNorms);
    put("per_layer", p.perLayer);
    put("all_layers", p.allLayers);
    put("total", p.total);
    return out;
}

Report cost(const std::vector<std::int64_t> &lengths, std::int64_t keyDim)
{
    Report out;
    QString &t = out.text;
    t += QStringLiteral("What the sequence length costs (one head, d_k = %1)\n\n").arg(keyDim);
    t += QStringLiteral("  %1%2%3%4%5\n")
             .arg(QStringLiteral("tokens n"), 10)
             .arg(QStringLiteral("n^2 score cells"), 22)
             .arg(QStringLiteral("multiply-adds"), 24)
             .arg(QStringLiteral("n x n doubles"), 16)
             .arg(QStringLiteral("vs n = 512"), 13);
    t += rule(85);
    QJsonArray rows;
    for (std::int64_t n : lengths) {
        const AttentionCost c = attentionCost(n, keyDim);
        t += QStringLiteral("  %1%2%3%4%5x\n")
                 .arg(n, 10)
                 .arg(grouped(c.scoreCells), 22)
                 .arg(grouped(c.multiplyAdds), 24)
                 .arg(QString::fromStdString(formatBytes(double(c.matrixBytes))), 16)
                 .arg(c.relativeTo512, 12, 'f', 2);
        QJsonObject r;
        r.insert(QStringLiteral("n"), QJsonValue(static_cast<qint64>(n)));
        r.insert(QStringLiteral("score_cells"), QJsonValue(static_cast<qint64>(c.scoreCells)));
        r.insert(QStringLiteral("multiply_adds"), QJsonValue(static_cast<qint64>(c.multiplyAdds)));
        r.insert(QStringLiteral("matrix_bytes"), QJsonValue(static_cast<qint64>(c.matrixBytes)));
        r.insert(QStringLiteral("relative_to_512"), c.relativeTo512);
        rows.append(r);
    }
    t += QStringLiteral(
        "\n  Quadruple the context and the attention cost rises sixteen-fold: O(n^2).\n");
    out.json.insert(QStringLiteral("d_k"), QJsonValue(static_cast<qint64>(keyDim)));
    out.json.insert(QStringLiteral("rows"), rows);
    return out;
}

} // namespace AttentionLab::ChapterReports
