// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QStringView>

#include <vector>

namespace AttentionLab {

/**
 * Where \a text's extended grapheme clusters end (UAX #29: a base and its
 * combining marks, a Hangul syllable of jamo, an emoji with its modifiers and
 * joiners, a pair of regional indicators, CR LF), as offsets in UTF-16 units,
 * the last being text.size(). The break properties come from QChar's general
 * categories and the standard's short lists (Prepend, the Spacing_Marks that
 * are not, Extended_Pictographic's blocks); the Indic conjunct rule (GB9c) is
 * left out, since every cluster it joins is six UTF-8 bytes or more, which is
 * all Hugging Face's Precompiled normalizer asks of a cluster
 * (PrecompiledCharsMap). Written because QTextBoundaryFinder splits surrogate
 * pairs in text that mixes scripts (Qt 6.4).
 */
std::vector<qsizetype> graphemeClusterEnds(QStringView text);

} // namespace AttentionLab
