// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"
#include "ui/model/attentionfiles.h"

#include <QImage>
#include <QList>
#include <QMainWindow>
#include <QSize>

#include <memory>
#include <optional>
#include <vector>

class QActionGroup;
class QDockWidget;
class QComboBox;
class QLabel;
class QStackedWidget;
class QMenu;
class QTabBar;
class QTabWidget;
class QUndoGroup;
class QToolBar;

namespace AttentionLab {

class AttentionDocument;
class AttentionLinesView;
class EntropyBarsView;
class ElidingLabel;
class EquationBanner;
class HintBar;
class RecentFilesMenu;
class TabEditor;
class TemperatureControl;
class Autosaver;
class GeometryLab;
class HeadsLab;
class LabState;
class MaskLab;
class ModelDocument;
class ModelPage;
class ModelRunner;
class ModelTextPanel;
class GenerationPanel;
class GenerationRunner;
struct Generation;
struct GenerationOptions;
class PositionLab;
class PretrainedModel;
class Recorder;
class ScaleLab;
class HeatmapView;
class MatrixEditor;
class OutputTable;
class VectorEditor;
struct ExportSize;
struct FigureStyle;
struct Session;

/// The window a lecturer projects: the heatmap, the entropy bars, the
/// output and the sliders, with the scaling, the mask order and the
/// temperature always in reach.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    AttentionDocument *document() const { return m_document; }
    HeatmapView *heatmap() const { return m_heatmap; }
    /// The Attention tab's weights as lines, shown instead of the heatmap.
    AttentionLinesView *linesView() const { return m_lines; }
    /// Lines instead of the heatmap on the Attention tab (View > Show as Lines, Ctrl+L).
    void setShowLines(bool on);
    bool showsLines() const;
    EntropyBarsView *entropyBars() const { return m_bars; }
    VectorEditor *vectorEditor() const { return m_editor; }
    OutputTable *outputTable() const { return m_output; }
    MatrixEditor *matrixEditor() const { return m_matrixEditor; }
    Autosaver *autosaver() const { return m_autosaver; }
    LabState *labState() const { return m_labs; }
    QTabWidget *tabs() const { return m_tabs; }
    /// The tabs as shown: a bar across the window, under the toolbars.
    QTabBar *tabBar() const { return m_tabBar; }
    GeometryLab *geometryLab() const { return m_geometryLab; }
    ScaleLab *scaleLab() const { return m_scaleLab; }
    MaskLab *maskLab() const { return m_maskLab; }
    HeadsLab *headsLab() const { return m_headsLab; }
    PositionLab *positionLab() const { return m_positionLab; }
    /// The Model tab: a trained model's attention, opened from .npy, .npz or .safetensors.
    ModelDocument *modelDocument() const { return m_modelDocument; }
    ModelPage *modelPage() const { return m_modelPage; }
    /// The model opened with File > Open Model, run on the text being typed.
    ModelRunner *modelRunner() const { return m_modelRunner; }
    GenerationPanel *generationPanel() const { return m_generationPanel; }
    GenerationRunner *generationRunner() const { return m_generationRunner; }
    ModelTextPanel *modelTextPanel() const { return m_modelText; }
    /// Opens a model's folder on the Model tab and reads the
    /// last text (or the lecture's sentence) with it; a message box says why
    /// a folder cannot be opened, and what was open stays open.
    bool openModelFolder(const QString &folder);
    /// File > Open Built-in Model: the model shipped with the program
    /// (io/builtinmodel.h), reading BuiltinModel::exampleText(); a message
    /// box when it is not installed.
    bool openBuiltinModel();
    /// Opens the built-in model unless it is open, and shows its first
    /// known head of \a role ("previous token", "induction") large; false
    /// when the model or such a head is not there. The guided tour's pages.
    bool showBuiltinHead(const QString &role);
    /// Makes the Model tab's selected head a new session in the Attention
    /// tab (its tokens, q, k and v rows, the model's mask); false when no
    /// model's head is selected or the user kept unsaved work.
    bool openHeadInAttentionTab();
    EquationBanner *equationBanner() const { return m_equation; }
    HintBar *hintBar() const { return m_hint; }
    TemperatureControl *temperatureControl() const { return m_temperature; }
    QComboBox *maskChooser() const { return m_maskChoice; }
    QToolBar *attentionToolBar() const { return m_attentionBar; }
    QToolBar *viewToolBar() const { return m_viewBar; }
    /// The figure view the current tab shows ("figure" for the attention tab).
    /// The view the current tab shows, as `export --view` names it: a lab,
    /// "figure" or "lines" on the Attention tab, and on the Model tab with a
    /// file open "grid", "head", "average", "rollout" or "lines".
    QString currentViewName() const;
    /// True when the Model tab is current and shows a tensor: exports and
    /// copies are then the model's figures.
    bool showsModel() const;
    /// The editor of the current tab: its docks, controls, title, status and figures.
    TabEditor *currentEditor() const;
    /// Full screen on its own (View > Full Screen, F11); presentation mode is full screen too.
    void setFullScreen(bool on);
    /// View > Show Toolbars (Ctrl+Shift+T).
    void setToolBarsShown(bool on);

    /// Opens a session, or an attention file in the Model tab; a message box
    /// says why a file cannot be read, and what was open stays open.
    bool openFile(const QString &path);
    /// Starts a new untitled document from a preset, named after it, after
    /// offering to save unsaved work; false if the user cancelled.
    bool loadPreset(const Session &session, const QString &name);

    /// The style the window's figures have now: its colour map, its theme
    /// (dark in presentation mode) and whether cells show numbers.
    FigureStyle currentFigureStyle() const;
    /// Writes \a viewName of the current session to \a path; false with a
    /// message in \a error on failure (the old file stays).
    bool exportFigure(const QString &path, const QString &viewName, const ExportSize &size,
                      const FigureStyle &style, QString *error);
    /// The whole figure as an image, as Edit > Copy Figure puts it on the clipboard.
    QImage figureImage() const;
    void copyFigure();

    /// File > Record (Ctrl+Shift+R): the recorder, and its action (checked
    /// while recording, "Stop Recording" then).
    Recorder *recorder() const { return m_recorder; }
    QAction *recordAction() const { return m_recordAction; }
    /// Starts recording the current view, or stops and opens the dialog
    /// that writes the recording (mainwindowrecord.cpp).
    void toggleRecording();
    /// File > Animate…: a sweep written as a GIF or an MP4.
    void showAnimateDialog();

    /// Large fonts and thick lines for a hall, a dark high-contrast look, and
    /// the editors collapsed to the sliders.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    /// Offers back the work a crash or a kill left in the recovery file.
    void offerRecovery();
    /// Restores the recovery file's session without asking; false if none.
    bool recoverAutosave();

private:
    /// A passing message in the status bar, shortened with "…" to the room
    /// the status line's fields leave it (it ran into "d_k = 64"); the whole
    /// message is the status bar's tooltip meanwhile.
    void showStatusMessage(const QString &message, int timeout = 0);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    /// Makes the window what the current tab's editor asks for: the docks
    /// it does not use step aside (and come back as they were on a tab that
    /// uses them), the session's controls only where they act, its title
    /// and its status.
    void fitToTab();
    void fitDocksToTab();
    /// Shows the docks that stepped aside for a tab, as the user had them.
    void restoreDocksSteppedAside();
    /// The window fits the screen it is on: a geometry remembered on a
    /// larger screen, or the default size, never spills off a projector.
    void fitToScreen();
    void createFileMenu();
    void createEditMenu();
    void createAttentionMenu();
    void createViewMenu();
    void createPresetsMenu();
    void createHelpMenu();
    /// The panel a page of the guided tour is about, its tab brought to the front.
    QWidget *tourPanel(const QString &name);
    void createToolBars();
    /// Two toolbar rows when one does not fit, one row when it does.
    void arrangeToolBars();
    /// The view bar's lists sized for m_compactLists.
    void fitViewBarLists();
    /// The toolbars' rows for a window \a windowWidth wide (before a resize to it).
    void arrangeToolBarsFor(int windowWidth);
    void updateTitle();
    void updateStatus();
    void syncControls();
    bool maybeSave();
    bool save();
    bool saveAs();
    void open();
    /// Opens \a path as the user asked (menu, recent list, drop): a session
    /// after offering to save unsaved work, an attention file directly.
    void openFromUser(const QString &path);
    bool openAttentionFile(const QString &path);
    /// File > Open Model: asks for a folder.
    void openModel();
    /// Shows the runner's newest run on the Model tab.
    void showModelRun();
    /// The attention of the text typed (the runner's last run), on the grid.
    void showTextAttention();
    /// Generation on the Model tab (mainwindowmodel.cpp): start, show the
    /// text as it is written and when finished (one undo step of the Model
    /// tab's stack), step its timeline, take an alternative.
    void startGeneration(const GenerationOptions &options);
    void showPartialGeneration(std::shared_ptr<const Generation> partial);
    void showGeneration(std::shared_ptr<const Generation> generation);
    void showGenerationStep(int step);
    void takeAlternative(int step, int id);
    /// Puts \a generation on the timeline at \a step (none: the text's own
    /// attention): undo and redo of the Model tab.
    void restoreGeneration(const std::shared_ptr<const Generation> &generation, int step);
    void clearGeneration();
    /// The logit lens of the text in view, computed in the background while the Lens shows.
    void refreshLens();
    void createModelActions(QMenu *file);
    /// File > Record and File > Animate, and the status bar's recording mark.
    void createRecordActions(QMenu *file);
    void syncRecording(bool recording);
    /// The record button as wide as its widest word (Record, Stop).
    void keepRecordButtonWidth();
    void addRecentFile(const QString &path);
    void showExportDialog();
    void syncLabStyle();
    /// Gives the line view the session's weights, when it is shown.
    void refreshLines();

    AttentionDocument *m_document;
    HeatmapView *m_heatmap;
    AttentionLinesView *m_lines;
    QStackedWidget *m_weightsStack;
    EntropyBarsView *m_bars;
    VectorEditor *m_editor;
    // Declared (so created) in screen order: the focus chain follows it.
    MatrixEditor *m_matrixEditor;
    OutputTable *m_output;
    Autosaver *m_autosaver;
    LabState *m_labs;
    QTabWidget *m_tabs;
    GeometryLab *m_geometryLab;
    ScaleLab *m_scaleLab;
    MaskLab *m_maskLab;
    HeadsLab *m_headsLab;
    PositionLab *m_positionLab;
    ModelDocument *m_modelDocument;
    ModelPage *m_modelPage;
    ModelRunner *m_modelRunner;
    ModelTextPanel *m_modelText;
    GenerationPanel *m_generationPanel = nullptr;
    GenerationRunner *m_generationRunner = nullptr;
    /// What the generation running will replace, and the undo step's name.
    struct PendingGeneration
    {
        QString text;
        std::shared_ptr<const Generation> before;
        int beforeStep = 0;
    };
    PendingGeneration m_pendingGeneration;
    /// Edit > Undo acts on the current tab's stack: the session's, or the
    /// Model tab's (TabEditor::undoStack()).
    QUndoGroup *m_undoGroup = nullptr;
    quint64 m_lensRequest = 0;
    /// What the lens shown (or being read) was asked for: the model and the
    /// text's ids, so that a step or a view change that keeps both reads nothing again.
    std::weak_ptr<const PretrainedModel> m_lensModel;
    std::vector<int> m_lensIds;
    QAction *m_openHeadAction = nullptr;
    /// The Model tab shows the runner's runs (not an attention file).
    bool m_showsModelRun = false;
    EquationBanner *m_equation;
    HintBar *m_hint;
    TemperatureControl *m_temperature;
    RecentFilesMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_attentionBar = nullptr;
    QToolBar *m_viewBar = nullptr;
    /// The words before the view bar's lists (" Show ", " Colours "), left
    /// out in presentation mode on a narrow projector.
    QList<QAction *> m_viewBarLabels;
    /// Those lists as wide as their current choice (presentation mode on a narrow projector).
    bool m_compactLists = false;
    QToolBar *m_tabsBar = nullptr;
    QTabBar *m_tabBar = nullptr;
    QComboBox *m_quantity = nullptr;
    QComboBox *m_colorMap = nullptr;
    QComboBox *m_colorRange = nullptr;
    QComboBox *m_maskChoice = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QDockWidget *m_tokensDock = nullptr;
    QDockWidget *m_outputDock = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_numbersAction = nullptr;
    QAction *m_linesAction = nullptr;
    QAction *m_heatmapModeAction = nullptr;
    bool m_presentation = false;
    QSize m_sizeBeforePresentation;
    /// The sliders' column before presentation mode widened it (0: hidden).
    int m_slidersWidthBeforePresentation = 0;
    int m_colorMapBeforePresentation = 0;
    bool m_tokensVisibleBefore = true;
    bool m_outputVisibleBefore = true;
    QAction *m_scaleAction = nullptr;
    QActionGroup *m_maskGroup = nullptr;
    ElidingLabel *m_status = nullptr;
    /// The docks hidden because the current tab does not use them.
    QList<QDockWidget *> m_docksSteppedAside;
    QDockWidget *m_slidersDock = nullptr;
    /// One editor per tab, in the tabs' order.
    std::vector<std::unique_ptr<TabEditor>> m_editors;
    /// The session's controls: enabled only on tabs whose editor uses them.
    QList<QAction *> m_sessionActions;
    QList<QWidget *> m_sessionWidgets;
    /// The mask and temperature on the attention bar (and their separators):
    /// hidden on a tab that does not use the session.
    QList<QAction *> m_sessionBarActions;
    /// The attention bar's width with them shown, which arrangeToolBars
    /// keeps room for on every tab.
    int m_sessionBarWidth = 0;
    QAction *m_fullScreenAction = nullptr;
    QAction *m_toolBarsAction = nullptr;
    bool m_fullScreenBeforePresentation = false;
    /// The first show fits the window to its screen, frame included.
    bool m_shownOnce = false;
    /// The input and layout chosen for the attention file being opened, and
    /// what the last read of it found must still be asked.
    AttentionFiles::ReadChoices m_attentionChoices;
    Recorder *m_recorder = nullptr;
    QAction *m_recordAction = nullptr;
    QLabel *m_recordStatus = nullptr;
    /// The documents' signals the recording listens to, while it runs.
    QList<QMetaObject::Connection> m_recordConnections;
};

} // namespace AttentionLab
