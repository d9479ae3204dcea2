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

/// A tokenizer's ids must all have a row in the embeddings; ReadError otherwise.
void requireFits(const QString &vocabulary, const Tokenizer &tokenizer, int rows,
                 const QString &key)
{
    if (tokenizer.vocabularySize() > rows)
        throwReadError(QStringLiteral("%1: has %2 tokens and config.json's %3 is %4")
                           .arg(inputText(vocabulary))
                           .arg(tokenizer.vocabularySize())
                           .arg(key)
                           .arg(rows));
}

/// tokenizer_config.json's extra_ids (T5Tokenizer's 100 when absent).
int extraIds(const QDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("tokenizer_config.json"));
    if (!present(path))
        return 100;
    const QJsonDocument document =
        parseTokenizerJson(path, readTokenizerFile(path, 16 * 1024 * 1024));
    const QJsonValue value = document.object().value(QLatin1String("extra_ids"));
    if (value.isUndefined() || value.isNull())
        return 100;
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() > 100000 ||
        value.toDouble() != double(value.toInt()))
        throwTokenizerFileError(path, QStringLiteral("has \"extra_ids\" that is not a count"));
    return value.toInt();
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
        vocabulary = requiredFile(dir, QStringLiteral("spiece.model"),
                                  QStringLiteral("T5's tokenizer is its SentencePiece model"));
        tokenizers.source = std::make_shared<SentencePieceTokenizer>(
            SentencePieceTokenizer::fromModel(vocabulary, extraIds(dir)));
        break;
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
