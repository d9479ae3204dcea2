#pragma once

#include "attentionresult.h"
#include "types.h"

#include <QJsonArray>

#include <string>
#include <vector>

namespace AttentionLab::Json {

/// Finite numbers as numbers; NaN and infinities (which JSON cannot hold) as null.
QJsonValue number(double value);
QJsonArray vector(const Eigen::Ref<const Eigen::RowVectorXd> &values);
QJsonArray matrix(const Matrix &m);
QJsonArray labels(const std::vector<std::string> &labels);
/// The logit of cell (\a row, \a col) as eval reports it: null when the mask
/// removes the key before the softmax, "Infinity" or "-Infinity" when a tiny
/// temperature overflows it (JSON has no infinities), else the number.
QJsonValue logit(const AttentionResult &result, Index row, Index col);

} // namespace AttentionLab::Json
