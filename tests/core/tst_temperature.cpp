// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The softmax temperature at its extremes: every finite tau > 0 must give the
// limit the mathematics promises, in every mask mode. As tau -> 0 all the
// weight goes to the largest visible-to-the-softmax score (ties share it
// equally); as tau -> infinity the row becomes uniform.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace AttentionLab;

Q_DECLARE_METATYPE(AttentionLab::MaskMode)
Q_DECLARE_METATYPE(AttentionLab::Matrix)

namespace {

Matrix column(std::initializer_list<double> values)
{
    Matrix m(Index(values.size()), 1);
    Index i = 0;
    for (double v : values)
        m(i++, 0) = v;
    return m;
}

/// The limit computed without any exponential: tau -> 0 shares the row
/// equally among the largest scores the softmax sees, tau -> infinity
/// spreads it evenly; keys hidden by either causal order then carry 0.
Matrix limitWeights(const Matrix &scores, MaskMode mode, bool coldLimit)
{
    const Index m = scores.rows();
    const Index n = scores.cols();
    Matrix w = Matrix::Zero(m, n);
    for (Index i = 0; i < m; ++i) {
        const Index visible = visibleKeyCount(mode, i, m, n);
        const Index span = mode == MaskMode::CausalAfterSoftmax ? n : visible;
        if (visible == 0)
            continue;
        const double max = scores.row(i).head(span).maxCoeff();
        Index winners = 0;
        for (Index j = 0; j < span; ++j)
            winners += !coldLimit || scores(i, j) == max;
        for (Index j = 0; j < visible; ++j)
            if (!coldLimit || scores(i, j) == max)
                w(i, j) = 1.0 / double(winners);
    }
    return w;
}

double entropyBits(const Eigen::RowVectorXd &row)
{
    double h = 0.0;
    for (Index j = 0; j < row.size(); ++j)
        if (row[j] > 0.0)
            h -= row[j] * std::log2(row[j]);
    return h;
}

} // namespace

class TestTemperature : public QObject
{
    Q_OBJECT

private slots:
    void extremeTemperatures_data();
    void extremeTemperatures();
    void logitsOverflowButAreNotMasked();
};

void TestTemperature::extremeTemperatures_data()
{
    QTest::addColumn<Matrix>("queries");
    QTest::addColumn<Matrix>("keys");
    QTest::addColumn<bool>("scale");
    QTest::addColumn<MaskMode>("mode");
    QTest::addColumn<double>("temperature");

    const Session lecture = ChapterExamples::lecture();
    const Session selection = ChapterExamples::selection();
    struct Example
    {
        const char *name;
        Matrix q, k;
        bool scale;
    };
    const std::vector<Example> examples = {
        // The case: (0.5, 0, 0.5) before the fix.
        {"query 1, keys (1, -1, 0.5)", column({1.0}), column({1.0, -1.0, 0.5}), true},
        // Each query against every key: causal rows see 1, 2, 3 keys, and the
        // first row's best key (1) is hidden from it.
        {"queries (-1, 1, 0.5), keys (1, -1, 0.5)", column({-1.0, 1.0, 0.5}),
         column({1.0, -1.0, 0.5}), true},
        {"a tie at the maximum", column({1.0, 1.0, 1.0}), column({1.0, 1.0, -1.0}), false},
        {"the lecture example", lecture.queries, lecture.keys, true},
        {"the selection keys", selection.queries, selection.keys, true},
    };
    const std::vector<std::pair<const char *, MaskMode>> modes = {
        {"none", MaskMode::None},
        {"causal", MaskMode::Causal},
        {"causal after softmax", MaskMode::CausalAfterSoftmax}};
    for (double tau : {5e-324, 1e-300, 1e-30, 1e300}) {
        for (const Example &e : examples) {
            for (const auto &[modeName, mode] : modes) {
                QTest::addRow("%s, %s, tau %g", e.name, modeName, tau)
                    << e.q << e.k << e.scale << mode << tau;
            }
        }
    }
}

void TestTemperature::extremeTemperatures()
{
    QFETCH(Matrix, queries);
    QFETCH(Matrix, keys);
    QFETCH(bool, scale);
    QFETCH(MaskMode, mode);
    QFETCH(double, temperature);

    AttentionOptions options;
    options.scale = scale;
    options.mask = mode;
    options.temperature = temperature;
    const AttentionResult r = attend(queries, keys, options);
    const Matrix scores = queries * keys.transpose();
    const Matrix expected = limitWeights(scores, mode, temperature < 1.0);

    FusedPassResult fused;
    fusedAttention(queries, keys, keys, options, fused);
    for (Index i = 0; i < r.queryCount(); ++i) {
        for (Index j = 0; j < r.keyCount(); ++j) {
            QVERIFY2(std::abs(r.weights(i, j) - expected(i, j)) < 1e-15,
                     qPrintable(QStringLiteral("weight (%1, %2) is %3, the limit is %4")
                                    .arg(i)
                                    .arg(j)
                                    .arg(r.weights(i, j))
                                    .arg(expected(i, j))));
            QCOMPARE(fused.weights(i, j), r.weights(i, j));
        }
        const RowStatistics &row = r.rows[size_t(i)];
        QVERIFY(std::isfinite(row.entropyBits));
        QVERIFY2(std::abs(row.entropyBits - entropyBits(expected.row(i))) < 1e-12,
                 qPrintable(QStringLiteral("row %1: entropy %2 bits, the limit has %3")
                                .arg(i)
                                .arg(row.entropyBits)
                                .arg(entropyBits(expected.row(i)))));
        QVERIFY(std::abs(row.sum - expected.row(i).sum()) < 1e-15);
        if (mode != MaskMode::CausalAfterSoftmax) {
            // Weights that sum to one over v keys hold at most log2(v) bits.
            QVERIFY2(row.entropyBits <= row.maxEntropyBits,
                     qPrintable(QStringLiteral("row %1: %2 bits above its maximum %3")
                                    .arg(i)
                                    .arg(row.entropyBits, 0, 'g', 17)
                                    .arg(row.maxEntropyBits, 0, 'g', 17)));
        }
        QCOMPARE(fused.rows[size_t(i)].entropyBits, row.entropyBits);
    }
    QVERIFY(r.output.allFinite());
}

void TestTemperature::logitsOverflowButAreNotMasked()
{
    // tau = 5e-324: 1 / tau overflows, so the logits themselves are +-inf
    // while the weights are exact. Only causal cells are masked.
    AttentionOptions options;
    options.mask = MaskMode::Causal;
    options.temperature = 5e-324;
    const AttentionResult r = attend(column({1.0, -1.0}), column({1.0, -1.0}), options);
    QCOMPARE(r.logit(0, 0), std::numeric_limits<double>::infinity());
    QVERIFY(!r.isMaskedBeforeSoftmax(0, 0));
    QVERIFY(r.isMaskedBeforeSoftmax(0, 1));
    QCOMPARE(r.logit(1, 0), -std::numeric_limits<double>::infinity());
    QVERIFY(!r.isMaskedBeforeSoftmax(1, 0));
    QCOMPARE(r.weights(1, 1), 1.0);
}

QTEST_APPLESS_MAIN(TestTemperature)
#include "tst_temperature.moc"
