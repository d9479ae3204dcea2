// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A model's folder read end to end, as the command line and the window read
// it: the tiny checkpoints that tests/data/make_model_fixtures.py wrote with
// PyTorch, their texts tokenized and run to the attention PyTorch computed; a
// head taken into the lab attends to the model's own weights; the attention
// written as .npz and .safetensors reads back; and every refusal is one line.

#include "core/maths/attention.h"
#include "core/model/generator.h"
#include "core/model/headsession.h"
#include "core/sets/tokenlabels.h"
#include "io/attentionfilereader.h"
#include "io/attentionfilewriter.h"
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
#include <limits>

using namespace AttentionLab;

namespace {

QString modelsDir()
{
    return QStringLiteral(TEST_DATA_DIR "/models");
}

QJsonObject checkpoints()
{
    QFile file(modelsDir() + QStringLiteral("/reference.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read reference.json");
    return QJsonDocument::fromJson(file.readAll())
        .object()
        .value(QLatin1String("checkpoints"))
        .toObject();
}

std::vector<int> integers(const QJsonValue &list)
{
    std::vector<int> out;
    for (const QJsonValue &v : list.toArray())
        out.push_back(v.toInt());
    return out;
}

std::vector<std::string> strings(const QJsonValue &list)
{
    std::vector<std::string> out;
    for (const QJsonValue &v : list.toArray())
        out.push_back(v.toString().toStdString());
    return out;
}

/// The largest difference between \a tensor and the flattened [L, H, n, n] \a expected.
double attentionError(const AttentionTensor &tensor, const QJsonArray &expected)
{
    double worst = 0.0;
    qsizetype i = 0;
    for (int l = 0; l < tensor.layers(); ++l)
        for (int h = 0; h < tensor.heads(); ++h)
            for (int q = 0; q < tensor.queries(); ++q)
                for (int k = 0; k < tensor.keys(); ++k)
                    worst = std::max(
                        worst, std::abs(tensor.head(l, h)(q, k) - expected.at(i++).toDouble()));
    return i == expected.size() ? worst : INFINITY;
}

/// Copies \a name's folder into \a dir and returns the copy's path.
QString copyModel(const QTemporaryDir &dir, const QString &name)
{
    const QString target = dir.filePath(name);
    QDir().mkpath(target);
    const QDir source(modelsDir() + QLatin1Char('/') + name);
    for (const QString &file : source.entryList(QDir::Files))
        QFile::copy(source.filePath(file), target + QLatin1Char('/') + file);
    return target;
}

QString refusal(const QString &folder,
                const ModelText &text = {QStringLiteral("a"), {}, false, {}, {}, {}})
{
    try {
        PretrainedModel::open(folder)->run(text);
    } catch (const ReadError &error) {
        return error.message;
    }
    return {};
}

/// Writes \a value over element \a index of tensor \a name in \a folder's
/// model.safetensors (float32), as a damaged or crafted checkpoint has it.
bool poison(const QString &folder, const QString &name, long long index, float value)
{
    QFile file(folder + QStringLiteral("/model.safetensors"));
    if (!file.open(QIODevice::ReadWrite))
        return false;
    const QByteArray length = file.read(8);
    quint64 headerLength = 0;
    for (int i = 7; i >= 0; --i)
        headerLength = (headerLength << 8) | quint8(length[i]);
    const QJsonObject header = QJsonDocument::fromJson(file.read(qint64(headerLength))).object();
    const QJsonArray offsets =
        header.value(name).toObject().value(QLatin1String("data_offsets")).toArray();
    if (offsets.size() != 2)
        return false;
    const qint64 at = 8 + qint64(headerLength) + qint64(offsets[0].toDouble()) + 4 * index;
    return file.seek(at) && file.write(reinterpret_cast<const char *>(&value), 4) == 4;
}

} // namespace

class TestPretrainedModel : public QObject
{
    Q_OBJECT

private slots:
    void textRunsLikePyTorch_data();
    void textRunsLikePyTorch();
    void headSessionAttendsLikeTheModel_data();
    void headSessionAttendsLikeTheModel();
    void writtenAttentionReadsBack_data();
    void writtenAttentionReadsBack();
    void decodersReadText_data();
    void decoderHeadSessionsAttendLikeTheModel_data();
    void decoderHeadSessionsAttendLikeTheModel();
    void decodersReadText();
    void refusals_data();
    void refusals();
    void spacesAreText();
    void everyFixtureTensorIsUsed_data();
    void everyFixtureTensorIsUsed();
    void nonFiniteWeightsAreRefused_data();
    void nonFiniteWeightsAreRefused();
    void nonFinitePassIsRefused_data();
    void nonFinitePassIsRefused();
};

void TestPretrainedModel::everyFixtureTensorIsUsed_data()
{
    QTest::addColumn<QString>("checkpoint");
    for (const char *name :
         {"gpt2-tiny", "gpt2-prefixed", "gpt2-f16", "bert-tiny", "bert-noprefix", "bert-bf16"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestPretrainedModel::everyFixtureTensorIsUsed()
{
    // The hub's layouts hold buffers (attn.bias, position_ids) and heads
    // (pooler, NSP) that are not weights of the pass: none is reported.
    QFETCH(QString, checkpoint);
    const auto opened = ModelCheckpoint::open(modelsDir() + QLatin1Char('/') + checkpoint);
    QCOMPARE(opened->unusedTensors(), QStringList());
}

void TestPretrainedModel::nonFiniteWeightsAreRefused_data()
{
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<long long>("index");
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("expected");
    // With one +inf in c_attn or a NaN in wte, `model` printed "nan" and
    // entropies of 0.00 bits, and the window drew all-zero heads.
    QTest::newRow("+inf in c_attn")
        << QStringLiteral("h.0.attn.c_attn.weight") << 7LL << std::numeric_limits<float>::infinity()
        << QStringLiteral("tensor h.0.attn.c_attn.weight holds +inf "
                          "at [0, 7] (element 7)");
    QTest::newRow("-inf in c_proj, row 2")
        << QStringLiteral("h.1.mlp.c_proj.weight") << 2LL * 32 + 5
        << -std::numeric_limits<float>::infinity()
        << QStringLiteral("tensor h.1.mlp.c_proj.weight holds -inf at [2, 5] (element 69)");
    QTest::newRow("NaN in wte") << QStringLiteral("wte.weight") << 100LL
                                << std::numeric_limits<float>::quiet_NaN()
                                << QStringLiteral("tensor wte.weight holds NaN at [3, 4] "
                                                  "(element 100)");
}

void TestPretrainedModel::nonFiniteWeightsAreRefused()
{
    QFETCH(QString, tensor);
    QFETCH(long long, index);
    QFETCH(float, value);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = copyModel(dir, QStringLiteral("gpt2-tiny"));
    QVERIFY(poison(folder, tensor, index, value));
    const QString message = refusal(folder);
    QVERIFY2(message.contains(QLatin1String("safetensors: ") + expected), qPrintable(message));
    QVERIFY2(message.endsWith(QLatin1String("gives no meaningful attention")), qPrintable(message));
}

void TestPretrainedModel::nonFinitePassIsRefused_data()
{
    // Issue 36, items 5 and 6: finite weights and settings whose pass
    // overflows. generate wrote <unk> with p null and model printed "nan"
    // entropies, with exit status 0.
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("expected");
    QTest::newRow("GPT-2, c_attn all 3e38")
        << QStringLiteral("models/gpt2-tiny") << QString()
        << QStringLiteral("h.0.attn.c_attn.weight") << QStringLiteral("layer 0's queries hold");
    QTest::newRow("rope_theta 5e-324")
        << QStringLiteral("decoders/llama-gqa") << QStringLiteral(R"("rope_theta": 5e-324)")
        << QString() << QStringLiteral("layer 0's queries hold NaN");
    QTest::newRow("linear rope_scaling, factor 1e-308")
        << QStringLiteral("decoders/llama-gqa")
        << QStringLiteral(R"("rope_scaling": {"rope_type": "linear", "factor": 1e-308})")
        << QString() << QStringLiteral("layer 0's queries hold NaN");
    QTest::newRow("linear rope_scaling, factor 5e-324")
        << QStringLiteral("decoders/llama-gqa")
        << QStringLiteral(R"("rope_scaling": {"rope_type": "linear", "factor": 5e-324})")
        << QString() << QStringLiteral("layer 0's queries hold NaN");
}

void TestPretrainedModel::nonFinitePassIsRefused()
{
    QFETCH(QString, model);
    QFETCH(QString, config);
    QFETCH(QString, tensor);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("model"));
    QVERIFY(QDir().mkpath(folder));
    const QDir source(QStringLiteral(TEST_DATA_DIR "/") + model);
    for (const QString &file : source.entryList(QDir::Files))
        QVERIFY(QFile::copy(source.filePath(file), folder + QLatin1Char('/') + file));
    if (!config.isEmpty()) {
        // The member as the last of config.json, which the reader takes.
        QFile file(folder + QStringLiteral("/config.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray json = file.readAll().trimmed();
        file.close();
        QVERIFY(json.endsWith('}'));
        json.chop(1);
        json += ", " + config.toUtf8() + "}";
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(json), json.size());
    }
    if (!tensor.isEmpty()) {
        // Every element: the shape's product, as 32 x 96 for gpt2-tiny.
        for (long long i = 0; i < 32 * 96; ++i)
            QVERIFY(poison(folder, tensor, i, 3e38f));
    }
    const QString message = refusal(folder, {QStringLiteral("the cat sat"), {}, false, {}, {}, {}});
    QVERIFY2(message.startsWith(QLatin1String("the pass is not finite: ") + expected),
             qPrintable(message));
    // Generating is refused alike, never a token drawn from NaN.
    try {
        const auto opened = PretrainedModel::open(folder);
        GenerationOptions options;
        options.maxTokens = 3;
        auto generator = opened->generator(
            opened->tokenize({QStringLiteral("the cat sat"), {}, false, {}, {}, {}}), options);
        while (generator->step()) {
        }
        QFAIL("the generation was not refused");
    } catch (const ReadError &error) {
        QVERIFY2(error.message.contains(expected), qPrintable(error.message));
    }
}

void TestPretrainedModel::spacesAreText()
{
    // GPT-2 reads spaces as tokens; BERT's basic tokenizer drops them, leaving [CLS] [SEP].
    const auto gpt2 = PretrainedModel::open(modelsDir() + QStringLiteral("/gpt2-tiny"));
    QVERIFY(!gpt2->tokenize(ModelText{QStringLiteral("  \t "), {}, false, {}, {}, {}}).ids.empty());
    const auto bert = PretrainedModel::open(modelsDir() + QStringLiteral("/bert-tiny"));
    QCOMPARE(bert->tokenize(ModelText{QStringLiteral(" \n "), {}, false, {}, {}, {}}).tokens,
             (std::vector<std::string>{"[CLS]", "[SEP]"}));
}

void TestPretrainedModel::textRunsLikePyTorch_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QJsonObject>("reference");
    const QJsonObject all = checkpoints();
    for (auto it = all.begin(); it != all.end(); ++it)
        for (const QJsonValue &c : it.value().toObject().value(QLatin1String("cases")).toArray())
            if (c.toObject().contains(QLatin1String("text")))
                QTest::newRow(qPrintable(it.key() + QStringLiteral(": ") +
                                         c.toObject().value(QLatin1String("text")).toString()))
                    << it.key() << c.toObject();
}

void TestPretrainedModel::textRunsLikePyTorch()
{
    QFETCH(QString, model);
    QFETCH(QJsonObject, reference);
    const auto pretrained = PretrainedModel::open(modelsDir() + QLatin1Char('/') + model);
    ModelText text;
    text.text = reference.value(QLatin1String("text")).toString();
    const TokenizedText tokens = pretrained->tokenize(text);
    QCOMPARE(tokens.ids, integers(reference.value(QLatin1String("ids"))));
    QCOMPARE(tokens.tokens, strings(reference.value(QLatin1String("tokens"))));
    const ModelRun run = pretrained->run(tokens);
    QCOMPARE(run.attention.tokens(), tokens.tokens);
    QVERIFY(attentionError(run.attention, reference.value(QLatin1String("attentions")).toArray()) <
            1e-5);
    const QJsonArray top = reference
                               .value(run.family == ModelFamily::Gpt2 ? QLatin1String("top_next")
                                                                      : QLatin1String("masked"))
                               .toArray();
    if (run.family == ModelFamily::Gpt2) {
        QCOMPARE(qsizetype(run.topNext.size()), top.size());
        for (qsizetype i = 0; i < top.size(); ++i)
            QCOMPARE(run.topNext[size_t(i)].id,
                     top[i].toObject().value(QLatin1String("id")).toInt());
    } else {
        QCOMPARE(qsizetype(run.masked.size()), top.size());
    }
}

void TestPretrainedModel::headSessionAttendsLikeTheModel_data()
{
    textRunsLikePyTorch_data();
}

void TestPretrainedModel::headSessionAttendsLikeTheModel()
{
    QFETCH(QString, model);
    QFETCH(QJsonObject, reference);
    const auto pretrained = PretrainedModel::open(modelsDir() + QLatin1Char('/') + model);
    const ModelRun run = pretrained->run(
        ModelText{reference.value(QLatin1String("text")).toString(), {}, false, {}, {}, {}});
    for (int l = 0; l < run.attention.layers(); ++l) {
        for (int h = 0; h < run.attention.heads(); ++h) {
            const Session session = headSession(run, l, h);
            QCOMPARE(session.keys.cols(), Index(pretrained->config().headDim()));
            QCOMPARE(session.options.mask,
                     run.family == ModelFamily::Gpt2 ? MaskMode::Causal : MaskMode::None);
            QVERIFY(session.options.scale);
            QCOMPARE(session.options.temperature, 1.0);
            QCOMPARE(session.tokens.front(), displayToken(run.attention.keyToken(0)));
            const AttentionResult result =
                attend(session.queries, session.keys, session.effectiveValues(), session.options);
            const double error =
                (result.weights - run.attention.head(l, h).cast<double>()).cwiseAbs().maxCoeff();
            QVERIFY2(error < 1e-5,
                     qPrintable(QStringLiteral("head %1.%2: %3").arg(l).arg(h).arg(error)));
        }
    }
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, headSession(run, run.attention.layers(), 0));
}

void TestPretrainedModel::writtenAttentionReadsBack_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::newRow("npz") << QStringLiteral(".npz");
    QTest::newRow("safetensors") << QStringLiteral(".safetensors");
}

void TestPretrainedModel::writtenAttentionReadsBack()
{
    QFETCH(QString, suffix);
    const auto model = PretrainedModel::open(modelsDir() + QStringLiteral("/gpt2-tiny"));
    const ModelRun run = model->run(ModelText{
        QStringLiteral("The cat sat on the mat. \u00e9t\u00e9 \U0001F600"), {}, true, {}, {}, {}});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("out") + suffix);
    AttentionFileWriter writer;
    QVERIFY2(writer.writeFile(run.attention, path), qPrintable(writer.errorString()));
    // Written again over itself: replaced whole.
    QVERIFY2(writer.writeFile(run.attention, path), qPrintable(writer.errorString()));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("out") + suffix});
    AttentionFileReader reader;
    const std::optional<AttentionTensor> back = reader.readFile(path);
    QVERIFY2(back, qPrintable(reader.errorString()));
    QCOMPARE(back->shape(), run.attention.shape());
    QCOMPARE(back->tokens(), run.attention.tokens());
    for (int l = 0; l < back->layers(); ++l)
        for (int h = 0; h < back->heads(); ++h)
            QCOMPARE(back->head(l, h), run.attention.head(l, h));

    QVERIFY(!writer.writeFile(run.attention, dir.filePath(QStringLiteral("out.csv"))));
    QVERIFY(writer.errorString().contains(QLatin1String("use .npz or .safetensors")));
    QVERIFY(!writer.writeFile(run.attention, dir.filePath(QStringLiteral("missing/out") + suffix)));
    QVERIFY(writer.errorString().contains(QLatin1String("cannot be written")));
}

void TestPretrainedModel::decodersReadText_data()
{
    // The modern families read text through their tokenizer.json (Hugging
    // Face's ids: the folders' tokenizers are small SentencePiece-style
    // BPEs) and run it; Llama's and Mistral's tokenizer_config.json add <s>.
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QStringList>("tokens");
    const QStringList words{QStringLiteral("▁the"), QStringLiteral("▁cat"), QStringLiteral("▁sat")};
    const QStringList withBos = QStringList{QStringLiteral("<s>")} + words;
    QTest::newRow("llama, grouped-query") << QStringLiteral("llama-gqa") << withBos;
    QTest::newRow("llama 3, sharded BF16") << QStringLiteral("llama3-mqa") << withBos;
    QTest::newRow("mistral") << QStringLiteral("mistral-window") << withBos;
    QTest::newRow("qwen2") << QStringLiteral("qwen2-bias") << words;
    QTest::newRow("qwen3") << QStringLiteral("qwen3-headdim") << words;
    QTest::newRow("pythia") << QStringLiteral("pythia-partial") << words;
}

void TestPretrainedModel::decodersReadText()
{
    QFETCH(QString, folder);
    QFETCH(QStringList, tokens);
    const auto model = PretrainedModel::open(QStringLiteral(TEST_DATA_DIR "/decoders/") + folder);
    const ModelText text{QStringLiteral("the cat sat"), {}, std::nullopt, {}, {}, {}};
    const TokenizedText read = model->tokenize(text);
    QStringList spelled;
    for (const std::string &t : read.tokens)
        spelled << QString::fromStdString(t);
    QCOMPARE(spelled, tokens);
    for (size_t i = 0; i < read.ids.size(); ++i)
        QCOMPARE(model->tokenSpelling(read.ids[i]), read.tokens[i]);
    // vocab_size 61 over the tokenizer's 53 tokens: the rows past them (a
    // padded vocabulary, as Pythia's) are named by their id, never "".
    const int last = model->config().vocabulary - 1;
    QCOMPARE(QString::fromStdString(model->tokenSpelling(last)), QStringLiteral("<%1>").arg(last));
    // --no-bos takes <s> away, --bos puts it first where the file has one.
    const TokenizedText without = model->tokenize({text.text, {}, false, {}, {}, {}});
    QCOMPARE(int(without.ids.size()), 3);
    const TokenizedText with = model->tokenize({text.text, {}, true, {}, {}, {}});
    QCOMPARE(int(with.ids.size()), model->bosToken() ? 4 : 3);
    const ModelRun run = model->run(text);
    QCOMPARE(run.attention.keys(), int(tokens.size()));
    QCOMPARE(run.attention.heads(), model->config().heads);
    QCOMPARE(int(run.topNext.size()), 5);
    QVERIFY(run.attention.visibility().causal);
}

void TestPretrainedModel::decoderHeadSessionsAttendLikeTheModel_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("note");          // what the session says was done
    QTest::addColumn<QStringList>("positions"); // each layer's, as the session file spells them
    const QString base = QStringLiteral("rotary theta=10000");
    QTest::newRow("llama, grouped-query")
        << QStringLiteral("llama-gqa")
        << QStringLiteral(
               "q and k rotated by each token's position (rotary theta=10000): their dot "
               "products depend on the offset between tokens alone; query head 4 read "
               "key/value head 1, shared with heads 3 to 5")
        << QStringList{base, base};
    QTest::newRow("qwen3, q and k normed")
        << QStringLiteral("qwen3-headdim")
        << QStringLiteral("q and k normed per head, then rotated")
        << QStringList(2, QStringLiteral("rotary theta=1000000"));
    QTest::newRow("pythia, partial rotary")
        << QStringLiteral("pythia-partial") << QStringLiteral("(rotary 25% theta=10000)")
        << QStringList{base, base};
    QTest::newRow("mistral, its window as the lab's sliding window")
        << QStringLiteral("mistral-window")
        << QStringLiteral("each token sees only its last 4 keys, the lab's sliding window")
        << QStringList{base, base};
    QTest::newRow("gemma 2, local layers and the cap as the lab's")
        << QStringLiteral("gemma2-capped")
        << QStringLiteral("its scores soft-capped, 1.5 tanh(s / 1.5), as the lab's Soft Cap does")
        << QStringList(3, base);
    QTest::newRow("gemma 3, local layers on their own base")
        << QStringLiteral("gemma3-six") << QStringLiteral("(rotary theta=10000)")
        << QStringList{base, base, base, base, base, QStringLiteral("rotary theta=1000000")};
    QTest::newRow("phi-3, a window longer than the text")
        << QStringLiteral("phi3-longrope") << QStringLiteral("(rotary 50% theta=10000 longrope")
        << QStringList{base, base};
    QTest::newRow("smollm3, a layer without positions")
        << QStringLiteral("smollm3-nope") << QStringLiteral("q and k rotated")
        << QStringList{QStringLiteral("rotary theta=2000000"),
                       QStringLiteral("rotary theta=2000000"), QStringLiteral("none theta=2000000"),
                       QStringLiteral("rotary theta=2000000")};
}

void TestPretrainedModel::decoderHeadSessionsAttendLikeTheModel()
{
    // The session's q and k are the head's after its norms and its rotary,
    // its mask the model's (Mistral's window the session's sliding window):
    // attended in the lab they give the model's weights.
    QFETCH(QString, folder);
    QFETCH(QString, note);
    QFETCH(QStringList, positions);
    const auto model = PretrainedModel::open(QStringLiteral(TEST_DATA_DIR "/decoders/") + folder);
    QCOMPARE(positions.size(), model->config().layers);
    const ModelRun run =
        model->run({QStringLiteral("the cat sat on the mat"), {}, std::nullopt, {}, {}, {}});
    for (int l = 0; l < run.attention.layers(); ++l)
        for (int h = 0; h < run.attention.heads(); ++h) {
            const Session session = headSession(run, l, h);
            QCOMPARE(session.options.mask, MaskMode::Causal);
            const AttentionResult result =
                attend(session.queries, session.keys, session.effectiveValues(), session.options);
            // The layer's own window (a local layer's), the model's cap.
            QCOMPARE(session.options.window, model->config().attentionOf(l).window);
            QCOMPARE(session.options.softCap, double(model->config().attentionSoftCap));
            // Its layer's rotary base, or none, for the Position lab.
            QVERIFY(session.positions);
            QCOMPARE(QString::fromStdString(headPositionsName(*session.positions)),
                     positions.at(l));
            const double error =
                (result.weights - run.attention.head(l, h).cast<double>()).cwiseAbs().maxCoeff();
            QVERIFY2(error < 1e-5,
                     qPrintable(QStringLiteral("head %1.%2: %3").arg(l).arg(h).arg(error)));
            // The cells outside the window are masked, not weighed 0.
            for (int i = 0; i < int(result.queryCount()); ++i)
                for (int j = 0; j <= i; ++j)
                    QCOMPARE(result.isMasked(i, j), !run.attention.visibilityOf(l).sees(i, j));
        }
    const QString said = QString::fromStdString(
        headSessionNote(model->config(), 0, std::min(4, model->config().heads - 1)));
    QVERIFY2(said.contains(note), qPrintable(said));
}

void TestPretrainedModel::refusals_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("removed"); // a file taken out of the copy
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("pair");
    QTest::addColumn<bool>("bos");
    QTest::addColumn<QString>("expected");
    const QString plain = QStringLiteral("the cat");
    QTest::newRow("GPT-2 without vocab.json")
        << "gpt2-tiny"
        << "vocab.json" << plain << "" << false << "vocab.json: missing";
    QTest::newRow("GPT-2 without merges.txt")
        << "gpt2-tiny"
        << "merges.txt" << plain << "" << false << "merges.txt: missing";
    QTest::newRow("BERT without vocab.txt")
        << "bert-tiny"
        << "vocab.txt" << plain << "" << false << "vocab.txt: missing";
    QTest::newRow("empty text") << "gpt2-tiny"
                                << ""
                                << ""
                                << "" << false << "the text is empty";
    QTest::newRow("text longer than the positions")
        << "gpt2-tiny"
        << "" << QStringLiteral("the cat ").repeated(40) << "" << false
        << "tokens long and this model reads at most 32";
    QTest::newRow("a pair for GPT-2")
        << "gpt2-tiny"
        << "" << plain << "the mat" << false << "(--pair) is for BERT";
    QTest::newRow("--bos for BERT") << "bert-tiny"
                                    << "" << plain << "" << true << "--bos is for GPT-2";
}

void TestPretrainedModel::refusals()
{
    QFETCH(QString, model);
    QFETCH(QString, removed);
    QFETCH(QString, text);
    QFETCH(QString, pair);
    QFETCH(bool, bos);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = copyModel(dir, model);
    if (!removed.isEmpty())
        QVERIFY(QFile::remove(folder + QLatin1Char('/') + removed));
    ModelText modelText{
        text, pair.isEmpty() ? std::nullopt : std::optional<QString>(pair), bos, {}, {}, {}};
    const QString message = refusal(folder, modelText);
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(!message.contains(QLatin1Char('\n')));
}

QTEST_APPLESS_MAIN(TestPretrainedModel)
#include "tst_pretrainedmodel.moc"
