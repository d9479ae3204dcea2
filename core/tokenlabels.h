#pragma once

#include <string>

namespace AttentionLab {

/**
 * A token as people read it. GPT-2's byte-level "Ġ" and SentencePiece's "▁"
 * become the leading space they stand for ("Ġdog" is " dog"), GPT-2's "Ċ" a
 * return mark "↵", and a WordPiece continuation "##ing" is shown as a joined
 * piece, "·ing". Files and the command line's JSON keep the spelling; only
 * labels on screen and in figures use this.
 */
std::string displayToken(const std::string &token);

} // namespace AttentionLab
