// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandtable.h"

#include <array>

namespace AttentionLab {

namespace {

constexpr std::array kCommands{
    Command{QLatin1StringView("eval"), runEvalCommand},
    Command{QLatin1StringView("export"), runExportCommand},
    Command{QLatin1StringView("animate"), runAnimateCommand},
    Command{QLatin1StringView("inspect"), runInspectCommand},
    Command{QLatin1StringView("tokenize"), runTokenizeCommand},
    Command{QLatin1StringView("model"), runModelCommand},
    Command{QLatin1StringView("generate"), runGenerateCommand},
    Command{QLatin1StringView("lens"), runLensCommand},
    Command{QLatin1StringView("sweep"), runSweepCommand},
    Command{QLatin1StringView("patch"), runPatchCommand},
    Command{QLatin1StringView("bench"), runBenchCommand},
};

} // namespace

std::span<const Command> commands()
{
    return kCommands;
}

const Command *findCommand(const QString &name)
{
    for (const Command &command : kCommands)
        if (name == command.name)
            return &command;
    return nullptr;
}

} // namespace AttentionLab
