#pragma once

#include "types.h"

#include <string>

namespace AttentionLab {

/// The most memory one attention pass may ask for: a third of the 24 GiB
/// machines the program is built for, so a typo cannot swap the desktop.
inline constexpr double kMemoryLimitBytes = 8.0 * 1024 * 1024 * 1024;

/// Bytes a full pass keeps: scores and weights (m x n each), the inputs and
/// the output, all doubles.
double attentionPassBytes(Index queries, Index keys, Index keyDim, Index valueDim);

/// "1.5 GiB", "312 MiB", "4 KiB", "12 bytes".
std::string formatBytes(double bytes);

/// Throws std::invalid_argument, naming \a what and the memory it would
/// take, when \a bytes exceeds kMemoryLimitBytes. Call before allocating.
void requireMemory(double bytes, const std::string &what);

} // namespace AttentionLab
