// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Files that change under the program, and files that would block: a mapped
// file cut short reads as zeros and says so (it used to end the program with
// SIGBUS), one replaced or written to is noticed, a model's pass refuses a
// weights file that changed, and reading never waits on a FIFO or on a file
// that only looks ordinary (/proc/kmsg).

#include "io/fileaccess.h"
#include "io/mappedfile.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace AttentionLab;

namespace {

QString writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

/// A copy of the tiny GPT-2 checkpoint in \a dir.
QString copyModel(const QTemporaryDir &dir)
{
    const QDir source(QStringLiteral(TEST_DATA_DIR "/models/gpt2-tiny"));
    const QString target = dir.filePath(QStringLiteral("gpt2-tiny"));
    QDir().mkpath(target);
    for (const QString &name : source.entryList(QDir::Files))
        QFile::copy(source.filePath(name), target + QLatin1Char('/') + name);
    return target;
}

QString readErrorOf(const std::function<void()> &call)
{
    try {
        call();
    } catch (const ReadError &error) {
        return error.message;
    }
    return {};
}

} // namespace

class TestMappedFile : public QObject
{
    Q_OBJECT

private slots:
    void cutShortReadsZerosAndSaysSo();
    void replacedOrWrittenIsNoticed_data();
    void replacedOrWrittenIsNoticed();
    void passRefusesChangedWeights();
    void fifoIsRefusedWithoutWaiting();
    void specialFileIsRefusedWithoutWaiting();
};

void TestMappedFile::cutShortReadsZerosAndSaysSo()
{
    QTemporaryDir dir;
    const long page = ::sysconf(_SC_PAGESIZE);
    const QString path =
        writeFile(dir.filePath(QStringLiteral("w.bin")), QByteArray(4 * page, 'A'));
    QVERIFY(!path.isEmpty());
    std::shared_ptr<const MappedFile> file = MappedFile::open(path);
    QCOMPARE(file->size(), 4LL * page);
    QCOMPARE(file->data()[3 * page + 7], 'A');
    QVERIFY(file->change().isEmpty());
    QCOMPARE(::truncate(QFile::encodeName(path).constData(), 100), 0);
    // A page past the new end: SIGBUS before; now zeros, and the file says why.
    const volatile char *data = file->data();
    QCOMPARE(int(data[2 * page + 5]), 0);
    QCOMPARE(int(data[3 * page + 7]), 0);
    QCOMPARE(file->change(), QStringLiteral("it was cut short while it was read"));
    const QString message = readErrorOf([&] { file->requireUnchanged(QStringLiteral("it")); });
    QVERIFY2(message.endsWith(QLatin1String("w.bin changed on disk while it was open (it was cut "
                                            "short while it was read): reopen it")),
             qPrintable(message));
}

void TestMappedFile::replacedOrWrittenIsNoticed_data()
{
    QTest::addColumn<int>("how");
    QTest::addColumn<QString>("expected");
    QTest::newRow("replaced") << 0 << QStringLiteral("another file took its place");
    QTest::newRow("written") << 1 << QStringLiteral("it was written to");
    QTest::newRow("shortened") << 2 << QStringLiteral("its size went from 8192 to 10 bytes");
    QTest::newRow("removed") << 3 << QStringLiteral("it was removed");
}

void TestMappedFile::replacedOrWrittenIsNoticed()
{
    QFETCH(int, how);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = writeFile(dir.filePath(QStringLiteral("w.bin")), QByteArray(8192, 'A'));
    std::shared_ptr<const MappedFile> file = MappedFile::open(path);
    const QByteArray name = QFile::encodeName(path);
    if (how == 0) {
        // As a second download does: a new file renamed over the old one.
        const QString fresh =
            writeFile(dir.filePath(QStringLiteral("new.bin")), QByteArray(8192, 'B'));
        QVERIFY(::rename(QFile::encodeName(fresh).constData(), name.constData()) == 0);
        QCOMPARE(file->data()[100], 'A'); // the old file's pages stay readable
    } else if (how == 1) {
        const int fd = ::open(name.constData(), O_WRONLY);
        QVERIFY(fd >= 0);
        QCOMPARE(::pwrite(fd, "B", 1, 0), ssize_t(1));
        const struct timespec later[2] = {{0, UTIME_OMIT}, {2000000000, 0}};
        QCOMPARE(::futimens(fd, later), 0);
        ::close(fd);
    } else if (how == 2) {
        QCOMPARE(::truncate(name.constData(), 10), 0);
    } else {
        QVERIFY(QFile::remove(path));
    }
    QCOMPARE(file->change(), expected);
}

void TestMappedFile::passRefusesChangedWeights()
{
    QTemporaryDir dir;
    const QString folder = copyModel(dir);
    std::shared_ptr<const PretrainedModel> model = PretrainedModel::open(folder);
    ModelText text;
    text.text = QStringLiteral("the cat");
    QVERIFY(model->run(text).attention.keys() > 0);
    const QString weights = folder + QStringLiteral("/model.safetensors");
    QCOMPARE(::truncate(QFile::encodeName(weights).constData(), 64), 0);
    const QString message = readErrorOf([&] { model->run(text); });
    QVERIFY2(message.contains(QLatin1String("safetensors changed on disk while it was open "
                                            "(its size went from")),
             qPrintable(message));
    QVERIFY2(message.endsWith(QLatin1String("reopen the model")), qPrintable(message));
}

void TestMappedFile::fifoIsRefusedWithoutWaiting()
{
    QTemporaryDir dir;
    const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("vocab.json")));
    QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
    // A writer that never writes: a blocking read would wait for ever.
    const int writer = ::open(fifo.constData(), O_RDWR | O_NONBLOCK);
    QVERIFY(writer >= 0);
    QByteArray bytes;
    QString error;
    QVERIFY(!readWithoutBlocking(QFile::decodeName(fifo), 1000, &bytes, &error));
    QCOMPARE(error, QStringLiteral("is a FIFO (named pipe), not a regular file"));
    QVERIFY(bytes.isEmpty());
    ::close(writer);
}

void TestMappedFile::specialFileIsRefusedWithoutWaiting()
{
    // /proc/kmsg stats as an empty regular file and blocks until the kernel
    // logs something: config.json linked to it hung the program.
    if (!QFileInfo::exists(QStringLiteral("/proc/kmsg")))
        QSKIP("this system has no /proc/kmsg");
    QTemporaryDir dir;
    const QString folder = copyModel(dir);
    const QString config = folder + QStringLiteral("/config.json");
    QVERIFY(QFile::remove(config));
    QVERIFY(QFile::link(QStringLiteral("/proc/kmsg"), config));
    QElapsedTimer clock;
    clock.start();
    const QString message = readErrorOf([&] { PretrainedModel::open(folder); });
    // Refused at once: without a read permission ("cannot be read:
    // Permission denied"), with nothing logged ("cannot be read without
    // waiting"), or with what was logged, which is not JSON.
    QVERIFY2(message.contains(QLatin1String("config.json: cannot be read")) ||
                 message.contains(QLatin1String("config.json: is not valid JSON")),
             qPrintable(message));
    QVERIFY2(clock.elapsed() < 60000, "reading a special file waited");
}

QTEST_MAIN(TestMappedFile)
#include "tst_mappedfile.moc"
