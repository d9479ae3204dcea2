// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The computations behind the chapter's labs: key geometry, the
// permutation demonstration and per-head statistics.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/geometryframe.h"
#include "core/maths/headpositions.h"
#include "core/maths/keygeometry.h"
#include "core/maths/maskorders.h"
#include "core/maths/multiheadattention.h"
#include "core/maths/permutationdemo.h"
#include "core/model/rotarydemo.h"
#include "core/support/normalgenerator.h"

#include <QtTest>

using namespace AttentionLab;

Q_DECLARE_METATYPE(AttentionLab::Matrix)
Q_DECLARE_METATYPE(AttentionLab::RowVector)
Q_DECLARE_METATYPE(Eigen::Vector2d)

class TestLabs : public QObject
{
    Q_OBJECT

private slots:
    void rotaryScoresDependOnTheOffsetAlone_data();
    void rotaryScoresDependOnTheOffsetAlone();
    void rotaryDemoRefusals();
    void rotatedRowsKeepTheirOffsets();
    void slidingWindowBesideTheCausalMask();
    void headWithoutPositionsShufflesWithItsTokens();
    void headPositionsNames_data();
    void headPositionsNames();
    void coordinatesPicture();
    void principalPlaneHoldsPlanarKeys();
    void moveToLandsOnThePoint_data();
    void moveToLandsOnThePoint();
    void geometryRejects();
    void queryPlaneMakesScoresExact_data();
    void queryPlaneMakesScoresExact();
    void shufflingWithoutPositionsPermutesOutputs_data();
    void shufflingWithoutPositionsPermutesOutputs();
    void largestChangeIsTheLargestTokenChange_data();
    void largestChangeIsTheLargestTokenChange();
    void frameHoldsUntilAPointLeavesIt_data();
    void frameHoldsUntilAPointLeavesIt();
    void derangementMovesEveryToken();
    void permutationDemoRejectsNonPermutations();
    void meanEntropyIgnoresEmptyRows();
};

void TestLabs::rotaryScoresDependOnTheOffsetAlone_data()
{
    QTest::addColumn<int>("d");
    QTest::addColumn<int>("positions");
    QTest::addColumn<double>("theta");
    QTest::newRow("d 16, 48 positions") << 16 << 48 << 10000.0;
    QTest::newRow("d 64, Llama 3's theta") << 64 << 32 << 500000.0;
    QTest::newRow("d 5: the last dimension stays") << 5 << 20 << 10000.0;
    QTest::newRow("d 2, one pair") << 2 << 10 << 100.0;
}

void TestLabs::rotaryScoresDependOnTheOffsetAlone()
{
    QFETCH(int, d);
    QFETCH(int, positions);
    QFETCH(double, theta);
    NormalGenerator normal(7);
    Vector q(d), k(d);
    for (int c = 0; c < d; ++c) {
        q(c) = normal.next();
        k(c) = normal.next();
    }
    const RotaryOffsetDemo demo = rotaryOffsetDemo(q, k, positions, theta);
    QCOMPARE(demo.rotaryScores.rows(), Index(positions));
    QCOMPARE(demo.rotatedDims, d / 2 * 2);
    // Every diagonal holds one value, to float32 rounding; position 0 is q · k itself.
    QVERIFY2(demo.rotarySpread < 1e-5, qPrintable(QString::number(demo.rotarySpread)));
    QVERIFY(std::abs(demo.rotaryScores(0, 0) - q.dot(k) / std::sqrt(double(d))) < 1e-5);
    QVERIFY(std::abs(demo.rotaryScores(positions - 1, positions - 1) - demo.rotaryScores(0, 0)) <
            1e-5);
    // Added sinusoids depend on the positions themselves.
    QVERIFY2(demo.addedSpread > 0.05, qPrintable(QString::number(demo.addedSpread)));
    // And rotation does change scores between offsets.
    QVERIFY(std::abs(demo.rotaryScores(0, positions - 1) - demo.rotaryScores(0, 0)) > 1e-3);
    // A layer without positions: q · k / sqrt(d) in every cell.
    QCOMPARE(demo.plainSpread, 0.0);
    QCOMPARE(demo.plainScores(positions - 1, 0), q.dot(k) / std::sqrt(double(d)));
}

void TestLabs::slidingWindowBesideTheCausalMask()
{
    // The chapter's four scores with a window of 2: rows 0 and 1 as the
    // causal mask gives them; rows 2 and 3 see their last two keys alone,
    // softmax(0.5, 2) = (1 / (1 + e^1.5), e^1.5 / (1 + e^1.5)).
    const MaskOrders orders = compareMaskOrders(ChapterExamples::causalMaskScores(), 1.0, 2);
    QCOMPARE(orders.window, 2);
    const Matrix &w = orders.slidingWindow.weights;
    for (Index i = 0; i < 2; ++i)
        QVERIFY(w.row(i).isApprox(orders.maskFirst.weights.row(i), 1e-15));
    const double near = 1.0 / (1.0 + std::exp(1.5));
    for (Index i = 2; i < 4; ++i) {
        QCOMPARE(orders.slidingWindow.rows[size_t(i)].sum, 1.0);
        for (Index j = 0; j < i - 1; ++j) {
            QCOMPARE(w(i, j), 0.0);
            QVERIFY(orders.slidingWindow.isMasked(i, j));
        }
        QVERIFY(std::abs(w(i, i - 1) - near) < 1e-15);
        QVERIFY(std::abs(w(i, i) - (1.0 - near)) < 1e-15);
    }
    // Without a window, nothing more is computed.
    const MaskOrders plain = compareMaskOrders(ChapterExamples::causalMaskScores());
    QCOMPARE(plain.window, 0);
    QCOMPARE(plain.slidingWindow.weights.size(), Index(0));
}

void TestLabs::rotatedRowsKeepTheirOffsets()
{
    // Row i turned by position i: row 0 stays, each pair (2i, 2i+1) turns by
    // position * theta^(-2i/d), and the norm of every row is kept.
    NormalGenerator normal(4);
    const Matrix rows = normal.matrix(6, 4);
    const double theta = 100.0;
    const Matrix turned = rotatedByPosition(rows, theta);
    QVERIFY(turned.row(0).isApprox(rows.row(0), 1e-6));
    for (Index p = 0; p < rows.rows(); ++p) {
        QVERIFY(std::abs(turned.row(p).norm() - rows.row(p).norm()) < 1e-5);
        // Llama's layout: dimension c pairs with c + d/2.
        for (Index c = 0; c < 2; ++c) {
            const double angle = double(p) * std::pow(theta, -2.0 * double(c) / 4.0);
            const double x = rows(p, c), y = rows(p, c + 2);
            QVERIFY2(std::abs(turned(p, c) - (x * std::cos(angle) - y * std::sin(angle))) < 1e-5,
                     qPrintable(QStringLiteral("row %1 pair %2").arg(p).arg(c)));
            QVERIFY(std::abs(turned(p, c + 2) - (y * std::cos(angle) + x * std::sin(angle))) <
                    1e-5);
        }
    }
}

void TestLabs::headWithoutPositionsShufflesWithItsTokens()
{
    NormalGenerator normal(9);
    const Matrix q = normal.matrix(6, 8), k = normal.matrix(6, 8), v = normal.matrix(6, 5);
    const std::vector<Index> order = derangement(6, 3);
    const PermutationDemo d = rotaryPermutationDemo(q, k, v, order, {}, 10000.0);
    // As the layer is: every output travels with its token.
    for (size_t p = 0; p < order.size(); ++p)
        QVERIFY(d.plainShuffled.row(Index(p)).isApprox(d.plain.row(order[p]), 1e-12));
    QVERIFY(d.plainChange < 1e-12);
    QCOMPARE(d.plain.cols(), Index(5));
    // Turned by rotary positions at their places, the outputs change.
    QVERIFY2(d.encodedChange > 1e-2, qPrintable(QString::number(d.encodedChange)));
    // The unshuffled outputs with positions are the rotated attention itself.
    const Matrix expected =
        attend(rotatedByPosition(q, 10000.0), rotatedByPosition(k, 10000.0), v, {}).output;
    QVERIFY(d.encoded.isApprox(expected, 1e-12));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             rotaryPermutationDemo(q.topRows(5), k, v, derangement(6, 1), {}, 1e4));
}

void TestLabs::headPositionsNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<bool>("rotary");
    QTest::addColumn<double>("theta");
    QTest::newRow("none") << "none" << true << false << 10000.0;
    QTest::newRow("none, SmolLM3's other layers")
        << "none theta=5000000" << true << false << 5000000.0;
    QTest::newRow("none, no base") << "none theta=" << false << false << 0.0;
    QTest::newRow("Llama 3") << "rotary theta=500000" << true << true << 500000.0;
    QTest::newRow("fraction") << "rotary theta=10000.5" << true << true << 10000.5;
    QTest::newRow("base 1") << "rotary theta=1" << false << true << 0.0;
    QTest::newRow("not a number") << "rotary theta=ten" << false << true << 0.0;
    QTest::newRow("trailing") << "rotary theta=100 " << false << true << 0.0;
    QTest::newRow("infinite") << "rotary theta=inf" << false << true << 0.0;
    QTest::newRow("learned") << "learned" << false << true << 0.0;
}

void TestLabs::headPositionsNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QFETCH(bool, rotary);
    QFETCH(double, theta);
    const std::optional<HeadPositions> read = headPositionsFromName(name.toStdString());
    QCOMPARE(read.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(read->rotary, rotary);
    QCOMPARE(read->theta, theta);
    QCOMPARE(QString::fromStdString(headPositionsName(*read)), name);
}

void TestLabs::rotaryDemoRefusals()
{
    const Vector two = Vector::Ones(2);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rotaryOffsetDemo(two, two, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             rotaryOffsetDemo(Vector::Ones(1), Vector::Ones(1), 4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rotaryOffsetDemo(two, Vector::Ones(3), 4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rotaryOffsetDemo(two, two, 4, 1.0));
}

void TestLabs::coordinatesPicture()
{
    const KeyGeometry g = KeyGeometry::coordinates(3, 0, 2);
    QVERIFY(!g.isProjection());
    const RowVector v = (RowVector(3) << 0.4, 0.5, 0.6).finished();
    QCOMPARE(g.project(v), Eigen::Vector2d(0.4, 0.6));
}

void TestLabs::principalPlaneHoldsPlanarKeys()
{
    // Keys in a tilted plane of 4-D space: the picture loses nothing.
    NormalGenerator normal(4);
    const Matrix basis = normal.matrix(2, 4);
    const Matrix keys = normal.matrix(6, 2) * basis;
    const KeyGeometry g = KeyGeometry::principal(keys);
    QVERIFY(g.isProjection());
    QVERIFY((g.axes() * g.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-12));
    for (Index j = 0; j < keys.rows(); ++j) {
        const Eigen::Vector2d p = g.project(keys.row(j));
        const RowVector back = p.x() * g.axes().row(0) + p.y() * g.axes().row(1);
        QVERIFY(back.isApprox(keys.row(j), 1e-10));
    }
    // Fewer keys than dimensions (the Gram-matrix path): the same promise.
    const Matrix wide = normal.matrix(3, 2) * normal.matrix(2, 200);
    const KeyGeometry w = KeyGeometry::principal(wide);
    QVERIFY((w.axes() * w.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-10));
    for (Index j = 0; j < wide.rows(); ++j) {
        const Eigen::Vector2d p = w.project(wide.row(j));
        QVERIFY((p.x() * w.axes().row(0) + p.y() * w.axes().row(1)).isApprox(wide.row(j), 1e-9));
    }
    // Identical keys span nothing: the axes are still a valid plane.
    const KeyGeometry same = KeyGeometry::principal(Matrix::Ones(3, 3));
    QVERIFY((same.axes() * same.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-12));
}

void TestLabs::moveToLandsOnThePoint_data()
{
    QTest::addColumn<bool>("projection");
    QTest::newRow("coordinates") << false;
    QTest::newRow("principal plane") << true;
}

void TestLabs::moveToLandsOnThePoint()
{
    QFETCH(bool, projection);
    NormalGenerator normal(6);
    const Matrix keys = normal.matrix(5, 6);
    const KeyGeometry g =
        projection ? KeyGeometry::principal(keys) : KeyGeometry::coordinates(6, 1, 4);
    const RowVector v = keys.row(2);
    const Eigen::Vector2d target(0.75, -1.25);
    const RowVector moved = g.moveTo(v, target);
    QVERIFY(g.project(moved).isApprox(target, 1e-12));
    // Only the plane's part changed.
    const RowVector change = moved - v;
    const RowVector inPlane = change.dot(g.axes().row(0)) * g.axes().row(0) +
                              change.dot(g.axes().row(1)) * g.axes().row(1);
    QVERIFY(change.isApprox(inPlane, 1e-12));
}

void TestLabs::queryPlaneMakesScoresExact_data()
{
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("keyDim");
    QTest::addColumn<int>("seen");
    QTest::newRow("5 keys, d_k = 3") << 5 << 3 << 0;
    QTest::newRow("21 keys, d_k = 64 (more dimensions than keys)") << 21 << 64 << 0;
    QTest::newRow("200 keys, d_k = 8") << 200 << 8 << 0;
    QTest::newRow("a causal row: the first 3 of 12 keys") << 12 << 16 << 3;
}

void TestLabs::queryPlaneMakesScoresExact()
{
    QFETCH(int, keys);
    QFETCH(int, keyDim);
    QFETCH(int, seen);
    NormalGenerator normal(9);
    const Matrix k = normal.matrix(keys, keyDim);
    const RowVector q = normal.matrix(1, keyDim).row(0);
    const KeyGeometry g = KeyGeometry::queryPlane(k, q, seen);
    QCOMPARE(g.plane(), GeometryPlane::Query);
    QVERIFY((g.axes() * g.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-12));
    QVERIFY(g.axes().row(0).isApprox(q.normalized(), 1e-14));
    QVERIFY(std::abs(g.inPlane(q) - 1.0) < 1e-12);
    // x · |q| = q · k for every key, and the picture's dot product is the score.
    for (Index j = 0; j < k.rows(); ++j) {
        const Eigen::Vector2d p = g.project(k.row(j));
        QVERIFY(std::abs(p.x() * q.norm() - q.dot(k.row(j))) < 1e-12 * q.norm() * k.row(j).norm());
        QVERIFY(std::abs(p.dot(g.project(q)) - q.dot(k.row(j))) < 1e-10);
        QVERIFY(g.inPlane(k.row(j)) >= 0.0 && g.inPlane(k.row(j)) <= 1.0);
    }
    // y is the seen keys' main direction orthogonal to q: no other unit
    // direction orthogonal to q holds more of their length.
    const Index n = seen > 0 ? seen : keys;
    const Matrix rest =
        k.topRows(n) - (k.topRows(n) * g.axes().row(0).transpose()) * g.axes().row(0);
    const double held = (rest * g.axes().row(1).transpose()).squaredNorm();
    for (int trial = 0; trial < 20; ++trial) {
        RowVector other = normal.matrix(1, keyDim).row(0);
        other -= other.dot(g.axes().row(0)) * g.axes().row(0);
        other.normalize();
        QVERIFY((rest * other.transpose()).squaredNorm() <= held * (1 + 1e-12));
    }
    // One seen key: it lies wholly in its query's plane.
    const KeyGeometry one = KeyGeometry::queryPlane(k, q, 1);
    QVERIFY(std::abs(one.inPlane(k.row(0)) - 1.0) < 1e-12);
}

void TestLabs::geometryRejects()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGeometry::coordinates(3, 1, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGeometry::coordinates(3, 0, 3));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyGeometry::principal(Matrix::Ones(3, 1)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             KeyGeometry::queryPlane(Matrix::Ones(3, 3), RowVector::Ones(2)));
    // A zero query still gives a plane (every score is 0, still exact).
    const KeyGeometry zero = KeyGeometry::queryPlane(Matrix::Identity(3, 3), RowVector::Zero(3));
    QVERIFY((zero.axes() * zero.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-12));
    const KeyGeometry nothing = KeyGeometry::queryPlane(Matrix::Zero(2, 3), RowVector::Zero(3));
    QVERIFY((nothing.axes() * nothing.axes().transpose()).isApprox(Matrix::Identity(2, 2), 1e-12));
}

void TestLabs::shufflingWithoutPositionsPermutesOutputs_data()
{
    QTest::addColumn<MaskMode>("mode");
    QTest::newRow("no mask") << MaskMode::None;
}

void TestLabs::shufflingWithoutPositionsPermutesOutputs()
{
    QFETCH(MaskMode, mode);
    NormalGenerator normal(2);
    const Matrix x = normal.matrix(7, 8);
    AttentionOptions options;
    options.mask = mode;
    const PermutationDemo d = permutationDemo(x, derangement(7, 1), options);
    // Without positions every output row travels with its token, unchanged.
    for (size_t p = 0; p < d.order.size(); ++p)
        QVERIFY(d.plainShuffled.row(Index(p)).isApprox(d.plain.row(d.order[p]), 1e-13));
    QVERIFY(d.plainChange < 1e-12);
    // With the encoding added, the same shuffle changes what tokens receive.
    QVERIFY(d.encodedChange > 1e-3);
}

void TestLabs::largestChangeIsTheLargestTokenChange_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("width");
    QTest::addColumn<std::uint64_t>("seed");
    QTest::newRow("3 tokens in 3-D") << 3 << 3 << std::uint64_t(1);
    QTest::newRow("7 tokens in 8-D") << 7 << 8 << std::uint64_t(2);
    QTest::newRow("64 tokens in 4-D") << 64 << 4 << std::uint64_t(3);
}

void TestLabs::largestChangeIsTheLargestTokenChange()
{
    QFETCH(int, tokens);
    QFETCH(int, width);
    QFETCH(std::uint64_t, seed);
    NormalGenerator normal(seed);
    const Matrix x = normal.matrix(tokens, width);
    const PermutationDemo d = permutationDemo(x, derangement(tokens, seed), {});
    QCOMPARE(d.encodedChanges.size(), size_t(tokens));
    QCOMPARE(d.plainChanges.size(), size_t(tokens));
    double plainLargest = 0.0, encodedLargest = 0.0;
    for (size_t p = 0; p < d.order.size(); ++p) {
        const Index t = d.order[p];
        // Token t's change: its output after the shuffle (at place p) against before.
        const double encoded =
            (d.encodedShuffled.row(Index(p)) - d.encoded.row(t)).cwiseAbs().maxCoeff();
        const double plain = (d.plainShuffled.row(Index(p)) - d.plain.row(t)).cwiseAbs().maxCoeff();
        QCOMPARE(d.encodedChanges[size_t(t)], encoded);
        QCOMPARE(d.plainChanges[size_t(t)], plain);
        plainLargest = std::max(plainLargest, plain);
        encodedLargest = std::max(encodedLargest, encoded);
    }
    // The legend's number is the longest bar, exactly.
    QCOMPARE(d.encodedChange, encodedLargest);
    QCOMPARE(d.plainChange, plainLargest);
}

void TestLabs::frameHoldsUntilAPointLeavesIt_data()
{
    QTest::addColumn<Matrix>("keys");
    QTest::addColumn<RowVector>("query");
    QTest::addColumn<Eigen::Vector2d>("centre");
    QTest::addColumn<double>("extent");
    // The square holds the origin and every point, centred on them.
    QTest::newRow("short vectors: the smallest square")
        << Matrix((Matrix(2, 2) << 0.4, 0.2, -0.1, 0.3).finished())
        << RowVector((RowVector(2) << 0.1, 0.1).finished()) << Eigen::Vector2d(0.15, 0.15)
        << 0.5 * 1.5;
    QTest::newRow("all in one quadrant: centred there, not on the origin")
        << Matrix((Matrix(2, 2) << 3.0, 0.5, 2.0, 1.0).finished())
        << RowVector((RowVector(2) << 1.0, 0.0).finished()) << Eigen::Vector2d(1.5, 0.5)
        << 1.5 * 1.5;
    QTest::newRow("spread around the origin") << Matrix((Matrix(1, 2) << 3.0, -4.0).finished())
                                              << RowVector((RowVector(2) << -1.0, 0.0).finished())
                                              << Eigen::Vector2d(1.0, -2.0) << 2.0 * 1.5;
}

void TestLabs::frameHoldsUntilAPointLeavesIt()
{
    QFETCH(Matrix, keys);
    QFETCH(RowVector, query);
    QFETCH(Eigen::Vector2d, centre);
    QFETCH(double, extent);
    const GeometryFrame frame = GeometryFrame::fit(KeyGeometry::coordinates(2, 0, 1), keys, query);
    QVERIFY(frame.centre.isApprox(centre, 1e-12));
    QCOMPARE(frame.extent, extent);
    QCOMPARE(frame.extentFor(keys, query), frame.extent);
    // A point that moves within the square changes nothing ...
    Matrix moved = keys;
    moved(0, 0) = centre.x() + extent * 0.9;
    QCOMPARE(frame.extentFor(moved, query), frame.extent);
    // ... one that leaves it widens the square just enough to hold it.
    moved(0, 0) = centre.x() - extent - 2.0;
    QCOMPARE(frame.extentFor(moved, query), extent + 2.0);
}

void TestLabs::derangementMovesEveryToken()
{
    for (Index n : {2, 5, 16}) {
        const std::vector<Index> order = derangement(n, 42);
        std::vector<Index> sorted = order;
        std::sort(sorted.begin(), sorted.end());
        for (Index i = 0; i < n; ++i) {
            QCOMPARE(sorted[size_t(i)], i);
            QVERIFY(order[size_t(i)] != i);
        }
    }
    QCOMPARE(derangement(6, 3), derangement(6, 3)); // seeded, so repeatable
}

void TestLabs::permutationDemoRejectsNonPermutations()
{
    const Matrix x = Matrix::Ones(3, 2);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, permutationDemo(x, {0, 0, 1}, {}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, permutationDemo(x, {0, 1}, {}));
}

void TestLabs::meanEntropyIgnoresEmptyRows()
{
    AttentionOptions options;
    options.mask = MaskMode::Causal;
    const AttentionResult r = attend(Matrix::Ones(3, 2), Matrix::Ones(2, 2), options);
    QVERIFY(r.rows[0].empty());
    QCOMPARE(r.meanEntropyBits(), (r.rows[1].entropyBits + r.rows[2].entropyBits) / 2);
}

QTEST_APPLESS_MAIN(TestLabs)
#include "tst_labs.moc"
