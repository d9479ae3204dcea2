// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `tokenize MODEL --text TEXT`: a model's tokenizer on a text.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/modelreport.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"

#include <cstdio>

namespace AttentionLab {

int runTokenizeCommand(const CommandRequest &r, const CommandContext &)
{
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    const TokenizedText tokens = tokenizeRequest(*model, r);
    if (!r.json) {
        CommandOutput::write(tokenizeText(tokens));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeTokenizeJson(tokens, out);
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
