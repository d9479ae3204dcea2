// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Shape and label edits keep a session consistent.

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/sessionedits.h"

#include <QtTest>

using namespace AttentionLab;

class TestSessionEdits : public QObject
{
    Q_OBJECT

private slots:
    void insertKeyKeepsValuesAndLabels();
    void removeKeyKeepsQueryLabels();
    void moveKeyCarriesItsValue();
    void queriesEditOnTheirOwn();
    void renameMaterialisesLabels();
    void biasFollowsItsQueriesAndKeys();
    void keyDimension_data();
    void keyDimension();
    void refusals_data();
    void refusals();
};

void TestSessionEdits::insertKeyKeepsValuesAndLabels()
{
    Session s = ChapterExamples::selection();
    SessionEdits::insertKey(s, 1, "cat");
    QCOMPARE(s.keys.rows(), Index(4));
    QCOMPARE(s.values.rows(), Index(4));
    QCOMPARE(s.keyLabel(1), std::string("cat"));
    QCOMPARE(s.keyLabel(2), std::string("truck"));
    QVERIFY(s.keys.row(1).isZero());
    QCOMPARE(s.values(2, 1), 1.0); // truck's value moved down with it
}

void TestSessionEdits::removeKeyKeepsQueryLabels()
{
    Session s = ChapterExamples::causalMask(); // queries take the key labels
    SessionEdits::removeKey(s, 0);
    QCOMPARE(s.keys.rows(), Index(3));
    QCOMPARE(s.queries.rows(), Index(4));
    QCOMPARE(s.queryLabel(0), std::string("the")); // not renamed by the removal
    QCOMPARE(s.keyLabel(0), std::string("dog"));
}

void TestSessionEdits::moveKeyCarriesItsValue()
{
    Session s = ChapterExamples::selection();
    SessionEdits::moveKey(s, 0, 2);
    QCOMPARE(s.keyLabel(2), std::string("dog"));
    QCOMPARE(s.keys(2, 0), 0.9);
    QCOMPARE(s.values(2, 0), 1.0);
    QCOMPARE(s.keyLabel(0), std::string("truck"));
}

void TestSessionEdits::queriesEditOnTheirOwn()
{
    Session s = ChapterExamples::lecture();
    SessionEdits::insertQuery(s, 1, "what");
    QCOMPARE(s.queries.rows(), Index(2));
    QCOMPARE(s.queryLabel(1), std::string("what"));
    SessionEdits::moveQuery(s, 1, 0);
    QCOMPARE(s.queryLabel(0), std::string("what"));
    QVERIFY(s.queries.row(0).isZero());
    SessionEdits::removeQuery(s, 0);
    QCOMPARE(s.queryLabel(0), std::string("who"));
    QCOMPARE(s.keys.rows(), Index(3));
}

void TestSessionEdits::renameMaterialisesLabels()
{
    Session s;
    s.queries = Matrix::Ones(2, 2);
    s.keys = Matrix::Ones(3, 2);
    SessionEdits::renameKey(s, 1, "middle");
    QCOMPARE(s.keyLabel(0), std::string("k1"));
    QCOMPARE(s.keyLabel(1), std::string("middle"));
    SessionEdits::renameQuery(s, 0, "first");
    QCOMPARE(s.queryLabel(0), std::string("first"));
    QCOMPARE(s.queryLabel(1), std::string("q2"));
}

void TestSessionEdits::biasFollowsItsQueriesAndKeys()
{
    // B(i, j) = 10 i + j: each edit keeps every number with its query and key.
    Session s = ChapterExamples::causalMask();
    s.bias.resize(4, 4);
    for (Index i = 0; i < 4; ++i)
        for (Index j = 0; j < 4; ++j)
            s.bias(i, j) = 10.0 * double(i) + double(j);
    SessionEdits::moveKey(s, 0, 3);
    QCOMPARE(s.bias.row(2), (RowVector(4) << 21, 22, 23, 20).finished());
    SessionEdits::moveQuery(s, 3, 0);
    QCOMPARE(s.bias.col(3), (Vector(4) << 30, 0, 10, 20).finished());
    SessionEdits::removeKey(s, 0); // the key that was 1
    QCOMPARE(s.bias.cols(), Index(3));
    QCOMPARE(s.bias.row(0), (RowVector(3) << 32, 33, 30).finished());
    SessionEdits::removeQuery(s, 1); // the query that was 0
    QCOMPARE(s.bias.col(0), (Vector(3) << 32, 12, 22).finished());
    // New tokens carry no bias.
    SessionEdits::insertKey(s, 1, "new");
    QCOMPARE(s.bias.col(1), Vector::Zero(3));
    SessionEdits::insertQuery(s, 0, "asks");
    QCOMPARE(s.bias.row(0), RowVector::Zero(4));
    QCOMPARE(s.bias.rows(), s.queries.rows());
    QCOMPARE(s.bias.cols(), s.keys.rows());
    // And the attention adds it to the scores.
    const AttentionResult r = attend(s);
    QVERIFY(r.scores.isApprox(s.queries * s.keys.transpose() + s.bias, 1e-15));
}

void TestSessionEdits::keyDimension_data()
{
    QTest::addColumn<int>("dim");
    QTest::newRow("add a dimension") << 4;
    QTest::newRow("drop a dimension") << 2;
    QTest::newRow("down to one") << 1;
}

void TestSessionEdits::keyDimension()
{
    QFETCH(int, dim);
    Session s = ChapterExamples::selection();
    const Session before = s;
    SessionEdits::setKeyDim(s, dim);
    QCOMPARE(s.queries.cols(), Index(dim));
    QCOMPARE(s.keys.cols(), Index(dim));
    QCOMPARE(s.values.cols(), Index(3)); // explicit values keep their width
    const Index keep = std::min<Index>(dim, 3);
    QVERIFY(s.keys.leftCols(keep).isApprox(before.keys.leftCols(keep), 0.0));
    if (dim > 3)
        QVERIFY(s.keys.rightCols(dim - 3).isZero());
    Session lecture = ChapterExamples::lecture();
    SessionEdits::setKeyDim(lecture, dim);
    QVERIFY(!lecture.hasValues());                     // V = K follows the keys
    QVERIFY(!(lecture == ChapterExamples::lecture())); // other shapes are never equal
}

void TestSessionEdits::refusals_data()
{
    QTest::addColumn<int>("edit");
    QTest::newRow("remove the last query") << 0;
    QTest::newRow("remove a key that is not there") << 1;
    QTest::newRow("d_k of zero") << 2;
    QTest::newRow("insert past the end") << 3;
}

void TestSessionEdits::refusals()
{
    QFETCH(int, edit);
    Session s = ChapterExamples::lecture();
    switch (edit) {
    case 0:
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionEdits::removeQuery(s, 0));
        break;
    case 1:
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionEdits::removeKey(s, 5));
        break;
    case 2:
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionEdits::setKeyDim(s, 0));
        break;
    case 3:
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SessionEdits::insertKey(s, 7, "x"));
        break;
    }
    QVERIFY(s == ChapterExamples::lecture()); // a refused edit changes nothing
}

QTEST_APPLESS_MAIN(TestSessionEdits)
#include "tst_sessionedits.moc"
