// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `tokenize MODEL --text TEXT`: a model's tokenizer on a text.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/modelreport.h"
#include "app/usageerror.h"
#include "io/hubtokenizer.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace AttentionLab {

namespace {

/// A folder with a tokenizer.json and neither GPT-2's vocab.json nor BERT's
/// vocab.txt: its tokenizer needs no weights, so tokenize reads it alone
/// (until PretrainedModel opens such folders itself).
bool hasOnlyTokenizerJson(const QString &folder)
{
    const QDir dir(folder);
    return QFileInfo(folder).isDir() &&
           QFileInfo::exists(dir.filePath(QStringLiteral("tokenizer.json"))) &&
           !QFileInfo::exists(dir.filePath(QStringLiteral("vocab.json"))) &&
           !QFileInfo::exists(dir.filePath(QStringLiteral("vocab.txt")));
}

TokenizedText tokenizeWithTokenizerJson(const CommandRequest &r)
{
    const QString text = r.values.value(QStringLiteral("text"));
    if (r.values.contains(QStringLiteral("pair")))
        throw UsageError{inputText(r.file) +
                         QStringLiteral(": a second sentence (--pair) is for BERT models")};
    if (text.isEmpty())
        throw UsageError{inputText(r.file) +
                         QStringLiteral(": the text is empty; give a sentence to read")};
    try {
        // Its messages name the file: "FOLDER/tokenizer.json: ...".
        const HubTokenizer tokenizer = HubTokenizer::fromFolder(r.file);
        return tokenizer.encode(text, r.bosChoice());
    } catch (const ReadError &error) {
        throw UsageError{error.message};
    }
}

} // namespace

int runTokenizeCommand(const CommandRequest &r, const CommandContext &)
{
    TokenizedText tokens;
    if (r.target) {
        const std::shared_ptr<const PretrainedModel> model = openModel(r);
        if (!model->encoderDecoder())
            usageError(QStringLiteral("--target: %1 has one tokenizer: it is not an "
                                      "encoder-decoder")
                           .arg(model->name()));
        try {
            // What the decoder reads, without its start token.
            tokens = model->decoderTokens(r.values.value(QStringLiteral("text")));
        } catch (const ReadError &error) {
            usageError(QStringLiteral("%1: %2").arg(inputText(r.file), error.message));
        }
        tokens.ids.erase(tokens.ids.begin());
        tokens.tokens.erase(tokens.tokens.begin());
    } else if (hasOnlyTokenizerJson(r.file)) {
        tokens = tokenizeWithTokenizerJson(r);
    } else {
        const std::shared_ptr<const PretrainedModel> model = openModel(r);
        tokens = tokenizeRequest(*model, r);
    }
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
