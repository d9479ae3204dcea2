// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// MainWindow's menus (the editors fill their own: Attention, Presets, the
// model's and the recorder's File entries) and presentation mode.

#include "ui/window/mainwindow.h"

#include "ui/model/modelpage.h"
#include "ui/views/actionicons.h"
#include "ui/views/entropybarsview.h"
#include "ui/window/attentiontab.h"
#include "ui/window/exportactions.h"
#include "ui/window/fileopener.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/presentationtheme.h"
#include "ui/window/recordcontroller.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/tabsmenu.h"
#include "ui/window/undoactions.h"
#include "ui/window/viewcontrols.h"
#include "ui/window/windowdocks.h"
#include "ui/window/windowtoolbars.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>

namespace AttentionLab {

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New"), m_session, &SessionWorkspace::newSession);
    ActionIcons::set(newAction, QStringLiteral("document-new"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("A new untitled session, starting from the lecture example"));
    QAction *openAction = file->addAction(tr("&Open…"), m_opener, &FileOpener::showOpenDialog);
    ActionIcons::set(openAction, QStringLiteral("document-open"));
    openAction->setShortcut(QKeySequence::Open);
    m_model->addFileActions(file);
    QAction *saveAction = file->addAction(tr("&Save"), m_session, &SessionWorkspace::save);
    ActionIcons::set(saveAction, QStringLiteral("document-save"));
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save &As…"), m_session, &SessionWorkspace::saveAs);
    ActionIcons::set(saveAsAction, QStringLiteral("document-save-as"));
    // Desktops without a key theme (a bare X session) give SaveAs no keys.
    saveAsAction->setShortcuts(
        QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
            ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}
            : QKeySequence::keyBindings(QKeySequence::SaveAs));
    m_opener->addRecentMenu(file);
    file->addSeparator();
    m_export->addExportAction(file);
    m_record->addFileActions(file);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    ActionIcons::set(quit, QStringLiteral("application-exit"));
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = new UndoActions(m_editors, this);
    m_undo->addToMenu(edit);
    edit->addSeparator();
    m_export->addCopyAction(edit);
    m_model->addEditActions(edit);
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_view = new ViewControls(m_session->attentionTab(), m_model->modelPage(), this);
    m_view->fillMenu(view);
    view->addMenu(new TabsMenu(m_tabs, view));
    view->addSeparator();
    m_toolBarsAction = view->addAction(tr("Show &Toolbars"));
    m_toolBarsAction->setCheckable(true);
    m_toolBarsAction->setChecked(true);
    m_toolBarsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_toolBarsAction->setToolTip(
        tr("Hide the toolbars for more room; the menus and shortcuts stay (Ctrl+Shift+T)"));
    connect(m_toolBarsAction, &QAction::toggled, this, &MainWindow::setToolBarsShown);
    m_docks->addToMenu(view->addMenu(tr("&Panels")));
    m_fullScreenAction = view->addAction(tr("&Full Screen"));
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_fullScreenAction->setToolTip(tr("The window over the whole screen (F11)"));
    connect(m_fullScreenAction, &QAction::toggled, this, &MainWindow::setFullScreen);
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    ActionIcons::set(m_presentationAction, QStringLiteral("view-presentation"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setToolTip(
        tr("Large text and thick lines for a lecture hall, full screen (F5)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
}

QWidget *MainWindow::tourPanel(const QString &name)
{
    // The built-in model's pages open it and show the head they describe.
    QWidget *modelPage = m_model->page();
    if (name == QLatin1String("builtin-previous"))
        return m_model->showBuiltinHead(QStringLiteral("previous token")) ? modelPage : nullptr;
    if (name == QLatin1String("builtin-induction"))
        return m_model->showBuiltinHead(QStringLiteral("induction")) ? modelPage : nullptr;
    if (name == QLatin1String("builtin-knockout"))
        return m_model->showBuiltinKnockout() ? modelPage : nullptr;
    if (name == QLatin1String("builtin-alignment"))
        return m_model->showBuiltinAlignment() ? modelPage : nullptr;
    // The tab the page is about comes to the front, with the panel it frames.
    const bool model = name == QLatin1String("model");
    m_tabs->setCurrentWidget(model ? modelPage : m_tabs->widget(0));
    if (name == QLatin1String("heatmap"))
        return m_session->attentionTab()->weightsArea();
    if (name == QLatin1String("sliders"))
        return m_docks->slidersDock()->isVisible() ? m_docks->slidersDock() : nullptr;
    if (name == QLatin1String("bars"))
        return m_session->attentionTab()->entropyBars();
    if (name == QLatin1String("toolbar"))
        return attentionToolBar()->isVisible() ? attentionToolBar() : nullptr;
    if (name == QLatin1String("tabs"))
        return tabBar();
    return model ? modelPage : nullptr;
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    const QSignalBlocker block(m_presentationAction);
    m_presentationAction->setChecked(on);
    if (on) {
        m_sizeBeforePresentation = size();
        m_fullScreenBeforePresentation = isFullScreen();
    }
    PresentationTheme::apply(on);
    ActionIcons::refresh(this);
    // The toolbar's icons grow with its text.
    const int iconSide = style()->pixelMetric(QStyle::PM_ToolBarIconSize);
    for (QToolBar *bar : {attentionToolBar(), viewToolBar()})
        bar->setIconSize(QSize(iconSide, iconSide) * (on ? PresentationTheme::kFontFactor : 1.0));
    // On a projector narrower than 1600 px the large words beside the icons
    // pushed Presentation Mode into the toolbar's » menu. The toggles keep
    // their words (a toggle's state must read from the back of the hall);
    // the labels before the lists go, and the lists are as wide as their
    // current choice (their tooltips name them; the others are in the list).
    const bool compact = on && screen() && screen()->availableGeometry().width() < 1600;
    m_toolBars->setCompact(compact);
    m_view->setCompact(compact);
    m_view->setPresentation(on);
    m_docks->setPresentation(on, currentEditor()->docks());
    if (on) {
        // The hall sees the whole screen: no window frame, no desktop.
        setFullScreen(true);
    } else {
        if (!m_fullScreenBeforePresentation)
            setFullScreen(false);
        // The window's size, then the docks' column: the hall's large text
        // had widened it, and the figures beside it stayed narrower.
        const bool resizeBack =
            m_sizeBeforePresentation.isValid() && !isMaximized() && !m_fullScreenBeforePresentation;
        QMetaObject::invokeMethod(
            this,
            [this, resizeBack] {
                // The toolbars' rows for the size coming back first: with the
                // hall's two rows still there the window could not shrink to it.
                m_toolBars->keepRecordButtonWidth();
                if (resizeBack) {
                    m_toolBars->arrange(m_sizeBeforePresentation.width());
                    // The minimum the hall's large text set goes first, or it
                    // holds the window taller than it was (696 px, not 650).
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                    resize(m_sizeBeforePresentation);
                }
                m_docks->restoreSlidersWidth();
            },
            Qt::QueuedConnection);
    }
    const double scale = on ? PresentationTheme::kPlotScale : 1.0;
    m_session->setPresentation(on, scale);
    syncModelLook();
    syncLabStyle();
    // Larger text makes the toolbars wider: they may need a second row now.
    QMetaObject::invokeMethod(
        this, [this] { m_toolBars->keepRecordButtonWidth(); }, Qt::QueuedConnection);
    QMetaObject::invokeMethod(
        this, [this] { m_toolBars->arrange(width()); }, Qt::QueuedConnection);
    showStatusMessage(on ? tr("Presentation mode: F5 to leave") : QString(), 4000);
}

void MainWindow::setFullScreen(bool on)
{
    if (m_fullScreenAction) {
        const QSignalBlocker block(m_fullScreenAction);
        m_fullScreenAction->setChecked(on);
    }
    if (on == isFullScreen())
        return;
    if (on)
        showFullScreen();
    else
        showNormal();
}

void MainWindow::setToolBarsShown(bool on)
{
    if (m_toolBarsAction) {
        const QSignalBlocker block(m_toolBarsAction);
        m_toolBarsAction->setChecked(on);
    }
    m_toolBars->setVisible(on);
}

} // namespace AttentionLab
