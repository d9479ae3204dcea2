// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/gpt2tokenizer.h"

#include "io/bpemerges.h"
#include "io/bytelevelalphabet.h"
#include "io/encodedpiececache.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/specialtokenscanner.h"
#include "io/textlines.h"
#include "io/tokenizerfile.h"
#include "io/tokenvocabulary.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace AttentionLab {

namespace {

constexpr qint64 kMaxVocabularyBytes = 64 * 1024 * 1024;
constexpr qint64 kMaxMergesBytes = 64 * 1024 * 1024;
const QString kEndOfText = QStringLiteral("<|endoftext|>");

/**
 * The pattern of GPT-2's encoder,
 *   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
 * with the reference encoder's classes spelled out, because PCRE2 (Qt's
 * QRegularExpression with UseUnicodePropertiesOption) and JavaScript (the
 * reference encoder, gpt-3-encoder's /.../gu) disagree on them:
 *  - \s: JavaScript's is tab, LF, VT, FF, CR, space, U+00A0, U+1680,
 *    U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF. PCRE2's
 *    (\p{Zs}, \h, \v) has the same but U+FEFF, and adds U+0085 and U+180E.
 *    Neither counts the separators U+001C-U+001F. kSpace is JavaScript's list,
 *    so U+FEFF is a space here and U+0085, U+180E are not.
 *  - \p{L} and \p{N} follow each engine's Unicode version: Node 20 knows
 *    Unicode 17, Debian 12's PCRE2 10.42 Unicode 14. kNewLetters and
 *    kNewNumbers add what became a letter or a number after Unicode 14 (found
 *    by testing every code point in both engines), so new scripts and CJK
 *    extension H are words here as in the reference; with a newer PCRE2 they
 *    change nothing. They change the pieces more than the ids: on a sample of
 *    these letters in ten contexts each, the merges never crossed the piece
 *    boundaries that PCRE2's own tables draw, so the ids came out the same.
 */
const QString kSpace = QStringLiteral(R"(\t\n\x{B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A})"
                                      R"(\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF})");
const QString kNewLetters =
    QStringLiteral(R"(\x{88F}\x{C5C}\x{CDC}\x{1C89}-\x{1C8A}\x{A7CB}-\x{A7CF}\x{A7D2}\x{A7D4})"
                   R"(\x{A7DA}-\x{A7DC}\x{A7F1}\x{105C0}-\x{105F3}\x{10940}-\x{10959})"
                   R"(\x{10D4A}-\x{10D65}\x{10D6F}-\x{10D85}\x{10EC2}-\x{10EC7})"
                   R"(\x{1123F}-\x{11240}\x{11380}-\x{11389}\x{1138B}\x{1138E})"
                   R"(\x{11390}-\x{113B5}\x{113B7}\x{113D1}\x{113D3}\x{11BC0}-\x{11BE0})"
                   R"(\x{11DB0}-\x{11DDB}\x{11F02}\x{11F04}-\x{11F10}\x{11F12}-\x{11F33})"
                   R"(\x{1342F}\x{13441}-\x{13446}\x{13460}-\x{143FA}\x{16100}-\x{1611D})"
                   R"(\x{16D40}-\x{16D6C}\x{16EA0}-\x{16EB8}\x{16EBB}-\x{16ED3})"
                   R"(\x{16FF2}-\x{16FF3}\x{187F8}-\x{187FF}\x{18CFF}\x{18D09}-\x{18D1E})"
                   R"(\x{18D80}-\x{18DF2}\x{1B132}\x{1B155}\x{1DF25}-\x{1DF2A})"
                   R"(\x{1E030}-\x{1E06D}\x{1E4D0}-\x{1E4EB}\x{1E5D0}-\x{1E5ED}\x{1E5F0})"
                   R"(\x{1E6C0}-\x{1E6DE}\x{1E6E0}-\x{1E6E2}\x{1E6E4}-\x{1E6E5})"
                   R"(\x{1E6E7}-\x{1E6ED}\x{1E6F0}-\x{1E6F4}\x{1E6FE}-\x{1E6FF})"
                   R"(\x{2B739}-\x{2B73F}\x{2CEA2}-\x{2CEAD}\x{2EBF0}-\x{2EE5D})"
                   R"(\x{31350}-\x{33479})");
const QString kNewNumbers =
    QStringLiteral(R"(\x{10D40}-\x{10D49}\x{116D0}-\x{116E3}\x{11BF0}-\x{11BF9})"
                   R"(\x{11DE0}-\x{11DE9}\x{11F50}-\x{11F59}\x{16130}-\x{16139})"
                   R"(\x{16D70}-\x{16D79}\x{16FF4}-\x{16FF6}\x{1CCF0}-\x{1CCF9})"
                   R"(\x{1D2C0}-\x{1D2D3}\x{1E4F0}-\x{1E4F9}\x{1E5F1}-\x{1E5FA})");

QRegularExpression pieceExpression()
{
    const QString letter = QStringLiteral(R"([\p{L}%1])").arg(kNewLetters);
    const QString number = QStringLiteral(R"([\p{N}%1])").arg(kNewNumbers);
    const QString space = QStringLiteral("[%1]").arg(kSpace);
    const QString other =
        QStringLiteral(R"([^%1\p{L}%2\p{N}%3])").arg(kSpace, kNewLetters, kNewNumbers);
    const QString pattern =
        QStringLiteral("'s|'t|'re|'ve|'m|'ll|'d| ?%1+| ?%2+| ?%3+|%4+(?!%5)|%4+")
            .arg(letter, number, other, space, QStringLiteral("[^%1]").arg(kSpace));
    QRegularExpression expression(pattern, QRegularExpression::UseUnicodePropertiesOption);
    expression.optimize();
    return expression;
}

} // namespace

struct Gpt2Tokenizer::Tables
{
    TokenVocabulary vocabulary;
    std::array<int, 256> byteIds{};
    BpeMerges merges;
    int endOfText = 0;
    /// BART: <s> and </s> around every text, and these tokens matched in it.
    bool bart = false;
    int begin = 0;
    std::vector<std::pair<QString, int>> specials;
    std::optional<int> pad, mask;
    /// Matched from several threads at once, which QRegularExpression allows.
    QRegularExpression pieces = pieceExpression();
    EncodedPieceCache cache;

    void appendPiece(const std::string &bytes, std::vector<int> &out);
};

void Gpt2Tokenizer::Tables::appendPiece(const std::string &bytes, std::vector<int> &out)
{
    if (bytes.size() == 1) {
        out.push_back(byteIds[static_cast<unsigned char>(bytes[0])]);
        return;
    }
    if (cache.append(bytes, out))
        return;
    std::vector<int> symbols(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i)
        symbols[i] = byteIds[static_cast<unsigned char>(bytes[i])];
    std::vector<int> encoded = merges.apply(symbols);
    out.insert(out.end(), encoded.begin(), encoded.end());
    cache.store(bytes, std::move(encoded));
}

Gpt2Tokenizer::Gpt2Tokenizer(std::shared_ptr<Tables> tables)
    : Tokenizer(std::shared_ptr<const TokenVocabulary>(tables, &tables->vocabulary)),
      m_tables(std::move(tables))
{
}

Gpt2Tokenizer Gpt2Tokenizer::fromFiles(const QString &vocabJson, const QString &mergesTxt)
{
    return read(vocabJson, mergesTxt, false);
}

Gpt2Tokenizer Gpt2Tokenizer::bartFromFiles(const QString &vocabJson, const QString &mergesTxt)
{
    return read(vocabJson, mergesTxt, true);
}

Gpt2Tokenizer Gpt2Tokenizer::read(const QString &vocabJson, const QString &mergesTxt, bool bart)
{
    auto tables = std::make_shared<Tables>();

    const QByteArray vocabBytes = readTokenizerFile(vocabJson, kMaxVocabularyBytes);
    const QJsonDocument document = parseTokenizerJson(vocabJson, vocabBytes);
    if (!document.isObject() || document.object().isEmpty())
        throwTokenizerFileError(vocabJson, QStringLiteral("is not a JSON object of token to id"));
    const QJsonObject vocabulary = document.object();
    // A gap in the ids is allowed (its token is empty).
    for (auto entry = vocabulary.begin(); entry != vocabulary.end(); ++entry) {
        const std::optional<int> found = vocabularyId(entry.value(), vocabulary.size());
        if (!found)
            throwTokenizerFileError(
                vocabJson, QStringLiteral("is not a JSON object of token to id: \"%1\" has %2")
                               .arg(inputText(entry.key()),
                                    entry.value().isDouble()
                                        ? QStringLiteral("id %1").arg(entry.value().toDouble())
                                        : QStringLiteral("no whole-number id")));
        const int id = *found;
        if (entry.key().isEmpty())
            throwTokenizerFileError(vocabJson,
                                    QStringLiteral("has an empty token (id %1)").arg(id));
        if (tables->vocabulary.hasToken(id))
            throwTokenizerFileError(vocabJson, QStringLiteral("gives id %1 to two tokens").arg(id));
        tables->vocabulary.set(id, entry.key().toStdString());
    }

    for (int byte = 0; byte < 256; ++byte) {
        const std::string spelling =
            QString(ByteLevelAlphabet::character(static_cast<unsigned char>(byte))).toStdString();
        const std::optional<int> found = tables->vocabulary.id(spelling);
        if (!found)
            throwTokenizerFileError(
                vocabJson, QStringLiteral("has no token for byte %1 (\"%2\"), which byte-level "
                                          "BPE needs")
                               .arg(byte)
                               .arg(inputText(QString::fromStdString(spelling))));
        tables->byteIds[byte] = *found;
    }
    if (bart) {
        const std::optional<int> begin = tables->vocabulary.id("<s>");
        const std::optional<int> end = tables->vocabulary.id("</s>");
        if (!begin || !end)
            throwTokenizerFileError(
                vocabJson, QStringLiteral("has no %1 token, which BART's "
                                          "tokenizer puts around every text")
                               .arg(begin ? QStringLiteral("</s>") : QStringLiteral("<s>")));
        tables->bart = true;
        tables->begin = *begin;
        tables->endOfText = *end;
        tables->pad = tables->vocabulary.id("<pad>");
        tables->mask = tables->vocabulary.id("<mask>");
        for (const char *token : {"<s>", "</s>", "<pad>", "<unk>", "<mask>"})
            if (const std::optional<int> id = tables->vocabulary.id(token))
                tables->specials.emplace_back(QString::fromLatin1(token), *id);
    } else {
        const std::optional<int> endOfText = tables->vocabulary.id(kEndOfText.toStdString());
        if (!endOfText)
            throwTokenizerFileError(vocabJson, QStringLiteral("has no <|endoftext|> token"));
        tables->endOfText = *endOfText;
        tables->specials = {{kEndOfText, *endOfText}};
    }

    const QByteArray mergesBytes = readTokenizerFile(mergesTxt, kMaxMergesBytes);
    const QList<QByteArray> lines = textLines(mergesBytes);
    int rank = 0;
    for (qsizetype index = 0; index < lines.size(); ++index) {
        const QByteArray &line = lines[index];
        // The reference skips the first line ("#version: 0.2"); Hugging Face
        // skips a first line that starts with "#version".
        if (index == 0 && line.startsWith("#version"))
            continue;
        const QList<QByteArray> parts = line.split(' ');
        const QString where = QStringLiteral("line %1").arg(index + 1);
        if (parts.size() != 2 || parts[0].isEmpty() || parts[1].isEmpty())
            throwTokenizerFileError(mergesTxt, where + QStringLiteral(" is not two tokens"));
        const std::string left = parts[0].toStdString();
        const std::string right = parts[1].toStdString();
        const std::optional<int> leftId = tables->vocabulary.id(left);
        const std::optional<int> rightId = tables->vocabulary.id(right);
        const std::optional<int> resultId = tables->vocabulary.id(left + right);
        for (const auto &[spelling, found] : {std::pair{left, leftId}, std::pair{right, rightId},
                                              std::pair{left + right, resultId}})
            if (!found)
                throwTokenizerFileError(
                    mergesTxt, where + QStringLiteral(": \"%1\" is not in %2")
                                           .arg(inputText(QString::fromStdString(spelling)),
                                                vocabJson.section(QLatin1Char('/'), -1)));
        // A pair listed twice takes its later rank, as in the reference.
        tables->merges.add(*leftId, *rightId, *resultId);
        ++rank;
    }
    if (rank == 0)
        throwTokenizerFileError(mergesTxt, QStringLiteral("holds no merges"));
    return Gpt2Tokenizer(std::move(tables));
}

TokenizedText Gpt2Tokenizer::encode(const QString &text, std::optional<bool> bos) const
{
    TokenizedText result;
    if (m_tables->bart)
        result.ids.push_back(m_tables->begin);
    else if (bos.value_or(false))
        result.ids.push_back(m_tables->endOfText);

    const QString clean = withoutLoneSurrogates(text);

    SpecialTokenScanner scanner(clean, m_tables->specials);
    qsizetype start = 0;
    while (start <= clean.size()) {
        const SpecialTokenScanner::Match special = scanner.next(start);
        const qsizetype end = special.at < 0 ? clean.size() : special.at;
        auto matches = m_tables->pieces.globalMatch(clean.mid(start, end - start));
        while (matches.hasNext()) {
            const QByteArray piece = matches.next().capturedView().toUtf8();
            m_tables->appendPiece(piece.toStdString(), result.ids);
        }
        if (special.at < 0)
            break;
        result.ids.push_back(special.id);
        start = end + special.length;
    }

    if (m_tables->bart)
        result.ids.push_back(m_tables->endOfText);
    result.tokens.reserve(result.ids.size());
    for (const int id : result.ids)
        result.tokens.push_back(m_tables->vocabulary.tokenOf(id));
    return result;
}

std::string Gpt2Tokenizer::decode(const std::vector<int> &ids) const
{
    std::string text;
    for (const int id : ids)
        text += ByteLevelAlphabet::bytes(QString::fromStdString(token(id))).toStdString();
    return text;
}

Tokenizer::SpecialIds Gpt2Tokenizer::specialIds() const
{
    SpecialIds ids;
    ids.bos = m_tables->bart ? m_tables->begin : m_tables->endOfText;
    ids.eos = m_tables->endOfText;
    ids.pad = m_tables->pad;
    ids.mask = m_tables->mask;
    return ids;
}

int Gpt2Tokenizer::endOfTextId() const
{
    return m_tables->endOfText;
}

} // namespace AttentionLab
