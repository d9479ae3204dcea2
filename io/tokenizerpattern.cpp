// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizerpattern.h"

#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QJsonObject>

namespace AttentionLab {

namespace {

/// Unicode's White_Space, which Oniguruma's \s is.
const QString kSpace = QStringLiteral(R"(\t\n\x{B}\f\r \x{85}\x{A0}\x{1680}\x{2000}-\x{200A})"
                                      R"(\x{2028}\x{2029}\x{202F}\x{205F}\x{3000})");
/// Letters and digits that Unicode 15 added (Kawi, Nag Mundari, CJK extension
/// H, Kaktovik numerals, ...): Oniguruma in tokenizers knows them, PCRE2
/// 10.42 does not.
const QString kNewLetters =
    QStringLiteral(R"(\x{1123F}-\x{11240}\x{11F02}\x{11F04}-\x{11F10}\x{11F12}-\x{11F33})"
                   R"(\x{1342F}\x{13441}-\x{13446}\x{1B132}\x{1B155}\x{1DF25}-\x{1DF2A})"
                   R"(\x{1E030}-\x{1E06D}\x{1E4D0}-\x{1E4EB}\x{31350}-\x{323AF})");
const QString kNewNumbers =
    QStringLiteral(R"(\x{11F50}-\x{11F59}\x{1D2C0}-\x{1D2D3}\x{1E4F0}-\x{1E4F9})");

} // namespace

QRegularExpression TokenizerPattern::compile(const QString &source)
{
    QString out;
    bool inClass = false;
    for (qsizetype i = 0; i < source.size(); ++i) {
        const QChar c = source[i];
        if (c == u'\\' && i + 1 < source.size()) {
            const QChar e = source[i + 1];
            const QStringView rest = QStringView(source).mid(i + 2);
            const bool letters = rest.startsWith(u"{L}"), numbers = rest.startsWith(u"{N}");
            if (e == u's') {
                out += inClass ? kSpace : u'[' + kSpace + u']';
            } else if (e == u'S' && !inClass) {
                out += QStringLiteral("[^") + kSpace + u']';
            } else if ((e == u'p' || (e == u'P' && !inClass)) && (letters || numbers)) {
                const QString set =
                    (letters ? QStringLiteral(R"(\p{L})") : QStringLiteral(R"(\p{N})")) +
                    (letters ? kNewLetters : kNewNumbers);
                out += inClass
                           ? set
                           : (e == u'p' ? QStringLiteral("[") : QStringLiteral("[^")) + set + u']';
                i += 3;
            } else {
                out += c;
                out += e;
            }
            ++i;
            continue;
        }
        out += c;
        if (!inClass && c == u'[') {
            inClass = true;
            // "[^]" and "[]": a "]" first in the class is itself.
            if (i + 1 < source.size() && source[i + 1] == u'^')
                out += source[++i];
            if (i + 1 < source.size() && source[i + 1] == u']')
                out += source[++i];
        } else if (inClass && c == u']') {
            inClass = false;
        }
    }
    QRegularExpression regex(out, QRegularExpression::UseUnicodePropertiesOption);
    regex.optimize();
    return regex;
}

TokenizerPattern TokenizerPattern::fromJson(const QJsonValue &value, const char *owner)
{
    const QJsonObject object = value.toObject();
    TokenizerPattern pattern;
    if (object.value(QStringLiteral("String")).isString()) {
        pattern.literal = object.value(QStringLiteral("String")).toString();
        return pattern;
    }
    if (!object.value(QStringLiteral("Regex")).isString())
        throwReadError(QStringLiteral("%1 has a pattern that is neither {\"String\": ...} nor "
                                      "{\"Regex\": ...}")
                           .arg(QLatin1String(owner)));
    pattern.isRegex = true;
    const QString source = object.value(QStringLiteral("Regex")).toString();
    pattern.source = source;
    pattern.regex = compile(source);
    if (!pattern.regex.isValid())
        throwReadError(QStringLiteral("%1 has a regex PCRE2 cannot read (%2 at %3): %4")
                           .arg(QLatin1String(owner), pattern.regex.errorString())
                           .arg(pattern.regex.patternErrorOffset())
                           .arg(inputText(source)));
    return pattern;
}

std::vector<std::pair<qsizetype, qsizetype>>
TokenizerPattern::matches(const QRegularExpression &regex, const QString &text, const char *owner,
                          const QString &source)
{
    std::vector<std::pair<qsizetype, qsizetype>> out;
    QRegularExpressionMatchIterator it = regex.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        out.emplace_back(match.capturedStart(), match.capturedEnd());
    }
    // The iterator stops at a search that failed as it stops at the last
    // match; only then is the match it holds invalid.
    if (!it.isValid())
        throwReadError(QStringLiteral("%1 pattern \"%2\" backtracks past PCRE2's match limit "
                                      "on a text of %3 characters; a tokenizer that gives up "
                                      "cannot split it")
                           .arg(QLatin1String(owner), inputText(source))
                           .arg(text.size()));
    return out;
}

} // namespace AttentionLab
