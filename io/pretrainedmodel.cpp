// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/pretrainedmodel.h"

#include "core/model/familydescription.h"
#include "core/model/generator.h"
#include "core/model/transformerforward.h"
#include "core/sets/repeatprobe.h"
#include "core/support/counttext.h"
#include "io/inputtextqt.h"
#include "io/modelcardwords.h"
#include "io/modelcheckpoint.h"
#include "io/modeltokenizers.h"
#include "io/readerror.h"
#include "io/tokenizer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <stdexcept>

namespace AttentionLab {

namespace {

/// The decoder's start token, then \a target (teacher forcing).
TokenizedText withStart(int start, const Tokenizer &tokenizer, TokenizedText target)
{
    target.ids.insert(target.ids.begin(), start);
    target.tokens.insert(target.tokens.begin(), tokenizer.spelling(start));
    return target;
}

} // namespace

PretrainedModel::~PretrainedModel() = default;

std::shared_ptr<const PretrainedModel> PretrainedModel::open(const QString &folder)
{
    const QFileInfo info(folder);
    if (!info.exists())
        throwReadError(QStringLiteral("%1: no such folder").arg(inputText(folder)));
    if (!info.isDir())
        throwReadError(QStringLiteral("%1: is not a folder; give the folder that holds "
                                      "config.json and model.safetensors")
                           .arg(inputText(folder)));
    std::shared_ptr<PretrainedModel> model(new PretrainedModel);
    model->m_folder = QDir::cleanPath(info.absoluteFilePath());
    model->m_checkpoint = ModelCheckpoint::open(model->m_folder);
    const QDir dir(model->m_folder);
    const ModelConfig &config = model->config();
    ModelTokenizers tokenizers = openModelTokenizers(model->m_folder, config);
    model->m_tokenizer = std::move(tokenizers.source);
    model->m_targetTokenizer = std::move(tokenizers.target);
    return model;
}

const ModelConfig &PretrainedModel::config() const
{
    return m_checkpoint->config();
}

QStringList PretrainedModel::warnings() const
{
    const QStringList &unused = m_checkpoint->unusedTensors();
    if (unused.isEmpty())
        return {};
    constexpr int kNamed = 3;
    QString names = unused.mid(0, kNamed).join(QStringLiteral(", "));
    if (unused.size() > kNamed)
        names += QStringLiteral(" and %1 more").arg(unused.size() - kNamed);
    return {QStringLiteral("%1: %2 tensor%3 not used by the configuration (%4); does "
                           "config.json describe these weights?")
                .arg(inputText(m_checkpoint->weightsPath()))
                .arg(unused.size())
                .arg(unused.size() == 1 ? QStringLiteral(" is") : QStringLiteral("s are"))
                .arg(names)};
}

QString PretrainedModel::name() const
{
    return QFileInfo(m_folder).fileName();
}

QString PretrainedModel::description() const
{
    const ModelConfig &c = config();
    // Grouped-query attention says how many key/value heads the query heads share.
    const QString heads =
        c.keyValueHeads() == c.heads
            ? QString::number(c.heads)
            : QStringLiteral("%1 (%2 key/value)").arg(c.heads).arg(c.keyValueHeads());
    return QStringLiteral("%1, %2 × %3 heads, d_model %4")
        .arg(QString::fromStdString(familyDescription(c.family).displayName))
        .arg(c.encoderDecoder()
                 ? QStringLiteral("%1 + %2 layers").arg(c.layers).arg(c.decoder.layers)
                 : QString::fromStdString(countText(c.layers, "layer")))
        .arg(heads)
        .arg(c.modelDim);
}

TokenizedText PretrainedModel::tokenize(const ModelText &text) const
{
    // Spaces alone are text (GPT-2 reads them as tokens); nothing at all is not.
    if (text.text.isEmpty())
        throwReadError(QStringLiteral("the text is empty; give a sentence to read"));
    const QString familyName =
        QString::fromStdString(familyDescription(config().family).displayName);
    if (text.pair && !m_tokenizer->readsPairs())
        throwReadError(QStringLiteral("a second sentence (--pair) is for BERT models; this "
                                      "is a %1 model")
                           .arg(familyName));
    if (text.bos && encoderDecoder())
        throwReadError(QStringLiteral("--bos and --no-bos are for decoders; %1 puts its own "
                                      "tokens around every text")
                           .arg(familyName));
    if (text.bos.value_or(false) && !m_tokenizer->choosesBos())
        throwReadError(QStringLiteral("--bos is for GPT-2 and the other decoders; BERT starts "
                                      "every input with [CLS] by itself"));
    if (text.pair && text.pair->isEmpty())
        throwReadError(QStringLiteral("the second sentence is empty"));
    if (text.pair && config().tokenTypes < 2)
        throwReadError(QStringLiteral("config.json has type_vocab_size %1: this model reads "
                                      "one sentence, and a second one (--pair) needs token "
                                      "type 1")
                           .arg(config().tokenTypes));
    TokenizedText tokens = text.pair ? m_tokenizer->encodePair(text.text, *text.pair)
                                     : m_tokenizer->encode(text.text, text.bos);
    if (tokens.ids.empty())
        throwReadError(
            QStringLiteral("the text has no token this model's tokenizer knows (its "
                           "tokenizer.json has no unknown token to stand for the rest)"));
    const int positions = config().positions;
    if (tokens.ids.size() > size_t(positions))
        throwReadError(QStringLiteral("the text is %1 tokens long and this model reads at most "
                                      "%2")
                           .arg(tokens.ids.size())
                           .arg(positions));
    return tokens;
}

ModelRun PretrainedModel::run(const TokenizedText &tokens, int topCount) const
{
    // An encoder-decoder reads them as its source, its decoder its start token.
    if (encoderDecoder())
        return run(tokens, decoderTokens(std::nullopt), topCount);
    m_checkpoint->requireUnchanged();
    try {
        ModelRun run = runModel(m_checkpoint->weights(), input(tokens, topCount));
        // A weights file cut short during the pass read as zeros: refused.
        m_checkpoint->requireUnchanged();
        run.attention.setTokens(tokens.tokens);
        return run;
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

ModelInput PretrainedModel::input(const TokenizedText &tokens, int topCount) const
{
    ModelInput input;
    input.ids = tokens.ids;
    input.tokenTypes = tokens.tokenTypes;
    input.topCount = topCount;
    if (const std::optional<int> mask = m_tokenizer->specialIds().mask) {
        for (size_t i = 0; i < tokens.ids.size(); ++i) {
            if (tokens.ids[i] == *mask)
                input.maskPositions.push_back(int(i));
        }
    }
    return input;
}

ModelRun PretrainedModel::run(const ModelText &text, int topCount) const
{
    if (encoderDecoder())
        return run(tokenize(text), decoderTokens(text.target), topCount);
    if (text.target)
        throwReadError(QStringLiteral("a target text (--target) is for encoder-decoder models; "
                                      "%1 is a %2 model")
                           .arg(name(), QString::fromStdString(
                                            familyDescription(config().family).displayName)));
    return run(tokenize(text), topCount);
}

std::optional<RelativeBiasTables> PretrainedModel::relativeBias() const
{
    std::optional<RelativeBiasTables> tables = m_checkpoint->weights().relativeBiasTables();
    if (tables)
        tables->model = name().toStdString();
    return tables;
}

bool PretrainedModel::encoderDecoder() const
{
    return config().encoderDecoder();
}

TokenizedText PretrainedModel::decoderTokens(const std::optional<QString> &target) const
{
    const int start = config().decoder.startId;
    if (!target)
        return withStart(start, *m_targetTokenizer, {});
    if (target->isEmpty())
        throwReadError(QStringLiteral("the target text is empty; leave it out to start the "
                                      "decoder from its start token alone"));
    TokenizedText tokens = withStart(start, *m_targetTokenizer, m_targetTokenizer->encode(*target));
    const int positions = config().positions;
    if (tokens.ids.size() > size_t(positions))
        throwReadError(QStringLiteral("the target is %1 tokens long with the start token and "
                                      "this model reads at most %2")
                           .arg(tokens.ids.size())
                           .arg(positions));
    return tokens;
}

ModelInput PretrainedModel::input(const TokenizedText &source, const TokenizedText &decoder,
                                  int topCount) const
{
    ModelInput in;
    in.source = source.ids;
    in.ids = decoder.ids;
    in.topCount = topCount;
    return in;
}

void PretrainedModel::labelTokens(ModelRun &run, const TokenizedText &source,
                                  const TokenizedText &decoder) const
{
    run.encoderAttention.setTokens(source.tokens);
    run.attention.setTokens(decoder.tokens);
    run.crossAttention.setTokens(source.tokens, decoder.tokens);
    // Each row wrote the next target token; the last, the model's most likely one.
    run.crossAttention.setWrittenTokens(
        writtenAfter(decoder.tokens,
                     run.topNext.empty() ? std::string() : tokenSpelling(run.topNext.front().id)));
}

ModelRun PretrainedModel::run(const TokenizedText &source, const TokenizedText &decoder,
                              int topCount) const
{
    const ModelInput in = input(source, decoder, topCount);
    m_checkpoint->requireUnchanged();
    try {
        ModelRun run = runEncoderDecoder(m_checkpoint->weights(), in);
        m_checkpoint->requireUnchanged();
        labelTokens(run, source, decoder);
        return run;
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

std::string PretrainedModel::tokenSpelling(int id) const
{
    return m_targetTokenizer->spelling(id);
}

std::string PretrainedModel::decode(const std::vector<int> &ids) const
{
    return m_targetTokenizer->decode(ids);
}

std::optional<int> PretrainedModel::endOfTextId() const
{
    return m_targetTokenizer->specialIds().eos;
}

std::unique_ptr<Generator> PretrainedModel::generator(const TokenizedText &prompt,
                                                      GenerationOptions options) const
{
    if (options.endToken < 0)
        options.endToken = endOfTextId().value_or(-1);
    m_checkpoint->requireUnchanged();
    try {
        return std::make_unique<Generator>(m_checkpoint->weights(), prompt.ids, options);
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

std::unique_ptr<Generator> PretrainedModel::translator(const TokenizedText &source,
                                                       const TokenizedText &prefix,
                                                       GenerationOptions options) const
{
    if (options.endToken < 0)
        options.endToken = endOfTextId().value_or(-1);
    m_checkpoint->requireUnchanged();
    try {
        return std::make_unique<Generator>(m_checkpoint->weights(), source.ids, prefix.ids,
                                           options);
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

TokenizedText PretrainedModel::translationPrefix(const std::optional<QString> &target) const
{
    TokenizedText tokens = decoderTokens(target);
    const std::optional<int> end = m_targetTokenizer->specialIds().eos;
    if (target && tokens.ids.size() > 1 && end && tokens.ids.back() == *end) {
        tokens.ids.pop_back();
        tokens.tokens.pop_back();
    }
    return tokens;
}

LogitLens PretrainedModel::lens(const TokenizedText &tokens, int count, ModelRun *run,
                                const Interventions &interventions) const
{
    m_checkpoint->requireUnchanged();
    try {
        LogitLens lens = logitLens(m_checkpoint->weights(), tokens.ids, count, run,
                                   interventions.empty() ? nullptr : &interventions);
        m_checkpoint->requireUnchanged();
        if (run) {
            run->attention.setTokens(tokens.tokens);
        }
        return lens;
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
}

std::optional<std::string> PretrainedModel::bosToken() const
{
    if (const std::optional<int> id = m_tokenizer->specialIds().bos)
        return m_tokenizer->token(*id);
    return std::nullopt;
}

std::optional<std::string> PretrainedModel::maskToken() const
{
    if (const std::optional<int> id = m_tokenizer->specialIds().mask)
        return m_tokenizer->token(*id);
    return std::nullopt;
}

bool PretrainedModel::addsBosByDefault() const
{
    return m_tokenizer->addsBos();
}

TokenizedText PretrainedModel::repeatedRandomTokens(int count, std::uint64_t seed,
                                                    std::optional<bool> bos) const
{
    const std::optional<int> bosId = m_tokenizer->specialIds().bos;
    std::vector<int> excluded;
    if (bosId)
        excluded.push_back(*bosId);
    if (const std::optional<int> end = endOfTextId())
        excluded.push_back(*end);
    const bool withBos = bos.value_or(addsBosByDefault());
    if (withBos && !bosId)
        throwReadError(QStringLiteral("%1 has no beginning-of-text token").arg(name()));
    const int length = 2 * count + (withBos ? 1 : 0);
    if (length > config().positions)
        throwReadError(QStringLiteral("%1 random tokens repeated once are %2 tokens and this "
                                      "model reads at most %3")
                           .arg(count)
                           .arg(length)
                           .arg(config().positions));
    TokenizedText tokens;
    if (withBos)
        tokens.ids.push_back(*bosId);
    try {
        for (int id :
             AttentionLab::repeatedRandomTokens(config().vocabulary, count, seed, excluded))
            tokens.ids.push_back(id);
    } catch (const std::invalid_argument &error) {
        throwReadError(QString::fromUtf8(error.what()));
    }
    // The source's vocabulary (an encoder-decoder's target spells the written tokens).
    for (int id : tokens.ids)
        tokens.tokens.push_back(m_tokenizer->spelling(id));
    return tokens;
}

namespace {

/// "134.5 million", "1.24 billion", "61,440".
QString parameterText(long long n)
{
    if (n >= 1'000'000'000)
        return QCoreApplication::translate("PretrainedModel", "%1 billion")
            .arg(double(n) / 1e9, 0, 'f', 2);
    if (n >= 1'000'000)
        return QCoreApplication::translate("PretrainedModel", "%1 million")
            .arg(double(n) / 1e6, 0, 'f', 1);
    return QLocale::c().toString(n);
}

QString headsText(const ModelConfig &c)
{
    const int kv = c.keyValueHeads();
    if (kv == c.heads)
        return QCoreApplication::translate("PretrainedModel",
                                           "%1 heads, each its own keys and values")
            .arg(c.heads);
    if (kv == 1)
        return QCoreApplication::translate(
                   "PretrainedModel", "%1 query heads sharing one key/value head (multi-query)")
            .arg(c.heads);
    return QCoreApplication::translate("PretrainedModel",
                                       "%1 query heads sharing %2 key/value heads (grouped-query, "
                                       "%3 to each)")
        .arg(c.heads)
        .arg(kv)
        .arg(c.heads / kv);
}

} // namespace

QList<QPair<QString, QString>> PretrainedModel::card() const
{
    const auto tr = [](const char *text) {
        return QCoreApplication::translate("PretrainedModel", text);
    };
    const ModelConfig &c = config();
    const FamilyDescription &family = familyDescription(c.family);
    const ModelCardWords words = modelCardWords(c);
    QList<QPair<QString, QString>> rows{
        {tr("family"), QStringLiteral("%1 (%2)").arg(QString::fromStdString(family.displayName),
                                                     QString::fromStdString(family.modelType))},
        {tr("layers"), c.encoderDecoder()
                           ? tr("%1 encoder + %2 decoder").arg(c.layers).arg(c.decoder.layers)
                           : QString::number(c.layers)},
        {tr("heads"),
         c.encoderDecoder() && c.decoder.heads != c.heads
             ? tr("%1 in the encoder, %2 in the decoder").arg(c.heads).arg(c.decoder.heads)
             : headsText(c)},
        {tr("head size"), QString::number(c.headDim())},
        {tr("model width"), QString::number(c.modelDim)},
        {tr("positions"), QString::fromStdString(positionSummary(c))},
        {tr("norm"), words.norm},
        {tr("MLP"), words.mlp},
        {tr("residual"), words.residual},
        {tr("output"), words.output},
        {tr("attention"), words.attention},
        {tr("parameters"), parameterText(m_checkpoint->parameterCount())},
        {tr("weights"), tr("%1, %2 MB")
                            .arg(m_checkpoint->storedTypes())
                            .arg(double(m_checkpoint->weightsFileBytes()) / 1e6, 0, 'f', 1)},
        {tr("vocabulary"), QLocale::c().toString(c.vocabulary)},
    };
    return rows;
}

QString PretrainedModel::cardLine() const
{
    const auto tr = [](const char *text) {
        return QCoreApplication::translate("PretrainedModel", text);
    };
    const ModelConfig &c = config();
    const FamilyDescription &family = familyDescription(c.family);
    const ModelCardWords words = modelCardWords(c);
    QStringList parts{QString::fromStdString(family.displayName),
                      c.encoderDecoder() ? tr("%1 + %2 layers").arg(c.layers).arg(c.decoder.layers)
                                         : QString::fromStdString(countText(c.layers, "layer"))};
    const int kv = c.keyValueHeads();
    parts << (kv == c.heads ? tr("%1 heads").arg(c.heads)
                            : tr("%1 query heads sharing %2 key/value").arg(c.heads).arg(kv));
    parts << tr("head size %1").arg(c.headDim()) << QString::fromStdString(positionSummary(c))
          << words.normShort << words.mlpShort
          << tr("%1 parameters").arg(parameterText(m_checkpoint->parameterCount()))
          << m_checkpoint->storedTypes();
    return parts.join(QStringLiteral(" · "));
}

} // namespace AttentionLab
