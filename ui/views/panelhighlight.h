// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QPointer>
#include <QWidget>

namespace AttentionLab {

/**
 * A frame drawn over a panel of the window, so that a guided tour's words
 * point at what they describe. It passes the mouse through, follows the
 * panel when the window is resized, and goes with the tour.
 */
class PanelHighlight : public QWidget
{
    Q_OBJECT

public:
    explicit PanelHighlight(QWidget *window);

    /// Frames \a panel (a widget of the window), or nothing when null.
    void setPanel(QWidget *panel);
    QWidget *panel() const { return m_panel; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void follow();

    QPointer<QWidget> m_panel;
};

} // namespace AttentionLab
