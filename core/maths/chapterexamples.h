// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"
#include "core/support/types.h"

#include <string>
#include <vector>

namespace AttentionLab {

/// The worked examples of Chapter 16, as the chapter's script defines them.
namespace ChapterExamples {

/// One query "who" = (0.1, 0.2, 0.3) against is/the/best, values = keys,
/// scaled by sqrt(3): weights (0.3369, 0.3019, 0.3611).
Session lecture();

/// Keys dog/truck/barked over (animal, vehicle, verb), values the identity,
/// queries: an animal query and a verb query that commit, and an undecided
/// query (2, 2, 2) whose entropy is the 1.5850-bit maximum, and a confident
/// animal query (8, 0, 0) that puts 0.96 of its weight on dog.
struct NamedQuery
{
    std::string name;
    std::vector<double> query;
};
Session selection();
std::vector<NamedQuery> selectionQueries();

/// Four raw scores per row for the tokens the/dog/barked/loudly, used as
/// logits directly (no scaling): masking after the softmax leaves row one
/// summing to 0.4551.
Session causalMask();
Matrix causalMaskScores();

} // namespace ChapterExamples

} // namespace AttentionLab
