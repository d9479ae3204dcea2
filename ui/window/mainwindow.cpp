// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/mainwindow.h"

#include "ui/document/attentiondocument.h"
#include "ui/document/autosaver.h"
#include "ui/figure/equationtext.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"
#include "ui/labs/geometrylab.h"
#include "ui/labs/headslab.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"
#include "ui/labs/masklab.h"
#include "ui/labs/positionlab.h"
#include "ui/labs/scalelab.h"
#include "ui/labs/sizelab.h"
#include "ui/model/attentionfiles.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/views/actionicons.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/equationbanner.h"
#include "ui/views/exportdialog.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/matrixeditor.h"
#include "ui/views/outputtable.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/views/vectoreditor.h"
#include "ui/window/altkeymenuaccess.h"
#include "ui/window/preferences.h"
#include "ui/window/presentationtheme.h"

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
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
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
    // The weights as a heatmap or as lines (View > Show as Lines). The
    // heatmap alone sizes the stack: the splitter keeps its proportions.
    m_lines->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_weightsStack->addWidget(m_heatmap);
    m_weightsStack->addWidget(m_lines);
    auto *views = new QSplitter(Qt::Vertical, this);
    views->addWidget(m_weightsStack);
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
    m_modelText->hide();
    m_modelPage->setTextPanel(m_modelText);
    connect(m_modelRunner, &ModelRunner::runFinished, this, &MainWindow::showModelRun);
    connect(m_modelText, &ModelTextPanel::openHeadRequested, this,
            [this] { openHeadInAttentionTab(); });
    // A batched file is read again with the input the user chose.
    m_modelDocument->setLoader([this](const QString &path, QString *error) {
        return AttentionFiles::read(path, error, &m_attentionChoices);
    });
    m_tabs->setDocumentMode(true);
    // The tab bar scrolls rather than set the window's minimum width (large
    // text in presentation mode would push it past a 1280 px projector).
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setElideMode(Qt::ElideNone);
    m_tabs->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabs->setTabToolTip(i, tr("%1 (Alt+%2)").arg(m_tabs->tabText(i)).arg(i + 1));
        // No page may hold the window larger than a 1280 x 720 projector in
        // presentation mode: a page squeezed below its layout's wish clips.
        m_tabs->widget(i)->setMinimumSize(320, 240);
    }
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
    connect(m_heatmap, &HeatmapView::cellClicked, this,
            [this](int row, int col, Qt::KeyboardModifiers modifiers) {
                if (modifiers & Qt::ShiftModifier)
                    m_editor->select(VectorKind::Query, row);
                else
                    m_editor->select(VectorKind::Key, col);
            });
    // Click a token of the lines: a key goes on the sliders, a query too.
    connect(m_lines, &AttentionLinesView::tokenClicked, this, [this](LineToken token) {
        m_editor->select(token.side == LineToken::Side::Query ? VectorKind::Query : VectorKind::Key,
                         token.index);
    });
    connect(m_document, &AttentionDocument::resultChanged, this, &MainWindow::refreshLines);
    connect(m_document, &AttentionDocument::sessionReset, this, &MainWindow::refreshLines);
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
    connect(m_modelDocument, &ModelDocument::tensorChanged, this, &MainWindow::updateTitle);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateTitle);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::fitDocksToTab);
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

std::optional<ExportFigure> MainWindow::currentModelFigure(const QString &viewName) const
{
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view)
        return std::nullopt;
    m_modelDocument->waitForScores();
    m_modelFigureData.emplace(TensorFigureData{
        m_modelDocument->tensor(), m_modelDocument->allScores(), m_modelDocument->layer(),
        m_modelDocument->head(), m_modelDocument->wordLevel()});
    return tensorExportFigure(*view, *m_modelFigureData);
}

bool MainWindow::exportFigure(const QString &path, const QString &viewName, const ExportSize &size,
                              const FigureStyle &style, QString *error)
{
    FigureExporter exporter;
    bool written = false;
    if (showsModel()) {
        const std::optional<ExportFigure> figure = currentModelFigure(viewName);
        if (!figure) {
            if (error)
                *error = tr("There is no view called “%1”.").arg(viewName);
            return false;
        }
        written = exporter.exportFile(path, *figure, style, size);
    } else {
        const FigureView *view = findFigureView(viewName);
        if (!view) {
            if (error)
                *error = tr("There is no view called “%1”.").arg(viewName);
            return false;
        }
        written = exporter.exportFile(
            path, *view,
            FigureData{m_document->session(), m_document->result(), &m_labs->settings()}, style,
            size);
    }
    if (!written && error)
        *error = exporter.errorString();
    return written;
}

void MainWindow::showExportDialog()
{
    ExportDialog dialog(m_heatmap->colorMap(), m_presentation,
                        showsModel() ? ExportDialog::modelViews() : ExportDialog::sessionViews(),
                        currentViewName(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!exportFigure(dialog.filePath(), dialog.viewName(), dialog.size(), dialog.style(),
                      &error)) {
        QMessageBox::warning(this, tr("Cannot export"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(dialog.filePath()), 5000);
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
    if (showsModel()) {
        if (!m_modelPage->showsLarge())
            return QStringLiteral("grid");
        if (m_modelPage->showsLines())
            return QStringLiteral("lines");
        switch (m_modelDocument->view()) {
        case ModelView::Head:
            return QStringLiteral("head");
        case ModelView::LayerAverage:
            return QStringLiteral("average");
        case ModelView::Rollout:
            return QStringLiteral("rollout");
        }
    }
    if (m_tabs->currentIndex() == 0 && showsLines())
        return QStringLiteral("lines");
    static const QStringList views{QStringLiteral("figure"), QStringLiteral("geometry"),
                                   QStringLiteral("scale"),  QStringLiteral("mask"),
                                   QStringLiteral("heads"),  QStringLiteral("positional"),
                                   QStringLiteral("params")};
    return views.value(m_tabs->currentIndex(), QStringLiteral("figure"));
}

QImage MainWindow::figureImage() const
{
    if (showsModel())
        return FigureExporter::renderImage(*currentModelFigure(currentViewName()),
                                           currentFigureStyle(), ExportSize{});
    return FigureExporter::renderImage(
        *findFigureView(currentViewName()),
        FigureData{m_document->session(), m_document->result(), &m_labs->settings()},
        currentFigureStyle(), ExportSize{});
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
    if (on)
        m_sizeBeforePresentation = size();
    PresentationTheme::apply(on);
    ActionIcons::refresh(this);
    // The toolbar's icons grow with its text.
    const int iconSide = style()->pixelMetric(QStyle::PM_ToolBarIconSize);
    for (QToolBar *bar : {m_attentionBar, m_viewBar})
        bar->setIconSize(QSize(iconSide, iconSide) * (on ? PresentationTheme::kFontFactor : 1.0));
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
        if (m_sizeBeforePresentation.isValid() && !isMaximized() && !isFullScreen())
            QMetaObject::invokeMethod(
                this, [this] { resize(m_sizeBeforePresentation); }, Qt::QueuedConnection);
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
    m_equation->setEquation(Equations::attention(s), Equations::settings(s));
}

void MainWindow::updateTitle()
{
    // The Model tab names the attention file it shows, not the session.
    if (m_tabs->currentWidget() == m_modelPage && !m_modelDocument->isEmpty()) {
        setWindowTitle(tr("%1 (%2) — Attention Lab")
                           .arg(m_modelDocument->displayName(), m_modelDocument->shapeText()));
        setWindowFilePath(m_modelDocument->filePath());
        return;
    }
    setWindowTitle(m_document->displayName() + QStringLiteral("[*] — Attention Lab"));
    setWindowFilePath(m_document->filePath());
    setWindowModified(m_document->isModified());
}

void MainWindow::updateStatus()
{
    const Session &s = m_document->session();
    const QStringList masks{tr("no mask"), tr("causal mask"),
                            tr("mask after softmax (wrong order)")};
    m_status->setText(
        tr("d_k = %1   n = %2 keys, %3 queries   %4, %5   updated %6")
            .arg(s.keys.cols())
            .arg(s.keys.rows())
            .arg(s.queries.rows())
            .arg(s.options.scale ? tr("scaled by √%1").arg(s.keys.cols()) : tr("unscaled"))
            .arg(masks[int(s.options.mask)])
            .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
}

void MainWindow::fitDocksToTab()
{
    // The sliders, tables and output edit the session of the Attention tab
    // and the labs; on the Model tab they would only take the large view's
    // room, so they are hidden there and come back as they were.
    if (m_tabs->currentWidget() != m_modelPage) {
        restoreDocksHiddenForModel();
        return;
    }
    if (!m_docksHiddenForModel.isEmpty())
        return;
    for (QDockWidget *dock : findChildren<QDockWidget *>()) {
        if (dock->isVisible() && !dock->isFloating()) {
            m_docksHiddenForModel.append(dock);
            dock->hide();
        }
    }
}

void MainWindow::restoreDocksHiddenForModel()
{
    for (QDockWidget *dock : std::as_const(m_docksHiddenForModel)) {
        // Presentation mode keeps the tables hidden; it shows them on leaving.
        if (m_presentation && (dock == m_tokensDock || dock == m_outputDock)) {
            (dock == m_tokensDock ? m_tokensVisibleBefore : m_outputVisibleBefore) = true;
            continue;
        }
        dock->show();
    }
    m_docksHiddenForModel.clear();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    Preferences::windowGeometry.set(saveGeometry());
    restoreDocksHiddenForModel(); // the layout as the user made it
    Preferences::windowState.set(saveState());
    m_autosaver->discard(); // closed cleanly: saved, or discarded on purpose
    event->accept();
}

} // namespace AttentionLab
