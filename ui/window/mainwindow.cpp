// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/mainwindow.h"

#include "core/hugepagebuffer.h"
#include "core/session.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/document/sessionpaths.h"
#include "ui/labs/labcanvas.h"
#include "ui/model/attentionfiles.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/elidinglabel.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/exportdialog.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/altkeymenuaccess.h"
#include "ui/window/attentiontab.h"
#include "ui/window/helpmenu.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/presentationtheme.h"
#include "ui/window/recordcontroller.h"
#include "ui/window/sessiontabeditor.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/undoshortcutrouter.h"
#include "ui/window/viewcontrols.h"
#include "ui/window/windowdocks.h"
#include "ui/window/windowtoolbars.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoGroup>

#include <algorithm>

namespace AttentionLab {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new SessionWorkspace(this)), m_model(new ModelTabEditor(this)),
      m_tabs(new QTabWidget(this))
{
    // A model's pass runs on every keystroke: each keeps the last one's
    // attention buffer for the next (core/hugepagebuffer).
    HugePageBuffer::setReuse(true);
    createTabs();
    m_docks = new WindowDocks(this, m_session->vectorEditor(), m_session->matrixEditor(),
                              m_session->outputTable());
    createStatusBar();
    new AltKeyMenuAccess(menuBar());
    new UndoShortcutRouter(this);
    createFileMenu();
    createEditMenu();
    m_session->fillAttentionMenu(menuBar()->addMenu(tr("&Attention")));
    createViewMenu();
    m_session->fillPresetsMenu(menuBar()->addMenu(tr("&Presets")));
    new HelpMenu(
        menuBar(), [this](const QString &name) { return tourPanel(name); },
        [this] {
            m_tabs->setCurrentIndex(0);
            m_session->attentionTab()->hintBar()->showIfNew();
        },
        this);
    m_toolBars = new WindowToolBars(this, m_tabs,
                                    {m_undoAction, m_redoAction, m_session->scaleAction(),
                                     m_session->maskChooser(), m_session->temperatureControl(),
                                     m_view, m_record->recordAction(), m_presentationAction});
    connect(m_record, &RecordController::recordingChanged, m_toolBars,
            &WindowToolBars::keepRecordButtonWidth);

    connect(m_session, &SessionWorkspace::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_model, &ModelTabEditor::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_record, &RecordController::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_session, &SessionWorkspace::describedChanged, this, &MainWindow::updateTitle);
    connect(m_session, &SessionWorkspace::describedChanged, this, &MainWindow::updateStatus);
    connect(m_session, &SessionWorkspace::docksChanged, this, [this] {
        m_docks->fitTo(currentEditor()->docks());
        updateStatus();
    });
    connect(m_model, &ModelTabEditor::describedChanged, this, &MainWindow::updateTitle);
    connect(m_model, &ModelTabEditor::describedChanged, this, &MainWindow::updateStatus);
    connect(m_model, &ModelTabEditor::raiseRequested, this,
            [this] { m_tabs->setCurrentWidget(m_model->page()); });
    connect(m_model, &ModelTabEditor::takeHeadRequested, this,
            [this] { openHeadInAttentionTab(); });
    connect(m_session, &SessionWorkspace::fileUsed, this, &MainWindow::addRecentFile);
    connect(m_model, &ModelTabEditor::opened, this, &MainWindow::addRecentFile);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::fitToTab);
    connect(m_view, &ViewControls::styleChanged, this, &MainWindow::syncLabStyle);
    syncLabStyle();
    m_session->attentionTab()->hintBar()->showIfNew();
    setAcceptDrops(true);

    if (!restoreGeometry(Preferences::windowGeometry))
        resize(1500, 920);
    fitToScreen();
    if (!restoreState(Preferences::windowState))
        m_docks->sizeForFirstStart();
    m_toolBars->arrange(width());
    fitToTab();
}

MainWindow::~MainWindow() = default;

void MainWindow::createTabs()
{
    // The Attention tab first, then a lab for each section of the chapter,
    // a trained model's attention last. No mnemonics on the tabs: Alt+letter
    // belongs to the menus (Alt+1 to Alt+8 and Ctrl+PgUp/PgDown switch tabs).
    for (const auto &[page, name] : m_session->pages())
        m_tabs->addTab(page, name);
    for (const auto &editor : m_session->editors())
        m_editors.push_back(editor.get());
    m_tabs->addTab(m_model->page(), tr("Model"));
    m_editors.push_back(m_model);
    Q_ASSERT(int(m_editors.size()) == m_tabs->count());
    // Its tabs are shown by the bar across the window (WindowToolBars).
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabToolTip(i, tr("%1 (Alt+%2)").arg(m_tabs->tabText(i)).arg(i + 1));
        // No page may hold the window larger than a 1280 x 720 projector in
        // presentation mode: a page squeezed below its layout's wish clips.
        m_tabs->widget(i)->setMinimumSize(320, 240);
    }
    setCentralWidget(m_tabs);
}

void MainWindow::createStatusBar()
{
    // What the tab shows, shortened with "…" rather than cut or printed
    // over a message; a message (a few seconds) takes the whole bar but the
    // recording's badge, and the line comes back after it.
    m_status = new ElidingLabel(QString(), this);
    m_status->setObjectName(QStringLiteral("StatusLine"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    statusBar()->addPermanentWidget(m_status, 1);
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &text) {
        if (text.isEmpty())
            statusBar()->setToolTip(QString());
        m_status->setVisible(text.isEmpty());
    });
    m_record = new RecordController(
        this, [this] { return currentEditor(); }, [this] { return currentFigureStyle(); });
    statusBar()->insertPermanentWidget(0, m_record->badge());
}

TabEditor *MainWindow::currentEditor() const
{
    const int index = m_tabs->currentIndex();
    return index >= 0 && index < int(m_editors.size()) ? m_editors[size_t(index)] : nullptr;
}

QTabBar *MainWindow::tabBar() const
{
    return m_toolBars->tabBar();
}

QToolBar *MainWindow::attentionToolBar() const
{
    return m_toolBars->attentionBar();
}

QToolBar *MainWindow::viewToolBar() const
{
    return m_toolBars->viewBar();
}

void MainWindow::fitToScreen()
{
    const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    if (!screen || isFullScreen() || isMaximized())
        return;
    const QRect available = screen->availableGeometry();
    QSize frameExtra = frameGeometry().size() - geometry().size();
    // Before the window manager has said how large its frame is, a title
    // bar's height is kept free on a desktop: a 1280 x 720 window put its
    // status bar under the screen's edge.
    const QString platform = QGuiApplication::platformName();
    if (frameExtra.isNull() &&
        (platform == QLatin1String("xcb") || platform.startsWith(QLatin1String("wayland"))))
        frameExtra = QSize(0, 32);
    const QSize room = available.size() - frameExtra;
    QSize fitted = size().boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room));
    if (fitted != size())
        resize(fitted);
    QRect frame = frameGeometry();
    frame.moveLeft(std::clamp(frame.left(), available.left(),
                              std::max(available.left(), available.right() - frame.width() + 1)));
    frame.moveTop(std::clamp(frame.top(), available.top(),
                             std::max(available.top(), available.bottom() - frame.height() + 1)));
    if (frame.topLeft() != frameGeometry().topLeft())
        move(frame.topLeft());
}

void MainWindow::fitToTab()
{
    const TabEditor *editor = currentEditor();
    if (!editor || !m_toolBars)
        return;
    m_docks->fitTo(editor->docks());
    m_undoGroup->setActiveStack(editor->undoStack());
    const bool session = editor->usesSessionControls();
    for (QAction *action : m_session->sessionActions())
        action->setEnabled(session);
    m_view->heatmapModeAction()->setEnabled(session);
    m_view->linesAction()->setEnabled(session);
    m_view->setSessionShown(session);
    m_toolBars->setSessionShown(session);
    updateTitle();
    updateStatus();
}

void MainWindow::updateTitle()
{
    if (!currentEditor())
        return;
    const TabEditor::Title title = currentEditor()->title();
    setWindowTitle(title.text + QStringLiteral(" — Attention Lab"));
    setWindowFilePath(title.filePath);
    setWindowModified(title.modified);
}

void MainWindow::updateStatus()
{
    if (const TabEditor *editor = currentEditor(); editor && m_status)
        m_status->setFullText(editor->statusText());
}

void MainWindow::showStatusMessage(const QString &message, int timeout)
{
    QStatusBar *bar = statusBar();
    // The line of the tab steps aside while the message shows (messageChanged);
    // the recording's badge stays.
    const QWidget *badge = m_record ? m_record->badge() : nullptr;
    const int room = bar->width() - (badge && badge->isVisible() ? badge->width() : 0) -
                     bar->fontMetrics().averageCharWidth() * 4;
    const QString shown =
        bar->fontMetrics().elidedText(message, Qt::ElideRight, std::max(40, room));
    bar->setToolTip(shown == message ? QString() : message);
    bar->showMessage(shown, timeout);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Only now is the frame known: the whole window, frame too, must fit.
    if (!m_shownOnce) {
        m_shownOnce = true;
        QMetaObject::invokeMethod(this, &MainWindow::fitToScreen, Qt::QueuedConnection);
        // Window managers tell the frame's size a moment after mapping.
        QTimer::singleShot(400, this, &MainWindow::fitToScreen);
    }
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_toolBars)
        m_toolBars->arrange(width());
}

FigureStyle MainWindow::currentFigureStyle() const
{
    FigureStyle style;
    style.colorMap = m_session->attentionTab()->heatmap()->colorMap();
    style.theme = m_presentation ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    style.numbers = !m_view || m_view->showsNumbers();
    return style;
}

bool MainWindow::showsModel() const
{
    return currentEditor() == m_model && !m_model->document()->isEmpty();
}

QString MainWindow::currentViewName() const
{
    return currentEditor()->currentViewName();
}

bool MainWindow::exportFigure(const QString &path, const QString &viewName, const ExportSize &size,
                              const FigureStyle &style, QString *error)
{
    return currentEditor()->exportFile(path, viewName, style, size, error);
}

void MainWindow::showExportDialog()
{
    TabEditor *editor = currentEditor();
    const QList<ExportDialog::View> views = editor->exportViews();
    if (views.isEmpty()) {
        QMessageBox::information(this, tr("Nothing to export"),
                                 tr("This tab shows nothing to export yet: open a model or an "
                                    "attention file first."));
        return;
    }
    const FigureStyle current = currentFigureStyle();
    ExportDialog dialog(current.colorMap, m_presentation, views, currentViewName(), this);
    dialog.setTitle(editor->exportTitle());
    if (dialog.exec() != QDialog::Accepted)
        return;
    editor->rememberExportTitle(dialog.style().title);
    QString error;
    if (!exportFigure(dialog.filePath(), dialog.viewName(), dialog.size(), dialog.style(),
                      &error)) {
        QMessageBox::warning(this, tr("Cannot export"), error);
        return;
    }
    showStatusMessage(tr("Exported %1").arg(dialog.filePath()), 5000);
}

QImage MainWindow::figureImage() const
{
    return currentEditor()->figureImage(currentFigureStyle());
}

void MainWindow::copyFigure()
{
    const QImage image = figureImage();
    if (image.isNull()) {
        showStatusMessage(tr("This tab shows nothing to copy yet"), 4000);
        return;
    }
    QGuiApplication::clipboard()->setImage(image);
    showStatusMessage(tr("The figure is on the clipboard"), 4000);
}

void MainWindow::syncLabStyle()
{
    FigureStyle style = currentFigureStyle();
    style.fontScale = m_presentation ? PresentationTheme::kFigureFontScale : 1.0;
    for (LabCanvas *canvas : findChildren<LabCanvas *>())
        canvas->setStyle(style);
    m_session->attentionTab()->linesView()->setStyle(style);
    m_model->modelPage()->linesView()->setStyle(style);
}

bool MainWindow::openFile(const QString &path)
{
    return AttentionFiles::isAttentionFile(path) ? m_model->openAttentionFile(path)
                                                 : m_session->open(path);
}

void MainWindow::openFromUser(const QString &path)
{
    // A model's folder or an attention file leaves the session as it is:
    // nothing to save first.
    if (QFileInfo(path).isDir())
        m_model->openModelFolder(path);
    else if (AttentionFiles::isAttentionFile(path) || m_session->maybeSave())
        openFile(path);
}

void MainWindow::open()
{
    const QString sessions = tr("Attention Lab sessions (*%1 *.json)").arg(SessionPaths::kSuffix);
    const QString tensors = AttentionFiles::fileFilter();
    // Everything either tab opens, then each kind alone.
    const QString everything =
        tr("Sessions and attention tensors (*.json %1)")
            .arg(tensors.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0));
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a session or an attention file"), SessionPaths::folder(),
        QStringList{everything, sessions, tensors}.join(QStringLiteral(";;")));
    if (!path.isEmpty())
        openFromUser(path);
}

void MainWindow::addRecentFile(const QString &path)
{
    SessionPaths::remember(path);
    m_recentMenu->add(path);
}

bool MainWindow::openHeadInAttentionTab()
{
    Session session;
    const std::optional<ModelTabEditor::TakenHead> head = m_model->takeHead(&session);
    if (!head || !m_session->loadPreset(session, head->name))
        return false;
    m_tabs->setCurrentIndex(0);
    // What was done to q and k on the way, on the hint line until the next
    // session, and the status bar's short note.
    m_session->attentionTab()->hintBar()->showNote(head->note);
    showStatusMessage(tr("%1: drag a key, toggle √d_k or the mask").arg(head->name), 8000);
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openFromUser(urls.first().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_session->maybeSave()) {
        event->ignore();
        return;
    }
    if (m_presentation)
        setPresentationMode(false); // the layout and size as the user made them
    Preferences::windowGeometry.set(saveGeometry());
    m_docks->showSteppedAside();
    Preferences::windowState.set(saveState());
    m_session->autosaver()->discard(); // closed cleanly: saved, or discarded on purpose
    event->accept();
}

} // namespace AttentionLab
