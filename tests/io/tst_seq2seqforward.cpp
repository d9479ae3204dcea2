// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The encoder-decoder families (t5, bart, mbart, marian) on the tiny
// checkpoints tests/data/make_seq2seq_fixtures.py wrote in the hub's
// layouts with a PyTorch re-implementation of transformers: each folder's
// tokens of the source and target texts, its three attention sets to 1e-5
// (the encoder's, the decoder's and the cross-attention), the five most
// likely tokens after the decoder's last, ten greedy steps, T5's bucket of
// every offset, the tokenizers on 300 strings against sentencepiece, and
// the refusals, each one line.

#include "core/maths/attention.h"
#include "core/model/familydescription.h"
#include "core/model/generator.h"
#include "core/model/headsession.h"
#include "core/model/relativepositionbias.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/tokenizer.h"

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
using CheckpointFixtures::doubles;
using CheckpointFixtures::ints;

namespace {

QString seq2seqDir()
{
    return QStringLiteral(TEST_DATA_DIR "/seq2seq");
}

const QJsonObject &referenceFile()
{
    static const QJsonObject object = [] {
        QFile file(seq2seqDir() + QStringLiteral("/reference.json"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot read the seq2seq reference");
        return QJsonDocument::fromJson(file.readAll()).object();
    }();
    return object;
}

QJsonObject expectedCase(const QString &name)
{
    return referenceFile().value(u"checkpoints").toObject().value(name).toObject();
}

std::shared_ptr<const PretrainedModel> openModel(const QString &name)
{
    static std::map<QString, std::shared_ptr<const PretrainedModel>> opened;
    auto &model = opened[name];
    if (!model)
        model = PretrainedModel::open(seq2seqDir() + QLatin1Char('/') + name);
    return model;
}

TokenizedText idsOnly(const std::vector<int> &ids)
{
    TokenizedText tokens;
    tokens.ids = ids;
    tokens.tokens.assign(ids.size(), std::string("t"));
    return tokens;
}

/// The largest difference between \a tensor's every weight and \a expected [L, H, Q, K].
double worstDifference(const AttentionTensor &tensor, const std::vector<double> &expected)
{
    const AttentionShape &shape = tensor.shape();
    if (size_t(shape.layers) * shape.heads * shape.queries * shape.keys != expected.size())
        return 1e9;
    double worst = 0.0;
    size_t index = 0;
    for (int l = 0; l < shape.layers; ++l)
        for (int h = 0; h < shape.heads; ++h) {
            const AttentionTensor::HeadMatrix matrix = tensor.head(l, h);
            for (int q = 0; q < shape.queries; ++q)
                for (int k = 0; k < shape.keys; ++k)
                    worst = std::max(worst, std::abs(double(matrix(q, k)) - expected[index++]));
        }
    return worst;
}

QString copyModel(const QString &name, const QTemporaryDir &dir)
{
    const QString target = dir.filePath(name);
    QDir().mkpath(target);
    const QDir source(seq2seqDir() + QLatin1Char('/') + name);
    for (const QString &file : source.entryList(QDir::Files))
        QFile::copy(source.filePath(file), target + QLatin1Char('/') + file);
    return target;
}

void editConfig(const QString &folder, const std::function<void(QJsonObject &)> &edit)
{
    const QString path = folder + QStringLiteral("/config.json");
    QFile in(path);
    in.open(QIODevice::ReadOnly);
    QJsonObject config = QJsonDocument::fromJson(in.readAll()).object();
    in.close();
    edit(config);
    QFile::remove(path);
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(QJsonDocument(config).toJson());
}

using Edit = std::function<void(const QString &)>;

const char *const kModels[] = {"t5-small",    "flan-t5-small", "bart-base",
                               "mbart-large", "opus-mt-en-fr", "opus-mt-en-de-separate"};

} // namespace

Q_DECLARE_METATYPE(Edit)

class Seq2SeqForwardTest : public QObject
{
    Q_OBJECT

private slots:
    void tokenizesAsTheHub_data();
    void tokenizesAsTheHub();
    void matchesPyTorch_data();
    void matchesPyTorch();
    void greedyStepsMatch_data();
    void greedyStepsMatch();
    void translationStepsMatchThePass_data();
    void translationStepsMatchThePass();
    void headsOpenInTheLab_data();
    void headsOpenInTheLab();
    void bucketsMatchTransformers();
    void tokenizersMatchSentencePiece();
    void mbartLanguages();
    void describesEachFamily();
    void decoderHeadsOfTheirOwn();
    void refusesWhatItCannotRead_data();
    void refusesWhatItCannotRead();
};

void Seq2SeqForwardTest::tokenizesAsTheHub_data()
{
    QTest::addColumn<QString>("model");
    for (const char *model : kModels)
        QTest::newRow(model) << QString::fromLatin1(model);
}

void Seq2SeqForwardTest::tokenizesAsTheHub()
{
    QFETCH(QString, model);
    const QJsonObject expected = expectedCase(model);
    const auto opened = openModel(model);
    QVERIFY(opened->encoderDecoder());
    ModelText text;
    text.text = expected.value(u"source_text").toString();
    QCOMPARE(opened->tokenize(text).ids, ints(expected.value(u"source_ids")));
    const TokenizedText decoder = opened->decoderTokens(expected.value(u"target_text").toString());
    QCOMPARE(decoder.ids, ints(expected.value(u"decoder_ids")));
    QCOMPARE(decoder.tokens.size(), decoder.ids.size());
    // With no target, the decoder reads its start token alone.
    QCOMPARE(opened->decoderTokens(std::nullopt).ids,
             std::vector<int>{ints(expected.value(u"decoder_ids")).front()});
    // Each row of the cross-attention wrote the next target token; the last,
    // the most likely one.
    const ModelRun run = opened->run(opened->tokenize(text), decoder);
    const AttentionTensor &cross = run.crossAttention;
    QCOMPARE(cross.writtenTokens().size(), size_t(cross.queries()));
    for (int q = 0; q + 1 < cross.queries(); ++q)
        QCOMPARE(cross.rowToken(q), decoder.tokens[size_t(q + 1)]);
    QCOMPARE(cross.writtenTokens().back(), opened->tokenSpelling(run.topNext.front().id));
}

void Seq2SeqForwardTest::matchesPyTorch_data()
{
    tokenizesAsTheHub_data();
}

void Seq2SeqForwardTest::matchesPyTorch()
{
    QFETCH(QString, model);
    const QJsonObject expected = expectedCase(model);
    const auto opened = openModel(model);
    const ModelRun run = opened->run(idsOnly(ints(expected.value(u"source_ids"))),
                                     idsOnly(ints(expected.value(u"decoder_ids"))));
    QVERIFY(run.encoderDecoder());
    const std::vector<AttentionSet> sets = run.sets();
    QCOMPARE(sets.size(), size_t(3));
    const struct
    {
        AttentionKind kind;
        const char16_t *key;
    } parts[] = {{AttentionKind::Encoder, u"encoder"},
                 {AttentionKind::Decoder, u"decoder"},
                 {AttentionKind::Cross, u"cross"}};
    for (const auto &part : parts) {
        const AttentionSet *set = findSet(sets, part.kind);
        QVERIFY(set);
        const double worst = worstDifference(*set->tensor, doubles(expected.value(part.key)));
        QVERIFY2(worst < 1e-5,
                 qPrintable(QStringLiteral("%1: largest difference %2")
                                .arg(QString::fromStdString(attentionKindName(part.kind)))
                                .arg(worst)));
    }
    // The cross-attention: the decoder's tokens over the source's.
    const AttentionSet *cross = findSet(sets, AttentionKind::Cross);
    QCOMPARE(cross->tensor->queries(), int(ints(expected.value(u"decoder_ids")).size()));
    QCOMPARE(cross->tensor->keys(), int(ints(expected.value(u"source_ids")).size()));
    QVERIFY(!cross->tensor->visibility().causal);
    QVERIFY(findSet(sets, AttentionKind::Decoder)->tensor->visibility().causal);

    const QJsonArray top = expected.value(u"top_next").toArray();
    QCOMPARE(run.topNext.size(), size_t(top.size()));
    for (qsizetype i = 0; i < top.size(); ++i) {
        const QJsonObject entry = top[i].toObject();
        QCOMPARE(run.topNext[size_t(i)].id, entry.value(u"id").toInt());
        QVERIFY(std::abs(run.topNext[size_t(i)].p - entry.value(u"p").toDouble()) < 1e-5);
    }
}

void Seq2SeqForwardTest::greedyStepsMatch_data()
{
    tokenizesAsTheHub_data();
}

void Seq2SeqForwardTest::greedyStepsMatch()
{
    QFETCH(QString, model);
    const QJsonObject expected = expectedCase(model);
    const auto opened = openModel(model);
    const std::vector<int> source = ints(expected.value(u"source_ids"));
    const std::vector<int> steps = ints(expected.value(u"greedy_ids"));
    for (size_t k = 1; k < steps.size(); ++k) {
        const std::vector<int> read(steps.begin(), steps.begin() + std::ptrdiff_t(k));
        const ModelRun run = opened->run(idsOnly(source), idsOnly(read), 1);
        QCOMPARE(run.topNext.front().id, steps[k]);
        if (k + 1 == steps.size()) {
            const double worst =
                worstDifference(run.crossAttention, doubles(expected.value(u"greedy_cross")));
            QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
        }
    }
}

void Seq2SeqForwardTest::translationStepsMatchThePass_data()
{
    tokenizesAsTheHub_data();
}

void Seq2SeqForwardTest::translationStepsMatchThePass()
{
    QFETCH(QString, model);
    const QJsonObject expected = expectedCase(model);
    const auto opened = openModel(model);
    const std::vector<int> steps = ints(expected.value(u"greedy_ids"));
    GenerationOptions options;
    options.maxTokens = int(steps.size()) - 1;
    options.stopAtEnd = false;
    const std::unique_ptr<Generator> generator = opened->translator(
        idsOnly(ints(expected.value(u"source_ids"))), idsOnly({steps.front()}), options);
    QVERIFY(generator->translates());
    while (generator->step()) {
    }
    generator->finish();
    // The cached steps write what ten full passes chose.
    QCOMPARE(generator->ids(), steps);
    // Each step's cross-attention row is the full pass's.
    const AttentionTensor cross = generator->crossAttention();
    QCOMPARE(cross.queries(), int(steps.size()));
    const std::vector<double> reference = doubles(expected.value(u"greedy_cross"));
    const int rows = int(steps.size()) - 1;
    const int sources = cross.keys();
    double worst = 0.0;
    size_t index = 0;
    for (int l = 0; l < cross.layers(); ++l)
        for (int h = 0; h < cross.heads(); ++h) {
            const AttentionTensor::HeadMatrix matrix = cross.head(l, h);
            for (int q = 0; q < rows; ++q)
                for (int k = 0; k < sources; ++k)
                    worst = std::max(worst, std::abs(double(matrix(q, k)) - reference[index++]));
        }
    QCOMPARE(index, reference.size());
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
    // And the decoder's rows, a full pass's over the same tokens.
    const ModelRun full = opened->run(idsOnly(ints(expected.value(u"source_ids"))), idsOnly(steps));
    QVERIFY(worstDifference(generator->attention(), [&] {
                std::vector<double> values;
                for (int l = 0; l < full.attention.layers(); ++l)
                    for (int h = 0; h < full.attention.heads(); ++h) {
                        const auto m = full.attention.head(l, h);
                        for (int q = 0; q < m.rows(); ++q)
                            for (int k = 0; k < m.cols(); ++k)
                                values.push_back(m(q, k));
                    }
                return values;
            }()) < 1e-5);
}

void Seq2SeqForwardTest::headsOpenInTheLab_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("kind");
    for (const char *model : kModels)
        for (AttentionKind kind : kAttentionKinds)
            QTest::addRow("%s %s", model, attentionKindName(kind).c_str())
                << QString::fromLatin1(model) << int(kind);
}

void Seq2SeqForwardTest::headsOpenInTheLab()
{
    QFETCH(QString, model);
    QFETCH(int, kind);
    const AttentionKind set = AttentionKind(kind);
    const QJsonObject expected = expectedCase(model);
    const auto opened = openModel(model);
    ModelText text;
    text.text = expected.value(u"source_text").toString();
    text.target = expected.value(u"target_text").toString();
    const ModelRun run = opened->run(text);
    const std::vector<AttentionSet> sets = run.sets();
    const AttentionTensor &tensor = *findSet(sets, set)->tensor;
    const int layer = tensor.layers() - 1;
    const int head = 1;
    const Session session = headSession(run, set, layer, head);
    QCOMPARE(session.queries.rows(), Index(tensor.queries()));
    QCOMPARE(session.keys.rows(), Index(tensor.keys()));
    if (set == AttentionKind::Cross) {
        // The decoder's tokens as queries, the source's as keys.
        QCOMPARE(session.queryTokens.size(), size_t(tensor.queries()));
        QVERIFY(session.queryTokens != session.tokens);
    }
    const AttentionResult lab = attend(session);
    const AttentionTensor::HeadMatrix weights = tensor.head(layer, head);
    double worst = 0.0;
    for (int q = 0; q < tensor.queries(); ++q)
        for (int k = 0; k < tensor.keys(); ++k)
            worst = std::max(worst, std::abs(lab.weights(q, k) - double(weights(q, k))));
    // T5 adds a learned bias to its self-attentions' scores: the session
    // carries it as B, and the note says so. Every head opens exactly.
    const bool biased = model.contains(QLatin1String("t5")) && set != AttentionKind::Cross;
    QCOMPARE(session.hasBias(), biased);
    if (biased) {
        const std::string note = headSessionNote(opened->config(), set, 0, head);
        QVERIFY2(note.find("carries as B") != std::string::npos, note.c_str());
        // The bias depends on the offset alone: each diagonal holds one value.
        for (Index i = 1; i < session.bias.rows(); ++i)
            for (Index j = 1; j < session.bias.cols(); ++j)
                QCOMPARE(session.bias(i, j), session.bias(i - 1, j - 1));
    }
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
}

void Seq2SeqForwardTest::bucketsMatchTransformers()
{
    const QJsonObject buckets = referenceFile().value(u"buckets").toObject();
    QCOMPARE(buckets.size(), 4);
    for (auto entry = buckets.begin(); entry != buckets.end(); ++entry) {
        const QStringList parts = entry.key().split(QLatin1Char('-'));
        const bool bidirectional = parts[0] == QLatin1String("bidirectional");
        const int count = parts[1].toInt();
        const int distance = parts[2].toInt();
        const std::vector<int> expected = ints(entry.value());
        QCOMPARE(expected.size(), size_t(257));
        for (int offset = -128; offset <= 128; ++offset)
            QVERIFY2(relativePositionBucket(offset, bidirectional, count, distance) ==
                         expected[size_t(offset + 128)],
                     qPrintable(QStringLiteral("%1 at offset %2").arg(entry.key()).arg(offset)));
    }
}

void Seq2SeqForwardTest::tokenizersMatchSentencePiece()
{
    const QJsonArray strings = referenceFile().value(u"strings").toArray();
    QCOMPARE(strings.size(), 300);
    const QJsonObject tokenizers = referenceFile().value(u"tokenizers").toObject();
    const auto t5 = openModel(QStringLiteral("t5-small"));
    const QJsonArray t5Ids = tokenizers.value(u"t5").toArray();
    int compared = 0;
    for (qsizetype i = 0; i < strings.size(); ++i) {
        const QString text = strings[i].toString();
        QCOMPARE(t5->tokenizer().encode(text).ids, ints(t5Ids[i]));
        ++compared;
    }
    for (const char *name : {"opus-mt-en-fr", "opus-mt-en-de-separate"}) {
        const auto marian = openModel(QString::fromLatin1(name));
        const QJsonObject expected = tokenizers.value(QLatin1String(name)).toObject();
        const QJsonArray source = expected.value(u"source").toArray();
        const QJsonArray target = expected.value(u"target").toArray();
        for (qsizetype i = 0; i < strings.size(); ++i) {
            const QString text = strings[i].toString();
            QCOMPARE(marian->tokenizer().encode(text).ids, ints(source[i]));
            QCOMPARE(marian->targetTokenizer().encode(text).ids, ints(target[i]));
            compared += 2;
        }
    }
    QCOMPARE(compared, 1500);
    // A language code is one token; T5's sentinels are theirs.
    const auto marian = openModel(QStringLiteral("opus-mt-en-fr"));
    const TokenizedText coded = marian->tokenizer().encode(QStringLiteral(">>fr<< Open the file"));
    QCOMPARE(coded.tokens.front(), std::string("<unk>")); // not in this vocab.json
    QCOMPARE(coded.ids.size(),
             marian->tokenizer().encode(QStringLiteral("Open the file")).ids.size() + 1);
    const TokenizedText sentinel = t5->tokenizer().encode(QStringLiteral("Open <extra_id_0> file"));
    QVERIFY(std::find(sentinel.tokens.begin(), sentinel.tokens.end(), "<extra_id_0>") !=
            sentinel.tokens.end());
    QCOMPARE(*t5->tokenizer().id("<extra_id_0>"), t5->tokenizer().vocabularySize() - 1);
    // Decoding gives the text back, the end token kept.
    QCOMPARE(QString::fromStdString(t5->tokenizer().decode(
                 t5->tokenizer().encode(QStringLiteral("Show hidden files")).ids)),
             QStringLiteral("Show hidden files</s>"));
}

void Seq2SeqForwardTest::mbartLanguages()
{
    // tokenization_mbart.py: the source "text </s> src_lang"; the target
    // "text </s>" after the decoder's start, the target's code. mBART-50
    // (MBart50Tokenizer) puts each code first.
    const std::shared_ptr<const PretrainedModel> mbart = openModel(u"mbart-large"_qs);
    const std::optional<int> english = mbart->tokenizer().id("en_XX");
    const std::optional<int> french = mbart->tokenizer().id("fr_XX");
    QVERIFY(english && french);
    ModelText text;
    text.text = u"Show hidden files"_qs;
    const std::vector<int> source = mbart->tokenize(text).ids;
    QCOMPARE(std::vector<int>(source.end() - 2, source.end()), (std::vector<int>{2, *english}));
    const std::vector<int> decoder = mbart->decoderTokens(u"Afficher les fichiers"_qs).ids;
    QCOMPARE(decoder.front(), *french);
    QCOMPARE(decoder.back(), 2);
    QCOMPARE(std::count(decoder.begin(), decoder.end(), *french), 1);

    QTemporaryDir dir;
    const QString folder = copyModel(u"mbart-large"_qs, dir);
    QFile config(folder + QStringLiteral("/tokenizer_config.json"));
    QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
    config.write(R"({"tokenizer_class": "MBart50Tokenizer", "src_lang": "en_XX",
                     "tgt_lang": "fr_XX", "eos_token": "</s>"})");
    config.close();
    const std::shared_ptr<const PretrainedModel> fifty = PretrainedModel::open(folder);
    const std::vector<int> fiftySource = fifty->tokenize(text).ids;
    QCOMPARE(fiftySource.front(), *english);
    QCOMPARE(fiftySource.back(), 2);
    const std::vector<int> fiftyDecoder = fifty->decoderTokens(u"Afficher"_qs).ids;
    QCOMPARE(fiftyDecoder[1], *french); // after the start token, the target's code
    QCOMPARE(fiftyDecoder.back(), 2);
}

void Seq2SeqForwardTest::describesEachFamily()
{
    const auto t5 = openModel(QStringLiteral("t5-small"));
    QCOMPARE(t5->config().layers, 2);
    QCOMPARE(t5->config().decoder.layers, 3);
    QCOMPARE(t5->config().headDim(), 5);
    QCOMPARE(t5->config().activation, Activation::Relu);
    QVERIFY(!t5->config().gated);
    QCOMPARE(QString::fromStdString(positionSummary(t5->config())),
             QStringLiteral("relative buckets=8 max_distance=20"));
    const auto flan = openModel(QStringLiteral("flan-t5-small"));
    QVERIFY(flan->config().gated);
    QCOMPARE(flan->config().activation, Activation::GeluTanh);
    QVERIFY(!flan->config().tiedOutput);
    const auto bart = openModel(QStringLiteral("bart-base"));
    QCOMPARE(QString::fromStdString(positionSummary(bart->config())), QStringLiteral("learned +2"));
    QCOMPARE(bart->config().decoder.startId, 2);
    const auto marian = openModel(QStringLiteral("opus-mt-en-de-separate"));
    QVERIFY(marian->config().decoder.vocabulary != marian->config().vocabulary);
    QCOMPARE(marian->config().activation, Activation::Silu);
    QCOMPARE(marian->config().embeddingScale, float(std::sqrt(16.0)));
    QVERIFY(!familyDescription(ModelFamily::Marian).writes());
    for (const char *model : kModels)
        QVERIFY2(openModel(QString::fromLatin1(model))->warnings().isEmpty(), model);
}

void Seq2SeqForwardTest::decoderHeadsOfTheirOwn()
{
    // BART's decoder with 2 heads of 8 over the encoder's 4 of 4: the same
    // projections, read with the decoder's own head size.
    QTemporaryDir dir;
    const QString folder = copyModel(QStringLiteral("bart-base"), dir);
    editConfig(folder, [](QJsonObject &c) { c.insert(u"decoder_attention_heads", 2); });
    const auto model = PretrainedModel::open(folder);
    QCOMPARE(model->config().headDim(), 4);
    QCOMPARE(model->config().decoderConfig().headDim(), 8);
    ModelText text;
    text.text = QStringLiteral("Show hidden files");
    const ModelRun run = model->run(text);
    QCOMPARE(run.encoderAttention.heads(), 4);
    QCOMPARE(run.attention.heads(), 2);
    QCOMPARE(run.crossAttention.heads(), 2);
    // --bos is for decoders: an encoder-decoder's tokenizer puts its own tokens.
    text.bos = true;
    QVERIFY_THROWS_EXCEPTION(ReadError, model->tokenize(text));
}

void Seq2SeqForwardTest::refusesWhatItCannotRead_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no target .spm")
        << u"opus-mt-en-fr"_qs
        << Edit([](const QString &f) { QFile::remove(f + QStringLiteral("/target.spm")); })
        << u"target.spm: missing (Marian's tokenizer needs source.spm, target.spm and "
           "vocab.json)"_qs;
    QTest::newRow("no target vocabulary")
        << u"opus-mt-en-de-separate"_qs
        << Edit([](const QString &f) { QFile::remove(f + QStringLiteral("/target_vocab.json")); })
        << u"vocab.json: missing (Marian's separate vocabularies need target_vocab.json for the "
           "target)"_qs;
    QTest::newRow("vocab.json of another model")
        << u"opus-mt-en-fr"_qs << Edit([](const QString &f) {
               QFile::remove(f + QStringLiteral("/vocab.json"));
               QFile out(f + QStringLiteral("/vocab.json"));
               out.open(QIODevice::WriteOnly);
               out.write(R"({"</s>": 0, "<unk>": 1, "hello": 2, "<pad>": 3})");
           })
        << u"vocab.json: disagrees with source.spm:"_qs;
    QTest::newRow("a .spm that is not one") << u"t5-small"_qs << Edit([](const QString &f) {
        QFile::remove(f + QStringLiteral("/spiece.model"));
        QFile out(f + QStringLiteral("/spiece.model"));
        out.open(QIODevice::WriteOnly);
        out.write("not a model");
    }) << u"spiece.model: is not a SentencePiece model"_qs;
    QTest::newRow("relative bias of the wrong shape")
        << u"t5-small"_qs << Edit([](const QString &f) {
               editConfig(f,
                          [](QJsonObject &c) { c.insert(u"relative_attention_num_buckets", 16); });
           })
        << u"_bias.weight of shape [8, 4]; the configuration needs [16, 4]"_qs;
    QTest::newRow("decoder start outside the vocabulary")
        << u"bart-base"_qs << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"decoder_start_token_id", 100000); });
           })
        << u"config.json: has the decoder start token 100000, outside the decoder's vocabulary"_qs;
    QTest::newRow("a distance within half the buckets")
        << u"t5-small"_qs << Edit([](const QString &f) {
               editConfig(f,
                          [](QJsonObject &c) { c.insert(u"relative_attention_max_distance", 4); });
           })
        << u"config.json: has \"relative_attention_max_distance\" 4, not beyond half its 8 buckets"_qs;
    QTest::newRow("sinusoid halves of an odd width")
        << u"opus-mt-en-fr"_qs << Edit([](const QString &f) {
               editConfig(f, [](QJsonObject &c) { c.insert(u"d_model", 15); });
           })
        << u"config.json: has \"d_model\" 15; the sinusoids in two halves need an even width"_qs;
    QTest::newRow("T5 without a tokenizer")
        << u"flan-t5-small"_qs
        << Edit([](const QString &f) { QFile::remove(f + QStringLiteral("/tokenizer.json")); })
        << u"spiece.model: missing (T5's tokenizer is its tokenizer.json or its SentencePiece "
           "model)"_qs;
    QTest::newRow("mBART with only its SentencePiece model")
        << u"mbart-large"_qs << Edit([](const QString &f) {
               QFile::rename(f + QStringLiteral("/tokenizer.json"),
                             f + QStringLiteral("/sentencepiece.bpe.model"));
           })
        << u".json: missing (mBART's tokenizer is read from its tokenizer.json)"_qs;
    QTest::newRow("mBART's language not among its tokens")
        << u"mbart-large"_qs << Edit([](const QString &f) {
               QFile config(f + QStringLiteral("/tokenizer_config.json"));
               config.open(QIODevice::WriteOnly | QIODevice::Truncate);
               config.write(R"({"src_lang": "xx_YY", "tgt_lang": "fr_XX"})");
           })
        << u".json: names src_lang \"xx_YY\", which is not a token of tokenizer.json"_qs;
    QTest::newRow("unknown feed_forward_proj") << u"t5-small"_qs << Edit([](const QString &f) {
        editConfig(f, [](QJsonObject &c) { c.insert(u"feed_forward_proj", u"gated"_qs); });
    }) << u"config.json: has \"feed_forward_proj\" \"gated\"; T5 runs"_qs;
}

void Seq2SeqForwardTest::refusesWhatItCannotRead()
{
    QFETCH(QString, model);
    QFETCH(Edit, edit);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = copyModel(model, dir);
    edit(folder);
    try {
        PretrainedModel::open(folder);
        QFAIL("opened");
    } catch (const ReadError &error) {
        QVERIFY2(error.message.contains(expected), qPrintable(error.message));
        QVERIFY2(!error.message.contains(QLatin1Char('\n')), qPrintable(error.message));
    }
}

QTEST_GUILESS_MAIN(Seq2SeqForwardTest)
#include "tst_seq2seqforward.moc"
