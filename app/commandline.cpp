// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandline.h"

#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/kernels/kernelset.h"
#include "core/maths/inputtext.h"
#include "core/support/utf8.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <new>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace AttentionLab {

namespace {

/**
 * The first argument that is not valid UTF-8, as a usage error. Qt holds every
 * argument as Unicode, so such bytes would be read as U+FFFD: a --text with
 * other characters than the user's, a file written under another name than
 * the one given. They are refused, saying where, instead.
 */
void refuseInvalidArguments(const QList<QByteArray> &raw)
{
    for (qsizetype i = 1; i < raw.size(); ++i) {
        const QByteArray &arg = raw[i];
        const std::optional<std::size_t> invalid =
            firstInvalidUtf8(std::string_view(arg.constData(), std::size_t(arg.size())));
        if (!invalid)
            continue;
        // The option the bytes belong to: "--text=...", or "-o" before them.
        QString option;
        QByteArray value = arg;
        std::size_t offset = *invalid;
        const qsizetype equals = arg.indexOf('=');
        if (arg.startsWith("--") && equals > 2 && std::size_t(equals) < offset) {
            option = inputText(QString::fromUtf8(arg.left(equals)));
            value = arg.mid(equals + 1);
            offset -= std::size_t(equals) + 1;
        } else if (i > 1 && raw[i - 1].startsWith('-') && !raw[i - 1].contains('=')) {
            option = inputText(QString::fromUtf8(raw[i - 1]));
        }
        const QString where = QStringLiteral("byte 0x%1 at byte %2")
                                  .arg(uchar(arg.at(qsizetype(*invalid))), 2, 16, QLatin1Char('0'))
                                  .arg(offset);
        if (option == QLatin1String("--text") || option == QLatin1String("--pair"))
            usageError(QStringLiteral("%1 is not valid UTF-8 (%2); give the text in UTF-8")
                           .arg(option, where));
        const QString shown = QString::fromStdString(
            inputText(std::string_view(value.constData(), std::size_t(value.size()))));
        usageError(
            QStringLiteral("%1\"%2\" is not valid UTF-8 (%3); file names and values are "
                           "taken as UTF-8")
                .arg(option.isEmpty() ? QString() : option + QStringLiteral(": "), shown, where));
    }
}

} // namespace

CommandLine::CommandLine(QStringList arguments) : m_arguments(std::move(arguments)) {}

bool CommandLine::wantsExport(const QStringList &arguments)
{
    if (arguments.size() < 2)
        return false;
    if (arguments.contains(QStringLiteral("export")) ||
        arguments.contains(QStringLiteral("animate")))
        return true;
    // sweep and patch draw their grid with -o.
    return (arguments.at(1) == QLatin1String("sweep") ||
            arguments.at(1) == QLatin1String("patch")) &&
           arguments.contains(QStringLiteral("-o"));
}

bool CommandLine::wantsGuiBenchmark(const QStringList &arguments)
{
    return arguments.contains(QStringLiteral("bench")) &&
           arguments.contains(QStringLiteral("--gui"));
}

int CommandLine::run()
{
    try {
        refuseInvalidArguments(m_rawArguments);
        const CommandRequest r = parseCommandLine(m_arguments);
        if (r.help) {
            CommandOutput::write(usage());
            return 0;
        }
        if (r.version) {
            CommandOutput::write(
                QStringLiteral("attention-lab " ATTENTIONLAB_VERSION " (kernels: %1)\n")
                    .arg(QString::fromLatin1(activeKernels().name)));
            return 0;
        }
        const CommandContext context{m_guiBenchmark};
        if (r.command.isEmpty())
            return runSectionsCommand(r, context);
        if (const Command *command = findCommand(r.command))
            return command->run(r, context);
        usageError(QStringLiteral("unknown command \"%1\"").arg(r.command));
    } catch (const UsageError &error) {
        CommandOutput::writeError(error.message);
        return 2;
    } catch (const std::invalid_argument &error) {
        CommandOutput::writeError(QString::fromUtf8(error.what()));
        return 2;
    } catch (const ReadError &error) {
        CommandOutput::writeError(error.message);
        return 2;
    } catch (const std::bad_alloc &) {
        CommandOutput::writeError(QStringLiteral("out of memory"));
        return 2;
    }
}

} // namespace AttentionLab
