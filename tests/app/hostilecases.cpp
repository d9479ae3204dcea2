// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "hostilecases.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <algorithm>

#include <unistd.h>

namespace HostileCases {

namespace {

/// Longest stderr line a failure may print.
constexpr qsizetype kMaxMessageBytes = 400;
/// A run that takes longer has blocked (a FIFO, a device).
constexpr int kTimeoutMs = 60000;
/// Exit status of the full-disk wrapper when it cannot mount.
constexpr int kCannotMount = 99;

} // namespace

void addColumns()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stderrStart");
    QTest::addColumn<QString>("member");
    QTest::addColumn<QByteArray>("value");
}

void addRow(const char *name, const QStringList &arguments, int exitCode,
            const QString &stderrStart, const QString &member, const QByteArray &value)
{
    QTest::newRow(name) << arguments << exitCode << stderrStart << member << value;
}

void run(const QString &workDir)
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, stderrStart);
    QFETCH(QString, member);
    QFETCH(QByteArray, value);

    QString program = QStringLiteral(ATTENTION_LAB_EXECUTABLE);
    const bool fullDisk =
        std::any_of(arguments.cbegin(), arguments.cend(),
                    [](const QString &argument) { return argument.contains(kFullDisk); });
    if (fullDisk) {
        // A private mount namespace with a 64 KiB tmpfs at ./disk: root may
        // mount directly, anyone else through a user namespace.
        QDir(workDir).mkpath(QStringLiteral("disk"));
        for (QString &argument : arguments)
            argument.replace(kFullDisk, QStringLiteral("disk"));
        QStringList wrapped{QStringLiteral("--mount")};
        if (::geteuid() != 0)
            wrapped << QStringLiteral("--map-root-user");
        wrapped << QStringLiteral("sh") << QStringLiteral("-c")
                << QStringLiteral("mount -t tmpfs -o size=64k hostile disk || exit %1; exec \"$@\"")
                       .arg(kCannotMount)
                << QStringLiteral("sh") << program;
        arguments = wrapped + arguments;
        program = QStringLiteral("unshare");
    }

    if (arguments.removeAll(kAsNobody) > 0 && ::geteuid() == 0) {
        arguments = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                QStringLiteral("--clear-groups"), program} +
                    arguments;
        program = QStringLiteral("setpriv");
    }

    QProcess process;
    if (arguments.removeAll(kStdoutFull) > 0)
        process.setStandardOutputFile(QStringLiteral("/dev/full"));
    process.setWorkingDirectory(workDir);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    QVERIFY2(process.waitForStarted(), qPrintable(program + QStringLiteral(" did not start")));
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        QFAIL("attention-lab did not finish within a minute: it blocked");
    }
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    if (fullDisk && process.exitCode() == kCannotMount)
        QSKIP("cannot mount a small tmpfs here (needs root or user namespaces)");
    const QByteArray out = process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();

    QVERIFY2(process.exitCode() == exitCode,
             qPrintable(QStringLiteral("exit status %1, expected %2; stderr: %3")
                            .arg(process.exitCode())
                            .arg(exitCode)
                            .arg(QString::fromUtf8(err.left(kMaxMessageBytes)))));
    if (stderrStart.isEmpty()) {
        QVERIFY2(err.isEmpty(), err.left(kMaxMessageBytes).constData());
    } else {
        const bool anywhere = stderrStart.startsWith(kContains);
        const QByteArray expected = stderrStart.mid(anywhere ? kContains.size() : 0).toUtf8();
        QVERIFY2(anywhere ? err.contains(expected) : err.startsWith(expected),
                 qPrintable(QStringLiteral("stderr starts \"%1\", expected \"%2\"")
                                .arg(QString::fromUtf8(err.left(stderrStart.toUtf8().size() + 40)),
                                     stderrStart)));
        // One line, short, whatever the input.
        QVERIFY2(err.endsWith('\n') && err.count('\n') == 1,
                 qPrintable(QStringLiteral("not one line: %1")
                                .arg(QString::fromUtf8(err.left(kMaxMessageBytes)))));
        QVERIFY2(err.size() <= kMaxMessageBytes,
                 qPrintable(QStringLiteral("a %1-byte message").arg(err.size())));
    }
    if (!member.isEmpty()) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonDocument expected = QJsonDocument::fromJson("[" + value + "]");
        QVERIFY2(!expected.isNull(), "the row's expected value is not JSON");
        QCOMPARE(document.object().value(member), expected.array().first());
    }
}

bool copyFixtures(const QString &dir)
{
    const QDir source(QStringLiteral(TEST_DATA_DIR "/hostile"));
    const QStringList files = source.entryList(QDir::Files);
    if (files.isEmpty())
        return false;
    for (const QString &file : files) {
        if (!QFile::copy(source.filePath(file), QDir(dir).filePath(file)))
            return false;
    }
    return QFile::copy(QStringLiteral(PRESETS_DIR "/lecture.json"),
                       QDir(dir).filePath(QStringLiteral("lecture.json")));
}

} // namespace HostileCases
