// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"
#include "io/attentionlayout.h"
#include "io/fileview.h"

#include <QString>

#include <memory>
#include <optional>

#include "core/sets/attentionset.h"

#include <utility>
#include <vector>

class QByteArray;

namespace AttentionLab {

/// What the user chose beside the file (the command line's --tokens and --batch).
struct AttentionReadOptions
{
    QString tokensFile;      ///< --tokens FILE: a JSON list of strings, or one token a line (UTF-8)
    QString queryTokensFile; ///< the same for query tokens
    int batch = -1;          ///< --batch B; -1 = no choice made (a batch axis of size 1 is dropped,
                             ///< a larger one is an error asking for --batch)
    /// --layout: how a five-axis array is laid out; without it the file's
    /// record, or the axis of length 1, or an error asking for it.
    std::optional<BatchLayout> layout;
    /// --set: which attention of a file that holds several (an
    /// encoder-decoder's); without it readFile() takes the default one
    /// (defaultSetIndex()).
    std::optional<AttentionKind> set;
};

/**
 * Opens the attention tensors people dump from numpy, PyTorch and
 * safetensors: .npy (NpyReader), .npz (NpzReader) and .safetensors
 * (SafetensorsReader), laid out by AttentionLayout, with their tokens, and
 * checked row by row to be distributions (core/sets/attentionvalidation.h). Large
 * float32 files are memory-mapped and used in place; other types become an
 * owned float32 buffer. Every failure is one line naming the file.
 */
class AttentionFileReader
{
public:
    explicit AttentionFileReader(AttentionReadOptions options = {});

    /// .npy, .npz or .safetensors by suffix (case-insensitive); std::nullopt
    /// on failure with errorString() set. A file of several attentions gives
    /// the one AttentionReadOptions::set names, or the default one.
    std::optional<AttentionTensor> readFile(const QString &path);
    /// The same from bytes in memory (tests, fuzzers); the format from
    /// \a name's suffix.
    std::optional<AttentionTensor> parse(const QByteArray &data, const QString &name);
    /**
     * Every attention the file holds, in the order encoder, decoder, cross.
     * One set for a file of one attention (its kind from its mask, kindOf());
     * up to three for an encoder-decoder's file, whose arrays are named as
     * Hugging Face's outputs (encoder_attentions, decoder_attentions,
     * cross_attentions, stacked or one per layer) or BertViz's
     * (encoder_attention, ...), with their texts in encoder_tokens and
     * decoder_tokens: the cross-attention's rows are the decoder's tokens,
     * its columns the encoder's. AttentionReadOptions::set is not applied.
     */
    std::optional<std::vector<AttentionSet>> readSets(const QString &path);
    /// The same from bytes in memory.
    std::optional<std::vector<AttentionSet>> parseSets(const QByteArray &data, const QString &name);

    /// One line: "FILE: what is wrong" (naming layer, head and row for a row
    /// that is not a distribution, e.g. "a.npy: layer 3, head 7, row 12 sums
    /// to 0.8123, not 1").
    QString errorString() const { return m_error; }
    /// After a read refused because the file holds a batch of several inputs
    /// and no AttentionReadOptions::batch was chosen: how many; else 0.
    long long batchSize() const { return m_batchSize; }
    /// After a read: the view the file asks to be opened on, if it names one.
    const std::optional<FileView> &view() const { return m_view; }
    /// After a read refused because a five-axis array reads as [L, B, ...]
    /// and as [B, L, ...] and no AttentionReadOptions::layout was chosen.
    bool needsLayout() const { return m_needsLayout; }

    /// True for a path whose suffix is one of the attention formats.
    static bool isAttentionFile(const QString &path);
    /// The file dialog's filter: "Attention tensors (*.npy *.npz *.safetensors)".
    static QString fileFilter();

private:
    /// The file's sets, their tensors owned here so that one can be moved out.
    using ReadSets = std::vector<std::pair<AttentionKind, AttentionTensor>>;
    std::optional<ReadSets> open(const QString &path);
    std::optional<ReadSets> openBytes(const QByteArray &data, const QString &name);
    std::optional<ReadSets> read(const char *data, long long size,
                                 std::shared_ptr<const void> owner, const QString &name);
    /// The tensor of one set of \a arrays, its tokens checked and attached.
    AttentionTensor arrangeSet(const AttentionArrays &arrays, AttentionKind kind, bool several,
                               const QString &name);
    /// The set AttentionReadOptions::set names, or the default one.
    std::optional<AttentionTensor> choose(std::optional<ReadSets> sets, const QString &name);
    static std::optional<std::vector<AttentionSet>> shared(std::optional<ReadSets> sets);
    template <typename T> std::optional<T> fail(const QString &name, const QString &message)
    {
        m_error = failure(name, message);
        return std::nullopt;
    }
    static QString failure(const QString &name, const QString &message);

    AttentionReadOptions m_options;
    QString m_error;
    long long m_batchSize = 0;
    std::optional<FileView> m_view;
    bool m_needsLayout = false;
};

} // namespace AttentionLab
