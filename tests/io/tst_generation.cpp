// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Generation with a key/value cache and the logit lens on every tiny causal
// checkpoint, against tests/data/generation.json (make_generation_fixtures.py,
// the PyTorch references with a full pass per token): the greedy
// continuations' ids, every cached attention row against a full pass over
// the whole text to 1e-5, and the lens to 1e-5; top-k and top-p on hand-made
// logits; the same seed the same text; the stops; and every refusal.

#include "core/model/generator.h"
#include "core/model/logitlens.h"
#include "core/model/modelmemory.h"
#include "core/model/tokensampler.h"
#include "core/model/transformerforward.h"
#include "io/generation.h"
#include "io/modelcheckpoint.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "checkpointfixtures.h"

using namespace AttentionLab;

namespace {

const QJsonObject &reference()
{
    static const QJsonObject object =
        CheckpointFixtures::referenceCheckpoints(QStringLiteral(TEST_DATA_DIR "/generation.json"));
    return object;
}

using CheckpointFixtures::ints;

std::shared_ptr<const ModelCheckpoint> open(const QString &folder)
{
    return ModelCheckpoint::open(QStringLiteral(TEST_DATA_DIR "/") + folder);
}

GenerationOptions greedy(int tokens)
{
    GenerationOptions options;
    options.maxTokens = tokens;
    return options;
}

void addCheckpointRows()
{
    QTest::addColumn<QString>("folder");
    for (const QString &folder : reference().keys())
        QTest::newRow(qPrintable(folder)) << folder;
}

} // namespace

class TestGeneration : public QObject
{
    Q_OBJECT

private slots:
    void greedyMatchesReference_data() { addCheckpointRows(); }
    void greedyMatchesReference();
    void lensMatchesReference_data() { addCheckpointRows(); }
    void lensMatchesReference();
    void keptTokens_data();
    void keptTokens();
    void sameSeedSameText();
    void longRopeCrossingRereadsTheText();
    void stops();
    void refusals_data();
    void refusals();
    void textBeforeAStep_data();
    void textBeforeAStep();
};

void TestGeneration::textBeforeAStep_data()
{
    // A prompt of two tokens, then three written: step k chose its token
    // after the prompt and the k - 1 tokens written before it.
    QTest::addColumn<int>("step");
    QTest::addColumn<int>("count");
    QTest::newRow("step 1: the prompt") << 1 << 2;
    QTest::newRow("step 2") << 2 << 3;
    QTest::newRow("step 3, the last") << 3 << 4;
    QTest::newRow("past the end: all") << 9 << 5;
    QTest::newRow("before the start: none") << -4 << 0;
}

void TestGeneration::textBeforeAStep()
{
    QFETCH(int, step);
    QFETCH(int, count);
    Generation generation;
    generation.ids = {10, 11, 12, 13, 14};
    generation.tokens = {"a", "b", "c", "d", "e"};
    generation.promptLength = 2;
    const TokenizedText text = generation.textBefore(step);
    QCOMPARE(text.ids, std::vector<int>(generation.ids.begin(), generation.ids.begin() + count));
    QCOMPARE(text.tokens, std::vector<std::string>(generation.tokens.begin(),
                                                   generation.tokens.begin() + count));
}

void TestGeneration::longRopeCrossingRereadsTheText()
{
    // Phi-3's longrope turns to its long factors once the text passes
    // original_max_position_embeddings (4 in the fixture): from a prompt of
    // 3, the cache is read again at the crossing, and each token written is
    // a full pass's choice, every row a full pass's from there on.
    const auto checkpoint = open(QStringLiteral("decoders/phi3-longrope"));
    const std::vector<int> prompt{5, 9, 13};
    Generator generator(checkpoint->weights(), prompt, greedy(8));
    while (generator.step()) {
    }
    const std::vector<int> &ids = generator.ids();
    QCOMPARE(int(ids.size()), 11);
    for (size_t n = prompt.size(); n < ids.size(); ++n) {
        ModelInput input;
        input.ids.assign(ids.begin(), ids.begin() + std::ptrdiff_t(n));
        QCOMPARE(runModel(checkpoint->weights(), input).topNext.front().id, ids[n]);
    }
    ModelInput input;
    input.ids = ids;
    const ModelRun full = runModel(checkpoint->weights(), input);
    const AttentionTensor cached = generator.attention();
    const int n = int(ids.size());
    double worst = 0.0;
    for (int l = 0; l < full.attention.layers(); ++l)
        for (int h = 0; h < full.attention.heads(); ++h)
            for (int i = 4; i < n; ++i) // the rows after the crossing
                for (int j = 0; j <= i; ++j)
                    worst = std::max(worst, double(std::abs(cached.head(l, h)(i, j) -
                                                            full.attention.head(l, h)(i, j))));
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
}

void TestGeneration::greedyMatchesReference()
{
    QFETCH(QString, folder);
    const QJsonObject expected = reference().value(folder).toObject();
    const auto checkpoint = open(folder);
    const std::vector<int> prompt = ints(expected.value(u"prompt"));
    const std::vector<int> written = ints(expected.value(u"greedy"));

    Generator generator(checkpoint->weights(), prompt, greedy(int(written.size())));
    while (generator.step()) {
    }
    QCOMPARE(generator.stop(), GenerationStop::TokenCount);
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), written.begin(), written.end());
    QCOMPARE(generator.ids(), ids);
    QCOMPARE(generator.promptLength(), int(prompt.size()));
    QCOMPARE(int(generator.steps().size()), int(written.size()));
    for (const GenerationStep &step : generator.steps()) {
        QCOMPARE(step.rank, 1); // greedy takes the model's first choice
        QCOMPARE(step.top.front().id, step.id);
        QCOMPARE(step.top.size(), size_t(5));
    }

    // Every row from the cache is the full pass's over the whole text.
    QCOMPARE(generator.rowCount(), int(ids.size()));
    const AttentionTensor cached = generator.attention();
    ModelInput input;
    input.ids = ids;
    const ModelRun full = runModel(checkpoint->weights(), input);
    QCOMPARE(cached.queries(), full.attention.queries());
    double worst = 0.0;
    const size_t count = size_t(full.attention.queries()) * size_t(full.attention.keys());
    for (int l = 0; l < full.attention.layers(); ++l) {
        for (int h = 0; h < full.attention.heads(); ++h) {
            const float *a = cached.headData(l, h);
            const float *b = full.attention.headData(l, h);
            for (size_t i = 0; i < count; ++i)
                worst = std::max(worst, double(std::abs(a[i] - b[i])));
        }
    }
    QVERIFY2(worst <= 1e-5, qPrintable(QString::number(worst)));
    // The first step's alternatives are the prompt pass's own top tokens.
    QCOMPARE(generator.steps().front().top.front().id, generator.promptRun().topNext.front().id);
}

void TestGeneration::lensMatchesReference()
{
    QFETCH(QString, folder);
    const QJsonObject expected = reference().value(folder).toObject();
    const auto checkpoint = open(folder);
    const std::vector<int> prompt = ints(expected.value(u"prompt"));
    ModelRun run;
    const LogitLens lens = logitLens(checkpoint->weights(), prompt, 5, &run);
    const QJsonArray layers = expected.value(u"lens").toArray();
    QCOMPARE(lens.layers, int(layers.size()));
    QCOMPARE(lens.positions, int(prompt.size()));
    for (int l = 0; l < lens.layers; ++l) {
        const QJsonArray positions = layers[l].toArray();
        for (int i = 0; i < lens.positions; ++i) {
            const QJsonArray top = positions[i].toArray();
            const std::vector<TokenProbability> &mine = lens.at(l, i);
            QCOMPARE(int(mine.size()), int(top.size()));
            for (int t = 0; t < int(top.size()); ++t) {
                const QJsonObject want = top[t].toObject();
                QCOMPARE(mine[size_t(t)].id, want.value(u"id").toInt());
                QVERIFY2(std::abs(mine[size_t(t)].p - want.value(u"p").toDouble()) <= 1e-5,
                         qPrintable(QStringLiteral("layer %1, position %2").arg(l).arg(i)));
            }
        }
    }
    // The last layer at the last position is the model's own prediction.
    const std::vector<TokenProbability> &last = lens.at(lens.layers - 1, lens.positions - 1);
    QCOMPARE(last.size(), run.topNext.size());
    for (size_t t = 0; t < last.size(); ++t) {
        QCOMPARE(last[t].id, run.topNext[t].id);
        QVERIFY(std::abs(last[t].p - run.topNext[t].p) <= 1e-6);
    }
}

void TestGeneration::keptTokens_data()
{
    QTest::addColumn<QList<float>>("logits");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<int>("topK");
    QTest::addColumn<double>("topP");
    QTest::addColumn<QList<int>>("kept");
    // softmax(log p) = p: logits of log(0.5, 0.2, 0.15, 0.1, 0.05) in a shuffled order.
    const QList<float> five{std::log(0.1f), std::log(0.5f), std::log(0.05f), std::log(0.2f),
                            std::log(0.15f)};
    QTest::newRow("all") << five << 1.0 << 0 << 1.0 << QList<int>{1, 3, 4, 0, 2};
    QTest::newRow("top-k 2") << five << 1.0 << 2 << 1.0 << QList<int>{1, 3};
    QTest::newRow("top-k 1") << five << 1.0 << 1 << 1.0 << QList<int>{1};
    QTest::newRow("top-k above the vocabulary")
        << five << 1.0 << 9 << 1.0 << QList<int>{1, 3, 4, 0, 2};
    QTest::newRow("top-p 0.5: the first reaches it") << five << 1.0 << 0 << 0.5 << QList<int>{1};
    QTest::newRow("top-p 0.6: 0.5 is short of it") << five << 1.0 << 0 << 0.6 << QList<int>{1, 3};
    QTest::newRow("top-p 0.8: 0.5 + 0.2 is short")
        << five << 1.0 << 0 << 0.8 << QList<int>{1, 3, 4};
    QTest::newRow("top-p 0.01 keeps one") << five << 1.0 << 0 << 0.01 << QList<int>{1};
    // After top-k 2 the two are renormalised to 5/7 and 2/7: 0.7 is reached by the first.
    QTest::newRow("top-k 2 then top-p 0.7") << five << 1.0 << 2 << 0.7 << QList<int>{1};
    QTest::newRow("top-k 2 then top-p 0.72") << five << 1.0 << 2 << 0.72 << QList<int>{1, 3};
    // Temperature 0.5 squares the probabilities: 0.25, 0.04, ... of 0.325, the first 0.769.
    QTest::newRow("temperature 0.5, top-p 0.76") << five << 0.5 << 0 << 0.76 << QList<int>{1};
    QTest::newRow("temperature 0.5, top-p 0.77") << five << 0.5 << 0 << 0.77 << QList<int>{1, 3};
    // Issue 36, item 4: logits over a tiny temperature overflowed, and the
    // least likely token was drawn. Any T > 0 near 0 keeps the arg-max alone.
    for (double tiny : {5e-324, 1e-320, 1e-310, 2.2e-308, 1e-300})
        QTest::newRow(qPrintable(QStringLiteral("temperature %1: the arg-max").arg(tiny)))
            << five << tiny << 0 << 1.0 << QList<int>{1};
    // At 2.2e-308 the five log-probabilities above stay finite over T; a
    // logit of 10 does not (10 / 2.2e-308 overflows).
    QTest::newRow("temperature 2.2e-308, logits up to 10")
        << QList<float>{2.0f, 10.0f, 5.0f} << 2.2e-308 << 0 << 1.0 << QList<int>{1};
    QTest::newRow("temperature 5e-324, negative logits")
        << QList<float>{-3.0f, -1.0f, -2.0f} << 5e-324 << 0 << 1.0 << QList<int>{1};
    QTest::newRow("equal logits by id")
        << QList<float>{1.0f, 2.0f, 2.0f, 0.0f} << 1.0 << 2 << 1.0 << QList<int>{1, 2};
}

void TestGeneration::keptTokens()
{
    QFETCH(QList<float>, logits);
    QFETCH(double, temperature);
    QFETCH(int, topK);
    QFETCH(double, topP);
    QFETCH(QList<int>, kept);
    SamplingOptions options;
    options.greedy = false;
    options.temperature = temperature;
    options.topK = topK;
    options.topP = topP;
    const std::vector<TokenProbability> tokens =
        TokenSampler::kept(std::vector<float>(logits.begin(), logits.end()), options);
    QList<int> ids;
    double sum = 0.0;
    for (const TokenProbability &token : tokens) {
        ids.append(token.id);
        sum += token.p;
    }
    QCOMPARE(ids, kept);
    QVERIFY(std::abs(sum - 1.0) < 1e-12);
    // Every draw takes one of the kept tokens.
    TokenSampler sampler(options);
    for (int draw = 0; draw < 200; ++draw)
        QVERIFY(kept.contains(sampler.choose(std::vector<float>(logits.begin(), logits.end()))));
}

void TestGeneration::sameSeedSameText()
{
    const auto checkpoint = open(QStringLiteral("models/gpt2-tiny"));
    GenerationOptions options = greedy(20);
    options.sampling.greedy = false;
    options.sampling.temperature = 1.5;
    options.sampling.topK = 40;
    options.sampling.topP = 0.95;
    auto write = [&](std::uint64_t seed) {
        options.sampling.seed = seed;
        Generator generator(checkpoint->weights(), {1, 2, 3}, options);
        while (generator.step()) {
        }
        return generator.ids();
    };
    const std::vector<int> first = write(7);
    QCOMPARE(write(7), first);
    QVERIFY(write(8) != first);
    // A sampled token's probability and rank are the model's own.
    options.sampling.seed = 7;
    Generator generator(checkpoint->weights(), {1, 2, 3}, options);
    QVERIFY(generator.step());
    const GenerationStep &step = generator.steps().front();
    QVERIFY(step.rank >= 1);
    QVERIFY(step.p > 0.0 && step.p <= step.top.front().p);
}

void TestGeneration::stops()
{
    const QJsonObject expected = reference().value(u"models/gpt2-tiny").toObject();
    const auto checkpoint = open(QStringLiteral("models/gpt2-tiny"));
    const std::vector<int> prompt = ints(expected.value(u"prompt"));
    const std::vector<int> written = ints(expected.value(u"greedy"));

    // At the end-of-text token, which is written.
    GenerationOptions options = greedy(20);
    options.endToken = written[2];
    const int firstAt =
        int(std::find(written.begin(), written.end(), written[2]) - written.begin());
    Generator toEnd(checkpoint->weights(), prompt, options);
    while (toEnd.step()) {
    }
    QCOMPARE(toEnd.stop(), GenerationStop::EndOfText);
    QCOMPARE(int(toEnd.steps().size()), firstAt + 1);
    QCOMPARE(toEnd.rowCount(), int(toEnd.ids().size()));

    // At the model's last position (32 for gpt2-tiny).
    Generator toLast(checkpoint->weights(), prompt, greedy(1000));
    while (toLast.step()) {
    }
    QCOMPARE(toLast.stop(), GenerationStop::LastPosition);
    QCOMPARE(int(toLast.ids().size()), checkpoint->weights().config().positions);
    QCOMPARE(toLast.rowCount(), int(toLast.ids().size()));

    // What it holds is counted up front: the prompt's pass, the cache for
    // the 32 positions, and more.
    const ModelConfig &config = checkpoint->weights().config();
    QCOMPARE(toLast.memoryBytes(), generationBytes(config, qsizetype(prompt.size()), 32));
    const double cache = 2.0 * config.layers * config.keyValueHeads() * 32 * config.headDim() * 4;
    QVERIFY(toLast.memoryBytes() > modelPassBytes(config, qsizetype(prompt.size())) + cache);

    // Stopped early, finish() completes the last token's row.
    Generator stopped(checkpoint->weights(), prompt, greedy(20));
    QVERIFY(stopped.step());
    QVERIFY(stopped.step());
    QCOMPARE(stopped.rowCount(), int(prompt.size()) + 1);
    stopped.finish();
    QCOMPARE(stopped.rowCount(), int(prompt.size()) + 2);
    QVERIFY(!stopped.step());
}

void TestGeneration::refusals_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<int>("promptLength");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<bool>("greedy");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<int>("topK");
    QTest::addColumn<double>("topP");
    QTest::addColumn<QString>("message");
    const QString gpt2 = QStringLiteral("models/gpt2-tiny");
    QTest::newRow("BERT is not causal") << QStringLiteral("models/bert-tiny") << 3 << 5 << true
                                        << 1.0 << 0 << 1.0 << QStringLiteral("BERT is not");
    QTest::newRow("0 tokens") << gpt2 << 3 << 0 << true << 1.0 << 0 << 1.0
                              << QStringLiteral("at least 1 token");
    QTest::newRow("no prompt") << gpt2 << 0 << 5 << true << 1.0 << 0 << 1.0
                               << QStringLiteral("at least one token");
    QTest::newRow("a prompt filling the positions")
        << gpt2 << 32 << 5 << true << 1.0 << 0 << 1.0 << QStringLiteral("no room");
    QTest::newRow("temperature 0")
        << gpt2 << 3 << 5 << false << 0.0 << 0 << 1.0 << QStringLiteral("temperature");
    QTest::newRow("temperature -1")
        << gpt2 << 3 << 5 << false << -1.0 << 0 << 1.0 << QStringLiteral("temperature");
    QTest::newRow("top-p 0") << gpt2 << 3 << 5 << false << 1.0 << 0 << 0.0
                             << QStringLiteral("top-p");
    QTest::newRow("top-p 1.5") << gpt2 << 3 << 5 << false << 1.0 << 0 << 1.5
                               << QStringLiteral("top-p");
    QTest::newRow("top-k -1") << gpt2 << 3 << 5 << false << 1.0 << -1 << 1.0
                              << QStringLiteral("top-k");
}

void TestGeneration::refusals()
{
    QFETCH(QString, folder);
    QFETCH(int, promptLength);
    QFETCH(int, tokens);
    QFETCH(bool, greedy);
    QFETCH(double, temperature);
    QFETCH(int, topK);
    QFETCH(double, topP);
    QFETCH(QString, message);
    const auto checkpoint = open(folder);
    GenerationOptions options;
    options.maxTokens = tokens;
    options.sampling.greedy = greedy;
    options.sampling.temperature = temperature;
    options.sampling.topK = topK;
    options.sampling.topP = topP;
    try {
        Generator(checkpoint->weights(), std::vector<int>(size_t(promptLength), 1), options);
        QFAIL("not refused");
    } catch (const std::invalid_argument &error) {
        QVERIFY2(QString::fromUtf8(error.what()).contains(message), error.what());
    }
    if (folder.contains(u"bert")) {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 logitLens(checkpoint->weights(), {1, 2, 3}));
    }
}

QTEST_APPLESS_MAIN(TestGeneration)
#include "tst_generation.moc"
