// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `bench`: the attention pass, the window (--gui) and a model's forward pass (--model).

#include "app/benchmark.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/support/hugepagebuffer.h"

#include <vector>

namespace AttentionLab {

namespace {

void writeReport(const Report &report, bool json)
{
    if (json)
        CommandOutput::writeJson(report.json);
    else
        CommandOutput::write(report.text);
}

/// `bench --model DIR [--n 128,1024]`: a checkpoint's forward pass.
int runModelBench(const CommandRequest &r)
{
    if (r.gui || r.values.contains(QStringLiteral("d")))
        usageError(QStringLiteral("bench --model takes neither --gui nor --d"));
    const QString folder = r.values.value(QStringLiteral("model"));
    // The defaults, 128 and 1024, stop at the model's positions (512 for BERT).
    const std::vector<long long> lengths =
        r.values.contains(QStringLiteral("n"))
            ? parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, 1'000'000)
            : defaultModelBenchLengths(folder);
    // Pass after pass at each length, as the window's keystrokes are.
    HugePageBuffer::setReuse(true);
    writeReport(modelBenchmarkReport(folder, lengths), r.json);
    return 0;
}

/// `bench --model DIR --generate [--tokens 64]`: greedy generation with the cache.
int runGenerateBench(const CommandRequest &r)
{
    if (r.gui || r.values.contains(QStringLiteral("d")) || r.values.contains(QStringLiteral("n")))
        usageError(QStringLiteral("bench --generate takes neither --gui, --d nor --n"));
    const long long tokens =
        r.values.contains(QStringLiteral("tokens"))
            ? parseInteger(QStringLiteral("tokens"), r.values.value(QStringLiteral("tokens")), 2,
                           100'000)
            : 64;
    writeReport(generateBenchmarkReport(r.values.value(QStringLiteral("model")), tokens), r.json);
    return 0;
}

/// `bench --gui --model DIR [--n 32]`: a keystroke in the window's text to a redrawn grid.
int runModelTypingBench(const CommandRequest &r, const CommandContext &context)
{
    if (!context.guiBenchmark)
        usageError(QStringLiteral("--gui is not available in this build"));
    if (r.values.contains(QStringLiteral("d")))
        usageError(QStringLiteral("bench --gui --model takes no --d"));
    const long long tokens =
        r.values.contains(QStringLiteral("n"))
            ? parseInteger(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 2, 4096)
            : 32;
    writeReport(context.guiBenchmark({tokens}, 0, r.values.value(QStringLiteral("model"))), r.json);
    return 0;
}

} // namespace

int runBenchCommand(const CommandRequest &r, const CommandContext &context)
{
    if (r.generate && !r.values.contains(QStringLiteral("model")))
        usageError(QStringLiteral("bench --generate needs a model: --model DIR"));
    if (r.values.contains(QStringLiteral("tokens")) && !r.generate)
        usageError(QStringLiteral("--tokens applies to bench --generate"));
    if (r.generate)
        return runGenerateBench(r);
    if (r.values.contains(QStringLiteral("model")))
        return r.gui ? runModelTypingBench(r, context) : runModelBench(r);
    std::vector<long long> lengths =
        r.gui ? std::vector<long long>{16, 256, 1024} : std::vector<long long>{64, 256, 1024, 4096};
    const long long maxTokens = r.gui ? 4096 : 1'000'000;
    if (r.values.contains(QStringLiteral("n")))
        lengths = parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, maxTokens);
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")),
                                           1, r.gui ? 4096 : 100'000)
                            : 64;
    if (r.gui && !context.guiBenchmark)
        usageError(QStringLiteral("--gui is not available in this build"));
    writeReport(r.gui ? context.guiBenchmark(lengths, d, QString()) : benchmarkReport(lengths, d),
                r.json);
    return 0;
}

} // namespace AttentionLab
