// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `lens MODEL --text TEXT`: the logit lens, each layer's five most likely
// next tokens at each position, as a table or JSON.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/model/logitlens.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"

#include <QJsonArray>
#include <QJsonObject>

#include <memory>

namespace AttentionLab {

namespace {

/// A token as the table shows it: its decoded text, quoted, with what is
/// not printable escaped.
QString shownToken(const PretrainedModel &model, int id)
{
    QString text = QString::fromUtf8(model.decode({id}));
    text.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

QString lensText(const PretrainedModel &model, const TokenizedText &tokens, const LogitLens &lens)
{
    QString t = QStringLiteral("Logit lens of %1: at each position, the most likely next token "
                               "read from the residual stream after each block (final norm and "
                               "unembedding), with its probability\n\n")
                    .arg(model.name());
    for (int i = 0; i < lens.positions; ++i) {
        t += QStringLiteral("%1 %2\n").arg(i).arg(shownToken(model, tokens.ids[size_t(i)]));
        for (int l = 0; l < lens.layers; ++l) {
            const std::vector<TokenProbability> &top = lens.at(l, i);
            QStringList cells;
            for (const TokenProbability &token : top)
                cells << QStringLiteral("%1 %2")
                             .arg(shownToken(model, token.id))
                             .arg(token.p, 0, 'f', 3);
            t += QStringLiteral("  layer %1: %2\n").arg(l, 2).arg(cells.join(QStringLiteral(", ")));
        }
    }
    return t;
}

} // namespace

int runLensCommand(const CommandRequest &r, const CommandContext &)
{
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    requireCausalModel(*model, QStringLiteral("lens"));
    const TokenizedText tokens = tokenizeRequest(*model, r);
    LogitLens lens;
    try {
        lens = model->lens(tokens);
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }
    if (!r.json) {
        CommandOutput::write(lensText(*model, tokens, lens));
        return 0;
    }
    QJsonArray spellings, ids, layers;
    for (const std::string &token : tokens.tokens)
        spellings.append(QString::fromStdString(token));
    for (int id : tokens.ids)
        ids.append(id);
    for (int l = 0; l < lens.layers; ++l) {
        QJsonArray positions;
        for (int i = 0; i < lens.positions; ++i)
            positions.append(tokenListJson(*model, lens.at(l, i)));
        layers.append(positions);
    }
    CommandOutput::writeJson(QJsonObject{{QStringLiteral("model"), model->name()},
                                         {QStringLiteral("tokens"), spellings},
                                         {QStringLiteral("ids"), ids},
                                         {QStringLiteral("layers"), lens.layers},
                                         {QStringLiteral("top"), layers}});
    return 0;
}

} // namespace AttentionLab
