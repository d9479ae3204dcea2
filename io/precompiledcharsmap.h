// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace AttentionLab {

/**
 * SentencePiece's compiled normalisation map (the "precompiled_charsmap" of a
 * model's normalizer_spec, and of the Precompiled normalizer of a
 * tokenizer.json converted from it): a double-array trie (darts-clone's units)
 * over UTF-8 byte strings, whose values are offsets into a blob of
 * NUL-terminated replacements. The bytes are a little-endian uint32 giving the
 * trie's size in bytes, the trie, then the blob.
 *
 * apply() is Hugging Face tokenizers' Precompiled normalizer
 * (normalizers/precompiled.rs, with the spm_precompiled crate): each extended
 * grapheme cluster (graphemeClusterEnds) under 6 bytes is looked up whole; otherwise, or when it is
 * not found, each of its characters is. A lookup takes the shortest key of the
 * trie that begins the bytes, as that crate does, and the whole grapheme (or
 * character) becomes its replacement.
 */
class PrecompiledCharsMap
{
public:
    /// From the map's bytes. Throws ReadError naming what is wrong (too short,
    /// a trie longer than the bytes, a replacement that is not UTF-8).
    static PrecompiledCharsMap fromBytes(const QByteArray &bytes);

    /// The replacement of the shortest key of the map that \a utf8 begins
    /// with; none when no key begins it.
    std::optional<std::string_view> transform(std::string_view utf8) const;
    /// \a text normalized, grapheme by grapheme as described above; none
    /// when it would be longer than \a limit characters (a map may replace a
    /// character by a long text).
    std::optional<QString> apply(const QString &text, qsizetype limit) const;
    bool isEmpty() const { return m_units.empty(); }

private:
    std::vector<std::uint32_t> m_units;
    std::string m_replacements;
};

} // namespace AttentionLab
