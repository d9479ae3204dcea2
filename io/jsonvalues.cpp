// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/jsonvalues.h"

#include <cmath>

namespace AttentionLab::Json {

QJsonValue number(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

QJsonArray vector(const Eigen::Ref<const Eigen::RowVectorXd> &values)
{
    QJsonArray out;
    for (Index i = 0; i < values.size(); ++i)
        out.append(number(values[i]));
    return out;
}

QJsonArray matrix(const Matrix &m)
{
    QJsonArray out;
    for (Index i = 0; i < m.rows(); ++i)
        out.append(vector(m.row(i)));
    return out;
}

QJsonArray labels(const std::vector<std::string> &labels)
{
    QJsonArray out;
    for (const auto &label : labels)
        out.append(QString::fromStdString(label));
    return out;
}

} // namespace AttentionLab::Json
