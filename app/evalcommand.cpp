// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `eval FILE`: every number of a session, as JSON.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/evalreport.h"
#include "io/jsonstreamwriter.h"

#include <cstdio>

namespace AttentionLab {

int runEvalCommand(const CommandRequest &r, const CommandContext &)
{
    // The reader has checked what the pass will hold; the JSON is written as
    // it is formatted, so the output holds only a small buffer more.
    const LoadedSession loaded = loadSession(r.file);
    // eval always speaks JSON (--json is accepted): it is meant for scripts.
    JsonStreamWriter out(stdout);
    writeEvalReport(loaded.session, loaded.result, out);
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
