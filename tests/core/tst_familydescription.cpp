// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The family table (core/model/familydescription.h, core/model/families/): every
// family's description is complete for the block it describes, so a new
// family written as data is checked before any checkpoint of it is opened;
// and the positions as `model --json` writes them, and the rotary's inverse
// frequencies as modeling_rope_utils makes them.

#include "core/model/familydescription.h"
#include "core/model/rotarytable.h"

#include <QtTest>

#include <cmath>

using namespace AttentionLab;

Q_DECLARE_METATYPE(AttentionLab::ModelFamily)
Q_DECLARE_METATYPE(AttentionLab::RopeScaling)

class TestFamilyDescription : public QObject
{
    Q_OBJECT

private slots:
    void descriptionsAreComplete_data();
    void descriptionsAreComplete();
    void positionSummary_data();
    void positionSummary();
    void inverseFrequencies_data();
    void inverseFrequencies();
};

void TestFamilyDescription::descriptionsAreComplete_data()
{
    QTest::addColumn<ModelFamily>("family");
    for (ModelFamily family : modelFamilies())
        QTest::newRow(familyDescription(family).modelType.c_str()) << family;
}

void TestFamilyDescription::descriptionsAreComplete()
{
    QFETCH(ModelFamily, family);
    const FamilyDescription &f = familyDescription(family);
    QCOMPARE(f.family, family);
    ModelFamily found = ModelFamily::Gpt2;
    QVERIFY(findModelFamily(f.modelType, &found));
    QCOMPARE(found, family);
    QCOMPARE(std::string(modelTypeName(family)), f.modelType);
    QVERIFY(!f.displayName.empty());

    // The sizes every block needs.
    const ConfigKeys &k = f.keys;
    for (const std::string *key : {&k.layers, &k.heads, &k.modelDim, &k.feedForward, &k.vocabulary})
        QVERIFY(!key->empty());
    // T5 has no table of positions; BART's and Marian's LayerNorms have a
    // fixed epsilon; T5 names its MLP's activation with feed_forward_proj.
    QCOMPARE(k.positions.empty(), f.positions == PositionKind::RelativeBias);
    QVERIFY(!k.epsilon.empty() || f.encoderDecoder);
    QCOMPARE(k.activation.empty(), !k.feedForwardProjection.empty());
    // An encoder-decoder names its decoder stack and its cross-attention.
    QCOMPARE(f.decoderTensors.crossQuery.empty(), !f.encoderDecoder);
    QCOMPARE(f.decoderTensors.crossNorm.empty(), !f.encoderDecoder);
    QCOMPARE(k.decoderLayers.empty(), !f.encoderDecoder);
    if (f.encoderDecoder)
        QVERIFY(!f.writes());

    // Per-layer tensors name their layer; the others do not.
    const TensorNames &t = f.tensors;
    // A fused gate and up projection (Phi-3's gate_up_proj) stands for both.
    const std::string &in = t.feedForwardGateUp.empty() ? t.feedForwardIn : t.feedForwardGateUp;
    for (const std::string *name : {&t.attentionNorm, &t.query, &t.attentionOutput,
                                    &t.feedForwardNorm, &in, &t.feedForwardOut})
        QVERIFY2(name->find("%1") != std::string::npos, name->c_str());
    // Sandwich norms name both of their outer norms.
    QCOMPARE(t.attentionOutputNorm.empty(), f.normPlacement != NormPlacement::Sandwich);
    QCOMPARE(t.feedForwardOutputNorm.empty(), f.normPlacement != NormPlacement::Sandwich);
    QVERIFY(!t.wordEmbeddings.empty());
    QCOMPARE(t.wordEmbeddings.find("%1"), std::string::npos);
    switch (f.queryKeyValue) {
    case QueryKeyValueLayout::Separate:
        QVERIFY(!t.key.empty() && !t.value.empty());
        break;
    case QueryKeyValueLayout::FusedBlocks:
    case QueryKeyValueLayout::FusedPerHead:
        QVERIFY(t.key.empty() && t.value.empty());
        break;
    }
    switch (f.positions) {
    case PositionKind::Learned:
        QVERIFY(!t.positionEmbeddings.empty());
        break;
    case PositionKind::SplitSinusoid:
        QVERIFY(t.positionEmbeddings.empty());
        break;
    case PositionKind::RelativeBias:
        QVERIFY(t.relativeBias.find("%1") == std::string::npos && !t.relativeBias.empty());
        QVERIFY(!f.decoderTensors.relativeBias.empty());
        break;
    case PositionKind::Rotary:
        QVERIFY(t.positionEmbeddings.empty());
        QVERIFY(!k.ropeTheta.empty());
        break;
    }
    switch (f.feedForward) {
    case FeedForwardKind::Plain:
        // T5's feed_forward_proj may make it gated: its gate is named.
        QCOMPARE(t.feedForwardGate.empty(), k.feedForwardProjection.empty());
        break;
    case FeedForwardKind::Gated:
        // Its gate, or the fused gate and up projection (Phi-3's gate_up_proj).
        QVERIFY(
            (t.feedForwardGateUp.empty() ? t.feedForwardGate : t.feedForwardGateUp).find("%1") !=
            std::string::npos);
        break;
    }
    QCOMPARE(f.queryKeyNorm, !t.queryNorm.empty());
    QCOMPARE(f.queryKeyNorm, !t.keyNorm.empty());
    // A family that can be untied names its output matrix, outside the prefix.
    // An encoder-decoder's is its decoder's.
    const TensorNames &outputNames = f.encoderDecoder ? f.decoderTensors : t;
    if (!f.tiedOutput || !k.tieEmbeddings.empty()) {
        QVERIFY(!outputNames.output.empty());
        bool topLevel = false;
        for (const std::string &top : t.topLevel)
            topLevel = topLevel || outputNames.output.rfind(top.substr(0, top.size() - 1), 0) == 0;
        QVERIFY2(topLevel, outputNames.output.c_str());
    }
    switch (f.readout) {
    case Readout::NextToken:
        QVERIFY(f.causal);
        break;
    case Readout::MaskedLm:
        QVERIFY(!t.maskedLmTransform.empty() && !t.maskedLmBias.empty());
        break;
    }
}

void TestFamilyDescription::positionSummary_data()
{
    QTest::addColumn<ModelFamily>("family");
    QTest::addColumn<int>("headSize");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<double>("theta");
    QTest::addColumn<RopeScaling>("scaling");
    QTest::addColumn<double>("factor");
    QTest::addColumn<QString>("expected");
    QTest::newRow("GPT-2") << ModelFamily::Gpt2 << 64 << 1.0 << 10000.0 << RopeScaling::None << 1.0
                           << "learned";
    QTest::newRow("TinyLlama") << ModelFamily::Llama << 64 << 1.0 << 10000.0 << RopeScaling::None
                               << 1.0 << "rotary theta=10000";
    QTest::newRow("Llama 3.2") << ModelFamily::Llama << 64 << 1.0 << 500000.0 << RopeScaling::Llama3
                               << 32.0 << "rotary theta=500000 llama3 x32";
    QTest::newRow("Pythia") << ModelFamily::GptNeox << 64 << 0.25 << 10000.0 << RopeScaling::None
                            << 1.0 << "rotary 25% theta=10000";
    QTest::newRow("linear x2.5") << ModelFamily::Mistral << 128 << 1.0 << 1e6 << RopeScaling::Linear
                                 << 2.5 << "rotary theta=1000000 linear x2.5";
}

void TestFamilyDescription::positionSummary()
{
    QFETCH(ModelFamily, family);
    QFETCH(int, headSize);
    QFETCH(double, fraction);
    QFETCH(double, theta);
    QFETCH(RopeScaling, scaling);
    QFETCH(double, factor);
    QFETCH(QString, expected);
    ModelConfig config;
    config.family = family;
    config.heads = 4;
    config.headSize = headSize;
    config.rotary.fraction = fraction;
    config.rotary.theta = theta;
    config.rotary.scaling = scaling;
    config.rotary.factor = factor;
    QCOMPARE(QString::fromStdString(AttentionLab::positionSummary(config)), expected);
}

void TestFamilyDescription::inverseFrequencies_data()
{
    // Llama 3.2's rope_scaling over head size 8 and theta 500000: the
    // wavelengths 2 pi, 167, 4443 and 118,000 fall in the kept band, the
    // kept band, the blend and the divided band. Values from
    // _compute_llama3_parameters in float32.
    QTest::addColumn<RopeScaling>("scaling");
    QTest::addColumn<QList<double>>("expected");
    const double a = 1.0, b = std::pow(500000.0, -0.25), c = std::pow(500000.0, -0.5),
                 d = std::pow(500000.0, -0.75);
    const double smooth = (8192.0 / (2.0 * M_PI / c) - 1.0) / 3.0;
    QTest::newRow("default") << RopeScaling::None << QList<double>{a, b, c, d};
    QTest::newRow("linear x32") << RopeScaling::Linear
                                << QList<double>{a / 32, b / 32, c / 32, d / 32};
    QTest::newRow("llama3 x32") << RopeScaling::Llama3
                                << QList<double>{a, b, (1 - smooth) * c / 32 + smooth * c, d / 32};
}

void TestFamilyDescription::inverseFrequencies()
{
    QFETCH(RopeScaling, scaling);
    QFETCH(QList<double>, expected);
    ModelConfig config;
    config.family = ModelFamily::Llama;
    config.heads = 4;
    config.headSize = 8;
    config.rotary.theta = 500000.0;
    config.rotary.scaling = scaling;
    config.rotary.factor = 32.0;
    config.rotary.lowFrequencyFactor = 1.0;
    config.rotary.highFrequencyFactor = 4.0;
    config.rotary.originalPositions = 8192;
    const std::vector<float> frequencies = rotaryInverseFrequencies(config);
    QCOMPARE(qsizetype(frequencies.size()), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QVERIFY2(std::abs(frequencies[size_t(i)] - expected[i]) <= 1e-6 * expected[i],
                 qPrintable(QStringLiteral("%1: %2, expected %3")
                                .arg(i)
                                .arg(frequencies[size_t(i)])
                                .arg(expected[i])));
    // Each table entry is the cosine and sine of position times frequency.
    const RotaryTable table = rotaryTable(config, 3);
    QCOMPARE(table.rotated, 8);
    QCOMPARE(table.cos.size(), size_t(12));
    QVERIFY(std::abs(table.cos[2 * 4 + 1] - std::cos(2.0 * frequencies[1])) < 1e-6);
    QVERIFY(std::abs(table.sin[2 * 4 + 3] - std::sin(2.0 * frequencies[3])) < 1e-6);
    QCOMPARE(table.cos[0], 1.0f);
    QCOMPARE(table.sin[3], 0.0f);
}

QTEST_APPLESS_MAIN(TestFamilyDescription)
#include "tst_familydescription.moc"
