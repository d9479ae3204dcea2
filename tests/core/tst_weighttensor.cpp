// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A checkpoint's tensors as the passes read them: a fused projection's
// halves in place (Phi-3's gate_up_proj), Gemma's (1 + w).

#include "core/model/weighttensor.h"

#include <QtTest>

#include <memory>
#include <numeric>
#include <vector>

using namespace AttentionLab;

class TestWeightTensor : public QObject
{
    Q_OBJECT

private slots:
    void rowBlocksReadTheirRows();
    void rowBlocksShareOneConversion();
    void plusAddsToEveryValue();
    void blocksOutsideAreRefused();
};

namespace {

/// A [4, 3] tensor holding 0..11 that counts how often it is converted, as
/// an F16 file's tensor is (a new float32 copy each load).
WeightTensor counted(int *loads)
{
    return WeightTensor({4, 3}, [loads] {
        ++*loads;
        auto copy = std::make_shared<std::vector<float>>(12);
        std::iota(copy->begin(), copy->end(), 0.0f);
        return FloatValues{copy->data(), copy};
    });
}

} // namespace

void TestWeightTensor::rowBlocksReadTheirRows()
{
    int loads = 0;
    const WeightTensor whole = counted(&loads);
    const WeightTensor up = whole.rowBlock(2, 2);
    QCOMPARE(up.shape(), (std::vector<long long>{2, 3}));
    const FloatValues values = up.load();
    for (int i = 0; i < 6; ++i)
        QCOMPARE(values.data[i], float(6 + i));
}

void TestWeightTensor::rowBlocksShareOneConversion()
{
    int loads = 0;
    const WeightTensor whole = counted(&loads);
    const WeightTensor gate = whole.rowBlock(0, 2), up = whole.rowBlock(2, 2);
    {
        const FloatValues a = gate.load();
        const FloatValues b = up.load();
        QCOMPARE(loads, 1); // the gate's and up's rows of one copy
        QCOMPARE(b.data - a.data, std::ptrdiff_t(6));
        QCOMPARE(a.data[0], 0.0f);
        QCOMPARE(b.data[5], 11.0f);
    }
    // Once neither holds it, the copy is gone: a later load converts again.
    const FloatValues again = up.load();
    QCOMPARE(loads, 2);
    QCOMPARE(again.data[0], 6.0f);
}

void TestWeightTensor::plusAddsToEveryValue()
{
    int loads = 0;
    const FloatValues values = counted(&loads).plus(1.0f).load();
    for (int i = 0; i < 12; ++i)
        QCOMPARE(values.data[i], float(i) + 1.0f);
}

void TestWeightTensor::blocksOutsideAreRefused()
{
    int loads = 0;
    const WeightTensor whole = counted(&loads);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, whole.rowBlock(3, 2));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, whole.rowBlock(-1, 1));
    QCOMPARE(loads, 0);
}

QTEST_APPLESS_MAIN(TestWeightTensor)
#include "tst_weighttensor.moc"
