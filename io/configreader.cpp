// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/configreader.h"

#include "io/checkpointfiles.h"
#include "io/inputtextqt.h"

#include <QJsonArray>

#include <cmath>
#include <utility>

namespace AttentionLab::Checkpoint {

namespace {

/// The largest count config.json may give (a width, a number of positions, a window).
constexpr double kMaxCount = 1e9;

} // namespace

ConfigReader::ConfigReader(QString path, QJsonObject object)
    : m_path(std::move(path)), m_object(std::move(object))
{
}

const QJsonValue &ConfigReader::require(const QString &key)
{
    m_value = m_object.value(key);
    if (m_value.isUndefined())
        fail(m_path, QStringLiteral("has no \"%1\"").arg(key));
    return m_value;
}

bool ConfigReader::has(const QString &key) const
{
    if (key.isEmpty())
        return false;
    const QJsonValue value = m_object.value(key);
    return !value.isUndefined() && !value.isNull();
}

bool ConfigReader::flag(const QString &key, bool fallback)
{
    if (!has(key))
        return fallback;
    const QJsonValue value = require(key);
    if (!value.isBool())
        fail(m_path, QStringLiteral("has \"%1\" that is not true or false").arg(key));
    return value.toBool();
}

int ConfigReader::count(const QString &key)
{
    const QJsonValue value = require(key);
    const double d = value.toDouble(-1.0);
    if (!value.isDouble() || d < 1.0 || d != std::floor(d))
        fail(m_path, QStringLiteral("has \"%1\" that is not a positive whole number").arg(key));
    // A whole number past the limit is named as such (issue 36, item 15).
    if (d > kMaxCount)
        fail(m_path, QStringLiteral("has \"%1\" %2, more than the %3 Attention Lab reads")
                         .arg(key, inputNumberText(d), QString::number(qint64(kMaxCount))));
    return int(d);
}

double ConfigReader::positive(const QString &key)
{
    const QJsonValue value = require(key);
    if (!value.isDouble() || !(value.toDouble() > 0.0))
        fail(m_path, QStringLiteral("has \"%1\" that is not a positive number").arg(key));
    return value.toDouble();
}

std::vector<double> ConfigReader::positives(const QString &key)
{
    const QJsonValue value = require(key);
    std::vector<double> out;
    const QJsonArray list = value.toArray();
    for (const QJsonValue &item : list) {
        if (!item.isDouble() || !(item.toDouble() > 0.0))
            fail(m_path,
                 QStringLiteral("has \"%1\" that is not a list of positive numbers").arg(key));
        out.push_back(item.toDouble());
    }
    if (!value.isArray() || out.empty())
        fail(m_path, QStringLiteral("has \"%1\" that is not a list of positive numbers").arg(key));
    return out;
}

std::optional<Activation> ConfigReader::activationNamed(const QString &name)
{
    if (name == QLatin1String("gelu_new") || name == QLatin1String("gelu_pytorch_tanh"))
        return Activation::GeluTanh;
    if (name == QLatin1String("gelu"))
        return Activation::GeluErf;
    if (name == QLatin1String("relu"))
        return Activation::Relu;
    if (name == QLatin1String("silu") || name == QLatin1String("swish"))
        return Activation::Silu;
    return std::nullopt;
}

Activation ConfigReader::activation(const QString &key)
{
    const QString name = require(key).toString();
    if (const std::optional<Activation> found = activationNamed(name))
        return *found;
    fail(m_path, QStringLiteral("has \"%1\" \"%2\"; only \"gelu_new\", \"gelu_pytorch_tanh\", "
                                "\"gelu\", \"relu\", \"silu\" and \"swish\" are supported")
                     .arg(key, inputText(name)));
}

} // namespace AttentionLab::Checkpoint
