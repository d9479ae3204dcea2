// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/modeltokenizers.h"

#include "core/model/familydescription.h"
#include "io/gpt2tokenizer.h"
#include "io/hubtokenizer.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/sentencepiecetokenizer.h"
#include "io/tokenizerfile.h"
#include "io/wordpiecetokenizer.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <utility>

namespace AttentionLab {

namespace {

/// Whether \a path names something, a dangling link too: what is there but is
/// not a readable file is then refused by the reader, which says what it is.
bool present(const QString &path)
{
    const QFileInfo info(path);
    return info.exists() || info.isSymLink();
}

/// \a folder's file \a name, which must exist; ReadError otherwise. A FIFO,
/// a folder or a device there is refused by readTokenizerFile as such.
QString requiredFile(const QDir &folder, const QString &name, const QString &why)
{
    const QString path = folder.filePath(name);
    if (!present(path))
        throwReadError(QStringLiteral("%1: missing (%2)").arg(inputText(path), why));
    return path;
}

/// A tokenizer's pieces must all have a row in the embeddings; ReadError
/// otherwise. Tokens only added past them (Gemma 3's <image_soft_token>, for
/// its multimodal models) are refused where a text uses them.
void requireFits(const QString &vocabulary, const Tokenizer &tokenizer, int rows,
                 const QString &key)
{
    if (tokenizer.pieceCount() > rows)
        throwReadError(QStringLiteral("%1: has %2 tokens and config.json's %3 is %4")
                           .arg(inputText(vocabulary))
                           .arg(tokenizer.pieceCount())
                           .arg(key)
                           .arg(rows));
}

/// \a dir's tokenizer_config.json, or an empty object when it has none.
QJsonObject tokenizerConfig(const QDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("tokenizer_config.json"));
    if (!present(path))
        return {};
    return parseTokenizerJson(path, readTokenizerFile(path, 16 * 1024 * 1024)).object();
}

/// tokenizer_config.json's extra_ids (T5Tokenizer's 100 when absent).
int extraIds(const QDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("tokenizer_config.json"));
    const QJsonValue value = tokenizerConfig(dir).value(QLatin1String("extra_ids"));
    if (value.isUndefined() || value.isNull())
        return 100;
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() > 100000 ||
        value.toDouble() != double(value.toInt()))
        throwTokenizerFileError(path, QStringLiteral("has \"extra_ids\" that is not a count"));
    return value.toInt();
}

/**
 * mBART's source and target tokenizers from its tokenizer.json, as
 * tokenization_mbart.py sets them: the source "$A </s> src_lang" (mBART-50,
 * MBart50Tokenizer: "src_lang $A </s>"), the target "$A </s>", its language
 * code coming first as the decoder's start token (shift_tokens_right moves
 * the labels' last token there), or for mBART-50 "tgt_lang $A </s>".
 * Without src_lang in tokenizer_config.json the file's own template stays.
 */
std::pair<HubTokenizer, HubTokenizer> mbartTokenizers(const QDir &dir, const HubTokenizer &file)
{
    const QString path = dir.filePath(QStringLiteral("tokenizer_config.json"));
    const QJsonObject config = tokenizerConfig(dir);
    const bool fifty =
        config.value(QStringLiteral("tokenizer_class")).toString().startsWith(u"MBart50");
    const std::optional<int> end = file.id("</s>");
    if (!end)
        throwTokenizerFileError(dir.filePath(QStringLiteral("tokenizer.json")),
                                QStringLiteral("has no </s>, which mBART ends each text with"));
    auto language = [&](const char *key) -> std::optional<int> {
        const QJsonValue value = config.value(QLatin1String(key));
        if (value.isNull() || value.isUndefined())
            return std::nullopt;
        const std::optional<int> id = file.id(value.toString().toStdString());
        if (!id)
            throwTokenizerFileError(path,
                                    QStringLiteral("names %1 \"%2\", which is not a token "
                                                   "of tokenizer.json")
                                        .arg(QLatin1String(key), inputText(value.toString())));
        return id;
    };
    const std::optional<int> source = language("src_lang");
    const std::optional<int> target = language("tgt_lang");
    HubTokenizer sourceTokenizer = file;
    if (source)
        sourceTokenizer =
            fifty ? file.withTemplate({*source}, {*end}) : file.withTemplate({}, {*end, *source});
    HubTokenizer targetTokenizer =
        fifty && target ? file.withTemplate({*target}, {*end}) : file.withTemplate({}, {*end});
    return {sourceTokenizer, targetTokenizer};
}

} // namespace

ModelTokenizers openModelTokenizers(const QString &folder, const ModelConfig &config)
{
    const QDir dir(folder);
    const FamilyDescription &family = familyDescription(config.family);
    const QString vocabularyKey = QStringLiteral("vocab_size");
    ModelTokenizers tokenizers;
    QString vocabulary; // the file named when its tokens outnumber the embeddings
    switch (family.tokenizer) {
    case TokenizerKind::Gpt2Files:
    case TokenizerKind::BartFiles: {
        const bool bart = family.tokenizer == TokenizerKind::BartFiles;
        const QString why = bart ? QStringLiteral("BART's tokenizer needs vocab.json and "
                                                  "merges.txt")
                                 : QStringLiteral("GPT-2's tokenizer needs vocab.json and "
                                                  "merges.txt");
        vocabulary = requiredFile(dir, QStringLiteral("vocab.json"), why);
        const QString merges = requiredFile(dir, QStringLiteral("merges.txt"), why);
        tokenizers.source =
            std::make_shared<Gpt2Tokenizer>(bart ? Gpt2Tokenizer::bartFromFiles(vocabulary, merges)
                                                 : Gpt2Tokenizer::fromFiles(vocabulary, merges));
        break;
    }
    case TokenizerKind::WordPieceFile: {
        vocabulary = requiredFile(dir, QStringLiteral("vocab.txt"),
                                  QStringLiteral("BERT's tokenizer needs vocab.txt"));
        const QString tokenizerConfig = dir.filePath(QStringLiteral("tokenizer_config.json"));
        tokenizers.source = std::make_shared<WordPieceTokenizer>(WordPieceTokenizer::fromFiles(
            vocabulary, present(tokenizerConfig) ? tokenizerConfig : QString()));
        break;
    }
    case TokenizerKind::TokenizerJson:
        vocabulary = requiredFile(dir, QStringLiteral("tokenizer.json"),
                                  QStringLiteral("a %1 model's tokenizer is its tokenizer.json")
                                      .arg(QString::fromStdString(family.displayName)));
        tokenizers.source = std::make_shared<HubTokenizer>(HubTokenizer::fromFolder(folder));
        break;
    case TokenizerKind::SentencePiece:
        // As transformers' AutoTokenizer: the fast tokenizer's file when there is one.
        if (present(dir.filePath(QStringLiteral("tokenizer.json")))) {
            vocabulary = dir.filePath(QStringLiteral("tokenizer.json"));
            tokenizers.source = std::make_shared<HubTokenizer>(HubTokenizer::fromFolder(folder));
            break;
        }
        vocabulary = requiredFile(dir, QStringLiteral("spiece.model"),
                                  QStringLiteral("T5's tokenizer is its tokenizer.json or its "
                                                 "SentencePiece model"));
        tokenizers.source = std::make_shared<SentencePieceTokenizer>(
            SentencePieceTokenizer::fromModel(vocabulary, extraIds(dir)));
        break;
    case TokenizerKind::MBartJson: {
        vocabulary = requiredFile(dir, QStringLiteral("tokenizer.json"),
                                  QStringLiteral("mBART's tokenizer is read from its "
                                                 "tokenizer.json"));
        const auto [source, target] = mbartTokenizers(dir, HubTokenizer::fromFolder(folder));
        tokenizers.source = std::make_shared<HubTokenizer>(source);
        tokenizers.target = std::make_shared<HubTokenizer>(target);
        break;
    }
    case TokenizerKind::MarianFiles: {
        const QString why =
            QStringLiteral("Marian's tokenizer needs source.spm, target.spm and vocab.json");
        const QString source = requiredFile(dir, QStringLiteral("source.spm"), why);
        const QString target = requiredFile(dir, QStringLiteral("target.spm"), why);
        vocabulary = requiredFile(dir, QStringLiteral("vocab.json"), why);
        // Separate vocabularies: the target's ids are target_vocab.json's.
        const QString targetVocabulary =
            config.decoder.vocabulary != config.vocabulary ||
                    present(dir.filePath(QStringLiteral("target_vocab.json")))
                ? requiredFile(dir, QStringLiteral("target_vocab.json"),
                               QStringLiteral("Marian's separate vocabularies need "
                                              "target_vocab.json for the target"))
                : vocabulary;
        tokenizers.source = std::make_shared<SentencePieceTokenizer>(
            SentencePieceTokenizer::fromMarian(source, vocabulary));
        tokenizers.target = std::make_shared<SentencePieceTokenizer>(
            SentencePieceTokenizer::fromMarian(target, targetVocabulary));
        requireFits(targetVocabulary, *tokenizers.target, config.decoder.vocabulary,
                    QStringLiteral("decoder_vocab_size"));
        break;
    }
    }
    requireFits(vocabulary, *tokenizers.source, config.vocabulary, vocabularyKey);
    if (!tokenizers.target)
        tokenizers.target = tokenizers.source;
    return tokenizers;
}

} // namespace AttentionLab
