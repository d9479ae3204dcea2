// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The rule every attention file's rows must meet: finite, non-negative and
// summing to 1 (or all zeros), with the first bad row named in
// (layer, head, row) order.

#include "core/sets/attentionvalidation.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace AttentionLab;

namespace {

/// Two layers of two heads of 3 x 4 uniform rows, with \a edit applied to
/// head (layer, head), row, key.
AttentionTensor uniform(int layer = -1, int head = 0, int row = 0, int key = 0, float value = 0)
{
    const AttentionShape shape{2, 2, 3, 4};
    std::vector<float> values(size_t(shape.elementCount()), 0.25f);
    if (layer >= 0)
        values[size_t(((layer * 2 + head) * 3 + row) * 4 + key)] = value;
    return AttentionTensor(shape, std::move(values));
}

} // namespace

class TestAttentionValidation : public QObject
{
    Q_OBJECT

private slots:
    void rows_data();
    void rows();
    void firstBadRowInOrder();
    void tolerances();
};

void TestAttentionValidation::rows_data()
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("key");
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("message"); // empty: valid
    QTest::newRow("uniform") << -1 << 0 << 0 << 0.0f << QString();
    QTest::newRow("within 1e-3") << 1 << 2 << 3 << 0.2509f << QString();
    QTest::newRow("sum too small")
        << 1 << 2 << 3 << 0.0623f << QStringLiteral("layer 1, head 1, row 2 sums to 0.8123, not 1");
    QTest::newRow("NaN") << 0 << 1 << 2 << nan
                         << QStringLiteral("layer 0, head 1, row 1 holds NaN at key 2");
    QTest::newRow("infinity") << 1 << 0 << 3 << inf
                              << QStringLiteral("layer 1, head 1, row 0 holds infinity at key 3");
    QTest::newRow("negative") << 0 << 2 << 0 << -0.25f
                              << QStringLiteral("layer 0, head 1, row 2 holds the negative weight "
                                                "-0.25 at key 0");
}

void TestAttentionValidation::rows()
{
    QFETCH(int, layer);
    QFETCH(int, row);
    QFETCH(int, key);
    QFETCH(float, value);
    QFETCH(QString, message);
    const auto problem = firstInvalidRow(uniform(layer, 1, row, key, value), 1e-3);
    QCOMPARE(problem ? QString::fromStdString(problem->message()) : QString(), message);
}

void TestAttentionValidation::firstBadRowInOrder()
{
    // Bad rows in three heads: the first in (layer, head, row) order wins,
    // however the threads divided the heads. An all-zero row is padding.
    const AttentionShape shape{3, 4, 8, 8};
    std::vector<float> values(size_t(shape.elementCount()), 0.125f);
    auto at = [&](int l, int h, int q) { return values.begin() + ((l * 4 + h) * 8 + q) * 8; };
    std::fill(at(0, 1, 4), at(0, 1, 5), 0.0f);
    *at(2, 3, 0) = 0.5f;
    *at(1, 2, 7) = 0.0f;
    *at(1, 3, 1) = -1.0f;
    const auto problem = firstInvalidRow(AttentionTensor(shape, std::move(values)), 1e-3);
    QVERIFY(problem);
    QCOMPARE(problem->layer, 1);
    QCOMPARE(problem->head, 2);
    QCOMPARE(problem->row, 7);
    QCOMPARE(QString::fromStdString(problem->what), QStringLiteral("sums to 0.8750, not 1"));
}

void TestAttentionValidation::tolerances()
{
    QCOMPARE(rowSumTolerance(16), 2e-2);
    QCOMPARE(rowSumTolerance(32), 1e-3);
    QCOMPARE(rowSumTolerance(64), 1e-3);
    const AttentionTensor off = uniform(0, 0, 0, 0, 0.26f); // sums to 1.01
    QVERIFY(firstInvalidRow(off, rowSumTolerance(32)));
    QVERIFY(!firstInvalidRow(off, rowSumTolerance(16)));
}

QTEST_APPLESS_MAIN(TestAttentionValidation)
#include "tst_attentionvalidation.moc"
