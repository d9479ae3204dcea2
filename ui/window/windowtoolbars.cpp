// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/windowtoolbars.h"

#include "ui/window/viewcontrols.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>

namespace AttentionLab {

WindowToolBars::WindowToolBars(QMainWindow *window, QTabWidget *tabs, const Contents &contents)
    : QObject(window), m_window(window), m_contents(contents),
      m_attentionBar(window->addToolBar(tr("Attention"))), m_viewBar(window->addToolBar(tr("View")))
{
    QToolBar *bar = m_attentionBar;
    bar->setObjectName(QStringLiteral("AttentionToolBar"));
    bar->addAction(contents.undo);
    bar->addAction(contents.redo);
    bar->addSeparator();
    bar->addAction(contents.scale);
    auto *maskLabel = new QLabel(tr(" Mask "), window);
    maskLabel->setBuddy(contents.mask);
    // What steps aside on a tab that does not use the session: the bar
    // itself stays, so the tabs below never move under the pointer.
    m_sessionActions << bar->addSeparator() << bar->addWidget(maskLabel)
                     << bar->addWidget(contents.mask) << bar->addSeparator()
                     << bar->addWidget(contents.temperature);

    QToolBar *viewBar = m_viewBar;
    viewBar->setObjectName(QStringLiteral("ViewToolBar"));
    viewBar->addAction(contents.view->heatmapModeAction());
    viewBar->addAction(contents.view->linesAction());
    viewBar->addSeparator();
    m_labels << viewBar->addWidget(new QLabel(tr(" Show "), window));
    viewBar->addWidget(contents.view->quantityList());
    m_labels << viewBar->addWidget(new QLabel(tr(" Colours "), window));
    viewBar->addWidget(contents.view->colorMapList());
    viewBar->addWidget(contents.view->colorRangeList());
    viewBar->addSeparator();
    viewBar->addAction(contents.record);
    viewBar->addAction(contents.presentation);
    // Their shortcuts work with the toolbars hidden (View > Show Toolbars).
    window->addActions(bar->actions());
    window->addActions(viewBar->actions());
    // Icons everywhere; the words beside them where the icon alone would not
    // say it (√d_k, heatmap or lines, presentation). Tooltips name the keys.
    for (QToolBar *b : {bar, viewBar})
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (QAction *a : {contents.scale, contents.view->heatmapModeAction(),
                       contents.view->linesAction(), contents.record, contents.presentation})
        if (auto *button = qobject_cast<QToolButton *>(
                (a == contents.scale ? bar : viewBar)->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    createTabBar(tabs);
}

void WindowToolBars::createTabBar(QTabWidget *tabs)
{
    // The tabs, on a row of their own across the whole window. Inside the
    // central widget they moved sideways by the sliders' width whenever a
    // tab's docks stepped aside, and a click meant for the next tab landed
    // on another or on nothing. They stay when the toolbars are hidden.
    m_window->addToolBarBreak();
    QToolBar *tabsBar = m_window->addToolBar(tr("Tabs"));
    tabsBar->setObjectName(QStringLiteral("TabsToolBar"));
    tabsBar->setMovable(false);
    tabsBar->setFloatable(false);
    tabsBar->toggleViewAction()->setVisible(false);
    m_tabBar = new QTabBar(tabsBar);
    m_tabBar->setDocumentMode(true);
    m_tabBar->setDrawBase(false);
    m_tabBar->setExpanding(false);
    // Scrolls rather than set the window's minimum width (large text in
    // presentation mode would push it past a 1280 px projector): the bar
    // takes the row's width, whatever its tabs would like.
    m_tabBar->setUsesScrollButtons(true);
    m_tabBar->setElideMode(Qt::ElideNone);
    m_tabBar->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_tabBar->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < tabs->count(); ++i) {
        m_tabBar->addTab(tabs->tabText(i));
        m_tabBar->setTabToolTip(i, tabs->tabToolTip(i));
    }
    m_tabBar->setCurrentIndex(tabs->currentIndex());
    // A toolbar gives a widget its size hint or sends it to the » menu: the
    // bar's hint is ignored inside a holder that expands to the row's width.
    auto *holder = new QWidget(tabsBar);
    holder->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto *holderLayout = new QHBoxLayout(holder);
    holderLayout->setContentsMargins(0, 0, 0, 0);
    holderLayout->addWidget(m_tabBar);
    tabsBar->addWidget(holder);
    tabs->tabBar()->hide();
    // The tab widget passed its focus to its own bar, hidden now: Tab stopped
    // there, on the widget before it. Out of the chain, both of them.
    tabs->tabBar()->setFocusPolicy(Qt::NoFocus);
    tabs->setFocusPolicy(Qt::NoFocus);
    tabs->setFocusProxy(nullptr);
    connect(m_tabBar, &QTabBar::currentChanged, tabs, &QTabWidget::setCurrentIndex);
    connect(tabs, &QTabWidget::currentChanged, m_tabBar, &QTabBar::setCurrentIndex);
}

void WindowToolBars::setSessionShown(bool shown)
{
    m_sessionShown = shown;
    // The Model tab shows no "Mask: No mask" beside GPT-2. The bar stays (its
    // undo, redo and greyed scale keep the row), so the tabs do not move.
    for (QAction *action : std::as_const(m_sessionActions))
        action->setVisible(shown);
    m_contents.mask->setEnabled(shown);
    m_contents.temperature->setEnabled(shown);
}

void WindowToolBars::setCompact(bool compact)
{
    for (QAction *label : std::as_const(m_labels))
        label->setVisible(!compact);
}

void WindowToolBars::setVisible(bool visible)
{
    m_viewBar->setVisible(visible);
    m_attentionBar->setVisible(visible);
}

void WindowToolBars::arrange(int width)
{
    if (m_window->toolBarArea(m_viewBar) != m_window->toolBarArea(m_attentionBar))
        return;
    // The rows are those of the session's tabs, whose bar is the widest: a tab
    // whose controls stepped aside keeps them, and the tabs stay where they were.
    if (m_sessionShown || m_sessionWidth == 0)
        m_sessionWidth = m_attentionBar->sizeHint().width();
    const int needed = std::max(m_sessionWidth, m_attentionBar->sizeHint().width()) +
                       m_viewBar->sizeHint().width() + 16;
    const bool twoRows = needed > width;
    if (twoRows == m_window->toolBarBreak(m_viewBar))
        return;
    if (twoRows)
        m_window->insertToolBarBreak(m_viewBar);
    else
        m_window->removeToolBarBreak(m_viewBar);
}

void WindowToolBars::keepRecordButtonWidth()
{
    // "Record" and "Stop" in one width: the buttons after it (Presentation
    // Mode) moved 22 px under the pointer when the one became the other.
    auto *button = qobject_cast<QToolButton *>(m_viewBar->widgetForAction(m_contents.record));
    if (!button)
        return;
    button->setMinimumWidth(0);
    if (button->toolButtonStyle() == Qt::ToolButtonIconOnly)
        return;
    const QFontMetrics metrics = button->fontMetrics();
    const int shown = metrics.horizontalAdvance(m_contents.record->iconText());
    const int widest =
        std::max(metrics.horizontalAdvance(tr("Record")), metrics.horizontalAdvance(tr("Stop")));
    button->setMinimumWidth(button->sizeHint().width() + widest - shown);
}

} // namespace AttentionLab
