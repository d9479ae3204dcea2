// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// One window a user: `attention-lab FILE` hands FILE to the window running,
// through the real binary, offscreen, on a socket of the test's own.

#include "io/windowsocket.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

class TestWindowHandOff : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void filesGoToTheRunningWindow();
    void refusals_data();
    void refusals();
    void aSocketLeftBehindIsReplaced();
    void aSocketOpenToOthersIsRefused();
    void aNewWindowLeavesTheSocketToTheFirst();

private:
    QProcessEnvironment environment() const;
    /// Starts a window; true once it answers a status request.
    bool startWindow(QProcess &window, const QStringList &arguments = {});
    WindowSocket::Reply ask(const QJsonObject &message) const;
    /// `attention-lab ARGS`: its exit status, stdout and stderr.
    int run(const QStringList &arguments, QByteArray *out = nullptr, QByteArray *err = nullptr);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_socket;
    QProcess m_window;
};

QProcessEnvironment TestWindowHandOff::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"ATTENTION_LAB_SOCKET"_s, m_socket);
    env.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    env.insert(u"XDG_DATA_HOME"_s, m_dir->filePath(u"data"_s));
    return env;
}

void TestWindowHandOff::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QFile::setPermissions(m_dir->path(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    m_socket = m_dir->filePath(u"window.socket"_s);
}

void TestWindowHandOff::cleanup()
{
    if (m_window.state() != QProcess::NotRunning) {
        m_window.kill();
        m_window.waitForFinished();
    }
}

bool TestWindowHandOff::startWindow(QProcess &window, const QStringList &arguments)
{
    window.setProcessEnvironment(environment());
    window.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), arguments);
    if (!window.waitForStarted())
        return false;
    for (int i = 0; i < 300; ++i) {
        const WindowSocket::Reply reply = ask({{u"status"_s, true}});
        if (reply.reached && reply.answer.value(u"pid"_s).toInteger() == window.processId())
            return true;
        QTest::qWait(50);
    }
    return false;
}

WindowSocket::Reply TestWindowHandOff::ask(const QJsonObject &message) const
{
    return WindowSocket::request(m_socket, message, 5000);
}

int TestWindowHandOff::run(const QStringList &arguments, QByteArray *out, QByteArray *err)
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), arguments);
    if (!process.waitForFinished(20000)) {
        process.kill();
        process.waitForFinished();
        return -1;
    }
    if (out)
        *out = process.readAllStandardOutput();
    if (err)
        *err = process.readAllStandardError();
    return process.exitCode();
}

void TestWindowHandOff::filesGoToTheRunningWindow()
{
    QVERIFY(startWindow(m_window));
    // The socket is the user's alone.
    struct stat socketStat;
    QCOMPARE(::lstat(QFile::encodeName(m_socket).constData(), &socketStat), 0);
    QVERIFY(S_ISSOCK(socketStat.st_mode));
    QCOMPARE(int(socketStat.st_mode & 077), 0);

    // A session: this process ends at once, the window opens it.
    const QString session = QStringLiteral(TEST_DATA_DIR "/../../resources/presets/lecture.json");
    const QString sessionPath = QFileInfo(session).canonicalFilePath();
    QByteArray out;
    QCOMPARE(run({sessionPath}, &out), 0);
    QVERIFY2(out.contains("to the running window"), out.constData());
    QTRY_COMPARE_WITH_TIMEOUT(ask({{u"status"_s, true}}).answer.value(u"session_file"_s).toString(),
                              sessionPath, 10000);
    QCOMPARE(ask({{u"status"_s, true}}).answer.value(u"tab"_s).toString(), u"attention"_s);

    // A second, a model folder given relative to the working folder, while
    // the first is open: the Model tab shows it.
    const QString folder =
        QFileInfo(QStringLiteral(TEST_DATA_DIR "/decoders/llama-gqa")).canonicalFilePath();
    QProcess relative;
    relative.setProcessEnvironment(environment());
    relative.setWorkingDirectory(QFileInfo(folder).absolutePath());
    relative.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), {u"llama-gqa"_s});
    QVERIFY(relative.waitForFinished(20000));
    QCOMPARE(relative.exitCode(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(ask({{u"status"_s, true}}).answer.value(u"file"_s).toString(), folder,
                              20000);
    const QJsonObject status = ask({{u"status"_s, true}}).answer;
    QCOMPARE(status.value(u"model_file"_s).toString(), folder);
    QCOMPARE(status.value(u"tab"_s).toString(), u"model"_s);
    QCOMPARE(status.value(u"session_file"_s).toString(), sessionPath);
    QCOMPARE(m_window.state(), QProcess::Running);

    // What the window would refuse is refused here, in one line, exit 2,
    // and the window keeps what it shows.
    const struct
    {
        QString path;
        QString said;
    } refused[] = {
        {QFileInfo(QStringLiteral(TEST_DATA_DIR "/attention-sets/bad_view.npz"))
             .canonicalFilePath(),
         u"bad_view.npz: its view names the view \"table\""_s},
        {QFileInfo(QStringLiteral(TEST_DATA_DIR "/attention-sets")).canonicalFilePath(),
         u"not a model's folder (it has no config.json)"_s},
        {QFileInfo(QStringLiteral(TEST_DATA_DIR "/attention-sets/expected.json"))
             .canonicalFilePath(),
         u"expected.json: "_s},
    };
    for (const auto &file : refused) {
        QByteArray err;
        QCOMPARE(run({file.path}, nullptr, &err), 2);
        QVERIFY2(QString::fromUtf8(err).contains(file.said), err.constData());
        QCOMPARE(err.count('\n'), 1);
    }
    QCOMPARE(ask({{u"status"_s, true}}).answer.value(u"model_file"_s).toString(), folder);
    // The built-in model goes by its folder, to the same window.
    QByteArray builtin;
    QCOMPARE(run({u"builtin"_s}, &builtin), 0);
    QVERIFY2(builtin.contains("to the running window"), builtin.constData());
    QTRY_VERIFY_WITH_TIMEOUT(ask({{u"status"_s, true}})
                                 .answer.value(u"model_file"_s)
                                 .toString()
                                 .endsWith(u"/models/builtin"_s),
                             20000);
    // A batch the window asks about is not refused here: handed over.
    QByteArray handed;
    QCOMPARE(
        run({QFileInfo(QStringLiteral(TEST_DATA_DIR "/attention/batch2.npy")).canonicalFilePath()},
            &handed),
        0);
    QVERIFY2(handed.contains("to the running window"), handed.constData());
}

void TestWindowHandOff::refusals_data()
{
    QTest::addColumn<QJsonObject>("request");
    QTest::addColumn<QString>("error");
    QTest::newRow("a relative path")
        << QJsonObject{{u"open"_s, u"lecture.json"_s}} << u"lecture.json is not an absolute path"_s;
    QTest::newRow("a device") << QJsonObject{{u"open"_s, u"/dev/null"_s}}
                              << u"/dev/null is neither a regular file nor a folder"_s;
    QTest::newRow("nothing there") << QJsonObject{{u"open"_s, u"/nonexistent/a.npz"_s}}
                                   << u"/nonexistent/a.npz does not exist"_s;
    QTest::newRow("a number") << QJsonObject{{u"open"_s, 3}} << u"the request asks for nothing"_s;
    QTest::newRow("another question")
        << QJsonObject{{u"close"_s, true}} << u"the request asks for nothing"_s;
}

void TestWindowHandOff::refusals()
{
    QFETCH(QJsonObject, request);
    QFETCH(QString, error);
    QVERIFY(startWindow(m_window));
    const WindowSocket::Reply reply = ask(request);
    QVERIFY(reply.reached);
    QCOMPARE(reply.answer.value(u"ok"_s).toBool(), false);
    const QString said = reply.answer.value(u"error"_s).toString();
    QVERIFY2(said.startsWith(error), qPrintable(said));
    QVERIFY(!said.contains(u'\n'));
    // The window is still there, and the command line says the same in one line.
    QVERIFY(ask({{u"status"_s, true}}).reached);
}

void TestWindowHandOff::aSocketLeftBehindIsReplaced()
{
    // A socket file nobody listens on, as a window killed outright leaves.
    {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray local = QFile::encodeName(m_socket);
        std::memcpy(address.sun_path, local.constData(), size_t(local.size()));
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
        ::chmod(local.constData(), 0700);
        ::close(fd);
    }
    QVERIFY(QFileInfo::exists(m_socket));
    // No window answers there: a request reaches none, and says no error.
    const WindowSocket::Reply none = ask({{u"status"_s, true}});
    QVERIFY(!none.reached);
    QVERIFY(none.error.isEmpty());
    // A new window replaces it and answers.
    QVERIFY(startWindow(m_window));
    // And when that window is killed, the next one takes the socket again.
    m_window.kill();
    m_window.waitForFinished();
    QVERIFY(QFileInfo::exists(m_socket));
    QVERIFY(startWindow(m_window));
}

void TestWindowHandOff::aSocketOpenToOthersIsRefused()
{
    QVERIFY(startWindow(m_window));
    const QString session = QFileInfo(QStringLiteral(TEST_DATA_DIR "/../../resources/presets/"
                                                                   "lecture.json"))
                                .canonicalFilePath();
    QVERIFY(QFile::setPermissions(m_socket, QFileDevice::Permissions(0x7777)));
    QByteArray err;
    QCOMPARE(run({session}, nullptr, &err), 2);
    QVERIFY2(err.contains("is open to other users"), err.constData());
    QCOMPARE(err.count('\n'), 1);
    // Another user's socket (as root, one made over to nobody).
    if (::geteuid() == 0) {
        QVERIFY(QFile::setPermissions(m_socket,
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(::chown(QFile::encodeName(m_socket).constData(), 65534, 65534), 0);
        QCOMPARE(run({session}, nullptr, &err), 2);
        QVERIFY2(err.contains("belongs to another user"), err.constData());
    }
}

void TestWindowHandOff::aNewWindowLeavesTheSocketToTheFirst()
{
    QVERIFY(startWindow(m_window));
    const qint64 first = m_window.processId();
    const QString session = QFileInfo(QStringLiteral(TEST_DATA_DIR "/../../resources/presets/"
                                                                   "selection.json"))
                                .canonicalFilePath();
    QProcess second;
    second.setProcessEnvironment(environment());
    second.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), {u"--new-window"_s, session});
    QVERIFY(second.waitForStarted());
    // A window of its own: still running a moment later.
    QVERIFY(!second.waitForFinished(1500));
    QCOMPARE(ask({{u"status"_s, true}}).answer.value(u"pid"_s).toInteger(), first);
    second.kill();
    second.waitForFinished();
    QVERIFY(ask({{u"status"_s, true}}).reached);
}

QTEST_GUILESS_MAIN(TestWindowHandOff)
#include "tst_windowhandoff.moc"
