// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// A file of an encoder-decoder's three attentions (Hugging Face's and
// BertViz's names, .npz and .safetensors) reads as three sets, each with its
// own tokens, shape and mask, and its numbers as numpy reads them
// (tests/data/make_attention_set_fixtures.py); a file of one attention is
// one set; a set a file lacks, or a token list of the wrong length, is
// refused in one line.

#include "core/sets/attentionset.h"
#include "core/sets/headscores.h"
#include "io/attentionfilereader.h"
#include "io/attentionfilewriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace AttentionLab;

namespace {

QString dataDir()
{
    return QStringLiteral(TEST_DATA_DIR "/attention-sets");
}

QJsonObject expected()
{
    QFile file(dataDir() + QStringLiteral("/expected.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("expected.json is missing: run tests/data/make_attention_set_fixtures.py");
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::vector<std::string> strings(const QJsonValue &value)
{
    std::vector<std::string> out;
    for (const QJsonValue &item : value.toArray())
        out.push_back(item.toString().toStdString());
    return out;
}

} // namespace

class TestAttentionSets : public QObject
{
    Q_OBJECT

private slots:
    void readsEverySet_data();
    void readsEverySet();
    void oneAttentionIsOneSet_data();
    void oneAttentionIsOneSet();
    void chosenSet_data();
    void chosenSet();
    void refusals_data();
    void refusals();
    void detectorsApply_data();
    void detectorsApply();
    void kindNames();
    void fileNamesItsView();
    void writesWhatItReads_data();
    void writesWhatItReads();
};

void TestAttentionSets::writesWhatItReads_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::newRow("three sets, .npz") << "encoder_decoder.npz"
                                      << "out.npz";
    QTest::newRow("three sets, .safetensors") << "encoder_decoder.npz"
                                              << "out.safetensors";
    QTest::newRow("BertViz's, no target tokens") << "bertviz_per_layer.npz"
                                                 << "out.npz";
    QTest::newRow("one set") << "decoder_only.npy"
                             << "out.safetensors";
}

void TestAttentionSets::writesWhatItReads()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    AttentionFileReader reader;
    const auto sets = reader.readSets(dataDir() + QLatin1Char('/') + from);
    QVERIFY2(sets, qPrintable(reader.errorString()));
    QTemporaryDir dir;
    const QString path = dir.filePath(to);
    AttentionFileWriter writer;
    QVERIFY2(writer.writeSets(*sets, path), qPrintable(writer.errorString()));
    const auto again = reader.readSets(path);
    QVERIFY2(again, qPrintable(reader.errorString()));
    QCOMPARE(again->size(), sets->size());
    for (size_t i = 0; i < sets->size(); ++i) {
        const AttentionTensor &a = *(*sets)[i].tensor;
        const AttentionTensor &b = *(*again)[i].tensor;
        QCOMPARE((*again)[i].kind, (*sets)[i].kind);
        QCOMPARE(b.shape().elementCount(), a.shape().elementCount());
        QCOMPARE(b.queries(), a.queries());
        QCOMPARE(b.tokens(), a.tokens());
        for (int q = 0; q < a.queries(); ++q)
            QCOMPARE(b.queryToken(q), a.queryToken(q));
        QCOMPARE(b.visibility().causal, a.visibility().causal);
        for (int l = 0; l < a.layers(); ++l)
            for (int h = 0; h < a.heads(); ++h)
                QVERIFY(std::equal(a.headData(l, h), a.headData(l, h) + a.shape().headSize(),
                                   b.headData(l, h)));
    }
}

void TestAttentionSets::readsEverySet_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("decoderTokens");
    QTest::newRow("Hugging Face's names, stacked, .npz") << "encoder_decoder.npz" << true;
    QTest::newRow("BertViz's names, a layer each, compressed") << "bertviz_per_layer.npz" << false;
    QTest::newRow(".safetensors, texts in __metadata__") << "encoder_decoder.safetensors" << true;
}

void TestAttentionSets::readsEverySet()
{
    QFETCH(QString, file);
    QFETCH(bool, decoderTokens);
    AttentionFileReader reader;
    const auto sets = reader.readSets(dataDir() + QLatin1Char('/') + file);
    QVERIFY2(sets, qPrintable(reader.errorString()));
    const QJsonArray wanted = expected().value(u"sets").toArray();
    QCOMPARE(int(sets->size()), int(wanted.size()));
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        const QJsonObject want = wanted[i].toObject();
        const AttentionSet &set = (*sets)[size_t(i)];
        QCOMPARE(QString::fromStdString(attentionKindName(set.kind)),
                 want.value(u"kind").toString());
        const AttentionTensor &t = *set.tensor;
        const std::vector<std::string> queries = strings(want.value(u"query_tokens"));
        const std::vector<std::string> keys = strings(want.value(u"key_tokens"));
        QCOMPARE(t.layers(), want.value(u"layers").toInt());
        QCOMPARE(t.heads(), want.value(u"heads").toInt());
        QCOMPARE(t.queries(), int(queries.size()));
        QCOMPARE(t.keys(), int(keys.size()));
        QCOMPARE(t.visibility().causal, want.value(u"causal").toBool());
        // The source's tokens always; the target's where the file has them.
        const bool keysFromDecoder = set.kind == AttentionKind::Decoder;
        if (!keysFromDecoder || decoderTokens)
            QCOMPARE(t.tokens(), keys);
        else
            QVERIFY(t.tokens().empty());
        if (set.kind == AttentionKind::Cross && decoderTokens) {
            for (int q = 0; q < t.queries(); ++q)
                QCOMPARE(t.queryToken(q), queries[size_t(q)]);
            // Each row is labelled by the token it wrote, the last's unknown.
            QVERIFY(t.rowsAreWritten());
            for (int q = 0; q + 1 < t.queries(); ++q)
                QCOMPARE(t.rowToken(q), queries[size_t(q + 1)]);
            QCOMPARE(t.rowToken(t.queries() - 1), std::string("<…>"));
        } else {
            QVERIFY(!t.rowsAreWritten());
        }
        QCOMPARE(double(t.head(1, 2)(3, 1)), want.value(u"cell").toArray()[0].toDouble());
        // Each head's mean entropy as numpy computes it from the same float32 weights.
        const std::vector<HeadScores> scores = scoreHeads(t);
        const QJsonArray entropy = want.value(u"entropy_bits").toArray();
        for (int l = 0; l < t.layers(); ++l)
            for (int h = 0; h < t.heads(); ++h) {
                const double numpy = entropy[l].toArray()[h].toDouble();
                const double ours = scores[size_t(l * t.heads() + h)].entropyBits;
                QVERIFY2(std::abs(ours - numpy) < 1e-6,
                         qPrintable(QStringLiteral("%1 %2.%3: %4 against numpy's %5")
                                        .arg(want.value(u"kind").toString())
                                        .arg(l)
                                        .arg(h)
                                        .arg(ours)
                                        .arg(numpy)));
            }
        const QJsonValue first = want.value(u"first_token");
        QCOMPARE(first.isNull(), !headScoreApplies(HeadScoreKind::FirstToken, set.kind));
        if (!first.isNull())
            for (int l = 0; l < t.layers(); ++l)
                for (int h = 0; h < t.heads(); ++h)
                    QVERIFY(std::abs(scores[size_t(l * t.heads() + h)].firstToken -
                                     first.toArray()[l].toArray()[h].toDouble()) < 1e-6);
    }
}

void TestAttentionSets::oneAttentionIsOneSet_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    // A causal file is a decoder's; one with no mask an encoder's.
    QTest::newRow("causal") << "decoder_only.npy"
                            << "decoder";
    QTest::newRow("no mask") << "encoder_only.npy"
                             << "encoder";
}

void TestAttentionSets::oneAttentionIsOneSet()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    const QString path = dataDir() + QLatin1Char('/') + file;
    AttentionFileReader reader;
    const auto sets = reader.readSets(path);
    QVERIFY2(sets, qPrintable(reader.errorString()));
    QCOMPARE(int(sets->size()), 1);
    QCOMPARE(QString::fromStdString(attentionKindName(sets->front().kind)), kind);
    const auto tensor = reader.readFile(path);
    QVERIFY(tensor);
    QCOMPARE(tensor->shape().elementCount(), sets->front().tensor->shape().elementCount());
}

void TestAttentionSets::chosenSet_data()
{
    QTest::addColumn<QString>("set");
    QTest::addColumn<int>("queries");
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("causal");
    QTest::newRow("no choice: the decoder's") << QString() << 5 << 5 << true;
    QTest::newRow("encoder") << "encoder" << 5 << 5 << false;
    QTest::newRow("cross") << "cross" << 5 << 5 << false;
}

void TestAttentionSets::chosenSet()
{
    QFETCH(QString, set);
    QFETCH(int, queries);
    QFETCH(int, keys);
    QFETCH(bool, causal);
    AttentionReadOptions options;
    if (!set.isEmpty())
        options.set = parseAttentionKind(set.toStdString());
    AttentionFileReader reader(options);
    const auto tensor = reader.readFile(dataDir() + QStringLiteral("/encoder_decoder.npz"));
    QVERIFY2(tensor, qPrintable(reader.errorString()));
    QCOMPARE(tensor->queries(), queries);
    QCOMPARE(tensor->keys(), keys);
    QCOMPARE(tensor->visibility().causal, causal);
    if (set == QLatin1String("cross")) {
        QCOMPARE(tensor->queryToken(1), std::string("▁le"));
        QCOMPARE(tensor->keyToken(1), std::string("▁dog"));
    }
}

void TestAttentionSets::refusals_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("set");
    QTest::addColumn<QString>("message");
    const QJsonObject bad = expected().value(u"bad").toObject();
    for (auto it = bad.begin(); it != bad.end(); ++it)
        QTest::newRow(qPrintable(it.key())) << it.key() << QString() << it.value().toString();
    QTest::newRow("a set the file lacks")
        << QStringLiteral("decoder_only.npy") << QStringLiteral("cross")
        << QStringLiteral(": holds no cross attention (it holds decoder)");
}

void TestAttentionSets::refusals()
{
    QFETCH(QString, file);
    QFETCH(QString, set);
    QFETCH(QString, message);
    AttentionReadOptions options;
    options.set = AttentionKind::Cross;
    if (set.isEmpty())
        options.set.reset();
    AttentionFileReader reader(options);
    QVERIFY(!reader.readFile(dataDir() + QLatin1Char('/') + file));
    const QString error = reader.errorString();
    // "FILE: what is wrong", on one line.
    QVERIFY2(error.endsWith(message) &&
                 error.contains(QString(file).section(QLatin1Char('/'), -1).right(8)),
             qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
}

void TestAttentionSets::fileNamesItsView()
{
    // The view a file asks for (the Python module's head_view): read, not
    // taken for an attention, the sets as without it.
    AttentionFileReader reader;
    const auto sets = reader.readSets(dataDir() + QStringLiteral("/viewed.npz"));
    QVERIFY2(sets, qPrintable(reader.errorString()));
    QCOMPARE(sets->size(), size_t(3));
    QVERIFY(reader.view());
    const FileView &view = *reader.view();
    QVERIFY(view.largeHead);
    QCOMPARE(view.layer, 1);
    QCOMPARE(view.head, 0);
    QCOMPARE(view.dark, std::optional<bool>(true));
    QCOMPARE(view.set, std::optional<AttentionKind>(AttentionKind::Cross));
    QCOMPARE(view.title, QStringLiteral("head_view"));
    // A file without one names none, read by the same reader after it.
    QVERIFY(reader.readSets(dataDir() + QStringLiteral("/encoder_decoder.npz")));
    QVERIFY(!reader.view());
    // Each key checked.
    QString error;
    QVERIFY(!parseFileView(R"({"layer": -1})", &error));
    QCOMPARE(error, QStringLiteral("its view's layer is not a whole number from 0"));
    QVERIFY(!parseFileView(R"({"theme": "sepia"})", &error));
    QCOMPARE(error, QStringLiteral("its view's theme is \"sepia\", not light or dark"));
    QVERIFY(!parseFileView(R"({"set": "both"})", &error));
    QVERIFY(!parseFileView("[1, 2]", &error));
    QVERIFY(error.startsWith(QStringLiteral("its view is not a JSON object")));
    const std::optional<FileView> bare = parseFileView("{}", &error);
    QVERIFY(bare && !bare->largeHead && bare->layer == -1 && !bare->dark && !bare->set);
    QVERIFY(bare->layerNumbers.empty() && bare->headNumbers.empty());
    QVERIFY(!parseFileView(R"({"layers": [1, 1]})", &error));
    QCOMPARE(error, QStringLiteral("its view's layers are not distinct whole numbers from 0"));
    QVERIFY(!parseFileView(R"({"heads": [0, 2.5]})", &error));
    QCOMPARE(error, QStringLiteral("its view's heads are not distinct whole numbers from 0"));
    QVERIFY(!parseFileView(R"({"layers": []})", &error));

    // The layers and heads a file kept (include_layers, include_heads)
    // carry the numbers they had; indexes stay 0-based.
    const auto kept = reader.readSets(dataDir() + QStringLiteral("/kept_heads.npz"));
    QVERIFY2(kept, qPrintable(reader.errorString()));
    const AttentionTensor &tensor = *kept->front().tensor;
    QCOMPARE(tensor.layers(), 2);
    QVERIFY(tensor.isRenumbered());
    QCOMPARE(tensor.layerNumber(0), 5);
    QCOMPARE(tensor.layerNumber(1), 11);
    QCOMPARE(tensor.headNumber(0), 7);
    QCOMPARE(tensor.headName(1, 2), std::string("11.3"));
    QCOMPARE(reader.view()->layerNumbers, (std::vector<int>{5, 11}));
    // A file of every layer numbers them from 0.
    const auto all = reader.readSets(dataDir() + QStringLiteral("/encoder_decoder.npz"));
    QVERIFY(all && !all->front().tensor->isRenumbered());
    QCOMPARE(all->front().tensor->headName(1, 2), std::string("1.2"));
}

void TestAttentionSets::detectorsApply_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("encoder");
    QTest::addColumn<bool>("decoder");
    QTest::addColumn<bool>("cross");
    QTest::newRow("entropy") << int(HeadScoreKind::Entropy) << true << true << true;
    QTest::newRow("first token") << int(HeadScoreKind::FirstToken) << true << true << false;
    QTest::newRow("previous token") << int(HeadScoreKind::PreviousToken) << true << true << false;
    QTest::newRow("self") << int(HeadScoreKind::Self) << true << true << false;
    QTest::newRow("duplicate") << int(HeadScoreKind::DuplicateToken) << true << true << false;
    QTest::newRow("induction") << int(HeadScoreKind::Induction) << true << true << false;
    QTest::newRow("induction, repeats")
        << int(HeadScoreKind::InductionRepeats) << true << true << false;
}

void TestAttentionSets::detectorsApply()
{
    QFETCH(int, kind);
    QFETCH(bool, encoder);
    QFETCH(bool, decoder);
    QFETCH(bool, cross);
    const auto score = HeadScoreKind(kind);
    QCOMPARE(headScoreApplies(score, AttentionKind::Encoder), encoder);
    QCOMPARE(headScoreApplies(score, AttentionKind::Decoder), decoder);
    QCOMPARE(headScoreApplies(score, AttentionKind::Cross), cross);
}

void TestAttentionSets::kindNames()
{
    for (AttentionKind kind : kAttentionKinds)
        QCOMPARE(parseAttentionKind(attentionKindName(kind)), std::optional<AttentionKind>(kind));
    QVERIFY(!parseAttentionKind("Cross"));
    QVERIFY(!parseAttentionKind("encoders"));
    QVERIFY(!parseAttentionKind(""));
    std::vector<AttentionSet> sets{{AttentionKind::Encoder, nullptr},
                                   {AttentionKind::Decoder, nullptr},
                                   {AttentionKind::Cross, nullptr}};
    QCOMPARE(setKindList(sets), std::string("encoder, decoder and cross"));
    QCOMPARE(defaultSetIndex(sets), 1);
    sets.erase(sets.begin() + 1);
    QCOMPARE(defaultSetIndex(sets), 0);
    QCOMPARE(setKindList(sets), std::string("encoder and cross"));
    QCOMPARE(findSet(sets, AttentionKind::Cross), &sets[1]);
    QCOMPARE(findSet(sets, AttentionKind::Decoder), nullptr);
}

QTEST_GUILESS_MAIN(TestAttentionSets)
#include "tst_attentionsets.moc"
