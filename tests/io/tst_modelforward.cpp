// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The native forward pass of GPT-2 and BERT checkpoints: every tiny checkpoint
// that tests/data/make_model_fixtures.py wrote with PyTorch (hub layouts,
// prefixes, gamma/beta, F16, BF16, with and without the masked-LM head) gives
// PyTorch's attention to 1e-5, its q, k and v rows, and its top-5 tokens; the
// kept q and k give back the attention; broken folders are refused in one
// line naming the file and what is wrong. The PyTorch comparison runs under
// every kernel set the processor supports (core/kernels/kernelset.h).

#include "core/kernels/kernelset.h"
#include "core/model/modelgraph.h"
#include "core/model/transformerforward.h"
#include "io/inputtextqt.h"
#include "io/modelcheckpoint.h"
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

#include "checkpointfixtures.h"

using namespace AttentionLab;

namespace {

QString modelsDir()
{
    return QStringLiteral(TEST_DATA_DIR "/models");
}

const QJsonObject &reference()
{
    static const QJsonObject object =
        CheckpointFixtures::referenceCheckpoints(modelsDir() + QStringLiteral("/reference.json"));
    return object;
}

using CheckpointFixtures::doubles;
using CheckpointFixtures::ints;

std::shared_ptr<const ModelCheckpoint> openModel(const QString &name)
{
    return CheckpointFixtures::openCheckpoint(modelsDir() + QLatin1Char('/') + name);
}

ModelInput inputOf(const QJsonObject &item)
{
    ModelInput input;
    input.ids = ints(item.value(u"ids"));
    input.tokenTypes = ints(item.value(u"token_types"));
    input.maskPositions = ints(item.value(u"mask_positions"));
    return input;
}

void compareTop(const std::vector<TokenProbability> &top, const QJsonArray &expected)
{
    QCOMPARE(int(top.size()), int(expected.size()));
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const QJsonObject entry = expected[i].toObject();
        QCOMPARE(top[size_t(i)].id, entry.value(u"id").toInt());
        QVERIFY2(std::abs(top[size_t(i)].p - entry.value(u"p").toDouble()) < 1e-5,
                 qPrintable(QStringLiteral("rank %1: p %2, PyTorch %3")
                                .arg(i)
                                .arg(top[size_t(i)].p)
                                .arg(entry.value(u"p").toDouble())));
    }
}

/// Copies the checkpoint folder \a name into \a dir.
QString copyModel(const QString &name, const QTemporaryDir &dir)
{
    const QString target = dir.filePath(name);
    QDir().mkpath(target);
    const QDir source(modelsDir() + QLatin1Char('/') + name);
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
    QFile file(path);
    QFile::remove(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

void editConfig(const QString &folder, const std::function<void(QJsonObject &)> &edit)
{
    const QString path = folder + QStringLiteral("/config.json");
    QJsonObject config = readJson(path);
    edit(config);
    writeBytes(path, QJsonDocument(config).toJson());
}

/// Rewrites model.safetensors' JSON header with \a edit, the data unchanged.
void editHeader(const QString &folder, const std::function<void(QJsonObject &)> &edit)
{
    const QString path = folder + QStringLiteral("/model.safetensors");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    file.close();
    quint64 length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | quint8(bytes[i]);
    QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
    edit(header);
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (text.size() % 8)
        text += ' ';
    QByteArray out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[i] = char((quint64(text.size()) >> (8 * i)) & 0xff);
    writeBytes(path, out + text + bytes.mid(8 + qsizetype(length)));
}

void renameTensor(QJsonObject &header, const QString &from, const QString &to)
{
    const QJsonValue entry = header.value(from);
    header.remove(from);
    header.insert(to, entry);
}

void setEntry(QJsonObject &header, const QString &name, const QString &key, const QJsonValue &value)
{
    QJsonObject entry = header.value(name).toObject();
    entry.insert(key, value);
    header.insert(name, entry);
}

} // namespace

using Edit = std::function<void(const QString &)>;
Q_DECLARE_METATYPE(ModelInput)
Q_DECLARE_METATYPE(Edit)

class ModelForwardTest : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void keptRowsGiveTheAttention_data();
    void keptRowsGiveTheAttention();
    void checkpointLayouts_data();
    void checkpointLayouts();
    void float32WeightsAreUsedInPlace();
    void refusesBadFolders_data();
    void refusesBadFolders();
    void refusesBadInput_data();
    void refusesBadInput();
};

void ModelForwardTest::matchesPyTorch_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("item");
    QTest::addColumn<int>("set");
    const QJsonObject checkpoints = reference();
    const auto sets = supportedKernels();
    for (size_t s = 0; s < sets.size(); ++s) {
        // The set chosen at start-up runs through runModel(), the others directly.
        const bool active = sets[s] == &activeKernels();
        for (auto it = checkpoints.begin(); it != checkpoints.end(); ++it) {
            const QJsonArray cases = it.value().toObject().value(u"cases").toArray();
            for (qsizetype i = 0; i < cases.size(); ++i) {
                const QString name = cases[i].toObject().value(u"name").toString();
                if (active)
                    QTest::addRow("%s, %s", qPrintable(it.key()), qPrintable(name))
                        << it.key() << int(i) << int(s);
                else
                    QTest::addRow("%s kernels: %s, %s", sets[s]->name, qPrintable(it.key()),
                                  qPrintable(name))
                        << it.key() << int(i) << int(s);
            }
        }
    }
}

void ModelForwardTest::matchesPyTorch()
{
    QFETCH(QString, model);
    QFETCH(int, item);
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    const QJsonObject checkpoint = reference().value(model).toObject();
    const QJsonObject expected = checkpoint.value(u"cases").toArray()[item].toObject();
    const auto opened = openModel(model);
    const ModelConfig &config = opened->config();
    const ModelRun run = &kernels == &activeKernels()
                             ? runModel(opened->weights(), inputOf(expected))
                             : runModelGraph(kernels, opened->weights(), inputOf(expected));

    const int n = int(expected.value(u"ids").toArray().size());
    QCOMPARE(run.tokenCount(), n);
    QCOMPARE(run.attention.layers(), config.layers);
    QCOMPARE(run.attention.heads(), config.heads);
    QCOMPARE(run.headDim, config.headDim());
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

    // Layer L-1, head 1: the kept rows are PyTorch's q, k and v.
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

    if (checkpoint.value(u"model_type").toString() == QLatin1String("gpt2")) {
        QVERIFY(run.masked.empty());
        compareTop(run.topNext, expected.value(u"top_next").toArray());
    } else {
        QVERIFY(run.topNext.empty());
        const QJsonArray masked = expected.value(u"masked").toArray();
        QCOMPARE(qsizetype(run.masked.size()), masked.size());
        for (qsizetype i = 0; i < masked.size(); ++i) {
            const QJsonObject entry = masked[i].toObject();
            QCOMPARE(run.masked[size_t(i)].position, entry.value(u"position").toInt());
            compareTop(run.masked[size_t(i)].top, entry.value(u"top").toArray());
        }
    }
}

void ModelForwardTest::keptRowsGiveTheAttention_data()
{
    matchesPyTorch_data();
}

void ModelForwardTest::keptRowsGiveTheAttention()
{
    // softmax(q k^T / sqrt(d_h)) from the kept rows, with GPT-2's causal mask
    // before the softmax, is the kept attention of every head.
    QFETCH(QString, model);
    QFETCH(int, item);
    QFETCH(int, set);
    const KernelSet &kernels = *supportedKernels()[size_t(set)];
    const QJsonObject expected =
        reference().value(model).toObject().value(u"cases").toArray()[item].toObject();
    const auto opened = openModel(model);
    const ModelRun run = &kernels == &activeKernels()
                             ? runModel(opened->weights(), inputOf(expected))
                             : runModelGraph(kernels, opened->weights(), inputOf(expected));
    const bool causal = run.family == ModelFamily::Gpt2;
    const int n = run.tokenCount();
    const int dh = run.headDim;
    double worst = 0.0;
    for (int l = 0; l < run.attention.layers(); ++l) {
        for (int h = 0; h < run.attention.heads(); ++h) {
            const float *q = run.queries.data() + run.headOffset(l, h);
            const float *k = run.keys.data() + run.headOffset(l, h);
            for (int i = 0; i < n; ++i) {
                const int visible = causal ? i + 1 : n;
                std::vector<double> scores(static_cast<size_t>(visible));
                for (int j = 0; j < visible; ++j) {
                    double dot = 0.0;
                    for (int c = 0; c < dh; ++c)
                        dot += double(q[i * dh + c]) * double(k[j * dh + c]);
                    scores[size_t(j)] = dot / std::sqrt(double(dh));
                }
                const double largest = *std::max_element(scores.begin(), scores.end());
                double sum = 0.0;
                for (double &s : scores)
                    sum += (s = std::exp(s - largest));
                for (int j = 0; j < n; ++j) {
                    const double weight = j < visible ? scores[size_t(j)] / sum : 0.0;
                    worst = std::max(worst, std::abs(weight - run.attention.head(l, h)(i, j)));
                }
            }
        }
    }
    QVERIFY2(worst < 1e-5, qPrintable(QStringLiteral("largest difference %1").arg(worst)));
}

void ModelForwardTest::checkpointLayouts_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("family");
    QTest::addColumn<int>("feedForward");
    QTest::addColumn<bool>("maskedLmHead");
    QTest::newRow("GPT-2, hub names, attn.bias buffers") << "gpt2-tiny" << 0 << 128 << false;
    QTest::newRow("GPT-2, transformer. prefix, n_inner 48") << "gpt2-prefixed" << 0 << 48 << false;
    QTest::newRow("GPT-2, F16") << "gpt2-f16" << 0 << 128 << false;
    QTest::newRow("BERT, bert. prefix, gamma/beta, MLM head") << "bert-tiny" << 1 << 64 << true;
    QTest::newRow("BERT, no prefix, weight/bias, no head") << "bert-noprefix" << 1 << 64 << false;
    QTest::newRow("BERT, BF16") << "bert-bf16" << 1 << 64 << true;
}

void ModelForwardTest::checkpointLayouts()
{
    QFETCH(QString, model);
    QFETCH(int, family);
    QFETCH(int, feedForward);
    QFETCH(bool, maskedLmHead);
    const auto checkpoint = openModel(model);
    const ModelConfig &config = checkpoint->config();
    QCOMPARE(int(config.family), family);
    QCOMPARE(config.layers, 2);
    QCOMPARE(config.heads, 4);
    QCOMPARE(config.modelDim, 32);
    QCOMPARE(config.feedForward, feedForward);
    QCOMPARE(config.activation, family == 0 ? Activation::GeluTanh : Activation::GeluErf);
    QCOMPARE(config.tokenTypes, family == 0 ? 0 : 2);
    QCOMPARE(checkpoint->weights().hasMaskedLmHead(), maskedLmHead);
    QCOMPARE(checkpoint->folder(), modelsDir() + QLatin1Char('/') + model);
    QCOMPARE(checkpoint->weightsFileBytes(), QFileInfo(modelsDir() + QLatin1Char('/') + model +
                                                       QStringLiteral("/model.safetensors"))
                                                 .size());
}

void ModelForwardTest::float32WeightsAreUsedInPlace()
{
    // F32: two loads give the same pointer, into the mapped file. F16: each
    // load is a converted copy of its own, freed with its view.
    const auto f32 = openModel(QStringLiteral("gpt2-tiny"));
    const LayerWeights first = f32->weights().layer(1);
    const LayerWeights second = f32->weights().layer(1);
    QCOMPARE(first.feedForwardIn.weight, second.feedForwardIn.weight);
    QCOMPARE(first.queryKeyValue.at(0).weight, second.queryKeyValue.at(0).weight);
    const auto f16 = openModel(QStringLiteral("gpt2-f16"));
    const LayerWeights third = f16->weights().layer(1);
    const LayerWeights fourth = f16->weights().layer(1);
    QVERIFY(third.feedForwardIn.weight != fourth.feedForwardIn.weight);
    QCOMPARE(third.feedForwardIn.weight[5], fourth.feedForwardIn.weight[5]);
}

void ModelForwardTest::refusesBadFolders_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing config.json")
        << "gpt2-tiny"
        << Edit([](const QString &f) { QFile::remove(f + QStringLiteral("/config.json")); })
        << "config.json"
        << "no such file";
    QTest::newRow("missing model.safetensors")
        << "bert-tiny"
        << Edit([](const QString &f) { QFile::remove(f + QStringLiteral("/model.safetensors")); })
        << "model.safetensors"
        << "no such file";
    QTest::newRow("unknown model_type")
        << "gpt2-tiny" << Edit([](const QString &f) {
               editConfig(f,
                          [](QJsonObject &c) { c.insert(u"model_type", QStringLiteral("mamba")); });
           })
        << "config.json"
        << "has the model_type \"mamba\"; Attention Lab runs \"gpt2\", \"bert\", \"llama\", "
           "\"mistral\", \"qwen2\", \"qwen3\", \"gpt_neox\", \"gemma2\", \"gemma3_text\", "
           "\"gemma3\", \"phi3\", \"smollm3\", \"t5\", \"bart\", \"mbart\" and \"marian\" "
           "checkpoints";
    QTest::newRow("config without n_head") << "gpt2-tiny" << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) { c.remove(u"n_head"); });
    }) << "config.json"
                                           << "has no \"n_head\"";
    QTest::newRow("config without layer_norm_eps") << "bert-tiny" << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) { c.remove(u"layer_norm_eps"); });
    }) << "config.json"
                                                   << "has no \"layer_norm_eps\"";
    QTest::newRow("config.json not JSON")
        << "bert-tiny"
        << Edit([](const QString &f) { writeBytes(f + QStringLiteral("/config.json"), "{\"a\":"); })
        << "config.json"
        << "is not valid JSON";
    QTest::newRow("GPT-2 tensor missing") << "gpt2-tiny" << Edit([](const QString &f) {
        editHeader(f, [](QJsonObject &h) {
            renameTensor(h, QStringLiteral("h.1.mlp.c_fc.bias"),
                         QStringLiteral("h.1.mlp.c_fc.bias_x"));
        });
    }) << "model.safetensors"
                                          << "has no tensor h.1.mlp.c_fc.bias";
    QTest::newRow("prefixed GPT-2 tensor missing") << "gpt2-prefixed" << Edit([](const QString &f) {
        editHeader(f, [](QJsonObject &h) {
            renameTensor(h, QStringLiteral("transformer.ln_f.bias"),
                         QStringLiteral("transformer.ln_g.bias"));
        });
    }) << "model.safetensors"
                                                   << "has no tensor transformer.ln_f.bias";
    QTest::newRow("BERT tensor missing")
        << "bert-tiny" << Edit([](const QString &f) {
               editHeader(f, [](QJsonObject &h) {
                   renameTensor(h, QStringLiteral("bert.encoder.layer.0.attention.self.key.weight"),
                                QStringLiteral("bert.encoder.layer.0.attention.self.kee.weight"));
               });
           })
        << "model.safetensors"
        << "has no tensor bert.encoder.layer.0.attention.self.key.weight";
    QTest::newRow("tensor of the wrong shape")
        << "gpt2-tiny" << Edit([](const QString &f) {
               editHeader(f, [](QJsonObject &h) {
                   setEntry(h, QStringLiteral("h.0.attn.c_attn.weight"), QStringLiteral("shape"),
                            QJsonArray{96, 32});
               });
           })
        << "model.safetensors"
        << "has tensor h.0.attn.c_attn.weight of shape [96, 32]; the configuration needs [32, 96]";
    QTest::newRow("vocabulary larger than the embeddings")
        << "bert-noprefix" << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"vocab_size", 54); });
           })
        << "model.safetensors"
        << "has tensor embeddings.word_embeddings.weight of shape [53, 32]; the configuration "
           "needs [54, 32]";
    QTest::newRow("integer weights")
        << "bert-tiny" << Edit([](const QString &f) {
               editHeader(f, [](QJsonObject &h) {
                   setEntry(h, QStringLiteral("bert.embeddings.word_embeddings.weight"),
                            QStringLiteral("dtype"), QStringLiteral("I32"));
               });
           })
        << "model.safetensors"
        << "tensor bert.embeddings.word_embeddings.weight has the dtype I32; weights must be F32, "
           "F16, BF16 or F64";
    QTest::newRow("truncated weights") << "gpt2-f16" << Edit([](const QString &f) {
        const QString path = f + QStringLiteral("/model.safetensors");
        QFile file(path);
        file.open(QIODevice::ReadWrite);
        file.resize(file.size() - 10);
    }) << "model.safetensors"
                                       << "is truncated or corrupt";
}

void ModelForwardTest::refusesBadFolders()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    QFETCH(QString, file);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = copyModel(model, dir);
    // The copy opens before the edit: the edit alone is refused.
    QVERIFY(ModelCheckpoint::open(folder));
    edit(folder);
    try {
        ModelCheckpoint::open(folder);
        QFAIL("the broken folder was opened");
    } catch (const ReadError &error) {
        // Paths are quoted as every message quotes input (long ones shortened).
        const QString expected =
            inputText(folder + QLatin1Char('/') + file) + QStringLiteral(": ") + message;
        QVERIFY2(error.message.startsWith(expected), qPrintable(error.message));
        QVERIFY(!error.message.contains(QLatin1Char('\n')));
    }
}

void ModelForwardTest::refusesBadInput_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<ModelInput>("input");
    QTest::addColumn<QString>("message");
    ModelInput empty;
    QTest::newRow("no tokens") << "gpt2-tiny" << empty << "the model needs at least one token";
    ModelInput longer;
    longer.ids.assign(33, 1);
    QTest::newRow("more tokens than positions")
        << "gpt2-tiny" << longer << "33 tokens are more than the model's 32 positions";
    ModelInput outside;
    outside.ids = {1, 2, 61};
    QTest::newRow("id outside the vocabulary")
        << "gpt2-prefixed" << outside << "token 2 has the id 61, outside the vocabulary of 61";
    ModelInput badType;
    badType.ids = {2, 5, 3};
    badType.tokenTypes = {0, 2, 0};
    QTest::newRow("token type outside the model's")
        << "bert-tiny" << badType << "token type 2 is outside the model's 2";
    ModelInput badMask;
    badMask.ids = {2, 5, 3};
    badMask.maskPositions = {3};
    QTest::newRow("mask position outside the tokens")
        << "bert-tiny" << badMask << "mask position 3 is outside the 3 tokens";
}

void ModelForwardTest::refusesBadInput()
{
    QFETCH(QString, model);
    QFETCH(ModelInput, input);
    QFETCH(QString, message);
    try {
        runModel(openModel(model)->weights(), input);
        QFAIL("the input was run");
    } catch (const std::invalid_argument &error) {
        QCOMPARE(QString::fromStdString(error.what()), message);
    }
}

QTEST_APPLESS_MAIN(ModelForwardTest)
#include "tst_modelforward.moc"
