// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/keyvisibility.h"
#include "core/sets/attentionaggregates.h"
#include "ui/figure/tensorfigure.h"

#include <QStringList>

#include <limits>

namespace AttentionLab {

/// A matrix to draw: a head of the tensor itself (never copied) or one
/// computed from it (an average, the rollout, a word-merged matrix).
struct TensorMatrix
{
    FloatMatrix owned;
    const float *head = nullptr; ///< the tensor's own head, when nothing was computed
    int rows = 0;
    int cols = 0;
    QStringList rowLabels;
    QStringList colLabels;
    bool merged = false;      ///< word-level merging was applied
    bool written = false;     ///< rows are labelled by the token each wrote
    KeyVisibility visibility; ///< which cells were masked: NaN in at(), grey in the figure

    /// The weight, or NaN where the query could not see the key.
    double shown(int i, int j) const
    {
        return visibility.sees(i, j) ? double(at(i, j)) : std::numeric_limits<double>::quiet_NaN();
    }

    /// A Q x K matrix, the tensor's \a head or \a computed from it, with
    /// its labels, merged into words when asked and the file has tokens to merge.
    static TensorMatrix prepare(const TensorFigureData &d, const float *head,
                                FloatMatrix computed = {}, bool isRollout = false);

    const float *data() const { return owned.size() > 0 ? owned.data() : head; }
    float at(int i, int j) const { return data()[static_cast<long long>(i) * cols + j]; }
};

} // namespace AttentionLab
