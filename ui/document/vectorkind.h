#pragma once

namespace AttentionLab {

/// Which matrix of the session a vector belongs to.
enum class VectorKind
{
    Query,
    Key,
    Value,
};

} // namespace AttentionLab
