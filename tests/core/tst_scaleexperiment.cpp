// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The scale experiment against the tables numpy computed with the chapter's
// procedure (tests/data/scale_tables.json), and against the chapter's prose.

#include "core/maths/scaleexperiment.h"
#include "core/support/normalgenerator.h"
#include "fixtures.h"

#include <QJsonArray>
#include <QtTest>

using namespace AttentionLab;

class TestScaleExperiment : public QObject
{
    Q_OBJECT

private slots:
    void matchesNumpy_data();
    void matchesNumpy();
    void chapterNumbers();
    void scaledEntropyStaysFlat();
    void softCapIsATanhOfTheScaledScores();
    void rejectsBadSettings_data();
    void rejectsBadSettings();
    void cancels();
};

void TestScaleExperiment::matchesNumpy_data()
{
    QTest::addColumn<QJsonObject>("table");
    const QJsonObject tables = readFixture(QStringLiteral("scale_tables.json"));
    if (tables.isEmpty())
        QTest::newRow("fixture missing") << QJsonObject();
    for (auto it = tables.begin(); it != tables.end(); ++it)
        QTest::newRow(qPrintable(it.key())) << it.value().toObject();
}

void TestScaleExperiment::matchesNumpy()
{
    QFETCH(QJsonObject, table);
    QVERIFY(!table.isEmpty());
    ScaleExperimentSettings settings;
    settings.seed = table[QStringLiteral("seed")].toInteger();
    settings.draws = table[QStringLiteral("draws")].toInt();
    settings.keys = table[QStringLiteral("keys")].toInt();
    settings.keyDims.clear();
    const QJsonArray rows = table[QStringLiteral("rows")].toArray();
    for (const auto &row : rows)
        settings.keyDims.push_back(row[QStringLiteral("d_k")].toInt());
    const ScaleExperimentResult result = runScaleExperiment(settings);
    QCOMPARE(result.rows.size(), size_t(rows.size()));
    const char *columns[] = {"spread",           "pooled_spread",     "raw_max_weight",
                             "raw_entropy_bits", "scaled_max_weight", "scaled_entropy_bits"};
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const ScaleExperimentRow &got = result.rows[size_t(i)];
        const double values[] = {got.spread,         got.pooledSpread,    got.rawMaxWeight,
                                 got.rawEntropyBits, got.scaledMaxWeight, got.scaledEntropyBits};
        for (int c = 0; c < 6; ++c) {
            const double want = rows[i][QLatin1StringView(columns[c])].toString().toDouble();
            // Same draws; only summation order and the last bits of a few
            // normals differ, far below the printed digits.
            QVERIFY2(std::abs(values[c] - want) <= 1e-9 * std::max(1.0, std::abs(want)),
                     qPrintable(QStringLiteral("d_k %1, %2: %3 vs numpy %4")
                                    .arg(got.keyDim)
                                    .arg(QLatin1StringView(columns[c]))
                                    .arg(values[c], 0, 'g', 17)
                                    .arg(want, 0, 'g', 17)));
        }
    }
}

void TestScaleExperiment::chapterNumbers()
{
    const ScaleExperimentResult r = runScaleExperiment({});
    QCOMPARE(r.maxEntropyBits, 3.0);
    QCOMPARE(QString::number(r.rows[0].spread, 'f', 3), QStringLiteral("1.756"));
    const QStringList pooled{QStringLiteral("2.04"), QStringLiteral("4.01"), QStringLiteral("8.06"),
                             QStringLiteral("16.2"), QStringLiteral("31.7")};
    for (int i = 0; i < 5; ++i)
        QCOMPARE(QString::number(r.rows[size_t(i)].pooledSpread, 'g', 3), pooled[i]);
    QCOMPARE(QString::number(r.rows[4].rawMaxWeight, 'f', 2), QStringLiteral("0.96"));
    QCOMPARE(QString::number(r.rows[0].rawEntropyBits, 'f', 2), QStringLiteral("1.78"));
    QCOMPARE(QString::number(r.rows[4].rawEntropyBits, 'f', 2), QStringLiteral("0.13"));
}

void TestScaleExperiment::scaledEntropyStaysFlat()
{
    const ScaleExperimentResult r = runScaleExperiment({});
    for (size_t i = 1; i < r.rows.size(); ++i) {
        QVERIFY(std::abs(r.rows[i].scaledEntropyBits - r.rows[0].scaledEntropyBits) < 0.05);
        QVERIFY(r.rows[i].rawEntropyBits < r.rows[i - 1].rawEntropyBits); // raw collapses
        // Each fourfold d_k doubles the spread.
        QVERIFY(std::abs(r.rows[i].pooledSpread / r.rows[i - 1].pooledSpread - 2.0) < 0.1);
    }
}

void TestScaleExperiment::softCapIsATanhOfTheScaledScores()
{
    // The capped treatment recomputed by hand from the same draws: one
    // trial, the generator drawing q then the keys row by row.
    ScaleExperimentSettings s;
    s.seed = 3;
    s.draws = 1;
    s.keys = 5;
    s.keyDims = {64};
    s.softCap = 0.75;
    const ScaleExperimentResult r = runScaleExperiment(s);
    NormalGenerator normal(3);
    const Vector q = normal.vector(64);
    const Matrix k = normal.matrix(5, 64);
    const Eigen::ArrayXd capped = 0.75 * ((k * q).array() / 8.0 / 0.75).tanh();
    const Eigen::ArrayXd w =
        (capped - capped.maxCoeff()).exp() / (capped - capped.maxCoeff()).exp().sum();
    QVERIFY(std::abs(r.rows[0].cappedMaxWeight - w.maxCoeff()) < 1e-14);
    QVERIFY(std::abs(r.rows[0].cappedEntropyBits + (w * w.log()).sum() / std::log(2.0)) < 1e-13);
    QVERIFY(capped.abs().maxCoeff() < 0.75);
    // A cap far above every score changes nothing; none leaves the columns 0.
    s.softCap = 1e9;
    const ScaleExperimentResult loose = runScaleExperiment(s);
    QVERIFY(std::abs(loose.rows[0].cappedMaxWeight - loose.rows[0].scaledMaxWeight) < 1e-12);
    s.softCap = 0.0;
    QCOMPARE(runScaleExperiment(s).rows[0].cappedMaxWeight, 0.0);
    // Over the chapter's d_k, a cap of 2 flattens the scaled weights.
    ScaleExperimentSettings chapter;
    chapter.softCap = 2.0;
    for (const ScaleExperimentRow &row : runScaleExperiment(chapter).rows) {
        QVERIFY(row.cappedMaxWeight < row.scaledMaxWeight);
        QVERIFY(row.cappedEntropyBits > row.scaledEntropyBits);
    }
    s.softCap = -1.0;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runScaleExperiment(s));
}

void TestScaleExperiment::rejectsBadSettings_data()
{
    QTest::addColumn<int>("draws");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("dk");
    QTest::newRow("no draws") << 0 << 8 << 4;
    QTest::newRow("one key") << 200 << 1 << 4;
    QTest::newRow("d_k zero") << 200 << 8 << 0;
    QTest::newRow("absurd work") << 1'000'000 << 100'000 << 1'000;
}

void TestScaleExperiment::rejectsBadSettings()
{
    QFETCH(int, draws);
    QFETCH(int, keys);
    QFETCH(int, dk);
    ScaleExperimentSettings s;
    s.draws = draws;
    s.keys = keys;
    s.keyDims = {dk};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runScaleExperiment(s));
}

void TestScaleExperiment::cancels()
{
    long long seen = 0;
    long long reportedTotal = 0;
    const ScaleExperimentResult r = runScaleExperiment({}, [&](long long done, long long total) {
        seen = done;
        reportedTotal = total;
        return done < 10;
    });
    QCOMPARE(reportedTotal, 1000LL);
    QCOMPARE(seen, 10LL);
    QVERIFY(r.rows.empty());
}

QTEST_APPLESS_MAIN(TestScaleExperiment)
#include "tst_scaleexperiment.moc"
