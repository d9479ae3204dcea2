// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/gpt2tokenizer.h"

#include "io/bpemerges.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/specialtokenscanner.h"
#include "io/textlines.h"
#include "io/tokenizerfile.h"
#include "io/tokenvocabulary.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

namespace {

constexpr qint64 kMaxVocabularyBytes = 64 * 1024 * 1024;
constexpr qint64 kMaxMergesBytes = 64 * 1024 * 1024;
/// Pieces kept in the cache before it starts afresh, so that a long session of
/// typing cannot grow it without bound.
constexpr std::size_t kMaxCachedPieces = 100000;
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

/**
 * GPT-2's byte-to-unicode table: bytes 33-126, 161-172 and 174-255 stand for
 * themselves, the other 68 bytes for U+0100, U+0101, ... in increasing order,
 * so that every byte is a printable character (a space is "Ġ", U+0120).
 */
std::array<char32_t, 256> byteToUnicode()
{
    std::array<char32_t, 256> table{};
    char32_t next = 0x100;
    for (int byte = 0; byte < 256; ++byte) {
        const bool printable = (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) ||
                               (byte >= 174 && byte <= 255);
        table[byte] = printable ? char32_t(byte) : next++;
    }
    return table;
}

} // namespace

struct Gpt2Tokenizer::Tables
{
    TokenVocabulary vocabulary;
    std::array<int, 256> byteIds{};
    BpeMerges merges;
    int endOfText = 0;
    /// Matched from several threads at once, which QRegularExpression allows.
    QRegularExpression pieces = pieceExpression();

    std::mutex cacheMutex;
    std::unordered_map<std::string, std::vector<int>> cache;

    void appendPiece(const std::string &bytes, std::vector<int> &out);
};

void Gpt2Tokenizer::Tables::appendPiece(const std::string &bytes, std::vector<int> &out)
{
    if (bytes.size() == 1) {
        out.push_back(byteIds[static_cast<unsigned char>(bytes[0])]);
        return;
    }
    {
        const std::lock_guard lock(cacheMutex);
        if (const auto hit = cache.find(bytes); hit != cache.end()) {
            out.insert(out.end(), hit->second.begin(), hit->second.end());
            return;
        }
    }
    std::vector<int> symbols(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i)
        symbols[i] = byteIds[static_cast<unsigned char>(bytes[i])];
    std::vector<int> encoded = merges.apply(symbols);
    out.insert(out.end(), encoded.begin(), encoded.end());
    const std::lock_guard lock(cacheMutex);
    if (cache.size() >= kMaxCachedPieces)
        cache.clear();
    cache.emplace(bytes, std::move(encoded));
}

Gpt2Tokenizer::Gpt2Tokenizer(std::shared_ptr<Tables> tables) : m_tables(std::move(tables)) {}

Gpt2Tokenizer Gpt2Tokenizer::fromFiles(const QString &vocabJson, const QString &mergesTxt)
{
    auto tables = std::make_shared<Tables>();

    const QByteArray vocabBytes = readTokenizerFile(vocabJson, kMaxVocabularyBytes);
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(vocabBytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throwTokenizerFileError(vocabJson, QStringLiteral("is not JSON: %1 at byte %2")
                                               .arg(parseError.errorString())
                                               .arg(parseError.offset));
    if (!document.isObject() || document.object().isEmpty())
        throwTokenizerFileError(vocabJson, QStringLiteral("is not a JSON object of token to id"));
    const QJsonObject vocabulary = document.object();
    // Ids are dense in every GPT-2 vocabulary; a gap is allowed (its token is
    // empty), an id far beyond the number of entries is not.
    const qint64 maxId = qint64(vocabulary.size()) * 2 + 1024;
    for (auto entry = vocabulary.begin(); entry != vocabulary.end(); ++entry) {
        const double value = entry.value().toDouble(-1.0);
        if (!entry.value().isDouble() || value < 0 || value > double(maxId) ||
            value != double(qint64(value)))
            throwTokenizerFileError(
                vocabJson,
                QStringLiteral("is not a JSON object of token to id: \"%1\" has %2")
                    .arg(inputText(entry.key()), entry.value().isDouble()
                                                     ? QStringLiteral("id %1").arg(value)
                                                     : QStringLiteral("no whole-number id")));
        const int id = int(value);
        if (entry.key().isEmpty())
            throwTokenizerFileError(vocabJson,
                                    QStringLiteral("has an empty token (id %1)").arg(id));
        if (tables->vocabulary.hasToken(id))
            throwTokenizerFileError(vocabJson, QStringLiteral("gives id %1 to two tokens").arg(id));
        tables->vocabulary.set(id, entry.key().toStdString());
    }

    const std::array<char32_t, 256> unicode = byteToUnicode();
    for (int byte = 0; byte < 256; ++byte) {
        const std::string spelling = QString::fromUcs4(&unicode[byte], 1).toStdString();
        const std::optional<int> found = tables->vocabulary.id(spelling);
        if (!found)
            throwTokenizerFileError(
                vocabJson, QStringLiteral("has no token for byte %1 (\"%2\"), which byte-level "
                                          "BPE needs")
                               .arg(byte)
                               .arg(inputText(QString::fromStdString(spelling))));
        tables->byteIds[byte] = *found;
    }
    const std::optional<int> endOfText = tables->vocabulary.id(kEndOfText.toStdString());
    if (!endOfText)
        throwTokenizerFileError(vocabJson, QStringLiteral("has no <|endoftext|> token"));
    tables->endOfText = *endOfText;

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

TokenizedText Gpt2Tokenizer::encode(const QString &text, bool bos) const
{
    TokenizedText result;
    if (bos)
        result.ids.push_back(m_tables->endOfText);

    // A lone surrogate is what QString::fromUtf8 would make of it: U+FFFD.
    QString clean = text;
    for (qsizetype i = 0; i < clean.size(); ++i) {
        if (clean[i].isHighSurrogate() && i + 1 < clean.size() && clean[i + 1].isLowSurrogate())
            ++i;
        else if (clean[i].isSurrogate())
            clean[i] = QChar(QChar::ReplacementCharacter);
    }

    const std::vector<std::pair<QString, int>> specials{{kEndOfText, m_tables->endOfText}};
    SpecialTokenScanner scanner(clean, specials);
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

    result.tokens.reserve(result.ids.size());
    for (const int id : result.ids)
        result.tokens.push_back(m_tables->vocabulary.tokenOf(id));
    return result;
}

std::string Gpt2Tokenizer::token(int id) const
{
    return m_tables->vocabulary.token(id);
}

std::optional<int> Gpt2Tokenizer::id(const std::string &token) const
{
    return m_tables->vocabulary.id(token);
}

int Gpt2Tokenizer::vocabularySize() const
{
    return m_tables->vocabulary.size();
}

int Gpt2Tokenizer::endOfTextId() const
{
    return m_tables->endOfText;
}

} // namespace AttentionLab
