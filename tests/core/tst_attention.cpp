// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Eq. 16.2 and the causal mask, checked against the chapter's numbers and
// against the properties the chapter states.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/rowsoftmax.h"
#include "core/support/normalgenerator.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numeric>

using namespace AttentionLab;

Q_DECLARE_METATYPE(AttentionLab::MaskMode)
Q_DECLARE_METATYPE(AttentionLab::Matrix)

namespace {

/// The chapter prints four decimals; agree to half a unit in the last place.
bool fourDecimals(double got, double printed)
{
    return std::abs(got - printed) <= 0.00005 + 1e-12;
}

} // namespace

class TestAttention : public QObject
{
    Q_OBJECT

private slots:
    void lectureExample_data();
    void lectureExample();
    void selection_data();
    void selection();
    void causalMaskOrders_data();
    void causalMaskOrders();
    void causalRowsSumToOne_data();
    void causalRowsSumToOne();
    void moreKeysThanQueriesAlignsWithTheLastKeys();
    void emptyRowIsZeroNotNaN();
    void hugeScoresStayFinite_data();
    void hugeScoresStayFinite();
    void temperatureSharpensAndFlattens();
    void permutationEquivariance();
    void incrementalUpdatesMatchFullPass_data();
    void incrementalUpdatesMatchFullPass();
    void fusedPassMatchesFullPass_data();
    void fusedPassMatchesFullPass();
    void shapesAreChecked_data();
    void shapesAreChecked();
    void logitsOfMaskedCells();
    void slidingWindowAndSoftCap_data();
    void slidingWindowAndSoftCap();
};

void TestAttention::lectureExample_data()
{
    QTest::addColumn<QString>("quantity");
    QTest::addColumn<double>("got");
    QTest::addColumn<double>("printed");
    const Session s = ChapterExamples::lecture();
    const AttentionResult r = attend(s.queries, s.keys, s.options);
    QTest::newRow("scale sqrt(3)") << "divisor" << r.divisor << 1.7321;
    QTest::newRow("weight is") << "alpha" << r.weights(0, 0) << 0.3369;
    QTest::newRow("weight the") << "alpha" << r.weights(0, 1) << 0.3019;
    QTest::newRow("weight best") << "alpha" << r.weights(0, 2) << 0.3611;
    QTest::newRow("output 1") << "zeta" << r.output(0, 0) << 0.4118;
    QTest::newRow("output 2") << "zeta" << r.output(0, 1) << 0.4514;
    QTest::newRow("output 3") << "zeta" << r.output(0, 2) << 0.5816;
    QTest::newRow("entropy") << "bits" << r.rows[0].entropyBits << 1.5811;
    QTest::newRow("max entropy") << "bits" << r.rows[0].maxEntropyBits << 1.5850;
    QTest::newRow("raw score is") << "q.k" << r.scores(0, 0) << 0.32;
    QTest::newRow("raw score best") << "q.k" << r.scores(0, 2) << 0.44;
    QTest::newRow("row sum") << "sum" << r.rows[0].sum << 1.0;
}

void TestAttention::lectureExample()
{
    QFETCH(double, got);
    QFETCH(double, printed);
    QVERIFY2(fourDecimals(got, printed), qPrintable(QString::number(got, 'g', 17)));
}

void TestAttention::selection_data()
{
    QTest::addColumn<int>("query");
    QTest::addColumn<double>("topWeight");
    QTest::addColumn<double>("entropy");
    QTest::newRow("an animal query") << 0 << 0.8520 << 0.7507;
    QTest::newRow("a verb query") << 1 << 0.8343 << 0.8135;
    QTest::newRow("an undecided query") << 2 << 0.3333 << 1.5850;
    QTest::newRow("a confident animal query") << 3 << 0.9611 << 0.2748;
}

void TestAttention::selection()
{
    QFETCH(int, query);
    QFETCH(double, topWeight);
    QFETCH(double, entropy);
    const Session s = ChapterExamples::selection();
    const AttentionResult r = attend(s.queries, s.keys, s.values, s.options);
    const RowStatistics &row = r.rows[size_t(query)];
    QVERIFY(fourDecimals(r.weights(query, row.argmax), topWeight));
    QVERIFY(fourDecimals(row.entropyBits, entropy));
    // Values are the identity, so the output is the weight row itself.
    QVERIFY(r.output.row(query).isApprox(r.weights.row(query), 1e-15));
}

void TestAttention::causalMaskOrders_data()
{
    QTest::addColumn<MaskMode>("mode");
    QTest::addColumn<QList<double>>("rowSums");
    QTest::newRow("mask, then softmax") << MaskMode::Causal << QList<double>{1, 1, 1, 1};
    QTest::newRow("softmax, then mask")
        << MaskMode::CausalAfterSoftmax << QList<double>{0.4551, 0.6742, 0.8122, 1.0};
    QTest::newRow("no mask") << MaskMode::None << QList<double>{1, 1, 1, 1};
}

void TestAttention::causalMaskOrders()
{
    QFETCH(MaskMode, mode);
    QFETCH(QList<double>, rowSums);
    Session s = ChapterExamples::causalMask();
    s.options.mask = mode;
    const AttentionResult r = attend(s.queries, s.keys, s.options);
    QVERIFY(r.scores.isApprox(ChapterExamples::causalMaskScores(), 0.0));
    for (int i = 0; i < 4; ++i) {
        QVERIFY2(fourDecimals(r.rows[size_t(i)].sum, rowSums[i]), qPrintable(QString::number(i)));
        for (int j = i + 1; j < 4; ++j) {
            if (mode == MaskMode::None)
                QVERIFY(r.weights(i, j) > 0.0);
            else
                QCOMPARE(r.weights(i, j), 0.0); // exactly zero, never a tiny leak
        }
    }
    if (mode == MaskMode::Causal) {
        // The chapter's table: row "loudly" sees everything.
        QVERIFY(fourDecimals(r.weights(1, 0), 0.1824));
        QVERIFY(fourDecimals(r.weights(3, 3), 0.4551));
    }
}

void TestAttention::causalRowsSumToOne_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("dim");
    QTest::newRow("square 8") << 8 << 8 << 4;
    QTest::newRow("square 300") << 300 << 300 << 16;
    QTest::newRow("fewer queries") << 5 << 40 << 8;
}

void TestAttention::causalRowsSumToOne()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(int, dim);
    NormalGenerator normal(7);
    const Matrix q = normal.matrix(queries, dim) * 3.0;
    const Matrix k = normal.matrix(keys, dim) * 3.0;
    AttentionOptions options;
    options.mask = MaskMode::Causal;
    const AttentionResult r = attend(q, k, options);
    for (Index i = 0; i < queries; ++i) {
        QVERIFY(std::abs(r.weights.row(i).sum() - 1.0) < 1e-12);
        QVERIFY(std::abs(r.rows[size_t(i)].sum - 1.0) < 1e-12);
        QVERIFY(r.rows[size_t(i)].entropyBits <= r.rows[size_t(i)].maxEntropyBits + 1e-12);
    }
}

void TestAttention::moreKeysThanQueriesAlignsWithTheLastKeys()
{
    // Two queries over five keys: they stand at key positions 3 and 4.
    const Matrix q = Matrix::Ones(2, 2);
    const Matrix k = Matrix::Ones(5, 2);
    AttentionOptions options;
    options.mask = MaskMode::Causal;
    const AttentionResult r = attend(q, k, options);
    QCOMPARE(r.rows[0].visible, Index(4));
    QCOMPARE(r.rows[1].visible, Index(5));
    QVERIFY(std::abs(r.weights(0, 0) - 0.25) < 1e-15);
    QCOMPARE(r.weights(0, 4), 0.0);
    QVERIFY(std::abs(r.weights(1, 4) - 0.2) < 1e-15);
}

void TestAttention::emptyRowIsZeroNotNaN()
{
    // Three queries over one key: the first two stand before any key.
    const Matrix q = Matrix::Ones(3, 2);
    const Matrix k = Matrix::Ones(1, 2);
    for (MaskMode mode : {MaskMode::Causal, MaskMode::CausalAfterSoftmax}) {
        AttentionOptions options;
        options.mask = mode;
        const AttentionResult r = attend(q, k, options);
        QVERIFY(r.rows[0].empty());
        QVERIFY(r.rows[1].empty());
        QVERIFY(!r.rows[2].empty());
        QCOMPARE(r.weights(0, 0), 0.0);
        QCOMPARE(r.rows[0].sum, 0.0);
        QCOMPARE(r.rows[0].entropyBits, 0.0);
        QCOMPARE(r.rows[0].argmax, Index(-1));
        QVERIFY(r.output.allFinite());
        QCOMPARE(r.output(0, 0), 0.0);
        QCOMPARE(r.weights(2, 0), 1.0);
    }
}

void TestAttention::hugeScoresStayFinite_data()
{
    QTest::addColumn<double>("magnitude");
    QTest::addColumn<int>("dim");
    QTest::newRow("raw d_k = 1024 scores") << 1.0 << 1024;
    QTest::newRow("entries of 1e75 (scores near 1e150)") << 1e75 << 4;
    QTest::newRow("entries of 1e160: scores overflow to +inf") << 1e160 << 4;
}

void TestAttention::hugeScoresStayFinite()
{
    QFETCH(double, magnitude);
    QFETCH(int, dim);
    NormalGenerator normal(3);
    // Positive entries, so overflowing products become +inf, never inf - inf.
    const Matrix q = normal.matrix(4, dim).cwiseAbs() * magnitude * 10.0;
    const Matrix k = normal.matrix(6, dim).cwiseAbs() * magnitude * 10.0;
    for (bool scale : {false, true}) {
        AttentionOptions options;
        options.scale = scale;
        const AttentionResult r = attend(q, k, options);
        QVERIFY(r.weights.allFinite());
        for (const RowStatistics &row : r.rows) {
            QVERIFY(std::isfinite(row.entropyBits));
            QVERIFY(std::abs(row.sum - 1.0) < 1e-12);
        }
    }
    // The kernel itself, fed the chapter's extremes directly.
    const double scores[4] = {1e150, -1e150, 1e150 - 1e135, 0.0};
    double weights[4];
    const RowStatistics row = softmaxRow(scores, weights, 4, 4, 1.0, MaskMode::None);
    QCOMPARE(weights[0], 1.0);
    QCOMPARE(weights[1], 0.0);
    QCOMPARE(row.entropyBits, 0.0);
}

void TestAttention::temperatureSharpensAndFlattens()
{
    const Session s = ChapterExamples::lecture();
    AttentionOptions hot = s.options, cold = s.options;
    hot.temperature = 10.0;
    cold.temperature = 0.01;
    const double normal = attend(s.queries, s.keys, s.options).rows[0].entropyBits;
    QVERIFY(attend(s.queries, s.keys, hot).rows[0].entropyBits > normal);
    QVERIFY(attend(s.queries, s.keys, cold).rows[0].entropyBits < normal);
    QCOMPARE(hot.divisor(3), std::sqrt(3.0) * 10.0);
}

void TestAttention::permutationEquivariance()
{
    // Permuting the input rows permutes the output rows the same way.
    NormalGenerator normal(11);
    const Matrix x = normal.matrix(7, 5);
    std::vector<Index> order{3, 0, 6, 1, 5, 2, 4};
    Matrix shuffled(7, 5);
    for (Index i = 0; i < 7; ++i)
        shuffled.row(i) = x.row(order[size_t(i)]);
    AttentionOptions options;
    const AttentionResult a = attend(x, x, options);
    const AttentionResult b = attend(shuffled, shuffled, options);
    for (Index i = 0; i < 7; ++i)
        QVERIFY(b.output.row(i).isApprox(a.output.row(order[size_t(i)]), 1e-12));
}

void TestAttention::incrementalUpdatesMatchFullPass_data()
{
    QTest::addColumn<MaskMode>("mode");
    QTest::newRow("none") << MaskMode::None;
    QTest::newRow("causal") << MaskMode::Causal;
    QTest::newRow("causal after softmax") << MaskMode::CausalAfterSoftmax;
}

void TestAttention::incrementalUpdatesMatchFullPass()
{
    QFETCH(MaskMode, mode);
    NormalGenerator normal(5);
    Matrix q = normal.matrix(9, 6);
    Matrix k = normal.matrix(9, 6);
    const Matrix v = normal.matrix(9, 3);
    AttentionOptions options;
    options.mask = mode;
    AttentionResult r = attend(q, k, v, options);
    k(4, 2) += 1.5;
    updateKeyColumn(r, q, k, v, 4);
    q(2, 0) -= 0.75;
    updateQueryRow(r, q, k, v, 2);
    const AttentionResult full = attend(q, k, v, options);
    QVERIFY(r.scores.isApprox(full.scores, 1e-14));
    QVERIFY(r.weights.isApprox(full.weights, 1e-14));
    QVERIFY(r.output.isApprox(full.output, 1e-14));
    for (size_t i = 0; i < r.rows.size(); ++i)
        QVERIFY(std::abs(r.rows[i].entropyBits - full.rows[i].entropyBits) < 1e-13);
}

void TestAttention::fusedPassMatchesFullPass_data()
{
    QTest::addColumn<MaskMode>("mode");
    QTest::addColumn<int>("n");
    QTest::newRow("causal, 200 (several blocks)") << MaskMode::Causal << 200;
    QTest::newRow("causal after softmax, 130") << MaskMode::CausalAfterSoftmax << 130;
    QTest::newRow("none, 70") << MaskMode::None << 70;
}

void TestAttention::fusedPassMatchesFullPass()
{
    QFETCH(MaskMode, mode);
    QFETCH(int, n);
    NormalGenerator normal(9);
    const Matrix q = normal.matrix(n, 16), k = normal.matrix(n, 16), v = normal.matrix(n, 8);
    AttentionOptions options;
    options.mask = mode;
    FusedPassResult fused;
    fusedAttention(q, k, v, options, fused);
    const AttentionResult full = attend(q, k, v, options);
    QVERIFY(fused.weights.isApprox(full.weights, 1e-13));
    QVERIFY(fused.output.isApprox(full.output, 1e-13));
    for (size_t i = 0; i < fused.rows.size(); ++i) {
        QCOMPARE(fused.rows[i].argmax, full.rows[i].argmax);
        QVERIFY(std::abs(fused.rows[i].entropyBits - full.rows[i].entropyBits) < 1e-12);
    }
}

void TestAttention::shapesAreChecked_data()
{
    QTest::addColumn<Matrix>("q");
    QTest::addColumn<Matrix>("k");
    QTest::addColumn<Matrix>("v");
    QTest::addColumn<double>("temperature");
    QTest::newRow("query width differs") << Matrix(Matrix::Ones(2, 3)) << Matrix(Matrix::Ones(2, 2))
                                         << Matrix(Matrix::Ones(2, 2)) << 1.0;
    QTest::newRow("values do not match keys")
        << Matrix(Matrix::Ones(2, 2)) << Matrix(Matrix::Ones(3, 2)) << Matrix(Matrix::Ones(2, 2))
        << 1.0;
    QTest::newRow("no keys") << Matrix(Matrix::Ones(2, 2)) << Matrix(0, 2) << Matrix(0, 2) << 1.0;
    QTest::newRow("zero temperature") << Matrix(Matrix::Ones(2, 2)) << Matrix(Matrix::Ones(2, 2))
                                      << Matrix(Matrix::Ones(2, 2)) << 0.0;
    QTest::newRow("NaN temperature") << Matrix(Matrix::Ones(2, 2)) << Matrix(Matrix::Ones(2, 2))
                                     << Matrix(Matrix::Ones(2, 2)) << std::nan("");
}

void TestAttention::shapesAreChecked()
{
    QFETCH(Matrix, q);
    QFETCH(Matrix, k);
    QFETCH(Matrix, v);
    QFETCH(double, temperature);
    AttentionOptions options;
    options.temperature = temperature;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attend(q, k, v, options));
}

void TestAttention::logitsOfMaskedCells()
{
    Session s = ChapterExamples::causalMask();
    const AttentionResult r = attend(s.queries, s.keys, s.options);
    QCOMPARE(r.logit(0, 1), -std::numeric_limits<double>::infinity());
    QCOMPARE(r.logit(1, 0), 0.5);
    s.options.mask = MaskMode::CausalAfterSoftmax;
    const AttentionResult wrong = attend(s.queries, s.keys, s.options);
    QCOMPARE(wrong.logit(0, 1), 1.0); // the wrong order softmaxes the blocked logit
    QVERIFY(wrong.isMasked(0, 1));
}

void TestAttention::slidingWindowAndSoftCap_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("window");
    QTest::addColumn<double>("cap");
    QTest::newRow("causal, window 2") << int(MaskMode::Causal) << 2 << 0.0;
    QTest::newRow("causal, window 3, cap 1.5") << int(MaskMode::Causal) << 3 << 1.5;
    QTest::newRow("no mask, cap 0.5") << int(MaskMode::None) << 0 << 0.5;
    QTest::newRow("wrong order, window 2") << int(MaskMode::CausalAfterSoftmax) << 2 << 0.0;
}

void TestAttention::slidingWindowAndSoftCap()
{
    // Each weight against the softmax written out: the cap c tanh(s / c) of
    // each scaled score, the window's keys alone (after the softmax in the
    // wrong order, whose rows then lose weight).
    QFETCH(int, mode);
    QFETCH(int, window);
    QFETCH(double, cap);
    Matrix q(5, 3), k(5, 3);
    for (Index i = 0; i < 5; ++i)
        for (Index c = 0; c < 3; ++c) {
            q(i, c) = std::sin(1.0 + double(i * 3 + c)) * 3.0;
            k(i, c) = std::cos(2.0 + double(i * 5 + c)) * 3.0;
        }
    AttentionOptions options;
    options.mask = MaskMode(mode);
    options.window = window;
    options.softCap = cap;
    const AttentionResult r = attend(q, k, options);
    for (Index i = 0; i < 5; ++i) {
        const bool causal = isCausal(options.mask);
        const Index first = causal && window > 0 ? std::max<Index>(0, i + 1 - window) : 0;
        const Index last = causal ? i : 4;
        const bool after = options.mask == MaskMode::CausalAfterSoftmax;
        std::vector<double> logits(5);
        double z = 0.0;
        for (Index j = 0; j < 5; ++j) {
            double s = q.row(i).dot(k.row(j)) / std::sqrt(3.0);
            if (cap > 0.0)
                s = cap * std::tanh(s / cap);
            logits[size_t(j)] = s;
            if (after || (j >= first && j <= last))
                z += std::exp(s);
        }
        double sum = 0.0;
        for (Index j = 0; j < 5; ++j) {
            const bool seen = j >= first && j <= last;
            const double want = seen ? std::exp(logits[size_t(j)]) / z : 0.0;
            QVERIFY2(std::abs(r.weights(i, j) - want) < 1e-12,
                     qPrintable(QStringLiteral("row %1, key %2").arg(i).arg(j)));
            QCOMPARE(r.isMasked(i, j), !seen);
            if (seen && !after)
                QVERIFY(std::abs(r.logit(i, j) - logits[size_t(j)]) < 1e-12);
            sum += r.weights(i, j);
        }
        QVERIFY(std::abs(r.rows[size_t(i)].sum - sum) < 1e-12);
        if (!after)
            QVERIFY(std::abs(sum - 1.0) < 1e-12);
        QCOMPARE(r.rows[size_t(i)].visible, causal ? last - first + 1 : 5);
    }
    // A negative window or cap is refused in one line.
    options.window = -1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attend(q, k, options));
}

QTEST_APPLESS_MAIN(TestAttention)
#include "tst_attention.moc"
