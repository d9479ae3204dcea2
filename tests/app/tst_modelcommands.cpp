// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `tokenize` and `model` through the built binary, as a script runs them, on
// the tiny checkpoints of tests/data/make_model_fixtures.py: the JSON's
// members and numbers against PyTorch's, the files -o writes read back by
// `inspect` and `eval`, and every refusal one line with exit status 2; the
// decoder families of make_decoder_fixtures.py through `bench --model`, and
// their broken folders refused by `model`.

#include "binaryrun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

QString model(const QString &name)
{
    return QStringLiteral(TEST_DATA_DIR "/models/") + name;
}

QJsonObject referenceCase(const QString &checkpoint, const QString &text)
{
    QFile file(QStringLiteral(TEST_DATA_DIR "/models/reference.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read reference.json");
    const QJsonArray cases = QJsonDocument::fromJson(file.readAll())
                                 .object()[u"checkpoints"_s][checkpoint][u"cases"_s]
                                 .toArray();
    for (const QJsonValue &c : cases)
        if (c[u"text"_s].toString() == text)
            return c.toObject();
    qFatal("no reference case");
}

QJsonObject jsonOf(const BinaryRun &run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", run.out.constData());
    return doc.object();
}

} // namespace

class TestModelCommands : public QObject
{
    Q_OBJECT

private slots:
    void tokenizeJson_data();
    void tokenizeJson();
    void tokenizeTokenizerJsonAlone();
    void modelJson_data();
    void modelJson();
    void modelText();
    void writesAttention_data();
    void writesAttention();
    void writesHeadSession();
    void everyWriterWritesAlike_data();
    void everyWriterWritesAlike();
    void refusals_data();
    void refusals();
    void invalidUtf8_data();
    void invalidUtf8();
    void unusedTensorsAreNamed_data();
    void unusedTensorsAreNamed();
    void benchTakesEveryFamily_data();
    void benchTakesEveryFamily();
    void decoderRefusals_data();
    void decoderRefusals();
};

void TestModelCommands::benchTakesEveryFamily_data()
{
    QTest::addColumn<QString>("checkpoint");
    QTest::addColumn<QString>("modelType");
    QTest::newRow("llama") << u"llama-gqa"_s << u"llama"_s;
    QTest::newRow("llama, sharded BF16") << u"llama3-mqa"_s << u"llama"_s;
    QTest::newRow("mistral") << u"mistral-window"_s << u"mistral"_s;
    QTest::newRow("qwen2") << u"qwen2-bias"_s << u"qwen2"_s;
    QTest::newRow("qwen3") << u"qwen3-headdim"_s << u"qwen3"_s;
    QTest::newRow("gpt_neox") << u"pythia-partial"_s << u"gpt_neox"_s;
}

void TestModelCommands::benchTakesEveryFamily()
{
    QFETCH(QString, checkpoint);
    QFETCH(QString, modelType);
    const QString folder = QStringLiteral(TEST_DATA_DIR "/decoders/") + checkpoint;
    const BinaryRun run =
        runAttentionLab({u"bench"_s, u"--model"_s, folder, u"--n"_s, u"4,12"_s, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const QJsonObject json = jsonOf(run);
    QCOMPARE(json[u"model"_s].toString(), folder);
    const QJsonArray rows = json[u"rows"_s].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1][u"n"_s].toInt(), 12);
    QVERIFY(rows[1][u"forward_ms_median"_s].toDouble() > 0.0);
    const BinaryRun text = runAttentionLab({u"bench"_s, u"--model"_s, folder, u"--n"_s, u"4"_s});
    QVERIFY2(QString::fromUtf8(text.out).contains(u"("_s + modelType + u": 2 layers"_s),
             text.out.constData());
}

void TestModelCommands::decoderRefusals_data()
{
    // Each refused by `model` in one line with exit status 2, before any text
    // is read; long paths and names are shortened in the middle, so the rows
    // give the message's end.
    QTest::addColumn<QString>("checkpoint");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unsupported model_type")
        << u"llama-gqa"_s << u"config.json"_s << u"model_type"_s << QJsonValue(u"mamba"_s)
        << u"has the model_type \"mamba\"; Attention Lab runs \"gpt2\", \"bert\", \"llama\", "
           "\"mistral\", \"qwen2\", \"qwen3\", \"gpt_neox\", \"gemma2\", \"gemma3_text\", "
           "\"gemma3\", \"phi3\", \"smollm3\", \"t5\", \"bart\", \"mbart\" and \"marian\" "
           "checkpoints"_s;
    QTest::newRow("unsupported rope_type")
        << u"llama-gqa"_s << u"config.json"_s << u"rope_scaling"_s
        << QJsonValue(QJsonObject{{u"rope_type"_s, u"dynamic"_s}, {u"factor"_s, 2.0}})
        << u"has the rope_type \"dynamic\"; Attention Lab runs \"default\", \"linear\", "
           "\"llama3\" and \"longrope\" rotary positions"_s;
    QTest::newRow("head counts that do not divide")
        << u"qwen3-headdim"_s << u"config.json"_s << u"num_key_value_heads"_s << QJsonValue(3)
        << u"has 4 query heads, which its 3 key/value heads do not divide"_s;
    QTest::newRow("a shard named in the index but missing")
        << u"llama3-mqa"_s << u"model-00001-of-00002.safetensors"_s << QString() << QJsonValue()
        << u".safetensors: no such file (model.safetensors.index.json names it as a shard)"_s;
    QTest::newRow("a tensor of the wrong shape")
        << u"pythia-partial"_s << u"model.safetensors"_s
        << u"gpt_neox.layers.0.attention.query_key_value.weight"_s << QJsonValue(QJsonArray{32, 96})
        << u"_value.weight of shape [32, 96]; the configuration needs [96, 32]"_s;
    QTest::newRow("no tokenizer.json")
        << u"mistral-window"_s << u"tokenizer.json"_s << QString() << QJsonValue()
        << u"okenizer.json: missing (a Mistral model's tokenizer is its tokenizer.json)"_s;
}

void TestModelCommands::decoderRefusals()
{
    // A folder copied, then one file removed (no key) or one member of its JSON
    // (config.json, or a safetensors header's tensor shape) changed.
    QFETCH(QString, checkpoint);
    QFETCH(QString, file);
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString folder = dir.filePath(checkpoint);
    QVERIFY(QDir().mkpath(folder));
    const QDir source(QStringLiteral(TEST_DATA_DIR "/decoders/") + checkpoint);
    for (const QString &name : source.entryList(QDir::Files))
        QVERIFY(QFile::copy(source.filePath(name), folder + QLatin1Char('/') + name));
    const QString path = folder + QLatin1Char('/') + file;
    if (key.isEmpty()) {
        QVERIFY(QFile::remove(path));
    } else if (file.endsWith(u".json"_s)) {
        QFile config(path);
        QVERIFY(config.open(QIODevice::ReadOnly));
        QJsonObject object = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        object.insert(key, value);
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(QJsonDocument(object).toJson());
    } else {
        QFile weights(path);
        QVERIFY(weights.open(QIODevice::ReadOnly));
        const QByteArray bytes = weights.readAll();
        weights.close();
        quint64 length = 0;
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | quint8(bytes[i]);
        QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
        QJsonObject entry = header[key].toObject();
        entry.insert(u"shape"_s, value);
        header.insert(key, entry);
        QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
        while (text.size() % 8)
            text.append(' ');
        QByteArray out(8, '\0');
        for (int i = 0; i < 8; ++i)
            out[i] = char((quint64(text.size()) >> (8 * i)) & 0xff);
        QVERIFY(weights.open(QIODevice::WriteOnly | QIODevice::Truncate));
        weights.write(out + text + bytes.mid(8 + qsizetype(length)));
    }
    const BinaryRun run = runAttentionLab({u"model"_s, folder, u"--text"_s, u"a"_s});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(run.out.isEmpty());
}

void TestModelCommands::unusedTensorsAreNamed_data()
{
    QTest::addColumn<QString>("checkpoint");
    QTest::addColumn<int>("layers");
    QTest::addColumn<QString>("warning");
    // Every fixture as it is: no tensor left over, so no warning.
    for (const char *name : {"gpt2-tiny", "bert-tiny"})
        QTest::newRow(name) << QString::fromLatin1(name) << 0 << QString();
    QTest::newRow("GPT-2, n_layer 1 of 2")
        << u"gpt2-tiny"_s << 1
        << u"tensors are not used by the configuration (h.1.attn.c_attn.bias, "
           "h.1.attn.c_attn.weight, h.1.attn.c_proj.bias and 9 more); does config.json describe "
           "these weights?"_s;
    QTest::newRow("BERT, num_hidden_layers 1 of 2")
        << u"bert-tiny"_s << 1
        << u"tensors are not used by the configuration (bert.encoder.layer.1."_s;
}

void TestModelCommands::unusedTensorsAreNamed()
{
    // A config.json with fewer layers than the weights ran silently on the
    // first layers; transformers warns of unused weights, and so do we.
    QFETCH(QString, checkpoint);
    QFETCH(int, layers);
    QFETCH(QString, warning);
    QTemporaryDir dir;
    const QString folder = dir.filePath(checkpoint);
    QVERIFY(QDir().mkpath(folder));
    const QDir source(QStringLiteral(TEST_DATA_DIR "/models/") + checkpoint);
    for (const QString &name : source.entryList(QDir::Files))
        QVERIFY(QFile::copy(source.filePath(name), folder + QLatin1Char('/') + name));
    if (layers > 0) {
        QFile config(folder + u"/config.json"_s);
        QVERIFY(config.open(QIODevice::ReadOnly));
        QJsonObject object = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        const QString key = object.contains(u"n_layer"_s) ? u"n_layer"_s : u"num_hidden_layers"_s;
        object.insert(key, layers);
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(QJsonDocument(object).toJson());
        config.close();
    }
    const BinaryRun run = runAttentionLab({u"model"_s, folder, u"--text"_s, u"the cat"_s});
    QCOMPARE(run.exitCode, 0);
    const QString err = QString::fromUtf8(run.err);
    if (warning.isEmpty()) {
        QCOMPARE(err, QString());
    } else {
        QVERIFY2(err.startsWith(u"attention-lab: warning: "_s), qPrintable(err));
        QVERIFY2(err.contains(warning), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
    }
}

void TestModelCommands::tokenizeJson_data()
{
    QTest::addColumn<QString>("checkpoint");
    QTest::addColumn<QString>("text");
    QTest::newRow("GPT-2") << u"gpt2-tiny"_s << u"The cat sat on the mat."_s;
    QTest::newRow("BERT, a mask") << u"bert-tiny"_s << u"The cat sat on the [MASK]."_s;
}

void TestModelCommands::tokenizeJson()
{
    QFETCH(QString, checkpoint);
    QFETCH(QString, text);
    const BinaryRun run =
        runAttentionLab({u"tokenize"_s, model(checkpoint), u"--text"_s, text, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = jsonOf(run);
    QCOMPARE(json.keys(), (QStringList{u"ids"_s, u"tokens"_s}));
    const QJsonObject reference = referenceCase(checkpoint, text);
    QCOMPARE(json[u"ids"_s].toArray(), reference[u"ids"_s].toArray());
    QCOMPARE(json[u"tokens"_s].toArray(), reference[u"tokens"_s].toArray());

    const BinaryRun table = runAttentionLab({u"tokenize"_s, model(checkpoint), u"--text"_s, text});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains(reference[u"tokens"_s].toArray().last().toString().toUtf8()));
}

/// A folder of tokenizer.json and config.json, no weights (a tiny file of
/// tests/data/tokenizers/hub, whose cases hold Hugging Face's ids).
void TestModelCommands::tokenizeTokenizerJsonAlone()
{
    const QString tiny = QStringLiteral(TEST_DATA_DIR "/tokenizers/hub/tiny/");
    QTemporaryDir dir;
    QVERIFY(QFile::copy(tiny + u"metaspace_first.json"_s, dir.filePath(u"tokenizer.json"_s)));
    QFile config(dir.filePath(u"config.json"_s));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(R"({"model_type": "llama"})");
    config.close();

    QFile casesFile(tiny + u"metaspace_first_cases.json"_s);
    QVERIFY(casesFile.open(QIODevice::ReadOnly));
    QJsonArray expected;
    for (const QJsonValue &c : QJsonDocument::fromJson(casesFile.readAll())[u"cases"_s].toArray())
        if (c[u"text"_s].toString() == u"cat<s>the cat"_s)
            expected = c[u"ids"_s].toArray();
    QVERIFY(!expected.isEmpty());

    const BinaryRun run =
        runAttentionLab({u"tokenize"_s, dir.path(), u"--text"_s, u"cat<s>the cat"_s, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(jsonOf(run)[u"ids"_s].toArray(), expected);
    const BinaryRun table = runAttentionLab({u"tokenize"_s, dir.path(), u"--text"_s, u"the cat"_s});
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.contains("cat"), table.out.constData());

    // A tokenizer.json it cannot read: one line naming the file, status 2.
    QFile broken(dir.filePath(u"tokenizer.json"_s));
    QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
    broken.write(R"({"model": {"type": "WordLevel", "vocab": {}}})");
    broken.close();
    const BinaryRun refused =
        runAttentionLab({u"tokenize"_s, dir.path(), u"--text"_s, u"the cat"_s});
    QCOMPARE(refused.exitCode, 2);
    // The file's name ends the path (inputText shortens a long one in the middle).
    QVERIFY2(refused.err.contains(".json: model \"WordLevel\" is not supported"),
             refused.err.constData());
    QCOMPARE(refused.err.count('\n'), 1);
}

void TestModelCommands::modelJson_data()
{
    tokenizeJson_data();
}

void TestModelCommands::modelJson()
{
    QFETCH(QString, checkpoint);
    QFETCH(QString, text);
    const BinaryRun run =
        runAttentionLab({u"model"_s, model(checkpoint), u"--text"_s, text, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = jsonOf(run);
    const bool gpt2 = checkpoint.startsWith(u"gpt2"_s);
    QStringList members{u"model_type"_s,   u"layers"_s,
                        u"heads"_s,        u"d_model"_s,
                        u"kv_heads"_s,     u"head_dim"_s,
                        u"positions"_s,    u"layer_attention"_s,
                        u"tokens"_s,       u"ids"_s,
                        u"sets"_s,         u"set"_s,
                        u"entropy_bits"_s, gpt2 ? u"top_next"_s : u"masked"_s};
    members.sort();
    QCOMPARE(json.keys(), members);
    // Each layer alike: no window, the learned positions.
    const QJsonArray layers = json[u"layer_attention"_s].toArray();
    QCOMPARE(layers.size(), 2);
    for (const QJsonValue &layer : layers) {
        QVERIFY(layer[u"window"_s].isNull());
        QCOMPARE(layer[u"positions"_s].toString(), u"learned"_s);
    }
    QCOMPARE(json[u"model_type"_s].toString(), gpt2 ? u"gpt2"_s : u"bert"_s);
    QCOMPARE(json[u"layers"_s].toInt(), 2);
    QCOMPARE(json[u"heads"_s].toInt(), 4);
    QCOMPARE(json[u"d_model"_s].toInt(), 32);
    QCOMPARE(json[u"kv_heads"_s].toInt(), 4);
    QCOMPARE(json[u"head_dim"_s].toInt(), 8);
    QCOMPARE(json[u"positions"_s].toString(), u"learned"_s);
    const QJsonObject reference = referenceCase(checkpoint, text);
    QCOMPARE(json[u"ids"_s].toArray(), reference[u"ids"_s].toArray());
    // Each head's mean row entropy, from PyTorch's attention, in bits.
    const QJsonArray attentions = reference[u"attentions"_s].toArray();
    const int n = int(reference[u"ids"_s].toArray().size());
    const QJsonArray entropy = json[u"entropy_bits"_s].toArray();
    QCOMPARE(entropy.size(), 2);
    for (int l = 0; l < 2; ++l) {
        for (int h = 0; h < 4; ++h) {
            double sum = 0.0;
            for (int q = 0; q < n; ++q) {
                for (int k = 0; k < n; ++k) {
                    const double a = attentions[((l * 4 + h) * n + q) * n + k].toDouble();
                    if (a > 0)
                        sum -= a * std::log2(a);
                }
            }
            QVERIFY(std::abs(entropy[l][h].toDouble() - sum / n) < 1e-4);
        }
    }
    const QJsonArray expectedTop =
        gpt2 ? reference[u"top_next"_s].toArray() : reference[u"masked"_s][0][u"top"_s].toArray();
    const QJsonArray top =
        gpt2 ? json[u"top_next"_s].toArray() : json[u"masked"_s][0][u"top"_s].toArray();
    QCOMPARE(top.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(top[i][u"id"_s].toInt(), expectedTop[i][u"id"_s].toInt());
        QVERIFY(std::abs(top[i][u"p"_s].toDouble() - expectedTop[i][u"p"_s].toDouble()) < 1e-5);
        QVERIFY(!top[i][u"token"_s].toString().isEmpty());
    }
    if (!gpt2)
        QCOMPARE(json[u"masked"_s][0][u"position"_s].toInt(),
                 reference[u"mask_positions"_s][0].toInt());
}

void TestModelCommands::modelText()
{
    const BinaryRun run = runAttentionLab(
        {u"model"_s, model(u"gpt2-tiny"_s), u"--text"_s, u"The cat sat on the mat."_s});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("gpt2-tiny"));
    QVERIFY(run.out.contains("mean entropy"));
    QVERIFY(run.out.contains("most likely next tokens"));
}

void TestModelCommands::writesAttention_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::newRow("npz") << u".npz"_s;
    QTest::newRow("safetensors") << u".safetensors"_s;
}

void TestModelCommands::writesAttention()
{
    QFETCH(QString, suffix);
    QTemporaryDir dir;
    const QString out = dir.filePath(u"attention"_s + suffix);
    const QString text = u"The cat sat on the mat."_s;
    const BinaryRun run =
        runAttentionLab({u"model"_s, model(u"gpt2-tiny"_s), u"--text"_s, text, u"-o"_s, out});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    const BinaryRun inspect = runAttentionLab({u"inspect"_s, out, u"--json"_s});
    QCOMPARE(inspect.exitCode, 0);
    const QJsonObject json = jsonOf(inspect);
    const QJsonObject reference = referenceCase(u"gpt2-tiny"_s, text);
    QCOMPARE(json[u"shape"_s].toArray(), (QJsonArray{2, 4, 7, 7}));
    QCOMPARE(json[u"tokens"_s].toArray(), reference[u"tokens"_s].toArray());
}

void TestModelCommands::writesHeadSession()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(u"head.json"_s);
    const QString text = u"it was the animal"_s;
    const BinaryRun run = runAttentionLab({u"model"_s, model(u"gpt2-tiny"_s), u"--text"_s, text,
                                           u"--session"_s, u"1.1"_s, u"-o"_s, out});
    QCOMPARE(run.exitCode, 0);
    const BinaryRun eval = runAttentionLab({u"eval"_s, out});
    QCOMPARE(eval.exitCode, 0);
    const QJsonObject json = jsonOf(eval);
    // The last layer's head 1 is what the reference keeps q, k and v of: its
    // weights are PyTorch's attention of that head.
    const QJsonObject reference = referenceCase(u"gpt2-tiny"_s, text);
    const QJsonArray attentions = reference[u"attentions"_s].toArray();
    const QJsonArray weights = json[u"weights"_s].toArray();
    const int n = 4;
    QCOMPARE(weights.size(), n);
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k)
            QVERIFY(std::abs(weights[q][k].toDouble() -
                             attentions[((1 * 4 + 1) * n + q) * n + k].toDouble()) < 1e-5);
}

void TestModelCommands::everyWriterWritesAlike_data()
{
    // Every writer through one piece of code (io/outputfile): a link is
    // written through, a read-only file refused and left as it was, an
    // existing file keeps its permissions, a new one gets 0666 less the umask.
    QTest::addColumn<QString>("writer"); // npz, safetensors, session, figure
    QTest::addColumn<QString>("before"); // none, file, link, read-only, link to read-only
    QTest::addColumn<int>("mode");       // of the existing file, or 0
    for (const char *writer : {"npz", "safetensors", "session", "figure"}) {
        const QString w = QString::fromLatin1(writer);
        QTest::addRow("%s: a new file", writer) << w << u"none"_s << 0;
        QTest::addRow("%s: an existing file, 0600", writer) << w << u"file"_s << 0600;
        QTest::addRow("%s: through a symbolic link", writer) << w << u"link"_s << 0640;
        QTest::addRow("%s: a read-only file", writer) << w << u"read-only"_s << 0444;
        QTest::addRow("%s: a link to a read-only file", writer)
            << w << u"link to read-only"_s << 0444;
    }
}

void TestModelCommands::everyWriterWritesAlike()
{
    QFETCH(QString, writer);
    QFETCH(QString, before);
    QFETCH(int, mode);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gpt2 = model(u"gpt2-tiny"_s);
    const QString text = u"The cat sat"_s;
    // The figure is a session's, written first.
    const QString session = dir.filePath(u"head.json"_s);
    if (writer == u"figure"_s)
        QCOMPARE(runAttentionLab({u"model"_s, gpt2, u"--text"_s, text, u"--session"_s, u"1.1"_s,
                                  u"-o"_s, session})
                     .exitCode,
                 0);
    const QString suffix = writer == u"npz"_s           ? u".npz"_s
                           : writer == u"safetensors"_s ? u".safetensors"_s
                           : writer == u"session"_s     ? u".json"_s
                                                        : u".png"_s;
    const QString target = dir.filePath(u"target"_s + suffix);
    const QString out = before.startsWith(u"link"_s) ? dir.filePath(u"link"_s + suffix) : target;
    const QByteArray old = "old contents\n";
    if (before != u"none"_s) {
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(old) == old.size());
        file.close();
        QCOMPARE(::chmod(QFile::encodeName(target).constData(), mode_t(mode)), 0);
    }
    if (before.startsWith(u"link"_s))
        QVERIFY(QFile::link(u"target"_s + suffix, out)); // relative, as ln -s makes it

    QStringList arguments;
    if (writer == u"figure"_s)
        arguments = {u"export"_s,  session, u"-o"_s,       out,
                     u"--width"_s, u"64"_s, u"--height"_s, u"48"_s};
    else if (writer == u"session"_s)
        arguments = {u"model"_s, gpt2, u"--text"_s, text, u"--session"_s, u"1.1"_s, u"-o"_s, out};
    else
        arguments = {u"model"_s, gpt2, u"--text"_s, text, u"-o"_s, out};
    const BinaryRun run = runAttentionLab(arguments);

    struct stat info
    {
    };
    QCOMPARE(::stat(QFile::encodeName(target).constData(), &info), 0);
    const mode_t permissions = info.st_mode & 07777;
    if (before.startsWith(u"link"_s))
        QVERIFY2(QFileInfo(out).isSymLink(), "the link was replaced");
    QFile written(target);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray contents = written.readAll();
    if (before.endsWith(u"read-only"_s)) {
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.endsWith(": cannot be written: it is read-only\n"), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QCOMPARE(contents, old);
        QCOMPARE(permissions, mode_t(0444));
    } else {
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray magic = writer == u"npz"_s       ? QByteArray("PK\x03\x04")
                                 : writer == u"session"_s ? QByteArray("{")
                                 : writer == u"figure"_s  ? QByteArray("\x89PNG")
                                                          : QByteArray();
        QVERIFY2(contents != old && contents.startsWith(magic), contents.left(16).constData());
        const mode_t mask = ::umask(0);
        ::umask(mask);
        QCOMPARE(permissions, before == u"none"_s ? mode_t(0666 & ~mask) : mode_t(mode));
        // What was written reads back.
        if (writer == u"npz"_s || writer == u"safetensors"_s) {
            const BinaryRun inspect = runAttentionLab({u"inspect"_s, out, u"--json"_s});
            QCOMPARE(inspect.exitCode, 0);
            QCOMPARE(jsonOf(inspect)[u"shape"_s].toArray(), (QJsonArray{2, 4, 3, 3}));
        }
    }
    // Nothing left beside it: no temporary file.
    const QStringList left =
        QDir(dir.path())
            .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    for (const QString &name : left)
        QVERIFY2(!name.startsWith(QLatin1Char('.')), qPrintable(name));
}

void TestModelCommands::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const QString gpt2 = model(u"gpt2-tiny"_s);
    QTest::newRow("no folder") << QStringList{u"model"_s} << u"model needs a model's folder"_s;
    QTest::newRow("no text") << QStringList{u"tokenize"_s, gpt2} << u"needs the text to read"_s;
    QTest::newRow("missing folder")
        << QStringList{u"model"_s, model(u"nothing"_s), u"--text"_s, u"a"_s} << u"no such folder"_s;
    QTest::newRow("a file, not a folder")
        << QStringList{u"model"_s, model(u"reference.json"_s), u"--text"_s, u"a"_s}
        << u"is not a folder"_s;
    QTest::newRow("empty text") << QStringList{u"model"_s, gpt2, u"--text"_s, u""_s}
                                << u"the text is empty"_s;
    QTest::newRow("too long") << QStringList{u"model"_s, gpt2, u"--text"_s,
                                             u"the cat "_s.repeated(40)}
                              << u"this model reads at most 32"_s;
    QTest::newRow("session out of range")
        << QStringList{u"model"_s,     gpt2,     u"--text"_s, u"a"_s,
                       u"--session"_s, u"2.0"_s, u"-o"_s,     u"x.json"_s}
        << u"--session: 2 is out of range (0 to 1)"_s;
    QTest::newRow("session not L.H")
        << QStringList{u"model"_s,     gpt2,   u"--text"_s, u"a"_s,
                       u"--session"_s, u"3"_s, u"-o"_s,     u"x.json"_s}
        << u"is not LAYER.HEAD"_s;
    QTest::newRow("session without json")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a"_s, u"--session"_s, u"1.1"_s}
        << u"give -o HEAD.json"_s;
    QTest::newRow("json output without session")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a"_s, u"-o"_s, u"x.json"_s}
        << u"a session file needs --session"_s;
    QTest::newRow("unknown output format")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a"_s, u"-o"_s, u"x.npy"_s}
        << u"use .npz or .safetensors"_s;
    QTest::newRow("pair for GPT-2")
        << QStringList{u"tokenize"_s, gpt2, u"--text"_s, u"a"_s, u"--pair"_s, u"b"_s}
        << u"(--pair) is for BERT"_s;
    QTest::newRow("bos elsewhere") << QStringList{u"--one"_s, u"--bos"_s} << u"--bos applies to"_s;
}

void TestModelCommands::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const BinaryRun run = runAttentionLab(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(run.out.isEmpty());
}

void TestModelCommands::invalidUtf8_data()
{
    // A shell command after "$0" (the binary): $1 is gpt2-tiny, $2 the lecture.
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("expected");
    QTest::newRow("--text with 0xff")
        << u"tokenize \"$1\" --text \"$(printf 'ab\\377c')\""_s
        << u"attention-lab: --text is not valid UTF-8 (byte 0xff at byte 2); give the text in "
           "UTF-8\n"_s;
    // The first byte that starts no valid sequence, not the end of the text.
    QTest::newRow("--text= with a sequence cut at its end")
        << u"tokenize \"$1\" --text=\"$(printf 'ab\\342\\202')\""_s
        << u"attention-lab: --text is not valid UTF-8 (byte 0xe2 at byte 2); give the text in "
           "UTF-8\n"_s;
    QTest::newRow("--pair with an encoded surrogate")
        << u"tokenize \"$1\" --text a --pair \"$(printf 'x\\355\\240\\200')\""_s
        << u"attention-lab: --pair is not valid UTF-8 (byte 0xed at byte 1); give the text in "
           "UTF-8\n"_s;
    // Issue 19, item 12: written under another name (U+FFFD) before.
    QTest::newRow("model -o with 0xff")
        << u"model \"$1\" --text hi -o \"$(printf 'a\\377b.npz')\""_s
        << u"attention-lab: -o: \"a\\xffb.npz\" is not valid UTF-8 (byte 0xff at byte 1); file "
           "names and values are taken as UTF-8\n"_s;
    QTest::newRow("export -o with 0xff")
        << u"export \"$2\" -o \"$(printf 'fig\\377.png')\""_s
        << u"attention-lab: -o: \"fig\\xff.png\" is not valid UTF-8 (byte 0xff at byte 3); file "
           "names and values are taken as UTF-8\n"_s;
    QTest::newRow("--tokens= with 0xff")
        << u"inspect \"$2\" --tokens=\"$(printf 't\\377.txt')\""_s
        << u"attention-lab: --tokens: \"t\\xff.txt\" is not valid UTF-8 (byte 0xff at byte 1); "
           "file names and values are taken as UTF-8\n"_s;
    QTest::newRow("a model folder with 0xff")
        << u"tokenize \"$(printf 'gpt\\377')\" --text hi"_s
        << u"attention-lab: \"gpt\\xff\" is not valid UTF-8 (byte 0xff at byte 3); file names "
           "and values are taken as UTF-8\n"_s;
}

void TestModelCommands::invalidUtf8()
{
    QFETCH(QString, command);
    QFETCH(QString, expected);
    // QProcess passes arguments as text; the shell passes the raw bytes.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QProcess shell;
    shell.setWorkingDirectory(dir.path());
    shell.start(u"/bin/sh"_s,
                {u"-c"_s, u"\"$0\" "_s + command, QStringLiteral(ATTENTION_LAB_EXECUTABLE),
                 model(u"gpt2-tiny"_s), QStringLiteral(PRESETS_DIR "/lecture.json")});
    QVERIFY(shell.waitForFinished(60000));
    QCOMPARE(shell.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(shell.readAllStandardError()), expected);
    QVERIFY(shell.readAllStandardOutput().isEmpty());
    // Nothing written under any name.
    QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList());
}

QTEST_GUILESS_MAIN(TestModelCommands)
#include "tst_modelcommands.moc"
