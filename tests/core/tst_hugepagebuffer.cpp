// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// HugePageBuffer, the forward pass's buffer for the attention it keeps: the
// floats hold what is written, small buffers are plain memory, and the one
// block kept for reuse is given to the next buffer of about its size, never
// to one much smaller or larger, and never adds to the peak.

#include "core/support/hugepagebuffer.h"

#include <QtTest>

#include <cstddef>
#include <memory>

using namespace AttentionLab;

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

/// Floats in \a mib MiB.
constexpr std::size_t floatsIn(std::size_t mib)
{
    return mib * kMiB / sizeof(float);
}

} // namespace

class TestHugePageBuffer : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        HugePageBuffer::setReuse(true);
        HugePageBuffer::releaseRetained();
    }
    void cleanup() { HugePageBuffer::setReuse(false); }

    void holdsWhatIsWritten_data()
    {
        QTest::addColumn<qulonglong>("count");
        QTest::newRow("none") << qulonglong(0);
        QTest::newRow("small, plain memory") << qulonglong(1000);
        QTest::newRow("just under 2 MiB") << qulonglong(floatsIn(2) - 1);
        QTest::newRow("2 MiB") << qulonglong(floatsIn(2));
        QTest::newRow("7 MiB and a float") << qulonglong(floatsIn(7) + 1);
    }

    void holdsWhatIsWritten()
    {
        QFETCH(qulonglong, count);
        HugePageBuffer buffer(count);
        QCOMPARE(qulonglong(buffer.size()), count);
        QVERIFY(buffer.data());
        for (std::size_t i = 0; i < buffer.size(); ++i)
            buffer.data()[i] = float(i % 1009);
        for (std::size_t i = 0; i < buffer.size(); ++i)
            QCOMPARE(buffer.data()[i], float(i % 1009));
    }

    void smallBuffersAreNotKept()
    {
        {
            HugePageBuffer small(1000);
        }
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
    }

    void reusesTheLastBlockForItsSize()
    {
        const float *first = nullptr;
        {
            HugePageBuffer buffer(floatsIn(5));
            first = buffer.data();
            buffer.data()[0] = 42.0f;
        }
        // 5 MiB rounds up to three huge pages.
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), qulonglong(6 * kMiB));
        HugePageBuffer again(floatsIn(4) + 1);
        QCOMPARE(static_cast<const float *>(again.data()), first);
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
    }

    void keepsOneBlockAtMost()
    {
        auto a = std::make_unique<HugePageBuffer>(floatsIn(4));
        auto b = std::make_unique<HugePageBuffer>(floatsIn(8));
        a.reset();
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), qulonglong(4 * kMiB));
        b.reset();
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), qulonglong(4 * kMiB));
    }

    void aRequestItDoesNotFitUnmapsIt_data()
    {
        QTest::addColumn<int>("mib");
        QTest::newRow("larger") << 10;
        QTest::newRow("less than half") << 2;
    }

    void aRequestItDoesNotFitUnmapsIt()
    {
        QFETCH(int, mib);
        {
            HugePageBuffer kept(floatsIn(8));
        }
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), qulonglong(8 * kMiB));
        {
            HugePageBuffer other(floatsIn(std::size_t(mib)));
            QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
        }
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), qulonglong(std::size_t(mib) * kMiB));
    }

    void oneShotCommandsKeepNothing()
    {
        // A command of one pass: what it allocates after would count on top.
        HugePageBuffer::setReuse(false);
        {
            HugePageBuffer once(floatsIn(4));
        }
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
        HugePageBuffer::setReuse(true);
        {
            HugePageBuffer again(floatsIn(4));
        }
        QVERIFY(HugePageBuffer::retainedBytes() > 0);
        // Turning it off gives back what was kept.
        HugePageBuffer::setReuse(false);
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
    }

    void releaseGivesItBack()
    {
        {
            HugePageBuffer kept(floatsIn(4));
        }
        QVERIFY(HugePageBuffer::retainedBytes() > 0);
        HugePageBuffer::releaseRetained();
        QCOMPARE(qulonglong(HugePageBuffer::retainedBytes()), 0ull);
    }
};

QTEST_APPLESS_MAIN(TestHugePageBuffer)
#include "tst_hugepagebuffer.moc"
