// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Experiments on heads through the built binary, as a script runs them:
// `sweep` gives for each head what `model --ablate` gives for it alone; the
// built-in GPT-2's induction heads knocked out raise the loss on the second
// copy of a repeated random sequence more than as many other heads of their
// layers; `patch`'s share restored is its effects over the clean-minus-
// corrupted gap; the grid's figure is written; every refusal is one line
// with exit status 2.

#include "binaryrun.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QJsonObject jsonOf(const BinaryRun &run)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s %s", run.out.constData(), run.err.constData());
    return doc.object();
}

const QString kProbe = u"25"_s;
const QString kSecondCopy = u"loss:26-49"_s;

/// The loss on the second copy with \a heads ablated, and without.
QJsonObject lossWithout(const QString &heads)
{
    const BinaryRun run =
        runAttentionLab({u"model"_s, u"builtin"_s, u"--repeat-random"_s, kProbe, u"--ablate"_s,
                         heads, u"--measure"_s, kSecondCopy, u"--json"_s});
    if (run.exitCode != 0)
        qFatal("model --ablate %s: %s", qPrintable(heads), run.err.constData());
    return jsonOf(run)[u"measures"_s][kSecondCopy].toObject();
}

} // namespace

class TestExperimentCommands : public QObject
{
    Q_OBJECT

private slots:
    void sweepIsEachAblationAlone();
    void inductionHeadsCarryTheCopy();
    void patchRestoresTheGap();
    void gridFigure();
    void translatorCrossHeads();
    void refusals_data();
    void refusals();
};

void TestExperimentCommands::sweepIsEachAblationAlone()
{
    const BinaryRun sweep = runAttentionLab({u"sweep"_s, u"builtin"_s, u"--repeat-random"_s, kProbe,
                                             u"--measure"_s, kSecondCopy, u"--json"_s});
    QCOMPARE(sweep.exitCode, 0);
    const QJsonObject grid = jsonOf(sweep);
    QCOMPARE(grid.keys(), (QStringList{u"baseline"_s, u"effects"_s, u"measure"_s}));
    QCOMPARE(grid[u"measure"_s].toString(), kSecondCopy);
    const QJsonArray effects = grid[u"effects"_s].toArray();
    QCOMPARE(effects.size(), 4);
    for (const QJsonValue &row : effects)
        QCOMPARE(row.toArray().size(), 4);
    for (const auto &[layer, head] : {std::pair{0, 3}, std::pair{1, 1}, std::pair{3, 3}}) {
        const QJsonObject alone = lossWithout(u"%1.%2"_s.arg(layer).arg(head));
        // Float32's rounding differs with the buffers' alignment from run to run.
        QVERIFY(std::abs(alone[u"baseline"_s].toDouble() - grid[u"baseline"_s].toDouble()) < 1e-5);
        QVERIFY2(std::abs(alone[u"effect"_s].toDouble() -
                          effects[layer].toArray()[head].toDouble()) < 1e-5,
                 qPrintable(u"head %1.%2"_s.arg(layer).arg(head)));
    }
}

void TestExperimentCommands::inductionHeadsCarryTheCopy()
{
    // The card's induction heads, and as many other heads of the same layers.
    const QJsonObject induction = lossWithout(u"1.1,1.2,3.0,3.1"_s);
    const QJsonObject others = lossWithout(u"1.0,1.3,3.2,3.3"_s);
    qInfo("loss on the second copy: %.3f with every head, %.3f without the induction heads, "
          "%.3f without as many others",
          induction[u"baseline"_s].toDouble(), induction[u"value"_s].toDouble(),
          others[u"value"_s].toDouble());
    QVERIFY(induction[u"effect"_s].toDouble() > 1.0);
    QVERIFY(induction[u"effect"_s].toDouble() > 2.0 * others[u"effect"_s].toDouble());
}

void TestExperimentCommands::patchRestoresTheGap()
{
    const QString folder = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    for (const QString &over : {u"heads"_s, u"residual"_s}) {
        const BinaryRun run = runAttentionLab({u"patch"_s, folder, u"--clean"_s, u"the cat sat"_s,
                                               u"--corrupt"_s, u"the sat cat"_s, u"--measure"_s,
                                               u"prob:#5"_s, u"--over"_s, over, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject patch = jsonOf(run);
        QCOMPARE(patch.keys(), (QStringList{u"clean"_s, u"corrupted"_s, u"effects"_s, u"measure"_s,
                                            u"restored"_s}));
        const double gap = patch[u"clean"_s].toDouble() - patch[u"corrupted"_s].toDouble();
        QVERIFY(gap != 0.0);
        const QJsonArray effects = patch[u"effects"_s].toArray();
        const QJsonArray restored = patch[u"restored"_s].toArray();
        QCOMPARE(effects.size(), 2); // gpt2-tiny's layers
        for (qsizetype l = 0; l < effects.size(); ++l)
            for (qsizetype c = 0; c < effects[l].toArray().size(); ++c)
                QVERIFY(std::abs(effects[l].toArray()[c].toDouble() / gap -
                                 restored[l].toArray()[c].toDouble()) < 1e-9);
        if (over == u"residual"_s) {
            // The first layer's input patched where the texts agree restores nothing.
            const QJsonArray first = restored[0].toArray();
            for (int position : {0, 1, 2})
                QVERIFY(std::abs(first[position].toDouble()) < 1e-9);
        }
    }
}

void TestExperimentCommands::gridFigure()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(u"grid.png"_s);
    const BinaryRun run = runAttentionLab({u"sweep"_s, u"builtin"_s, u"--repeat-random"_s, kProbe,
                                           u"--measure"_s, kSecondCopy, u"-o"_s, png});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 900 && image.height() >= 700);
}

void TestExperimentCommands::translatorCrossHeads()
{
    // The built-in translator, teacher-forced on its French: each
    // cross-attention head zeroed in turn gives what `model --ablate
    // cross:L.H` gives for it alone; patching the encoder's residual stream
    // from a clean source into a corrupted one of the same length restores
    // nothing where the sources agree, and all of the gap at the last
    // layer's input where they differ.
    const QStringList text = {u"--text"_s, u"Show hidden files"_s, u"--target"_s,
                              u"Afficher les fichiers cachés"_s};
    const BinaryRun sweep = runAttentionLab(
        QStringList{u"sweep"_s, u"builtin-en-fr"_s} + text +
        QStringList{u"--set"_s, u"cross"_s, u"--measure"_s, u"loss"_s, u"--json"_s});
    QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
    const QJsonArray effects = jsonOf(sweep)[u"effects"_s].toArray();
    QVERIFY(effects.size() >= 2);
    const qsizetype heads = effects[0].toArray().size();
    QVERIFY(heads >= 2);
    bool anyRose = false;
    for (qsizetype l = 0; l < effects.size(); ++l)
        for (qsizetype h = 0; h < heads; ++h) {
            const double effect = effects[l].toArray()[h].toDouble();
            anyRose = anyRose || effect > 0.01;
            if ((l + h) % 3 != 0)
                continue; // a few cells alone are enough
            const QString head = u"cross:%1.%2"_s.arg(l).arg(h);
            const BinaryRun alone = runAttentionLab(
                QStringList{u"model"_s, u"builtin-en-fr"_s} + text +
                QStringList{u"--ablate"_s, head, u"--measure"_s, u"loss"_s, u"--json"_s});
            QVERIFY2(alone.exitCode == 0, alone.err.constData());
            const QJsonObject json = jsonOf(alone);
            QCOMPARE(json[u"interventions"_s][u"ablated"_s].toArray().first().toString(), head);
            QVERIFY(std::abs(json[u"measures"_s][u"loss"_s][u"effect"_s].toDouble() - effect) <
                    1e-5);
        }
    QVERIFY(anyRose);

    const BinaryRun patch = runAttentionLab(
        {u"patch"_s, u"builtin-en-fr"_s, u"--clean"_s, u"Show hidden files"_s, u"--corrupt"_s,
         u"Show hidden text"_s, u"--target"_s, u"Afficher les fichiers cachés"_s, u"--set"_s,
         u"encoder"_s, u"--over"_s, u"residual"_s, u"--measure"_s, u"kl"_s, u"--json"_s});
    QVERIFY2(patch.exitCode == 0, patch.err.constData());
    const QJsonArray restored = jsonOf(patch)[u"restored"_s].toArray();
    const QJsonArray first = restored.first().toArray();
    QVERIFY(std::abs(first[0].toDouble()) < 1e-9); // "Show" is in both
    // The source's last layer's input patched at the word that differs:
    // all of the gap, but for what the positions share.
    double most = 0.0;
    for (const QJsonValue &v : restored.last().toArray())
        most = std::max(most, v.toDouble());
    QVERIFY2(most > 0.5, qPrintable(QString::number(most)));
}

void TestExperimentCommands::refusals_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QString tiny = QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny");
    const QString bert = QStringLiteral(TEST_DATA_DIR "/models/bert-tiny");
    const QString t5 = QStringLiteral(TEST_DATA_DIR "/seq2seq/t5-small");
    QTest::newRow("lengths") << QStringList{u"patch"_s,     tiny,       u"--clean"_s,   u"a b"_s,
                                            u"--corrupt"_s, u"a b c"_s, u"--measure"_s, u"kl"_s}
                             << u"the clean text is 2 tokens long and the corrupted one 3"_s;
    QTest::newRow("unknown measure")
        << QStringList{u"sweep"_s, tiny, u"--text"_s, u"a b"_s, u"--measure"_s, u"entropy"_s}
        << u"--measure: \"entropy\" is not prob:TOKEN, logitdiff:A,B, loss, loss:FROM-TO or kl"_s;
    QTest::newRow("two measures") << QStringList{u"sweep"_s,     tiny,    u"--text"_s,    u"a b"_s,
                                                 u"--measure"_s, u"kl"_s, u"--measure"_s, u"loss"_s}
                                  << u"sweep measures one thing: give --measure once"_s;
    QTest::newRow("no measure") << QStringList{u"sweep"_s, tiny, u"--text"_s, u"a b"_s}
                                << u"sweep needs what to measure"_s;
    QTest::newRow("head") << QStringList{u"model"_s, tiny,          u"--text"_s,
                                         u"a b"_s,   u"--ablate"_s, u"1.9"_s}
                          << u"--ablate: head 9 is out of range (0 to 3)"_s;
    QTest::newRow("knockout") << QStringList{u"model"_s,      tiny,      u"--text"_s, u"a b"_s,
                                             u"--knockout"_s, u"1.2:3"_s}
                              << u"--knockout: \"1.2:3\" is not LAYER.HEAD:QUERY>KEY"_s;
    QTest::newRow("no key left") << QStringList{u"model"_s,      tiny,        u"--text"_s, u"a b"_s,
                                                u"--knockout"_s, u"0.*:0>0"_s}
                                 << u"the knockouts leave query 0 of head 0.0 no key"_s;
    QTest::newRow("translation loss without a target")
        << QStringList{u"model"_s, t5, u"--text"_s, u"a b"_s, u"--measure"_s, u"loss"_s}
        << u"the loss is over the target's tokens, and the decoder reads no target"_s;
    QTest::newRow("bert loss") << QStringList{u"sweep"_s, bert,           u"--text"_s,
                                              u"a b"_s,   u"--measure"_s, u"loss"_s}
                               << u"the loss is a causal model's"_s;
    QTest::newRow("id") << QStringList{u"model"_s, tiny,           u"--text"_s,
                                       u"a b"_s,   u"--measure"_s, u"prob:#99999"_s}
                        << u"token #99999 is not an id of the vocabulary"_s;
    QTest::newRow("measure elsewhere")
        << QStringList{u"tokenize"_s, tiny, u"--text"_s, u"a"_s, u"--measure"_s, u"kl"_s}
        << u"--measure applies to model, sweep and patch"_s;
    QTest::newRow("figure format") << QStringList{u"sweep"_s,     tiny,    u"--text"_s, u"a b"_s,
                                                  u"--measure"_s, u"kl"_s, u"-o"_s,     u"g.txt"_s}
                                   << u"unknown format \"txt\""_s;
    QTest::newRow("which attention")
        << QStringList{u"model"_s, t5, u"--text"_s, u"a b"_s, u"--ablate"_s, u"1.2"_s}
        << u"--ablate: \"1.2\" does not say which of t5-small's "
           u"attentions: write encoder:1.2, decoder:1.2 or "
           u"cross:1.2, or give --set"_s;
    QTest::newRow("cross layer") << QStringList{u"model"_s,    t5,
                                                u"--text"_s,   u"a b"_s,
                                                u"--ablate"_s, u"cross:3.0"_s}
                                 << u"--ablate: layer 3 is out of range (0 to 2)"_s;
    QTest::newRow("set of a single stack")
        << QStringList{u"model"_s, tiny, u"--text"_s, u"a b"_s, u"--ablate"_s, u"cross:1.2"_s}
        << u"--ablate: \"cross:1.2\" names the cross-attention, and GPT-2 has only its "
           u"decoder self-attention"_s;
    QTest::newRow("unknown set") << QStringList{u"model"_s,    t5,
                                                u"--text"_s,   u"a b"_s,
                                                u"--ablate"_s, u"crossed:1.2"_s}
                                 << u"\"crossed\" is not encoder, decoder or cross"_s;
    QTest::newRow("cross residual") << QStringList{u"patch"_s,     t5,
                                                   u"--clean"_s,   u"a b"_s,
                                                   u"--corrupt"_s, u"a c"_s,
                                                   u"--measure"_s, u"kl"_s,
                                                   u"--over"_s,    u"residual"_s,
                                                   u"--set"_s,     u"cross"_s}
                                    << u"the cross-attention has no residual stream of its own"_s;
    QTest::newRow("sweep set of a single stack")
        << QStringList{u"sweep"_s,     tiny,    u"--text"_s, u"a b"_s,
                       u"--measure"_s, u"kl"_s, u"--set"_s,  u"encoder"_s}
        << u"--set encoder: GPT-2 has only its decoder self-attention"_s;
    QTest::newRow("target of a single stack")
        << QStringList{u"sweep"_s,     tiny,    u"--text"_s,   u"a b"_s,
                       u"--measure"_s, u"kl"_s, u"--target"_s, u"c"_s}
        << u"--target is for encoder-decoder models"_s;
    QTest::newRow("position alone")
        << QStringList{u"model"_s, tiny, u"--text"_s, u"a b"_s, u"--position"_s, u"1"_s}
        << u"--position says where a measure reads: give --measure too"_s;
    QTest::newRow("position of a loss")
        << QStringList{u"model"_s,     tiny,      u"--text"_s,     u"a b"_s,
                       u"--measure"_s, u"loss"_s, u"--position"_s, u"1"_s}
        << u"--position applies to prob, logitdiff and kl"_s;
    QTest::newRow("ablation alone")
        << QStringList{u"model"_s, tiny, u"--text"_s, u"a b"_s, u"--ablation"_s, u"mean"_s}
        << u"give --ablate L.H too"_s;
    QTest::newRow("twice") << QStringList{u"model"_s,     tiny,    u"--text"_s,    u"a b"_s,
                                          u"--measure"_s, u"kl"_s, u"--measure"_s, u"kl"_s}
                           << u"--measure kl is given twice"_s;
    QTest::newRow("huge key") << QStringList{u"model"_s,      tiny,
                                             u"--text"_s,     u"a b"_s,
                                             u"--knockout"_s, u"0.0:1>99999999999"_s}
                              << u"--knockout: key 99999999999 is out of range"_s;
    QTest::newRow("bert position")
        << QStringList{u"sweep"_s, bert, u"--text"_s, u"a [MASK] b"_s, u"--measure"_s, u"kl"_s}
        << u"BERT guesses the tokens at its [MASK]s, not a next token"_s;
    QTest::newRow("patch texts") << QStringList{u"patch"_s, tiny,           u"--clean"_s,
                                                u"a"_s,     u"--measure"_s, u"kl"_s}
                                 << u"patch needs the corrupt text: --corrupt TEXT"_s;
}

void TestExperimentCommands::refusals()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const BinaryRun run = runAttentionLab(arguments);
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err).trimmed();
    QVERIFY2(err.contains(message), qPrintable(err));
    QCOMPARE(err.count(u'\n'), 0);
}

QTEST_GUILESS_MAIN(TestExperimentCommands)
#include "tst_experimentcommands.moc"
