// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/hubtokenizer.h"

#include "io/addedtokens.h"
#include "io/bpemerges.h"
#include "io/encodedpiececache.h"
#include "io/inputtextqt.h"
#include "io/pretokenizer.h"
#include "io/readerror.h"
#include "io/tokenizerdecoder.h"
#include "io/tokenizerfile.h"
#include "io/tokenizernormalizer.h"
#include "io/tokenvocabulary.h"
#include "io/unigrammodel.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <utility>

namespace AttentionLab {

namespace {

constexpr qint64 kMaxTokenizerBytes = 256 * 1024 * 1024;
constexpr qint64 kMaxConfigBytes = 16 * 1024 * 1024;
/// Longer pieces are not kept in the cache (a SentencePiece-style file makes a
/// whole line one piece).
constexpr qsizetype kMaxCachedPieceLength = 256;

QJsonObject readJsonObject(const QString &path, qint64 maxBytes)
{
    QByteArray bytes = readTokenizerFile(path, maxBytes);
    // Qt's JSON reader drops a byte order mark that starts a string, as
    // QString::fromUtf8 does; vocabularies hold U+FEFF as a token. Inside a
    // string the escape means the same, and a byte order mark cannot stand
    // anywhere else in JSON but at the start.
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    bytes.replace("\xEF\xBB\xBF", "\\ufeff");
    const QJsonDocument document = parseTokenizerJson(path, bytes);
    if (!document.isObject())
        throwTokenizerFileError(path, QStringLiteral("is not a JSON object"));
    return document.object();
}

/// A token named in tokenizer_config.json: "<s>" or {"content": "<s>", ...}.
QString configToken(const QJsonValue &value)
{
    if (value.isObject())
        return value.toObject().value(QStringLiteral("content")).toString();
    return value.toString();
}

} // namespace

struct HubTokenizer::Tables
{
    TokenVocabulary vocabulary;
    std::vector<char> inModel; // by id: in the model's vocab, not only an added token
    /// Tokens of one code point, for splitting a piece into its first symbols.
    QHash<char32_t, int> characterIds;
    std::array<int, 256> fallbackIds{}; // "<0x41>"; -1 where the vocabulary has none
    BpeMerges merges;
    std::optional<UnigramModel> unigram; // a Unigram model instead of BPE
    std::optional<int> unk;
    bool byteFallback = false;
    bool fuseUnk = false;
    bool ignoreMerges = false;

    TokenizerNormalizer normalizer;
    PreTokenizer preTokenizer;
    TokenizerDecoder decoder;
    std::unique_ptr<AddedTokens> rawAdded;        // normalized: false, found in the text as typed
    std::unique_ptr<AddedTokens> normalizedAdded; // normalized: true, found after the normalizer

    std::vector<int> prefix, suffix; // the post-processor's tokens around the text
    std::optional<int> bos, eos, pad;
    std::optional<bool> configAddsBos;

    EncodedPieceCache cache;

    void readModel(const QJsonObject &model);
    void readPostProcessor(const QJsonValue &value);
    void appendWord(const QString &word, std::vector<int> &out);
    std::vector<int> encodeWord(const QString &word) const;
    void appendText(const QString &text, bool atStart, std::vector<int> &out);
};

void HubTokenizer::Tables::readModel(const QJsonObject &model)
{
    const QString type = model.value(QStringLiteral("type")).toString();
    if (type == QStringLiteral("Unigram")) {
        unigram = UnigramModel::fromJson(model, vocabulary);
        inModel.assign(std::size_t(unigram->size()), 1);
        return;
    }
    if (type != QStringLiteral("BPE"))
        throwReadError(
            QStringLiteral("model \"%1\" is not supported (BPE and Unigram are; WordPiece is "
                           "read from vocab.txt)")
                .arg(inputText(type.isEmpty() ? QStringLiteral("(no type)") : type)));
    for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (!model.value(QLatin1String(key)).toString().isEmpty())
            throwReadError(QStringLiteral("BPE's %1 is not supported").arg(QLatin1String(key)));
    if (!model.value(QStringLiteral("dropout")).isNull() &&
        !model.value(QStringLiteral("dropout")).isUndefined() &&
        model.value(QStringLiteral("dropout")).toDouble() != 0.0)
        throwReadError(QStringLiteral("BPE's dropout is not supported (it makes ids random)"));

    const QJsonObject vocabulary = model.value(QStringLiteral("vocab")).toObject();
    if (vocabulary.isEmpty())
        throwReadError(QStringLiteral("model has no \"vocab\" object of token to id"));
    this->vocabulary.reserve(std::size_t(vocabulary.size()));
    for (auto entry = vocabulary.begin(); entry != vocabulary.end(); ++entry) {
        const std::optional<int> found = vocabularyId(entry.value(), vocabulary.size());
        if (!found)
            throwReadError(QStringLiteral("model's vocab gives \"%1\" no whole-number id")
                               .arg(inputText(entry.key())));
        const int id = *found;
        this->vocabulary.set(id, entry.key().toStdString());
        if (std::size_t(id) >= inModel.size())
            inModel.resize(std::size_t(id) + 1);
        inModel[std::size_t(id)] = 1;
        const QString &key = entry.key();
        if (key.size() == 1 || (key.size() == 2 && key[0].isHighSurrogate()))
            characterIds.insert(key.toUcs4().value(0), id);
    }

    const QJsonArray merges = model.value(QStringLiteral("merges")).toArray();
    this->merges.reserve(std::size_t(merges.size()));
    for (qsizetype rank = 0; rank < merges.size(); ++rank) {
        const QJsonValue merge = merges[rank];
        QString left, right;
        if (merge.isString()) {
            // Older files: "a b" (Hugging Face refuses anything but two parts).
            const QStringList parts = merge.toString().split(u' ');
            if (parts.size() != 2)
                throwReadError(QStringLiteral("merge %1 (\"%2\") is not two tokens")
                                   .arg(rank + 1)
                                   .arg(inputText(merge.toString())));
            left = parts[0];
            right = parts[1];
        } else if (merge.isArray() && merge.toArray().size() == 2 &&
                   merge.toArray()[0].isString() && merge.toArray()[1].isString()) {
            // Since tokenizers 0.20: ["a", "b"].
            left = merge.toArray()[0].toString();
            right = merge.toArray()[1].toString();
        } else {
            throwReadError(
                QStringLiteral("merge %1 is neither \"a b\" nor [\"a\", \"b\"]").arg(rank + 1));
        }
        int found[3] = {};
        const QString spellings[3] = {left, right, left + right};
        for (int k = 0; k < 3; ++k) {
            const std::optional<int> it = this->vocabulary.id(spellings[k].toStdString());
            if (!it)
                throwReadError(
                    QStringLiteral("merge %1 (\"%2\" \"%3\") names \"%4\", which is "
                                   "not in the vocabulary")
                        .arg(rank + 1)
                        .arg(inputText(left), inputText(right), inputText(spellings[k])));
            found[k] = *it;
        }
        this->merges.add(found[0], found[1], found[2]);
    }

    const QJsonValue unkToken = model.value(QStringLiteral("unk_token"));
    if (unkToken.isString()) {
        unk = this->vocabulary.id(unkToken.toString().toStdString());
        if (!unk)
            throwReadError(QStringLiteral("model's unk_token \"%1\" is not in the vocabulary")
                               .arg(inputText(unkToken.toString())));
    }
    byteFallback = model.value(QStringLiteral("byte_fallback")).toBool();
    fuseUnk = model.value(QStringLiteral("fuse_unk")).toBool();
    ignoreMerges = model.value(QStringLiteral("ignore_merges")).toBool();
    for (int byte = 0; byte < 256; ++byte) {
        fallbackIds[std::size_t(byte)] =
            this->vocabulary.id(QString::asprintf("<0x%02X>", byte).toStdString()).value_or(-1);
    }
}

void HubTokenizer::Tables::readPostProcessor(const QJsonValue &value)
{
    if (value.isNull() || value.isUndefined())
        return;
    const QJsonObject object = value.toObject();
    const QString type = object.value(QStringLiteral("type")).toString();
    auto named = [&](const QJsonValue &pair, const char *what) {
        // RobertaProcessing's and BertProcessing's ["</s>", 2].
        const QJsonArray array = pair.toArray();
        if (array.size() != 2 || !array[1].isDouble())
            throwReadError(
                QStringLiteral("%1's %2 is not [token, id]").arg(type, QLatin1String(what)));
        return array[1].toInt();
    };
    if (type == QStringLiteral("Sequence")) {
        for (const QJsonValue &inner : object.value(QStringLiteral("processors")).toArray())
            readPostProcessor(inner);
    } else if (type == QStringLiteral("ByteLevel")) {
        // Offsets only; no tokens.
    } else if (type == QStringLiteral("TemplateProcessing")) {
        const QJsonObject specials = object.value(QStringLiteral("special_tokens")).toObject();
        bool inText = false;
        for (const QJsonValue &item : object.value(QStringLiteral("single")).toArray()) {
            const QJsonObject piece = item.toObject();
            if (piece.contains(QStringLiteral("Sequence"))) {
                inText = true;
                continue;
            }
            const QString name = piece.value(QStringLiteral("SpecialToken"))
                                     .toObject()
                                     .value(QStringLiteral("id"))
                                     .toString();
            const QJsonValue special = specials.value(name);
            if (!special.isObject())
                throwReadError(QStringLiteral("TemplateProcessing names \"%1\", which is not in "
                                              "its special_tokens")
                                   .arg(inputText(name)));
            for (const QJsonValue &id : special.toObject().value(QStringLiteral("ids")).toArray())
                (inText ? suffix : prefix).push_back(id.toInt());
        }
    } else if (type == QStringLiteral("RobertaProcessing") ||
               type == QStringLiteral("BertProcessing")) {
        prefix.push_back(named(object.value(QStringLiteral("cls")), "cls"));
        suffix.insert(suffix.begin(), named(object.value(QStringLiteral("sep")), "sep"));
    } else {
        throwReadError(QStringLiteral("post_processor \"%1\" is not supported "
                                      "(TemplateProcessing, ByteLevel, RobertaProcessing, "
                                      "BertProcessing and Sequence are)")
                           .arg(inputText(type)));
    }
}

/**
 * A Unigram model's Viterbi path (UnigramModel), or Hugging Face's
 * BPE::merge_word: each character is its token, or with
 * byte_fallback its UTF-8 bytes as "<0xNN>" tokens, or the unknown token (one
 * for a run of them with fuse_unk; none at all without an unk_token); then the
 * merges. With ignore_merges a piece that is itself a token is taken whole.
 */
std::vector<int> HubTokenizer::Tables::encodeWord(const QString &word) const
{
    if (unigram)
        return unigram->encode(word.toStdString());
    std::vector<int> symbols;
    if (ignoreMerges)
        if (const std::optional<int> whole = vocabulary.id(word.toStdString());
            whole && std::size_t(*whole) < inModel.size() && inModel[std::size_t(*whole)])
            return {*whole};
    symbols.reserve(std::size_t(word.size()));
    // As in Hugging Face: an unknown character waits until the next character
    // in the vocabulary (or the end) to be written, so byte-fallback tokens
    // between may come before it, and with fuse_unk it joins a later one.
    std::optional<int> pendingUnknown;
    for (qsizetype i = 0; i < word.size(); ++i) {
        char32_t c = word[i].unicode();
        qsizetype length = 1;
        if (word[i].isHighSurrogate() && i + 1 < word.size() && word[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(word[i], word[i + 1]);
            length = 2;
        }
        i += length - 1;
        if (const auto known = characterIds.constFind(c); known != characterIds.cend()) {
            if (pendingUnknown)
                symbols.push_back(*std::exchange(pendingUnknown, std::nullopt));
            symbols.push_back(*known);
            continue;
        }
        if (byteFallback) {
            const QByteArray bytes = QStringView(word).mid(i + 1 - length, length).toUtf8();
            if (std::all_of(bytes.begin(), bytes.end(), [&](char b) {
                    return fallbackIds[static_cast<unsigned char>(b)] >= 0;
                })) {
                for (const char b : bytes)
                    symbols.push_back(fallbackIds[static_cast<unsigned char>(b)]);
                continue;
            }
        }
        if (unk) {
            if (pendingUnknown && !fuseUnk)
                symbols.push_back(*pendingUnknown);
            pendingUnknown = unk;
        }
    }
    if (pendingUnknown)
        symbols.push_back(*pendingUnknown);
    return merges.apply(symbols);
}

void HubTokenizer::Tables::appendWord(const QString &word, std::vector<int> &out)
{
    const bool cached = word.size() <= kMaxCachedPieceLength;
    std::string key;
    if (cached) {
        key = word.toStdString();
        if (cache.append(key, out))
            return;
    }
    std::vector<int> encoded = encodeWord(word);
    out.insert(out.end(), encoded.begin(), encoded.end());
    if (cached)
        cache.store(std::move(key), std::move(encoded));
}

/// Text between the tokens added as typed: normalized, cut at the normalized
/// added tokens, pre-tokenized and encoded.
void HubTokenizer::Tables::appendText(const QString &text, bool atStart, std::vector<int> &out)
{
    const QString normalized = normalizer.apply(text);
    for (const AddedTokens::Segment &segment : normalizedAdded->split(normalized)) {
        if (segment.id >= 0) {
            out.push_back(segment.id);
            continue;
        }
        const QString part = normalized.mid(segment.start, segment.end - segment.start);
        for (const QString &piece : preTokenizer.split(part, atStart && segment.start == 0))
            appendWord(piece, out);
    }
}

HubTokenizer::HubTokenizer(std::shared_ptr<Tables> tables)
    : Tokenizer(std::shared_ptr<const TokenVocabulary>(tables, &tables->vocabulary)),
      m_tables(std::move(tables)), m_prefix(m_tables, &m_tables->prefix),
      m_suffix(m_tables, &m_tables->suffix)
{
}

HubTokenizer HubTokenizer::withTemplate(std::vector<int> prefix, std::vector<int> suffix) const
{
    HubTokenizer copy = *this;
    copy.m_prefix = std::make_shared<const std::vector<int>>(std::move(prefix));
    copy.m_suffix = std::make_shared<const std::vector<int>>(std::move(suffix));
    return copy;
}

HubTokenizer HubTokenizer::fromFolder(const QString &folder)
{
    const QDir dir(folder);
    const QString config = dir.filePath(QStringLiteral("tokenizer_config.json"));
    return fromFiles(dir.filePath(QStringLiteral("tokenizer.json")),
                     QFileInfo::exists(config) ? config : QString());
}

HubTokenizer HubTokenizer::fromFiles(const QString &tokenizerJson,
                                     const QString &tokenizerConfigJson)
{
    auto tables = std::make_shared<Tables>();
    const QJsonObject root = readJsonObject(tokenizerJson, kMaxTokenizerBytes);
    try {
        tables->readModel(root.value(QStringLiteral("model")).toObject());
        tables->normalizer =
            TokenizerNormalizer::fromJson(root.value(QStringLiteral("normalizer")));
        tables->preTokenizer = PreTokenizer::fromJson(root.value(QStringLiteral("pre_tokenizer")));
        tables->decoder = TokenizerDecoder::fromJson(root.value(QStringLiteral("decoder")));
        tables->readPostProcessor(root.value(QStringLiteral("post_processor")));

        std::vector<AddedTokens::Token> raw, normalized;
        for (const QJsonValue &value : root.value(QStringLiteral("added_tokens")).toArray()) {
            const QJsonObject object = value.toObject();
            const QString content = object.value(QStringLiteral("content")).toString();
            const QJsonValue id = object.value(QStringLiteral("id"));
            if (content.isEmpty() || !id.isDouble() || id.toInt(-1) < 0)
                throwReadError(QStringLiteral("added_tokens has an entry without content or id"));
            // Added ids follow the vocabulary's; one far beyond would make a
            // table of that size.
            if (id.toInt() > tables->vocabulary.size() + 1000000)
                throwReadError(QStringLiteral("added token \"%1\" has id %2, far beyond the %3 "
                                              "tokens of the vocabulary")
                                   .arg(inputText(content))
                                   .arg(id.toInt())
                                   .arg(tables->vocabulary.size()));
            AddedTokens::Token token{content, id.toInt(),
                                     object.value(QStringLiteral("lstrip")).toBool(),
                                     object.value(QStringLiteral("rstrip")).toBool(),
                                     object.value(QStringLiteral("single_word")).toBool()};
            // Hugging Face's default: special tokens are not normalized, others are.
            const bool special = object.value(QStringLiteral("special")).toBool();
            // A normalized token is spelled as normalized ("Ⅻ" under NFKC is
            // "XII"), as Hugging Face stores it.
            if (object.value(QStringLiteral("normalized")).toBool(!special)) {
                token.content = tables->normalizer.apply(content);
                tables->vocabulary.set(id.toInt(), token.content.toStdString());
                normalized.push_back(std::move(token));
            } else {
                tables->vocabulary.set(id.toInt(), content.toStdString());
                raw.push_back(std::move(token));
            }
        }
        tables->rawAdded = std::make_unique<AddedTokens>(std::move(raw));
        tables->normalizedAdded = std::make_unique<AddedTokens>(std::move(normalized));
        std::vector<int> added = tables->prefix;
        added.insert(added.end(), tables->suffix.begin(), tables->suffix.end());
        for (const int id : added)
            if (!tables->vocabulary.hasToken(id))
                throwReadError(
                    QStringLiteral("post_processor adds id %1, which no token has").arg(id));
        if (!tables->prefix.empty())
            tables->bos = tables->prefix.front();
    } catch (const ReadError &error) {
        throwTokenizerFileError(tokenizerJson, error.message);
    }

    if (!tokenizerConfigJson.isEmpty()) {
        const QJsonObject config = readJsonObject(tokenizerConfigJson, kMaxConfigBytes);
        auto lookUp = [&](const char *key) -> std::optional<int> {
            const QString name = configToken(config.value(QLatin1String(key)));
            if (name.isEmpty())
                return std::nullopt;
            const std::optional<int> it = tables->vocabulary.id(name.toStdString());
            if (!it)
                throwTokenizerFileError(tokenizerConfigJson,
                                        QStringLiteral("%1 \"%2\" is not in %3")
                                            .arg(QLatin1String(key), inputText(name),
                                                 QFileInfo(tokenizerJson).fileName()));
            return it;
        };
        if (const auto bos = lookUp("bos_token"))
            tables->bos = bos;
        tables->eos = lookUp("eos_token");
        // Only named, never added by encode(): a pad_token the file lacks is none.
        const QString pad = configToken(config.value(QStringLiteral("pad_token")));
        if (!pad.isEmpty())
            tables->pad = tables->vocabulary.id(pad.toStdString());
        if (config.value(QStringLiteral("add_bos_token")).isBool())
            tables->configAddsBos = config.value(QStringLiteral("add_bos_token")).toBool();
    }
    return HubTokenizer(std::move(tables));
}

bool HubTokenizer::addsBos() const
{
    const Tables &t = *m_tables;
    if (!t.bos)
        return false;
    return t.configAddsBos.value_or(std::find(m_prefix->begin(), m_prefix->end(), *t.bos) !=
                                    m_prefix->end());
}

TokenizedText HubTokenizer::encode(const QString &text, std::optional<bool> bos) const
{
    Tables &t = *m_tables;
    TokenizedText result;
    const bool wantBos = t.bos && bos.value_or(addsBos());
    for (const int id : *m_prefix)
        if (!(t.bos && id == *t.bos))
            result.ids.push_back(id);
    if (wantBos)
        result.ids.insert(result.ids.begin(), *t.bos);

    const QString clean = withoutLoneSurrogates(text);
    for (const AddedTokens::Segment &segment : t.rawAdded->split(clean)) {
        if (segment.id >= 0)
            result.ids.push_back(segment.id);
        else
            t.appendText(clean.mid(segment.start, segment.end - segment.start), segment.start == 0,
                         result.ids);
    }
    result.ids.insert(result.ids.end(), m_suffix->begin(), m_suffix->end());

    result.tokens.reserve(result.ids.size());
    for (const int id : result.ids)
        result.tokens.push_back(token(id));
    return result;
}

std::string HubTokenizer::decode(const std::vector<int> &ids) const
{
    QString joined;
    for (const QString &label : labels(ids))
        joined += label;
    return joined.toStdString();
}

int HubTokenizer::pieceCount() const
{
    const std::vector<char> &inModel = m_tables->inModel;
    for (size_t id = inModel.size(); id > 0; --id)
        if (inModel[id - 1])
            return int(id);
    return 0;
}

Tokenizer::SpecialIds HubTokenizer::specialIds() const
{
    SpecialIds ids;
    ids.bos = m_tables->bos;
    ids.eos = m_tables->eos;
    ids.pad = m_tables->pad;
    return ids;
}

std::optional<int> HubTokenizer::bosId() const
{
    return m_tables->bos;
}

std::optional<int> HubTokenizer::eosId() const
{
    return m_tables->eos;
}

std::vector<QString> HubTokenizer::labels(const std::vector<int> &ids) const
{
    std::vector<std::string> spellings;
    spellings.reserve(ids.size());
    for (const int id : ids)
        spellings.push_back(token(id));
    return m_tables->decoder.labels(spellings);
}

QString HubTokenizer::label(int id) const
{
    return labels({id}).front();
}

} // namespace AttentionLab
