#pragma once

#include "attentionresult.h"
#include "report.h"
#include "session.h"

namespace AttentionLab {

/// `eval FILE`: every number Eq. 16.2 produces for a session. Masked logits
/// are null in the JSON (they are -inf), and shown as "-inf" in the table.
Report evalReport(const Session &session);

} // namespace AttentionLab
