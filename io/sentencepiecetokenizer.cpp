// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/sentencepiecetokenizer.h"

#include "io/inputtextqt.h"
#include "io/specialtokenscanner.h"
#include "io/tokenizerfile.h"
#include "io/tokenvocabulary.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <sentencepiece_processor.h>

#include <utility>
#include <vector>

namespace AttentionLab {

namespace {

constexpr qint64 kMaxModelBytes = 64 * 1024 * 1024;
constexpr qint64 kMaxVocabularyBytes = 64 * 1024 * 1024;

} // namespace

struct SentencePieceTokenizer::Tables
{
    sentencepiece::SentencePieceProcessor processor;
    TokenVocabulary vocabulary;
    /// Marian: vocab.json's id of each piece id of the .spm (-1: <unk>'s).
    std::vector<int> pieceIds;
    bool marian = false;
    /// Tokens matched in the text before it is cut: T5's sentinels.
    std::vector<std::pair<QString, int>> sentinels;
    std::optional<int> eos, pad, unk;

    /// The processor's pieces of \a text, appended as ids and tokens.
    void appendPieces(const std::string &text, TokenizedText &out) const;
};

void SentencePieceTokenizer::Tables::appendPieces(const std::string &text, TokenizedText &out) const
{
    if (text.empty())
        return;
    std::vector<int> ids;
    if (!processor.Encode(text, &ids).ok())
        return;
    for (const int piece : ids) {
        const int id = marian ? pieceIds[size_t(piece)] : piece;
        const int known = id >= 0 ? id : unk.value_or(0);
        out.ids.push_back(known);
        out.tokens.push_back(vocabulary.token(known));
    }
}

SentencePieceTokenizer::SentencePieceTokenizer(std::shared_ptr<Tables> tables)
    : Tokenizer(std::shared_ptr<const TokenVocabulary>(tables, &tables->vocabulary)),
      m_tables(std::move(tables))
{
}

namespace {

/// \a path's model into \a processor; ReadError naming the file otherwise.
void loadProcessor(const QString &path, sentencepiece::SentencePieceProcessor &processor)
{
    const QByteArray bytes = readTokenizerFile(path, kMaxModelBytes);
    const auto status =
        processor.LoadFromSerializedProto(std::string(bytes.constData(), size_t(bytes.size())));
    if (!status.ok() || processor.GetPieceSize() == 0)
        throwTokenizerFileError(path, QStringLiteral("is not a SentencePiece model (%1)")
                                          .arg(inputText(QString::fromStdString(
                                              status.ok() ? "no pieces" : status.ToString()))));
}

} // namespace

SentencePieceTokenizer SentencePieceTokenizer::fromModel(const QString &modelPath, int extraIds)
{
    auto tables = std::make_shared<Tables>();
    loadProcessor(modelPath, tables->processor);
    const int pieces = tables->processor.GetPieceSize();
    tables->vocabulary.reserve(size_t(pieces + extraIds));
    for (int id = 0; id < pieces; ++id)
        tables->vocabulary.set(id, tables->processor.IdToPiece(id));
    // T5Tokenizer: <extra_id_0> is the last id, <extra_id_{n-1}> the first after the pieces.
    for (int n = 0; n < extraIds; ++n) {
        const int id = pieces + extraIds - 1 - n;
        const std::string token = "<extra_id_" + std::to_string(n) + ">";
        tables->vocabulary.set(id, token);
        tables->sentinels.emplace_back(QString::fromStdString(token), id);
    }
    tables->eos = tables->vocabulary.id("</s>");
    tables->pad = tables->vocabulary.id("<pad>");
    tables->unk = tables->vocabulary.id("<unk>");
    if (!tables->eos)
        throwTokenizerFileError(modelPath, QStringLiteral("has no </s> piece, which ends T5's "
                                                          "texts"));
    return SentencePieceTokenizer(std::move(tables));
}

SentencePieceTokenizer SentencePieceTokenizer::fromMarian(const QString &spmPath,
                                                          const QString &vocabJson)
{
    auto tables = std::make_shared<Tables>();
    tables->marian = true;
    loadProcessor(spmPath, tables->processor);

    const QByteArray bytes = readTokenizerFile(vocabJson, kMaxVocabularyBytes);
    const QJsonDocument document = parseTokenizerJson(vocabJson, bytes);
    if (!document.isObject() || document.object().isEmpty())
        throwTokenizerFileError(vocabJson, QStringLiteral("is not a JSON object of token to id"));
    const QJsonObject vocabulary = document.object();
    for (auto entry = vocabulary.begin(); entry != vocabulary.end(); ++entry) {
        const std::optional<int> id = vocabularyId(entry.value(), vocabulary.size());
        if (!id || entry.key().isEmpty())
            throwTokenizerFileError(vocabJson, QStringLiteral("is not a JSON object of token "
                                                              "to id: \"%1\" has no id")
                                                   .arg(inputText(entry.key())));
        if (tables->vocabulary.hasToken(*id))
            throwTokenizerFileError(vocabJson,
                                    QStringLiteral("gives id %1 to two tokens").arg(*id));
        tables->vocabulary.set(*id, entry.key().toStdString());
    }
    tables->eos = tables->vocabulary.id("</s>");
    tables->pad = tables->vocabulary.id("<pad>");
    tables->unk = tables->vocabulary.id("<unk>");
    if (!tables->eos || !tables->unk)
        throwTokenizerFileError(
            vocabJson, QStringLiteral("has no %1 token, which Marian's "
                                      "tokenizer needs")
                           .arg(tables->eos ? QStringLiteral("<unk>") : QStringLiteral("</s>")));
    const sentencepiece::SentencePieceProcessor &processor = tables->processor;
    tables->pieceIds.assign(size_t(processor.GetPieceSize()), -1);
    int missing = 0;
    std::string firstMissing;
    for (int piece = 0; piece < processor.GetPieceSize(); ++piece) {
        if (processor.IsUnknown(piece) || processor.IsControl(piece))
            continue;
        const std::optional<int> id = tables->vocabulary.id(processor.IdToPiece(piece));
        if (id) {
            tables->pieceIds[size_t(piece)] = *id;
        } else if (missing++ == 0) {
            firstMissing = processor.IdToPiece(piece);
        }
    }
    // Marian's converter writes every piece of the .spm into vocab.json;
    // most of them missing means the files belong to different models.
    if (2 * missing > processor.GetPieceSize())
        throwTokenizerFileError(
            vocabJson,
            QStringLiteral("disagrees with %1: %2 of its %3 pieces (\"%4\" first) have no id")
                .arg(inputText(spmPath.section(QLatin1Char('/'), -1)))
                .arg(missing)
                .arg(processor.GetPieceSize())
                .arg(inputText(QString::fromStdString(firstMissing))));
    return SentencePieceTokenizer(std::move(tables));
}

TokenizedText SentencePieceTokenizer::encode(const QString &text, std::optional<bool> bos) const
{
    Q_UNUSED(bos);
    const Tables &t = *m_tables;
    TokenizedText result;
    QString rest = withoutLoneSurrogates(text);
    if (t.marian && rest.startsWith(QLatin1String(">>"))) {
        // MarianTokenizer's ">>.+<<", greedy: the language code is one token.
        const qsizetype end = rest.lastIndexOf(QLatin1String("<<"));
        if (end > 2) {
            const std::string code = rest.left(end + 2).toStdString();
            const int id = t.vocabulary.id(code).value_or(*t.unk);
            result.ids.push_back(id);
            result.tokens.push_back(t.vocabulary.token(id));
            rest = rest.mid(end + 2);
        }
    }
    SpecialTokenScanner scanner(rest, t.sentinels);
    qsizetype start = 0;
    while (start <= rest.size()) {
        const SpecialTokenScanner::Match special = scanner.next(start);
        const qsizetype end = special.at < 0 ? rest.size() : special.at;
        t.appendPieces(rest.mid(start, end - start).toStdString(), result);
        if (special.at < 0)
            break;
        result.ids.push_back(special.id);
        result.tokens.push_back(t.vocabulary.token(special.id));
        start = end + special.length;
    }
    result.ids.push_back(*t.eos);
    result.tokens.push_back(t.vocabulary.token(*t.eos));
    return result;
}

std::string SentencePieceTokenizer::decode(const std::vector<int> &ids) const
{
    const Tables &t = *m_tables;
    std::string text;
    std::vector<std::string> pieces;
    auto flush = [&] {
        std::string decoded;
        if (!pieces.empty() && t.processor.Decode(pieces, &decoded).ok())
            text += decoded;
        pieces.clear();
    };
    for (const int id : ids) {
        const std::string piece = token(id);
        const int pieceId = piece.empty() ? -1 : t.processor.PieceToId(piece);
        const bool ordinary = pieceId >= 0 && !t.processor.IsControl(pieceId) &&
                              !t.processor.IsUnknown(pieceId) &&
                              t.processor.IdToPiece(pieceId) == piece;
        if (ordinary) {
            pieces.push_back(piece);
            continue;
        }
        // Special tokens are kept, as Hugging Face's decode() keeps them.
        flush();
        text += spelling(id);
    }
    flush();
    return text;
}

Tokenizer::SpecialIds SentencePieceTokenizer::specialIds() const
{
    SpecialIds ids;
    ids.eos = m_tables->eos;
    ids.pad = m_tables->pad;
    ids.decoderStart = m_tables->pad;
    return ids;
}

} // namespace AttentionLab
