// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The kernel sets (baseline x86-64, x86-64-v3, x86-64-v4, or the native
// build's one): every set this processor supports gives the fused attention
// pass, the row softmax, the float product (the packed product under the
// model's layers, with float32 and bfloat16 weights) and the model's
// attention (causal heads a block of queries at a time) of a plain reference
// computed here, and the set chosen at start-up is the fastest supported one.

#include "core/kernels/kernelset.h"
#include "core/maths/attention.h"
#include "core/support/normalgenerator.h"

#include <QtTest>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

using namespace AttentionLab;

Q_DECLARE_METATYPE(AttentionLab::MaskMode)

namespace {

/// How a product's left operand (a layer's weights) is stored.
enum class WeightForm
{
    RowMajor,   ///< float32 [out, in], nn.Linear's layout
    InputMajor, ///< float32 [in, out], GPT-2's Conv1D
    BFloat16,   ///< bfloat16 [out, in], read in place
};

} // namespace

Q_DECLARE_METATYPE(WeightForm)

namespace {

/// softmax(Q K^T / sqrt(d_k)) V, loop by loop in double, with its entropies.
struct Reference
{
    Matrix weights;
    Matrix output;
    std::vector<double> entropyBits;
};

Reference reference(const Matrix &q, const Matrix &k, const Matrix &v, MaskMode mode)
{
    const Index m = q.rows(), n = k.rows();
    Reference r;
    r.weights = Matrix::Zero(m, n);
    r.output = Matrix::Zero(m, v.cols());
    for (Index i = 0; i < m; ++i) {
        const Index visible = visibleKeyCount(mode, i, m, n);
        const Index span = mode == MaskMode::CausalAfterSoftmax ? n : visible;
        std::vector<double> s(static_cast<size_t>(span));
        double largest = -INFINITY;
        for (Index j = 0; j < span; ++j) {
            double dot = 0.0;
            for (Index c = 0; c < q.cols(); ++c)
                dot += q(i, c) * k(j, c);
            s[size_t(j)] = dot / std::sqrt(double(q.cols()));
            largest = std::max(largest, s[size_t(j)]);
        }
        double z = 0.0;
        for (double &x : s)
            z += (x = std::exp(x - largest));
        double entropy = 0.0;
        for (Index j = 0; j < visible; ++j) {
            const double p = s[size_t(j)] / z;
            r.weights(i, j) = p;
            if (p > 0.0)
                entropy -= p * std::log2(p);
            for (Index c = 0; c < v.cols(); ++c)
                r.output(i, c) += p * v(j, c);
        }
        r.entropyBits.push_back(entropy);
    }
    return r;
}

/// \a value rounded to the nearest bfloat16 (ties to even), as its bits.
std::uint16_t toBFloat16(float value)
{
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return std::uint16_t((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

float fromBFloat16(std::uint16_t half)
{
    const std::uint32_t bits = std::uint32_t(half) << 16;
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

void addKernelRows()
{
    QTest::addColumn<int>("set");
    const auto sets = supportedKernels();
    for (size_t i = 0; i < sets.size(); ++i)
        QTest::addRow("%s", sets[i]->name) << int(i);
}

/// Query \a i's weights over keys [begin, end) of head \a h (key/value head
/// \a g) in double, the others 0: the scaled dot products, soft-capped at
/// \a softCap (> 0), plus \a bias (a row of one per key, or null: a knocked-out
/// edge's minus infinity stays one), then the softmax. The reference every
/// attention kernel test holds the kernels to.
std::vector<double> referenceWeights(const std::vector<float> &q, int ldQ,
                                     const std::vector<float> &k, int ldKv, int h, int g, int i,
                                     int headDim, float scale, int begin, int end, int keys,
                                     const float *bias = nullptr, float softCap = 0.0f)
{
    std::vector<double> p(size_t(keys), 0.0);
    double largest = -INFINITY;
    for (int j = begin; j < end; ++j) {
        double s = 0.0;
        for (int c = 0; c < headDim; ++c)
            s += double(q[size_t(i * ldQ + h * headDim + c)]) *
                 double(k[size_t(j * ldKv + g * headDim + c)]);
        s *= double(scale);
        if (softCap > 0.0f)
            s = double(softCap) * std::tanh(s / double(softCap));
        if (bias)
            s += double(bias[j]);
        p[size_t(j)] = s;
        largest = std::max(largest, s);
    }
    double z = 0.0;
    for (int j = begin; j < end; ++j)
        z += (p[size_t(j)] = std::exp(p[size_t(j)] - largest));
    for (int j = begin; j < end; ++j)
        p[size_t(j)] /= z;
    return p;
}

/// What of query \a i's row of head \a h is more than 1e-5 from the
/// reference \a p: a weight in \a row, or a value of its context (\a
/// context, headDim values, against p times the values of key/value head \a
/// g); empty when nothing is.
QString rowMismatch(const float *row, const std::vector<double> &p, const std::vector<float> &v,
                    int ldKv, int g, int headDim, const float *context, int h, int i)
{
    for (size_t j = 0; j < p.size(); ++j)
        if (!(std::abs(double(row[j]) - p[j]) <= 1e-5))
            return QStringLiteral("head %1, weight (%2, %3) = %4, expected %5")
                .arg(h)
                .arg(i)
                .arg(j)
                .arg(double(row[j]), 0, 'g', 9)
                .arg(p[j], 0, 'g', 9);
    for (int c = 0; c < headDim; ++c) {
        double sum = 0.0;
        for (size_t j = 0; j < p.size(); ++j)
            sum += p[j] * double(v[j * size_t(ldKv) + size_t(g * headDim + c)]);
        if (!(std::abs(double(context[c]) - sum) <= 1e-5))
            return QStringLiteral("head %1, context (%2, %3) = %4, expected %5")
                .arg(h)
                .arg(i)
                .arg(c)
                .arg(double(context[c]), 0, 'g', 9)
                .arg(sum, 0, 'g', 9);
    }
    return {};
}

} // namespace

class TestKernelSet : public QObject
{
    Q_OBJECT

private slots:
    void fusedPassMatchesReference_data();
    void fusedPassMatchesReference();
    void softmaxRowMatchesReference_data();
    void softmaxRowMatchesReference();
    void underflowIsExact_data();
    void underflowIsExact();
    void productMatchesReference_data();
    void productMatchesReference();
    void linearMatchesReference_data();
    void linearMatchesReference();
    void modelAttentionMatchesReference_data();
    void modelAttentionMatchesReference();
    void attentionOfSomeQueriesMatchesReference_data();
    void attentionOfSomeQueriesMatchesReference();
    void linearCarriesNonFinite_data();
    void linearCarriesNonFinite();
    void fastestIsChosen();
};

void TestKernelSet::fusedPassMatchesReference_data()
{
    QTest::addColumn<int>("set");
    QTest::addColumn<MaskMode>("mode");
    QTest::addColumn<int>("n");
    const auto sets = supportedKernels();
    for (size_t i = 0; i < sets.size(); ++i) {
        QTest::addRow("%s, causal, 200 (several blocks)", sets[i]->name)
            << int(i) << MaskMode::Causal << 200;
        QTest::addRow("%s, causal after softmax, 130", sets[i]->name)
            << int(i) << MaskMode::CausalAfterSoftmax << 130;
        QTest::addRow("%s, none, 70", sets[i]->name) << int(i) << MaskMode::None << 70;
    }
}

void TestKernelSet::fusedPassMatchesReference()
{
    QFETCH(int, set);
    QFETCH(MaskMode, mode);
    QFETCH(int, n);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    NormalGenerator normal(11);
    const Matrix q = normal.matrix(n, 16), k = normal.matrix(n, 16), v = normal.matrix(n, 8);
    AttentionOptions options;
    options.mask = mode;
    FusedPassResult fused;
    kernels.fusedAttention(q, k, v, options, fused);
    const Reference expected = reference(q, k, v, mode);
    QVERIFY((fused.weights - expected.weights).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY((fused.output - expected.output).cwiseAbs().maxCoeff() < 1e-12);
    for (size_t i = 0; i < fused.rows.size(); ++i) {
        Index argmax = 0;
        expected.weights.row(Index(i)).maxCoeff(&argmax);
        QCOMPARE(fused.rows[i].argmax, argmax);
        QVERIFY(std::abs(fused.rows[i].entropyBits - expected.entropyBits[i]) < 1e-10);
    }
}

void TestKernelSet::softmaxRowMatchesReference_data()
{
    addKernelRows();
}

void TestKernelSet::softmaxRowMatchesReference()
{
    // 1000 keys: several chunks of the exponential, and a tail that no
    // vector width divides.
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    NormalGenerator normal(5);
    const Matrix scores = normal.matrix(1, 1000) * 4.0;
    Matrix weights(1, 1000);
    const RowStatistics stats =
        kernels.softmaxRow(scores.data(), weights.data(), 1000, 1000, 2.0, MaskMode::None);
    double largest = scores.maxCoeff(), z = 0.0, entropy = 0.0;
    for (Index j = 0; j < 1000; ++j)
        z += std::exp((scores(0, j) - largest) / 2.0);
    for (Index j = 0; j < 1000; ++j) {
        const double p = std::exp((scores(0, j) - largest) / 2.0) / z;
        QVERIFY(std::abs(weights(0, j) - p) < 1e-15);
        entropy -= p * std::log2(p);
    }
    QVERIFY(std::abs(stats.entropyBits - entropy) < 1e-12);
    QVERIFY(std::abs(stats.sum - 1.0) < 1e-14);
}

void TestKernelSet::underflowIsExact_data()
{
    addKernelRows();
}

void TestKernelSet::underflowIsExact()
{
    // Shifted logits where exp() is subnormal or 0: every set gives what
    // std::exp gives (Eigen's SSE2 exp alone would give 5.6e-309 for them all).
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    const double scores[] = {0.0, -700.0, -720.0, -744.0, -746.0, -1e308};
    double weights[6];
    const RowStatistics stats = kernels.softmaxRow(scores, weights, 6, 6, 1.0, MaskMode::None);
    const double z = 1.0 + std::exp(-700.0);
    for (int j = 0; j < 6; ++j)
        QCOMPARE(weights[j], std::exp(scores[j]) / z);
    QCOMPARE(weights[5], 0.0);
    QVERIFY(stats.entropyBits < 1e-300);
}

void TestKernelSet::productMatchesReference_data()
{
    addKernelRows();
}

void TestKernelSet::productMatchesReference()
{
    // 67 x 45 times 45 x 33 in float, row-major left operand: the packing's
    // edges on every side.
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    NormalGenerator normal(3);
    const Eigen::MatrixXf l = normal.matrix(67, 45).cast<float>();
    const Eigen::MatrixXf r = normal.matrix(45, 33).cast<float>();
    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> lRows = l;
    Eigen::MatrixXf out(67, 33);
    kernels.serialProduct(67, 33, 45, lRows.data(), 45, true, r.data(), 45, out.data(), 67, 0.5f);
    const Eigen::MatrixXd expected = 0.5 * l.cast<double>() * r.cast<double>();
    QVERIFY((out.cast<double>() - expected).cwiseAbs().maxCoeff() < 1e-5);
}

void TestKernelSet::linearMatchesReference_data()
{
    QTest::addColumn<int>("set");
    QTest::addColumn<WeightForm>("form");
    QTest::addColumn<int>("out");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("in");
    struct Shape
    {
        const char *name;
        int out, n, in;
    };
    // The packed product's blocking: 16, 32 or 8 rows a panel, 6 to 12
    // columns a tile, 640 depths and 384 columns a block; none of the first
    // eight sizes is a multiple of them.
    const Shape shapes[] = {
        {"67 x 45 by 33", 67, 45, 33},
        {"one row", 1, 37, 50},
        {"one column", 70, 1, 45},
        {"depth 1", 33, 7, 1},
        {"one of each", 1, 1, 1},
        {"two depth blocks", 97, 17, 1301},
        {"two column blocks", 50, 400, 20},
        {"rows past the panels", 130, 2, 64},
        // The tile product's blocking: 16 rows and tokens a tile, 32 depths,
        // 1,024 depths a slice, 128 rows a panel, 256 tokens a chunk; these
        // fill their tiles with no padding, over two slices and two chunks.
        {"whole tiles, two depth slices", 96, 48, 2048},
        {"whole tiles, two chunks, three panels", 288, 300, 96},
    };
    const struct
    {
        WeightForm form;
        const char *name;
    } forms[] = {{WeightForm::RowMajor, "float32 [out, in]"},
                 {WeightForm::InputMajor, "float32 [in, out]"},
                 {WeightForm::BFloat16, "bfloat16 [out, in]"}};
    const auto sets = supportedKernels();
    for (size_t i = 0; i < sets.size(); ++i)
        for (const auto &form : forms)
            for (const Shape &shape : shapes)
                QTest::addRow("%s, %s, %s", sets[i]->name, form.name, shape.name)
                    << int(i) << form.form << shape.out << shape.n << shape.in;
}

void TestKernelSet::linearMatchesReference()
{
    // y = W x + b against sums in double, with x and y in wider buffers
    // (leading dimensions in + 3 and out + 5) whose padding must stay as it was.
    QFETCH(int, set);
    QFETCH(WeightForm, form);
    QFETCH(int, out);
    QFETCH(int, n);
    QFETCH(int, in);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    NormalGenerator normal(17);
    // w(i, k) of the out x in matrix, rounded to bfloat16 for that form so
    // that the reference multiplies the same values.
    std::vector<float> w(size_t(out) * size_t(in));
    std::vector<std::uint16_t> halves(w.size());
    for (size_t i = 0; i < w.size(); ++i) {
        halves[i] = toBFloat16(float(normal.next()));
        w[i] = form == WeightForm::BFloat16 ? fromBFloat16(halves[i]) : float(normal.next());
    }
    auto weight = [&](int i, int k) { return w[size_t(i) * size_t(in) + size_t(k)]; };
    std::vector<float> stored(w.size());
    for (int i = 0; i < out; ++i)
        for (int k = 0; k < in; ++k)
            stored[form == WeightForm::InputMajor ? size_t(k) * size_t(out) + size_t(i)
                                                  : size_t(i) * size_t(in) + size_t(k)] =
                weight(i, k);
    std::vector<float> bias(static_cast<size_t>(out));
    for (float &b : bias)
        b = float(normal.next());
    const int ldX = in + 3, ldY = out + 5;
    std::vector<float> x(size_t(ldX) * size_t(n));
    for (float &value : x)
        value = float(normal.next());
    constexpr float kUntouched = -1234.5f;
    std::vector<float> y(size_t(ldY) * size_t(n), kUntouched);

    LinearWeights layer;
    layer.in = in;
    layer.out = out;
    layer.bias = bias.data();
    layer.inputMajor = form == WeightForm::InputMajor;
    if (form == WeightForm::BFloat16)
        layer.bf16 = halves.data();
    else
        layer.weight = stored.data();
    kernels.linear(layer, x.data(), ldX, n, y.data(), ldY);

    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < out; ++i) {
            double sum = bias[size_t(i)], magnitude = std::abs(sum);
            for (int k = 0; k < in; ++k) {
                const double term = double(weight(i, k)) * double(x[size_t(j * ldX + k)]);
                sum += term;
                magnitude += std::abs(term);
            }
            const double got = y[size_t(j * ldY + i)];
            // float32 sums: a few units in the last place of the terms'
            // magnitude (6e-8); a term lost or doubled is about 1 / in of it.
            if (std::abs(got - sum) > 1e-6 * magnitude + 1e-30)
                QFAIL(qPrintable(QStringLiteral("y(%1, %2) = %3, expected %4")
                                     .arg(i)
                                     .arg(j)
                                     .arg(got, 0, 'g', 9)
                                     .arg(sum, 0, 'g', 9)));
        }
        for (int i = out; i < ldY; ++i)
            QCOMPARE(y[size_t(j * ldY + i)], kUntouched);
    }
}

void TestKernelSet::modelAttentionMatchesReference_data()
{
    QTest::addColumn<int>("set");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    struct Shape
    {
        const char *name;
        int n, heads, kvHeads, headDim;
        bool causal;
        int window;
    };
    // A causal head is made 96 queries at a time over the keys they see:
    // one block, a block and a part, several with the last one short, a
    // window inside them, and BERT's whole square.
    const Shape shapes[] = {
        {"causal, 5 tokens", 5, 2, 2, 8, true, 0},
        {"causal, 96 tokens, one block", 96, 3, 1, 16, true, 0},
        {"causal, 97 tokens", 97, 4, 2, 12, true, 0},
        {"causal, 250 tokens, 3:1 grouped", 250, 6, 2, 20, true, 0},
        {"causal, 230 tokens, window 40", 230, 2, 1, 10, true, 40},
        {"not causal, 130 tokens", 130, 2, 2, 24, false, 0},
    };
    const auto sets = supportedKernels();
    for (size_t i = 0; i < sets.size(); ++i)
        for (const Shape &shape : shapes)
            QTest::addRow("%s, %s", sets[i]->name, shape.name)
                << int(i) << shape.n << shape.heads << shape.kvHeads << shape.headDim
                << shape.causal << shape.window;
}

void TestKernelSet::attentionOfSomeQueriesMatchesReference_data()
{
    // The one attention entry for every caller: the last queries of a text
    // over all its keys (a step of generation over the key/value cache: one
    // query), a cross-attention (no mask, queries and keys of two texts),
    // and the scorings the next families need, an additive bias per head
    // (T5, ALiBi) and a soft cap (Gemma 2).
    QTest::addColumn<int>("set");
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    QTest::addColumn<bool>("bias");
    QTest::addColumn<float>("softCap");
    struct Shape
    {
        const char *name;
        int queries, keys;
        bool causal;
        int window;
        bool bias;
        float softCap;
    };
    const Shape shapes[] = {
        {"one query over 37 cached keys", 1, 37, true, 0, false, 0.0f},
        {"one query, window 8", 1, 37, true, 8, false, 0.0f},
        {"the last 70 of 150, causal", 70, 150, true, 0, false, 0.0f},
        {"cross-attention, 9 over 21", 9, 21, false, 0, false, 0.0f},
        {"a bias per head", 40, 40, true, 0, true, 0.0f},
        {"a soft cap of 2", 33, 33, true, 0, false, 2.0f},
        {"cross-attention, bias and cap", 12, 30, false, 0, true, 5.0f},
    };
    const auto sets = supportedKernels();
    for (size_t i = 0; i < sets.size(); ++i)
        for (const Shape &s : shapes)
            QTest::addRow("%s, %s", sets[i]->name, s.name)
                << int(i) << s.queries << s.keys << s.causal << s.window << s.bias << s.softCap;
}

void TestKernelSet::attentionOfSomeQueriesMatchesReference()
{
    QFETCH(int, set);
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(bool, causal);
    QFETCH(int, window);
    QFETCH(bool, bias);
    QFETCH(float, softCap);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    const int heads = 4, kvHeads = 2, headDim = 16;
    NormalGenerator normal(31);
    const int ldQ = heads * headDim, ldKv = kvHeads * headDim;
    std::vector<float> q(size_t(ldQ) * size_t(queries)), k(size_t(ldKv) * size_t(keys)),
        v(k.size());
    for (std::vector<float> *values : {&q, &k, &v})
        for (float &value : *values)
            value = float(normal.next());
    const size_t matrixSize = size_t(queries) * size_t(keys);
    std::vector<float> biases(bias ? size_t(heads) * matrixSize : 0);
    for (float &value : biases)
        value = float(normal.next());
    AttentionScoring scoring;
    scoring.scale = 1.0f / std::sqrt(float(headDim));
    scoring.visibility.causal = causal;
    scoring.visibility.window = window;
    scoring.visibility.keyOffset = keys - queries;
    scoring.bias = bias ? biases.data() : nullptr;
    scoring.softCap = softCap;
    std::vector<float> weights(size_t(heads) * matrixSize, std::nanf(""));
    std::vector<float> context(size_t(ldQ) * size_t(queries), std::nanf(""));
    kernels.attention(HeadRows{q.data(), ldQ, headDim}, HeadRows{k.data(), ldKv, headDim},
                      HeadRows{v.data(), ldKv, headDim}, heads, kvHeads, queries, keys, headDim,
                      scoring, weights.data(), context.data(), ldQ);
    for (int h = 0; h < heads; ++h) {
        const int g = h / (heads / kvHeads);
        for (int i = 0; i < queries; ++i) {
            const int end = causal ? i + 1 + keys - queries : keys;
            const int begin = window > 0 ? std::max(0, end - window) : 0;
            const std::vector<double> p = referenceWeights(
                q, ldQ, k, ldKv, h, g, i, headDim, scoring.scale, begin, end, keys,
                bias ? biases.data() + size_t(h) * matrixSize + size_t(i) * keys : nullptr,
                softCap);
            const float *row = weights.data() + size_t(h) * matrixSize + size_t(i) * keys;
            const QString mismatch = rowMismatch(row, p, v, ldKv, g, headDim,
                                                 context.data() + i * ldQ + h * headDim, h, i);
            QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        }
    }
}

void TestKernelSet::modelAttentionMatchesReference()
{
    // The model's attention (KernelSet::attention) against sums in double:
    // every weight of every head, the masked ones 0 (the buffer starts as
    // NaN, so a value never written shows), and each head's context in a
    // wider buffer whose padding must stay as it was.
    QFETCH(int, set);
    QFETCH(int, n);
    QFETCH(int, heads);
    QFETCH(int, kvHeads);
    QFETCH(int, headDim);
    QFETCH(bool, causal);
    QFETCH(int, window);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    NormalGenerator normal(29);
    const int ldQ = heads * headDim + 3, ldKv = kvHeads * headDim + 2;
    std::vector<float> q(size_t(ldQ) * size_t(n)), k(size_t(ldKv) * size_t(n)), v(k.size());
    for (std::vector<float> *values : {&q, &k, &v})
        for (float &value : *values)
            value = float(normal.next());
    const float scale = 1.0f / std::sqrt(float(headDim));
    const size_t matrixSize = size_t(n) * size_t(n);
    std::vector<float> weights(size_t(heads) * matrixSize, std::nanf(""));
    const int ldContext = heads * headDim + 1;
    constexpr float kUntouched = -1234.5f;
    std::vector<float> context(size_t(ldContext) * size_t(n), kUntouched);
    AttentionScoring scoring;
    scoring.scale = scale;
    scoring.visibility.causal = causal;
    scoring.visibility.window = window;
    kernels.attention(HeadRows{q.data(), ldQ, headDim}, HeadRows{k.data(), ldKv, headDim},
                      HeadRows{v.data(), ldKv, headDim}, heads, kvHeads, n, n, headDim, scoring,
                      weights.data(), context.data(), ldContext);

    const int group = heads / kvHeads;
    for (int h = 0; h < heads; ++h) {
        const int g = h / group;
        for (int i = 0; i < n; ++i) {
            const int end = causal ? i + 1 : n;
            const int begin = window > 0 ? std::max(0, end - window) : 0;
            const std::vector<double> p =
                referenceWeights(q, ldQ, k, ldKv, h, g, i, headDim, scale, begin, end, n);
            const float *row = weights.data() + size_t(h) * matrixSize + size_t(i) * size_t(n);
            const QString mismatch = rowMismatch(
                row, p, v, ldKv, g, headDim, context.data() + i * ldContext + h * headDim, h, i);
            if (!mismatch.isEmpty())
                QFAIL(qPrintable(mismatch));
        }
    }
    for (int i = 0; i < n; ++i)
        QCOMPARE(context[size_t(i * ldContext + heads * headDim)], kUntouched);
}

void TestKernelSet::linearCarriesNonFinite_data()
{
    addKernelRows();
}

void TestKernelSet::linearCarriesNonFinite()
{
    // A bfloat16 product over 40 tokens (the tile set's path) in which token
    // 3 holds +infinity at depth 5 and token 4 a NaN at depth 7: token 3's
    // outputs are infinite with the sign of their weight at depth 5, token
    // 4's are NaN, and the others stay finite.
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    constexpr int out = 40, n = 40, in = 64;
    NormalGenerator normal(23);
    std::vector<std::uint16_t> w(size_t(out) * size_t(in));
    for (std::uint16_t &value : w)
        value = toBFloat16(float(normal.next()) + 0.01f);
    std::vector<float> x(size_t(in) * size_t(n));
    for (float &value : x)
        value = float(normal.next());
    x[size_t(3 * in + 5)] = std::numeric_limits<float>::infinity();
    x[size_t(4 * in + 7)] = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> y(size_t(out) * size_t(n));
    LinearWeights layer;
    layer.in = in;
    layer.out = out;
    layer.bf16 = w.data();
    kernels.linear(layer, x.data(), in, n, y.data(), out);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < out; ++i) {
            const float got = y[size_t(j * out + i)];
            if (j == 3) {
                const float weight = fromBFloat16(w[size_t(i * in + 5)]);
                QVERIFY2(std::isinf(got) && (got > 0) == (weight > 0),
                         qPrintable(QStringLiteral("y(%1, 3) = %2").arg(i).arg(got)));
            } else if (j == 4) {
                QVERIFY2(std::isnan(got),
                         qPrintable(QStringLiteral("y(%1, 4) = %2").arg(i).arg(got)));
            } else {
                QVERIFY2(std::isfinite(got),
                         qPrintable(QStringLiteral("y(%1, %2) = %3").arg(i).arg(j).arg(got)));
            }
        }
}

void TestKernelSet::fastestIsChosen()
{
    const auto supported = supportedKernels();
    const auto built = builtKernels();
    QVERIFY(!supported.empty());
    QCOMPARE(supported.front(), built.front()); // the first set runs anywhere
    for (const KernelSet *set : built)
        QVERIFY(std::strlen(set->id) > 0 && std::strlen(set->name) > 0);
    // ATTENTIONLAB_KERNEL (when a supported set) picks that set instead.
    const char *forced = std::getenv("ATTENTIONLAB_KERNEL");
    const KernelSet *expected = supported.back();
    for (const KernelSet *set : supported)
        if (forced && std::strcmp(forced, set->id) == 0)
            expected = set;
    QCOMPARE(&activeKernels(), expected);
}

QTEST_APPLESS_MAIN(TestKernelSet)
#include "tst_kernelset.moc"
