// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The generator must give the numbers numpy gives for the same seed, so that a
// lecturer running the chapter's Python sees what the window shows.

#include "core/maths/randomsession.h"
#include "core/support/normalgenerator.h"
#include "core/support/pcg64.h"
#include "core/support/seedsequence.h"
#include "fixtures.h"

#include <QJsonArray>
#include <QtTest>

using namespace AttentionLab;

namespace {

/// Decimal seeds of any size (the fixtures go up to 2^128 - 1) as 32-bit words.
std::vector<std::uint32_t> seedWords(const QString &decimal)
{
    std::vector<std::uint32_t> digits; // base 2^32, least significant first
    for (QChar c : decimal) {
        std::uint64_t carry = static_cast<std::uint64_t>(c.digitValue());
        for (auto &word : digits) {
            const std::uint64_t v = std::uint64_t(word) * 10 + carry;
            word = static_cast<std::uint32_t>(v);
            carry = v >> 32;
        }
        if (carry)
            digits.push_back(static_cast<std::uint32_t>(carry));
    }
    if (digits.empty())
        digits.push_back(0);
    return digits;
}

/// numpy's ziggurat tables were generated once with a libm whose exp and log
/// rounded differently in the last bits; rebuilt here from the same
/// construction, the lowest levels' widths differ by up to about 1e-13
/// relative. Every draw must agree to that, and the stream must stay aligned.
bool sameNormal(double got, double want)
{
    return std::abs(got - want) <= 1e-12 * std::max(1.0, std::abs(want));
}

} // namespace

class TestRandom : public QObject
{
    Q_OBJECT

private slots:
    void randomSessionDrawsQueriesThenKeysThenValues();
    void seedSequence_data();
    void seedSequence();
    void pcg64_data();
    void pcg64();
    void standardNormal_data();
    void standardNormal();
    void longStreamStaysAligned();
    void seedFromUint64MatchesWords();
};

void TestRandom::seedSequence_data()
{
    QTest::addColumn<QString>("seed");
    QTest::addColumn<QJsonArray>("expected");
    const QJsonArray rows = readFixture(QStringLiteral("numpy_streams.json"))
                                .value(QStringLiteral("seed_sequence"))
                                .toArray();
    if (rows.isEmpty())
        QTest::newRow("fixture missing") << QString() << QJsonArray();
    for (const auto &row : rows) {
        const QString seed = row[QStringLiteral("seed")].toString();
        QTest::newRow(qPrintable(QStringLiteral("seed ") + seed))
            << seed << row[QStringLiteral("state_uint32")].toArray();
    }
}

void TestRandom::seedSequence()
{
    QFETCH(QString, seed);
    QFETCH(QJsonArray, expected);
    QVERIFY(!expected.isEmpty());
    const auto state = SeedSequence(seedWords(seed)).generateState32(expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QCOMPARE(state[size_t(i)], static_cast<std::uint32_t>(expected[i].toDouble()));
}

void TestRandom::pcg64_data()
{
    QTest::addColumn<QString>("seed");
    QTest::addColumn<QJsonArray>("expected");
    const QJsonArray rows =
        readFixture(QStringLiteral("numpy_streams.json")).value(QStringLiteral("pcg64")).toArray();
    if (rows.isEmpty())
        QTest::newRow("fixture missing") << QString() << QJsonArray();
    for (const auto &row : rows) {
        const QString seed = row[QStringLiteral("seed")].toString();
        QTest::newRow(qPrintable(QStringLiteral("seed ") + seed))
            << seed << row[QStringLiteral("uint64")].toArray();
    }
}

void TestRandom::pcg64()
{
    QFETCH(QString, seed);
    QFETCH(QJsonArray, expected);
    QVERIFY(!expected.isEmpty());
    Pcg64 bits{SeedSequence(seedWords(seed))};
    for (qsizetype i = 0; i < expected.size(); ++i) {
        bool ok = false;
        const std::uint64_t want = expected[i].toString().toULongLong(&ok, 16);
        QVERIFY(ok);
        QCOMPARE(bits.nextUint64(), want);
    }
}

void TestRandom::standardNormal_data()
{
    QTest::addColumn<QString>("seed");
    QTest::addColumn<QJsonArray>("expected");
    const QJsonArray rows = readFixture(QStringLiteral("numpy_streams.json"))
                                .value(QStringLiteral("standard_normal"))
                                .toArray();
    if (rows.isEmpty())
        QTest::newRow("fixture missing") << QString() << QJsonArray();
    for (const auto &row : rows) {
        const QString seed = row[QStringLiteral("seed")].toString();
        QTest::newRow(qPrintable(QStringLiteral("default_rng(") + seed + QStringLiteral(")")))
            << seed << row[QStringLiteral("values")].toArray();
    }
}

void TestRandom::standardNormal()
{
    QFETCH(QString, seed);
    QFETCH(QJsonArray, expected);
    QVERIFY(!expected.isEmpty());
    NormalGenerator normal(seed.toULongLong());
    qsizetype identical = 0;
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const double want = expected[i].toString().toDouble();
        const double got = normal.next();
        identical += got == want;
        if (!sameNormal(got, want))
            QFAIL(qPrintable(QStringLiteral("draw %1: got %2, numpy gave %3")
                                 .arg(i)
                                 .arg(got, 0, 'g', 17)
                                 .arg(want, 0, 'g', 17)));
    }
    // Most draws land in levels whose table entries are bit-identical.
    QVERIFY2(identical >= expected.size() * 4 / 5,
             qPrintable(QStringLiteral("only %1 of %2 draws bit-identical")
                            .arg(identical)
                            .arg(expected.size())));
}

void TestRandom::longStreamStaysAligned()
{
    const QJsonObject fixture = readFixture(QStringLiteral("numpy_streams.json"))
                                    .value(QStringLiteral("standard_normal_long"))
                                    .toObject();
    const QJsonObject probes = fixture.value(QStringLiteral("probes")).toObject();
    const int count = fixture.value(QStringLiteral("count")).toInt();
    QVERIFY(count > 0);
    QVERIFY(fixture.value(QStringLiteral("tail_draws")).toInt() > 0); // the tail was exercised
    NormalGenerator normal(0);
    int checked = 0;
    for (int i = 0; i < count; ++i) {
        const double got = normal.next();
        const QJsonValue want = probes.value(QString::number(i));
        if (want.isUndefined())
            continue;
        // A draw that consumed a different number of words would shift every
        // later value by far more than any rounding.
        QVERIFY2(sameNormal(got, want.toString().toDouble()),
                 qPrintable(QStringLiteral("draw %1").arg(i)));
        ++checked;
    }
    QCOMPARE(checked, probes.size());
}

void TestRandom::seedFromUint64MatchesWords()
{
    const std::uint64_t seed = 0x1234567890abcdefull;
    QCOMPARE(SeedSequence(seed).generateState32(8),
             SeedSequence({0x90abcdefu, 0x12345678u}).generateState32(8));
}

void TestRandom::randomSessionDrawsQueriesThenKeysThenValues()
{
    // One stream, in the order numpy's script draws: Q, then K, then V.
    NormalGenerator normal(7);
    const Matrix q = normal.matrix(2, 5);
    const Matrix k = normal.matrix(3, 5);
    const Matrix v = normal.matrix(3, 5);
    const Session drawn = randomSession(7, 2, 3, 5, RandomValues::Drawn);
    QVERIFY(drawn.queries == q);
    QVERIFY(drawn.keys == k);
    QVERIFY(drawn.values == v);
    const Session followKeys = randomSession(7, 2, 3, 5);
    QVERIFY(!followKeys.hasValues());
    QVERIFY(followKeys.keys == k);
}

QTEST_APPLESS_MAIN(TestRandom)
#include "tst_random.moc"
