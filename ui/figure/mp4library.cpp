// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/mp4library.h"

#include "io/inputtextqt.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

#include <mutex>

namespace AttentionLab {

namespace {

struct Loaded
{
    Mp4Library library;
    bool ok = false;
    QString why;
};

/// The dynamic loader's reason, without Qt's "Cannot load library PATH:"
/// around it: "libavcodec.so.59: cannot open shared object file: ...".
QString loaderReason(const QLibrary &library)
{
    QString reason = library.errorString();
    const qsizetype open = reason.indexOf(QLatin1String(": ("));
    if (open >= 0 && reason.endsWith(QLatin1Char(')')))
        reason = reason.mid(open + 3).chopped(1);
    reason.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return reason.left(200);
}

Loaded loadPlugin()
{
    Loaded loaded;
    const QStringList candidates = Mp4Library::candidates();
    QString path;
    for (const QString &candidate : candidates) {
        if (QFileInfo(candidate).isFile()) {
            path = candidate;
            break;
        }
    }
    if (path.isEmpty()) {
        QStringList folders;
        for (const QString &candidate : candidates)
            folders << inputText(QDir::toNativeSeparators(QFileInfo(candidate).path()));
        folders.removeDuplicates();
        loaded.why = QStringLiteral("MP4 needs Attention Lab's FFmpeg plugin %1, which is not in "
                                    "%2 (GIF needs no plugin)")
                         .arg(QStringLiteral(ATTENTIONLAB_MP4_PLUGIN_FILE),
                              folders.join(QStringLiteral(" or ")));
        return loaded;
    }
    // Kept loaded for the rest of the process: its functions are called from
    // any thread that writes an MP4.
    static QLibrary library;
    library.setFileName(path);
    if (!library.load()) {
        loaded.why = QStringLiteral("MP4 needs FFmpeg's libraries, which the plugin %1 cannot "
                                    "load: %2")
                         .arg(inputText(QDir::toNativeSeparators(path)), loaderReason(library));
        return loaded;
    }
    const auto api =
        reinterpret_cast<AttentionLabMp4ApiFunction>(library.resolve("attentionlab_mp4_api"));
    Mp4Library &f = loaded.library;
    f.open =
        reinterpret_cast<AttentionLabMp4OpenFunction>(library.resolve("attentionlab_mp4_open"));
    f.add = reinterpret_cast<AttentionLabMp4AddFunction>(library.resolve("attentionlab_mp4_add"));
    f.finish =
        reinterpret_cast<AttentionLabMp4FinishFunction>(library.resolve("attentionlab_mp4_finish"));
    f.close =
        reinterpret_cast<AttentionLabMp4CloseFunction>(library.resolve("attentionlab_mp4_close"));
    if (!api || api() != kAttentionLabMp4Api || !f.open || !f.add || !f.finish || !f.close) {
        loaded.why = QStringLiteral("MP4 needs the plugin of this version of Attention Lab; %1 is "
                                    "another")
                         .arg(inputText(QDir::toNativeSeparators(path)));
        library.unload();
        return loaded;
    }
    loaded.ok = true;
    return loaded;
}

} // namespace

QStringList Mp4Library::candidates()
{
    const QString name = QStringLiteral(ATTENTIONLAB_MP4_PLUGIN_FILE);
    if (const QString given = qEnvironmentVariable("ATTENTIONLAB_MP4_PLUGIN"); !given.isEmpty())
        return {given};
    if (!QCoreApplication::instance())
        return {};
    const QDir here(QCoreApplication::applicationDirPath());
    return {here.filePath(name),
            QDir::cleanPath(
                here.filePath(QStringLiteral(ATTENTIONLAB_MP4_PLUGIN_RELATIVE_DIR "/") + name))};
}

const Mp4Library *Mp4Library::load(QString *why)
{
    static std::once_flag once;
    static Loaded loaded;
    std::call_once(once, [] { loaded = loadPlugin(); });
    if (!loaded.ok) {
        if (why)
            *why = loaded.why;
        return nullptr;
    }
    return &loaded.library;
}

} // namespace AttentionLab
