// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/wordpiecetokenizer.h"

#include "io/readerror.h"
#include "io/specialtokenscanner.h"
#include "io/textlines.h"
#include "io/tokenizerfile.h"
#include "io/tokenvocabulary.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

namespace AttentionLab {

namespace {

constexpr qint64 kMaxVocabularyBytes = 64 * 1024 * 1024;
constexpr qint64 kMaxConfigBytes = 16 * 1024 * 1024;
/// A longer word is [UNK] without a search: Hugging Face's limit (Google's code has 200).
constexpr std::size_t kMaxWordChars = 100;

/// Tab, newline and carriage return are control characters that count as whitespace.
bool isWhitespace(char32_t c)
{
    return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' ||
           QChar::category(c) == QChar::Separator_Space;
}

/**
 * Every "C" category (Cc, Cf, Cs, Co, Cn), as Hugging Face's _is_control and
 * its Rust normalizer do; Google's original drops only Cc and Cf, and so keeps
 * private-use and unassigned characters, which then become [UNK].
 */
bool isControl(char32_t c)
{
    if (c == U'\t' || c == U'\n' || c == U'\r')
        return false;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
        return true;
    default:
        return false;
    }
}

/// What Python's str.split() splits on (str.isspace), for whitespace_tokenize.
bool isSplitSpace(char32_t c)
{
    return (c >= 0x9 && c <= 0xD) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0x2028 ||
           c == 0x2029 || QChar::category(c) == QChar::Separator_Space;
}

bool isCjk(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
           (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

/// ASCII 33-47, 58-64, 91-96, 123-126 (so "$", "^", "`" too) and every Unicode P category.
bool isPunctuation(char32_t c)
{
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
        (c >= 123 && c <= 126))
        return true;
    switch (QChar::category(c)) {
    case QChar::Punctuation_Connector:
    case QChar::Punctuation_Dash:
    case QChar::Punctuation_Open:
    case QChar::Punctuation_Close:
    case QChar::Punctuation_InitialQuote:
    case QChar::Punctuation_FinalQuote:
    case QChar::Punctuation_Other:
        return true;
    default:
        return false;
    }
}

/// Python's "cased" (Lu, Ll, Lt), for the final sigma.
bool isCased(char32_t c)
{
    const QChar::Category category = QChar::category(c);
    return category == QChar::Letter_Uppercase || category == QChar::Letter_Lowercase ||
           category == QChar::Letter_Titlecase;
}

/// Python's "case-ignorable": Mn, Me, Cf, Lm, Sk and the word-internal
/// apostrophes, colons and full stops of Unicode's word-break rules.
bool isCaseIgnorable(char32_t c)
{
    switch (QChar::category(c)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_Enclosing:
    case QChar::Other_Format:
    case QChar::Letter_Modifier:
    case QChar::Symbol_Modifier:
        return true;
    default:
        break;
    }
    static constexpr std::array<char32_t, 17> wordInternal = {
        U'\'',  U'.',   U':',   0xB7,   0x387,  0x55F,  0x5F4,  0x2018, 0x2019,
        0x2024, 0x2027, 0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A};
    return std::find(wordInternal.begin(), wordInternal.end(), c) != wordInternal.end();
}

/**
 * Python's str.lower() of one whitespace-separated word: full case mappings
 * (QString::toLower: "İ" becomes "i̇"), and a capital sigma at the end of a
 * word becomes "ς", which Qt does not do.
 */
std::u32string lowerWord(const std::u32string &word)
{
    if (word.find(char32_t(0x3A3)) == std::u32string::npos) {
        const QList<uint> lower =
            QString::fromUcs4(word.data(), qsizetype(word.size())).toLower().toUcs4();
        return std::u32string(lower.begin(), lower.end());
    }
    std::u32string lowered;
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (word[i] == 0x3A3) {
            std::size_t before = i;
            while (before > 0 && isCaseIgnorable(word[before - 1]))
                --before;
            bool final = before > 0 && isCased(word[before - 1]);
            std::size_t after = i + 1;
            while (after < word.size() && isCaseIgnorable(word[after]))
                ++after;
            if (after < word.size() && isCased(word[after]))
                final = false;
            lowered.push_back(final ? 0x3C2 : 0x3C3);
            continue;
        }
        const QList<uint> mapped = QString::fromUcs4(&word[i], 1).toLower().toUcs4();
        lowered.append(mapped.begin(), mapped.end());
    }
    return lowered;
}

/// NFD, then without the non-spacing marks: "café" is "cafe".
std::u32string stripAccents(const std::u32string &word)
{
    const QString text = QString::fromUcs4(word.data(), qsizetype(word.size()));
    std::u32string stripped;
    for (const uint c : text.normalized(QString::NormalizationForm_D).toUcs4())
        if (QChar::category(char32_t(c)) != QChar::Mark_NonSpacing)
            stripped.push_back(char32_t(c));
    return stripped;
}

std::string utf8(const std::u32string &text)
{
    return QString::fromUcs4(text.data(), qsizetype(text.size())).toStdString();
}

} // namespace

struct WordPieceTokenizer::Tables
{
    TokenVocabulary vocabulary;
    bool lowerCase = true;
    int cls = 0, sep = 0, unknown = 0, mask = 0;
    std::optional<int> pad;
    /// The special tokens that written in the text are kept whole, with their ids.
    std::vector<std::pair<QString, int>> specials;

    void appendWordPieces(const std::u32string &word, std::vector<int> &out) const;
};

/**
 * Greedy longest match first: the longest prefix in the vocabulary, then the
 * longest "##" continuation from where it ended, and so on; a word with a
 * remainder that nothing matches, or over kMaxWordChars characters, is [UNK].
 */
void WordPieceTokenizer::Tables::appendWordPieces(const std::u32string &word,
                                                  std::vector<int> &out) const
{
    if (word.size() > kMaxWordChars) {
        out.push_back(unknown);
        return;
    }
    std::vector<int> pieces;
    std::size_t start = 0;
    while (start < word.size()) {
        int found = -1;
        std::size_t end = word.size();
        for (; end > start; --end) {
            std::string candidate = utf8(word.substr(start, end - start));
            if (start > 0)
                candidate.insert(0, "##");
            if (const std::optional<int> hit = vocabulary.id(candidate)) {
                found = *hit;
                break;
            }
        }
        if (found < 0) {
            out.push_back(unknown);
            return;
        }
        pieces.push_back(found);
        start = end;
    }
    out.insert(out.end(), pieces.begin(), pieces.end());
}

WordPieceTokenizer::WordPieceTokenizer(std::shared_ptr<const Tables> tables)
    : Tokenizer(std::shared_ptr<const TokenVocabulary>(tables, &tables->vocabulary)),
      m_tables(std::move(tables))
{
}

WordPieceTokenizer WordPieceTokenizer::fromFiles(const QString &vocabTxt,
                                                 const QString &tokenizerConfigJson)
{
    auto tables = std::make_shared<Tables>();

    const QByteArray bytes = readTokenizerFile(vocabTxt, kMaxVocabularyBytes);
    const QList<QByteArray> lines = textLines(bytes);
    if (lines.isEmpty())
        throwTokenizerFileError(vocabTxt, QStringLiteral("holds no tokens"));
    for (qsizetype index = 0; index < lines.size(); ++index) {
        const QByteArray &line = lines[index];
        auto decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString token = decoder(line);
        if (decoder.hasError())
            throwTokenizerFileError(vocabTxt,
                                    QStringLiteral("line %1 is not UTF-8 text").arg(index + 1));
        // A token listed twice takes its later line, as in Hugging Face's load_vocab.
        tables->vocabulary.set(int(index), token.toStdString());
    }
    for (const auto &[name, slot] :
         {std::pair{"[CLS]", &tables->cls}, std::pair{"[SEP]", &tables->sep},
          std::pair{"[UNK]", &tables->unknown}, std::pair{"[MASK]", &tables->mask}}) {
        const std::optional<int> found = tables->vocabulary.id(name);
        if (!found)
            throwTokenizerFileError(vocabTxt, QStringLiteral("has no %1 token; a BERT vocabulary "
                                                             "has [CLS], [SEP], [UNK] and [MASK]")
                                                  .arg(QLatin1String(name)));
        *slot = *found;
    }
    for (const char *name : {"[MASK]", "[CLS]", "[SEP]", "[PAD]", "[UNK]"})
        if (const std::optional<int> found = tables->vocabulary.id(name))
            tables->specials.emplace_back(QLatin1String(name), *found);
    tables->pad = tables->vocabulary.id("[PAD]");

    if (!tokenizerConfigJson.isEmpty() && QFileInfo::exists(tokenizerConfigJson)) {
        const QByteArray config = readTokenizerFile(tokenizerConfigJson, kMaxConfigBytes);
        const QJsonDocument document = parseTokenizerJson(tokenizerConfigJson, config);
        if (!document.isObject())
            throwTokenizerFileError(tokenizerConfigJson, QStringLiteral("is not a JSON object"));
        const QJsonValue lower = document.object().value(QStringLiteral("do_lower_case"));
        if (!lower.isUndefined() && !lower.isBool())
            throwTokenizerFileError(
                tokenizerConfigJson,
                QStringLiteral("has a do_lower_case that is not true or false"));
        tables->lowerCase = lower.toBool(true);
    }
    return WordPieceTokenizer(std::move(tables));
}

/// The basic tokenizer, then WordPiece, on text with no special token in it.
void WordPieceTokenizer::appendText(const QString &text, std::vector<int> &ids) const
{
    // Clean: no NUL, U+FFFD or control characters; every whitespace a space;
    // spaces around CJK ideographs. (A lone surrogate is U+FFFD here.)
    std::u32string cleaned;
    for (const uint code : text.toUcs4()) {
        const char32_t c = char32_t(code);
        if (c == 0 || c == 0xFFFD || isControl(c))
            continue;
        if (isWhitespace(c)) {
            cleaned.push_back(U' ');
        } else if (isCjk(c)) {
            cleaned.push_back(U' ');
            cleaned.push_back(c);
            cleaned.push_back(U' ');
        } else {
            cleaned.push_back(c);
        }
    }

    std::size_t start = 0;
    while (start < cleaned.size()) {
        if (isSplitSpace(cleaned[start])) {
            ++start;
            continue;
        }
        std::size_t end = start;
        while (end < cleaned.size() && !isSplitSpace(cleaned[end]))
            ++end;
        std::u32string word = cleaned.substr(start, end - start);
        start = end;
        if (m_tables->lowerCase)
            word = stripAccents(lowerWord(word));
        // Every punctuation character a word of its own.
        std::u32string run;
        for (const char32_t c : word) {
            if (!isPunctuation(c)) {
                run.push_back(c);
                continue;
            }
            if (!run.empty())
                m_tables->appendWordPieces(run, ids);
            run.clear();
            m_tables->appendWordPieces(std::u32string(1, c), ids);
        }
        if (!run.empty())
            m_tables->appendWordPieces(run, ids);
    }
}

TokenizedText WordPieceTokenizer::encode(const QString &text,
                                         const std::optional<QString> &pair) const
{
    TokenizedText result;
    auto appendPart = [&](const QString &part, int type) {
        SpecialTokenScanner scanner(part, m_tables->specials);
        qsizetype start = 0;
        while (start < part.size()) {
            // The earliest special token; none is a prefix of another.
            const SpecialTokenScanner::Match special = scanner.next(start);
            const qsizetype at = special.at < 0 ? part.size() : special.at;
            appendText(part.mid(start, at - start), result.ids);
            if (special.at < 0)
                break;
            result.ids.push_back(special.id);
            start = at + special.length;
        }
        result.ids.push_back(m_tables->sep);
        result.tokenTypes.resize(result.ids.size(), type);
    };
    result.ids.push_back(m_tables->cls);
    appendPart(text, 0);
    if (pair)
        appendPart(*pair, 1);
    result.tokens.reserve(result.ids.size());
    for (const int id : result.ids)
        result.tokens.push_back(m_tables->vocabulary.tokenOf(id));
    return result;
}

TokenizedText WordPieceTokenizer::encode(const QString &text, std::optional<bool>) const
{
    return encode(text, std::optional<QString>());
}

bool WordPieceTokenizer::readsPairs() const
{
    return true;
}

TokenizedText WordPieceTokenizer::encodePair(const QString &text, const QString &pair) const
{
    return encode(text, std::optional<QString>(pair));
}

bool WordPieceTokenizer::choosesBos() const
{
    return false;
}

std::string WordPieceTokenizer::decode(const std::vector<int> &ids) const
{
    std::string text;
    for (const int id : ids) {
        if (!text.empty())
            text.push_back(' ');
        text.append(spelling(id));
    }
    return text;
}

Tokenizer::SpecialIds WordPieceTokenizer::specialIds() const
{
    SpecialIds ids;
    ids.pad = m_tables->pad;
    ids.mask = m_tables->mask;
    return ids;
}

int WordPieceTokenizer::maskId() const
{
    return m_tables->mask;
}

bool WordPieceTokenizer::lowerCase() const
{
    return m_tables->lowerCase;
}

} // namespace AttentionLab
