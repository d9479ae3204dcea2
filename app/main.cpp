// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandline.h"
#include "app/guibenchmark.h"
#include "io/attentionfilereader.h"
#include "io/builtinmodel.h"
#include "io/sessionreader.h"
#include "io/windowsocket.h"
#include "ui/window/fileopener.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/windowserver.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QIcon>
#include <QJsonArray>
#include <QStandardPaths>

#include <cstdio>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace {

/// The offscreen platform's notes about window hints it cannot honour say
/// nothing about the benchmark; everything else still reaches stderr.
QtMessageHandler g_defaultHandler = nullptr;

void quietOffscreenNotes(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("propagateSizeHints")) ||
        message.contains(QLatin1String("XDG_RUNTIME_DIR")))
        return;
    g_defaultHandler(type, context, message);
}

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTENTIONLAB_VERSION));
}

/// Why the window would refuse \a path (a file it cannot read, a folder with
/// no config.json), said here in one line rather than by the window; empty
/// when it would open it, or ask the user how (a batch, a layout).
QString handOffProblem(const QString &path)
{
    using OpenedAs = AttentionLab::FileOpener::OpenedAs;
    const OpenedAs as = AttentionLab::FileOpener::openedAs(path);
    if (as == OpenedAs::ModelFolder)
        return QFileInfo(path + QStringLiteral("/config.json")).isFile()
                   ? QString()
                   : QStringLiteral("%1: not a model's folder (it has no config.json)").arg(path);
    if (as == OpenedAs::AttentionFile) {
        AttentionLab::AttentionFileReader reader;
        if (reader.readSets(path) || reader.needsLayout() || reader.batchSize() > 1)
            return QString();
        return reader.errorString();
    }
    AttentionLab::SessionReader reader;
    return reader.readFile(path) ? QString() : reader.errorString();
}

/// `bench --gui --model DIR`: a keystroke in the model's text to a redrawn grid.
AttentionLab::Report modelTypingReport(const QString &folder, int tokens)
{
    const AttentionLab::ModelTypingResult result =
        AttentionLab::runModelTypingBenchmark(folder, tokens);
    AttentionLab::Report report;
    report.text = QStringLiteral("Model tab, offscreen: %1 read from a text of %2 tokens; a letter "
                                 "typed or erased at its end,\ntimed until the grid of heads is "
                                 "redrawn with the new attention\n\n  keystroke_ms  %3  median of "
                                 "%4 keystrokes (target 300)\n")
                      .arg(result.model)
                      .arg(result.tokens)
                      .arg(result.keystrokeMs, 0, 'f', 1)
                      .arg(result.keystrokes);
    report.json.insert(QStringLiteral("model"), result.model);
    report.json.insert(QStringLiteral("tokens"), result.tokens);
    report.json.insert(QStringLiteral("keystroke_ms"), result.keystrokeMs);
    report.json.insert(QStringLiteral("keystrokes"), result.keystrokes);
    if (result.generatedTokens > 0) {
        report.text +=
            QStringLiteral("  token_drawn_ms  %1  median from a generated token computed to the "
                           "grid drawn with it,\n                  slowest %2, %3 of %4 tokens "
                           "drawn (target 150)\n")
                .arg(result.tokenDrawnMs, 0, 'f', 1)
                .arg(result.tokenDrawnMaxMs, 0, 'f', 1)
                .arg(result.drawnTokens)
                .arg(result.generatedTokens);
        report.json.insert(QStringLiteral("generated_tokens"), result.generatedTokens);
        report.json.insert(QStringLiteral("drawn_tokens"), result.drawnTokens);
        report.json.insert(QStringLiteral("token_drawn_ms"), result.tokenDrawnMs);
        report.json.insert(QStringLiteral("token_drawn_max_ms"), result.tokenDrawnMaxMs);
    }
    return report;
}

AttentionLab::Report guiBenchmarkReport(const std::vector<long long> &tokens, long long keyDim,
                                        const QString &modelFolder)
{
    if (!modelFolder.isEmpty())
        return modelTypingReport(modelFolder, int(tokens.front()));
    std::vector<int> counts(tokens.begin(), tokens.end());
    const AttentionLab::GuiBenchmarkResult result =
        AttentionLab::runGuiBenchmark(counts, int(keyDim));
    AttentionLab::Report report;
    report.text = QStringLiteral("Main window, offscreen, d_k = %1, causal: one key coordinate "
                                 "moved as a slider drag,\ntimed until every view has "
                                 "repainted\n\n  start-up to a shown window: %2 ms\n\n  %3%4%5\n")
                      .arg(keyDim)
                      .arg(result.startupMs, 0, 'f', 1)
                      .arg(QStringLiteral("tokens"), 8)
                      .arg(QStringLiteral("median ms"), 12)
                      .arg(QStringLiteral("steps"), 8);
    QJsonArray rows;
    for (const auto &row : result.rows) {
        report.text += QStringLiteral("  %1%2%3\n")
                           .arg(row.tokens, 8)
                           .arg(row.updateMsMedian, 12, 'f', 2)
                           .arg(row.runs, 8);
        QJsonObject r;
        r.insert(QStringLiteral("n"), row.tokens);
        r.insert(QStringLiteral("update_ms_median"), row.updateMsMedian);
        r.insert(QStringLiteral("steps"), row.runs);
        rows.append(r);
    }
    const AttentionLab::ModelBenchmarkResult &model = result.model;
    report.text +=
        QStringLiteral("\nModel tab (random tensors in memory):\n"
                       "  tensor_open_ms  %1  [12, 12, 1024, 1024] to a drawn grid (target 2000)\n"
                       "  head_switch_ms  %2  the large view to another head, n = 1024 (target "
                       "50)\n"
                       "  zoom_ms         %3  zoom step %4, pan step %5, n = 4096 (target 16)\n")
            .arg(model.tensorOpenMs, 0, 'f', 1)
            .arg(model.headSwitchMs, 0, 'f', 2)
            .arg(model.zoomMs(), 0, 'f', 2)
            .arg(model.zoomStepMs, 0, 'f', 2)
            .arg(model.panStepMs, 0, 'f', 2);
    report.json.insert(QStringLiteral("tensor_open_ms"), model.tensorOpenMs);
    report.json.insert(QStringLiteral("head_switch_ms"), model.headSwitchMs);
    report.json.insert(QStringLiteral("zoom_ms"), model.zoomMs());
    report.json.insert(QStringLiteral("zoom_step_ms"), model.zoomStepMs);
    report.json.insert(QStringLiteral("pan_step_ms"), model.panStepMs);
    report.json.insert(QStringLiteral("d_k"), qint64(keyDim));
    report.json.insert(QStringLiteral("startup_ms"), result.startupMs);
    report.json.insert(QStringLiteral("gui"), rows);
    return report;
}

/// The arguments as the user gave them, before Qt decodes them.
QList<QByteArray> rawArguments(int argc, char *argv[])
{
    QList<QByteArray> raw;
    for (int i = 0; i < argc; ++i)
        raw << QByteArray(argv[i]);
    return raw;
}

} // namespace

/// A forward pass allocates and frees the same tens of megabytes for each
/// layer (its activations, a head's q, k and v kept for the views). glibc
/// maps such blocks afresh and gives them back on free, so every pass faulted
/// its pages in again and waited for the kernel to clear them: a sixth of
/// SmolLM2's pass at 1,024 tokens. Blocks under 64 MiB (GPT-2 small's kept
/// q, k and v at 1,024 tokens are 38 MiB each) come from the heap, which
/// keeps up to 512 MiB of freed memory for the next pass. At 32 MiB GPT-2's
/// pass took 10% longer; at 256 MiB a 64 MiB attention came from the heap
/// too, 3.5 MiB more at the peak (tst_memorylimits).
void tuneAllocator()
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

int main(int argc, char *argv[])
{
    tuneAllocator();
    const QStringList arguments = [&] {
        QStringList list;
        for (int i = 0; i < argc; ++i)
            list << QString::fromLocal8Bit(argv[i]);
        return list;
    }();

    // `bench --gui` builds the real window, on the offscreen platform.
    if (AttentionLab::CommandLine::wantsGuiBenchmark(arguments)) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        g_defaultHandler = qInstallMessageHandler(quietOffscreenNotes);
        QApplication app(argc, argv);
        describeApplication();
        // The benchmark's windows neither read nor write the user's settings
        // and recovery file.
        QStandardPaths::setTestModeEnabled(true);
        AttentionLab::CommandLine commandLine(QCoreApplication::arguments());
        commandLine.setRawArguments(rawArguments(argc, argv));
        commandLine.setGuiBenchmark(guiBenchmarkReport);
        return commandLine.run();
    }

    // `export` paints with Qt Gui but needs no display: without one it picks
    // the offscreen platform by itself. No window, settings or autosave.
    if (AttentionLab::CommandLine::wantsExport(arguments)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
            qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        g_defaultHandler = qInstallMessageHandler(quietOffscreenNotes);
        QGuiApplication app(argc, argv);
        describeApplication();
        AttentionLab::CommandLine commandLine(QCoreApplication::arguments());
        commandLine.setRawArguments(rawArguments(argc, argv));
        return commandLine.run();
    }

    // `attention-lab [--presentation] [SESSION.json]` opens the window; any
    // other argument means the command line, which needs no display at all.
    QStringList windowArguments = arguments.mid(1);
    const bool presentation = windowArguments.removeAll(QStringLiteral("--presentation")) > 0;
    // --new-window: a window of its own, not the file handed to the one running.
    const bool newWindow = windowArguments.removeAll(QStringLiteral("--new-window")) > 0;
    const bool single =
        windowArguments.size() == 1 && !windowArguments.first().startsWith(QLatin1Char('-'));
    // A folder is a model's (config.json, model.safetensors and its tokenizer).
    const AttentionLab::BuiltinModel *builtin =
        single ? AttentionLab::BuiltinModel::named(windowArguments.first()) : nullptr;
    using OpenedAs = AttentionLab::FileOpener::OpenedAs;
    const OpenedAs as =
        single ? AttentionLab::FileOpener::openedAs(windowArguments.first()) : OpenedAs::Nothing;
    const bool openModel = builtin || as == OpenedAs::ModelFolder;
    const bool openSession = as == OpenedAs::AttentionFile || as == OpenedAs::Session;
    if (!windowArguments.isEmpty() && !openSession && !openModel) {
        QCoreApplication app(argc, argv);
        describeApplication();
        AttentionLab::CommandLine commandLine(QCoreApplication::arguments());
        commandLine.setRawArguments(rawArguments(argc, argv));
        return commandLine.run();
    }
    // One window a user: a file or folder goes to the window already running,
    // which opens it and comes to the front (WindowServer), and this process
    // ends. With none running, this one becomes it.
    // The built-in models go by their installed folders (one not installed
    // opens a window that says so).
    const QString builtinFolder = builtin ? builtin->folder() : QString();
    if ((openSession || (openModel && (!builtin || !builtinFolder.isEmpty()))) && !newWindow) {
        const QString path = builtin ? QFileInfo(builtinFolder).absoluteFilePath()
                                     : QFileInfo(windowArguments.first()).absoluteFilePath();
        const QString socket = AttentionLab::WindowSocket::path();
        // A window running: what it would refuse is refused here, in one line.
        const AttentionLab::WindowSocket::Reply running =
            AttentionLab::WindowSocket::request(socket, {{QStringLiteral("status"), true}});
        if (running.reached) {
            const QString problem = handOffProblem(path);
            if (!problem.isEmpty()) {
                std::fprintf(stderr, "attention-lab: %s\n", qPrintable(problem));
                return 2;
            }
        }
        const AttentionLab::WindowSocket::Reply sent =
            AttentionLab::WindowSocket::request(socket, {{QStringLiteral("open"), path}});
        if (!sent.error.isEmpty()) {
            std::fprintf(stderr, "attention-lab: the running window cannot take %s: %s\n",
                         qPrintable(path), qPrintable(sent.error));
            return 2;
        }
        if (sent.reached) {
            if (!sent.answer.value(QStringLiteral("ok")).toBool()) {
                std::fprintf(stderr, "attention-lab: %s\n",
                             qPrintable(sent.answer.value(QStringLiteral("error")).toString()));
                return 2;
            }
            std::printf("attention-lab: handed %s to the running window (--new-window for "
                        "another)\n",
                        qPrintable(path));
            return 0;
        }
    }
    // Without any display Qt would abort; say so in one line instead.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fputs("attention-lab: no display to open the window on (DISPLAY is not set); run it "
                   "on a desktop, "
                   "or use the command line: attention-lab --help\n",
                   stderr);
        return 2;
    }
    QApplication app(argc, argv);
    describeApplication();
    // The installed icon where the desktop finds it, else the compiled-in one;
    // the desktop file name ties the window to its launcher entry.
    const QString appId = QStringLiteral("io.github.attentionlab.AttentionLab");
    QGuiApplication::setDesktopFileName(appId);
    QApplication::setWindowIcon(QIcon::fromTheme(
        appId, QIcon(QStringLiteral(":/io.github.attentionlab.AttentionLab.svg"))));
    AttentionLab::MainWindow window;
    window.show();
    // The window takes files handed to it; a second window (--new-window)
    // leaves the socket to the first.
    AttentionLab::WindowServer server([&window] { return window.status(); });
    QObject::connect(&server, &AttentionLab::WindowServer::openRequested, &window,
                     &AttentionLab::MainWindow::openReceived);
    server.listen(AttentionLab::WindowSocket::path());
    if (presentation)
        window.setPresentationMode(true);
    if (builtin)
        window.model()->openBuiltinModel(*builtin);
    else if (openModel)
        window.model()->openModelFolder(windowArguments.first());
    else if (openSession)
        window.openFile(windowArguments.first());
    else
        window.session()->offerRecovery();
    return app.exec();
}
