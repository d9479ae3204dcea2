// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The modern decoder families (llama, mistral, qwen2, qwen3, gpt_neox) on
// the tiny checkpoints tests/data/make_decoder_fixtures.py wrote with a
// PyTorch re-implementation of transformers: every attention to 1e-5, the
// kept q (after QK-norm and the rotary), k and v of a head, and the top-5
// next tokens, under every kernel set the processor supports; the kept q
// and k give back the attention under the causal mask and the sliding
// window; each folder's configuration as read; and every refusal one line.

#include "core/kernels/kernelset.h"
#include "core/maths/attention.h"
#include "core/model/familydescription.h"
#include "core/model/headsession.h"
#include "core/model/modelgraph.h"
#include "core/model/transformerforward.h"
#include "io/checkpointconfig.h"
#include "io/inputtextqt.h"
#include "io/modelcardwords.h"
#include "io/modelcheckpoint.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>
#include <map>

#include "checkpointfixtures.h"

using namespace AttentionLab;
using namespace Qt::StringLiterals;

namespace {

QString decodersDir()
{
    return QStringLiteral(TEST_DATA_DIR "/decoders");
}

const QJsonObject &reference()
{
    static const QJsonObject object =
        CheckpointFixtures::referenceCheckpoints(decodersDir() + QStringLiteral("/reference.json"));
    return object;
}

using CheckpointFixtures::doubles;
using CheckpointFixtures::ints;

std::shared_ptr<const ModelCheckpoint> openModel(const QString &name)
{
    return CheckpointFixtures::openCheckpoint(decodersDir() + QLatin1Char('/') + name);
}

ModelRun runCase(const QString &model, int item, int set)
{
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    const QJsonObject expected =
        reference().value(model).toObject().value(u"cases").toArray()[item].toObject();
    ModelInput input;
    input.ids = ints(expected.value(u"ids"));
    const auto opened = openModel(model);
    return &kernels == &activeKernels() ? runModel(opened->weights(), input)
                                        : runModelGraph(kernels, opened->weights(), input);
}

QString copyModel(const QString &name, const QTemporaryDir &dir)
{
    const QString target = dir.filePath(name);
    QDir().mkpath(target);
    const QDir source(decodersDir() + QLatin1Char('/') + name);
    for (const QString &file : source.entryList(QDir::Files))
        QFile::copy(source.filePath(file), target + QLatin1Char('/') + file);
    return target;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(file.readAll()).object();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile::remove(path);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
}

void editConfig(const QString &folder, const std::function<void(QJsonObject &)> &edit)
{
    const QString path = folder + QStringLiteral("/config.json");
    QJsonObject config = readJson(path);
    edit(config);
    writeBytes(path, QJsonDocument(config).toJson());
}

/// Rewrites the safetensors header of \a file in \a folder with \a edit, the data unchanged.
void editHeader(const QString &folder, const QString &file,
                const std::function<void(QJsonObject &)> &edit)
{
    const QString path = folder + QLatin1Char('/') + file;
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly))
        return;
    const QByteArray bytes = in.readAll();
    in.close();
    quint64 length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | quint8(bytes[i]);
    QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
    edit(header);
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (text.size() % 8)
        text.append(' ');
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[i] = char((quint64(text.size()) >> (8 * i)) & 0xff);
    writeBytes(path, out + text + bytes.mid(8 + qsizetype(length)));
}

using Edit = std::function<void(const QString &)>;

} // namespace

Q_DECLARE_METATYPE(Edit)

class DecoderForwardTest : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void keptRowsGiveTheAttention_data();
    void keptRowsGiveTheAttention();
    void configurations_data();
    void configurations();
    void multimodalTextConfigTakesDefaults();
    void longropeOriginalPositions_data();
    void longropeOriginalPositions();
    void layerAttention_data();
    void layerAttention();
    void refusals_data();
    void refusals();
    void refusesWithoutTokenizerJson();
    void unusedTensorsOfShardsAreNamed();
};

void DecoderForwardTest::matchesPyTorch_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("item");
    QTest::addColumn<int>("set");
    const QJsonObject checkpoints = reference();
    const auto sets = supportedKernels();
    for (size_t s = 0; s < sets.size(); ++s) {
        for (auto it = checkpoints.begin(); it != checkpoints.end(); ++it) {
            const QJsonArray cases = it.value().toObject().value(u"cases").toArray();
            for (qsizetype i = 0; i < cases.size(); ++i) {
                const QString name = cases[i].toObject().value(u"name").toString();
                QTest::addRow("%s kernels: %s, %s", sets[s]->id, qPrintable(it.key()),
                              qPrintable(name))
                    << it.key() << int(i) << int(s);
            }
        }
    }
}

void DecoderForwardTest::matchesPyTorch()
{
    QFETCH(QString, model);
    QFETCH(int, item);
    QFETCH(int, set);
    const QJsonObject expected =
        reference().value(model).toObject().value(u"cases").toArray()[item].toObject();
    const ModelConfig &config = openModel(model)->config();
    const ModelRun run = runCase(model, item, set);

    const int n = int(expected.value(u"ids").toArray().size());
    QCOMPARE(run.tokenCount(), n);
    QCOMPARE(run.attention.layers(), config.layers);
    QCOMPARE(run.attention.heads(), config.heads);
    QCOMPARE(run.headDim, config.headDim());
    QCOMPARE(run.kvHeads, config.keyValueHeads());
    QCOMPARE(run.attention.layerWindows(), layerWindows(config));
    const std::vector<double> attentions = doubles(expected.value(u"attentions"));
    QCOMPARE(qsizetype(attentions.size()), qsizetype(config.layers) * config.heads * n * n);
    double worst = 0.0;
    size_t at = 0;
    for (int l = 0; l < config.layers; ++l) {
        for (int h = 0; h < config.heads; ++h) {
            const float *head = run.attention.headData(l, h);
            for (int c = 0; c < n * n; ++c)
                worst = std::max(worst, std::abs(double(head[c]) - attentions[at++]));
        }
    }
    QVERIFY2(worst < 1e-5, qPrintable(QStringLiteral("largest difference %1").arg(worst)));

    // Layer L-1, query head 1 and the key/value head it reads.
    const long long offset = run.headOffset(config.layers - 1, 1);
    const std::pair<const std::vector<float> *, const char16_t *> kept[] = {
        {&run.queries, u"last_layer_head1_q"},
        {&run.keys, u"last_layer_head1_k"},
        {&run.values, u"last_layer_head1_v"}};
    for (const auto &[rows, key] : kept) {
        const std::vector<double> values = doubles(expected.value(QStringView(key)));
        QCOMPARE(qsizetype(values.size()), qsizetype(n) * run.headDim);
        for (size_t i = 0; i < values.size(); ++i)
            QVERIFY2(std::abs((*rows)[size_t(offset) + i] - values[i]) <
                         1e-4 * std::max(1.0, std::abs(values[i])),
                     qPrintable(QStringView(key).toString()));
    }

    QVERIFY(run.masked.empty());
    const QJsonArray top = expected.value(u"top_next").toArray();
    QCOMPARE(qsizetype(run.topNext.size()), top.size());
    for (qsizetype i = 0; i < top.size(); ++i) {
        QCOMPARE(run.topNext[size_t(i)].id, top[i][u"id"].toInt());
        QVERIFY(std::abs(run.topNext[size_t(i)].p - top[i][u"p"].toDouble()) < 1e-5);
    }
}

void DecoderForwardTest::keptRowsGiveTheAttention_data()
{
    matchesPyTorch_data();
}

void DecoderForwardTest::keptRowsGiveTheAttention()
{
    // softmax(q k^T / sqrt(d_h)) from the kept rows (q and k after their
    // rotary), each query seeing the keys up to its own and, with a sliding
    // window (a local layer's), only the last window of them; Gemma's scale
    // (query_pre_attn_scalar^-0.5) and soft cap where the model has them.
    QFETCH(QString, model);
    QFETCH(int, item);
    QFETCH(int, set);
    const ModelConfig &config = openModel(model)->config();
    const ModelRun run = runCase(model, item, set);
    const int n = run.tokenCount();
    const int dh = run.headDim;
    double worst = 0.0;
    const double scale = config.attentionScale();
    const double cap = config.attentionSoftCap;
    for (int l = 0; l < run.attention.layers(); ++l) {
        const int window = config.attentionOf(l).window;
        for (int h = 0; h < run.attention.heads(); ++h) {
            const float *q = run.queries.data() + run.headOffset(l, h);
            const float *k = run.keys.data() + run.headOffset(l, h);
            for (int i = 0; i < n; ++i) {
                const int first = window > 0 ? std::max(0, i + 1 - window) : 0;
                std::vector<double> scores(size_t(n), 0.0);
                double largest = -1e300;
                for (int j = first; j <= i; ++j) {
                    double dot = 0.0;
                    for (int c = 0; c < dh; ++c)
                        dot += double(q[i * dh + c]) * double(k[j * dh + c]);
                    scores[size_t(j)] = dot * scale;
                    if (cap > 0.0)
                        scores[size_t(j)] = cap * std::tanh(scores[size_t(j)] / cap);
                    largest = std::max(largest, scores[size_t(j)]);
                }
                double sum = 0.0;
                for (int j = first; j <= i; ++j)
                    sum += (scores[size_t(j)] = std::exp(scores[size_t(j)] - largest));
                for (int j = 0; j < n; ++j) {
                    const double weight = j >= first && j <= i ? scores[size_t(j)] / sum : 0.0;
                    worst = std::max(worst, std::abs(weight - run.attention.head(l, h)(i, j)));
                }
            }
        }
    }
    QVERIFY2(worst < 1e-5, qPrintable(QStringLiteral("largest difference %1").arg(worst)));
}

void DecoderForwardTest::configurations_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("family");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("window");
    QTest::addColumn<QString>("positions");
    QTest::addColumn<int>("shards");
    QTest::newRow("Llama, 3:1 grouped-query, tied")
        << "llama-gqa" << int(ModelFamily::Llama) << 6 << 2 << 4 << true << 0
        << "rotary theta=10000" << 0;
    QTest::newRow("Llama 3.2 shape: multi-query, llama3 rope, BF16 shards, lm_head")
        << "llama3-mqa" << int(ModelFamily::Llama) << 4 << 1 << 8 << false << 0
        << "rotary theta=500000 llama3 x32" << 2;
    QTest::newRow("Mistral, window 4, linear (old type key)")
        << "mistral-window" << int(ModelFamily::Mistral) << 4 << 2 << 6 << false << 4
        << "rotary theta=10000 linear x2" << 0;
    QTest::newRow("Qwen2, q/k/v biases, F16") << "qwen2-bias" << int(ModelFamily::Qwen2) << 4 << 2
                                              << 6 << true << 0 << "rotary theta=1000000" << 0;
    QTest::newRow("Qwen3, head_dim 10 of hidden 24 / 4 heads")
        << "qwen3-headdim" << int(ModelFamily::Qwen3) << 4 << 2 << 10 << true << 0
        << "rotary theta=1000000" << 0;
    QTest::newRow("Pythia, partial rotary, parallel residual, embed_out")
        << "pythia-partial" << int(ModelFamily::GptNeox) << 4 << 4 << 8 << false << 0
        << "rotary 25% theta=10000" << 0;
}

void DecoderForwardTest::configurations()
{
    QFETCH(QString, model);
    QFETCH(int, family);
    QFETCH(int, heads);
    QFETCH(int, kvHeads);
    QFETCH(int, headDim);
    QFETCH(bool, tied);
    QFETCH(int, window);
    QFETCH(QString, positions);
    QFETCH(int, shards);
    const auto checkpoint = openModel(model);
    const ModelConfig &config = checkpoint->config();
    QCOMPARE(int(config.family), family);
    QCOMPARE(config.layers, 2);
    QCOMPARE(config.heads, heads);
    QCOMPARE(config.kvHeads, kvHeads);
    QCOMPARE(config.headDim(), headDim);
    QCOMPARE(config.tiedOutput, tied);
    QCOMPARE(config.slidingWindow, window);
    QCOMPARE(QString::fromStdString(positionSummary(config)), positions);
    QCOMPARE(checkpoint->weights().tensors().outputMatrix.isPresent(), !tied);
    // Buffers (GPT-NeoX's masks and inv_freq) are there by design, not unused.
    QCOMPARE(checkpoint->unusedTensors(), QStringList());
    const QDir dir(decodersDir() + QLatin1Char('/') + model);
    const QStringList files = dir.entryList(
        {shards ? QStringLiteral("model-*-of-*.safetensors") : QStringLiteral("model.safetensors")},
        QDir::Files);
    QCOMPARE(files.size(), shards ? shards : 1);
    long long bytes = 0;
    for (const QString &file : files)
        bytes += QFileInfo(dir.filePath(file)).size();
    QCOMPARE(checkpoint->weightsFileBytes(), bytes);
}

void DecoderForwardTest::multimodalTextConfigTakesDefaults()
{
    // A multimodal Gemma 3 folder's text_config gives only what differs from
    // Gemma3TextConfig; the rest is that class's defaults.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"model_type": "gemma3", "architectures": ["Gemma3ForConditionalGeneration"],
        "text_config": {"model_type": "gemma3_text", "hidden_size": 2560,
            "intermediate_size": 10240, "num_hidden_layers": 34, "sliding_window": 1024,
            "rope_scaling": {"rope_type": "linear", "factor": 8.0}},
        "vision_config": {"model_type": "siglip_vision_model"}})");
    file.close();
    const ModelConfig config = Checkpoint::readConfig(path);
    QCOMPARE(config.family, ModelFamily::Gemma3);
    QCOMPARE(config.modelDim, 2560);
    QCOMPARE(config.layers, 34);
    QCOMPARE(config.heads, 8);
    QCOMPARE(config.kvHeads, 4);
    QCOMPARE(config.headDim(), 256);
    QCOMPARE(config.vocabulary, 262208);
    QCOMPARE(config.rotary.theta, 1000000.0);
    QCOMPARE(config.rotary.localTheta, 10000.0);
    QCOMPARE(config.rotary.scaling, RopeScaling::Linear);
    QVERIFY(std::abs(config.attentionScale() - 1.0f / 16.0f) < 1e-9f);
    // Every sixth layer global, the others local with the file's window.
    QCOMPARE(config.attentionOf(5).window, 0);
    QCOMPARE(config.attentionOf(4).window, 1024);
    QVERIFY(config.attentionOf(4).localRotary);
    QCOMPARE(config.attentionSoftCap, 0.0f);
}

void DecoderForwardTest::longropeOriginalPositions_data()
{
    // transformers' _compute_longrope_parameters: the file's
    // original_max_position_embeddings first, the factor then
    // max_position_embeddings (64) over it; else rope_scaling's factor.
    QTest::addColumn<QJsonValue>("fileOriginal");
    QTest::addColumn<QJsonObject>("scaling"); // added to the fixture's rope_scaling
    QTest::addColumn<int>("original");
    QTest::addColumn<double>("factor");
    QTest::newRow("the file's, rope_scaling's factor and original ignored")
        << QJsonValue(4)
        << QJsonObject{{u"factor"_s, 99}, {u"original_max_position_embeddings"_s, 8}} << 4 << 16.0;
    QTest::newRow("rope_scaling's, with its factor")
        << QJsonValue() << QJsonObject{{u"factor"_s, 2}, {u"original_max_position_embeddings"_s, 8}}
        << 8 << 2.0;
    QTest::newRow("none: max_position_embeddings, rope_scaling's factor")
        << QJsonValue() << QJsonObject{{u"factor"_s, 3}} << 64 << 3.0;
}

void DecoderForwardTest::longropeOriginalPositions()
{
    QFETCH(QJsonValue, fileOriginal);
    QFETCH(QJsonObject, scaling);
    QFETCH(int, original);
    QFETCH(double, factor);
    QTemporaryDir dir;
    const QString folder = copyModel(QStringLiteral("phi3-longrope"), dir);
    editConfig(folder, [&](QJsonObject &config) {
        if (fileOriginal.isNull())
            config.remove(u"original_max_position_embeddings"_s);
        else
            config[u"original_max_position_embeddings"_s] = fileOriginal;
        QJsonObject rope = config[u"rope_scaling"_s].toObject();
        for (auto entry = scaling.begin(); entry != scaling.end(); ++entry)
            rope[entry.key()] = entry.value();
        config[u"rope_scaling"_s] = rope;
    });
    const RotaryConfig rotary = ModelCheckpoint::open(folder)->config().rotary;
    QCOMPARE(rotary.originalPositions, original);
    QCOMPARE(rotary.factor, factor);
    // The attention factor sqrt(1 + ln factor / ln original), none given.
    QVERIFY(std::abs(rotary.attentionFactor -
                     std::sqrt(1.0 + std::log(factor) / std::log(double(original)))) < 1e-12);
}

void DecoderForwardTest::layerAttention_data()
{
    // Each layer's window ("-" for every key before it) and positions, as
    // `model --json` says them; the caps and the scale of the scores.
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("windows");
    QTest::addColumn<QString>("layerPositions");
    QTest::addColumn<QString>("positions");
    QTest::addColumn<double>("attentionCap");
    QTest::addColumn<double>("logitCap");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QString>("marks"); // on the grid's heads
    QTest::newRow("Gemma 2: even layers local, both caps")
        << "gemma2-capped"
        << "4 - 4"
        << "rotary theta=10000|rotary theta=10000|rotary theta=10000"
        << "rotary theta=10000" << 1.5 << 2.0 << 1.0 / std::sqrt(8.0) << "L|G|L";
    QTest::newRow("Gemma 3: the sixth layer global, local layers on their own base")
        << "gemma3-six"
        << "4 4 4 4 4 -"
        << "rotary theta=10000|rotary theta=10000|rotary theta=10000|rotary theta=10000|"
           "rotary theta=10000|rotary theta=1000000 linear x8"
        << "rotary theta=1000000 linear x8, local layers theta=10000" << 0.0 << 0.0
        << 1.0 / std::sqrt(8.0) << "L|L|L|L|L|G";
    QTest::newRow("Gemma 3 multimodal: text_config's layer_types")
        << "gemma3-multimodal"
        << "4 -"
        << "rotary theta=10000|rotary theta=1000000"
        << "rotary theta=1000000, local layers theta=10000" << 0.0 << 0.0 << 1.0 / std::sqrt(8.0)
        << "L|G";
    QTest::newRow("Phi-3: a window in every layer, longrope, half rotated")
        << "phi3-longrope"
        << "48 48"
        << "rotary 50% theta=10000 longrope x16 after 4|rotary 50% theta=10000 longrope x16 "
           "after 4"
        << "rotary 50% theta=10000 longrope x16 after 4" << 0.0 << 0.0 << 1.0 / std::sqrt(8.0)
        << "";
    QTest::newRow("SmolLM3: the third layer without positions")
        << "smollm3-nope"
        << "- - - -"
        << "rotary theta=2000000|rotary theta=2000000|none|rotary theta=2000000"
        << "rotary theta=2000000, some layers none" << 0.0 << 0.0 << 1.0 / std::sqrt(6.0)
        << "||\u2205|";
}

void DecoderForwardTest::layerAttention()
{
    QFETCH(QString, model);
    QFETCH(QString, windows);
    QFETCH(QString, layerPositions);
    QFETCH(QString, positions);
    QFETCH(double, attentionCap);
    QFETCH(double, logitCap);
    QFETCH(double, scale);
    QFETCH(QString, marks);
    const auto checkpoint = openModel(model);
    const ModelConfig &config = checkpoint->config();
    QStringList gotWindows, gotPositions;
    for (int l = 0; l < config.layers; ++l) {
        const int window = config.attentionOf(l).window;
        gotWindows << (window > 0 ? QString::number(window) : QStringLiteral("-"));
        gotPositions << QString::fromStdString(layerPositionSummary(config, l));
    }
    QCOMPARE(gotWindows.join(QLatin1Char(' ')), windows);
    QCOMPARE(gotPositions.join(QLatin1Char('|')), layerPositions);
    QCOMPARE(QString::fromStdString(positionSummary(config)), positions);
    QCOMPARE(double(config.attentionSoftCap), attentionCap);
    QCOMPARE(double(config.logitSoftCap), logitCap);
    QVERIFY(std::abs(double(config.attentionScale()) - scale) < 1e-7);
    // A multimodal folder's vision tower is there by design, not unused.
    QCOMPARE(checkpoint->unusedTensors(), QStringList());
    // The grid's marks, and what Open Head says of each layer's head 0.
    QCOMPARE(modelCardWords(config).layerMarks.join(QLatin1Char('|')), marks);
    for (int l = 0; l < config.layers; ++l) {
        const QString note = QString::fromStdString(headSessionNote(config, l, 0));
        const LayerAttention attention = config.attentionOf(l);
        QCOMPARE(note.contains(QStringLiteral("no positions in this layer")), !attention.rotary);
        QCOMPARE(note.contains(QStringLiteral("only its last %1 keys").arg(attention.window)),
                 attention.window > 0);
        QCOMPARE(note.contains(QStringLiteral("soft-capped, %1 tanh(s / %1)").arg(attentionCap)),
                 attentionCap > 0.0);
    }
}

void DecoderForwardTest::refusals_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("unsupported model_type")
        << "llama-gqa" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"model_type", u"mamba"_qs); });
           })
        << "config.json"
        << "has the model_type \"mamba\"; Attention Lab runs \"gpt2\", \"bert\", \"llama\", "
           "\"mistral\", \"qwen2\", \"qwen3\", \"gpt_neox\", \"gemma2\", \"gemma3_text\", "
           "\"gemma3\", \"phi3\", \"smollm3\", \"t5\", \"bart\", \"mbart\" and \"marian\" "
           "checkpoints";
    QTest::newRow("unsupported rope_type")
        << "llama3-mqa" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) {
                   QJsonObject scaling = c.value(u"rope_scaling").toObject();
                   scaling.insert(u"rope_type", u"yarn"_qs);
                   c.insert(u"rope_scaling", scaling);
               });
           })
        << "config.json"
        << "has the rope_type \"yarn\"; Attention Lab runs \"default\", \"linear\", "
           "\"llama3\" and \"longrope\" rotary positions";
    QTest::newRow("layer_types of the wrong length") << "gemma3-six" << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) {
            c.insert(u"layer_types", QJsonArray{u"sliding_attention"_qs, u"full_attention"_qs});
        });
    }) << "config.json"
                                                     << "has 2 entries in \"layer_types\" for its "
                                                        "6 layers";
    QTest::newRow("an unknown layer type")
        << "gemma2-capped" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) {
                   c.insert(u"layer_types",
                            QJsonArray{u"sliding_attention"_qs, u"chunked_attention"_qs,
                                       u"full_attention"_qs});
               });
           })
        << "config.json"
        << "has the layer type \"chunked_attention\" in \"layer_types\" (layer 1); Attention "
           "Lab runs \"sliding_attention\" and \"full_attention\"";
    QTest::newRow("longrope factors of the wrong length")
        << "phi3-longrope" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) {
                   c.insert(u"rope_scaling",
                            QJsonObject{{u"type"_qs, u"longrope"_qs},
                                        {u"short_factor"_qs, QJsonArray{1.0, 1.0, 1.0}},
                                        {u"long_factor"_qs, QJsonArray{2.0, 2.0}}});
               });
           })
        << "config.json"
        << "has longrope factors of 3 (short) and 2 (long) entries; its 4 rotated dimensions "
           "take 2";
    QTest::newRow("a soft cap of zero")
        << "gemma2-capped" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"attn_logit_softcapping", 0.0); });
           })
        << "config.json"
        << "has \"attn_logit_softcapping\" that is not a positive number";
    QTest::newRow("a negative logit cap")
        << "gemma2-capped" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"final_logit_softcapping", -30.0); });
           })
        << "config.json"
        << "has \"final_logit_softcapping\" that is not a positive number";
    QTest::newRow("head counts that do not divide")
        << "llama-gqa" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"num_key_value_heads", 4); });
           })
        << "config.json"
        << "has 6 query heads, which its 4 key/value heads do not divide";
    QTest::newRow("width the heads do not divide, no head_dim")
        << "pythia-partial" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"num_attention_heads", 5); });
           })
        << "config.json"
        << "has a model width of 32, which its 5 heads do not divide";
    QTest::newRow("a count too large for a whole number (found by the fuzzer)")
        << "llama-gqa" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"num_hidden_layers", 2.66667e69); });
           })
        << "config.json"
        << "has \"num_hidden_layers\" 2.66667e+69, more than the 1000000000 Attention Lab reads";
    // Issue 36, item 15: a whole number past the limit is named as such.
    QTest::newRow("max_position_embeddings 2147483647")
        << "llama-gqa" << Edit([](const QString &f) {
               editConfig(
                   f, [](QJsonObject &c) { c.insert(u"max_position_embeddings", 2147483647.0); });
           })
        << "config.json"
        << "has \"max_position_embeddings\" 2147483647, more than the 1000000000 Attention "
           "Lab reads";
    QTest::newRow("sliding_window 1e12")
        << "mistral-window" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"sliding_window", 1e12); });
           })
        << "config.json"
        << "has \"sliding_window\" 1e+12, more than the 1000000000 Attention Lab reads";
    // Issue 36, item 7: a rope_type that is given is a known name, or refused;
    // these ran as plain rotary positions, their factor dropped.
    QTest::newRow("an empty rope_type") << "llama-gqa" << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) {
            c.insert(u"rope_scaling", QJsonObject{{u"rope_type"_qs, u""_qs}, {u"factor"_qs, 2.0}});
        });
    }) << "config.json"
                                        << "has the rope_type \"\"; Attention Lab runs "
                                           "\"default\", \"linear\", \"llama3\" and "
                                           "\"longrope\" rotary positions";
    QTest::newRow("a rope_type that is a number") << "llama-gqa" << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) {
            c.insert(u"rope_scaling", QJsonObject{{u"rope_type"_qs, 3}, {u"factor"_qs, 2.0}});
        });
    }) << "config.json"
                                                  << "has a rope_type that is not a name (3); "
                                                     "Attention Lab runs \"default\", "
                                                     "\"linear\", \"llama3\" and \"longrope\" "
                                                     "rotary positions";
    QTest::newRow("a fractional count")
        << "llama-gqa" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"num_attention_heads", 2.5); });
           })
        << "config.json"
        << "has \"num_attention_heads\" that is not a positive whole number";
    QTest::newRow("not silu")
        << "qwen2-bias" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"hidden_act", u"gelu"_qs); });
           })
        << "config.json"
        << "has \"hidden_act\" \"gelu\"; a gated MLP of model_type \"qwen2\" runs \"silu\"";
    QTest::newRow("shard named in the index but missing")
        << "llama3-mqa" << Edit([](const QString &f) {
               QFile::remove(f + QStringLiteral("/model-00002-of-00002.safetensors"));
           })
        << "model-00002-of-00002.safetensors"
        << "no such file (model.safetensors.index.json names it as a shard)";
    QTest::newRow("tensor of the wrong shape")
        << "qwen3-headdim" << Edit([](const QString &f) {
               editHeader(f, QStringLiteral("model.safetensors"), [](QJsonObject &h) {
                   QJsonObject entry =
                       h.value(u"model.layers.1.self_attn.k_proj.weight").toObject();
                   entry.insert(u"shape", QJsonArray{24, 20});
                   h.insert(u"model.layers.1.self_attn.k_proj.weight", entry);
               });
           })
        << "model.safetensors"
        << "has tensor model.layers.1.self_attn.k_proj.weight of shape [24, 20]; the "
           "configuration needs [20, 24]";
    QTest::newRow("untied, no lm_head") << "mistral-window" << Edit([](const QString &f) {
        editHeader(f, QStringLiteral("model.safetensors"), [](QJsonObject &h) {
            h.insert(u"lm_head_x.weight", h.take(u"lm_head.weight"));
        });
    }) << "model.safetensors"
                                        << "has no tensor lm_head.weight";
}

void DecoderForwardTest::refusals()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    QFETCH(QString, file);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = copyModel(model, dir);
    QVERIFY(ModelCheckpoint::open(folder));
    edit(folder);
    try {
        ModelCheckpoint::open(folder);
        QFAIL("the broken folder was opened");
    } catch (const ReadError &error) {
        const QString expected =
            inputText(folder + QLatin1Char('/') + file) + QStringLiteral(": ") + message;
        QVERIFY2(error.message.startsWith(expected), qPrintable(error.message));
        QVERIFY(!error.message.contains(QLatin1Char('\n')));
    }
}

void DecoderForwardTest::refusesWithoutTokenizerJson()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = copyModel(QStringLiteral("qwen2-bias"), dir);
    QVERIFY(PretrainedModel::open(folder));
    QFile::remove(folder + QStringLiteral("/tokenizer.json"));
    try {
        PretrainedModel::open(folder);
        QFAIL("a folder without tokenizer.json was opened");
    } catch (const ReadError &error) {
        QCOMPARE(error.message, inputText(folder + QStringLiteral("/tokenizer.json")) +
                                    QStringLiteral(": missing (a Qwen2 model's tokenizer is its "
                                                   "tokenizer.json)"));
    }
}

void DecoderForwardTest::unusedTensorsOfShardsAreNamed()
{
    // A config.json of one layer over two layers' shards: the warning names
    // the index, where the shards are listed, and the second layer's tensors.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = copyModel(QStringLiteral("llama3-mqa"), dir);
    editConfig(folder, [](QJsonObject &c) { c.insert(u"num_hidden_layers", 1); });
    const auto model = PretrainedModel::open(folder);
    const QStringList warnings = model->warnings();
    QCOMPARE(warnings.size(), 1);
    const QString expected =
        inputText(folder + QStringLiteral("/model.safetensors.index.json")) +
        QStringLiteral(": 9 tensors are not used by the configuration (model.layers.1.");
    QVERIFY2(warnings[0].startsWith(expected), qPrintable(warnings[0]));
}

QTEST_APPLESS_MAIN(DecoderForwardTest)
#include "tst_decoderforward.moc"
