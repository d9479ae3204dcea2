// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The built-in model (resources/models/builtin, trained by
// scripts/train_builtin_model.py) through the real binary: the first tests
// of the project on trained weights. Its known heads hold the scores their
// roles need by the program's own detectors; the model card's numbers are
// what `inspect` reports; its tokenizer encodes as the training script did;
// `builtin` stands for it wherever a model's folder goes.

#include "binaryrun.h"
#include "builtincard.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

const QList<int> kProbeLengths = {25, 40};

/// knownheads.json's group for the built-in model.
QJsonArray knownEntries()
{
    const QJsonObject table =
        QJsonDocument::fromJson(readFile(QStringLiteral(KNOWN_HEADS_JSON))).object();
    for (const QJsonValue &model : table.value(u"models"_s).toArray())
        if (model.toObject().value(u"id"_s).toString() == QLatin1String("builtin"))
            return model.toObject().value(u"entries"_s).toArray();
    return {};
}

/// `model builtin ARGS -o x.npz`, then `inspect x.npz --json`; empty on failure.
QJsonObject inspected(const QStringList &modelArguments)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"attention.npz"_s);
    const BinaryRun model = runAttentionLab(QStringList{u"model"_s, u"builtin"_s} + modelArguments +
                                            QStringList{u"-o"_s, file});
    if (model.exitCode != 0) {
        qWarning() << "model:" << model.err;
        return {};
    }
    const BinaryRun inspect = runAttentionLab({u"inspect"_s, file, u"--json"_s});
    if (inspect.exitCode != 0) {
        qWarning() << "inspect:" << inspect.err;
        return {};
    }
    return QJsonDocument::fromJson(inspect.out).object();
}

double at(const QJsonObject &report, const QString &key, int layer, int head)
{
    return report.value(key).toArray().at(layer).toArray().at(head).toDouble(std::nan(""));
}

/// A score over the card's sentences, averaged as the card does.
double sentenceMean(const QString &key, int layer, int head)
{
    const QStringList sentences = cardSentences();
    double sum = 0.0;
    for (const QString &s : sentences)
        sum += at(inspected({u"--text"_s, s}), key, layer, head);
    return sentences.isEmpty() ? std::nan("") : sum / double(sentences.size());
}

double probeScore(int length, int layer, int head, const QString &key = u"induction_repeats"_s)
{
    return at(inspected({u"--repeat-random"_s, QString::number(length), u"--seed"_s, u"0"_s}), key,
              layer, head);
}

} // namespace

class TestBuiltinModel : public QObject
{
    Q_OBJECT

private slots:
    void theCardAndTheTableAreThere();
    void knownHeadsHoldTheirScores_data();
    void knownHeadsHoldTheirScores();
    void cardMatchesInspect_data();
    void cardMatchesInspect();
    void cardGridsMatchInspect_data();
    void cardGridsMatchInspect();
    void cardListsTheKnownHeads();
    void cardSaysWhatDidNotForm();
    void tokenizerEncodesAsTraining_data();
    void tokenizerEncodesAsTraining();
    void everyCommandTakesBuiltin_data();
    void everyCommandTakesBuiltin();
    void probeRefusals_data();
    void probeRefusals();
};

void TestBuiltinModel::theCardAndTheTableAreThere()
{
    // The data the tests below are driven by: none of them may pass empty.
    QVERIFY(QFile::exists(builtinModelDir() + u"/model.safetensors"_s));
    QVERIFY(QFileInfo(builtinModelDir() + u"/model.safetensors"_s).size() < 8 * 1024 * 1024);
    QCOMPARE(cardSentences().size(), 5);
    QCOMPARE(knownEntries().size(), cardRows().size());
    const QJsonObject config =
        QJsonDocument::fromJson(readFile(builtinModelDir() + u"/config.json"_s)).object();
    QCOMPARE(config.value(u"model_type"_s).toString(), u"gpt2"_s);
    QCOMPARE(config.value(u"n_layer"_s).toInt(), 4);
}

void TestBuiltinModel::knownHeadsHoldTheirScores_data()
{
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<QString>("role");
    for (const QJsonValue &v : knownEntries()) {
        const QJsonObject e = v.toObject();
        const int layer = e.value(u"layer"_s).toInt(), head = e.value(u"head"_s).toInt();
        const QString role = e.value(u"role"_s).toString();
        QTest::addRow("%d.%d %s", layer, head, qPrintable(role)) << layer << head << role;
    }
}

void TestBuiltinModel::knownHeadsHoldTheirScores()
{
    if (!QTest::currentDataTag())
        QSKIP("the card lists no head; cardSaysWhatDidNotForm checks why");
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(QString, role);
    if (role == QLatin1String("previous token")) {
        // The program's score, the mean of a[i][i-1] over rows i >= 1, over ordinary sentences.
        const double score = sentenceMean(u"previous_token"_s, layer, head);
        QVERIFY2(score >= 0.8, qPrintable(QString::number(score)));
    } else if (role == QLatin1String("induction")) {
        // Olsson et al.'s probe at both lengths, in a layer after the first.
        QVERIFY(layer >= 1);
        for (int n : kProbeLengths) {
            const double olsson = probeScore(n, layer, head);
            QVERIFY2(olsson >= 0.4, qPrintable(u"%1 tokens: %2"_s.arg(n).arg(olsson)));
            // TransformerLens' score averages over every row, the first copy's too: about half.
            const double lens = probeScore(n, layer, head, u"induction"_s);
            QVERIFY2(std::abs(lens - olsson / 2) < 0.05,
                     qPrintable(u"%1 against %2"_s.arg(lens).arg(olsson)));
        }
    } else if (role == QLatin1String("first token (sink)")) {
        const double score = sentenceMean(u"first_token"_s, layer, head);
        QVERIFY2(score >= 0.5, qPrintable(QString::number(score)));
    } else {
        QFAIL(qPrintable(u"no detector for the role \"%1\""_s.arg(role)));
    }
}

void TestBuiltinModel::cardMatchesInspect_data()
{
    QTest::addColumn<int>("layer");
    QTest::addColumn<int>("head");
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("score");
    for (const CardRow &row : cardRows())
        QTest::addRow("%d.%d %s", row.layer, row.head, qPrintable(row.role))
            << row.layer << row.head << row.role << row.score;
}

void TestBuiltinModel::cardMatchesInspect()
{
    if (!QTest::currentDataTag())
        QSKIP("the card lists no head; cardSaysWhatDidNotForm checks why");
    // The card prints inspect's numbers to three decimals.
    QFETCH(int, layer);
    QFETCH(int, head);
    QFETCH(QString, role);
    QFETCH(QString, score);
    QString measured;
    if (role == QLatin1String("previous token")) {
        measured = QString::number(sentenceMean(u"previous_token"_s, layer, head), 'f', 3);
    } else if (role == QLatin1String("first token (sink)")) {
        measured = QString::number(sentenceMean(u"first_token"_s, layer, head), 'f', 3);
    } else if (role == QLatin1String("induction")) {
        QStringList both;
        for (int n : kProbeLengths)
            both << QString::number(probeScore(n, layer, head), 'f', 3);
        measured = both.join(u" / "_s);
    } else {
        QFAIL(qPrintable(u"the card names an unknown role \"%1\""_s.arg(role)));
    }
    QCOMPARE(measured, score);
}

void TestBuiltinModel::cardGridsMatchInspect_data()
{
    QTest::addColumn<QString>("title"); // the line above the grid on the card
    QTest::addColumn<QString>("key");   // inspect's JSON member
    QTest::addColumn<int>("probe");     // the probe's length, or 0: the sentences' mean
    QTest::newRow("previous token")
        << u"Previous-token score, layer x head"_s << u"previous_token"_s << 0;
    QTest::newRow("induction, 25")
        << u"Induction over repeats, 25 random"_s << u"induction_repeats"_s << 25;
    QTest::newRow("induction, 40")
        << u"Induction over repeats, 40 random"_s << u"induction_repeats"_s << 40;
    QTest::newRow("first token") << u"First-token score (sinks)"_s << u"first_token"_s << 0;
}

void TestBuiltinModel::cardGridsMatchInspect()
{
    // Every number of the card's layer x head grids, to its three decimals.
    QFETCH(QString, title);
    QFETCH(QString, key);
    QFETCH(int, probe);
    const QString card = QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s));
    const QString after = card.section(title, 1, 1);
    QVERIFY(!after.isEmpty());
    const QStringList lines = after.split(QLatin1Char('\n'));
    int checked = 0;
    for (int layer = 0; layer < 4; ++layer) {
        // The title's line, a blank, the header, the rule, then a row per layer.
        const QStringList cells =
            lines.value(4 + layer).split(QLatin1Char('|'), Qt::SkipEmptyParts);
        QCOMPARE(cells.size(), 5);
        QCOMPARE(cells[0].trimmed().toInt(), layer);
        for (int head = 0; head < 4; ++head) {
            const double value =
                probe ? probeScore(probe, layer, head, key) : sentenceMean(key, layer, head);
            QCOMPARE(cells[head + 1].trimmed(), QString::number(value, 'f', 3));
            ++checked;
        }
    }
    QCOMPARE(checked, 16);
}

void TestBuiltinModel::cardListsTheKnownHeads()
{
    // knownheads.json bookmarks exactly the heads the card found.
    QStringList card, known;
    for (const CardRow &row : cardRows())
        card << u"%1.%2 %3"_s.arg(row.layer).arg(row.head).arg(row.role);
    for (const QJsonValue &v : knownEntries()) {
        const QJsonObject e = v.toObject();
        known << u"%1.%2 %3"_s.arg(e.value(u"layer"_s).toInt())
                     .arg(e.value(u"head"_s).toInt())
                     .arg(e.value(u"role"_s).toString());
        QVERIFY(e.value(u"source"_s).toString().contains(u"probe"_s));
    }
    card.sort();
    known.sort();
    QCOMPARE(known, card);
}

void TestBuiltinModel::cardSaysWhatDidNotForm()
{
    // A role the card's table lacks is named, with the best score any head
    // reached, as inspect reports it, and that score is below the role's bar;
    // a role the table has is not named.
    const QString card = QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s));
    QStringList roles;
    for (const CardRow &row : cardRows())
        roles << row.role;
    const QString missing =
        card.section(u"**Not found in this run: "_s, 1, 1).section(u"\n"_s, 0, 0);
    const bool previousMissing = !roles.contains(u"previous token"_s);
    const bool inductionMissing = !roles.contains(u"induction"_s);
    QCOMPARE(missing.isEmpty(), !previousMissing && !inductionMissing);
    if (missing.isEmpty())
        return;
    QCOMPARE(missing.section(u" heads."_s, 0, 0).contains(u"previous token"_s), previousMissing);
    QCOMPARE(missing.section(u" heads."_s, 0, 0).contains(u"induction"_s), inductionMissing);
    // The best previous-token head, over the sentences; the best induction head after layer 0.
    double bestPrevious = -1.0, bestInduction = -1.0;
    QString previousHead, inductionHead;
    for (int layer = 0; layer < 4; ++layer) {
        for (int head = 0; head < 4; ++head) {
            const double p = sentenceMean(u"previous_token"_s, layer, head);
            if (p > bestPrevious) {
                bestPrevious = p;
                previousHead = u"%1.%2"_s.arg(layer).arg(head);
            }
            if (layer == 0)
                continue;
            double lower = 2.0;
            for (int n : kProbeLengths)
                lower = std::min(lower, probeScore(n, layer, head));
            if (lower > bestInduction) {
                bestInduction = lower;
                inductionHead = u"%1.%2"_s.arg(layer).arg(head);
            }
        }
    }
    QVERIFY2(missing.contains(u"previous-token score is %1 (head %2)"_s.arg(
                 QString::number(bestPrevious, 'f', 3), previousHead)),
             qPrintable(missing));
    QVERIFY2(missing.contains(u"after layer 0 %1 (head %2,"_s.arg(
                 QString::number(bestInduction, 'f', 3), inductionHead)),
             qPrintable(missing));
    QCOMPARE(bestPrevious >= 0.8, !previousMissing);
    QCOMPARE(bestInduction >= 0.4, !inductionMissing);
}

void TestBuiltinModel::tokenizerEncodesAsTraining_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("ids");
    const QJsonArray checks =
        QJsonDocument::fromJson(readFile(builtinModelDir() + u"/tokenizer_check.json"_s)).array();
    QVERIFY(!checks.isEmpty());
    for (const QJsonValue &v : checks) {
        QList<int> ids;
        for (const QJsonValue &id : v.toObject().value(u"ids"_s).toArray())
            ids << id.toInt();
        const QString text = v.toObject().value(u"text"_s).toString();
        QTest::newRow(qPrintable(text)) << text << ids;
    }
}

void TestBuiltinModel::tokenizerEncodesAsTraining()
{
    // Gpt2Tokenizer reads the script's vocab.json and merges.txt and gives
    // the ids the script trained on.
    QFETCH(QString, text);
    QFETCH(QList<int>, ids);
    const BinaryRun run =
        runAttentionLab({u"tokenize"_s, u"builtin"_s, u"--text"_s, text, u"--json"_s});
    QCOMPARE(run.exitCode, 0);
    QList<int> got;
    for (const QJsonValue &id : QJsonDocument::fromJson(run.out).object().value(u"ids"_s).toArray())
        got << id.toInt();
    QCOMPARE(got, ids);
}

void TestBuiltinModel::everyCommandTakesBuiltin_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected"); // a line the output holds
    QTest::newRow("model") << QStringList{u"model"_s, u"builtin"_s, u"--text"_s, u"a dog"_s}
                           << u"4 layers"_s;
    QTest::newRow("generate") << QStringList{u"generate"_s,        u"builtin"_s,  u"--text"_s,
                                             u"a member of the"_s, u"--tokens"_s, u"3"_s}
                              << u"a member of the"_s;
    QTest::newRow("lens") << QStringList{u"lens"_s, u"builtin"_s, u"--text"_s, u"a dog"_s}
                          << u"layer  3: "_s;
    QTest::newRow("bench --model")
        << QStringList{u"bench"_s, u"--model"_s, u"builtin"_s, u"--n"_s, u"16"_s, u"--json"_s}
        << u"resources/models/builtin"_s;
}

void TestBuiltinModel::everyCommandTakesBuiltin()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const BinaryRun run = runAttentionLab(arguments);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(QString::fromUtf8(run.out).contains(expected), run.out.constData());
}

void TestBuiltinModel::probeRefusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no tokens") << QStringList{u"model"_s, u"builtin"_s, u"--repeat-random"_s,
                                              u"0"_s}
                               << u"--repeat-random: 0 is out of range (1 to 256)"_s;
    QTest::newRow("longer than the positions")
        << QStringList{u"model"_s, u"builtin"_s, u"--repeat-random"_s, u"200"_s}
        << u"200 random tokens repeated once are 400 tokens and this model reads at most 256"_s;
    QTest::newRow("and a text")
        << QStringList{u"model"_s, u"builtin"_s, u"--repeat-random"_s, u"5"_s, u"--text"_s, u"x"_s}
        << u"--repeat-random makes the model's input: give it or --text, not both"_s;
    QTest::newRow("a seed without the probe")
        << QStringList{u"model"_s, u"builtin"_s, u"--text"_s, u"x"_s, u"--seed"_s, u"1"_s}
        << u"--seed applies to model --repeat-random N"_s;
    QTest::newRow("BERT") << QStringList{u"model"_s,
                                         QStringLiteral(TEST_DATA_DIR "/models/bert-tiny"),
                                         u"--repeat-random"_s, u"5"_s}
                          << u"is not a causal model: --repeat-random needs one"_s;
}

void TestBuiltinModel::probeRefusals()
{
    // One line, exit status 2.
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const BinaryRun run = runAttentionLab(arguments);
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err).trimmed();
    QVERIFY2(err.contains(message), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 0);
}

QTEST_APPLESS_MAIN(TestBuiltinModel)
#include "tst_builtinmodel.moc"
