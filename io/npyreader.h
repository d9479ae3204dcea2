// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/attentionarray.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace AttentionLab {

/// The header of a numpy .npy array (numpy's lib/format.py).
struct NpyHeader
{
    QString descr;          ///< as written: "<f4", ">f8", "|O", "<U7"
    char kind = 0;          ///< 'f', 'U', 'S', 'O', 'i', ...
    int itemSize = 0;       ///< bytes per element
    bool bigEndian = false; ///< '>' (otherwise '<', '|' or '=')
    bool fortranOrder = false;
    std::vector<long long> shape; ///< () is one element, (n,) one axis
    long long dataOffset = 0;     ///< where the data starts
    long long elementCount = 0;
    long long dataBytes = 0; ///< elementCount * itemSize
};

/**
 * Reads numpy's .npy format: header versions 1.0, 2.0 and 3.0; float16,
 * float32 and float64 in either byte order and in C or Fortran order, and
 * the unicode and byte string arrays tokens are saved as. Object arrays
 * (pickles) are refused, never unpickled. Every function throws ReadError.
 */
class NpyReader
{
public:
    /// The size of the preamble that says how long the header is.
    static constexpr long long kPreambleBytes = 12;
    /// numpy reads headers of at most 10,000 bytes by default; anything
    /// past this is not an array header.
    static constexpr long long kMaxHeaderBytes = 1 << 20;

    /// The header's total length (magic, version, length field, dict), from
    /// at least the first min(size, kPreambleBytes) bytes of the file.
    static long long headerLength(const char *data, long long size);
    /// Parses the header at the start of \a data, which holds \a size bytes
    /// (at least headerLength()).
    static NpyHeader parseHeader(const char *data, long long size);

    /// The array of the .npy file \a data (\a size bytes, valid while \a owner
    /// lives), named \a name; its data is checked to be all there.
    static AttentionArray array(const QString &name, const char *data, long long size,
                                std::shared_ptr<const void> owner);
    /// The array described by \a header, its name, shape and type, without load().
    static AttentionArray describe(const QString &name, const NpyHeader &header);
    /// The float values of \a header's array, whose data starts at \a data;
    /// the data is used in place when it is little-endian C-order float32
    /// and aligned, and converted into an owned buffer otherwise.
    static FloatValues floats(const NpyHeader &header, const char *data,
                              std::shared_ptr<const void> owner);
    /// A one-axis string array (numpy unicode "<U", ">U", or bytes "|S") as
    /// UTF-8 strings without their NUL padding.
    static std::vector<std::string> strings(const QString &name, const char *data, long long size);
};

} // namespace AttentionLab
