// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/unigrammodel.h"

#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/tokenvocabulary.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// SentencePiece's kUnkPenalty: an unknown scores this much below the worst piece.
constexpr double kUnknownPenalty = 10.0;

/// Bytes of the UTF-8 character whose first byte is \a lead (1 for a stray
/// continuation byte, which valid text from QString::toUtf8 never has).
std::size_t characterLength(unsigned char lead)
{
    if (lead >= 0xF0)
        return 4;
    if (lead >= 0xE0)
        return 3;
    if (lead >= 0xC0)
        return 2;
    return 1;
}

} // namespace

UnigramModel UnigramModel::fromJson(const QJsonObject &model, TokenVocabulary &vocabulary)
{
    UnigramModel unigram;
    const QJsonArray pieces = model.value(QStringLiteral("vocab")).toArray();
    if (pieces.isEmpty())
        throwReadError(QStringLiteral("Unigram model has no \"vocab\" of [piece, score] pairs"));
    vocabulary.reserve(std::size_t(pieces.size()));
    unigram.m_scores.reserve(std::size_t(pieces.size()));
    unigram.m_ends.push_back(-1);
    double minScore = std::numeric_limits<double>::infinity();
    for (qsizetype id = 0; id < pieces.size(); ++id) {
        const QJsonArray pair = pieces[id].toArray();
        if (pair.size() != 2 || !pair[0].isString() || !pair[1].isDouble() ||
            !std::isfinite(pair[1].toDouble()))
            throwReadError(
                QStringLiteral("Unigram's vocab entry %1 is not [piece, score]").arg(id));
        const std::string piece = pair[0].toString().toStdString();
        if (piece.empty())
            throwReadError(QStringLiteral("Unigram's vocab entry %1 is an empty piece").arg(id));
        const double score = pair[1].toDouble();
        vocabulary.set(int(id), piece);
        unigram.m_scores.push_back(score);
        minScore = std::min(minScore, score);
        int node = 0;
        for (const char byte : piece) {
            const std::uint64_t key = (std::uint64_t(node) << 8) | static_cast<unsigned char>(byte);
            const auto [child, added] = unigram.m_children.try_emplace(key, 0);
            if (added) {
                child->second = int(unigram.m_ends.size());
                unigram.m_ends.push_back(-1);
            }
            node = child->second;
        }
        // A piece given twice is the later id, as Hugging Face's token_to_ids.
        unigram.m_ends[std::size_t(node)] = int(id);
    }
    unigram.m_unknownScore = minScore - kUnknownPenalty;

    const QJsonValue unk = model.value(QStringLiteral("unk_id"));
    if (!unk.isNull() && !unk.isUndefined()) {
        if (!unk.isDouble() || unk.toDouble() != double(unk.toInt()) || unk.toInt() < 0 ||
            unk.toInt() >= pieces.size())
            throwReadError(
                QStringLiteral("Unigram's unk_id is not one of its %1 pieces").arg(pieces.size()));
        unigram.m_unk = unk.toInt();
    }
    unigram.m_byteFallback = model.value(QStringLiteral("byte_fallback")).toBool();
    for (int byte = 0; byte < 256; ++byte)
        unigram.m_byteIds[std::size_t(byte)] =
            vocabulary.id(QString::asprintf("<0x%02X>", byte).toStdString()).value_or(-1);
    return unigram;
}

template <typename Visit>
void UnigramModel::prefixes(std::string_view text, std::size_t from, Visit visit) const
{
    int node = 0;
    for (std::size_t at = from; at < text.size(); ++at) {
        const auto child =
            m_children.find((std::uint64_t(node) << 8) | static_cast<unsigned char>(text[at]));
        if (child == m_children.end())
            return;
        node = child->second;
        if (m_ends[std::size_t(node)] >= 0)
            visit(at + 1, m_ends[std::size_t(node)]);
    }
}

std::optional<int> UnigramModel::find(std::string_view text) const
{
    std::optional<int> found;
    prefixes(text, 0, [&](std::size_t end, int id) {
        if (end == text.size())
            found = id;
    });
    return found;
}

std::vector<int> UnigramModel::encode(std::string_view piece) const
{
    if (piece.empty())
        return {};
    // Hugging Face's encode_optimized: the best path ending at each byte.
    struct Node
    {
        int id = -1;
        double score = 0;
        std::optional<std::size_t> start;
    };
    std::vector<Node> best(piece.size() + 1);
    for (std::size_t start = 0; start < piece.size();) {
        const double here = best[start].score;
        const std::size_t length = std::min(
            characterLength(static_cast<unsigned char>(piece[start])), piece.size() - start);
        bool singleCharacter = false;
        prefixes(piece, start, [&](std::size_t end, int id) {
            Node &target = best[end];
            const double candidate = here + m_scores[std::size_t(id)];
            // Strictly greater: the first path found keeps a tie.
            if (!target.start || candidate > target.score)
                target = {id, candidate, start};
            if (end - start == length)
                singleCharacter = true;
        });
        if (!singleCharacter) {
            if (!m_unk)
                throwReadError(
                    QStringLiteral("the Unigram tokenizer has no unk_id for \"%1\", which no "
                                   "piece spells")
                        .arg(
                            inputText(QString::fromUtf8(piece.data() + start, qsizetype(length)))));
            Node &target = best[start + length];
            const double candidate = here + m_unknownScore;
            if (!target.start || candidate > target.score)
                target = {*m_unk, candidate, start};
        }
        start += length;
    }

    // Back from the end; unknowns next to each other are one.
    struct Span
    {
        std::size_t start, end;
        int id;
    };
    std::vector<Span> spans;
    for (std::size_t end = piece.size(); end > 0;) {
        const Node &node = best[end];
        const std::size_t start = *node.start;
        if (node.id == m_unk && !spans.empty() && spans.back().id == m_unk)
            spans.back().start = start;
        else
            spans.push_back({start, end, node.id});
        end = start;
    }
    std::vector<int> ids;
    ids.reserve(spans.size());
    for (auto span = spans.rbegin(); span != spans.rend(); ++span) {
        if (span->id != m_unk) {
            ids.push_back(span->id);
            continue;
        }
        const std::string_view bytes = piece.substr(span->start, span->end - span->start);
        // As Hugging Face, which looks each span's text up: the text "<unk>",
        // a piece with the unknown's id, stays that piece.
        if (const std::optional<int> whole = find(bytes)) {
            ids.push_back(*whole);
            continue;
        }
        if (m_byteFallback && std::all_of(bytes.begin(), bytes.end(), [&](char b) {
                return m_byteIds[static_cast<unsigned char>(b)] >= 0;
            })) {
            for (const char b : bytes)
                ids.push_back(m_byteIds[static_cast<unsigned char>(b)]);
            continue;
        }
        ids.push_back(*m_unk);
    }
    return ids;
}

} // namespace AttentionLab
