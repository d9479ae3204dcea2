// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandline.h"

#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/kernelset.h"
#include "io/readerror.h"

#include <QStringDecoder>

#include <algorithm>
#include <new>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// The first argument of --text or --pair that is not valid UTF-8, as a usage error.
void refuseInvalidText(const QList<QByteArray> &raw)
{
    for (qsizetype i = 1; i < raw.size(); ++i) {
        const QByteArray &arg = raw[i];
        QString option;
        QByteArray value;
        for (const char *name : {"text", "pair"}) {
            const QByteArray flag = QByteArray("--") + name;
            if (arg == flag && i + 1 < raw.size()) {
                option = QString::fromLatin1(name);
                value = raw[i + 1];
            } else if (arg.startsWith(QByteArray(flag + '='))) {
                option = QString::fromLatin1(name);
                value = arg.mid(flag.size() + 1);
            }
        }
        if (option.isEmpty())
            continue;
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        [[maybe_unused]] const QString decoded = decoder.decode(value);
        if (!decoder.hasError())
            continue;
        // Where: the first byte that starts no valid sequence.
        qsizetype offset = 0;
        while (offset < value.size()) {
            QStringDecoder probe(QStringDecoder::Utf8);
            [[maybe_unused]] const QString prefix = probe.decode(value.left(offset + 1));
            if (probe.hasError())
                break;
            ++offset;
        }
        usageError(
            QStringLiteral("--%1 is not valid UTF-8 (byte 0x%2 at byte %3); give the text "
                           "in UTF-8")
                .arg(option)
                .arg(uchar(value.at(std::min(offset, value.size() - 1))), 2, 16, QLatin1Char('0'))
                .arg(offset));
    }
}

} // namespace

CommandLine::CommandLine(QStringList arguments) : m_arguments(std::move(arguments)) {}

bool CommandLine::wantsExport(const QStringList &arguments)
{
    return arguments.size() > 1 && arguments.contains(QStringLiteral("export"));
}

bool CommandLine::wantsGuiBenchmark(const QStringList &arguments)
{
    return arguments.contains(QStringLiteral("bench")) &&
           arguments.contains(QStringLiteral("--gui"));
}

int CommandLine::run()
{
    try {
        refuseInvalidText(m_rawArguments);
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
