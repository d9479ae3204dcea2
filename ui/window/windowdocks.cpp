// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/windowdocks.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace AttentionLab {

WindowDocks::WindowDocks(QMainWindow *window, QWidget *sliders, QWidget *tokens, QWidget *output)
    : QObject(window), m_window(window)
{
    const auto dock = [window](const QString &title, const QString &name, QWidget *widget) {
        auto *d = new QDockWidget(title, window);
        d->setObjectName(name);
        d->setWidget(widget);
        window->addDockWidget(Qt::LeftDockWidgetArea, d);
        return d;
    };
    m_sliders = dock(tr("Sliders"), QStringLiteral("SlidersDock"), sliders);
    m_tokens = dock(tr("Tokens and vectors"), QStringLiteral("TokensDock"), tokens);
    m_output = dock(tr("Output Z = A V"), QStringLiteral("OutputDock"), output);
}

void WindowDocks::addToMenu(QMenu *panels) const
{
    for (QDockWidget *dock : {m_sliders, m_tokens, m_output})
        panels->addAction(dock->toggleViewAction());
}

void WindowDocks::sizeForFirstStart()
{
    const QList<QDockWidget *> docks{m_sliders, m_tokens, m_output};
    m_window->resizeDocks(docks, {440, 440, 440}, Qt::Horizontal);
    m_window->resizeDocks(docks, {330, 300, 170}, Qt::Vertical);
}

void WindowDocks::fitTo(TabEditor::Docks used)
{
    const std::pair<QDockWidget *, TabEditor::Dock> docks[] = {
        {m_sliders, TabEditor::Dock::Sliders},
        {m_tokens, TabEditor::Dock::Tokens},
        {m_output, TabEditor::Dock::Output}};
    for (const auto &[dock, flag] : docks) {
        if (!used.testFlag(flag)) {
            if (dock->isVisible() && !dock->isFloating()) {
                m_steppedAside.append(dock);
                dock->hide();
            }
        } else if (m_steppedAside.removeAll(dock) > 0) {
            // Presentation mode keeps the tables hidden; it shows them on leaving.
            if (m_presentation && (dock == m_tokens || dock == m_output))
                (dock == m_tokens ? m_tokensVisibleBefore : m_outputVisibleBefore) = true;
            else
                dock->show();
        }
    }
}

void WindowDocks::setPresentation(bool on, TabEditor::Docks used)
{
    m_presentation = on;
    if (on) {
        m_slidersWidthBefore = m_sliders->isVisible() ? m_sliders->width() : 0;
        // A table that stepped aside for the tab counts as shown.
        m_tokensVisibleBefore = m_tokens->isVisible() || m_steppedAside.contains(m_tokens);
        m_outputVisibleBefore = m_output->isVisible() || m_steppedAside.contains(m_output);
        m_steppedAside.removeAll(m_tokens);
        m_steppedAside.removeAll(m_output);
        m_tokens->hide();
        m_output->hide();
        return;
    }
    m_tokens->setVisible(m_tokensVisibleBefore);
    m_output->setVisible(m_outputVisibleBefore);
    fitTo(used); // a table the current tab does not use steps aside again
}

void WindowDocks::restoreSlidersWidth()
{
    if (m_slidersWidthBefore > 0 && m_sliders->isVisible())
        m_window->resizeDocks({m_sliders}, {m_slidersWidthBefore}, Qt::Horizontal);
}

void WindowDocks::showSteppedAside()
{
    for (QDockWidget *dock : std::as_const(m_steppedAside))
        dock->show();
    m_steppedAside.clear();
}

} // namespace AttentionLab
