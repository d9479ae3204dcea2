#include "attentionresult.h"

#include <limits>

namespace AttentionLab {

double AttentionResult::logit(Index row, Index col) const
{
    if (options.mask == MaskMode::Causal && isMasked(row, col))
        return -std::numeric_limits<double>::infinity();
    return scores(row, col) / divisor;
}

} // namespace AttentionLab
