// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Experiments on heads on the tiny checkpoints of every decoder family and
// BERT: a head zeroed and mean-ablated, edges knocked out, a head and a
// residual position patched from a clean text, each against what
// tests/data/make_intervention_fixtures.py computed with the PyTorch
// reference passes (the logits to 1e-5, the loss); the lower layers reused
// give what a whole pass gives; a sweep's grid equals each intervention run
// alone; and every refusal is one line.

#include "core/model/headsweep.h"
#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"
#include "core/model/transformerforward.h"

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

std::vector<HeadIndex> heads(const QJsonValue &list)
{
    std::vector<HeadIndex> out;
    for (const QJsonValue &pair : list.toArray())
        out.push_back({pair[0].toInt(), pair[1].toInt()});
    return out;
}

/// The case's interventions as the reference applied them.
Interventions interventionsOf(const QJsonObject &c, std::shared_ptr<const PatchSource> clean)
{
    Interventions out;
    out.ablated = heads(c.value(u"ablate"));
    out.ablation =
        c.value(u"ablation").toString() == u"mean" ? AblationKind::Mean : AblationKind::Zero;
    for (const QJsonValue &k : c.value(u"knockouts").toArray())
        out.knockouts.push_back({k[0].toInt(), k[1].toInt(), k[2].toInt(), k[3].toInt()});
    out.patchedHeads = heads(c.value(u"patch_heads"));
    for (const QJsonValue &s : c.value(u"patch_residual").toArray())
        out.patchedResidual.push_back({s[0].toInt(), s[1].toInt()});
    if (!out.patchedHeads.empty() || !out.patchedResidual.empty())
        out.source = std::move(clean);
    return out;
}

std::vector<int> keptPositions()
{
    return ints(reference().value(u"positions"));
}

/// The largest difference between the run's kept logits and the
/// reference's, relative to the row's largest logit (at least 1): float32's
/// rounding grows with the logits' size (BERT's, after a LayerNorm of eps
/// 1e-12, differ by 1.4e-5 in 8.3 with no intervention at all).
double worstLogit(const ModelRun &run, const QJsonArray &expected)
{
    const std::vector<int> positions = keptPositions();
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
                                "decoders/qwen3-headdim", "decoders/pythia-partial"};

} // namespace

class TestInterventions : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void sweepEqualsEachAlone_data();
    void sweepEqualsEachAlone();
    void patchSweepEqualsEachAlone();
    void measures();
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
    const std::vector<int> positions = keptPositions();

    ModelInput clean;
    clean.ids = ints(c.value(u"ids"));
    clean.keepPatchSource = true;
    clean.logitPositions = positions;
    const ModelRun cleanRun = runModel(model->weights(), clean);

    ModelInput input = clean;
    input.keepPatchSource = false;
    if (expected.value(u"corrupted").toBool())
        input.ids = ints(c.value(u"corrupted_ids"));
    const Interventions interventions = interventionsOf(expected, cleanRun.patchSource);
    input.interventions = &interventions;
    const ModelRun whole = runModel(model->weights(), input);
    const double worst = worstLogit(whole, expected.value(u"logits").toArray());
    QVERIFY2(worst < 1e-5, qPrintable(u"largest relative logit difference %1"_s.arg(worst)));

    // The layers below the first changed one reused from a pass without
    // the interventions: the same logits, the same attention.
    const MeasuredPass measured = measuredPass(model->weights(), input, interventions, {});
    QVERIFY(worstLogit(measured.run, expected.value(u"logits").toArray()) < 1e-5);
    for (int l = 0; l < whole.attention.layers(); ++l)
        for (int h = 0; h < whole.attention.heads(); ++h)
            QVERIFY((whole.attention.head(l, h) - measured.run.attention.head(l, h))
                        .cwiseAbs()
                        .maxCoeff() < 1e-6f);

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
    QTest::newRow("gpt2 zero loss")
        << u"models/gpt2-tiny"_s << int(AblationKind::Zero) << int(MeasureKind::Loss);
    QTest::newRow("llama-gqa mean kl")
        << u"decoders/llama-gqa"_s << int(AblationKind::Mean) << int(MeasureKind::KlDivergence);
    QTest::newRow("bert zero prob")
        << u"models/bert-tiny"_s << int(AblationKind::Zero) << int(MeasureKind::Probability);
}

void TestInterventions::sweepEqualsEachAlone()
{
    QFETCH(QString, folder);
    QFETCH(int, ablation);
    QFETCH(int, measure);
    const auto model = openModel(folder);
    ModelInput input;
    input.ids = ints(checkpoint(folder).value(u"ids"));
    ModelMeasure m;
    m.kind = MeasureKind(measure);
    m.tokenA = 5;
    m.position = 3;
    int reported = 0;
    const SweepGrid grid = sweepHeadAblations(model->weights(), input, m, AblationKind(ablation),
                                              [&](int cell, double, int done, int total) {
                                                  ++reported;
                                                  return cell + 1 == done && total > 0;
                                              });
    const ModelConfig &config = model->weights().config();
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
            one.ablated = {{l, h}};
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
        sweepHeadAblations(model->weights(), input, m, AblationKind(ablation),
                           [](int, double, int done, int) { return done < 3; });
    QVERIFY(cancelled.cancelled);
    QVERIFY(!std::isnan(cancelled.values[2]));
    QVERIFY(std::isnan(cancelled.values[3]));
}

void TestInterventions::patchSweepEqualsEachAlone()
{
    const QString folder = u"decoders/qwen3-headdim"_s;
    const auto model = openModel(folder);
    ModelInput clean, corrupted;
    clean.ids = ints(checkpoint(folder).value(u"ids"));
    corrupted.ids = ints(checkpoint(folder).value(u"corrupted_ids"));
    ModelMeasure m;
    m.kind = MeasureKind::LogitDifference;
    m.tokenA = clean.ids.back();
    m.tokenB = 7;
    const int n = int(clean.ids.size());
    const ModelConfig &config = model->weights().config();
    for (PatchSites sites : {PatchSites::Heads, PatchSites::Residual}) {
        const PatchGrid grid = sweepPatches(model->weights(), clean, corrupted, m, sites);
        QCOMPARE(grid.patched.rows, config.layers);
        QCOMPARE(grid.patched.columns, sites == PatchSites::Heads ? config.heads : n);
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
                    one.patchedHeads = {{r, c}};
                else
                    one.patchedResidual = {{r, c}};
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
        const PatchGrid far = sweepPatches(model->weights(), clean, corrupted, kl, sites);
        QCOMPARE(far.clean, 0.0);
        QVERIFY(far.corrupted > 0.0);
        if (sites == PatchSites::Residual) {
            // Every changed position patched at the last layer's input: the
            // clean run's stream from there on, so the clean distribution.
            Interventions all;
            all.source = cleanRun.patchSource;
            for (int p = 0; p < n; ++p)
                all.patchedResidual.push_back({config.layers - 1, p});
            ModelInput patched = corrupted;
            patched.logitPositions = {n - 1};
            patched.interventions = &all;
            ModelInput reference = clean;
            reference.logitPositions = {n - 1};
            const ModelRun cleanAgain = runModel(model->weights(), reference);
            QVERIFY(measureValue(kl, runModel(model->weights(), patched), corrupted.ids,
                                 &cleanAgain) < 1e-9);
        }
        if (sites == PatchSites::Residual) {
            // The residual entering layer 0 at every changed position, patched,
            // is the clean text there: the tokens that differ restore it all
            // when patched together; one alone restores some.
            QVERIFY(std::abs(grid.restored(0, 0)) < 1e-9); // position 0 is the same in both
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
}

void TestInterventions::refusals()
{
    QFETCH(QString, folder);
    QFETCH(int, what);
    QFETCH(QString, message);
    const auto model = openModel(folder);
    ModelInput input;
    input.ids = ints(checkpoint(folder).value(u"ids"));
    Interventions interventions;
    ModelMeasure measure;
    QString got;
    try {
        switch (what) {
        case 0:
            interventions.ablated = {{2, 0}};
            break;
        case 1:
            interventions.ablated = {{1, 4}};
            break;
        case 2:
            interventions.knockouts = {{0, 1, 2, 5}};
            break;
        case 3:
            for (int j = 0; j < int(input.ids.size()); ++j)
                interventions.knockouts.push_back({0, j % 2 == 0 ? 2 : -1, 1, j});
            break;
        case 4: {
            ModelInput shorter = input;
            shorter.ids.pop_back();
            sweepPatches(model->weights(), input, shorter, measure, PatchSites::Heads);
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
        }
        input.interventions = &interventions;
        if (what >= 5)
            sweepHeadAblations(model->weights(), input, measure, AblationKind::Zero);
        else
            runModel(model->weights(), input);
    } catch (const std::invalid_argument &error) {
        got = QString::fromUtf8(error.what());
    }
    QCOMPARE(got, message);
}

QTEST_GUILESS_MAIN(TestInterventions)
#include "tst_interventions.moc"
