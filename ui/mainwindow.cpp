#include "mainwindow.h"

#include "altkeymenuaccess.h"
#include "attentiondocument.h"
#include "autosaver.h"
#include "chapterexamples.h"
#include "entropybarsview.h"
#include "equationbanner.h"
#include "equationtext.h"
#include "exportdialog.h"
#include "figureexporter.h"
#include "geometrylab.h"
#include "guidedtour.h"
#include "headslab.h"
#include "heatmapview.h"
#include "hintbar.h"
#include "labcanvas.h"
#include "labstate.h"
#include "masklab.h"
#include "matrixeditor.h"
#include "normalgenerator.h"
#include "outputtable.h"
#include "positionlab.h"
#include "preferences.h"
#include "presentationtheme.h"
#include "recentfilesmenu.h"
#include "scalelab.h"
#include "sessionreader.h"
#include "shortcutsdialog.h"
#include "sizelab.h"
#include "temperaturecontrol.h"
#include "vectoreditor.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace AttentionLab {

namespace {

Session randomKeys(bool scale)
{
    NormalGenerator normal(0);
    Session s;
    s.queries = normal.matrix(4, 64);
    s.keys = normal.matrix(8, 64);
    // Labels default to k1..k8 and q1..q4 (Session::keyLabel, queryLabel).
    s.options.scale = scale;
    return s;
}

/// "Save &As…" in the menu becomes "Save As…" in a list or a file name.
QString withoutMnemonic(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_document(new AttentionDocument(this))
    , m_heatmap(new HeatmapView(m_document, this))
    , m_bars(new EntropyBarsView(m_document, this))
    , m_editor(new VectorEditor(m_document, this))
    , m_output(new OutputTable(m_document, this))
    , m_matrixEditor(new MatrixEditor(m_document, this))
    , m_autosaver(new Autosaver(m_document, Autosaver::defaultPath(), this))
    , m_labs(new LabState(this))
    , m_tabs(new QTabWidget(this))
    , m_geometryLab(new GeometryLab(m_document, m_labs, this))
    , m_scaleLab(new ScaleLab(m_document, m_labs, this))
    , m_maskLab(new MaskLab(m_document, m_labs, this))
    , m_headsLab(new HeadsLab(m_document, m_labs, this))
    , m_positionLab(new PositionLab(m_document, m_labs, this))
    , m_equation(new EquationBanner(this))
    , m_hint(new HintBar(this))
    , m_temperature(new TemperatureControl(m_document, this))
{
    auto *views = new QSplitter(Qt::Vertical, this);
    views->addWidget(m_heatmap);
    views->addWidget(m_bars);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 2);
    views->setChildrenCollapsible(false);
    auto *attentionTab = new QWidget(this);
    auto *attentionLayout = new QVBoxLayout(attentionTab);
    attentionLayout->setContentsMargins(0, 0, 0, 0);
    attentionLayout->setSpacing(2);
    attentionLayout->addWidget(m_hint);
    attentionLayout->addWidget(m_equation);
    attentionLayout->addWidget(views, 1);
    // The heatmap first, then a lab for each section of the chapter. No
    // mnemonics on the tabs: Alt+letter belongs to the menus (Alt+1 to Alt+7
    // and Ctrl+PgUp/PgDown switch tabs).
    m_tabs->addTab(attentionTab, tr("Attention"));
    m_tabs->addTab(m_geometryLab, tr("Key geometry"));
    m_tabs->addTab(m_scaleLab, tr("Why √d_k"));
    m_tabs->addTab(m_maskLab, tr("Mask order"));
    m_tabs->addTab(m_headsLab, tr("Heads"));
    m_tabs->addTab(m_positionLab, tr("Position"));
    m_tabs->addTab(new SizeLab(m_document, m_labs, this), tr("Size"));
    m_tabs->setDocumentMode(true);
    m_tabs->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->setTabToolTip(i, tr("%1 (Alt+%2)").arg(m_tabs->tabText(i)).arg(i + 1));
    setCentralWidget(m_tabs);

    auto *editorDock = new QDockWidget(tr("Sliders"), this);
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
    connect(m_heatmap, &HeatmapView::cellClicked, this, [this](int row, int col, Qt::KeyboardModifiers modifiers) {
        if (modifiers & Qt::ShiftModifier)
            m_editor->select(VectorKind::Query, row);
        else
            m_editor->select(VectorKind::Key, col);
    });
    setAcceptDrops(true);

    m_status = new QLabel(this);
    statusBar()->addPermanentWidget(m_status);
    new AltKeyMenuAccess(menuBar());
    createFileMenu();
    createEditMenu();
    createAttentionMenu();
    createViewMenu();
    createPresetsMenu();
    createHelpMenu();
    createToolBars();

    connect(m_document, &AttentionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &AttentionDocument::filePathChanged, this, &MainWindow::updateTitle);
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
    if (!restoreState(Preferences::windowState)) {
        // First start: room for token names and a few coordinates.
        resizeDocks({editorDock, tokensDock, outputDock}, {440, 440, 440}, Qt::Horizontal);
        resizeDocks({editorDock, tokensDock, outputDock}, {330, 300, 170}, Qt::Vertical);
    }
    arrangeToolBars();
}

MainWindow::~MainWindow() = default;

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this, [this] {
        if (maybeSave())
            m_document->reset(ChapterExamples::lecture());
    });
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("A new untitled session, starting from the lecture example"));
    QAction *openAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    QAction *saveAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Save &As…"), this,
                                            &MainWindow::saveAs);
    // Desktops without a key theme (a bare X session) give SaveAs no keys.
    saveAsAction->setShortcuts(QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
                                   ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}
                                   : QKeySequence::keyBindings(QKeySequence::SaveAs));
    m_recentMenu = new RecentFilesMenu(this);
    file->addMenu(m_recentMenu);
    connect(m_recentMenu, &RecentFilesMenu::fileChosen, this, [this](const QString &path) {
        if (maybeSave())
            openFile(path);
    });
    file->addSeparator();
    QAction *exportAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-export")),
                                            tr("&Export Figure…"), this, &MainWindow::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(tr("Save the heatmap, the entropy bars or the whole figure as PNG, SVG or PDF"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    // The toolbar's undo and redo keep a fixed text, so that the toolbar never
    // re-lays itself out (and moves the τ slider under the pointer) when the
    // text of the next undo step changes; the step is in the tooltip.
    QUndoStack *stack = m_document->undoStack();
    m_undoAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-undo")), tr("Undo"), this);
    m_redoAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-redo")), tr("Redo"), this);
    connect(m_undoAction, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_redoAction, &QAction::triggered, stack, &QUndoStack::redo);
    auto syncUndo = [this, stack] {
        m_undoAction->setEnabled(stack->canUndo());
        m_redoAction->setEnabled(stack->canRedo());
        m_undoAction->setToolTip(stack->canUndo() ? tr("Undo: %1 (Ctrl+Z)").arg(stack->undoText()) : tr("Nothing to undo"));
        m_redoAction->setToolTip(stack->canRedo() ? tr("Redo: %1").arg(stack->redoText()) : tr("Nothing to redo"));
    };
    connect(stack, &QUndoStack::indexChanged, this, syncUndo);
    connect(stack, &QUndoStack::cleanChanged, this, syncUndo);
    syncUndo();
    edit->addSeparator();
    QAction *copy = edit->addAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Copy Figure"), this,
                                    &MainWindow::copyFigure);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(tr("Put the whole figure on the clipboard as an image, for slides"));
}

void MainWindow::createAttentionMenu()
{
    QMenu *attention = menuBar()->addMenu(tr("&Attention"));
    m_scaleAction = attention->addAction(tr("&Scale by √d_k"));
    m_scaleAction->setCheckable(true);
    m_scaleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_scaleAction->setToolTip(tr("Divide the scores by √d_k before the softmax (Ctrl+K)"));
    connect(m_scaleAction, &QAction::triggered, m_document, &AttentionDocument::setScale);
    attention->addSeparator();
    m_maskGroup = new QActionGroup(this);
    const struct
    {
        MaskMode mode;
        QString text;
        QString tip;
        Qt::Key key;
    } masks[] = {
        {MaskMode::None, tr("&No mask"), tr("Every query sees every key"), Qt::Key_1},
        {MaskMode::Causal, tr("&Causal: mask, then softmax"),
         tr("Eq. 16.3: future keys are −∞ before the softmax; rows sum to 1"), Qt::Key_2},
        {MaskMode::CausalAfterSoftmax, tr("Causal: softmax, then mask (&wrong order)"),
         tr("Softmax first, future keys zeroed after: rows lose weight"), Qt::Key_3},
    };
    // The same exclusive choice as a combo box in the toolbar.
    m_maskChoice = new QComboBox(this);
    m_maskChoice->setAccessibleName(tr("Mask"));
    m_maskChoice->setToolTip(tr("Where the causal mask goes: nowhere, before the softmax (Eq. 16.3) or "
                                "after it (the wrong order). Ctrl+1, Ctrl+2, Ctrl+3"));
    for (const auto &mask : masks) {
        QAction *a = attention->addAction(mask.text);
        a->setCheckable(true);
        a->setData(int(mask.mode));
        a->setToolTip(mask.tip);
        a->setStatusTip(mask.tip);
        a->setShortcut(QKeySequence(Qt::CTRL | mask.key));
        m_maskGroup->addAction(a);
        m_maskChoice->addItem(withoutMnemonic(mask.text), int(mask.mode));
        m_maskChoice->setItemData(m_maskChoice->count() - 1, mask.tip, Qt::ToolTipRole);
    }
    connect(m_maskGroup, &QActionGroup::triggered, this,
            [this](QAction *a) { m_document->setMask(MaskMode(a->data().toInt())); });
    connect(m_maskChoice, &QComboBox::activated, this,
            [this](int i) { m_document->setMask(MaskMode(m_maskChoice->itemData(i).toInt())); });
    attention->addSeparator();
    // The temperature in steps of a quarter, within the slider's 0.01 to 100.
    auto stepTemperature = [this](double factor) {
        const double t = std::clamp(m_document->session().options.temperature * factor, 0.01, 100.0);
        m_document->setTemperature(factor == 0.0 ? 1.0 : t);
        m_document->endContinuousEdit();
    };
    QAction *hotter = attention->addAction(tr("Raise the &Temperature"), this, [stepTemperature] { stepTemperature(1.25); });
    hotter->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    hotter->setToolTip(tr("Divide the logits by more: flatter rows"));
    QAction *cooler = attention->addAction(tr("&Lower the Temperature"), this, [stepTemperature] { stepTemperature(0.8); });
    cooler->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    cooler->setToolTip(tr("Divide the logits by less: sharper rows"));
    QAction *reset = attention->addAction(tr("&Reset the Temperature to 1"), this, [stepTemperature] { stepTemperature(0.0); });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
}

void MainWindow::createViewMenu()
{
    QMenu *view = m_viewMenu = menuBar()->addMenu(tr("&View"));
    auto *quantity = m_quantity = new QComboBox(this);
    quantity->addItems({tr("Weights"), tr("Raw scores"), tr("Logits")});
    quantity->setToolTip(tr("What the heatmap shows"));
    quantity->setAccessibleName(tr("Heatmap shows"));
    // Remembered choices are applied before the signals are connected: the
    // window is still being built, and the other actions do not exist yet.
    quantity->setCurrentIndex(std::clamp(Preferences::heatmapQuantity.get(), 0, 2));
    m_heatmap->setQuantity(HeatmapView::Quantity(quantity->currentIndex()));
    connect(quantity, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setQuantity(HeatmapView::Quantity(i));
        Preferences::heatmapQuantity.set(i);
    });
    auto *colorMap = m_colorMap = new QComboBox(this);
    colorMap->addItems(ColorMaps::displayNames());
    colorMap->setToolTip(tr("Colour map of the heatmap"));
    colorMap->setAccessibleName(tr("Colour map"));
    colorMap->setCurrentIndex(std::clamp(Preferences::colorMap.get(), 0, ColorMaps::kCount - 1));
    m_heatmap->setColorMap(ColorMaps::Name(colorMap->currentIndex()));
    connect(colorMap, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setColorMap(ColorMaps::Name(i));
        // Presentation mode's high-contrast map is not the user's choice.
        if (!m_presentation)
            Preferences::colorMap.set(i);
        syncLabStyle();
    });
    auto *colorRange = m_colorRange = new QComboBox(this);
    colorRange->addItems(ColorRange::displayNames());
    colorRange->setToolTip(tr("How the colours span the values: weights from 0 to 1, fitted to the data "
                              "(long sequences, whose weights are about 1/n), or each row on its own"));
    colorRange->setAccessibleName(tr("Colour range"));
    colorRange->setCurrentIndex(std::clamp(Preferences::colorRange.get(), 0, ColorRange::kModeCount - 1));
    m_heatmap->setColorRange(ColorRange::Mode(colorRange->currentIndex()));
    connect(colorRange, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setColorRange(ColorRange::Mode(i));
        Preferences::colorRange.set(i);
    });
    // The same choices in the menu, with shortcuts, kept in step with the combos.
    auto addChoices = [view](const QString &title, QComboBox *combo, const QList<Qt::Key> &keys) {
        QMenu *menu = view->addMenu(title);
        auto *group = new QActionGroup(menu);
        for (int i = 0; i < combo->count(); ++i) {
            QAction *a = menu->addAction(combo->itemText(i));
            a->setCheckable(true);
            a->setChecked(i == combo->currentIndex());
            if (i < keys.size())
                a->setShortcut(QKeySequence(Qt::ALT | keys[i]));
            group->addAction(a);
            connect(a, &QAction::triggered, combo, [combo, i] { combo->setCurrentIndex(i); });
        }
        connect(combo, &QComboBox::currentIndexChanged, group,
                [group](int i) { group->actions().at(i)->setChecked(true); });
    };
    addChoices(tr("Heatmap &shows"), quantity, {Qt::Key_W, Qt::Key_R, Qt::Key_L});
    addChoices(tr("&Colour map"), colorMap, {});
    addChoices(tr("Colour &range"), colorRange, {});
    QAction *numbers = m_numbersAction = view->addAction(tr("Show &numbers in cells"));
    numbers->setCheckable(true);
    numbers->setChecked(Preferences::showNumbers);
    m_heatmap->setShowNumbers(numbers->isChecked());
    connect(numbers, &QAction::toggled, this, [this](bool on) {
        Preferences::showNumbers.set(on);
        syncLabStyle();
    });
    numbers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(numbers, &QAction::toggled, m_heatmap, &HeatmapView::setShowNumbers);

    // Tabs from the keyboard: Alt+digit and Ctrl+PgUp/PgDown, never Alt+letter.
    QMenu *tabs = view->addMenu(tr("&Tabs"));
    QAction *next = tabs->addAction(tr("&Next Tab"), this,
                                    [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction *previous = tabs->addAction(tr("&Previous Tab"), this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    tabs->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction *go = tabs->addAction(m_tabs->tabText(i), this, [this, i] { m_tabs->setCurrentIndex(i); });
        go->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
    }

    view->addSeparator();
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setToolTip(tr("Large text and thick lines for a lecture hall (F5)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    // F10 opens the menu bar, as on GNOME and KDE.
    auto *menuKey = new QAction(tr("Open the Menu Bar"), this);
    menuKey->setShortcut(QKeySequence(Qt::Key_F10));
    connect(menuKey, &QAction::triggered, this, [this] {
        const QList<QAction *> menus = menuBar()->actions();
        if (!menus.isEmpty())
            menuBar()->setActiveAction(menus.first());
    });
    addAction(menuKey);
}

void MainWindow::createPresetsMenu()
{
    QMenu *presets = menuBar()->addMenu(tr("&Presets"));
    const struct
    {
        QString menuText;
        QString name;
        Session (*make)();
    } entries[] = {
        {tr("The &lecture example (who against is/the/best)"), tr("Lecture example"), &ChapterExamples::lecture},
        {tr("&Discriminating keys (dog/truck/barked)"), tr("Discriminating keys"), &ChapterExamples::selection},
        {tr("The &causal mask example"), tr("Causal mask example"), &ChapterExamples::causalMask},
        {tr("Random keys at d_k = 64, &scaled"), tr("Random keys, d_k = 64, scaled"), [] { return randomKeys(true); }},
        {tr("Random keys at d_k = 64, &unscaled"), tr("Random keys, d_k = 64, unscaled"),
         [] { return randomKeys(false); }},
    };
    for (const auto &entry : entries) {
        QAction *a = presets->addAction(entry.menuText, this,
                                        [this, make = entry.make, name = entry.name] { loadPreset(make(), name); });
        a->setToolTip(tr("A new untitled session: %1").arg(entry.name));
        a->setStatusTip(a->toolTip());
    }
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *tour = help->addAction(tr("Guided &Tour"), this, [this] { GuidedTour(this).exec(); });
    tour->setShortcut(QKeySequence::HelpContents);
    if (tour->shortcut().isEmpty())
        tour->setShortcut(QKeySequence(Qt::Key_F1));
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { ShortcutsDialog(menuBar(), this).exec(); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    help->addAction(tr("Show the &Hint Again"), this, [this] {
        Preferences::hintDismissed.set(false);
        m_tabs->setCurrentIndex(0);
        m_hint->showIfNew();
    });
    help->addSeparator();
    help->addAction(tr("&About Attention Lab"), this, [this] {
        QMessageBox::about(this, tr("About Attention Lab"),
                           tr("<h3>Attention Lab %1</h3><p>softmax(QKᵀ / √d_k) V, to watch and "
                              "touch: Eq. 16.2 of Chapter 16, <i>Self-Attention and the "
                              "Transformer</i>.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createToolBars()
{
    // The controls a lecturer reaches for, then how the heatmap looks: two
    // toolbars, on two rows when one row cannot hold them (arrangeToolBars),
    // so that nothing hides in an overflow menu.
    QToolBar *bar = m_attentionBar = addToolBar(tr("Attention"));
    bar->setObjectName(QStringLiteral("AttentionToolBar"));
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_scaleAction);
    bar->addSeparator();
    auto *maskLabel = new QLabel(tr(" Mask "), this);
    maskLabel->setBuddy(m_maskChoice);
    bar->addWidget(maskLabel);
    bar->addWidget(m_maskChoice);
    bar->addSeparator();
    bar->addWidget(m_temperature);

    QToolBar *viewBar = m_viewBar = addToolBar(tr("View"));
    viewBar->setObjectName(QStringLiteral("ViewToolBar"));
    viewBar->addWidget(new QLabel(tr(" Show "), this));
    viewBar->addWidget(m_quantity);
    viewBar->addWidget(new QLabel(tr(" Colours "), this));
    viewBar->addWidget(m_colorMap);
    viewBar->addWidget(m_colorRange);
    viewBar->addSeparator();
    viewBar->addAction(m_presentationAction);
}

void MainWindow::arrangeToolBars()
{
    if (!m_attentionBar || !m_viewBar || toolBarArea(m_viewBar) != toolBarArea(m_attentionBar))
        return;
    const int needed = m_attentionBar->sizeHint().width() + m_viewBar->sizeHint().width() + 16;
    const bool twoRows = needed > width();
    if (twoRows == toolBarBreak(m_viewBar))
        return;
    if (twoRows)
        insertToolBarBreak(m_viewBar);
    else
        removeToolBarBreak(m_viewBar);
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

bool MainWindow::exportFigure(const QString &path, const QString &viewName, const ExportSize &size,
                              const FigureStyle &style, QString *error)
{
    const FigureView *view = findFigureView(viewName);
    if (!view) {
        if (error)
            *error = tr("There is no view called “%1”.").arg(viewName);
        return false;
    }
    FigureExporter exporter;
    if (!exporter.exportFile(path, *view,
                             FigureData{m_document->session(), m_document->result(), &m_labs->settings()}, style,
                             size)) {
        if (error)
            *error = exporter.errorString();
        return false;
    }
    return true;
}

void MainWindow::showExportDialog()
{
    ExportDialog dialog(m_heatmap->colorMap(), m_presentation, currentViewName(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!exportFigure(dialog.filePath(), dialog.viewName(), dialog.size(), dialog.style(), &error)) {
        QMessageBox::warning(this, tr("Cannot export"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(dialog.filePath()), 5000);
}

QString MainWindow::currentViewName() const
{
    static const QStringList views{QStringLiteral("figure"), QStringLiteral("geometry"), QStringLiteral("scale"),
                                   QStringLiteral("mask"),   QStringLiteral("heads"),    QStringLiteral("positional"),
                                   QStringLiteral("params")};
    return views.value(m_tabs->currentIndex(), QStringLiteral("figure"));
}

QImage MainWindow::figureImage() const
{
    return FigureExporter::renderImage(*findFigureView(currentViewName()),
                                       FigureData{m_document->session(), m_document->result(), &m_labs->settings()},
                                       currentFigureStyle(), ExportSize{});
}

void MainWindow::syncLabStyle()
{
    FigureStyle style = currentFigureStyle();
    style.fontScale = m_presentation ? PresentationTheme::kFigureFontScale : 1.0;
    for (LabCanvas *canvas : findChildren<LabCanvas *>())
        canvas->setStyle(style);
}

void MainWindow::copyFigure()
{
    QGuiApplication::clipboard()->setImage(figureImage());
    statusBar()->showMessage(tr("The figure is on the clipboard"), 4000);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    const QSignalBlocker block(m_presentationAction);
    m_presentationAction->setChecked(on);
    PresentationTheme::apply(on);
    if (on) {
        m_colorMapBeforePresentation = m_colorMap->currentIndex();
        m_colorMap->setCurrentIndex(int(ColorMaps::Name::HighContrast));
        m_tokensVisibleBefore = m_tokensDock->isVisible();
        m_outputVisibleBefore = m_outputDock->isVisible();
        m_tokensDock->hide();
        m_outputDock->hide();
    } else {
        m_colorMap->setCurrentIndex(m_colorMapBeforePresentation);
        m_tokensDock->setVisible(m_tokensVisibleBefore);
        m_outputDock->setVisible(m_outputVisibleBefore);
    }
    const double scale = on ? PresentationTheme::kPlotScale : 1.0;
    m_heatmap->setAppearance(on, scale);
    m_bars->setAppearance(on, scale);
    syncLabStyle();
    // Larger text makes the toolbars wider: they may need a second row now.
    QMetaObject::invokeMethod(this, &MainWindow::arrangeToolBars, Qt::QueuedConnection);
    statusBar()->showMessage(on ? tr("Presentation mode: F5 to leave") : QString(), 4000);
}

void MainWindow::syncControls()
{
    const Session &s = m_document->session();
    const AttentionOptions &o = s.options;
    m_scaleAction->setChecked(o.scale);
    for (QAction *a : m_maskGroup->actions())
        a->setChecked(MaskMode(a->data().toInt()) == o.mask);
    m_maskChoice->setCurrentIndex(m_maskChoice->findData(int(o.mask)));
    m_equation->setEquation(EquationText::attention(s), EquationText::settings(s));
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document->displayName() + QStringLiteral("[*] — Attention Lab"));
    setWindowFilePath(m_document->filePath());
    setWindowModified(m_document->isModified());
}

void MainWindow::updateStatus()
{
    const Session &s = m_document->session();
    const QStringList masks{tr("no mask"), tr("causal mask"), tr("mask after softmax (wrong order)")};
    m_status->setText(tr("d_k = %1   n = %2 keys, %3 queries   %4, %5   updated %6")
                          .arg(s.keys.cols())
                          .arg(s.keys.rows())
                          .arg(s.queries.rows())
                          .arg(s.options.scale ? tr("scaled by √%1").arg(s.keys.cols()) : tr("unscaled"))
                          .arg(masks[int(s.options.mask)])
                          .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
}

bool MainWindow::loadPreset(const Session &session, const QString &name)
{
    // A preset is a new untitled document: Save must ask for a file name and
    // never write the preset over the file that was open.
    if (!maybeSave())
        return false;
    m_document->reset(session, name);
    statusBar()->showMessage(tr("%1: a new untitled session").arg(name), 4000);
    return true;
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    if (!m_document->open(path, &error)) {
        QMessageBox::warning(this, tr("Cannot open"), error);
        return false;
    }
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

void MainWindow::addRecentFile(const QString &path)
{
    m_recentMenu->add(path);
}

bool MainWindow::recoverAutosave()
{
    QString source;
    const std::optional<Session> recovered = m_autosaver->recoverable(&source);
    if (!recovered)
        return false;
    Session saved = ChapterExamples::lecture();
    if (!source.isEmpty()) {
        SessionReader reader;
        if (const auto onDisk = reader.readFile(source))
            saved = *onDisk;
        else
            source.clear(); // the file is gone: recover as untitled work
    }
    m_document->recover(saved, *recovered, source);
    return true;
}

void MainWindow::offerRecovery()
{
    QString source;
    if (!m_autosaver->recoverable(&source))
        return;
    const QString what = source.isEmpty() ? tr("an untitled session") : QFileInfo(source).fileName();
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved work?"),
        tr("Attention Lab did not close cleanly last time, and unsaved changes to %1 were kept. "
           "Recover them?")
            .arg(what),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        recoverAutosave();
    else
        m_autosaver->discard();
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
    if (maybeSave())
        openFile(urls.first().toLocalFile());
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), QString(),
                                                      tr("Attention Lab sessions (*.json)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    QString error;
    if (!m_document->saveAs(m_document->filePath(), &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    addRecentFile(m_document->filePath());
    statusBar()->showMessage(tr("Saved %1").arg(m_document->filePath()), 4000);
    return true;
}

bool MainWindow::saveAs()
{
    // An untitled preset proposes its own name ("Lecture example.json").
    const QString proposal = m_document->filePath().isEmpty() && !m_document->untitledName().isEmpty()
                                 ? m_document->untitledName() + QStringLiteral(".json")
                                 : m_document->filePath();
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"), proposal,
                                                tr("Attention Lab sessions (*.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".json")))
        path += QStringLiteral(".json");
    QString error;
    if (!m_document->saveAs(path, &error)) {
        QMessageBox::warning(this, tr("Cannot save"), error);
        return false;
    }
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    Preferences::windowGeometry.set(saveGeometry());
    Preferences::windowState.set(saveState());
    m_autosaver->discard(); // closed cleanly: saved, or discarded on purpose
    event->accept();
}

} // namespace AttentionLab
