// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The summaries of a real model's attention (head scores, layer average,
// rollout, word merging) against numpy's values, written once by
// tests/data/make_inspect_fixtures.py into tests/data/inspect/expected.json.

#include "core/sets/attentionaggregates.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/crossrollout.h"
#include "core/sets/headscores.h"
#include "core/sets/inferredvisibility.h"
#include "core/sets/repeatprobe.h"
#include "core/sets/tokenlabels.h"
#include "core/sets/tokenrepeats.h"
#include "fixtures.h"

#include <QJsonArray>
#include <QtTest>

#include <cmath>
#include <set>
#include <stdexcept>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

namespace {

constexpr double kTolerance = 1e-5;

AttentionTensor tensorFrom(const QJsonObject &entry)
{
    const QJsonArray shape = entry.value(QStringLiteral("shape")).toArray();
    const AttentionShape s{shape[0].toInt(), shape[1].toInt(), shape[2].toInt(), shape[3].toInt()};
    std::vector<float> values;
    values.reserve(static_cast<size_t>(s.elementCount()));
    for (const QJsonValue &layer : entry.value(QStringLiteral("attentions")).toArray())
        for (const QJsonValue &head : layer.toArray())
            for (const QJsonValue &row : head.toArray())
                for (const QJsonValue &v : row.toArray())
                    values.push_back(static_cast<float>(v.toDouble()));
    AttentionTensor tensor(s, std::move(values));
    std::vector<std::string> tokens;
    for (const QJsonValue &t : entry.value(QStringLiteral("tokens")).toArray())
        tokens.push_back(t.toString().toStdString());
    tensor.setTokens(std::move(tokens));
    return tensor;
}

double maxDifference(const FloatMatrix &actual, const QJsonArray &expected)
{
    double worst = actual.rows() == expected.size() ? 0.0 : INFINITY;
    for (int i = 0; i < expected.size() && i < actual.rows(); ++i) {
        const QJsonArray row = expected[i].toArray();
        if (row.size() != actual.cols())
            return INFINITY;
        for (int j = 0; j < row.size(); ++j)
            worst = std::max(worst, std::abs(actual(i, j) - row[j].toDouble()));
    }
    return worst;
}

} // namespace

class TestRealAttention : public QObject
{
    Q_OBJECT

private slots:
    void crossRolloutFollowsTheSource();
    void alignmentMonotonicity_data();
    void alignmentMonotonicity();
    void headScores_data();
    void headScores();
    void rollout_data();
    void rollout();
    void layerAverage_data();
    void layerAverage();
    void wordMerging_data();
    void wordMerging();
    void rolloutOfLongCausalInput();
    void rolloutRowIsTheMatrixRow_data();
    void rolloutRowIsTheMatrixRow();
    void rolloutWork_data();
    void rolloutWork();
    void rolloutRefusedPastItsLimit();
    void keyVisibility_data();
    void keyVisibility();
    void visibilityInferredFromTheWeights_data();
    void visibilityInferredFromTheWeights();
    void tokenRepeats_data();
    void tokenRepeats();
    void noTokensNoDetectors();
    void firstTokenLeavesOutTheFirstQuery_data();
    void firstTokenLeavesOutTheFirstQuery();
    void inductionRepeatsScoresTheSecondCopy_data();
    void inductionRepeatsScoresTheSecondCopy();
    void repeatedRandomTokens_data();
    void repeatedRandomTokens();
    void downsampleKeepsStrongCells();
    void downsampleOfSmallRegionIsExact();
    void wordGroups_data();
    void wordGroups();
    void displayTokens_data();
    void displayTokens();

private:
    void addCases();
    QJsonObject m_expected = readFixture(QStringLiteral("inspect/expected.json"));
};

void TestRealAttention::addCases()
{
    QVERIFY(!m_expected.isEmpty());
    QTest::addColumn<QString>("name");
    for (const QString &name : m_expected.keys())
        QTest::newRow(qPrintable(name)) << name;
}

void TestRealAttention::headScores_data()
{
    addCases();
}

void TestRealAttention::headScores()
{
    QFETCH(QString, name);
    const QJsonObject entry = m_expected.value(name).toObject();
    const AttentionTensor tensor = tensorFrom(entry);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    QCOMPARE(static_cast<int>(scores.size()), tensor.layers() * tensor.heads());
    for (int k = 0; k < kHeadScoreKindCount; ++k) {
        const auto kind = static_cast<HeadScoreKind>(k);
        const QJsonArray table = entry.value(QString::fromStdString(headScoreKey(kind))).toArray();
        QCOMPARE(table.size(), tensor.layers());
        for (int l = 0; l < tensor.layers(); ++l) {
            for (int h = 0; h < tensor.heads(); ++h) {
                // null: nothing for the detector to score, NaN in the program.
                const QJsonValue cell = table[l].toArray()[h];
                const double want = cell.isNull() ? std::nan("") : cell.toDouble();
                const double got = scores[static_cast<size_t>(l * tensor.heads() + h)].value(kind);
                if (std::isnan(want) != std::isnan(got) || std::abs(got - want) > kTolerance)
                    QFAIL(qPrintable(QStringLiteral("%1 of %2.%3: %4, numpy %5")
                                         .arg(QString::fromStdString(headScoreKey(kind)))
                                         .arg(l)
                                         .arg(h)
                                         .arg(got, 0, 'g', 9)
                                         .arg(want, 0, 'g', 9)));
            }
        }
    }
}

void TestRealAttention::rollout_data()
{
    addCases();
}

void TestRealAttention::rollout()
{
    QFETCH(QString, name);
    const QJsonObject entry = m_expected.value(name).toObject();
    const AttentionTensor tensor = tensorFrom(entry);
    const QJsonValue expected = entry.value(QStringLiteral("rollout"));
    QCOMPARE(hasRollout(tensor), !expected.isNull());
    if (expected.isNull())
        return;
    const FloatMatrix r = AttentionLab::rollout(tensor);
    QVERIFY(maxDifference(r, expected.toArray()) < kTolerance);
    // Each B_l keeps rows summing to one, and so does their product.
    QVERIFY((r.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
}

void TestRealAttention::layerAverage_data()
{
    addCases();
}

void TestRealAttention::layerAverage()
{
    QFETCH(QString, name);
    const QJsonObject entry = m_expected.value(name).toObject();
    const AttentionTensor tensor = tensorFrom(entry);
    QVERIFY(maxDifference(AttentionLab::layerAverage(tensor, 0),
                          entry.value(QStringLiteral("layer_average_0")).toArray()) < kTolerance);
}

void TestRealAttention::wordMerging_data()
{
    QVERIFY(!m_expected.isEmpty());
    QTest::addColumn<QString>("name");
    for (const QString &name : m_expected.keys())
        if (m_expected.value(name).toObject().contains(QStringLiteral("word_of")))
            QTest::newRow(qPrintable(name)) << name;
}

void TestRealAttention::wordMerging()
{
    QFETCH(QString, name);
    const QJsonObject entry = m_expected.value(name).toObject();
    const AttentionTensor tensor = tensorFrom(entry);
    const WordGroups groups = groupWords(tensor.tokens());
    std::vector<int> expectedWords;
    for (const QJsonValue &w : entry.value(QStringLiteral("word_of")).toArray())
        expectedWords.push_back(w.toInt());
    QCOMPARE(groups.wordOf, expectedWords);
    const FloatMatrix merged = mergeWords(tensor.head(0, 1), groups, groups);
    QVERIFY(maxDifference(merged, entry.value(QStringLiteral("words_layer_0_head_1")).toArray()) <
            kTolerance);
    QVERIFY((merged.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
    if (groups.mergesAny())
        QCOMPARE(groups.words[2], std::string("playing"));
}

namespace {

/// A causal tensor of \a layers x \a heads random rows over \a n tokens, seeded.
AttentionTensor randomCausal(int layers, int heads, int n, unsigned seed)
{
    const AttentionShape shape{layers, heads, n, n};
    std::vector<float> values(static_cast<size_t>(shape.elementCount()), 0.0f);
    unsigned state = seed;
    for (long long h = 0; h < shape.headCount(); ++h) {
        for (int i = 0; i < n; ++i) {
            float *row = values.data() + h * shape.headSize() + static_cast<long long>(i) * n;
            float sum = 0.0f;
            for (int j = 0; j <= i; ++j) {
                state = state * 1664525u + 1013904223u;
                row[j] = float(state >> 8) / float(1u << 24) + 0.01f;
                sum += row[j];
            }
            for (int j = 0; j <= i; ++j)
                row[j] /= sum;
        }
    }
    return AttentionTensor(shape, std::move(values));
}

} // namespace

void TestRealAttention::rolloutOfLongCausalInput()
{
    // 300 causal tokens span three of the triangular product's blocks, with
    // a ragged last one: the result must equal plain dense products.
    const int n = 300;
    const AttentionTensor tensor = randomCausal(3, 2, n, 12345);
    Eigen::MatrixXd expected = Eigen::MatrixXd::Identity(n, n);
    for (int l = 0; l < tensor.layers(); ++l) {
        Eigen::MatrixXd b = 0.5 * AttentionLab::layerAverage(tensor, l).cast<double>();
        b.diagonal().array() += 0.5;
        expected = b * expected;
    }
    const FloatMatrix r = AttentionLab::rollout(tensor);
    QVERIFY((r.cast<double>() - expected).cwiseAbs().maxCoeff() < 1e-6);
    QVERIFY(r.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().isZero(0.0f));
}

void TestRealAttention::rolloutRowIsTheMatrixRow_data()
{
    QTest::addColumn<QString>("fixture"); // a case of expected.json, or empty
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tokens");
    for (const QString &name : m_expected.keys())
        if (!m_expected.value(name).toObject().value(QStringLiteral("rollout")).isNull())
            QTest::newRow(qPrintable(u"numpy: "_s + name)) << name << 0 << 0;
    QTest::newRow("one causal layer, 5 tokens") << QString() << 1 << 5;
    QTest::newRow("three causal layers over three blocks, 300 tokens") << QString() << 3 << 300;
}

void TestRealAttention::rolloutRowIsTheMatrixRow()
{
    // inspect's last-token row, by vector-matrix products: each row equal to
    // numpy's rollout matrix, or to the block product's.
    QFETCH(QString, fixture);
    QFETCH(int, layers);
    QFETCH(int, tokens);
    const AttentionTensor tensor = fixture.isEmpty()
                                       ? randomCausal(layers, 2, tokens, 777u)
                                       : tensorFrom(m_expected.value(fixture).toObject());
    QVERIFY(hasRollout(tensor));
    const FloatMatrix whole = AttentionLab::rollout(tensor);
    const QJsonArray expected =
        m_expected.value(fixture).toObject().value(QStringLiteral("rollout")).toArray();
    for (int q = 0; q < tensor.queries(); ++q) {
        const Eigen::VectorXf row = rolloutRow(tensor, q);
        QCOMPARE(row.size(), Eigen::Index(tensor.keys()));
        QVERIFY2((row.transpose() - whole.row(q)).cwiseAbs().maxCoeff() < 1e-6f,
                 qPrintable(QString::number(q)));
        for (int k = 0; k < expected.size() && k < row.size(); ++k)
            QVERIFY(std::abs(row[k] - expected[q].toArray()[k].toDouble()) < kTolerance);
        QVERIFY(std::abs(row.sum() - 1.0f) < 1e-5f);
    }
}

void TestRealAttention::rolloutWork_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<double>("multiplyAddsAt1000");
    QTest::addColumn<long long>("tokenLimit");
    // L - 1 products of n^3 (a sixth for causal blocks); the limit is 2e11.
    QTest::newRow("one layer: no product") << 1 << true << 0.0 << (long long)INT_MAX;
    QTest::newRow("2 causal layers") << 2 << true << 1e9 / 6 << 10626LL;
    QTest::newRow("12 causal layers") << 12 << true << 11e9 / 6 << 4778LL;
    QTest::newRow("2 dense layers") << 2 << false << 1e9 << 5848LL;
    QTest::newRow("12 dense layers (BERT-base)") << 12 << false << 11e9 << 2629LL;
}

void TestRealAttention::rolloutWork()
{
    QFETCH(int, layers);
    QFETCH(bool, causal);
    QFETCH(double, multiplyAddsAt1000);
    QFETCH(long long, tokenLimit);
    QCOMPARE(rolloutMultiplyAdds(layers, 1000, causal), multiplyAddsAt1000);
    QCOMPARE(rolloutTokenLimit(layers, causal), tokenLimit);
    if (layers > 1) {
        QVERIFY(rolloutMultiplyAdds(layers, tokenLimit, causal) <= kRolloutMultiplyAddLimit);
        QVERIFY(rolloutMultiplyAdds(layers, tokenLimit + 1, causal) > kRolloutMultiplyAddLimit);
    }
}

void TestRealAttention::rolloutRefusedPastItsLimit()
{
    // 202 dense layers of 1000 tokens (one uniform matrix shared by every
    // layer): 201 products of 1e9 multiply-adds, past 2e11, refused before
    // any is computed; 201 layers are not.
    const int n = 1000;
    auto uniform = std::make_shared<std::vector<float>>(size_t(n) * n, 1.0f / n);
    auto shared = [&](int layers) {
        return AttentionTensor({layers, 1, n, n},
                               std::vector<const float *>(size_t(layers), uniform->data()),
                               uniform);
    };
    QCOMPARE(rolloutRefusal(shared(201)), std::string());
    const AttentionTensor tensor = shared(202);
    const std::string why = rolloutRefusal(tensor);
    QCOMPARE(why, std::string("the rollout of 1000 tokens over 202 layers would take 2.01e+11 "
                              "multiply-adds; the limit is 2e+11 (at most 998 tokens at this "
                              "depth)"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AttentionLab::rollout(tensor));
    // A row needs no product of matrices: computed at any size.
    const Eigen::VectorXf row = rolloutRow(tensor, n - 1);
    QVERIFY((row.array() - 1.0f / n).abs().maxCoeff() < 1e-6f);
}

void TestRealAttention::keyVisibility_data()
{
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("offset");
    QTest::addColumn<QString>("seen"); // rows of 0/1 for a 4 x 4 matrix (x 5 with an offset)
    QTest::newRow("every key (BERT)") << false << 0 << 0 << QStringLiteral("1111 1111 1111 1111");
    QTest::newRow("causal (GPT-2)") << true << 0 << 0 << QStringLiteral("1000 1100 1110 1111");
    QTest::newRow("sliding window of 2 (Mistral)")
        << true << 2 << 0 << QStringLiteral("1000 1100 0110 0011");
    QTest::newRow("causal, one key before the queries")
        << true << 0 << 1 << QStringLiteral("11000 11100 11110 11111");
}

void TestRealAttention::keyVisibility()
{
    QFETCH(bool, causal);
    QFETCH(int, window);
    QFETCH(int, offset);
    QFETCH(QString, seen);
    const KeyVisibility v{causal, window, offset};
    const QStringList rows = seen.split(QLatin1Char(' '));
    for (int q = 0; q < int(rows.size()); ++q)
        for (int k = 0; k < int(rows[q].size()); ++k) {
            QCOMPARE(v.sees(q, k), rows[q][k] == QLatin1Char('1'));
            // A block of one cell is masked exactly when its cell is.
            QCOMPARE(v.masksBlock(q, q + 1, k, k + 1), !v.sees(q, k));
        }
    // A block is masked only when every cell in it is.
    for (int q0 = 0; q0 < int(rows.size()); ++q0)
        for (int q1 = q0 + 1; q1 <= int(rows.size()); ++q1)
            for (int k0 = 0; k0 < int(rows[0].size()); ++k0)
                for (int k1 = k0 + 1; k1 <= int(rows[0].size()); ++k1) {
                    bool all = true;
                    for (int q = q0; q < q1; ++q)
                        for (int k = k0; k < k1; ++k)
                            all = all && !v.sees(q, k);
                    QCOMPARE(v.masksBlock(q0, q1, k0, k1), all);
                }
}

void TestRealAttention::visibilityInferredFromTheWeights_data()
{
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("zeroRightOfDiagonal");
    QTest::addColumn<bool>("causal");
    QTest::newRow("a decoder's head") << 4 << 4 << true << true;
    QTest::newRow("an encoder's head") << 4 << 4 << false << false;
    QTest::newRow("the last queries of a longer text") << 2 << 5 << true << true;
    QTest::newRow("one token tells nothing") << 1 << 1 << true << false;
}

void TestRealAttention::visibilityInferredFromTheWeights()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(bool, zeroRightOfDiagonal);
    QFETCH(bool, causal);
    const int offset = keys - queries;
    std::vector<float> values(size_t(2) * queries * keys, 0.0f);
    for (int h = 0; h < 2; ++h)
        for (int q = 0; q < queries; ++q) {
            const int seen = zeroRightOfDiagonal ? q + offset + 1 : keys;
            for (int k = 0; k < seen; ++k)
                values[(size_t(h) * queries + q) * keys + k] = 1.0f / float(seen);
        }
    const AttentionTensor tensor(AttentionShape{1, 2, queries, keys}, std::move(values));
    const KeyVisibility v = inferredVisibility(tensor);
    QCOMPARE(v.causal, causal);
    if (causal)
        QCOMPARE(v.keyOffset, offset);
}

void TestRealAttention::tokenRepeats_data()
{
    QTest::addColumn<QString>("keys");    // the key tokens, separated by spaces
    QTest::addColumn<QString>("queries"); // query tokens given apart, or empty
    QTest::addColumn<int>("queryCount");
    QTest::addColumn<QList<QList<int>>>("duplicates");
    QTest::newRow("a b a b a") << u"a b a b a"_s << QString() << 5
                               << QList<QList<int>>{{}, {}, {0}, {1}, {0, 2}};
    QTest::newRow("nothing repeats")
        << u"x y z"_s << QString() << 3 << QList<QList<int>>{{}, {}, {}};
    QTest::newRow("fewer queries: the last two keys")
        << u"a b a c"_s << QString() << 2 << QList<QList<int>>{{0}, {}};
    QTest::newRow("query tokens apart")
        << u"a b a"_s << u"a b"_s << 2 << QList<QList<int>>{{0}, {1}};
    QTest::newRow("query token not among the keys")
        << u"a a"_s << u"q"_s << 1 << QList<QList<int>>{{}};
    QTest::newRow("one token six times")
        << u"t t t t t t"_s << QString() << 6
        << QList<QList<int>>{{}, {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 4}};
}

void TestRealAttention::tokenRepeats()
{
    QFETCH(QString, keys);
    QFETCH(QString, queries);
    QFETCH(int, queryCount);
    QFETCH(QList<QList<int>>, duplicates);
    const int n = int(keys.count(QLatin1Char(' ')) + 1);
    AttentionTensor tensor({1, 1, queryCount, n},
                           std::vector<float>(size_t(queryCount) * n, 1.0f / float(n)));
    auto strings = [](const QString &spaced) {
        std::vector<std::string> out;
        for (const QString &s : spaced.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            out.push_back(s.toStdString());
        return out;
    };
    tensor.setTokens(strings(keys), strings(queries));
    const TokenRepeats repeats(tensor);
    bool any = false;
    for (int q = 0; q < queryCount; ++q) {
        const std::span<const int> found = repeats.duplicateKeys(q);
        QCOMPARE(QList<int>(found.begin(), found.end()), duplicates[q]);
        any = any || !found.empty();
    }
    QCOMPARE(repeats.any(), any);
    // The detectors over uniform rows: each query's share of earlier copies
    // (and of the keys after them), as TransformerLens sums A times the pattern.
    double duplicate = 0.0;
    for (const QList<int> &d : duplicates)
        duplicate += double(d.size()) / n;
    const HeadScores scores = scoreHead(tensor, 0, 0, repeats);
    if (any) {
        QVERIFY(std::abs(scores.duplicateToken - duplicate / queryCount) < 1e-6);
        QVERIFY(std::abs(scores.induction - duplicate / queryCount) < 1e-6);
    } else {
        QVERIFY(std::isnan(scores.duplicateToken));
    }
}

void TestRealAttention::noTokensNoDetectors()
{
    // Without tokens nothing can repeat: the two detectors are NaN, the rest defined.
    std::vector<float> uniform(2 * 3 * 3, 1.0f / 3.0f);
    const AttentionTensor tensor({1, 2, 3, 3}, uniform);
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    QVERIFY(std::isnan(scores[0].duplicateToken));
    QVERIFY(std::isnan(scores[1].induction));
    QVERIFY(std::abs(scores[0].entropyBits - std::log2(3.0)) < 1e-6); // float32 logs
    QVERIFY(std::abs(scores[1].firstToken - 1.0 / 3.0) < 1e-7);
}

void TestRealAttention::firstTokenLeavesOutTheFirstQuery_data()
{
    // The query at position 0 of a causal head has all its weight on the
    // first token: counted, it overstated every head (llama-gqa's 0.2 read
    // 0.39 against 0.343 over the rows after it).
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<double>("expected");
    // Rows i: weight 1 on key 0 for row 0, then 0.25 on key 0.
    QTest::newRow("square, causal: row 0 left out") << 4 << 4 << 0.25;
    // The last two of four tokens: neither sits at position 0, both count.
    QTest::newRow("last queries only: every row counts") << 2 << 4 << 0.25;
    QTest::newRow("one token: no row past position 0") << 1 << 1 << 0.0;
}

void TestRealAttention::firstTokenLeavesOutTheFirstQuery()
{
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(double, expected);
    const int offset = keys - queries;
    std::vector<float> a(size_t(queries * keys), 0.0f);
    for (int q = 0; q < queries; ++q) {
        const int visible = q + offset + 1;
        if (visible == 1) {
            a[size_t(q * keys)] = 1.0f;
            continue;
        }
        a[size_t(q * keys)] = 0.25f;
        for (int k = 1; k < visible; ++k)
            a[size_t(q * keys + k)] = 0.75f / float(visible - 1);
    }
    const AttentionTensor tensor({1, 1, queries, keys}, a);
    QCOMPARE(scoreHeads(tensor)[0].firstToken, expected);
}

void TestRealAttention::inductionRepeatsScoresTheSecondCopy_data()
{
    // Five tokens said twice; each head a rule for where row i's weight goes.
    QTest::addColumn<QString>("rule");
    QTest::addColumn<double>("inductionRepeats"); // Olsson et al.: over the second copy
    QTest::addColumn<double>("induction");        // TransformerLens: over every row
    QTest::addColumn<double>("duplicate");
    QTest::newRow("induction head: the token after the first copy")
        << u"induction"_s << 1.0 << 0.5 << 0.0;
    QTest::newRow("half its weight there, half on itself") << u"half"_s << 0.5 << 0.25 << 0.0;
    QTest::newRow("previous-token head") << u"previous"_s << 0.0 << 0.0 << 0.0;
    QTest::newRow("duplicate-token head: the first copy itself")
        << u"duplicate"_s << 0.0 << 0.0 << 0.5;
}

void TestRealAttention::inductionRepeatsScoresTheSecondCopy()
{
    QFETCH(QString, rule);
    QFETCH(double, inductionRepeats);
    QFETCH(double, induction);
    QFETCH(double, duplicate);
    const int n = 10, half = 5;
    std::vector<float> a(size_t(n) * n, 0.0f);
    auto put = [&](int q, int k, float w) { a[size_t(q) * n + size_t(k)] += w; };
    for (int q = 0; q < n; ++q) {
        if (q < half || rule == QLatin1String("previous")) {
            put(q, std::max(q - 1, 0), 1.0f);
        } else if (rule == QLatin1String("induction")) {
            put(q, q - half + 1, 1.0f);
        } else if (rule == QLatin1String("half")) {
            put(q, q - half + 1, 0.5f);
            put(q, q, 0.5f);
        } else {
            put(q, q - half, 1.0f);
        }
    }
    AttentionTensor tensor({1, 1, n, n}, a);
    tensor.setTokens({"a", "b", "c", "d", "e", "a", "b", "c", "d", "e"});
    const HeadScores scores = scoreHead(tensor, 0, 0, TokenRepeats(tensor));
    QVERIFY(std::abs(scores.inductionRepeats - inductionRepeats) < 1e-9);
    QVERIFY(std::abs(scores.induction - induction) < 1e-9);
    QVERIFY(std::abs(scores.duplicateToken - duplicate) < 1e-9);
    QCOMPARE(scores.value(HeadScoreKind::InductionRepeats), scores.inductionRepeats);
    QVERIFY(needsRepeatedTokens(HeadScoreKind::InductionRepeats));
    // Nothing repeats: nothing to score.
    AttentionTensor plain({1, 1, 2, 2}, std::vector<float>{1.0f, 0.0f, 0.5f, 0.5f});
    plain.setTokens({"x", "y"});
    QVERIFY(std::isnan(scoreHead(plain, 0, 0, TokenRepeats(plain)).inductionRepeats));
}

void TestRealAttention::repeatedRandomTokens_data()
{
    QTest::addColumn<int>("vocabulary");
    QTest::addColumn<int>("count");
    QTest::addColumn<QList<int>>("excluded");
    QTest::newRow("25 of GPT-2's") << 50257 << 25 << QList<int>{50256};
    QTest::newRow("40 of 4096") << 4096 << 40 << QList<int>{4095};
    QTest::newRow("every token but two") << 12 << 10 << QList<int>{0, 11};
}

void TestRealAttention::repeatedRandomTokens()
{
    QFETCH(int, vocabulary);
    QFETCH(int, count);
    QFETCH(QList<int>, excluded);
    const std::vector<int> skip(excluded.begin(), excluded.end());
    const std::vector<int> tokens = AttentionLab::repeatedRandomTokens(vocabulary, count, 7, skip);
    QCOMPARE(int(tokens.size()), 2 * count);
    std::set<int> first;
    for (int i = 0; i < count; ++i) {
        QCOMPARE(tokens[size_t(i + count)], tokens[size_t(i)]);
        QVERIFY(tokens[size_t(i)] >= 0 && tokens[size_t(i)] < vocabulary);
        QVERIFY(!excluded.contains(tokens[size_t(i)]));
        first.insert(tokens[size_t(i)]);
    }
    QCOMPARE(int(first.size()), count); // distinct: each row of the second copy has one match
    // The same seed, the same tokens; another seed, others.
    QCOMPARE(AttentionLab::repeatedRandomTokens(vocabulary, count, 7, skip), tokens);
    if (count < vocabulary - 2)
        QVERIFY(AttentionLab::repeatedRandomTokens(vocabulary, count, 8, skip) != tokens);
    // More than the vocabulary has left is refused.
    const int left = vocabulary - int(excluded.size());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             AttentionLab::repeatedRandomTokens(vocabulary, left + 1, 7, skip));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             AttentionLab::repeatedRandomTokens(vocabulary, 0, 7, skip));
}

void TestRealAttention::downsampleKeepsStrongCells()
{
    // One strong weight in a 4096 x 4096 matrix shrunk to 100 x 100 pixels.
    FloatMatrix m = FloatMatrix::Constant(4096, 4096, 1e-4f);
    m(1234, 3071) = 0.9f;
    const FloatMatrix small = downsampleMax(m.data(), m.cols(), 0, 4096, 0, 4096, 100, 100);
    QCOMPARE(small.rows(), 100);
    QCOMPARE(small.cols(), 100);
    QCOMPARE(small.maxCoeff(), 0.9f);
    QCOMPARE(small(1234 * 100 / 4096, 3071 * 100 / 4096), 0.9f);
    QCOMPARE(small.minCoeff(), 1e-4f);
}

void TestRealAttention::downsampleOfSmallRegionIsExact()
{
    FloatMatrix m(6, 5);
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 5; ++j)
            m(i, j) = float(i * 10 + j);
    // Rows 2..4, columns 1..3 at one pixel a cell: the cells themselves.
    const FloatMatrix region = downsampleMax(m.data(), m.cols(), 2, 5, 1, 4, 3, 3);
    QCOMPARE(region, m.block(2, 1, 3, 3).eval());
    // Two rows a pixel: the larger of each pair.
    const FloatMatrix halves = downsampleMax(m.data(), m.cols(), 0, 6, 0, 5, 3, 5);
    QCOMPARE(halves(0, 0), 10.0f);
    QCOMPARE(halves(2, 4), 54.0f);
}

void TestRealAttention::wordGroups_data()
{
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("GPT-2 contraction")
        << QStringList{QStringLiteral("It"), QStringLiteral("Ġdidn"), QStringLiteral("'t"),
                       QStringLiteral("Ġgo"), QStringLiteral(".")}
        << QStringList{QStringLiteral("It"), QStringLiteral(" didn't"), QStringLiteral(" go"),
                       QStringLiteral(".")};
    QTest::newRow("GPT-2 pieces, no raw marks")
        << QStringList{QStringLiteral("ĠĠspaces"), QStringLiteral("é"), QStringLiteral("Ġun"),
                       QStringLiteral("believ"), QStringLiteral("able")}
        << QStringList{QStringLiteral("  spacesé"), QStringLiteral(" unbelievable")};
    QTest::newRow("GPT-2 special token stays alone")
        << QStringList{QStringLiteral("<|endoftext|>"), QStringLiteral("The"),
                       QStringLiteral("Ġcat")}
        << QStringList{QStringLiteral("<|endoftext|>"), QStringLiteral("The"),
                       QStringLiteral(" cat")};
    QTest::newRow("SentencePiece: pieces and punctuation glued to a word")
        << QStringList{QStringLiteral("<pad>"), QStringLiteral("▁Préférences"),
                       QStringLiteral("▁du"),   QStringLiteral("▁sélect"),
                       QStringLiteral("eur"),   QStringLiteral("▁d"),
                       QStringLiteral("'"),     QStringLiteral("espaces"),
                       QStringLiteral("."),     QStringLiteral("</s>")}
        << QStringList{QStringLiteral("<pad>"),       QStringLiteral(" Préférences"),
                       QStringLiteral(" du"),         QStringLiteral(" sélecteur"),
                       QStringLiteral(" d'espaces."), QStringLiteral("</s>")};
    QTest::newRow("SentencePiece: a lone space piece starts the word")
        << QStringList{QStringLiteral("▁"), QStringLiteral("h"), QStringLiteral("idden"),
                       QStringLiteral("▁files")}
        << QStringList{QStringLiteral(" hidden"), QStringLiteral(" files")};
    QTest::newRow("WordPiece") << QStringList{QStringLiteral("[CLS]"), QStringLiteral("play"),
                                              QStringLiteral("##ing"), QStringLiteral("[SEP]")}
                               << QStringList{QStringLiteral("[CLS]"), QStringLiteral("playing"),
                                              QStringLiteral("[SEP]")};
    QTest::newRow("plain words") << QStringList{QStringLiteral("a"), QStringLiteral("b")}
                                 << QStringList{QStringLiteral("a"), QStringLiteral("b")};
}

void TestRealAttention::wordGroups()
{
    QFETCH(QStringList, tokens);
    QFETCH(QStringList, words);
    std::vector<std::string> pieces;
    for (const QString &t : tokens)
        pieces.push_back(t.toStdString());
    const WordGroups groups = groupWords(pieces);
    QStringList got;
    for (const std::string &w : groups.words)
        got << QString::fromStdString(w);
    QCOMPARE(got, words);
    QCOMPARE(groups.wordOf.size(), pieces.size());
}

void TestRealAttention::displayTokens_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("shown");
    QTest::newRow("GPT-2 leading space") << QStringLiteral("Ġdog") << QStringLiteral(" dog");
    QTest::newRow("GPT-2 newline") << QStringLiteral("Ċ") << QStringLiteral("↵");
    QTest::newRow("SentencePiece") << QStringLiteral("▁the") << QStringLiteral(" the");
    QTest::newRow("WordPiece piece") << QStringLiteral("##ing") << QStringLiteral("·ing");
    QTest::newRow("a lone ##") << QStringLiteral("##") << QStringLiteral("##");
    QTest::newRow("special") << QStringLiteral("[CLS]") << QStringLiteral("[CLS]");
    QTest::newRow("plain") << QStringLiteral("The") << QStringLiteral("The");
    // GPT-2's byte-level tokens stand for UTF-8 bytes: shown as the text.
    QTest::newRow("GPT-2 accent") << QStringLiteral("Ã©") << QStringLiteral("é");
    QTest::newRow("GPT-2 word with an accent")
        << QStringLiteral("ĠnaÃ¯ve") << QStringLiteral(" naïve");
    QTest::newRow("GPT-2 emoji whole") << QStringLiteral("ðŁİī") << QStringLiteral("🎉");
    QTest::newRow("GPT-2 CJK, first byte alone")
        << QStringLiteral("Ġæ") << QStringLiteral(" \\xe6");
    QTest::newRow("GPT-2 CJK, middle bytes")
        << QStringLiteral("æľ") << QStringLiteral("\\xe6\\x9c");
    QTest::newRow("GPT-2 CJK, last byte") << QStringLiteral("¬") << QStringLiteral("¬");
    QTest::newRow("GPT-2 tab") << QStringLiteral("ĉ") << QStringLiteral("⇥");
    QTest::newRow("GPT-2 space alone") << QStringLiteral("Ġ") << QStringLiteral("·");
    QTest::newRow("GPT-2 two spaces") << QStringLiteral("ĠĠ") << QStringLiteral("··");
    QTest::newRow("GPT-2 return and newline") << QStringLiteral("čĊ") << QStringLiteral("␍↵");
    // Other vocabularies' letters are not bytes.
    QTest::newRow("WordPiece accent") << QStringLiteral("café") << QStringLiteral("café");
    QTest::newRow("WordPiece piece with accent") << QStringLiteral("##ür") << QStringLiteral("·ür");
    QTest::newRow("CJK character") << QStringLiteral("日") << QStringLiteral("日");
    QTest::newRow("SentencePiece alone") << QStringLiteral("▁") << QStringLiteral("·");
}

void TestRealAttention::displayTokens()
{
    QFETCH(QString, token);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(displayToken(token.toStdString())), shown);
}

void TestRealAttention::crossRolloutFollowsTheSource()
{
    // Two decoder layers of 2 heads over 3 target tokens, an encoder of 1
    // layer over 4 source tokens; softmax rows from a fixed pattern.
    auto tensor = [](int layers, int heads, int queries, int keys, bool causal, int seed) {
        std::vector<float> values;
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h)
                for (int q = 0; q < queries; ++q) {
                    std::vector<float> row(size_t(keys), 0.0f);
                    float sum = 0.0f;
                    for (int k = 0; k < keys; ++k) {
                        if (causal && k > q)
                            continue;
                        row[size_t(k)] = 1.0f + float((seed + l * 7 + h * 5 + q * 3 + k) % 4);
                        sum += row[size_t(k)];
                    }
                    for (float &v : row)
                        values.push_back(v / sum);
                }
        return AttentionTensor(AttentionShape{layers, heads, queries, keys}, std::move(values));
    };
    const AttentionTensor encoder = tensor(1, 2, 4, 4, false, 1);
    const AttentionTensor decoder = tensor(2, 2, 3, 3, true, 2);
    const AttentionTensor cross = tensor(2, 2, 3, 4, false, 3);
    QVERIFY(crossRolloutRefusal(encoder, decoder, cross).empty());
    const FloatMatrix x = crossRollout(encoder, decoder, cross);
    QCOMPARE(x.rows(), Eigen::Index(3));
    QCOMPARE(x.cols(), Eigen::Index(4));
    // Each row, of what its target token took from the source, sums to 1.
    for (Eigen::Index t = 0; t < x.rows(); ++t)
        QVERIFY(std::abs(x.row(t).sum() - 1.0f) < 1e-6f);
    // By hand for the last layer's cross step alone: X = 0.5 S X1 ... the
    // first target token, whose self-attention sees only itself: its share
    // of the source is 0.5 (0.5 C_0 R_E)[0] + 0.5 (C_1 R_E)[0].
    const FloatMatrix averageCross0 = 0.5f * (cross.head(0, 0) + cross.head(0, 1));
    const FloatMatrix averageCross1 = 0.5f * (cross.head(1, 0) + cross.head(1, 1));
    FloatMatrix encoderRollout = 0.5f * (encoder.head(0, 0) + encoder.head(0, 1));
    encoderRollout = 0.5f * encoderRollout + 0.5f * FloatMatrix::Identity(4, 4);
    // Each cross sublayer keeps half of the decoder's own share: after two
    // layers a quarter stays with the target's tokens, the 0.75 from the
    // source normalised to 1.
    const Eigen::RowVectorXf expected = (0.25f * (averageCross0.row(0) * encoderRollout) +
                                         0.5f * (averageCross1.row(0) * encoderRollout)) /
                                        0.75f;
    QVERIFY((x.row(0) - expected).cwiseAbs().maxCoeff() < 1e-6f);
    // Sets of another run are refused in one line.
    const AttentionTensor other = tensor(2, 2, 5, 4, false, 3);
    QVERIFY(!crossRolloutRefusal(encoder, decoder, other).empty());
}

void TestRealAttention::alignmentMonotonicity_data()
{
    // Each row's most weighted key, -1 for a row of padding (all zero).
    QTest::addColumn<std::vector<int>>("argmax");
    QTest::addColumn<double>("expected");
    QTest::newRow("a diagonal") << std::vector<int>{0, 1, 2, 3, 4} << 1.0;
    QTest::newRow("reversed") << std::vector<int>{4, 3, 2, 1, 0} << -1.0;
    QTest::newRow("stuck on one key") << std::vector<int>{2, 2, 2, 2} << 0.0;
    // Bahdanau's "zone économique européenne": forward, a swap back, forward.
    QTest::newRow("one reordering") << std::vector<int>{0, 1, 3, 2, 4, 5} << 0.6;
    QTest::newRow("padding is skipped") << std::vector<int>{0, -1, 1, -1, 2} << 1.0;
    QTest::newRow("one row") << std::vector<int>{3} << 0.0;
}

void TestRealAttention::alignmentMonotonicity()
{
    QFETCH(std::vector<int>, argmax);
    QFETCH(double, expected);
    const int keys = 6;
    std::vector<float> rows(argmax.size() * keys, 0.0f);
    for (size_t i = 0; i < argmax.size(); ++i) {
        if (argmax[i] < 0)
            continue;
        for (int k = 0; k < keys; ++k)
            rows[i * keys + size_t(k)] = 0.1f;
        rows[i * keys + size_t(argmax[i])] = 0.5f;
    }
    QCOMPARE(AttentionLab::alignmentMonotonicity(rows.data(), int(argmax.size()), keys), expected);
    QVERIFY(headScoreApplies(HeadScoreKind::Monotonicity, AttentionKind::Cross));
    QVERIFY(!headScoreApplies(HeadScoreKind::Monotonicity, AttentionKind::Decoder));
}

QTEST_APPLESS_MAIN(TestRealAttention)
#include "tst_realattention.moc"
