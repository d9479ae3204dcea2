// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizernormalizer.h"

#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/tokenizerpattern.h"

#include <QJsonArray>
#include <QJsonObject>

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
    } else if (type == QStringLiteral("Strip")) {
        step.kind = Step::Kind::Strip;
        step.left = object.value(QStringLiteral("strip_left")).toBool();
        step.right = object.value(QStringLiteral("strip_right")).toBool();
    } else {
        throwReadError(QStringLiteral("normalizer \"%1\" is not supported (NFC, NFD, NFKC, NFKD, "
                                      "Lowercase, Prepend, Replace, Strip and Sequence are)")
                           .arg(inputText(type)));
    }
    steps.push_back(std::move(step));
}

QString TokenizerNormalizer::apply(const QString &input) const
{
    QString text = input;
    for (const Step &step : m_steps) {
        switch (step.kind) {
        case Step::Kind::Form:
            text = text.normalized(step.form);
            break;
        case Step::Kind::Lowercase:
            text = text.toLower();
            break;
        case Step::Kind::Prepend:
            // As in Hugging Face's NormalizedString::prepend: nothing before nothing.
            if (!text.isEmpty())
                text.prepend(step.text);
            break;
        case Step::Kind::Replace:
            if (step.regexPattern)
                text.replace(step.regex, step.text);
            else if (!step.literal.isEmpty())
                text.replace(step.literal, step.text);
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
        }
    }
    return text;
}

} // namespace AttentionLab
