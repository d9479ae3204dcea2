// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

namespace AttentionLab {

/// inputText() for Qt strings: the one quoting of input, as a QString. A lone
/// UTF-16 surrogate shows as "\ud800" (QString::toUtf8 would make it "?").
QString inputText(const QString &text);

/// inputNumber() as a QString.
QString inputNumberText(double value);

} // namespace AttentionLab
