// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Experiments on heads on the tiny checkpoints of every decoder family, BERT
// and the encoder-decoders (T5, BART, mBART, Marian with its own target
// vocabulary): a head zeroed and mean-ablated, edges knocked out, a head and a
// residual position patched from a clean text, in each of an
// encoder-decoder's three attentions, each against what
// tests/data/make_intervention_fixtures.py computed with the PyTorch
// reference passes (the logits to 1e-5, the loss); the lower layers reused
// give what a whole pass gives; a sweep's grid equals each intervention run
// alone; and every refusal is one line.

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "core/model/transformerforward.h"
#include "core/sets/attentionset.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

#include "checkpointfixtures.h"

using namespace AttentionLab;
using namespace Qt::StringLiterals;
using CheckpointFixtures::doubles;
using CheckpointFixtures::ints;

namespace {

QString dataDir()
{
    return QStringLiteral(TEST_DATA_DIR);
}

const QJsonObject &reference()
{
    static const QJsonObject object = [] {
        QFile file(dataDir() + QStringLiteral("/interventions.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read interventions.json");
        return QJsonDocument::fromJson(file.readAll()).object();
    }();
    return object;
}

QJsonObject checkpoint(const QString &folder)
{
    for (const QJsonValue &c : reference().value(u"checkpoints").toArray())
        if (c.toObject().value(u"folder").toString() == folder)
            return c.toObject();
    qFatal("no checkpoint %s", qPrintable(folder));
}

std::shared_ptr<const ModelCheckpoint> openModel(const QString &folder)
{
    return CheckpointFixtures::openCheckpoint(dataDir() + QLatin1Char('/') + folder);
}

/// An item of the reference's lists: [layer, ...] in a single stack's one
/// attention \a only, or ["cross", layer, ...] in an encoder-decoder's.
struct Item
{
    AttentionKind set;
    QJsonArray rest;
};

Item itemOf(const QJsonValue &value, AttentionKind only)
{
    QJsonArray list = value.toArray();
    if (!list.first().isString())
        return {only, list};
    const AttentionKind set = *parseAttentionKind(list.first().toString().toStdString());
    list.removeFirst();
    return {set, list};
}

std::vector<HeadIndex> heads(const QJsonValue &list, AttentionKind only)
{
    std::vector<HeadIndex> out;
    for (const QJsonValue &value : list.toArray()) {
        const Item item = itemOf(value, only);
        out.push_back({item.rest[0].toInt(), item.rest[1].toInt(), item.set});
    }
    return out;
}

/// The case's interventions as the reference applied them, on a model of \a config.
Interventions interventionsOf(const QJsonObject &c, std::shared_ptr<const PatchSource> clean,
                              const ModelConfig &config)
{
    const AttentionKind only = stackKind(config);
    Interventions out;
    out.ablated = heads(c.value(u"ablate"), only);
    out.ablation =
        c.value(u"ablation").toString() == u"mean" ? AblationKind::Mean : AblationKind::Zero;
    for (const QJsonValue &value : c.value(u"knockouts").toArray()) {
        const Item k = itemOf(value, only);
        out.knockouts.push_back(
            {k.rest[0].toInt(), k.rest[1].toInt(), k.rest[2].toInt(), k.rest[3].toInt(), k.set});
    }
    out.patchedHeads = heads(c.value(u"patch_heads"), only);
    for (const QJsonValue &value : c.value(u"patch_residual").toArray()) {
        const Item s = itemOf(value, only);
        out.patchedResidual.push_back({s.rest[0].toInt(), s.rest[1].toInt(), s.set});
    }
    if (!out.patchedHeads.empty() || !out.patchedResidual.empty())
        out.source = std::move(clean);
    return out;
}

/// The positions whose logits the reference kept: an encoder-decoder's
/// decoder's, else the single stacks' two.
std::vector<int> keptPositions(const QJsonObject &c = {})
{
    return ints(c.contains(u"positions") ? c.value(u"positions") : reference().value(u"positions"));
}

/// The checkpoint's text as the model reads it: an encoder-decoder's
/// source (the corrupted one when asked) and decoder tokens.
ModelInput inputOf(const QJsonObject &c, bool corrupted = false)
{
    ModelInput input;
    const bool encoderDecoder = c.contains(u"source_ids");
    const QString text = corrupted ? u"corrupted_ids"_s : u"ids"_s;
    if (encoderDecoder) {
        input.source = ints(c.value(corrupted ? u"corrupted_ids" : u"source_ids"));
        input.ids = ints(c.value(u"ids"));
    } else {
        input.ids = ints(c.value(text));
    }
    return input;
}

/// The largest difference between two runs' attention, every set of them.
float attentionDifference(const ModelRun &a, const ModelRun &b)
{
    float worst = 0.0f;
    const std::vector<AttentionSet> x = a.sets(), y = b.sets();
    for (size_t s = 0; s < x.size(); ++s)
        for (int l = 0; l < x[s].tensor->layers(); ++l)
            for (int h = 0; h < x[s].tensor->heads(); ++h)
                worst = std::max(
                    worst,
                    (x[s].tensor->head(l, h) - y[s].tensor->head(l, h)).cwiseAbs().maxCoeff());
    return worst;
}

/// The largest difference between the run's kept logits and the
/// reference's, relative to the row's largest logit (at least 1): float32's
/// rounding grows with the logits' size (BERT's, after a LayerNorm of eps
/// 1e-12, differ by 1.4e-5 in 8.3 with no intervention at all).
double worstLogit(const ModelRun &run, const QJsonArray &expected,
                  const std::vector<int> &positions)
{
    double worst = 0.0;
    for (size_t p = 0; p < positions.size(); ++p) {
        const std::vector<double> want = doubles(expected[qsizetype(p)]);
        const float *got = run.logitsOf(positions[p]);
        if (!got || size_t(run.vocabulary) != want.size())
            return INFINITY;
        double scale = 1.0;
        for (double v : want)
            scale = std::max(scale, std::abs(v));
        for (size_t v = 0; v < want.size(); ++v)
            worst = std::max(worst, std::abs(double(got[v]) - want[v]) / scale);
    }
    return worst;
}

const char *const kFolders[] = {"models/gpt2-tiny",       "models/bert-tiny",
                                "decoders/llama-gqa",     "decoders/mistral-window",
                                "decoders/qwen3-headdim", "decoders/pythia-partial",
                                "seq2seq/t5-small",       "seq2seq/bart-base",
                                "seq2seq/mbart-large",    "seq2seq/opus-mt-en-de-separate"};

} // namespace

class TestInterventions : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void sweepEqualsEachAlone_data();
    void sweepEqualsEachAlone();
    void patchSweepEqualsEachAlone_data();
    void patchSweepEqualsEachAlone();
    void measures();
    void knockoutUnderASoftCap();
    void refusals_data();
    void refusals();
};

void TestInterventions::matchesPyTorch_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<int>("item");
    for (const char *folder : kFolders) {
        const QJsonArray cases = checkpoint(QLatin1String(folder)).value(u"cases").toArray();
        for (qsizetype i = 0; i < cases.size(); ++i)
            QTest::addRow("%s %s", folder,
                          qPrintable(cases[i].toObject().value(u"name").toString()))
                << QString::fromLatin1(folder) << int(i);
    }
}

void TestInterventions::matchesPyTorch()
{
    QFETCH(QString, folder);
    QFETCH(int, item);
    const QJsonObject c = checkpoint(folder);
    const QJsonObject expected = c.value(u"cases").toArray()[item].toObject();
    const auto model = openModel(folder);
    const std::vector<int> positions = keptPositions(c);

    ModelInput clean = inputOf(c);
    clean.keepPatchSource = true;
    clean.logitPositions = positions;
    const ModelRun cleanRun = runModel(model->weights(), clean);

    ModelInput input = inputOf(c, expected.value(u"corrupted").toBool());
    input.logitPositions = positions;
    const Interventions interventions =
        interventionsOf(expected, cleanRun.patchSource, model->weights().config());
    input.interventions = &interventions;
    const ModelRun whole = runModel(model->weights(), input);
    const double worst = worstLogit(whole, expected.value(u"logits").toArray(), positions);
    QVERIFY2(worst < 1e-5, qPrintable(u"largest relative logit difference %1"_s.arg(worst)));

    // The layers below the first changed one reused from a pass without
    // the interventions (an encoder-decoder's whole encoder, where only its
    // decoder's blocks change): the same logits, the same attention.
    const MeasuredPass measured = measuredPass(model->weights(), input, interventions, {});
    QVERIFY(worstLogit(measured.run, expected.value(u"logits").toArray(), positions) < 1e-5);
    QVERIFY(attentionDifference(whole, measured.run) < 1e-6f);

    if (expected.contains(u"loss")) {
        ModelMeasure loss;
        const MeasuredPass lossPass = measuredPass(model->weights(), input, interventions, {loss});
        const double value = measureValue(loss, lossPass.run, input.ids, lossPass.baseline.get());
        QVERIFY2(std::abs(value - expected.value(u"loss").toDouble()) < 1e-5,
                 qPrintable(
                     u"loss %1, PyTorch %2"_s.arg(value).arg(expected.value(u"loss").toDouble())));
    }
}

void TestInterventions::sweepEqualsEachAlone_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<int>("ablation");
    QTest::addColumn<int>("measure");
    QTest::addColumn<int>("set"); // -1: a single stack's one
    QTest::newRow("gpt2 zero loss")
        << u"models/gpt2-tiny"_s << int(AblationKind::Zero) << int(MeasureKind::Loss) << -1;
    QTest::newRow("llama-gqa mean kl") << u"decoders/llama-gqa"_s << int(AblationKind::Mean)
                                       << int(MeasureKind::KlDivergence) << -1;
    QTest::newRow("bert zero prob")
        << u"models/bert-tiny"_s << int(AblationKind::Zero) << int(MeasureKind::Probability) << -1;
    QTest::newRow("t5 cross zero loss") << u"seq2seq/t5-small"_s << int(AblationKind::Zero)
                                        << int(MeasureKind::Loss) << int(AttentionKind::Cross);
    QTest::newRow("t5 encoder mean kl")
        << u"seq2seq/t5-small"_s << int(AblationKind::Mean) << int(MeasureKind::KlDivergence)
        << int(AttentionKind::Encoder);
    QTest::newRow("marian decoder zero prob")
        << u"seq2seq/opus-mt-en-de-separate"_s << int(AblationKind::Zero)
        << int(MeasureKind::Probability) << int(AttentionKind::Decoder);
}

void TestInterventions::sweepEqualsEachAlone()
{
    QFETCH(QString, folder);
    QFETCH(int, ablation);
    QFETCH(int, measure);
    QFETCH(int, set);
    const auto model = openModel(folder);
    const ModelInput input = inputOf(checkpoint(folder));
    const AttentionKind kind = set < 0 ? stackKind(model->weights().config()) : AttentionKind(set);
    ModelMeasure m;
    m.kind = MeasureKind(measure);
    m.tokenA = 5;
    m.position = 3;
    int reported = 0;
    const SweepGrid grid = sweepHeadAblations(model->weights(), input, m, AblationKind(ablation),
                                              kind, [&](int cell, double, int done, int total) {
                                                  ++reported;
                                                  return cell + 1 == done && total > 0;
                                              });
    // The grid is the stack's that holds the set: T5's encoder has 2
    // layers, its decoder (self- and cross-attention) 3.
    const ModelConfig &config = stackConfig(model->weights(), kind);
    QCOMPARE(grid.rows, config.layers);
    QCOMPARE(grid.columns, config.heads);
    QCOMPARE(reported, config.layers * config.heads);
    QVERIFY(!grid.cancelled);
    ModelInput alone = input;
    alone.logitPositions = m.logitPositions(int(input.ids.size()));
    const ModelRun baseline = runModel(model->weights(), alone);
    QVERIFY(std::abs(measureValue(m, baseline, input.ids, &baseline) - grid.baseline) < 1e-9);
    bool anyMoved = false;
    for (int l = 0; l < config.layers; ++l)
        for (int h = 0; h < config.heads; ++h) {
            Interventions one;
            one.ablated = {{l, h, kind}};
            one.ablation = AblationKind(ablation);
            alone.interventions = &one;
            const ModelRun run = runModel(model->weights(), alone);
            const double value = measureValue(m, run, input.ids, &baseline);
            QVERIFY2(std::abs(value - grid.values[size_t(l * config.heads + h)]) < 1e-6,
                     qPrintable(u"head %1.%2"_s.arg(l).arg(h)));
            anyMoved = anyMoved || std::abs(grid.effect(l, h)) > 1e-6;
        }
    QVERIFY(anyMoved);

    // Cancel after the third cell: the rest stay unmeasured.
    const SweepGrid cancelled =
        sweepHeadAblations(model->weights(), input, m, AblationKind(ablation), kind,
                           [](int, double, int done, int) { return done < 3; });
    QVERIFY(cancelled.cancelled);
    QVERIFY(!std::isnan(cancelled.values[2]));
    QVERIFY(std::isnan(cancelled.values[3]));
}

void TestInterventions::patchSweepEqualsEachAlone_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<int>("set"); // -1: a single stack's one
    QTest::newRow("qwen3") << u"decoders/qwen3-headdim"_s << -1;
    QTest::newRow("t5 encoder") << u"seq2seq/t5-small"_s << int(AttentionKind::Encoder);
    QTest::newRow("bart decoder") << u"seq2seq/bart-base"_s << int(AttentionKind::Decoder);
    QTest::newRow("bart cross") << u"seq2seq/bart-base"_s << int(AttentionKind::Cross);
}

void TestInterventions::patchSweepEqualsEachAlone()
{
    QFETCH(QString, folder);
    QFETCH(int, set);
    const auto model = openModel(folder);
    const ModelInput clean = inputOf(checkpoint(folder));
    const ModelInput corrupted = inputOf(checkpoint(folder), true);
    const bool encoderDecoder = !clean.source.empty();
    const AttentionKind kind = set < 0 ? stackKind(model->weights().config()) : AttentionKind(set);
    ModelMeasure m;
    m.kind = MeasureKind::LogitDifference;
    m.tokenA = clean.ids.back();
    m.tokenB = 7;
    const int n = int(clean.ids.size());
    // The residual's positions: an encoder-decoder's encoder's are the source's.
    const int positions =
        kind == AttentionKind::Encoder && encoderDecoder ? int(clean.source.size()) : n;
    const ModelConfig &config = stackConfig(model->weights(), kind);
    for (PatchSites sites : {PatchSites::Heads, PatchSites::Residual}) {
        if (sites == PatchSites::Residual && kind == AttentionKind::Cross)
            continue; // refused: the cross-attention has no residual stream of its own
        const PatchGrid grid = sweepPatches(model->weights(), clean, corrupted, m, sites, kind);
        QCOMPARE(grid.patched.rows, config.layers);
        QCOMPARE(grid.patched.columns, sites == PatchSites::Heads ? config.heads : positions);
        QVERIFY(grid.clean != grid.corrupted);
        ModelInput source = clean;
        source.keepPatchSource = true;
        source.logitPositions = {n - 1};
        const ModelRun cleanRun = runModel(model->weights(), source);
        QVERIFY(std::abs(measureValue(m, cleanRun, clean.ids) - grid.clean) < 1e-9);
        for (int r = 0; r < grid.patched.rows; ++r)
            for (int c = 0; c < grid.patched.columns; ++c) {
                Interventions one;
                one.source = cleanRun.patchSource;
                if (sites == PatchSites::Heads)
                    one.patchedHeads = {{r, c, kind}};
                else
                    one.patchedResidual = {{r, c, kind}};
                ModelInput alone = corrupted;
                alone.logitPositions = {n - 1};
                alone.interventions = &one;
                const double value = measureValue(m, runModel(model->weights(), alone), alone.ids);
                QVERIFY(std::abs(value -
                                 grid.patched.values[size_t(r * grid.patched.columns + c)]) < 1e-6);
            }
        // The KL is scored from the clean run: 0 for it, and a patch that
        // gives back the clean distribution restores all of the gap.
        ModelMeasure kl;
        kl.kind = MeasureKind::KlDivergence;
        const PatchGrid far = sweepPatches(model->weights(), clean, corrupted, kl, sites, kind);
        QCOMPARE(far.clean, 0.0);
        QVERIFY(far.corrupted > 0.0);
        if (sites == PatchSites::Residual) {
            // Every position patched at the stack's last layer's input: the
            // clean run's stream from there on, so the clean distribution.
            Interventions all;
            all.source = cleanRun.patchSource;
            for (int p = 0; p < positions; ++p)
                all.patchedResidual.push_back({config.layers - 1, p, kind});
            ModelInput patched = corrupted;
            patched.logitPositions = {n - 1};
            patched.interventions = &all;
            ModelInput reference = clean;
            reference.logitPositions = {n - 1};
            const ModelRun cleanAgain = runModel(model->weights(), reference);
            const double left =
                measureValue(kl, runModel(model->weights(), patched), corrupted.ids, &cleanAgain);
            // An encoder-decoder's decoder still reads the corrupted source in
            // its cross-attention; its encoder's last layer gives it all back.
            if (!encoderDecoder || kind == AttentionKind::Encoder)
                QVERIFY2(left < 1e-9, qPrintable(u"KL %1 left"_s.arg(left)));
            // The residual entering layer 0 at a position the texts share is
            // the same in both: it restores nothing.
            QVERIFY(std::abs(grid.restored(0, 0)) < 1e-9);
        }
    }
}

void TestInterventions::measures()
{
    const QString folder = u"models/gpt2-tiny"_s;
    const auto model = openModel(folder);
    ModelInput input;
    input.ids = ints(checkpoint(folder).value(u"ids"));
    const int n = int(input.ids.size());
    ModelMeasure prob, diff, span, kl;
    prob.kind = MeasureKind::Probability;
    prob.tokenA = 9;
    diff.kind = MeasureKind::LogitDifference;
    diff.tokenA = 9;
    diff.tokenB = 11;
    span.from = 4;
    span.to = 6;
    kl.kind = MeasureKind::KlDivergence;
    QCOMPARE(span.logitPositions(n), (std::vector<int>{3, 4, 5}));
    QCOMPARE(prob.logitPositions(n), std::vector<int>{n - 1});
    Interventions none;
    const MeasuredPass pass = measuredPass(model->weights(), input, none, {prob, diff, span, kl});
    const float *last = pass.run.logitsOf(n - 1);
    QVERIFY(last);
    double sum = 0.0;
    for (int v = 0; v < pass.run.vocabulary; ++v)
        sum += std::exp(double(last[v]));
    QVERIFY(std::abs(measureValue(prob, pass.run, input.ids) - std::exp(double(last[9])) / sum) <
            1e-9);
    QVERIFY(std::abs(measureValue(diff, pass.run, input.ids) -
                     (double(last[9]) - double(last[11]))) < 1e-9);
    QCOMPARE(measureValue(kl, pass.run, input.ids, pass.baseline.get()), 0.0);
    // The top guesses are still the pass's own.
    QCOMPARE(pass.run.topNext.front().id, runModel(model->weights(), input).topNext.front().id);
    double loss = 0.0;
    for (int i = 4; i <= 6; ++i) {
        const float *row = pass.run.logitsOf(i - 1);
        double z = 0.0;
        for (int v = 0; v < pass.run.vocabulary; ++v)
            z += std::exp(double(row[v]));
        loss -= double(row[input.ids[size_t(i)]]) - std::log(z);
    }
    QVERIFY(std::abs(measureValue(span, pass.run, input.ids) - loss / 3) < 1e-6);
}

void TestInterventions::knockoutUnderASoftCap()
{
    // Gemma 2 caps its scores before the mask: a knocked-out edge weighs
    // exactly 0, not what a capped minus infinity (-cap) would leave.
    const auto model = openModel(u"decoders/gemma2-capped"_s);
    ModelInput input;
    input.ids = {3, 4, 5, 6, 7, 8, 9, 10};
    Interventions one;
    one.knockouts = {{1, 0, 7, 2, AttentionKind::Decoder}};
    input.interventions = &one;
    const ModelRun run = runModel(model->weights(), input);
    const auto head = run.attention.head(1, 0);
    QCOMPARE(head(7, 2), 0.0f);
    QVERIFY(std::abs(head.row(7).sum() - 1.0f) < 1e-5f);
}

void TestInterventions::refusals_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<int>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("head layer") << u"models/gpt2-tiny"_s << 0
                                << u"ablated head 2.0 is out of range: the model has 2 layers (0 "
                                   u"to 1)"_s;
    QTest::newRow("head") << u"models/gpt2-tiny"_s << 1
                          << u"ablated head 1.4 is out of range: the model has 4 heads a layer (0 "
                             u"to 3)"_s;
    QTest::newRow("causal edge") << u"models/gpt2-tiny"_s << 2
                                 << u"knockout 0.1:2>5: query 2 cannot see key 5 (the model's "
                                    u"mask)"_s;
    QTest::newRow("no key left") << u"models/bert-tiny"_s << 3
                                 << u"the knockouts leave query 1 of head 0.2 no key to attend "
                                    u"to"_s;
    QTest::newRow("lengths") << u"models/gpt2-tiny"_s << 4
                             << u"the clean text is 8 tokens long and the corrupted one 7: "
                                u"patching needs texts of the same length in tokens"_s;
    QTest::newRow("bert loss") << u"models/bert-tiny"_s << 5
                               << u"the loss is a causal model's, over the next token; BERT "
                                  u"predicts masked tokens: measure prob, logitdiff or kl at a "
                                  u"[MASK]"_s;
    QTest::newRow("token") << u"models/gpt2-tiny"_s << 6
                           << u"token #310 is outside the vocabulary of 310"_s;
    QTest::newRow("span") << u"models/gpt2-tiny"_s << 7
                          << u"loss span 0-3 is outside tokens 1 to 7 (token 0 has nothing before "
                             u"it)"_s;
    QTest::newRow("set of a single stack")
        << u"models/gpt2-tiny"_s << 8
        << u"ablated head 0.0 names the cross-attention, and GPT-2 has only its decoder "
           u"self-attention"_s;
    QTest::newRow("cross layer") << u"seq2seq/t5-small"_s << 9
                                 << u"ablated head cross:3.0 is out of range: the decoder has 3 "
                                    u"layers (0 to 2)"_s;
    QTest::newRow("encoder layer") << u"seq2seq/t5-small"_s << 10
                                   << u"ablated head encoder:2.0 is out of range: the encoder has "
                                      u"2 layers (0 to 1)"_s;
    QTest::newRow("cross residual")
        << u"seq2seq/t5-small"_s << 11
        << u"the cross-attention has no residual stream of its own: patch the encoder's (over "
           u"the source) or the decoder's (over the target)"_s;
    QTest::newRow("source lengths") << u"seq2seq/t5-small"_s << 12
                                    << u"the clean source is 7 tokens long and the corrupted one "
                                       u"6: patching needs texts of the same length in tokens"_s;
    QTest::newRow("cross key") << u"seq2seq/t5-small"_s << 13
                               << u"knockout cross:0.0:1>7 is out of range: the keys are 7 tokens "
                                  u"(0 to 6)"_s;
    // Gemma 2's local layer 0 (a window of 4 over 8 tokens): a key before the
    // window is the mask's, and knocking out the window's 4 leaves no key.
    QTest::newRow("edge outside a local layer's window")
        << u"decoders/gemma2-capped"_s << 15
        << u"knockout 0.0:7>1: query 7 cannot see key 1 (the model's mask)"_s;
    QTest::newRow("a local layer's window knocked out")
        << u"decoders/gemma2-capped"_s << 16
        << u"the knockouts leave query 7 of head 0.0 no key to attend to"_s;
    QTest::newRow("single stack set sweep")
        << u"models/bert-tiny"_s << 14
        << u"BERT has only its encoder self-attention, no cross-attention"_s;
}

void TestInterventions::refusals()
{
    QFETCH(QString, folder);
    QFETCH(int, what);
    QFETCH(QString, message);
    const auto model = openModel(folder);
    // The fixtures of interventions.json, else eight tokens.
    ModelInput input;
    if (folder.startsWith(u"decoders/gemma"_s))
        input.ids = {3, 4, 5, 6, 7, 8, 9, 10};
    else
        input = inputOf(checkpoint(folder));
    const AttentionKind only = stackKind(model->weights().config());
    Interventions interventions;
    ModelMeasure measure;
    AttentionKind swept = model->weights().decoder() ? AttentionKind::Decoder : only;
    QString got;
    try {
        switch (what) {
        case 0:
            interventions.ablated = {{2, 0, only}};
            break;
        case 1:
            interventions.ablated = {{1, 4, only}};
            break;
        case 2:
            interventions.knockouts = {{0, 1, 2, 5, only}};
            break;
        case 3:
            for (int j = 0; j < int(input.ids.size()); ++j)
                interventions.knockouts.push_back({0, j % 2 == 0 ? 2 : -1, 1, j, only});
            break;
        case 4: {
            ModelInput shorter = input;
            shorter.ids.pop_back();
            sweepPatches(model->weights(), input, shorter, measure, PatchSites::Heads, only);
            break;
        }
        case 5:
            break;
        case 6:
            measure.kind = MeasureKind::Probability;
            measure.tokenA = 310;
            break;
        case 7:
            measure.from = 0;
            measure.to = 3;
            break;
        case 8:
            interventions.ablated = {{0, 0, AttentionKind::Cross}};
            break;
        case 9:
            interventions.ablated = {{3, 0, AttentionKind::Cross}};
            break;
        case 10:
            interventions.ablated = {{2, 0, AttentionKind::Encoder}};
            break;
        case 11:
            sweepPatches(model->weights(), input, input, measure, PatchSites::Residual,
                         AttentionKind::Cross);
            break;
        case 12: {
            ModelInput shorter = input;
            shorter.source.pop_back();
            sweepPatches(model->weights(), input, shorter, measure, PatchSites::Heads,
                         AttentionKind::Cross);
            break;
        }
        case 13:
            interventions.knockouts = {{0, 0, 1, 7, AttentionKind::Cross}};
            break;
        case 15:
            interventions.knockouts = {{0, 0, 7, 1, only}};
            break;
        case 16:
            for (int j = 4; j < 8; ++j)
                interventions.knockouts.push_back({0, 0, 7, j, only});
            break;
        case 14:
            swept = AttentionKind::Cross;
            measure.kind = MeasureKind::Probability;
            measure.tokenA = 3;
            measure.position = 2;
            break;
        }
        input.interventions = &interventions;
        if ((what >= 5 && what <= 7) || what == 14)
            sweepHeadAblations(model->weights(), input, measure, AblationKind::Zero, swept);
        else
            runModel(model->weights(), input);
    } catch (const std::invalid_argument &error) {
        got = QString::fromUtf8(error.what());
    }
    QCOMPARE(got, message);
}

QTEST_GUILESS_MAIN(TestInterventions)
#include "tst_interventions.moc"
