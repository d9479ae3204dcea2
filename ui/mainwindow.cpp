#include "mainwindow.h"

#include "attentiondocument.h"
#include "autosaver.h"
#include "chapterexamples.h"
#include "exportdialog.h"
#include "figureexporter.h"
#include "entropybarsview.h"
#include "geometrylab.h"
#include "headslab.h"
#include "heatmapview.h"
#include "labcanvas.h"
#include "labstate.h"
#include "masklab.h"
#include "positionlab.h"
#include "scalelab.h"
#include "sizelab.h"
#include "matrixeditor.h"
#include "normalgenerator.h"
#include "outputtable.h"
#include "preferences.h"
#include "sessionreader.h"
#include "vectoreditor.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QFileInfo>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

#include <cmath>

namespace AttentionLab {

namespace {

/// The temperature slider runs over log10(tau) in [-2, 2], in hundredths.
int temperatureToSlider(double t)
{
    return int(std::lround(std::log10(t) * 100.0));
}

double sliderToTemperature(int position)
{
    return std::pow(10.0, position / 100.0);
}

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
{
    auto *views = new QSplitter(Qt::Vertical, this);
    views->addWidget(m_heatmap);
    views->addWidget(m_bars);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 2);
    // The heatmap first, then a lab for each section of the chapter.
    m_tabs->addTab(views, tr("&Attention"));
    m_tabs->addTab(m_geometryLab, tr("Key &geometry"));
    m_tabs->addTab(m_scaleLab, tr("Why √d_&k"));
    m_tabs->addTab(m_maskLab, tr("&Mask order"));
    m_tabs->addTab(m_headsLab, tr("&Heads"));
    m_tabs->addTab(m_positionLab, tr("&Position"));
    m_tabs->addTab(new SizeLab(m_document, m_labs, this), tr("Si&ze"));
    m_tabs->setDocumentMode(true);
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
    createActions();

    connect(m_document, &AttentionDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &AttentionDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &AttentionDocument::optionsChanged, this, &MainWindow::syncControls);
    connect(m_document, &AttentionDocument::resultChanged, this, &MainWindow::updateStatus);
    updateTitle();
    syncControls();
    updateStatus();
    syncLabStyle();

    if (!restoreGeometry(Preferences::windowGeometry))
        resize(1500, 920);
    if (!restoreState(Preferences::windowState)) {
        // First start: room for token names and a few coordinates.
        resizeDocks({editorDock, tokensDock, outputDock}, {440, 440, 440}, Qt::Horizontal);
        resizeDocks({editorDock, tokensDock, outputDock}, {260, 330, 200}, Qt::Vertical);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    // File
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this, [this] {
        if (maybeSave())
            m_document->reset(ChapterExamples::lecture());
    });
    newAction->setShortcut(QKeySequence::New);
    QAction *openAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this, &MainWindow::open);
    openAction->setShortcut(QKeySequence::Open);
    QAction *saveAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    QAction *exportAction = file->addAction(QIcon::fromTheme(QStringLiteral("document-export")),
                                            tr("&Export Figure…"), this, &MainWindow::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(tr("Save the heatmap, the entropy bars or the whole figure as PNG, SVG or PDF"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    // Edit
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *copy = edit->addAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("&Copy Figure"), this,
                                    &MainWindow::copyFigure);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(tr("Put the whole figure on the clipboard as an image, for slides"));

    // Attention
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
    for (const auto &mask : masks) {
        QAction *a = attention->addAction(mask.text);
        a->setCheckable(true);
        a->setData(int(mask.mode));
        a->setToolTip(mask.tip);
        a->setStatusTip(mask.tip);
        a->setShortcut(QKeySequence(Qt::CTRL | mask.key));
        m_maskGroup->addAction(a);
    }
    connect(m_maskGroup, &QActionGroup::triggered, this,
            [this](QAction *a) { m_document->setMask(MaskMode(a->data().toInt())); });
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

    // View
    QMenu *view = menuBar()->addMenu(tr("&View"));
    auto *quantity = m_quantity = new QComboBox(this);
    quantity->addItems({tr("Weights"), tr("Raw scores"), tr("Logits")});
    quantity->setToolTip(tr("What the heatmap shows"));
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
    colorMap->setCurrentIndex(std::clamp(Preferences::colorMap.get(), 0, ColorMaps::kCount - 1));
    m_heatmap->setColorMap(ColorMaps::Name(colorMap->currentIndex()));
    connect(colorMap, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setColorMap(ColorMaps::Name(i));
        // Presentation mode's high-contrast map is not the user's choice.
        if (!m_presentation)
            Preferences::colorMap.set(i);
        syncLabStyle();
    });
    // The same choices in the menu, with shortcuts, kept in step with the combos.
    auto addChoices = [this, view](const QString &title, QComboBox *combo, const QList<Qt::Key> &keys) {
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
    QAction *numbers = m_numbersAction = view->addAction(tr("Show &numbers in cells"));
    numbers->setCheckable(true);
    numbers->setChecked(Preferences::showNumbers);
    m_heatmap->setShowNumbers(numbers->isChecked());
    connect(numbers, &QAction::toggled, this, [this](bool on) {
        Preferences::showNumbers.set(on);
        syncLabStyle();
    });
    view->addSeparator();
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setToolTip(tr("Large text and thick lines for a lecture hall (F5)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    numbers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(numbers, &QAction::toggled, m_heatmap, &HeatmapView::setShowNumbers);

    // Presets
    QMenu *presets = menuBar()->addMenu(tr("&Presets"));
    presets->addAction(tr("The &lecture example (who against is/the/best)"), this,
                       [this] { loadPreset(ChapterExamples::lecture(), tr("Load the lecture example")); });
    presets->addAction(tr("&Discriminating keys (dog/truck/barked)"), this,
                       [this] { loadPreset(ChapterExamples::selection(), tr("Load the discriminating keys")); });
    presets->addAction(tr("The &causal mask example"), this,
                       [this] { loadPreset(ChapterExamples::causalMask(), tr("Load the causal mask example")); });
    presets->addAction(tr("Random keys at d_k = 64, &scaled"), this,
                       [this] { loadPreset(randomKeys(true), tr("Load random keys, scaled")); });
    presets->addAction(tr("Random keys at d_k = 64, &unscaled"), this,
                       [this] { loadPreset(randomKeys(false), tr("Load random keys, unscaled")); });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Attention Lab"), this, [this] {
        QMessageBox::about(this, tr("About Attention Lab"),
                           tr("<h3>Attention Lab %1</h3><p>softmax(QKᵀ / √d_k) V, to watch and "
                              "touch: Eq. 16.2 of Chapter 16, <i>Self-Attention and the "
                              "Transformer</i>.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    // Toolbar: the controls a lecturer reaches for.
    QToolBar *bar = addToolBar(tr("Attention"));
    bar->setObjectName(QStringLiteral("AttentionToolBar"));
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(m_scaleAction);
    bar->addSeparator();
    for (QAction *a : m_maskGroup->actions())
        bar->addAction(a);
    bar->addSeparator();
    m_temperatureLabel = new QLabel(this);
    m_temperatureLabel->setMinimumWidth(70);
    m_temperature = new QSlider(Qt::Horizontal, this);
    m_temperature->setRange(-200, 200);
    m_temperature->setMaximumWidth(160);
    m_temperature->setToolTip(tr("Softmax temperature τ: the logits are divided by it"));
    connect(m_temperature, &QSlider::valueChanged, this, [this](int position) {
        m_document->setTemperature(sliderToTemperature(position), m_temperature->isSliderDown());
    });
    connect(m_temperature, &QSlider::sliderReleased, m_document, &AttentionDocument::endContinuousEdit);
    bar->addWidget(new QLabel(tr(" τ "), this));
    bar->addWidget(m_temperature);
    bar->addWidget(m_temperatureLabel);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Show "), this));
    bar->addWidget(quantity);
    bar->addWidget(new QLabel(tr(" Colours "), this));
    bar->addWidget(colorMap);
    bar->addSeparator();
    bar->addAction(m_presentationAction);
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
    style.fontScale = m_presentation ? 1.5 : 1.0;
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
    static const QFont normalFont = QApplication::font();
    static const QPalette normalPalette = QApplication::palette();
    if (on) {
        QFont large = normalFont;
        large.setPointSizeF(normalFont.pointSizeF() * 1.6);
        QApplication::setFont(large);
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x26, 0x26, 0x26));
        dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::AlternateBase, QColor(0x2c, 0x2c, 0x2c));
        dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Button, QColor(0x33, 0x33, 0x33));
        dark.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
        dark.setColor(QPalette::Highlight, QColor(0xf9, 0x8e, 0x09));
        dark.setColor(QPalette::HighlightedText, Qt::black);
        dark.setColor(QPalette::ToolTipBase, QColor(0x33, 0x33, 0x33));
        dark.setColor(QPalette::ToolTipText, QColor(0xee, 0xee, 0xee));
        QApplication::setPalette(dark);
        m_colorMapBeforePresentation = m_colorMap->currentIndex();
        m_colorMap->setCurrentIndex(int(ColorMaps::Name::HighContrast));
        m_tokensVisibleBefore = m_tokensDock->isVisible();
        m_outputVisibleBefore = m_outputDock->isVisible();
        m_tokensDock->hide();
        m_outputDock->hide();
    } else {
        QApplication::setFont(normalFont);
        QApplication::setPalette(normalPalette);
        m_colorMap->setCurrentIndex(m_colorMapBeforePresentation);
        m_tokensDock->setVisible(m_tokensVisibleBefore);
        m_outputDock->setVisible(m_outputVisibleBefore);
    }
    m_heatmap->setAppearance(on, on ? 2.0 : 1.0);
    m_bars->setAppearance(on, on ? 2.0 : 1.0);
    syncLabStyle();
    statusBar()->showMessage(on ? tr("Presentation mode: F5 to leave") : QString(), 4000);
}

void MainWindow::syncControls()
{
    const AttentionOptions &o = m_document->session().options;
    m_scaleAction->setChecked(o.scale);
    for (QAction *a : m_maskGroup->actions())
        a->setChecked(MaskMode(a->data().toInt()) == o.mask);
    const QSignalBlocker block(m_temperature);
    if (!m_temperature->isSliderDown())
        m_temperature->setValue(temperatureToSlider(o.temperature));
    m_temperatureLabel->setText(QStringLiteral("%1").arg(o.temperature, 0, 'f', 2));
}

void MainWindow::updateTitle()
{
    setWindowTitle(m_document->displayName() + QStringLiteral("[*] — Attention Lab"));
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

void MainWindow::loadPreset(const Session &session, const QString &name)
{
    m_document->replaceSession(session, name);
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
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = Preferences::recentFiles;
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > Preferences::kMaxRecentFiles)
        files.removeLast();
    Preferences::recentFiles.set(files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = Preferences::recentFiles;
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this, [this, path] {
                if (maybeSave())
                    openFile(path);
            });
        a->setToolTip(path);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear list"), this, [this] {
            Preferences::recentFiles.set({});
            updateRecentMenu();
        });
    }
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
    QString path = QFileDialog::getSaveFileName(this, tr("Save session"), m_document->filePath(),
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
