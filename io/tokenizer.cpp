// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizer.h"

#include "io/readerror.h"
#include "io/tokenvocabulary.h"

namespace AttentionLab {

Tokenizer::Tokenizer(std::shared_ptr<const TokenVocabulary> vocabulary)
    : m_vocabulary(std::move(vocabulary))
{
}

Tokenizer::~Tokenizer() = default;

bool Tokenizer::readsPairs() const
{
    return false;
}

TokenizedText Tokenizer::encodePair(const QString &, const QString &) const
{
    throwReadError(QStringLiteral("this tokenizer reads one text, not a pair"));
}

bool Tokenizer::choosesBos() const
{
    return true;
}

bool Tokenizer::addsBos() const
{
    return false;
}

std::string Tokenizer::token(int id) const
{
    return m_vocabulary->token(id);
}

std::string Tokenizer::spelling(int id) const
{
    std::string spelling = token(id);
    if (spelling.empty())
        spelling = QStringLiteral("<%1>").arg(id).toStdString();
    return spelling;
}

std::optional<int> Tokenizer::id(const std::string &token) const
{
    return m_vocabulary->id(token);
}

int Tokenizer::vocabularySize() const
{
    return m_vocabulary->size();
}

int Tokenizer::pieceCount() const
{
    return vocabularySize();
}

QString Tokenizer::withoutLoneSurrogates(const QString &text)
{
    QString clean = text;
    for (qsizetype i = 0; i < clean.size(); ++i) {
        if (clean[i].isHighSurrogate() && i + 1 < clean.size() && clean[i + 1].isLowSurrogate())
            ++i;
        else if (clean[i].isSurrogate())
            clean[i] = QChar(QChar::ReplacementCharacter);
    }
    return clean;
}

} // namespace AttentionLab
