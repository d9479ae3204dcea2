// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/maths/session.h"

namespace AttentionLab {

class JsonStreamWriter;

/// `eval FILE`: every number Eq. 16.2 produces for a session, written as
/// JSON while it is formatted, so the output needs no memory of its own
/// beyond the result. Masked logits are null (they are -inf).
void writeEvalReport(const Session &session, const AttentionResult &result, JsonStreamWriter &out);

} // namespace AttentionLab
