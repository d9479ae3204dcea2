// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "app/commandline.h"

#include <QLatin1StringView>

#include <span>

namespace AttentionLab {

struct CommandRequest;

/// What a command may use besides its request: the executable's `bench --gui`.
struct CommandContext
{
    const CommandLine::GuiBenchmark &guiBenchmark;
};

/// One command of the command line (`eval`, `export`...) and the function that runs it.
struct Command
{
    QLatin1StringView name;
    /// Returns the exit status; throws UsageError (or ReadError) for what cannot be done.
    int (*run)(const CommandRequest &, const CommandContext &);
};

/// Every command, each run by its own file (app/COMMANDcommand.cpp).
std::span<const Command> commands();
/// The command named \a name, or nullptr.
const Command *findCommand(const QString &name);

/// The runners the table dispatches to.
int runEvalCommand(const CommandRequest &r, const CommandContext &context);
int runExportCommand(const CommandRequest &r, const CommandContext &context);
int runAnimateCommand(const CommandRequest &r, const CommandContext &context);
int runInspectCommand(const CommandRequest &r, const CommandContext &context);
int runTokenizeCommand(const CommandRequest &r, const CommandContext &context);
int runModelCommand(const CommandRequest &r, const CommandContext &context);
int runGenerateCommand(const CommandRequest &r, const CommandContext &context);
int runLensCommand(const CommandRequest &r, const CommandContext &context);
int runBenchCommand(const CommandRequest &r, const CommandContext &context);
int runSweepCommand(const CommandRequest &r, const CommandContext &context);
int runPatchCommand(const CommandRequest &r, const CommandContext &context);
/// No command: the chapter's sections (--one, --select...), tables or JSON.
int runSectionsCommand(const CommandRequest &r, const CommandContext &context);

} // namespace AttentionLab
