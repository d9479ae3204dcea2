#include "evalreport.h"

#include "attention.h"
#include "jsonvalues.h"

#include <QJsonArray>

#include <cmath>

namespace AttentionLab {

Report evalReport(const Session &s)
{
    const AttentionResult r = attend(s.queries, s.keys, s.effectiveValues(), s.options);
    const Index m = r.queryCount();
    const Index n = r.keyCount();

    QJsonArray logits, rowSums, entropy, maxEntropy, argmax, empty;
    for (Index i = 0; i < m; ++i) {
        QJsonArray row;
        for (Index j = 0; j < n; ++j)
            row.append(Json::logit(r, i, j));
        logits.append(row);
        const RowStatistics &stats = r.rows[size_t(i)];
        rowSums.append(stats.sum);
        entropy.append(stats.entropyBits);
        maxEntropy.append(stats.maxEntropyBits);
        argmax.append(stats.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(qint64(stats.argmax)));
        empty.append(stats.empty());
    }
    Report out;
    QJsonObject &j = out.json;
    j.insert(QStringLiteral("d_k"), qint64(s.keys.cols()));
    j.insert(QStringLiteral("scale"), s.options.scale);
    j.insert(QStringLiteral("mask"), QString::fromUtf8(maskModeName(s.options.mask)));
    j.insert(QStringLiteral("temperature"), s.options.temperature);
    j.insert(QStringLiteral("divisor"), r.divisor);
    QJsonArray keyLabels, queryLabels;
    for (Index k = 0; k < n; ++k)
        keyLabels.append(QString::fromStdString(s.keyLabel(k)));
    for (Index q = 0; q < m; ++q)
        queryLabels.append(QString::fromStdString(s.queryLabel(q)));
    j.insert(QStringLiteral("tokens"), keyLabels);
    j.insert(QStringLiteral("query_tokens"), queryLabels);
    j.insert(QStringLiteral("scores"), Json::matrix(r.scores));
    j.insert(QStringLiteral("logits"), logits);
    j.insert(QStringLiteral("weights"), Json::matrix(r.weights));
    j.insert(QStringLiteral("row_sums"), rowSums);
    j.insert(QStringLiteral("entropy_bits"), entropy);
    j.insert(QStringLiteral("max_entropy_bits"), maxEntropy);
    j.insert(QStringLiteral("argmax"), argmax);
    j.insert(QStringLiteral("empty_rows"), empty);
    j.insert(QStringLiteral("output"), Json::matrix(r.output));

    // The readable form: the weights with their row statistics.
    QString &t = out.text;
    t += QStringLiteral("d_k = %1, %2, mask: %3, temperature %4\n\n")
             .arg(s.keys.cols())
             .arg(s.options.scale ? QStringLiteral("scaled by sqrt(d_k)") : QStringLiteral("unscaled"))
             .arg(QString::fromUtf8(maskModeName(s.options.mask)))
             .arg(s.options.temperature);
    t += QStringLiteral("  %1").arg(QStringLiteral("weights"), -12);
    for (Index k = 0; k < n; ++k)
        t += QStringLiteral("%1").arg(QString::fromStdString(s.keyLabel(k)).left(9), 10);
    t += QStringLiteral("%1%2%3\n").arg(QStringLiteral("sum"), 9).arg(QStringLiteral("bits"), 9).arg(QStringLiteral("max"), 9);
    for (Index i = 0; i < m; ++i) {
        t += QStringLiteral("  %1").arg(QString::fromStdString(s.queryLabel(i)).left(11), -12);
        for (Index k = 0; k < n; ++k)
            t += r.isMasked(i, k) && s.options.mask == MaskMode::Causal
                     ? QStringLiteral("         .")
                     : QStringLiteral("%1").arg(r.weights(i, k), 10, 'f', 4);
        const RowStatistics &stats = r.rows[size_t(i)];
        t += QStringLiteral("%1%2%3\n")
                 .arg(stats.sum, 9, 'f', 4)
                 .arg(stats.entropyBits, 9, 'f', 4)
                 .arg(stats.maxEntropyBits, 9, 'f', 4);
    }
    return out;
}

} // namespace AttentionLab
