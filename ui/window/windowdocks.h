// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/window/tabeditor.h"

#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QMenu;

namespace AttentionLab {

/**
 * The window's docks: the sliders, the tokens and vectors, and the output.
 * A tab that does not use one gives it its room (it steps aside, and comes
 * back as it was on a tab that uses it); presentation mode hides the tables
 * and gives them back on leaving; a floating dock stays where it is.
 */
class WindowDocks : public QObject
{
    Q_OBJECT

public:
    WindowDocks(QMainWindow *window, QWidget *sliders, QWidget *tokens, QWidget *output);

    QDockWidget *slidersDock() const { return m_sliders; }
    /// View > Panels: a toggle for each dock.
    void addToMenu(QMenu *panels) const;
    /// First start: room for token names and a few coordinates.
    void sizeForFirstStart();
    /// The docks \a used shown, the others stepped aside.
    void fitTo(TabEditor::Docks used);
    /// Hides the tables for the hall, or gives them back (then fitted to \a used).
    void setPresentation(bool on, TabEditor::Docks used);
    /// The sliders' column as wide as before presentation mode widened it.
    void restoreSlidersWidth();
    /// Shows what stepped aside, so that the window's state saves the docks
    /// as the user had them.
    void showSteppedAside();

private:
    QMainWindow *m_window;
    QDockWidget *m_sliders;
    QDockWidget *m_tokens;
    QDockWidget *m_output;
    QList<QDockWidget *> m_steppedAside;
    bool m_presentation = false;
    /// What presentation mode hid, given back on leaving it.
    int m_slidersWidthBefore = 0; ///< 0: hidden
    bool m_tokensVisibleBefore = true;
    bool m_outputVisibleBefore = true;
};

} // namespace AttentionLab
