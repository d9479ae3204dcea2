#pragma once

#include <QJsonObject>
#include <QString>

/// Reads tests/data/NAME (a JSON object written by make_fixtures.py);
/// fails the calling test, through QVERIFY in the caller, when it is empty.
QJsonObject readFixture(const QString &name);
