// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <string>

namespace AttentionLab {

/**
 * A token as people read it. GPT-2's byte-level tokens become the text their
 * bytes spell ("Ġdog" is " dog", "Ã©" is "é"), with \xNN for bytes of a
 * character split over tokens; SentencePiece's "▁" is the space it stands
 * for; a WordPiece continuation "##ing" is shown as a joined piece, "·ing".
 * Whitespace stays visible: a return is "↵", a tab "⇥", other controls
 * \xNN, and a token of spaces alone "·" per space (quieter than "␣"). Files and the command
 * line's JSON keep the spelling; only labels on screen and in figures use this.
 */
std::string displayToken(const std::string &token);

} // namespace AttentionLab
