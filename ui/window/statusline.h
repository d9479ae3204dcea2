// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QObject>

class QStatusBar;
class QWidget;

namespace AttentionLab {

class ElidingLabel;

/**
 * The status bar's line: what the current tab shows, shortened with "…"
 * rather than cut or printed over a message. A passing message takes the
 * whole bar but the badges beside it (the recording's), shortened to the
 * room they leave, with the whole message as the bar's tooltip meanwhile;
 * the line comes back after it.
 */
class StatusLine : public QObject
{
    Q_OBJECT

public:
    /// \a badge stays beside the line and the messages (may be null).
    StatusLine(QStatusBar *bar, QWidget *badge);

    void setText(const QString &text);
    void showMessage(const QString &message, int timeout);

private:
    QStatusBar *m_bar;
    QWidget *m_badge;
    ElidingLabel *m_line;
};

} // namespace AttentionLab
