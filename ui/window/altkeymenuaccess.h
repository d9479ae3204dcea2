// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QObject>

class QMenuBar;

namespace AttentionLab {

/// Alt pressed and released on its own opens the menu bar's first menu, as
/// F10 does (an action of the window, as on GNOME and KDE): a keyboard or a
/// presenter's clicker reaches every menu. Fusion does neither by itself.
/// Alt held with another key stays a mnemonic.
class AltKeyMenuAccess : public QObject
{
    Q_OBJECT

public:
    /// Watches the key events of \a menuBar's window, and gives the window F10.
    explicit AltKeyMenuAccess(QMenuBar *menuBar);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMenuBar *m_menuBar;
    bool m_altAlone = false;
};

} // namespace AttentionLab
