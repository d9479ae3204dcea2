// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandoutput.h"

#include "app/usageerror.h"
#include "io/jsonstreamwriter.h"

#include <QJsonDocument>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace AttentionLab::CommandOutput {

namespace {

[[noreturn]] void throwWriteError(int error)
{
    throw UsageError{QStringLiteral("cannot write the output: %1")
                         .arg(QString::fromLocal8Bit(std::strerror(error)))};
}

} // namespace

void write(const QString &text)
{
    writeBytes(text.toUtf8());
}

void writeBytes(const QByteArray &bytes)
{
    errno = 0;
    const std::size_t written =
        std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
    // stdout is buffered: a full disk may show only at the flush.
    if (std::fflush(stdout) != 0 || written != std::size_t(bytes.size()) || std::ferror(stdout))
        throwWriteError(errno != 0 ? errno : EIO);
}

void writeJson(const QJsonObject &object)
{
    write(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented)));
}

void finishJson(JsonStreamWriter &out)
{
    // The errno of the write that failed, which may be before the flush.
    if (!out.finish())
        throwWriteError(errno != 0 ? errno : EIO);
}

void writeError(const QString &message)
{
    const QByteArray bytes =
        (QStringLiteral("attention-lab: ") + message + QLatin1Char('\n')).toUtf8();
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

} // namespace AttentionLab::CommandOutput
