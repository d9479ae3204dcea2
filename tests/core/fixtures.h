// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QJsonObject>
#include <QString>

/// Reads tests/data/NAME (a JSON object written by make_fixtures.py);
/// fails the calling test, through QVERIFY in the caller, when it is empty.
QJsonObject readFixture(const QString &name);
