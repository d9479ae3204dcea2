// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/inputtextqt.h"

#include "core/maths/inputtext.h"
#include "core/support/utf8.h"

#include <string>

namespace AttentionLab {

namespace {

/// UTF-8 of \a text, except that a lone surrogate keeps its own three-byte
/// form (WTF-8), which inputText() shows as an escape.
std::string generalizedUtf8(const QString &text)
{
    std::string out;
    out.reserve(size_t(text.size()));
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t code = text[i].unicode();
        if (QChar::isHighSurrogate(code) && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            code = QChar::surrogateToUcs4(text[i], text[i + 1]);
            ++i;
        }
        appendUtf8(out, code);
    }
    return out;
}

} // namespace

QString inputText(const QString &text)
{
    return QString::fromStdString(inputText(std::string_view(generalizedUtf8(text))));
}

QString inputNumberText(double value)
{
    return QString::fromStdString(inputNumber(value));
}

} // namespace AttentionLab
