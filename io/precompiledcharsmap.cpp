// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/precompiledcharsmap.h"

#include "io/graphemeclusters.h"
#include "io/readerror.h"

#include <QStringDecoder>

namespace AttentionLab {

namespace {

// darts-clone's DoubleArrayUnit.
bool hasLeaf(std::uint32_t unit)
{
    return (unit >> 8) & 1;
}
std::uint32_t value(std::uint32_t unit)
{
    return unit & 0x7FFFFFFFu;
}
std::uint32_t label(std::uint32_t unit)
{
    return unit & (0x80000000u | 0xFFu);
}
std::size_t offset(std::uint32_t unit)
{
    return std::size_t(unit >> 10) << ((unit & (1u << 9)) >> 6);
}

std::uint32_t littleEndian32(const char *bytes)
{
    std::uint32_t out = 0;
    for (int k = 3; k >= 0; --k)
        out = (out << 8) | static_cast<unsigned char>(bytes[k]);
    return out;
}

} // namespace

PrecompiledCharsMap PrecompiledCharsMap::fromBytes(const QByteArray &bytes)
{
    PrecompiledCharsMap map;
    if (bytes.isEmpty())
        return map;
    if (bytes.size() < 4)
        throwReadError(QStringLiteral("precompiled_charsmap is %1 bytes, too short to hold its "
                                      "trie's size")
                           .arg(bytes.size()));
    const std::uint32_t trieBytes = littleEndian32(bytes.constData());
    if (trieBytes % 4 != 0 || qsizetype(trieBytes) > bytes.size() - 4)
        throwReadError(QStringLiteral("precompiled_charsmap says its trie is %1 bytes, and %2 "
                                      "follow")
                           .arg(trieBytes)
                           .arg(bytes.size() - 4));
    map.m_units.resize(trieBytes / 4);
    for (std::size_t k = 0; k < map.m_units.size(); ++k)
        map.m_units[k] = littleEndian32(bytes.constData() + 4 + 4 * k);
    map.m_replacements.assign(bytes.constData() + 4 + trieBytes,
                              std::size_t(bytes.size()) - 4 - trieBytes);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    (void)decoder.decode(
        QByteArrayView(map.m_replacements.data(), qsizetype(map.m_replacements.size())));
    if (decoder.hasError())
        throwReadError(QStringLiteral("precompiled_charsmap's replacements are not UTF-8"));
    return map;
}

std::optional<std::string_view> PrecompiledCharsMap::transform(std::string_view utf8) const
{
    // darts-clone's commonPrefixSearch, stopping at the first (shortest) key.
    if (m_units.empty())
        return std::nullopt;
    std::size_t node = offset(m_units[0]);
    for (const char byte : utf8) {
        const auto c = static_cast<unsigned char>(byte);
        if (c == 0)
            break;
        node ^= c;
        if (node >= m_units.size())
            return std::nullopt;
        const std::uint32_t unit = m_units[node];
        if (label(unit) != c)
            return std::nullopt;
        node ^= offset(unit);
        if (node >= m_units.size())
            return std::nullopt;
        if (hasLeaf(unit)) {
            const std::size_t at = value(m_units[node]);
            if (at >= m_replacements.size())
                return std::nullopt;
            const std::size_t end = m_replacements.find('\0', at);
            return std::string_view(m_replacements)
                .substr(at, (end == std::string::npos ? m_replacements.size() : end) - at);
        }
    }
    return std::nullopt;
}

std::optional<QString> PrecompiledCharsMap::apply(const QString &text, qsizetype limit) const
{
    if (m_units.empty())
        return text;
    QString out;
    out.reserve(text.size());
    auto append = [&](std::string_view replacement) {
        out += QString::fromUtf8(replacement.data(), qsizetype(replacement.size()));
        return out.size() <= limit;
    };
    qsizetype start = 0;
    for (const qsizetype end : graphemeClusterEnds(text)) {
        const QStringView grapheme = QStringView(text).mid(start, end - start);
        const QByteArray bytes = grapheme.toUtf8();
        std::optional<std::string_view> whole;
        if (bytes.size() < 6)
            whole = transform(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (whole) {
            if (!append(*whole))
                return std::nullopt;
        } else {
            for (qsizetype i = 0; i < grapheme.size();) {
                const qsizetype length =
                    grapheme[i].isHighSurrogate() && i + 1 < grapheme.size() ? 2 : 1;
                const QStringView character = grapheme.mid(i, length);
                const QByteArray utf8 = character.toUtf8();
                if (const auto replacement =
                        transform(std::string_view(utf8.constData(), std::size_t(utf8.size())))) {
                    if (!append(*replacement))
                        return std::nullopt;
                } else {
                    out += character;
                }
                i += length;
            }
        }
        if (out.size() > limit)
            return std::nullopt;
        start = end;
    }
    return out;
}

} // namespace AttentionLab
