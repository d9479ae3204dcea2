// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/support/types.h"

#include <QJsonArray>

#include <string>
#include <vector>

namespace AttentionLab::Json {

/// Finite numbers as numbers; NaN and infinities (which JSON cannot hold) as null.
QJsonValue number(double value);
QJsonArray vector(const Eigen::Ref<const Eigen::RowVectorXd> &values);
QJsonArray matrix(const Matrix &m);
QJsonArray labels(const std::vector<std::string> &labels);

} // namespace AttentionLab::Json
