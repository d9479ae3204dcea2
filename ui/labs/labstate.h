// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/labsettings.h"

#include <QObject>

#include <functional>

namespace AttentionLab {

/// The labs' settings, shared by the lab tabs and the window's exports;
/// says when they change so the lab canvases repaint.
class LabState : public QObject
{
    Q_OBJECT

public:
    explicit LabState(QObject *parent = nullptr) : QObject(parent) {}

    const LabSettings &settings() const { return m_settings; }
    /// Changes the settings through \a edit and announces it.
    void update(const std::function<void(LabSettings &)> &edit)
    {
        edit(m_settings);
        emit changed();
    }

signals:
    void changed();

private:
    LabSettings m_settings;
};

} // namespace AttentionLab
