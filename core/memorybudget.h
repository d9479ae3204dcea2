// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/modelconfig.h"
#include "core/types.h"

#include <string>

namespace AttentionLab {

/// The most memory one command may ask for: a third of the 24 GiB machines
/// the program is built for, so a typo cannot swap the desktop. Every command
/// estimates what it will hold with the functions below and refuses up front
/// when the estimate exceeds it.
inline constexpr double kMemoryLimitBytes = 8.0 * 1024 * 1024 * 1024;

/// Bytes a full pass keeps: scores and weights (m x n each), the inputs and
/// the output, all doubles.
double attentionPassBytes(Index queries, Index keys, Index keyDim, Index valueDim);

/// Bytes the window holds for a session: the pass, the heatmap's own copy of
/// every cell (8 bytes of colour-map data and 4 of its image), and for every
/// token its entries in the sliders' chooser and its table rows.
double windowSessionBytes(Index queries, Index keys, Index keyDim, Index valueDim);

/// Bytes Qt's JSON parser holds for a document of \a textBytes bytes with
/// \a containers lists and objects and \a elements values and member names
/// in them: each container is a shared block of its own with a list of
/// 16-byte elements, each allocation with the heap's overhead, and the text
/// is also decoded to UTF-16 once to check it.
double jsonDocumentBytes(double textBytes, double containers, double elements);

/// Bytes the scale experiment keeps: every dot product of one d_k, pooled
/// for the pooled spread, and five numbers per trial.
double scaleExperimentBytes(long long draws, long long keys, long long largestKeyDim);

/// Bytes the shuffle demonstration keeps for \a tokens inputs of width \a dim:
/// one self-attention pass at a time, the inputs shuffled and encoded, and
/// the four outputs.
double permutationDemoBytes(Index tokens, Index dim);

/// Bytes multi-head attention keeps: every head's full pass, each m x n, and
/// the concatenated and projected outputs.
double multiHeadBytes(Index queries, Index keys, Index modelDim, int heads);

/// Bytes the mask lab keeps to compare the orders on m x n scores: the scores
/// copied, an n x n identity as the keys, and both orders' passes.
double maskComparisonBytes(Index queries, Index keys);

/// Bytes of an attention tensor of \a elements float32 weights (what a model's
/// attention file becomes in memory, mapped or converted).
double attentionTensorBytes(double elements);

/// Bytes the key-geometry picture holds for \a keys keys: each key is an
/// arrow, a dot and a two-line label, recorded by an SVG or PDF device as
/// text, with its note and position kept for placing the labels.
double keyGeometryBytes(Index keys);

/**
 * Bytes a forward pass of a checkpoint of any family over \a tokens tokens
 * holds beside its weights: what it keeps (every head's n x n attention and
 * its q, k and v rows) and, at its widest, one block's activations (the
 * input, its normalised copy, q, k and v and their fused product, the
 * heads' context, and the feed-forward's inner activations, n x
 * intermediate_size). The logits are made a block of the vocabulary at a
 * time and need no room of their own.
 */
double modelPassBytes(const ModelConfig &config, long long tokens);

/**
 * Bytes generating from a prompt of \a promptTokens up to \a totalTokens
 * tokens holds beside its weights: the prompt's pass (modelPassBytes()),
 * the key/value cache for every position (2 x layers x key/value heads x
 * total x d_h), each generated token's attention row (layers x heads x its
 * keys), its top tokens, and two rows of logits over the vocabulary.
 */
double generationBytes(const ModelConfig &config, long long promptTokens, long long totalTokens);

/// Bytes the logit lens over \a tokens tokens holds: the pass, the residual
/// stream after every block (layers x n x d), its top five at every cell and
/// the logits of a block of positions (lensBlockColumns(), core/logitlens.h).
double logitLensBytes(const ModelConfig &config, long long tokens);

/// The bytes an undo history may hold: a session's edits, or a model's
/// generations, each step keeping what it replaced.
inline constexpr double kUndoBudgetBytes = 512.0 * 1024.0 * 1024.0;

/// How many undo steps of \a stepBytes each fit kUndoBudgetBytes, and at
/// least \a least, at most \a most.
int undoStepsWithin(double stepBytes, int least, int most);

/// Bytes of a 32-bit image of \a width x \a height pixels.
double imageBytes(double width, double height);

/// Bytes an export of \a width x \a height pixels holds beside the pass of
/// \a passBytes it draws: the canvas, a heatmap's cell image (at most as
/// many pixels) and the encoded file (less than the raw pixels).
double figureExportBytes(double passBytes, double width, double height);

/// "1.5 GiB", "312 MiB", "4 KiB", "12 bytes".
std::string formatBytes(double bytes);

/// The message requireMemory() throws: "WHAT would need NEED of memory; the
/// limit is LIMIT", with as many digits as it takes for NEED to read larger
/// than LIMIT.
std::string memoryMessage(double bytes, const std::string &what);

/// Throws std::invalid_argument, naming \a what and the memory it would
/// take, when \a bytes exceeds kMemoryLimitBytes. Call before allocating.
void requireMemory(double bytes, const std::string &what);

/// True when \a bytes fits in kMemoryLimitBytes.
inline bool fitsInMemory(double bytes)
{
    return bytes <= kMemoryLimitBytes;
}

} // namespace AttentionLab
