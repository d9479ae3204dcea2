// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/mainwindow.h"

#include "core/maths/chapterexamples.h"
#include "core/support/hugepagebuffer.h"
#include "io/builtinmodel.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/figure/equationtext.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"
#include "ui/labs/geometrycanvas.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/headslab.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"
#include "ui/labs/masklab.h"
#include "ui/labs/positionlab.h"
#include "ui/labs/scalelab.h"
#include "ui/labs/sizelab.h"
#include "ui/model/attentionfiles.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/elidinglabel.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/equationbanner.h"
#include "ui/views/exportdialog.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/orientingsplitter.h"
#include "ui/views/outputtable.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/altkeymenuaccess.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/presentationtheme.h"
#include "ui/window/sessiontabeditor.h"
#include "ui/window/undoshortcutrouter.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace AttentionLab {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_document(new AttentionDocument(this)),
      m_heatmap(new HeatmapView(m_document, this)), m_lines(new AttentionLinesView(this)),
      m_weightsStack(new QStackedWidget(this)), m_bars(new EntropyBarsView(m_document, this)),
      m_editor(new VectorEditor(m_document, this)),
      m_matrixEditor(new MatrixEditor(m_document, this)),
      m_output(new OutputTable(m_document, this)),
      m_autosaver(new Autosaver(m_document, Autosaver::defaultPath(), this)),
      m_labs(new LabState(this)), m_tabs(new QTabWidget(this)),
      m_geometryLab(new GeometryLab(m_document, m_labs, this)),
      m_scaleLab(new ScaleLab(m_document, m_labs, this)),
      m_maskLab(new MaskLab(m_document, m_labs, this)),
      m_headsLab(new HeadsLab(m_document, m_labs, this)),
      m_positionLab(new PositionLab(m_document, m_labs, this)),
      m_modelDocument(new ModelDocument(this)), m_modelPage(new ModelPage(m_modelDocument, this)),
      m_equation(new EquationBanner(this)), m_hint(new HintBar(this)),
      m_temperature(new TemperatureControl(m_document, this))
{
    // A model's pass runs on every keystroke: each keeps the last one's
    // attention buffer for the next (core/support/hugepagebuffer).
    HugePageBuffer::setReuse(true);
    // The weights as a heatmap or as lines (View > Show as Lines). The
    // heatmap alone sizes the stack: the splitter keeps its proportions.
    m_lines->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_weightsStack->addWidget(m_heatmap);
    m_weightsStack->addWidget(m_lines);
    // Stacked, or side by side on a wide, low area (a projector's 1280 x 720).
    auto *views = new OrientingSplitter(1.6, this);
    views->addWidget(m_weightsStack);
    views->addWidget(m_bars);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 2);
    views->setChildrenCollapsible(false);
    m_bars->setKeepsRowsReadable(true);
    auto *attentionTab = new QWidget(this);
    auto *attentionLayout = new QVBoxLayout(attentionTab);
    attentionLayout->setContentsMargins(0, 0, 0, 0);
    attentionLayout->setSpacing(2);
    attentionLayout->addWidget(m_hint);
    attentionLayout->addWidget(m_equation);
    connect(m_equation, &QLabel::linkActivated, this, [this](const QString &target) {
        if (target == QLatin1String("preset:causal"))
            loadPreset(ChapterExamples::causalMask(), tr("Causal mask example"));
    });
    attentionLayout->addWidget(views, 1);
    // The heatmap first, then a lab for each section of the chapter. No
    // mnemonics on the tabs: Alt+letter belongs to the menus (Alt+1 to Alt+8
    // and Ctrl+PgUp/PgDown switch tabs). A trained model's attention last.
    m_tabs->addTab(attentionTab, tr("Attention"));
    m_tabs->addTab(m_geometryLab, tr("Key geometry"));
    m_tabs->addTab(m_scaleLab, tr("Why √d_k"));
    m_tabs->addTab(m_maskLab, tr("Mask order"));
    m_tabs->addTab(m_headsLab, tr("Heads"));
    m_tabs->addTab(m_positionLab, tr("Position"));
    m_tabs->addTab(new SizeLab(m_document, m_labs, this), tr("Size"));
    m_tabs->addTab(m_modelPage, tr("Model"));
    m_modelRunner = new ModelRunner(this);
    m_modelText = new ModelTextPanel(m_modelRunner, m_modelDocument, m_modelPage);
    m_generationPanel = new GenerationPanel(m_modelPage);
    m_generationPanel->setAvailable(false);
    m_generationRunner = new GenerationRunner(this);
    m_modelText->hide();
    // The text, then what the model writes after it.
    auto *textArea = new QWidget(m_modelPage);
    auto *textLayout = new QVBoxLayout(textArea);
    textLayout->setContentsMargins(0, 0, 0, 0);
    textLayout->setSpacing(2);
    textLayout->addWidget(m_modelText);
    textLayout->addWidget(m_generationPanel);
    m_modelPage->setTextPanel(textArea);
    connect(m_generationPanel, &GenerationPanel::generateRequested, this,
            &MainWindow::startGeneration);
    connect(m_generationPanel, &GenerationPanel::stopRequested, m_generationRunner,
            &GenerationRunner::stop);
    connect(m_generationPanel, &GenerationPanel::stepChosen, this, &MainWindow::showGenerationStep);
    connect(m_generationPanel, &GenerationPanel::alternativeChosen, this,
            &MainWindow::takeAlternative);
    connect(m_generationPanel, &GenerationPanel::backRequested, m_modelDocument->undoStack(),
            &QUndoStack::undo);
    connect(m_modelDocument->undoStack(), &QUndoStack::canUndoChanged, m_generationPanel,
            &GenerationPanel::setCanGoBack);
    connect(m_generationRunner, &GenerationRunner::written, this,
            &MainWindow::showPartialGeneration);
    connect(m_generationRunner, &GenerationRunner::progress, m_generationPanel,
            &GenerationPanel::setProgress);
    connect(m_generationRunner, &GenerationRunner::finished, this, &MainWindow::showGeneration);
    connect(m_modelPage, &ModelPage::matrixViewChanged, this, &MainWindow::refreshLens);
    // Nothing to download: the Model tab offers the model shipped with the program.
    if (!BuiltinModel::folder().isEmpty())
        m_modelPage->setBuiltinOffer(
            tr("Open the built-in model: %1").arg(BuiltinModel::description()));
    connect(m_modelPage, &ModelPage::builtinModelRequested, this, &MainWindow::openBuiltinModel);
    connect(m_generationRunner, &GenerationRunner::failed, this, [this](const QString &message) {
        m_generationPanel->setRunning(false);
        QMessageBox::warning(this, tr("Generate"), message);
    });
    connect(m_modelRunner, &ModelRunner::runFinished, this, &MainWindow::showModelRun);
    connect(m_modelText, &ModelTextPanel::openHeadRequested, this,
            [this] { openHeadInAttentionTab(); });
    // A batched file is read again with the input the user chose.
    m_modelDocument->setLoader([this](const QString &path, QString *error) {
        return AttentionFiles::readSets(path, error, &m_attentionChoices);
    });
    // Its tabs are shown by the bar across the window (createToolBars).
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabToolTip(i, tr("%1 (Alt+%2)").arg(m_tabs->tabText(i)).arg(i + 1));
        // No page may hold the window larger than a 1280 x 720 projector in
        // presentation mode: a page squeezed below its layout's wish clips.
        m_tabs->widget(i)->setMinimumSize(320, 240);
    }
    setCentralWidget(m_tabs);

    auto *editorDock = m_slidersDock = new QDockWidget(tr("Sliders"), this);
    editorDock->setObjectName(QStringLiteral("SlidersDock"));
    editorDock->setWidget(m_editor);
    addDockWidget(Qt::LeftDockWidgetArea, editorDock);
    auto *tokensDock = m_tokensDock = new QDockWidget(tr("Tokens and vectors"), this);
    tokensDock->setObjectName(QStringLiteral("TokensDock"));
    tokensDock->setWidget(m_matrixEditor);
    addDockWidget(Qt::LeftDockWidgetArea, tokensDock);
    auto *outputDock = m_outputDock = new QDockWidget(tr("Output Z = A V"), this);
    outputDock->setObjectName(QStringLiteral("OutputDock"));
    outputDock->setWidget(m_output);
    addDockWidget(Qt::LeftDockWidgetArea, outputDock);
    connect(m_matrixEditor, &MatrixEditor::vectorSelected, m_editor, &VectorEditor::select);
    // Click a cell: its key goes on the sliders (with Shift, its query).
    connect(m_heatmap, &HeatmapView::cellClicked, this,
            [this](int row, int col, Qt::KeyboardModifiers modifiers) {
                if (modifiers & Qt::ShiftModifier)
                    m_editor->select(VectorKind::Query, row);
                else
                    m_editor->select(VectorKind::Key, col);
            });
    // A key or the query picked up in Key geometry goes on the sliders too.
    connect(m_geometryLab->canvas(), &GeometryCanvas::pointPicked, m_editor,
            [this](VectorKind kind, int row) { m_editor->select(kind, row); });
    // Click a token of the lines: a key goes on the sliders, a query too.
    connect(m_lines, &AttentionLinesView::tokenClicked, this, [this](LineToken token) {
        m_editor->select(token.side == LineToken::Side::Query ? VectorKind::Query : VectorKind::Key,
                         token.index);
    });
    connect(m_document, &AttentionDocument::resultChanged, this, &MainWindow::refreshLines);
    connect(m_document, &AttentionDocument::sessionReset, this, &MainWindow::refreshLines);
    // A note about the session that was open goes with it.
    connect(m_document, &AttentionDocument::sessionReset, m_hint, &HintBar::clearNote);
    setAcceptDrops(true);

    // Each tab an editor that says what it uses: the Attention tab every
    // dock, the labs that edit the session the sliders (and the tables),
    // the labs with their own controls and the Model tab none.
    using Dock = TabEditor::Dock;
    const auto sessionTab = [this](QWidget *page, TabEditor::Docks docks, const QString &view,
                                   bool sessionControls = true) {
        m_editors.push_back(std::make_unique<SessionTabEditor>(
            page, docks, [view] { return view; }, m_document, m_labs, sessionControls));
    };
    m_editors.push_back(std::make_unique<SessionTabEditor>(
        attentionTab, Dock::Sliders | Dock::Tokens | Dock::Output,
        [this] { return showsLines() ? QStringLiteral("lines") : QStringLiteral("figure"); },
        m_document, m_labs));
    sessionTab(m_geometryLab, Dock::Sliders | Dock::Tokens, QStringLiteral("geometry"));
    // Why √d_k and Size have settings of their own: the session's are off there.
    sessionTab(m_scaleLab, {}, QStringLiteral("scale"), false);
    // Its status line describes its experiment, not the session out of sight.
    static_cast<SessionTabEditor *>(m_editors.back().get())->setStatusText([this] {
        const ScaleExperimentSettings &s = m_labs->settings().scale;
        QStringList dims;
        for (int d : s.keyDims)
            dims << QString::number(d);
        return tr("Why √d_k: %1 draws of %2 keys, seed %3, d_k = %4%5")
            .arg(s.draws)
            .arg(s.keys)
            .arg(s.seed)
            .arg(dims.join(QStringLiteral(", ")),
                 m_labs->settings().scaleResult ? QString() : tr(" (not run yet)"));
    });
    sessionTab(m_maskLab, Dock::Sliders | Dock::Tokens, QStringLiteral("mask"));
    // The chapter's scores use no slider: the docks step aside, and the two
    // heatmaps get the width (at 1280 x 720 they were 37 px wide).
    static_cast<SessionTabEditor *>(m_editors.back().get())->setDocks([this]() -> TabEditor::Docks {
        if (m_labs->settings().maskFromSession)
            return Dock::Sliders | Dock::Tokens;
        return {};
    });
    sessionTab(m_headsLab, Dock::Sliders | Dock::Tokens, QStringLiteral("heads"));
    // Seeded random inputs use no slider: the docks step aside until the
    // session's vectors are chosen.
    static_cast<SessionTabEditor *>(m_editors.back().get())->setDocks([this]() -> TabEditor::Docks {
        if (m_labs->settings().headsFromSession)
            return Dock::Sliders | Dock::Tokens;
        return {};
    });
    sessionTab(m_positionLab, Dock::Tokens, QStringLiteral("positional"));
    sessionTab(m_tabs->widget(6), {}, QStringLiteral("params"), false);
    static_cast<SessionTabEditor *>(m_editors.back().get())->setStatusText([this] {
        const TransformerConfig &c = m_labs->settings().transformer;
        return tr("Size: |V| = %1, D = %2, L = %3, h = %4, H = %5")
            .arg(c.vocabulary)
            .arg(c.modelDim)
            .arg(c.layers)
            .arg(c.heads)
            .arg(c.feedForward);
    });
    m_editors.push_back(std::make_unique<ModelTabEditor>(
        m_modelPage, m_modelDocument, m_modelRunner, [this] { return m_showsModelRun; }));
    Q_ASSERT(int(m_editors.size()) == m_tabs->count());
    // A lab's settings can change what its tab uses and says.
    connect(m_labs, &LabState::changed, this, [this] {
        fitDocksToTab();
        updateStatus();
    });

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
    new AltKeyMenuAccess(menuBar());
    new UndoShortcutRouter(this);
    createFileMenu();
    createEditMenu();
    createAttentionMenu();
    createViewMenu();
    createPresetsMenu();
    createHelpMenu();
    createToolBars();

    connect(m_document, &AttentionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &AttentionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_modelDocument, &ModelDocument::tensorChanged, this, &MainWindow::updateTitle);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::fitToTab);
    connect(m_modelDocument, &ModelDocument::currentChanged, this, &MainWindow::updateStatus);
    connect(m_modelDocument, &ModelDocument::tensorChanged, this, &MainWindow::updateStatus);
    connect(m_modelPage, &ModelPage::shownChanged, this, &MainWindow::updateStatus);
    connect(m_document, &AttentionDocument::optionsChanged, this, &MainWindow::syncControls);
    connect(m_document, &AttentionDocument::sessionReset, this, &MainWindow::syncControls);
    connect(m_document, &AttentionDocument::resultChanged, this, &MainWindow::updateStatus);
    updateTitle();
    syncControls();
    updateStatus();
    syncLabStyle();
    m_hint->showIfNew();

    if (!restoreGeometry(Preferences::windowGeometry))
        resize(1500, 920);
    fitToScreen();
    if (!restoreState(Preferences::windowState)) {
        // First start: room for token names and a few coordinates.
        resizeDocks({editorDock, tokensDock, outputDock}, {440, 440, 440}, Qt::Horizontal);
        resizeDocks({editorDock, tokensDock, outputDock}, {330, 300, 170}, Qt::Vertical);
    }
    arrangeToolBars();
    fitToTab();
}

MainWindow::~MainWindow() = default;

TabEditor *MainWindow::currentEditor() const
{
    const int index = m_tabs->currentIndex();
    return index >= 0 && index < int(m_editors.size()) ? m_editors[size_t(index)].get() : nullptr;
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
    if (!editor)
        return;
    fitDocksToTab();
    if (m_undoGroup)
        m_undoGroup->setActiveStack(editor->undoStack());
    const bool session = editor->usesSessionControls();
    for (QAction *action : std::as_const(m_sessionActions))
        action->setEnabled(session);
    for (QWidget *widget : std::as_const(m_sessionWidgets))
        widget->setEnabled(session);
    // The Model tab shows no "Mask: No mask" beside GPT-2: the session's
    // mask and temperature step aside with its docks. The bar stays (its
    // undo, redo and greyed scale keep the row), so the tabs do not move.
    for (QAction *action : std::as_const(m_sessionBarActions))
        action->setVisible(session);
    if (m_quantity)
        m_quantity->setEnabled(session && !showsLines());
    updateTitle();
    updateStatus();
}

void MainWindow::showStatusMessage(const QString &message, int timeout)
{
    QStatusBar *bar = statusBar();
    // The line of the tab steps aside while the message shows (messageChanged);
    // the recording's badge stays.
    const int badge = m_recordStatus && m_recordStatus->isVisible() ? m_recordStatus->width() : 0;
    const int room = bar->width() - badge - bar->fontMetrics().averageCharWidth() * 4;
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
    arrangeToolBars();
}

FigureStyle MainWindow::currentFigureStyle() const
{
    FigureStyle style;
    style.colorMap = m_heatmap->colorMap();
    style.theme = m_presentation ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    style.numbers = !m_numbersAction || m_numbersAction->isChecked();
    return style;
}

bool MainWindow::showsModel() const
{
    return m_tabs->currentWidget() == m_modelPage && !m_modelDocument->isEmpty();
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
    ExportDialog dialog(m_heatmap->colorMap(), m_presentation, views, currentViewName(), this);
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

void MainWindow::setShowLines(bool on)
{
    m_weightsStack->setCurrentWidget(on ? static_cast<QWidget *>(m_lines) : m_heatmap);
    {
        const QSignalBlocker blockLines(m_linesAction);
        const QSignalBlocker blockHeatmap(m_heatmapModeAction);
        m_linesAction->setChecked(on);
        m_heatmapModeAction->setChecked(!on);
    }
    // The lines are weights: raw scores and logits are the heatmap's alone.
    m_quantity->setEnabled(!on);
    Preferences::attentionLines.set(on);
    refreshLines();
}

bool MainWindow::showsLines() const
{
    return m_weightsStack->currentWidget() == m_lines;
}

void MainWindow::refreshLines()
{
    // Only while shown: a drag at a thousand tokens need not build a matrix
    // nobody sees. Switching to the lines refreshes them.
    if (!showsLines())
        return;
    const Session &s = m_document->session();
    QStringList rows, cols;
    for (Index i = 0; i < s.queries.rows(); ++i)
        rows << QString::fromStdString(s.queryLabel(i));
    for (Index j = 0; j < s.keys.rows(); ++j)
        cols << QString::fromStdString(s.keyLabel(j));
    m_lines->setMatrix(sessionWeights(m_document->result()), rows, cols);
}

QString MainWindow::currentViewName() const
{
    return currentEditor()->currentViewName();
}

QImage MainWindow::figureImage() const
{
    return currentEditor()->figureImage(currentFigureStyle());
}

void MainWindow::syncLabStyle()
{
    FigureStyle style = currentFigureStyle();
    style.fontScale = m_presentation ? PresentationTheme::kFigureFontScale : 1.0;
    for (LabCanvas *canvas : findChildren<LabCanvas *>())
        canvas->setStyle(style);
    m_lines->setStyle(style);
    m_modelPage->linesView()->setStyle(style);
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
        m_slidersWidthBeforePresentation = m_slidersDock->isVisible() ? m_slidersDock->width() : 0;
    }
    PresentationTheme::apply(on);
    ActionIcons::refresh(this);
    // The toolbar's icons grow with its text.
    const int iconSide = style()->pixelMetric(QStyle::PM_ToolBarIconSize);
    for (QToolBar *bar : {m_attentionBar, m_viewBar})
        bar->setIconSize(QSize(iconSide, iconSide) * (on ? PresentationTheme::kFontFactor : 1.0));
    // On a projector narrower than 1600 px the large words beside the icons
    // pushed Presentation Mode into the toolbar's » menu. The toggles keep
    // their words (a toggle's state must read from the back of the hall);
    // the labels before the two lists go instead (their tooltips name them).
    const bool compact = on && screen() && screen()->availableGeometry().width() < 1600;
    for (QAction *label : std::as_const(m_viewBarLabels))
        label->setVisible(!compact);
    // The lists there as wide as their current choice, not their longest
    // (the others are in the open list): the bar keeps Record and
    // Presentation Mode in view, and no list cuts its text.
    m_compactLists = compact;
    fitViewBarLists();
    QMetaObject::invokeMethod(this, &MainWindow::fitViewBarLists, Qt::QueuedConnection);
    if (on) {
        m_colorMapBeforePresentation = m_colorMap->currentIndex();
        m_colorMap->setCurrentIndex(int(ColorMaps::Name::HighContrast));
        // A table that stepped aside for the tab counts as shown.
        m_tokensVisibleBefore =
            m_tokensDock->isVisible() || m_docksSteppedAside.contains(m_tokensDock);
        m_outputVisibleBefore =
            m_outputDock->isVisible() || m_docksSteppedAside.contains(m_outputDock);
        m_docksSteppedAside.removeAll(m_tokensDock);
        m_docksSteppedAside.removeAll(m_outputDock);
        m_tokensDock->hide();
        m_outputDock->hide();
        // The hall sees the whole screen: no window frame, no desktop.
        setFullScreen(true);
    } else {
        m_colorMap->setCurrentIndex(m_colorMapBeforePresentation);
        m_tokensDock->setVisible(m_tokensVisibleBefore);
        m_outputDock->setVisible(m_outputVisibleBefore);
        fitDocksToTab(); // a table the current tab does not use steps aside again
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
                keepRecordButtonWidth();
                if (resizeBack) {
                    arrangeToolBarsFor(m_sizeBeforePresentation.width());
                    // The minimum the hall's large text set goes first, or it
                    // holds the window taller than it was (696 px, not 650).
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                    resize(m_sizeBeforePresentation);
                }
                if (m_slidersWidthBeforePresentation > 0 && m_slidersDock->isVisible())
                    resizeDocks({m_slidersDock}, {m_slidersWidthBeforePresentation},
                                Qt::Horizontal);
            },
            Qt::QueuedConnection);
    }
    // The first-start hint is for a student at a desk, not for the hall.
    if (on)
        m_hint->hide();
    else
        m_hint->showIfNew();
    const double scale = on ? PresentationTheme::kPlotScale : 1.0;
    m_heatmap->setAppearance(on, scale);
    m_bars->setAppearance(on, scale);
    m_modelPage->setAppearance(on, scale);
    syncLabStyle();
    // Larger text makes the toolbars wider: they may need a second row now.
    QMetaObject::invokeMethod(this, &MainWindow::keepRecordButtonWidth, Qt::QueuedConnection);
    QMetaObject::invokeMethod(this, &MainWindow::arrangeToolBars, Qt::QueuedConnection);
    showStatusMessage(on ? tr("Presentation mode: F5 to leave") : QString(), 4000);
}

void MainWindow::fitViewBarLists()
{
    for (QComboBox *box : {m_quantity, m_colorMap, m_colorRange}) {
        if (!m_compactLists) {
            box->setMaximumWidth(QWIDGETSIZE_MAX);
            continue;
        }
        QStyleOptionComboBox option;
        option.initFrom(box);
        option.currentText = box->currentText();
        option.currentIcon = box->itemIcon(box->currentIndex());
        const QFontMetrics metrics(box->font());
        QSize contents(metrics.horizontalAdvance(box->currentText()), metrics.height());
        if (!option.currentIcon.isNull())
            contents.rwidth() += box->iconSize().width() + 4;
        box->setMaximumWidth(
            box->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, box).width() +
            4);
    }
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
    m_viewBar->setVisible(on);
    m_attentionBar->setVisible(on);
}

void MainWindow::syncControls()
{
    const Session &s = m_document->session();
    const AttentionOptions &o = s.options;
    m_scaleAction->setChecked(o.scale);
    for (QAction *a : m_maskGroup->actions())
        a->setChecked(MaskMode(a->data().toInt()) == o.mask);
    m_maskChoice->setCurrentIndex(m_maskChoice->findData(int(o.mask)));
    // A mask that hides nothing says why, and offers the example where it does.
    const QString maskNote = Equations::maskNote(s);
    m_equation->setEquation(Equations::attention(s),
                            maskNote.isEmpty()
                                ? Equations::settings(s)
                                : Equations::settings(s) + QStringLiteral(". ") + maskNote,
                            maskNote.isEmpty() ? QString() : tr("Show the causal mask example"),
                            QStringLiteral("preset:causal"));
}

void MainWindow::updateTitle()
{
    const TabEditor::Title title = currentEditor()->title();
    setWindowTitle(title.text + QStringLiteral(" — Attention Lab"));
    setWindowFilePath(title.filePath);
    setWindowModified(title.modified);
}

void MainWindow::updateStatus()
{
    if (const TabEditor *editor = currentEditor())
        m_status->setFullText(editor->statusText());
}

void MainWindow::fitDocksToTab()
{
    // The sliders, tables and output edit the session; a tab that does not
    // use one (the Model tab, Why √d_k, Size) gets its room, and the dock
    // comes back as it was on a tab that uses it. Floating docks stay.
    const TabEditor::Docks used = currentEditor()->docks();
    const std::pair<QDockWidget *, TabEditor::Dock> docks[] = {
        {m_slidersDock, TabEditor::Dock::Sliders},
        {m_tokensDock, TabEditor::Dock::Tokens},
        {m_outputDock, TabEditor::Dock::Output}};
    for (const auto &[dock, flag] : docks) {
        if (!used.testFlag(flag)) {
            if (dock->isVisible() && !dock->isFloating()) {
                m_docksSteppedAside.append(dock);
                dock->hide();
            }
        } else if (m_docksSteppedAside.removeAll(dock) > 0) {
            // Presentation mode keeps the tables hidden; it shows them on leaving.
            if (m_presentation && (dock == m_tokensDock || dock == m_outputDock))
                (dock == m_tokensDock ? m_tokensVisibleBefore : m_outputVisibleBefore) = true;
            else
                dock->show();
        }
    }
}

void MainWindow::restoreDocksSteppedAside()
{
    for (QDockWidget *dock : std::as_const(m_docksSteppedAside))
        dock->show();
    m_docksSteppedAside.clear();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (m_presentation)
        setPresentationMode(false); // the layout and size as the user made them
    Preferences::windowGeometry.set(saveGeometry());
    restoreDocksSteppedAside();
    Preferences::windowState.set(saveState());
    m_autosaver->discard(); // closed cleanly: saved, or discarded on purpose
    event->accept();
}

} // namespace AttentionLab
