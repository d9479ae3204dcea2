// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"

#include <memory>
#include <vector>

class QIODevice;

namespace AttentionLab {

/**
 * A model's tensor and its heads' scores as a recording spools them: written
 * to a file when a frame is taken and read back when the frame is drawn, so
 * that a recording keeps no tensor in memory. writeTo() writes the shape, the
 * tokens, the visibility, the key/value heads and the scores in one
 * compressed block, then each head's weights compressed on their own (one
 * head's copy at a time, however large the tensor); readFrom() gives the same
 * tensor back bit for bit, its heads in a buffer of its own.
 */
struct SpooledTensor
{
    std::shared_ptr<const AttentionTensor> tensor;
    std::shared_ptr<const std::vector<HeadScores>> scores;

    /// Writes \a tensor and \a scores at \a device's position; false when
    /// the device would not take them all (see its errorString()).
    static bool writeTo(QIODevice *device, const AttentionTensor &tensor,
                        const std::vector<HeadScores> &scores);
    /// Reads what writeTo() wrote at \a device's position.
    /// Throws std::invalid_argument when it cannot be read whole.
    static SpooledTensor readFrom(QIODevice *device);
};

} // namespace AttentionLab
