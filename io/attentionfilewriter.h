// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"

#include <QString>

#include <vector>

namespace AttentionLab {

class AttentionTensor;
class OutputFile;

/**
 * Writes a model's attention in the layout that `inspect`, `export` and the
 * window read: `attentions`, float32 [layers, heads, queries, keys] in C
 * order, and the tokens (and the query tokens where the file has its own), as .npz (members
 * attentions.npy and tokens.npy, a numpy unicode array, stored uncompressed as np.savez does) or as
 * .safetensors (the tokens a JSON list under __metadata__ "tokens"), streamed
 * from where the tensor lies without a copy of it. Written through
 * OutputFile, as every writer: the file appears whole or not at all.
 */
class AttentionFileWriter
{
public:
    /// True when \a path ends in .npz or .safetensors.
    static bool canWrite(const QString &path);

    /// Writes \a tensor to \a path; false with errorString() on failure.
    bool writeFile(const AttentionTensor &tensor, const QString &path);
    /// Writes every set of a run as the reader reads it: one set as
    /// writeFile() does; an encoder-decoder's as encoder_attentions,
    /// decoder_attentions and cross_attentions with encoder_tokens and
    /// decoder_tokens (Hugging Face's names).
    bool writeSets(const std::vector<AttentionSet> &sets, const QString &path);
    /// "OUT.npz: cannot be written: No space left on device".
    QString errorString() const { return m_error; }

private:
    static bool writeNpz(const std::vector<AttentionSet> &sets, OutputFile &file);
    static bool writeSafetensors(const std::vector<AttentionSet> &sets, OutputFile &file);

    QString m_error;
};

} // namespace AttentionLab
