// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <string>

namespace AttentionLab::SessionEdits {

/// Edits of a session's shape and labels, as the window offers them. Each
/// keeps the session consistent (values follow their keys, labels follow
/// their vectors) and throws std::invalid_argument for an edit that would
/// break it, such as removing the last key.
///
/// "Key" edits move the key together with its value and its column of the
/// bias; "query" edits the query and its row of the bias. A new key or query
/// carries no bias (0).

void insertKey(Session &s, Index at, const std::string &label);
void insertQuery(Session &s, Index at, const std::string &label);
void removeKey(Session &s, Index row);
void removeQuery(Session &s, Index row);
void moveKey(Session &s, Index from, Index to);
void moveQuery(Session &s, Index from, Index to);
void renameKey(Session &s, Index row, const std::string &label);
void renameQuery(Session &s, Index row, const std::string &label);
/// Gives every query and key \a dim coordinates: new ones are 0, dropped
/// ones are the last. Explicit values keep their own width; without them
/// V = K, and so follows.
void setKeyDim(Session &s, Index dim);

} // namespace AttentionLab::SessionEdits
