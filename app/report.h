// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonObject>
#include <QString>

namespace AttentionLab {

/// What one command prints: a readable table, or the same data as JSON.
struct Report
{
    QString text;
    QJsonObject json;
};

} // namespace AttentionLab
