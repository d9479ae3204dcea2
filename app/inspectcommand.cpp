// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `inspect ATTENTION`: an attention file's shape, tokens and head scores.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/inspectreport.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"

#include <cstdio>

namespace AttentionLab {

int runInspectCommand(const CommandRequest &r, const CommandContext &)
{
    // Every set of the file, or the one --set names. The text describes each
    // in turn (a file of one attention as before); the JSON describes the one
    // export would draw, with the list of them all.
    const std::vector<AttentionSet> sets = loadSets(r);
    const AttentionSet &shown = chosenSet(r, sets);
    const QString file = inputText(r.file);
    if (!r.json) {
        const bool one = r.values.contains(QStringLiteral("set"));
        QString text;
        for (const AttentionSet &set : sets) {
            if (one && set.kind != shown.kind)
                continue;
            const InspectSummary summary = summarizeTensor(file, *set.tensor, false, set.kind);
            if (sets.size() > 1 && !one)
                text += QStringLiteral("%1== %2 ==\n")
                            .arg(text.isEmpty() ? QString() : QStringLiteral("\n"),
                                 QString::fromStdString(attentionKindTitle(set.kind)));
            text += inspectText(file, *set.tensor, summary, set.kind);
        }
        CommandOutput::write(text);
        return 0;
    }
    const InspectSummary summary = summarizeTensor(file, *shown.tensor, true, shown.kind);
    JsonStreamWriter out(stdout);
    writeInspectJson(*shown.tensor, summary, shown.kind, sets, out);
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
