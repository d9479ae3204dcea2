// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The sizes of a transformer: parameters, the cost of a sequence, multi-head
// attention, projections and the positional encoding of Eq. 16.4.

#include "core/maths/attentioncost.h"
#include "core/maths/multiheadattention.h"
#include "core/maths/parametercount.h"
#include "core/maths/positionalencoding.h"
#include "core/support/normalgenerator.h"

#include <QtTest>

#include <cmath>

using namespace AttentionLab;

class TestTransformer : public QObject
{
    Q_OBJECT

private slots:
    void parameterCount_data();
    void parameterCount();
    void headsAreFree();
    void parameterCountRejects_data();
    void parameterCountRejects();
    void cost_data();
    void cost();
    void quadruplingCostsSixteen();
    void multiHeadMatchesPerHeadAttention();
    void multiHeadRejectsIndivisibleWidth();
    void projections();
    void positionalEncoding_data();
    void positionalEncoding();
};

void TestTransformer::parameterCount_data()
{
    QTest::addColumn<qint64>("got");
    QTest::addColumn<qint64>("expected");
    const ParameterCount p = countParameters({});
    QTest::newRow("attention per layer") << qint64(p.attention) << 1'050'624LL;
    QTest::newRow("attention weights 4 D^2") << qint64(p.attentionWeights) << 1'048'576LL;
    QTest::newRow("feed-forward per layer") << qint64(p.feedForward) << 2'099'712LL;
    QTest::newRow("layer norms 4 D") << qint64(p.layerNorms) << 2'048LL;
    QTest::newRow("one layer") << qint64(p.perLayer) << 3'152'384LL;
    QTest::newRow("six layers") << qint64(p.allLayers) << 18'914'304LL;
    QTest::newRow("embeddings") << qint64(p.embeddings) << 25'600'000LL;
    QTest::newRow("total") << qint64(p.total) << 44'514'304LL;
}

void TestTransformer::parameterCount()
{
    QFETCH(qint64, got);
    QFETCH(qint64, expected);
    QCOMPARE(got, expected);
}

void TestTransformer::headsAreFree()
{
    TransformerConfig one;
    one.heads = 1;
    TransformerConfig sixteen;
    sixteen.heads = 16;
    QCOMPARE(countParameters(one).total, countParameters({}).total);
    QCOMPARE(countParameters(sixteen).total, countParameters({}).total);
}

void TestTransformer::parameterCountRejects_data()
{
    QTest::addColumn<qint64>("modelDim");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<qint64>("vocabulary");
    QTest::newRow("h does not divide D") << 512LL << 7LL << 50'000LL;
    QTest::newRow("no heads") << 512LL << 0LL << 50'000LL;
    QTest::newRow("negative D") << -512LL << 8LL << 50'000LL;
    QTest::newRow("overflow") << 1'000'000'000'000LL << 1LL << 1'000'000'000'000LL;
}

void TestTransformer::parameterCountRejects()
{
    QFETCH(qint64, modelDim);
    QFETCH(qint64, heads);
    QFETCH(qint64, vocabulary);
    TransformerConfig c;
    c.modelDim = modelDim;
    c.heads = heads;
    c.vocabulary = vocabulary;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, countParameters(c));
}

void TestTransformer::cost_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<qint64>("cells");
    QTest::addColumn<qint64>("multiplyAdds");
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<double>("relative");
    QTest::newRow("n = 128") << 128LL << 16'384LL << 2'097'152LL << 131'072LL << 0.0625;
    QTest::newRow("n = 512") << 512LL << 262'144LL << 33'554'432LL << 2'097'152LL << 1.0;
    QTest::newRow("n = 32768") << 32768LL << 1'073'741'824LL << 137'438'953'472LL << 8'589'934'592LL
                               << 4096.0;
}

void TestTransformer::cost()
{
    QFETCH(qint64, n);
    QFETCH(qint64, cells);
    QFETCH(qint64, multiplyAdds);
    QFETCH(qint64, bytes);
    QFETCH(double, relative);
    const AttentionCost c = attentionCost(n, 64);
    QCOMPARE(qint64(c.scoreCells), cells);
    QCOMPARE(qint64(c.multiplyAdds), multiplyAdds);
    QCOMPARE(qint64(c.matrixBytes), bytes);
    QCOMPARE(c.relativeTo512, relative);
}

void TestTransformer::quadruplingCostsSixteen()
{
    for (std::int64_t n : {128, 512, 2048, 8192})
        QCOMPARE(attentionCost(4 * n, 64).scoreCells, 16 * attentionCost(n, 64).scoreCells);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attentionCost(0, 64));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attentionCost(4'000'000'000LL, 64));
}

void TestTransformer::multiHeadMatchesPerHeadAttention()
{
    NormalGenerator normal(1);
    const Matrix q = normal.matrix(5, 12), k = normal.matrix(5, 12), v = normal.matrix(5, 12);
    const Matrix wo = normal.matrix(12, 12);
    AttentionOptions options;
    options.mask = MaskMode::Causal;
    const MultiHeadResult r = multiHeadAttention(q, k, v, 3, options, wo);
    QCOMPARE(r.headDim, Index(4));
    QCOMPARE(r.perHead.size(), size_t(3));
    for (int h = 0; h < 3; ++h) {
        const AttentionResult single =
            attend(q.middleCols(4 * h, 4), k.middleCols(4 * h, 4), v.middleCols(4 * h, 4), options);
        QVERIFY(r.perHead[size_t(h)].weights.isApprox(single.weights, 0.0));
        QVERIFY(r.concatenated.middleCols(4 * h, 4).isApprox(single.output, 0.0));
        QCOMPARE(r.perHead[size_t(h)].divisor, 2.0); // sqrt(D / h) = sqrt(4)
    }
    QVERIFY(r.output.isApprox(r.concatenated * wo, 1e-14));
}

void TestTransformer::multiHeadRejectsIndivisibleWidth()
{
    const Matrix x = Matrix::Ones(2, 10);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, multiHeadAttention(x, x, x, 3, {}));
}

void TestTransformer::projections()
{
    NormalGenerator normal(2);
    const Matrix x = normal.matrix(4, 6);
    const Projections w{normal.matrix(6, 3), normal.matrix(6, 3), normal.matrix(6, 5)};
    const ProjectedInputs p = project(x, w);
    QVERIFY(p.queries.isApprox(x * w.queryWeights, 0.0));
    QCOMPARE(p.values.cols(), Index(5));
    const Projections wrong{normal.matrix(5, 3), normal.matrix(6, 3), normal.matrix(6, 3)};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, project(x, wrong));
}

void TestTransformer::positionalEncoding_data()
{
    QTest::addColumn<int>("pos");
    QTest::addColumn<int>("col");
    QTest::addColumn<double>("expected");
    QTest::newRow("position 0, sine") << 0 << 0 << 0.0;
    QTest::newRow("position 0, cosine") << 0 << 1 << 1.0;
    QTest::newRow("position 1, i = 0") << 1 << 0 << std::sin(1.0);
    QTest::newRow("position 5, i = 1, cosine")
        << 5 << 3 << std::cos(5.0 / std::pow(10000.0, 2.0 / 8.0));
    QTest::newRow("position 7, i = 3, sine")
        << 7 << 6 << std::sin(7.0 / std::pow(10000.0, 6.0 / 8.0));
}

void TestTransformer::positionalEncoding()
{
    QFETCH(int, pos);
    QFETCH(int, col);
    QFETCH(double, expected);
    const Matrix pe = sinusoidalEncoding(10, 8);
    QCOMPARE(pe.rows(), Index(10));
    QVERIFY(std::abs(pe(pos, col) - expected) < 1e-15);
}

QTEST_APPLESS_MAIN(TestTransformer)
#include "tst_transformer.moc"
