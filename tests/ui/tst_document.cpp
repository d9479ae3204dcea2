// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The document and its undo commands, with no window: every edit is one undo
// step that restores the session exactly, drags merge, and the clean state
// follows saves.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/sessionedits.h"
#include "io/sessionreader.h"
#include "ui/document/attentiondocument.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace AttentionLab;
using namespace AttentionLab::SessionEdits;

class TestDocument : public QObject
{
    Q_OBJECT

private slots:
    void undoOfTheFirstValueEditMakesVFollowKAgain();
    void redoOfTheFirstValueEditMakesVExplicitAgain();
    void undoRedoRestoresTheSessionExactly_data();
    void undoRedoRestoresTheSessionExactly();
    void dragMergesIntoOneStep();
    void separateDragsAreSeparateSteps();
    void temperatureDragMergesButScaleDoesNot();
    void cleanStateFollowsSaveAndUndo();
    void resetNamesAnUntitledDocument();
    void signalsSayWhatChanged();
    void undoHistoryIsBoundedInMemory();
};

namespace {

RowVector row(std::initializer_list<double> values)
{
    RowVector v(Index(values.size()));
    Index i = 0;
    for (double x : values)
        v[i++] = x;
    return v;
}

/// The result the core computes from scratch for the document's session.
AttentionResult fresh(const AttentionDocument &doc)
{
    const Session &s = doc.session();
    return attend(s.queries, s.keys, s.effectiveValues(), s.options);
}

void compareWithFresh(const AttentionDocument &doc)
{
    const AttentionResult expected = fresh(doc);
    QVERIFY(doc.result().weights.isApprox(expected.weights, 1e-12));
    QVERIFY(doc.result().output.isApprox(expected.output, 1e-12));
}

} // namespace

void TestDocument::undoOfTheFirstValueEditMakesVFollowKAgain()
{
    AttentionDocument doc;
    doc.reset(ChapterExamples::lecture());
    QVERIFY(!doc.session().hasValues());
    const Session before = doc.session();

    doc.setVector(VectorKind::Value, 1, row({9, 9, 9}));
    QVERIFY(doc.session().hasValues());
    QVERIFY(doc.isModified());

    doc.undoStack()->undo();
    QVERIFY2(!doc.session().hasValues(), "undo must make V follow K again");
    QVERIFY(doc.session() == before);
    QVERIFY(!doc.isModified());
    compareWithFresh(doc);

    // V follows K: moving a key moves its value and the output with it.
    doc.setVector(VectorKind::Key, 1, row({1, 2, 3}));
    QCOMPARE(doc.vector(VectorKind::Value, 1), row({1, 2, 3}));
    QVERIFY(!doc.session().hasValues());
    compareWithFresh(doc);
}

void TestDocument::redoOfTheFirstValueEditMakesVExplicitAgain()
{
    AttentionDocument doc;
    doc.reset(ChapterExamples::lecture());
    doc.setVector(VectorKind::Value, 0, row({1, 0, 0}));
    const Session edited = doc.session();
    doc.undoStack()->undo();
    doc.undoStack()->redo();
    QVERIFY(doc.session() == edited);
    QVERIFY(doc.session().hasValues());
    compareWithFresh(doc);
    // Now the values are their own: a key edit leaves them alone.
    doc.setVector(VectorKind::Key, 0, row({5, 5, 5}));
    QCOMPARE(doc.vector(VectorKind::Value, 0), row({1, 0, 0}));
}

void TestDocument::undoRedoRestoresTheSessionExactly_data()
{
    QTest::addColumn<int>("edit");
    const char *names[] = {"query",      "key",         "value (V = K)", "scale",
                           "mask",       "temperature", "insert key",    "remove key",
                           "rename key", "move query",  "change d_k",    "replace session"};
    for (int i = 0; i < int(std::size(names)); ++i)
        QTest::newRow(names[i]) << i;
}

void TestDocument::undoRedoRestoresTheSessionExactly()
{
    QFETCH(int, edit);
    AttentionDocument doc;
    doc.reset(ChapterExamples::selection());
    const Session before = doc.session();
    switch (edit) {
    case 0:
        doc.setVector(VectorKind::Query, 1, row({0.5, -1, 2}));
        break;
    case 1:
        doc.setVector(VectorKind::Key, 2, row({0.5, -1, 2}));
        break;
    case 2: {
        Session s = ChapterExamples::lecture();
        doc.reset(s);
        doc.setVector(VectorKind::Value, 2, row({0.5, -1, 2}));
        break;
    }
    case 3:
        doc.setScale(!doc.session().options.scale);
        break;
    case 4:
        doc.setMask(MaskMode::CausalAfterSoftmax);
        break;
    case 5:
        doc.setTemperature(0.25);
        break;
    case 6:
        QVERIFY(
            doc.editSession(QStringLiteral("insert"), [](Session &s) { insertKey(s, 1, "new"); }));
        break;
    case 7:
        QVERIFY(doc.editSession(QStringLiteral("remove"), [](Session &s) { removeKey(s, 0); }));
        break;
    case 8:
        QVERIFY(
            doc.editSession(QStringLiteral("rename"), [](Session &s) { renameKey(s, 0, "cat"); }));
        break;
    case 9:
        QVERIFY(doc.editSession(QStringLiteral("move"), [](Session &s) { moveQuery(s, 0, 2); }));
        break;
    case 10:
        QVERIFY(doc.editSession(QStringLiteral("d_k"), [](Session &s) { setKeyDim(s, 5); }));
        break;
    case 11:
        doc.replaceSession(ChapterExamples::causalMask(), QStringLiteral("replace"));
        break;
    }
    const Session before2 = edit == 2 ? ChapterExamples::lecture() : before;
    const Session after = doc.session();
    QVERIFY(!(after == before2));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.isModified());

    doc.undoStack()->undo();
    QVERIFY(doc.session() == before2);
    QCOMPARE(doc.session().hasValues(), before2.hasValues());
    QVERIFY(!doc.isModified());
    compareWithFresh(doc);

    doc.undoStack()->redo();
    QVERIFY(doc.session() == after);
    QCOMPARE(doc.session().hasValues(), after.hasValues());
    compareWithFresh(doc);
}

void TestDocument::dragMergesIntoOneStep()
{
    AttentionDocument doc;
    doc.reset(ChapterExamples::lecture());
    const Session before = doc.session();
    for (int step = 1; step <= 20; ++step)
        doc.setVector(VectorKind::Key, 0, row({0.4 + 0.01 * step, 0.5, 0.6}), true);
    doc.endContinuousEdit();
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.vector(VectorKind::Key, 0)[0], 0.6);
    compareWithFresh(doc);
    doc.undoStack()->undo();
    QVERIFY(doc.session() == before);
    compareWithFresh(doc);
}

void TestDocument::separateDragsAreSeparateSteps()
{
    AttentionDocument doc;
    doc.reset(ChapterExamples::lecture());
    doc.setVector(VectorKind::Key, 0, row({1, 0.5, 0.6}), true);
    doc.setVector(VectorKind::Key, 0, row({2, 0.5, 0.6}), true);
    doc.endContinuousEdit();
    doc.setVector(VectorKind::Key, 0, row({3, 0.5, 0.6}), true);
    doc.endContinuousEdit();
    // Another vector within a drag is another step too.
    doc.setVector(VectorKind::Key, 1, row({3, 0.5, 0.6}), true);
    doc.setVector(VectorKind::Key, 2, row({3, 0.5, 0.6}), true);
    doc.endContinuousEdit();
    QCOMPARE(doc.undoStack()->count(), 4);
    // Typed numbers (not continuing) never merge.
    doc.setVector(VectorKind::Query, 0, row({1, 1, 1}));
    doc.setVector(VectorKind::Query, 0, row({2, 1, 1}));
    QCOMPARE(doc.undoStack()->count(), 6);
}

void TestDocument::temperatureDragMergesButScaleDoesNot()
{
    AttentionDocument doc;
    doc.reset(ChapterExamples::lecture());
    for (double t : {1.1, 1.2, 1.3, 1.4})
        doc.setTemperature(t, true);
    doc.endContinuousEdit();
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.setScale(false);
    doc.setScale(true);
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.session().options.temperature, 1.4);
    doc.undoStack()->undo();
    QCOMPARE(doc.session().options.temperature, 1.0);
    // Setting what is already there records nothing.
    doc.setTemperature(1.0);
    doc.setMask(doc.session().options.mask);
    QCOMPARE(doc.undoStack()->index(), 0);
}

void TestDocument::cleanStateFollowsSaveAndUndo()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    AttentionDocument doc;
    QSignalSpy modified(&doc, &AttentionDocument::modifiedChanged);
    doc.setScale(false);
    QVERIFY(doc.isModified());
    QCOMPARE(modified.count(), 1);
    QString error;
    const QString path = dir.filePath(QStringLiteral("a.json"));
    QVERIFY2(doc.saveAs(path, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.displayName(), QStringLiteral("a.json"));
    doc.undoStack()->undo(); // before the save: modified again
    QVERIFY(doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(!doc.isModified());
    // What was saved is what is shown.
    SessionReader reader;
    const auto onDisk = reader.readFile(path);
    QVERIFY(onDisk);
    QVERIFY(*onDisk == doc.session());
}

void TestDocument::resetNamesAnUntitledDocument()
{
    QTemporaryDir dir;
    AttentionDocument doc;
    QString error;
    const QString path = dir.filePath(QStringLiteral("mine.json"));
    QVERIFY(doc.saveAs(path, &error));
    QCOMPARE(doc.filePath(), path);
    doc.reset(ChapterExamples::selection(), QStringLiteral("Discriminating keys"));
    QVERIFY2(doc.filePath().isEmpty(), "a preset must not keep the old file's name");
    QCOMPARE(doc.displayName(), QStringLiteral("Discriminating keys"));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 0);
    doc.reset(ChapterExamples::lecture());
    QCOMPARE(doc.displayName(), QStringLiteral("Untitled"));
}

void TestDocument::signalsSayWhatChanged()
{
    AttentionDocument doc;
    QSignalSpy vectors(&doc, &AttentionDocument::vectorChanged);
    QSignalSpy options(&doc, &AttentionDocument::optionsChanged);
    QSignalSpy resets(&doc, &AttentionDocument::sessionReset);
    QSignalSpy results(&doc, &AttentionDocument::resultChanged);
    doc.setVector(VectorKind::Query, 0, row({1, 2, 3}));
    QCOMPARE(vectors.count(), 1);
    QCOMPARE(vectors.first().at(0).value<VectorKind>(), VectorKind::Query);
    QCOMPARE(options.count(), 0);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(results.count(), 1);
    doc.setMask(MaskMode::Causal);
    QCOMPARE(options.count(), 1);
    QCOMPARE(resets.count(), 0);
    doc.replaceSession(ChapterExamples::selection(), QStringLiteral("replace"));
    QCOMPARE(resets.count(), 1);
}

void TestDocument::undoHistoryIsBoundedInMemory()
{
    AttentionDocument doc;
    QCOMPARE(doc.undoStack()->undoLimit(), AttentionDocument::kMaxUndoSteps); // small: many steps
    // 8 MiB of keys: a few dozen whole-session steps fit the budget. (One
    // query keeps each step's attention cheap, under the sanitizers too.)
    Session big;
    big.queries = Matrix::Zero(1, 256);
    big.keys = Matrix::Zero(4096, 256);
    doc.reset(big);
    const int limit = doc.undoStack()->undoLimit();
    QVERIFY(limit > AttentionDocument::kMinUndoSteps);
    QVERIFY(limit < AttentionDocument::kMaxUndoSteps);
    QVERIFY(double(limit) * 2.0 * double(big.queries.size() + big.keys.size()) * 8.0 <=
            double(AttentionDocument::kUndoBudgetBytes));
    for (int i = 0; i < limit + 5; ++i)
        doc.setTemperature(1.0 + 0.01 * (i + 1));
    QCOMPARE(doc.undoStack()->count(), limit);
}

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
