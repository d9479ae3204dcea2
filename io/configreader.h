// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <vector>

namespace AttentionLab::Checkpoint {

/// The settings of one JSON object of a checkpoint's config.json (the
/// object itself, or its rope_scaling), each checked as it is read; a
/// setting that is missing or out of range is refused naming the file.
class ConfigReader
{
public:
    ConfigReader(QString path, QJsonObject object);

    /// The value of \a key; refused when it is absent.
    const QJsonValue &require(const QString &key);

    /// Whether \a key is given, and not null; false for the empty key of a
    /// family that has no such setting.
    bool has(const QString &key) const;

    /// \a key's true or false; \a fallback when it is absent or null.
    bool flag(const QString &key, bool fallback);

    /// \a key's positive whole number, at most a billion.
    int count(const QString &key);

    /// \a key's positive number.
    double positive(const QString &key);

    /// \a key's list of numbers (longrope's factors), each positive.
    std::vector<double> positives(const QString &key);

    /// \a key's activation: "gelu_new" or "gelu_pytorch_tanh" (tanh), "gelu"
    /// (erf), "relu", "silu" or "swish".
    Activation activation(const QString &key);
    /// \a name as an activation, if it is one of those.
    static std::optional<Activation> activationNamed(const QString &name);

private:
    QString m_path;
    QJsonObject m_object;
    QJsonValue m_value;
};

} // namespace AttentionLab::Checkpoint
