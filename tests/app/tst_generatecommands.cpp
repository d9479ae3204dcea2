// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `generate`, `lens` and `bench --generate` through the built binary, as a
// script runs them, on every tiny causal checkpoint: the JSON's members, the
// steps' ranks and alternatives, the attention -o writes read back by
// `inspect`, the same seed the same text, the lens's last layer the model's
// own next tokens, and every refusal one line with exit status 2. The numbers
// themselves are checked against PyTorch by tests/io/tst_generation.

#include "binaryrun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QJsonObject jsonOf(const BinaryRun &run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", run.out.constData());
    return doc.object();
}

void addCausalRows()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("text");
    QTest::newRow("gpt2-tiny") << QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny") << u"the cat"_s;
    for (const char *name : {"llama-gqa", "llama3-mqa", "mistral-window", "qwen2-bias",
                             "qwen3-headdim", "pythia-partial"})
        QTest::newRow(name) << QStringLiteral(TEST_DATA_DIR "/decoders/") + QLatin1String(name)
                            << u"hello world"_s;
}

} // namespace

class TestGenerateCommands : public QObject
{
    Q_OBJECT

private slots:
    void generateJson_data() { addCausalRows(); }
    void generateJson();
    void generateText();
    void sameSeedSameText();
    void lensJson_data() { addCausalRows(); }
    void lensJson();
    void benchGenerate();
    void benchGuiGenerate();
    void refusals_data();
    void refusals();
};

void TestGenerateCommands::generateJson()
{
    QFETCH(QString, folder);
    QFETCH(QString, text);
    QTemporaryDir dir;
    const QString output = dir.filePath(u"text.npz"_s);
    const BinaryRun run = runAttentionLab({u"generate"_s, folder, u"--text"_s, text, u"--tokens"_s,
                                           u"8"_s, u"--json"_s, u"-o"_s, output});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const QJsonObject json = jsonOf(run);
    const QJsonArray ids = json[u"ids"_s].toArray();
    const QJsonArray tokens = json[u"tokens"_s].toArray();
    const QJsonArray steps = json[u"steps"_s].toArray();
    const int prompt = json[u"prompt_length"_s].toInt();
    QVERIFY(prompt > 0);
    QVERIFY(json[u"memory_bytes"_s].toDouble() > 0.0);
    QCOMPARE(ids.size(), tokens.size());
    QCOMPARE(ids.size(), prompt + steps.size());
    const QString stop = json[u"stop"_s].toString();
    QVERIFY(stop == u"tokens"_s || stop == u"end-of-text"_s);
    if (stop == u"tokens"_s)
        QCOMPARE(steps.size(), 8);
    for (qsizetype s = 0; s < steps.size(); ++s) {
        const QJsonObject step = steps[s].toObject();
        QCOMPARE(step[u"id"_s], ids[prompt + s]);
        QCOMPARE(step[u"token"_s], tokens[prompt + s]);
        QCOMPARE(step[u"rank"_s].toInt(), 1); // greedy by default
        const QJsonArray top = step[u"top"_s].toArray();
        QCOMPARE(top.size(), 5);
        QCOMPARE(top[0][u"id"_s], step[u"id"_s]);
        QCOMPARE(top[0][u"p"_s].toDouble(), step[u"p"_s].toDouble());
        for (qsizetype t = 1; t < top.size(); ++t)
            QVERIFY(top[t][u"p"_s].toDouble() <= top[t - 1][u"p"_s].toDouble());
    }
    // The whole text's attention, one row per token.
    const BinaryRun inspect = runAttentionLab({u"inspect"_s, output, u"--json"_s});
    QCOMPARE(inspect.exitCode, 0);
    const QJsonObject shape = jsonOf(inspect);
    QCOMPARE(shape[u"queries"_s].toInt(), int(ids.size()));
    QCOMPARE(shape[u"keys"_s].toInt(), int(ids.size()));
    QCOMPARE(shape[u"tokens"_s].toArray(), tokens);
}

void TestGenerateCommands::generateText()
{
    const QString folder = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const BinaryRun run =
        runAttentionLab({u"generate"_s, folder, u"--text"_s, u"the cat"_s, u"--tokens"_s, u"5"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const BinaryRun json = runAttentionLab(
        {u"generate"_s, folder, u"--text"_s, u"the cat"_s, u"--tokens"_s, u"5"_s, u"--json"_s});
    // The prompt, then what was written (bytes as they come, a character
    // split between tokens too), then a newline.
    QVERIFY(run.out.startsWith("the cat"));
    QVERIFY(run.out.endsWith('\n'));
    QCOMPARE(QString::fromUtf8(run.out.chopped(1)), jsonOf(json)[u"text"_s].toString());
}

void TestGenerateCommands::sameSeedSameText()
{
    const QString folder = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    auto ids = [&](const QString &seed) {
        const BinaryRun run =
            runAttentionLab({u"generate"_s, folder, u"--text"_s, u"the cat"_s, u"--tokens"_s,
                             u"20"_s, u"--temperature"_s, u"1.5"_s, u"--top-k"_s, u"50"_s,
                             u"--top-p"_s, u"0.95"_s, u"--seed"_s, seed, u"--json"_s});
        const QJsonObject json = jsonOf(run);
        if (json[u"stop"_s].toString() == u"tokens"_s && json[u"steps"_s].toArray().size() != 20)
            return QJsonArray();
        return json[u"ids"_s].toArray();
    };
    const QJsonArray first = ids(u"7"_s);
    QVERIFY(!first.isEmpty());
    QCOMPARE(ids(u"7"_s), first);
    QVERIFY(ids(u"8"_s) != first);
}

void TestGenerateCommands::lensJson()
{
    QFETCH(QString, folder);
    QFETCH(QString, text);
    const BinaryRun run = runAttentionLab({u"lens"_s, folder, u"--text"_s, text, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const QJsonObject json = jsonOf(run);
    const int layers = json[u"layers"_s].toInt();
    const QJsonArray ids = json[u"ids"_s].toArray();
    QCOMPARE(json[u"tokens"_s].toArray().size(), ids.size());
    const QJsonArray top = json[u"top"_s].toArray();
    QVERIFY(layers >= 1);
    QCOMPARE(top.size(), layers);
    for (const QJsonValue &layer : top) {
        QCOMPARE(layer.toArray().size(), ids.size());
        for (const QJsonValue &cell : layer.toArray()) {
            QCOMPARE(cell.toArray().size(), 5);
            for (const QJsonValue &token : cell.toArray()) {
                QVERIFY(token[u"token"_s].isString());
                QVERIFY(token[u"p"_s].toDouble() > 0.0 && token[u"p"_s].toDouble() <= 1.0);
            }
        }
    }
    // The last layer at the last position is the model's own prediction,
    // what generate's first step lists.
    const BinaryRun generate = runAttentionLab(
        {u"generate"_s, folder, u"--text"_s, text, u"--tokens"_s, u"1"_s, u"--json"_s});
    const QJsonArray alternatives = jsonOf(generate)[u"steps"_s][0][u"top"_s].toArray();
    const QJsonArray last = top[layers - 1].toArray()[ids.size() - 1].toArray();
    for (qsizetype t = 0; t < 5; ++t) {
        QCOMPARE(last[t][u"id"_s], alternatives[t][u"id"_s]);
        QVERIFY(std::abs(last[t][u"p"_s].toDouble() - alternatives[t][u"p"_s].toDouble()) < 1e-5);
    }
}

void TestGenerateCommands::benchGenerate()
{
    const QString folder = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const BinaryRun run = runAttentionLab(
        {u"bench"_s, u"--model"_s, folder, u"--generate"_s, u"--tokens"_s, u"4"_s, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = jsonOf(run);
    for (const char *key :
         {"model", "threads", "prompt", "tokens", "first_token_ms", "per_token_ms_median"})
        QVERIFY2(json.contains(QLatin1String(key)), key);
    // gpt2-tiny has 32 positions: the prompt leaves room for the tokens.
    QCOMPARE(json[u"prompt"_s].toInt() + json[u"tokens"_s].toInt(), 32);
    QVERIFY(json[u"first_token_ms"_s].toDouble() > 0.0);
}

void TestGenerateCommands::benchGuiGenerate()
{
    // The window's Generate: every token written is counted, each drawn one
    // timed from its computation to the grid drawn; BERT writes nothing.
    const QString gpt2 = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const BinaryRun run = runAttentionLab(
        {u"bench"_s, u"--gui"_s, u"--model"_s, gpt2, u"--n"_s, u"8"_s, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject json = jsonOf(run);
    QCOMPARE(json[u"tokens"_s].toInt(), 8);
    QCOMPARE(json[u"generated_tokens"_s].toInt(), 20);
    const int drawn = json[u"drawn_tokens"_s].toInt();
    QVERIFY2(drawn >= 1 && drawn <= 20, qPrintable(QString::number(drawn)));
    QVERIFY(json[u"token_drawn_ms"_s].toDouble() > 0.0);
    QVERIFY(json[u"token_drawn_max_ms"_s].toDouble() >= json[u"token_drawn_ms"_s].toDouble());
    const BinaryRun bert = runAttentionLab({u"bench"_s, u"--gui"_s, u"--model"_s,
                                            QStringLiteral(TEST_DATA_DIR "/models/bert-tiny"),
                                            u"--n"_s, u"8"_s, u"--json"_s});
    QCOMPARE(bert.exitCode, 0);
    QVERIFY(jsonOf(bert).contains(u"keystroke_ms"_s));
    QVERIFY(!jsonOf(bert).contains(u"generated_tokens"_s));
}

void TestGenerateCommands::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const QString gpt2 = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const QString bert = QStringLiteral(TEST_DATA_DIR "/models/bert-tiny");
    const QStringList generate{u"generate"_s, gpt2, u"--text"_s, u"the cat"_s};
    QTest::newRow("0 tokens") << generate + QStringList{u"--tokens"_s, u"0"_s}
                              << u"--tokens: 0 is out of range"_s;
    QTest::newRow("temperature 0")
        << generate + QStringList{u"--temperature"_s, u"0"_s} << u"--temperature must be above 0"_s;
    QTest::newRow("temperature -1") << generate + QStringList{u"--temperature"_s, u"-1"_s}
                                    << u"--temperature must be above 0"_s;
    QTest::newRow("top-p 0") << generate + QStringList{u"--top-p"_s, u"0"_s}
                             << u"--top-p must be in (0, 1]"_s;
    QTest::newRow("top-p 1.5") << generate + QStringList{u"--top-p"_s, u"1.5"_s}
                               << u"--top-p must be in (0, 1]"_s;
    QTest::newRow("top-k 0") << generate + QStringList{u"--top-k"_s, u"0"_s}
                             << u"--top-k: 0 is out of range"_s;
    QTest::newRow("greedy with a seed")
        << generate + QStringList{u"--greedy"_s, u"--seed"_s, u"1"_s}
        << u"--greedy takes the most likely token"_s;
    QTest::newRow("a prompt longer than the positions")
        << QStringList{u"generate"_s, gpt2, u"--text"_s, u"the cat "_s.repeated(40)}
        << u"this model reads at most 32"_s;
    QTest::newRow("a prompt filling the positions")
        << QStringList{u"generate"_s, gpt2, u"--text"_s, u"t"_s.repeated(32)}
        << u"fill the model's 32 positions"_s;
    QTest::newRow("BERT generate")
        << QStringList{u"generate"_s, bert, u"--text"_s, u"a"_s} << u"BERT is not a causal model"_s;
    QTest::newRow("BERT lens") << QStringList{u"lens"_s, bert, u"--text"_s, u"a"_s}
                               << u"BERT is not a causal model"_s;
    QTest::newRow("-o of an unknown format")
        << generate + QStringList{u"-o"_s, u"out.png"_s} << u"unknown format"_s;
    QTest::newRow("--greedy elsewhere")
        << QStringList{u"model"_s, gpt2, u"--text"_s, u"a"_s, u"--greedy"_s}
        << u"--greedy applies to generate"_s;
    QTest::newRow("--generate without a model")
        << QStringList{u"bench"_s, u"--generate"_s} << u"bench --generate needs a model"_s;
    QTest::newRow("bench --generate on BERT")
        << QStringList{u"bench"_s, u"--model"_s, bert, u"--generate"_s}
        << u"BERT is not a causal model"_s;
}

void TestGenerateCommands::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QDir::setCurrent(dir.path());
    const BinaryRun run = runAttentionLab(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
    QCOMPARE(run.err.count('\n'), 1);
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestGenerateCommands)
#include "tst_generatecommands.moc"
