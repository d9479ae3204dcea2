// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The crafted inputs of issue 9, findings 3 to 6, run through the real
// binary: one short line on stderr and exit status 2 for what cannot be used,
// the right numbers with exit status 0 for what can. Small inputs are files
// in tests/data/hostile; large ones and special files are made here.

#include "hostilecases.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using HostileCases::addRow;

class TestHostile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void oneShortLine_data();
    void oneShortLine();
    void tinyTemperature_data();
    void tinyTemperature();
    void specialFiles_data();
    void specialFiles();
    void smallerFindings_data();
    void smallerFindings();

private:
    QTemporaryDir m_dir;
};

void TestHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(HostileCases::copyFixtures(m_dir.path()));
    const QDir dir(m_dir.path());

    // An unknown mask of five million characters: a 5 MB line before.
    QFile huge(dir.filePath(QStringLiteral("huge-mask.json")));
    QVERIFY(huge.open(QIODevice::WriteOnly));
    huge.write(
        R"({"format": "attention-lab/session", "version": 1, "queries": [[1]], "keys": [[1]], "mask": "x)");
    huge.write(QByteArray(5'000'000, 'x'));
    huge.write("\"}\n");
    huge.close();

    // A file name with a newline in it.
    QVERIFY(QFile::copy(dir.filePath(QStringLiteral("version-1e308.json")),
                        dir.filePath(QStringLiteral("two\nlines.json"))));

    // Things that are not regular files.
    QVERIFY(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.json"))).constData(),
                     0600) == 0);
    QVERIFY(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.png"))).constData(),
                     0600) == 0);
    QVERIFY(dir.mkdir(QStringLiteral("folder.json")));
    QVERIFY(dir.mkdir(QStringLiteral("folder.png")));
}

void TestHostile::oneShortLine_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("newline in the mask", {eval, QStringLiteral("mask-newline.json")}, 2,
           QStringLiteral("attention-lab: mask-newline.json: unknown mask \"causal\\nnone\": use"));
    addRow("newline in the format", {eval, QStringLiteral("format-newline.json")}, 2,
           QStringLiteral("attention-lab: format-newline.json: \"format\" is the text "
                          "\"attention-lab/\\nsession\", "
                          "not \"attention-lab/session\""));
    addRow("newline in a temperature string",
           {eval, QStringLiteral("temperature-text-newline.json")}, 2,
           QStringLiteral("attention-lab: temperature-text-newline.json: \"temperature\" must be a "
                          "number above 0, "
                          "not the text \"1\\n0\""));
    addRow("newline in the file name", {eval, QStringLiteral("two\nlines.json")}, 2,
           QStringLiteral(
               "attention-lab: two\\nlines.json: the session is version 1e+308, newer than"));
    addRow("5,000,000-character mask", {eval, QStringLiteral("huge-mask.json")}, 2,
           QStringLiteral("attention-lab: huge-mask.json: unknown mask "
                          "\"xxxxxxxxxxxxxxxxxxxxxxxxxx\u2026xxxxxxxxxxxxx\": use"));
    addRow("version 1e308", {eval, QStringLiteral("version-1e308.json")}, 2,
           QStringLiteral("attention-lab: version-1e308.json: the session is version 1e+308, newer "
                          "than this program "
                          "understands (1)"));
    addRow("temperature -1e-300", {eval, QStringLiteral("temperature-negative-tiny.json")}, 2,
           QStringLiteral("attention-lab: temperature-negative-tiny.json: \"temperature\" must be "
                          "a number above 0, "
                          "not -1e-300"));
    addRow("newline in an output path",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("no-such-folder/a\nb.png")},
           2, QStringLiteral("attention-lab: no-such-folder/a\\nb.png: cannot be written: "));
    addRow("newline in an output format",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("out.p\nng")},
           2,
           QStringLiteral(
               "attention-lab: out.p\\nng: unknown format \"p\\nng\": use .png, .svg or .pdf"));
    addRow("newline in a colour map",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("out.png"), QStringLiteral("--colormap"), QStringLiteral("viridis\n")},
           2, QStringLiteral("attention-lab: --colormap: unknown colour map \"viridis\\n\""));
    addRow("newline in an unknown option", {QStringLiteral("--one\n")}, 2,
           QStringLiteral("attention-lab: unknown option \"--one\\n\""));
    addRow("100,000-character option", {QStringLiteral("--") + QString(100'000, QLatin1Char('o'))},
           2,
           QStringLiteral(
               "attention-lab: unknown option \"--oooooooooooooooooooooooo\u2026ooooooooooooo\""));
    addRow("escape sequence in --seed",
           {QStringLiteral("--scale"), QStringLiteral("--seed"), QStringLiteral("\x1b[2J1")}, 2,
           QStringLiteral("attention-lab: --seed: \"\\x1b[2J1\" is not a whole number"));
}

void TestHostile::oneShortLine()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::tinyTemperature_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("tau 5e-324: all the weight on the largest score",
           {eval, QStringLiteral("temperature-tiny.json")}, 0, {}, QStringLiteral("weights"),
           "[[1, 0, 0]]");
    addRow("tau 5e-324: logits overflow, reported as infinities, not masked",
           {eval, QStringLiteral("temperature-tiny.json")}, 0, {}, QStringLiteral("logits"),
           R"([["Infinity", "-Infinity", "Infinity"]])");
    addRow("tau 5e-324, lecture example: one-hot on best",
           {eval, QStringLiteral("temperature-tiny-lecture.json")}, 0, {},
           QStringLiteral("weights"), "[[0, 0, 1]]");
    addRow("tau 5e-324, lecture example: entropy 0",
           {eval, QStringLiteral("temperature-tiny-lecture.json")}, 0, {},
           QStringLiteral("entropy_bits"), "[0]");
    addRow(
        "tau 1e-310, causal: masked cells null, overflow infinite",
        {eval, QStringLiteral("temperature-tiny-causal.json")}, 0, {}, QStringLiteral("logits"),
        R"([["-Infinity", null, null], ["-Infinity", "Infinity", null], ["Infinity", "-Infinity", "Infinity"]])");
    addRow("tau 1e-310, causal: weights", {eval, QStringLiteral("temperature-tiny-causal.json")}, 0,
           {}, QStringLiteral("weights"), "[[1, 0, 0], [0, 1, 0], [1, 0, 0]]");
}

void TestHostile::tinyTemperature()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::specialFiles_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("eval of a FIFO", {eval, QStringLiteral("fifo.json")}, 2,
           QStringLiteral("attention-lab: fifo.json: is a FIFO (named pipe), not a session file"));
    addRow("eval of a device", {eval, QStringLiteral("/dev/zero")}, 2,
           QStringLiteral("attention-lab: /dev/zero: is a character device, not a session file"));
    addRow("eval of a folder", {eval, QStringLiteral("folder.json")}, 2,
           QStringLiteral("attention-lab: folder.json: is a folder, not a session file"));
    addRow("export of a FIFO",
           {QStringLiteral("export"), QStringLiteral("fifo.json"), QStringLiteral("-o"),
            QStringLiteral("out.png")},
           2,
           QStringLiteral("attention-lab: fifo.json: is a FIFO (named pipe), not a session file"));
    addRow(
        "export to a FIFO",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         QStringLiteral("fifo.png")},
        2,
        QStringLiteral(
            "attention-lab: fifo.png: cannot be written: it is a FIFO (named pipe), not a file"));
    addRow(
        "export to a folder",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         QStringLiteral("folder.png")},
        2,
        QStringLiteral("attention-lab: folder.png: cannot be written: it is a folder, not a file"));
}

void TestHostile::specialFiles()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::smallerFindings_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow(
        "large PNG on a full disk",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         HostileCases::kFullDisk + QStringLiteral("/big.png"), QStringLiteral("--width"),
         QStringLiteral("4000"), QStringLiteral("--height"), QStringLiteral("3000")},
        2,
        QStringLiteral("attention-lab: disk/big.png: cannot be written: No space left on device"));
    addRow("lone surrogate in a token", {eval, QStringLiteral("lone-surrogate.json")}, 2,
           QStringLiteral(
               "attention-lab: lone-surrogate.json: tokens[0] \"\\ud800\" is not valid Unicode"));
    addRow("UTF-8 byte order mark: accepted", {eval, QStringLiteral("bom.json")}, 0, {},
           QStringLiteral("tokens"), R"(["is", "the", "best"])");
    addRow("duplicate members: the last one counts",
           {eval, QStringLiteral("duplicate-members.json")}, 0, {}, QStringLiteral("mask"),
           R"("causal")");
}

void TestHostile::smallerFindings()
{
    HostileCases::run(m_dir.path());
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
