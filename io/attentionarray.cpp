// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionarray.h"

#include <QStringList>

namespace AttentionLab {

long long AttentionArray::elementCount() const
{
    return AttentionLab::elementCount(shape);
}

int AttentionArray::sourceBits() const
{
    return type ? 8 * elementBytes(*type) : 0;
}

std::optional<std::vector<std::string>> *AttentionArrays::tokenList(const QString &name)
{
    if (name == QLatin1String("tokens"))
        return &tokens;
    if (name == QLatin1String("query_tokens"))
        return &queryTokens;
    if (name == QLatin1String("encoder_tokens"))
        return &encoderTokens;
    if (name == QLatin1String("decoder_tokens"))
        return &decoderTokens;
    return nullptr;
}

QString shapeText(const std::vector<long long> &shape)
{
    // Attention has at most five axes; a longer shape is shown in part, so
    // that a message stays one short line.
    constexpr size_t kShown = 6;
    QStringList parts;
    for (size_t a = 0; a < shape.size() && a < kShown; ++a)
        parts << QString::number(shape[a]);
    if (shape.size() > kShown)
        parts << QStringLiteral("... (%1 axes)").arg(shape.size());
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

long long elementCount(const std::vector<long long> &shape)
{
    long long count = 1;
    for (long long length : shape) {
        if (length < 0 || __builtin_mul_overflow(count, length, &count))
            return -1;
    }
    return count;
}

} // namespace AttentionLab
