// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/mainwindow.h"

#include "ui/labs/labstate.h"

#include "core/maths/session.h"
#include "core/support/hugepagebuffer.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/settings/preferences.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/altkeymenuaccess.h"
#include "ui/window/attentiontab.h"
#include "ui/window/exportactions.h"
#include "ui/window/fileopener.h"
#include "ui/window/helpmenu.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/presentationtheme.h"
#include "ui/window/recordcontroller.h"
#include "ui/window/screenfit.h"
#include "ui/window/sessiontabeditor.h"
#include "ui/window/sessionworkspace.h"
#include "ui/window/statusline.h"
#include "ui/window/undoactions.h"
#include "ui/window/undoshortcutrouter.h"
#include "ui/window/viewcontrols.h"
#include "ui/window/windowdocks.h"
#include "ui/window/windowtoolbars.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QJsonArray>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

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
    m_opener = new FileOpener(m_session, m_model, this);
    connect(m_session, &SessionWorkspace::fileUsed, this,
            [this](const QString &path) { m_lastOpened = path; });
    connect(m_model, &ModelTabEditor::opened, this,
            [this](const QString &path) { m_lastOpened = path; });
    // A file's theme (model_view's display_mode): the Model tab's look.
    connect(m_model, &ModelTabEditor::themeRequested, this, [this](bool dark) {
        m_modelDark = dark;
        syncModelLook();
    });
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
    m_toolBars =
        new WindowToolBars(this, m_tabs,
                           {m_undo->toolBarUndo(), m_undo->toolBarRedo(), m_session->scaleAction(),
                            m_session->maskChooser(), m_session->temperatureControl(), m_view,
                            m_record->recordAction(), m_presentationAction});
    connect(m_record, &RecordController::recordingChanged, m_toolBars,
            &WindowToolBars::keepRecordButtonWidth);

    connect(m_session, &SessionWorkspace::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_model, &ModelTabEditor::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_session, &SessionWorkspace::describedChanged, this, &MainWindow::describeTab);
    connect(m_session, &SessionWorkspace::docksChanged, this, [this] {
        m_docks->fitTo(currentEditor()->docks());
        describeTab();
    });
    connect(m_model, &ModelTabEditor::describedChanged, this, &MainWindow::describeTab);
    connect(m_model, &ModelTabEditor::raiseRequested, this,
            [this] { m_tabs->setCurrentWidget(m_model->page()); });
    connect(m_model, &ModelTabEditor::takeHeadRequested, this,
            [this] { openHeadInAttentionTab(); });
    connect(m_model, &ModelTabEditor::relativeBiasChanged, this,
            [this](std::shared_ptr<const RelativeBiasTables> tables) {
                m_session->labState()->update(
                    [&tables](LabSettings &s) { s.relativeBias = std::move(tables); });
            });
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::fitToTab);
    connect(m_view, &ViewControls::styleChanged, this, &MainWindow::syncLabStyle);
    syncLabStyle();
    m_session->attentionTab()->hintBar()->showIfNew();
    setAcceptDrops(true);

    if (!restoreGeometry(Preferences::windowGeometry))
        resize(1500, 920);
    fitWindowToScreen(this);
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
    m_record = new RecordController(
        this, [this] { return currentEditor(); }, [this] { return currentFigureStyle(); });
    m_export = new ExportActions(
        this, [this] { return currentEditor(); }, [this] { return currentFigureStyle(); });
    m_status = new StatusLine(statusBar(), m_record->badge());
    connect(m_record, &RecordController::statusMessage, this, &MainWindow::showStatusMessage);
    connect(m_export, &ExportActions::statusMessage, this, &MainWindow::showStatusMessage);
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

void MainWindow::fitToTab()
{
    const TabEditor *editor = currentEditor();
    if (!editor || !m_toolBars)
        return;
    m_docks->fitTo(editor->docks());
    m_undo->setActiveStack(editor->undoStack());
    const bool session = editor->usesSessionControls();
    for (QAction *action : m_session->sessionActions())
        action->setEnabled(session);
    m_view->heatmapModeAction()->setEnabled(session);
    m_view->linesAction()->setEnabled(session);
    m_view->setSessionShown(session);
    m_toolBars->setSessionShown(session);
    describeTab();
}

void MainWindow::describeTab()
{
    const TabEditor *editor = currentEditor();
    if (!editor || !m_status)
        return;
    const TabEditor::Title title = editor->title();
    setWindowTitle(title.text + QStringLiteral(" — Attention Lab"));
    setWindowFilePath(title.filePath);
    setWindowModified(title.modified);
    m_status->setText(editor->statusText());
}

void MainWindow::showStatusMessage(const QString &message, int timeout)
{
    m_status->showMessage(message, timeout);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // Only now is the frame known: the whole window, frame too, must fit.
    if (!m_shownOnce) {
        m_shownOnce = true;
        QMetaObject::invokeMethod(
            this, [this] { fitWindowToScreen(this); }, Qt::QueuedConnection);
        // Window managers tell the frame's size a moment after mapping.
        QTimer::singleShot(400, this, [this] { fitWindowToScreen(this); });
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

QImage MainWindow::figureImage() const
{
    return m_export->figureImage();
}

void MainWindow::copyFigure()
{
    m_export->copyFigure();
}

void MainWindow::syncLabStyle()
{
    FigureStyle style = currentFigureStyle();
    style.fontScale = m_presentation ? PresentationTheme::kFigureFontScale : 1.0;
    m_session->setFigureStyle(style);
    m_model->modelPage()->linesView()->setStyle(style);
}

bool MainWindow::openFile(const QString &path)
{
    return m_opener->openFile(path);
}

void MainWindow::openReceived(const QString &path)
{
    if (isMinimized())
        showNormal();
    raise();
    activateWindow();
    m_received.append(path);
    openWaitingReceived();
}

void MainWindow::openWaitingReceived()
{
    // A file opened from inside another's dialog (a batch to choose, unsaved
    // work to keep) waits for that one to be done.
    if (m_openingReceived)
        return;
    while (!m_received.isEmpty()) {
        // The user's own long work is not ended by a file sent from
        // elsewhere, nor is a question the window is asking.
        const QString work = m_model->workRunning();
        if (!work.isEmpty() || QApplication::activeModalWidget()) {
            const QString name = QFileInfo(m_received.first()).fileName();
            const QString why = work.isEmpty()
                                    ? tr("%1 opens when the dialog is closed").arg(name)
                                    : tr("%1 opens when %2 ends (or stop it)").arg(name, work);
            // Said again only when something else took the status bar (a
            // generation reports each token there), not every time the
            // timer looks.
            if (why != m_receivedNote || statusBar()->currentMessage() != why) {
                m_receivedNote = why;
                showStatusMessage(why);
            }
            if (!m_receivedTimer) {
                m_receivedTimer = new QTimer(this);
                m_receivedTimer->setInterval(200);
                connect(m_receivedTimer, &QTimer::timeout, this, &MainWindow::openWaitingReceived);
            }
            m_receivedTimer->start();
            return;
        }
        if (m_receivedTimer)
            m_receivedTimer->stop();
        const QString path = m_received.takeFirst();
        if (!m_receivedNote.isEmpty()) {
            m_receivedNote.clear();
            showStatusMessage(QString());
        }
        m_openingReceived = true;
        m_opener->openFromUser(path);
        m_openingReceived = false;
    }
}

void MainWindow::syncModelLook()
{
    // Dark in presentation mode, whatever the file says; a file's dark look
    // outside it darkens the Model tab alone.
    const bool dark = m_presentation || m_modelDark;
    ModelPage *page = m_model->modelPage();
    page->setAppearance(dark, m_presentation ? PresentationTheme::kPlotScale : 1.0);
    const bool own = m_modelDark && !m_presentation;
    page->setPalette(own ? PresentationTheme::darkPalette() : QPalette());
    page->setAutoFillBackground(own);
}

QJsonObject MainWindow::status() const
{
    QJsonObject status{{QStringLiteral("file"), m_lastOpened},
                       {QStringLiteral("model_file"), m_model->document()->filePath()},
                       {QStringLiteral("session_file"), m_session->document()->filePath()},
                       {QStringLiteral("tab"), m_tabs->currentWidget() == m_model->page()
                                                   ? QStringLiteral("model")
                                                   : QStringLiteral("attention")}};
    if (!m_received.isEmpty())
        status.insert(QStringLiteral("waiting"), QJsonArray::fromStringList(m_received));
    // What the Model tab shows: the set, the head selected, large or in the grid.
    const ModelDocument *model = m_model->document();
    if (!model->isEmpty()) {
        status.insert(QStringLiteral("view"), m_model->modelPage()->showsLarge()
                                                  ? QStringLiteral("head")
                                                  : QStringLiteral("grid"));
        status.insert(QStringLiteral("set"),
                      QString::fromStdString(attentionKindName(model->setKind())));
        status.insert(QStringLiteral("layer"), model->layer());
        status.insert(QStringLiteral("head"), model->head());
    }
    return status;
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
    m_opener->openFromUser(urls.first().toLocalFile());
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
