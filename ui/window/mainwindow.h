// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QJsonObject>
#include <QMainWindow>
#include <QSize>

#include <vector>

class QTabBar;
class QTabWidget;
class QTimer;
class QToolBar;

namespace AttentionLab {

class ExportActions;
class ModelTabEditor;
class FileOpener;
class RecordController;
class SessionWorkspace;
class StatusLine;
class TabEditor;
class UndoActions;
class ViewControls;
class WindowDocks;
class WindowToolBars;

/// The window a lecturer projects: its tabs, each an editor (the session's
/// tabs of SessionWorkspace, then ModelTabEditor), the docks, the menus,
/// the toolbars and presentation mode. It asks the current tab's editor
/// what to show, export, record and animate.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// The session and its tabs: the Attention tab and the labs.
    SessionWorkspace *session() const { return m_session; }
    /// The Model tab: a trained model's attention, from a model or a file.
    ModelTabEditor *model() const { return m_model; }
    ViewControls *viewControls() const { return m_view; }
    /// File > Record and File > Animate.
    RecordController *record() const { return m_record; }
    QTabWidget *tabs() const { return m_tabs; }
    /// The tabs as shown: a bar across the window, under the toolbars.
    QTabBar *tabBar() const;
    QToolBar *attentionToolBar() const;
    QToolBar *viewToolBar() const;
    /// The editor of the current tab: its docks, controls, title, status and figures.
    TabEditor *currentEditor() const;
    /// The view the current tab shows, as `export --view` names it.
    QString currentViewName() const;
    /// True when the Model tab is current and shows a tensor.
    bool showsModel() const;

    /// Opens a session, or an attention file in the Model tab; a message box
    /// says why a file cannot be read, and what was open stays open.
    bool openFile(const QString &path);
    /// Opens \a path as File > Open does (a model folder, an attention file
    /// or a session) and brings the window to the front: a file another
    /// program handed over (WindowServer). It waits its turn while a
    /// generation or a sweep the user started runs, or a dialog is open,
    /// and opens once they end; a pass over the typed text it replaces.
    void openReceived(const QString &path);
    /// The files received that wait their turn, oldest first.
    const QStringList &receivedWaiting() const { return m_received; }
    /// What the window shows, for the socket's status request: the file or
    /// folder opened last ("file"), the Model tab's and the session's, the
    /// current tab ("model" or "attention"), and what the Model tab shows
    /// ("view": head or grid, "set", "layer", "head").
    QJsonObject status() const;
    /// Makes the Model tab's selected head a new session in the Attention
    /// tab; false when no model's head is selected or the user kept unsaved work.
    bool openHeadInAttentionTab();

    /// The style the window's figures have now: its colour map, its theme
    /// (dark in presentation mode) and whether cells show numbers.
    FigureStyle currentFigureStyle() const;
    /// Writes \a viewName of the current tab to \a path; false with a
    /// message in \a error on failure (the old file stays).
    bool exportFigure(const QString &path, const QString &viewName, const ExportSize &size,
                      const FigureStyle &style, QString *error);
    /// The whole figure as an image, as Edit > Copy Figure puts it on the clipboard.
    QImage figureImage() const;
    void copyFigure();

    /// Large fonts and thick lines for a hall, a dark high-contrast look, and
    /// the editors collapsed to the sliders.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    /// Full screen on its own (View > Full Screen, F11); presentation mode is full screen too.
    void setFullScreen(bool on);
    /// View > Show Toolbars (Ctrl+Shift+T).
    void setToolBarsShown(bool on);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createTabs();
    void createStatusBar();
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    /// The panel a page of the guided tour is about, its tab brought to the front.
    QWidget *tourPanel(const QString &name);
    /// Makes the window what the current tab's editor asks for: the docks
    /// it does not use step aside (and come back as they were on a tab that
    /// uses them), the session's controls only where they act, its title
    /// and its status.
    void fitToTab();
    /// The window's title and status line from the current tab's editor.
    void describeTab();
    void showStatusMessage(const QString &message, int timeout = 0);
    void syncLabStyle();
    /// The Model tab's look: presentation mode's, or the dark one a file asked for.
    void syncModelLook();
    /// Opens the files received, oldest first, while nothing holds them back.
    void openWaitingReceived();

    SessionWorkspace *m_session;
    ModelTabEditor *m_model;
    QTabWidget *m_tabs;
    ViewControls *m_view = nullptr;
    RecordController *m_record = nullptr;
    WindowToolBars *m_toolBars = nullptr;
    /// One editor per tab, in the tabs' order.
    std::vector<TabEditor *> m_editors;
    UndoActions *m_undo = nullptr;
    ExportActions *m_export = nullptr;
    FileOpener *m_opener = nullptr;
    /// The file or folder opened last, in either tab.
    QString m_lastOpened;
    /// Files received that wait for the user's work or a dialog to end,
    /// looked at again by m_receivedTimer.
    QStringList m_received;
    QTimer *m_receivedTimer = nullptr;
    QString m_receivedNote; ///< what the status bar says of the file that waits
    bool m_openingReceived = false;
    /// The file shown asked for the dark look (model_view's display_mode).
    bool m_modelDark = false;
    WindowDocks *m_docks = nullptr;
    StatusLine *m_status = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_fullScreenAction = nullptr;
    QAction *m_toolBarsAction = nullptr;
    bool m_presentation = false;
    /// What presentation mode changed, given back on leaving it.
    QSize m_sizeBeforePresentation;
    bool m_fullScreenBeforePresentation = false;
    /// The first show fits the window to its screen, frame included.
    bool m_shownOnce = false;
};

} // namespace AttentionLab
