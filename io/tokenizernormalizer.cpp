// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizernormalizer.h"

#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/tokenizerpattern.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringView>

#include <utility>
#include <vector>

namespace AttentionLab {

TokenizerNormalizer TokenizerNormalizer::fromJson(const QJsonValue &value)
{
    TokenizerNormalizer normalizer;
    if (!value.isNull() && !value.isUndefined())
        append(value, normalizer.m_steps);
    return normalizer;
}

void TokenizerNormalizer::append(const QJsonValue &value, std::vector<Step> &steps)
{
    const QJsonObject object = value.toObject();
    const QString type = object.value(QStringLiteral("type")).toString();
    Step step;
    if (type == QStringLiteral("Sequence")) {
        for (const QJsonValue &inner : object.value(QStringLiteral("normalizers")).toArray())
            append(inner, steps);
        return;
    }
    if (type == QStringLiteral("NFC") || type == QStringLiteral("NFD") ||
        type == QStringLiteral("NFKC") || type == QStringLiteral("NFKD")) {
        step.kind = Step::Kind::Form;
        step.form = type == QStringLiteral("NFC")    ? QString::NormalizationForm_C
                    : type == QStringLiteral("NFD")  ? QString::NormalizationForm_D
                    : type == QStringLiteral("NFKC") ? QString::NormalizationForm_KC
                                                     : QString::NormalizationForm_KD;
    } else if (type == QStringLiteral("Lowercase")) {
        step.kind = Step::Kind::Lowercase;
    } else if (type == QStringLiteral("Prepend")) {
        step.kind = Step::Kind::Prepend;
        step.text = object.value(QStringLiteral("prepend")).toString();
    } else if (type == QStringLiteral("Replace")) {
        step.kind = Step::Kind::Replace;
        step.text = object.value(QStringLiteral("content")).toString();
        const TokenizerPattern pattern =
            TokenizerPattern::fromJson(object.value(QStringLiteral("pattern")), "Replace");
        step.regexPattern = pattern.isRegex;
        step.literal = pattern.literal;
        step.regex = pattern.regex;
        step.source = pattern.source;
    } else if (type == QStringLiteral("Strip")) {
        step.kind = Step::Kind::Strip;
        step.left = object.value(QStringLiteral("strip_left")).toBool();
        step.right = object.value(QStringLiteral("strip_right")).toBool();
    } else if (type == QStringLiteral("Precompiled")) {
        step.kind = Step::Kind::Precompiled;
        const QJsonValue map = object.value(QStringLiteral("precompiled_charsmap"));
        if (!map.isNull() && !map.isString())
            throwReadError(QStringLiteral("Precompiled's precompiled_charsmap is not a base64 "
                                          "string"));
        const auto decoded = QByteArray::fromBase64Encoding(
            map.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            throwReadError(QStringLiteral("Precompiled's precompiled_charsmap is not base64"));
        step.charsMap =
            std::make_shared<const PrecompiledCharsMap>(PrecompiledCharsMap::fromBytes(*decoded));
    } else {
        throwReadError(QStringLiteral("normalizer \"%1\" is not supported (NFC, NFD, NFKC, NFKD, "
                                      "Lowercase, Prepend, Replace, Strip, Precompiled and "
                                      "Sequence are)")
                           .arg(inputText(type)));
    }
    steps.push_back(std::move(step));
}

qsizetype TokenizerNormalizer::maxLength(qsizetype input)
{
    return kMaxGrowth * input + kMaxSlack;
}

namespace {

[[noreturn]] void refuseGrowth(const char *step, qsizetype input, qsizetype limit)
{
    throwReadError(QStringLiteral("the tokenizer's normalizer (%1) makes a text of %2 characters "
                                  "longer than %3, the most it may grow to")
                       .arg(QLatin1String(step))
                       .arg(input)
                       .arg(limit));
}

/// \a text with each of \a matches ([start, end)) replaced by \a content,
/// refused past \a limit characters before anything is built.
QString replaced(const QString &text, const std::vector<std::pair<qsizetype, qsizetype>> &matches,
                 const QString &content, qsizetype input, qsizetype limit)
{
    qsizetype length = text.size();
    for (const auto &[start, end] : matches) {
        length += content.size() - (end - start);
        if (length > limit)
            refuseGrowth("Replace", input, limit);
    }
    QString out;
    out.reserve(length);
    qsizetype last = 0;
    for (const auto &[start, end] : matches) {
        out += QStringView(text).mid(last, start - last);
        out += content;
        last = end;
    }
    out += QStringView(text).mid(last);
    return out;
}

std::vector<std::pair<qsizetype, qsizetype>> literalMatches(const QString &literal,
                                                            const QString &text)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    for (qsizetype at = text.indexOf(literal); at >= 0;
         at = text.indexOf(literal, at + literal.size()))
        out.emplace_back(at, at + literal.size());
    return out;
}

} // namespace

QString TokenizerNormalizer::apply(const QString &input) const
{
    // The output is bounded, as a pass's memory is: a Replace of "a" by a
    // thousand a's, or a Sequence of them, grew without end (issue 36, item 1).
    const qsizetype limit = maxLength(input.size());
    QString text = input;
    for (const Step &step : m_steps) {
        switch (step.kind) {
        case Step::Kind::Form:
            text = text.normalized(step.form);
            if (text.size() > limit)
                refuseGrowth(step.form == QString::NormalizationForm_C    ? "NFC"
                             : step.form == QString::NormalizationForm_D  ? "NFD"
                             : step.form == QString::NormalizationForm_KC ? "NFKC"
                                                                          : "NFKD",
                             input.size(), limit);
            break;
        case Step::Kind::Lowercase:
            text = text.toLower();
            break;
        case Step::Kind::Prepend:
            // As in Hugging Face's NormalizedString::prepend: nothing before nothing.
            if (!text.isEmpty()) {
                if (text.size() + step.text.size() > limit)
                    refuseGrowth("Prepend", input.size(), limit);
                text.prepend(step.text);
            }
            break;
        case Step::Kind::Replace:
            // The content as it is (Hugging Face inserts it literally: "$1" is no group).
            if (step.regexPattern)
                text = replaced(text,
                                TokenizerPattern::matches(step.regex, text, "Replace", step.source),
                                step.text, input.size(), limit);
            else if (!step.literal.isEmpty())
                text = replaced(text, literalMatches(step.literal, text), step.text, input.size(),
                                limit);
            break;
        case Step::Kind::Strip: {
            qsizetype from = 0, to = text.size();
            while (step.left && from < to && text[from].isSpace())
                ++from;
            while (step.right && to > from && text[to - 1].isSpace())
                --to;
            text = text.mid(from, to - from);
            break;
        }
        case Step::Kind::Precompiled: {
            std::optional<QString> normalized = step.charsMap->apply(text, limit);
            if (!normalized)
                refuseGrowth("Precompiled", input.size(), limit);
            text = std::move(*normalized);
            break;
        }
        }
    }
    return text;
}

} // namespace AttentionLab
