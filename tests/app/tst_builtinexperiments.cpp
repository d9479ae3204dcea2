// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The built-in model's card on knocking heads out, through the binary: the
// loss on the probe's second copy with every head, without the induction
// heads and without as many others (model --ablate --measure), and each head
// knocked out alone on the card's sentences (sweep --measure loss).

#include "binaryrun.h"
#include "builtincard.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

const QList<int> kProbeLengths = {25, 40};

/// `model builtin ARGS --measure SPEC --json`'s measure: value, baseline, effect.
QJsonObject measured(const QStringList &arguments, const QString &spec)
{
    const BinaryRun run = runAttentionLab(QStringList{u"model"_s, u"builtin"_s} + arguments +
                                          QStringList{u"--measure"_s, spec, u"--json"_s});
    if (run.exitCode != 0)
        qWarning() << "model:" << run.err;
    return QJsonDocument::fromJson(run.out)
        .object()
        .value(u"measures"_s)
        .toObject()
        .value(spec)
        .toObject();
}

} // namespace

class TestBuiltinExperiments : public QObject
{
    Q_OBJECT

private slots:
    void cardKnockoutsHold();
    void cardAblationGridHolds();
};

void TestBuiltinExperiments::cardKnockoutsHold()
{
    // "| probe | every head | induction heads 1.1,1.2 knocked out | other heads 1.0,1.3 ... |"
    const QString card = QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s));
    static const QRegularExpression header(QStringLiteral(
        R"(\| probe \| every head \| induction heads ([\d.,]+) knocked out \| other heads ([\d.,]+) knocked out \|)"));
    const QRegularExpressionMatch heads = header.match(card);
    QVERIFY2(heads.hasMatch(), "the card has no table of knocked-out heads");
    QStringList induction;
    for (const CardRow &row : cardRows())
        if (row.role == u"induction"_s)
            induction << u"%1.%2"_s.arg(row.layer).arg(row.head);
    QCOMPARE(heads.captured(1).split(u','), induction);
    static const QRegularExpression row(
        QStringLiteral(
            R"(^\| (\d+) random tokens repeated \(`(loss:\d+-\d+)`\) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$)"),
        QRegularExpression::MultilineOption);
    auto it = row.globalMatch(card);
    int rows = 0;
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QStringList probe{u"--repeat-random"_s, m.captured(1), u"--seed"_s, u"0"_s};
        const QJsonObject without =
            measured(probe + QStringList{u"--ablate"_s, heads.captured(1)}, m.captured(2));
        const QJsonObject instead =
            measured(probe + QStringList{u"--ablate"_s, heads.captured(2)}, m.captured(2));
        // Printed with three decimals.
        QVERIFY(std::abs(without[u"baseline"_s].toDouble() - m.captured(3).toDouble()) < 6e-4);
        QVERIFY(std::abs(without[u"value"_s].toDouble() - m.captured(4).toDouble()) < 6e-4);
        QVERIFY(std::abs(instead[u"value"_s].toDouble() - m.captured(5).toDouble()) < 6e-4);
        // The induction heads carry the copy; as many others do not.
        QVERIFY(without[u"effect"_s].toDouble() > 2.0 * instead[u"effect"_s].toDouble());
        ++rows;
    }
    QCOMPARE(rows, int(kProbeLengths.size()));
}

void TestBuiltinExperiments::cardAblationGridHolds()
{
    // The grid after "Each head knocked out alone": the mean over the card's
    // sentences of `sweep --measure loss`'s effects.
    const QString card = QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s));
    const QString section =
        card.section(u"Each head knocked out alone"_s, 1, 1).section(u"## "_s, 0, 0);
    static const QRegularExpression row(QStringLiteral(R"(^\| (\d+) \| ([-\d.| ]+)\|$)"),
                                        QRegularExpression::MultilineOption);
    QList<QList<double>> grid;
    auto it = row.globalMatch(section);
    while (it.hasNext()) {
        QList<double> cells;
        for (const QString &cell : it.next().captured(2).split(u'|', Qt::SkipEmptyParts))
            cells << cell.trimmed().toDouble();
        grid << cells;
    }
    QCOMPARE(grid.size(), 4);
    const QStringList sentences = cardSentences();
    QList<QList<double>> sum(grid.size(), QList<double>(grid.front().size(), 0.0));
    for (const QString &sentence : sentences) {
        const BinaryRun run = runAttentionLab({u"sweep"_s, u"builtin"_s, u"--text"_s, sentence,
                                               u"--measure"_s, u"loss"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray effects = QJsonDocument::fromJson(run.out)[u"effects"_s].toArray();
        for (qsizetype l = 0; l < grid.size(); ++l)
            for (qsizetype h = 0; h < grid[l].size(); ++h)
                sum[l][h] += effects[l].toArray()[h].toDouble();
    }
    for (qsizetype l = 0; l < grid.size(); ++l)
        for (qsizetype h = 0; h < grid[l].size(); ++h)
            QVERIFY2(std::abs(sum[l][h] / double(sentences.size()) - grid[l][h]) < 6e-4,
                     qPrintable(u"head %1.%2"_s.arg(l).arg(h)));
}

QTEST_APPLESS_MAIN(TestBuiltinExperiments)
#include "tst_builtinexperiments.moc"
