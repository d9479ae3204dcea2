// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/pretokenizer.h"

#include "io/bytelevelalphabet.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/tokenizerpattern.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace AttentionLab {

namespace {

/// The pattern ByteLevel applies itself when use_regex is true (Hugging Face's
/// byte_level.rs, GPT-2's encoder.py).
const QRegularExpression &gpt2Pattern()
{
    static const QRegularExpression pattern = TokenizerPattern::compile(QStringLiteral(
        R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"));
    return pattern;
}

std::vector<std::pair<qsizetype, qsizetype>>
regexMatches(const QRegularExpression &regex, const QString &text, const QString &source)
{
    std::vector<std::pair<qsizetype, qsizetype>> out =
        TokenizerPattern::matches(regex, text, "Split", source);
    std::erase_if(out, [](const auto &match) { return match.second <= match.first; });
    return out;
}

std::vector<std::pair<qsizetype, qsizetype>> literalMatches(const QString &literal,
                                                            const QString &text)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    if (literal.isEmpty())
        return out;
    for (qsizetype at = text.indexOf(literal); at >= 0;
         at = text.indexOf(literal, at + literal.size()))
        out.emplace_back(at, at + literal.size());
    return out;
}

/// Each character of Unicode's general category N (Rust's char::is_numeric),
/// as a match of its own.
std::vector<std::pair<qsizetype, qsizetype>> numberMatches(const QString &text)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text[i].unicode();
        qsizetype length = 1;
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text[i], text[i + 1]);
            length = 2;
        }
        const QChar::Category category = QChar::category(c);
        if (category == QChar::Number_DecimalDigit || category == QChar::Number_Letter ||
            category == QChar::Number_Other)
            out.emplace_back(i, i + length);
        i += length - 1;
    }
    return out;
}

/// Each whitespace character (Rust's char::is_whitespace), as a match of its own.
std::vector<std::pair<qsizetype, qsizetype>> whitespaceMatches(const QString &text)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    for (qsizetype i = 0; i < text.size(); ++i)
        if (text[i].isSpace())
            out.emplace_back(i, i + 1);
    return out;
}

} // namespace

PreTokenizer PreTokenizer::fromJson(const QJsonValue &value)
{
    PreTokenizer preTokenizer;
    if (!value.isNull() && !value.isUndefined())
        append(value, preTokenizer.m_steps);
    return preTokenizer;
}

void PreTokenizer::append(const QJsonValue &value, std::vector<Step> &steps)
{
    const QJsonObject object = value.toObject();
    const QString type = object.value(QStringLiteral("type")).toString();
    Step step;
    if (type == QStringLiteral("Sequence")) {
        for (const QJsonValue &inner : object.value(QStringLiteral("pretokenizers")).toArray())
            append(inner, steps);
        return;
    }
    if (type == QStringLiteral("Split")) {
        step.kind = Step::Kind::Split;
        const TokenizerPattern pattern =
            TokenizerPattern::fromJson(object.value(QStringLiteral("pattern")), "Split");
        step.regexPattern = pattern.isRegex;
        step.literal = pattern.literal;
        step.regex = pattern.regex;
        step.source = pattern.source;
        step.invert = object.value(QStringLiteral("invert")).toBool();
        const QString behavior = object.value(QStringLiteral("behavior")).toString();
        if (behavior == QStringLiteral("Removed"))
            step.behavior = Behavior::Removed;
        else if (behavior == QStringLiteral("Isolated"))
            step.behavior = Behavior::Isolated;
        else if (behavior == QStringLiteral("MergedWithPrevious"))
            step.behavior = Behavior::MergedWithPrevious;
        else if (behavior == QStringLiteral("MergedWithNext"))
            step.behavior = Behavior::MergedWithNext;
        else if (behavior == QStringLiteral("Contiguous"))
            step.behavior = Behavior::Contiguous;
        else
            throwReadError(QStringLiteral("Split has behavior \"%1\", which is not one of "
                                          "Removed, Isolated, MergedWithPrevious, "
                                          "MergedWithNext and Contiguous")
                               .arg(inputText(behavior)));
    } else if (type == QStringLiteral("ByteLevel")) {
        step.kind = Step::Kind::ByteLevel;
        step.addPrefixSpace = object.value(QStringLiteral("add_prefix_space")).toBool(true);
        step.useRegex = object.value(QStringLiteral("use_regex")).toBool(true);
    } else if (type == QStringLiteral("Metaspace")) {
        step.kind = Step::Kind::Metaspace;
        const QString replacement =
            object.value(QStringLiteral("replacement")).toString(QStringLiteral("\u2581"));
        if (replacement.size() != 1)
            throwReadError(QStringLiteral("Metaspace has replacement \"%1\", not one character")
                               .arg(inputText(replacement)));
        step.replacement = replacement[0];
        step.splitPieces = object.value(QStringLiteral("split")).toBool(true);
        const QJsonValue scheme = object.value(QStringLiteral("prepend_scheme"));
        if (scheme.isString()) {
            const QString name = scheme.toString();
            if (name == QStringLiteral("always"))
                step.prepend = Step::Prepend::Always;
            else if (name == QStringLiteral("first"))
                step.prepend = Step::Prepend::First;
            else if (name == QStringLiteral("never"))
                step.prepend = Step::Prepend::Never;
            else
                throwReadError(QStringLiteral("Metaspace has prepend_scheme \"%1\", which is not "
                                              "one of always, first and never")
                                   .arg(inputText(name)));
        } else {
            // Files older than prepend_scheme say add_prefix_space.
            step.prepend = object.value(QStringLiteral("add_prefix_space")).toBool(true)
                               ? Step::Prepend::Always
                               : Step::Prepend::Never;
        }
    } else if (type == QStringLiteral("WhitespaceSplit")) {
        step.kind = Step::Kind::WhitespaceSplit;
    } else if (type == QStringLiteral("Digits")) {
        step.kind = Step::Kind::Digits;
        step.individualDigits = object.value(QStringLiteral("individual_digits")).toBool();
    } else {
        throwReadError(QStringLiteral("pre_tokenizer \"%1\" is not supported (Split, ByteLevel, "
                                      "Metaspace, WhitespaceSplit, Digits and Sequence are)")
                           .arg(inputText(type)));
    }
    steps.push_back(std::move(step));
}

std::vector<QString> PreTokenizer::split(const QString &text, bool atStart) const
{
    std::vector<Piece> pieces{{text, atStart}};
    for (const Step &step : m_steps)
        run(step, pieces);
    std::vector<QString> out;
    out.reserve(pieces.size());
    for (Piece &piece : pieces)
        if (!piece.text.isEmpty())
            out.push_back(std::move(piece.text));
    return out;
}

/**
 * Hugging Face's NormalizedString::split: the matches and the stretches
 * between them (swapped by invert), then put together by the behavior;
 * empty pieces are dropped.
 */
void PreTokenizer::splitPiece(const Piece &piece,
                              const std::vector<std::pair<qsizetype, qsizetype>> &matches,
                              Behavior behavior, bool invert, std::vector<Piece> &out)
{
    struct Part
    {
        qsizetype start, end;
        bool isMatch;
    };
    std::vector<Part> parts;
    qsizetype at = 0;
    for (const auto &[start, end] : matches) {
        if (start > at)
            parts.push_back({at, start, invert});
        parts.push_back({start, end, !invert});
        at = end;
    }
    if (at < piece.text.size())
        parts.push_back({at, piece.text.size(), invert});

    std::vector<std::pair<qsizetype, qsizetype>> merged;
    bool previousMatch = false;
    switch (behavior) {
    case Behavior::Removed:
        for (const Part &part : parts)
            if (!part.isMatch)
                merged.emplace_back(part.start, part.end);
        break;
    case Behavior::Isolated:
        for (const Part &part : parts)
            merged.emplace_back(part.start, part.end);
        break;
    case Behavior::MergedWithPrevious:
        for (const Part &part : parts) {
            if (part.isMatch && !previousMatch && !merged.empty())
                merged.back().second = part.end;
            else
                merged.emplace_back(part.start, part.end);
            previousMatch = part.isMatch;
        }
        break;
    case Behavior::MergedWithNext:
        for (auto part = parts.rbegin(); part != parts.rend(); ++part) {
            if (part->isMatch && !previousMatch && !merged.empty())
                merged.back().first = part->start;
            else
                merged.emplace_back(part->start, part->end);
            previousMatch = part->isMatch;
        }
        std::reverse(merged.begin(), merged.end());
        break;
    case Behavior::Contiguous:
        for (const Part &part : parts) {
            if (part.isMatch == previousMatch && !merged.empty())
                merged.back().second = part.end;
            else
                merged.emplace_back(part.start, part.end);
            previousMatch = part.isMatch;
        }
        break;
    }
    for (const auto &[start, end] : merged)
        if (end > start)
            out.push_back({piece.text.mid(start, end - start), piece.atStart && start == 0});
}

void PreTokenizer::run(const Step &step, std::vector<Piece> &pieces)
{
    std::vector<Piece> out;
    out.reserve(pieces.size());
    for (Piece &piece : pieces) {
        switch (step.kind) {
        case Step::Kind::Split:
            splitPiece(piece,
                       step.regexPattern ? regexMatches(step.regex, piece.text, step.source)
                                         : literalMatches(step.literal, piece.text),
                       step.behavior, step.invert, out);
            break;
        case Step::Kind::ByteLevel: {
            if (step.addPrefixSpace && !piece.text.isEmpty() && !piece.text.startsWith(u' '))
                piece.text.prepend(u' ');
            std::vector<Piece> parts;
            if (step.useRegex)
                splitPiece(piece, regexMatches(gpt2Pattern(), piece.text, gpt2Pattern().pattern()),
                           Behavior::Isolated, false, parts);
            else
                parts.push_back(std::move(piece));
            for (Piece &part : parts) {
                const QByteArray bytes = part.text.toUtf8();
                QString mapped(bytes.size(), Qt::Uninitialized);
                for (qsizetype i = 0; i < bytes.size(); ++i)
                    mapped[i] = ByteLevelAlphabet::character(static_cast<unsigned char>(bytes[i]));
                out.push_back({std::move(mapped), part.atStart});
            }
            break;
        }
        case Step::Kind::Digits:
            // Hugging Face: each digit alone, or runs of digits together.
            splitPiece(piece, numberMatches(piece.text),
                       step.individualDigits ? Behavior::Isolated : Behavior::Contiguous, false,
                       out);
            break;
        case Step::Kind::WhitespaceSplit:
            splitPiece(piece, whitespaceMatches(piece.text), Behavior::Removed, false, out);
            break;
        case Step::Kind::Metaspace: {
            piece.text.replace(u' ', step.replacement);
            const bool prepend = step.prepend == Step::Prepend::Always ||
                                 (step.prepend == Step::Prepend::First && piece.atStart);
            if (prepend && !piece.text.isEmpty() && !piece.text.startsWith(step.replacement))
                piece.text.prepend(step.replacement);
            if (step.splitPieces)
                splitPiece(piece, literalMatches(QString(step.replacement), piece.text),
                           Behavior::MergedWithNext, false, out);
            else
                out.push_back(std::move(piece));
            break;
        }
        }
    }
    pieces = std::move(out);
}

} // namespace AttentionLab
