// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/cellvalue.h"

#include <limits>

namespace AttentionLab {

double cellValue(const AttentionResult &result, CellQuantity quantity, Index row, Index col)
{
    constexpr double masked = std::numeric_limits<double>::quiet_NaN();
    switch (quantity) {
    case CellQuantity::Weights:
        return result.isMasked(row, col) ? masked : result.weights(row, col);
    case CellQuantity::Scores:
        return result.scores(row, col);
    case CellQuantity::Logits:
        return result.isMaskedBeforeSoftmax(row, col) ? masked : result.logit(row, col);
    }
    return masked;
}

} // namespace AttentionLab
