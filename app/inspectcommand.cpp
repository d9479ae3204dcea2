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
    const AttentionTensor tensor = loadTensor(r);
    const InspectSummary summary = summarizeTensor(inputText(r.file), tensor, r.json);
    if (!r.json) {
        CommandOutput::write(inspectText(inputText(r.file), tensor, summary));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeInspectJson(tensor, summary, out);
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
