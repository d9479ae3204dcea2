// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The built-in translator (resources/models/builtin-en-fr, made by
// scripts/train_translator.py), through the binary: `builtin-en-fr` names it
// wherever a model folder goes; its card's alignment agreement holds when
// every hand-aligned pair is run again and read back by the program's own
// reader and Words merging; a cross head taken into a session (Open Head in
// Attention Tab) gives the model's weights to 1e-5; the card's translations
// are what `generate` writes.

#include "binaryrun.h"
#include "core/sets/attentionaggregates.h"
#include "core/sets/attentionset.h"
#include "io/attentionfilereader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

namespace {

const QString kFolder = QStringLiteral(BUILTIN_TRANSLATOR_DIR);

QJsonObject card()
{
    QFile file(kFolder + u"/card.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no card.json in %s", qPrintable(kFolder));
    return QJsonDocument::fromJson(file.readAll()).object();
}

struct AlignedPair
{
    QString english, french;
    std::map<int, std::set<int>> links; ///< French word -> its English words
};

std::vector<AlignedPair> alignedPairs()
{
    QFile file(kFolder + u"/alignments.tsv"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("no alignments.tsv");
    std::vector<AlignedPair> out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QStringList parts = QString::fromUtf8(line).split(u'\t');
        AlignedPair pair{parts[0], parts[1], {}};
        for (const QString &link : parts[2].split(u' ')) {
            const QStringList ij = link.split(u'-');
            pair.links[ij[0].toInt()].insert(ij[1].toInt());
        }
        out.push_back(std::move(pair));
    }
    return out;
}

/// The cross-attention of \a pair, teacher-forced, as `model -o` writes it
/// and the program reads it back.
std::shared_ptr<const AttentionTensor> crossOf(const AlignedPair &pair, const QTemporaryDir &dir)
{
    const QString npz = dir.filePath(u"pair.npz"_s);
    const BinaryRun r = runAttentionLab({u"model"_s, u"builtin-en-fr"_s, u"--text"_s, pair.english,
                                         u"--target"_s, pair.french, u"-o"_s, npz});
    if (r.exitCode != 0)
        qFatal("model: %s", r.err.constData());
    AttentionFileReader reader;
    const auto sets = reader.readSets(npz);
    if (!sets)
        qFatal("cannot read %s", qPrintable(npz));
    for (const AttentionSet &set : *sets)
        if (set.kind == AttentionKind::Cross)
            return set.tensor;
    qFatal("no cross-attention");
}

/// Agreed French words of one head's matrix: each row labelled by the token
/// it wrote (the reader knows the row that read target token i wrote token
/// i + 1), so a French word's rows are those before its pieces, averaged (from
/// a word, the mean), and an English word's weight is the sum over its pieces,
/// as the Words view merges them (groupWords, mergeWords).
WordGroups writtenWords(const AttentionTensor &cross)
{
    std::vector<std::string> written;
    for (int i = 0; i < cross.queries(); ++i)
        written.push_back(cross.rowToken(i));
    return groupWords(written);
}

int agreed(const FloatMatrix &head, const AttentionTensor &cross, const AlignedPair &pair)
{
    const WordGroups rows = writtenWords(cross);
    const WordGroups columns = groupWords(cross.tokens());
    const FloatMatrix merged = mergeWords(head, rows, columns);
    // The last word of each side is </s>: no French or English word.
    int count = 0;
    for (const auto &[french, english] : pair.links) {
        Eigen::Index best = 0;
        merged.row(french).head(columns.count() - 1).maxCoeff(&best);
        count += english.count(int(best));
    }
    return count;
}

} // namespace

class TestBuiltinTranslator : public QObject
{
    Q_OBJECT

private slots:
    void theCardIsThere();
    void alignmentHoldsTheCard();
    void crossHeadOpensInTheLab();
    void translatesAsTheCardSays();
};

void TestBuiltinTranslator::theCardIsThere()
{
    for (const char *file :
         {"config.json", "model.safetensors", "source.spm", "target.spm", "vocab.json", "README.md",
          "card.json", "alignments.tsv", "heldout.tsv", "packages.json"})
        QVERIFY2(QFile::exists(kFolder + u'/' + QLatin1String(file)), file);
    const std::vector<AlignedPair> pairs = alignedPairs();
    QVERIFY(pairs.size() >= 50);
    int reordered = 0;
    for (const AlignedPair &pair : pairs) {
        int last = -1;
        bool crossed = false;
        for (const auto &[french, english] : pair.links) {
            crossed = crossed || *english.begin() < last;
            last = *english.begin();
        }
        reordered += crossed;
    }
    QVERIFY2(reordered * 2 >= int(pairs.size()), qPrintable(QString::number(reordered)));
    const BinaryRun described = runAttentionLab(
        {u"model"_s, u"builtin-en-fr"_s, u"--text"_s, u"Show hidden files"_s, u"--json"_s});
    QCOMPARE(described.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(described.out)[u"model_type"_s].toString(), u"marian"_s);
}

void TestBuiltinTranslator::alignmentHoldsTheCard()
{
    const QJsonObject expected = card();
    const std::vector<AlignedPair> pairs = alignedPairs();
    QTemporaryDir dir;
    std::vector<std::vector<int>> perHead;
    int words = 0, lastLayer = 0;
    for (const AlignedPair &pair : pairs) {
        const std::shared_ptr<const AttentionTensor> cross = crossOf(pair, dir);
        // The rows' words are the French words, then the row that wrote </s>
        // and the last, which read </s> (what it wrote, the file does not say).
        QStringList rowWords;
        for (const std::string &word : writtenWords(*cross).words)
            rowWords << QString::fromStdString(word).trimmed();
        const QStringList frenchWords = pair.french.split(u' ') + QStringList{u"</s>"_s, u"<…>"_s};
        QCOMPARE(rowWords, frenchWords);
        const int layers = cross->layers(), heads = cross->heads();
        perHead.resize(size_t(layers), std::vector<int>(size_t(heads), 0));
        FloatMatrix average = FloatMatrix::Zero(cross->queries(), cross->keys());
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h) {
                const FloatMatrix head = cross->head(l, h);
                perHead[size_t(l)][size_t(h)] += agreed(head, *cross, pair);
                if (l == layers - 1)
                    average += head / float(heads);
            }
        lastLayer += agreed(average, *cross, pair);
        words += int(pair.links.size());
    }
    QCOMPARE(words, expected[u"aligned_words"_s].toInt());
    const QJsonArray grid = expected[u"agreement"_s].toArray();
    double best = 0.0;
    for (size_t l = 0; l < perHead.size(); ++l)
        for (size_t h = 0; h < perHead[l].size(); ++h) {
            const double share = double(perHead[l][h]) / words;
            QVERIFY2(std::abs(share - grid[qsizetype(l)][qsizetype(h)].toDouble()) < 1e-3,
                     qPrintable(u"head %1.%2: %3, the card %4"_s.arg(l).arg(h).arg(share).arg(
                         grid[qsizetype(l)][qsizetype(h)].toDouble())));
            best = std::max(best, share);
        }
    QVERIFY(std::abs(best - expected[u"best_agreement"_s].toDouble()) < 1e-3);
    QVERIFY(std::abs(double(lastLayer) / words -
                     expected[u"last_layer_average_agreement"_s].toDouble()) < 1e-3);
    qInfo("best head %.3f, last layer's average %.3f, over %d French words", best,
          double(lastLayer) / words, words);
}

void TestBuiltinTranslator::crossHeadOpensInTheLab()
{
    const QJsonArray best = card()[u"best_head"_s].toArray();
    const AlignedPair pair = alignedPairs().front();
    QTemporaryDir dir;
    const std::shared_ptr<const AttentionTensor> cross = crossOf(pair, dir);
    const QString session = dir.filePath(u"head.json"_s);
    const QString spec = u"%1.%2"_s.arg(best[0].toInt()).arg(best[1].toInt());
    const BinaryRun taken = runAttentionLab({u"model"_s, u"builtin-en-fr"_s, u"--text"_s,
                                             pair.english, u"--target"_s, pair.french, u"--set"_s,
                                             u"cross"_s, u"--session"_s, spec, u"-o"_s, session});
    QCOMPARE(taken.exitCode, 0);
    const BinaryRun evaluated = runAttentionLab({u"eval"_s, session, u"--json"_s});
    QCOMPARE(evaluated.exitCode, 0);
    const QJsonArray weights = QJsonDocument::fromJson(evaluated.out)[u"weights"_s].toArray();
    const FloatMatrix model = cross->head(best[0].toInt(), best[1].toInt());
    QCOMPARE(weights.size(), qsizetype(model.rows()));
    double worst = 0.0;
    for (qsizetype i = 0; i < weights.size(); ++i) {
        const QJsonArray row = weights[i].toArray();
        QCOMPARE(row.size(), qsizetype(model.cols()));
        for (qsizetype j = 0; j < row.size(); ++j)
            worst = std::max(worst, std::abs(row[j].toDouble() - double(model(i, j))));
    }
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
}

void TestBuiltinTranslator::translatesAsTheCardSays()
{
    const QJsonObject showcase = card()[u"showcase"_s].toObject();
    QCOMPARE(showcase.size(), 3);
    for (auto it = showcase.begin(); it != showcase.end(); ++it) {
        const BinaryRun r = runAttentionLab({u"generate"_s, u"builtin-en-fr"_s, u"--text"_s,
                                             it.key(), u"--tokens"_s, u"48"_s, u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        QString text = QJsonDocument::fromJson(r.out)[u"text"_s].toString();
        QCOMPARE(text.remove(u"</s>"_s).trimmed(), it.value().toString());
    }
}

QTEST_GUILESS_MAIN(TestBuiltinTranslator)
#include "tst_builtintranslator.moc"
