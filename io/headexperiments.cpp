// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/headexperiments.h"

#include "core/model/familydescription.h"
#include "io/inputtextqt.h"
#include "io/modelcheckpoint.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/tokenizer.h"

#include <stdexcept>

namespace AttentionLab::HeadExperiments {

namespace {

/// The model's weights for an experiment, unchanged on disk.
const ModelWeights &weightsFor(const PretrainedModel &model)
{
    model.checkpoint()->requireUnchanged();
    return model.checkpoint()->weights();
}

/// Runs \a body, its refusals (std::invalid_argument) as ReadError, and
/// checks the weights did not change on disk while it read them.
template <typename Body> auto guarded(const PretrainedModel &model, Body &&body)
{
    try {
        auto result = body();
        model.checkpoint()->requireUnchanged();
        return result;
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

} // namespace

ModelInput input(const PretrainedModel &model, const PassTokens &tokens)
{
    if (!model.encoderDecoder())
        return model.input(tokens.tokens);
    if (!tokens.hasDecoder())
        return model.input(tokens.tokens, model.decoderTokens(std::nullopt));
    return model.input(tokens.tokens, tokens.decoder);
}

AttentionKind defaultSet(const PretrainedModel &model)
{
    return model.encoderDecoder() ? AttentionKind::Decoder : stackKind(model.config());
}

MeasuredPass measured(const PretrainedModel &model, const PassTokens &tokens,
                      const Interventions &interventions, const std::vector<ModelMeasure> &measures,
                      std::shared_ptr<const ModelRun> unchanged)
{
    const ModelWeights &weights = weightsFor(model);
    MeasuredPass pass = guarded(model, [&] {
        return measuredPass(weights, input(model, tokens), interventions, measures,
                            std::move(unchanged));
    });
    if (model.encoderDecoder())
        model.labelTokens(pass.run, tokens.tokens,
                          tokens.hasDecoder() ? tokens.decoder : model.decoderTokens(std::nullopt));
    else
        pass.run.attention.setTokens(tokens.tokens.tokens);
    return pass;
}

SweepGrid ablationSweep(const PretrainedModel &model, const PassTokens &tokens,
                        const ModelMeasure &measure, AblationKind ablation, AttentionKind set,
                        const SweepProgress &progress)
{
    const ModelWeights &weights = weightsFor(model);
    return guarded(model, [&] {
        return sweepHeadAblations(weights, input(model, tokens), measure, ablation, set, progress);
    });
}

PatchGrid patchSweep(const PretrainedModel &model, const PassTokens &clean,
                     const PassTokens &corrupted, const ModelMeasure &measure, PatchSites sites,
                     AttentionKind set, const SweepProgress &progress)
{
    const ModelWeights &weights = weightsFor(model);
    return guarded(model, [&] {
        return sweepPatches(weights, input(model, clean), input(model, corrupted), measure, sites,
                            set, progress);
    });
}

int tokenId(const PretrainedModel &model, const QString &written)
{
    QString text = written;
    // An encoder-decoder's measures read its decoder's distribution, over the target's tokens.
    const int vocabulary = model.encoderDecoder() ? model.config().decoderConfig().vocabulary
                                                  : model.config().vocabulary;
    const Tokenizer &tokenizer =
        model.encoderDecoder() ? model.targetTokenizer() : model.tokenizer();
    if (text.startsWith(QLatin1Char('#'))) {
        bool ok = false;
        const int id = text.mid(1).toInt(&ok);
        if (!ok || id < 0 || id >= vocabulary)
            throwReadError(QStringLiteral("token %1 is not an id of the vocabulary (#0 to #%2)")
                               .arg(inputText(written))
                               .arg(vocabulary - 1));
        return id;
    }
    if (text.size() >= 2 && text.startsWith(QLatin1Char('"')) && text.endsWith(QLatin1Char('"')))
        text = text.mid(1, text.size() - 2);
    if (text.isEmpty())
        throwReadError(QStringLiteral("a measure's token is empty: write it as text, such as "
                                      "\" Mary\", or as #ID"));
    // As the vocabulary spells it ("ĠMary"), else as a text read without a
    // beginning-of-text token.
    if (const std::optional<int> id = tokenizer.id(text.toStdString()))
        return *id;
    const TokenizedText read = tokenizer.encode(text, false);
    if (read.ids.size() != 1)
        throwReadError(QStringLiteral("\"%1\" is %2 tokens for %3, not one: give one token, as "
                                      "text or as #ID")
                           .arg(inputText(text))
                           .arg(read.ids.size())
                           .arg(model.name()));
    return read.ids.front();
}

} // namespace AttentionLab::HeadExperiments
