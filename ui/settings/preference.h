// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace AttentionLab {

/// One remembered setting with its key and default in one place
/// (`Preference<bool> showNumbers{"View/ShowNumbers", true}`), instead of
/// string keys scattered through the code.
template <typename T> class Preference
{
public:
    Preference(const char *key, T defaultValue)
        : m_key(QString::fromLatin1(key)), m_default(std::move(defaultValue))
    {
    }

    T get() const
    {
        const QVariant value = QSettings().value(m_key);
        return value.isValid() && value.canConvert<T>() ? value.value<T>() : m_default;
    }
    void set(const T &value) { QSettings().setValue(m_key, QVariant::fromValue(value)); }
    /// True once a value has been stored (the default is then not in use).
    bool isSet() const { return QSettings().contains(m_key); }
    operator T() const { return get(); }

private:
    QString m_key;
    T m_default;
};

} // namespace AttentionLab
