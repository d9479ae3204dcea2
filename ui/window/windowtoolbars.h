// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QList>
#include <QObject>

class QAction;
class QMainWindow;
class QTabBar;
class QTabWidget;
class QToolBar;
class QWidget;

namespace AttentionLab {

class ViewControls;

/**
 * The window's toolbars: the controls a lecturer reaches for (undo, the
 * scaling, the mask, the temperature), how the matrices look with Record
 * and Presentation Mode, and the tabs on a row of their own. The two bars
 * share one row when it holds them and take two when it does not, so that
 * nothing hides in an overflow menu.
 */
class WindowToolBars : public QObject
{
    Q_OBJECT

public:
    /// What goes on the bars.
    struct Contents
    {
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *scale = nullptr;
        QWidget *mask = nullptr;
        QWidget *temperature = nullptr;
        ViewControls *view = nullptr;
        QAction *record = nullptr;
        QAction *presentation = nullptr;
    };

    WindowToolBars(QMainWindow *window, QTabWidget *tabs, const Contents &contents);

    QToolBar *attentionBar() const { return m_attentionBar; }
    QToolBar *viewBar() const { return m_viewBar; }
    QTabBar *tabBar() const { return m_tabBar; }

    /// The mask and temperature shown or not (a tab that does not use the session).
    void setSessionShown(bool shown);
    /// The words before the view bar's lists left out (a narrow projector in the hall).
    void setCompact(bool compact);
    void setVisible(bool visible);
    /// Two rows when one does not hold the bars for a window \a width wide.
    void arrange(int width);
    /// The record button as wide as its widest word (Record, Stop).
    void keepRecordButtonWidth();

private:
    void createTabBar(QTabWidget *tabs);

    QMainWindow *m_window;
    Contents m_contents;
    QToolBar *m_attentionBar;
    QToolBar *m_viewBar;
    QTabBar *m_tabBar = nullptr;
    /// The mask and temperature on the attention bar (and their separators).
    QList<QAction *> m_sessionActions;
    /// The words before the view bar's lists (" Show ", " Colours ").
    QList<QAction *> m_labels;
    bool m_sessionShown = true;
    /// The attention bar's width with the session's controls shown, which
    /// arrange() keeps room for on every tab.
    int m_sessionWidth = 0;
};

} // namespace AttentionLab
