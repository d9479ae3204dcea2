// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/builtinmodel.h"

#include "core/model/interventions.h"
#include "core/model/relativepositionbias.h"
#include "ui/figure/tensorfigure.h"
#include "ui/model/attentionfiles.h"
#include "ui/window/tabeditor.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QMenu;

namespace AttentionLab {

class ExperimentController;
class ExperimentPanel;
class GenerationController;
class GenerationPanel;
class GenerationRunner;
class LensController;
class ModelDocument;
class ModelPage;
class ModelRunner;
class ModelTextPanel;
struct FileView;
struct Session;

/**
 * The Model tab as its own editor: a trained model's attention, from a file
 * or from a model run on the text being typed, with what the model writes
 * after it and the logit lens. It owns the document, the page and its
 * panels, the runner, the generation and the lens; the window asks it for
 * its title, status, figures and File menu entries. It uses no dock and
 * none of the session's controls; an export's caption names the model, the
 * head and the text.
 */
class ModelTabEditor : public QObject, public TabEditor
{
    Q_OBJECT

public:
    /// \a window parents the tab's page and its messages.
    explicit ModelTabEditor(QWidget *window);
    ~ModelTabEditor() override;

    ModelDocument *document() const { return m_document; }
    ModelPage *modelPage() const { return m_page; }
    /// The model opened with File > Open Model, run on the text being typed.
    ModelRunner *runner() const { return m_runner; }
    ModelTextPanel *textPanel() const { return m_text; }
    GenerationPanel *generationPanel() const { return m_generationPanel; }
    GenerationRunner *generationRunner() const { return m_generationRunner; }
    GenerationController *generation() const { return m_generation; }
    ExperimentPanel *experimentPanel() const { return m_experimentPanel; }
    ExperimentController *experiments() const { return m_experiments; }
    /// The tab shows the runner's runs (not an attention file).
    bool showsRun() const { return m_showsRun; }
    /// The long work the user started that is still running ("the
    /// generation", "the sweep"), which opening another model or file would
    /// end; empty when there is none. A pass over the typed text is not
    /// such work: its text stays in the box, and its result is dropped.
    QString workRunning() const;

    /// File > Open Model, Open Built-in Model and Open Head in Attention Tab.
    void addFileActions(QMenu *file);
    /// Edit > Copy as Python.
    void addEditActions(QMenu *edit);
    /// The lines that show the current view from a notebook
    /// (pythonSnippet()); empty when the tab shows nothing.
    QString pythonForView() const;
    /// Opens a model's folder and reads the last text (or the lecture's
    /// sentence) with it; a message box says why a folder cannot be opened,
    /// and what was open stays open.
    bool openModelFolder(const QString &folder);
    /// A model shipped with the program (io/builtinmodel.h), reading its
    /// example (the translator's as its source, its Translate button ready);
    /// a message box when it is not installed.
    bool openBuiltinModel(const BuiltinModel &model = BuiltinModel::gpt2());
    /// Opens the built-in model unless it is open, and shows its first
    /// known head of \a role ("previous token", "induction") large; false
    /// when the model or such a head is not there. The guided tour's pages.
    bool showBuiltinHead(const QString &role);
    /// Opens the built-in translator on its example and the catalogue's
    /// French, and shows its known aligning cross head large; false when the
    /// translator or such a head is not there. The guided tour's page.
    bool showBuiltinAlignment();
    /// The tour's page: the built-in model on random words said twice, its
    /// known induction heads knocked out, the loss on the second copy with
    /// them and without on the Experiments row; false when it cannot.
    bool showBuiltinKnockout();
    /// An .npy, .npz or .safetensors file of attention, asking for its
    /// layout or batch where the file leaves them open.
    bool openAttentionFile(const QString &path);

    /// The selected head of the text in view as a lab session (its tokens,
    /// q, k and v rows, the model's mask), with its name and a note of what
    /// was done to q and k; nothing when no model's head is selected.
    struct TakenHead
    {
        QString name;
        QString note;
    };
    std::optional<TakenHead> takeHead(Session *session);

    // TabEditor
    QWidget *page() const override;
    Docks docks() const override { return {}; }
    bool usesSessionControls() const override { return false; }
    /// The model document's: what the model wrote.
    QUndoStack *undoStack() const override;
    Title title() const override;
    QString statusText() const override;
    QList<ExportDialog::View> exportViews() const override;
    QString currentViewName() const override;
    bool exportFile(const QString &path, const QString &viewName, const FigureStyle &style,
                    const ExportSize &size, QString *error) const override;
    QImage figureImage(const FigureStyle &style) const override;
    QString exportTitle() const override;
    void rememberExportTitle(const QString &title) override;
    /// The caption without the head, which each frame names.
    QString animationTitle() const override;
    /// The model's figures (not the lens), once the head scores have arrived.
    std::optional<RecordedFrame> recordedFrame(const QString &viewName) const override;
    QList<QMetaObject::Connection> noteChanges(Recorder *recorder) const override;
    std::optional<AnimateDialog::Target> animationTarget(QString *why) const override;
    AnimationFrames animationFrames(const AnimateDialog &dialog, const FigureStyle &style,
                                    const ExportSize &size, int frames) override;

    /// The caption an export proposes when no title was typed for the tab:
    /// "gpt2, head 5.1: “When Mary and John went to the store”".
    QString caption() const;

signals:
    /// A passing message for the status bar.
    void statusMessage(const QString &message, int timeout);
    /// The title or the status line changed.
    void describedChanged();
    /// The tab wants to be the current one.
    void raiseRequested();
    /// A model folder or a file was opened (the recent list).
    void opened(const QString &path);
    /// Open Head in Attention Tab was asked for.
    void takeHeadRequested();
    /// The open model's learned relative position bias (T5's), or none: the
    /// Position lab draws it.
    void relativeBiasChanged(std::shared_ptr<const RelativeBiasTables> tables);
    /// A file asked for the light or the dark look (the Python module's
    /// model_view(display_mode=...)).
    void themeRequested(bool dark);

private:
    /// The heads the known-heads table gives \a role for what is shown.
    std::vector<HeadIndex> knownHeads(const QString &role) const;
    /// The first known head of \a role for the shown set, selected and shown large.
    bool showKnownHead(const QString &role);
    void createPage();
    /// Shows the runner's newest run.
    void showModelRun();
    /// The attention of the text typed (the runner's last run), on the grid.
    void showTextAttention();
    /// Shows what an opened file's view asks for: its set, layer and head,
    /// the large head or the grid, its theme.
    void showFileView(const FileView &view);
    void refreshLens();
    /// The figure \a viewName, drawn from data kept in m_figureData.
    std::optional<ExportFigure> figure(const QString &viewName) const;
    /// The caption naming \a shown (nothing: the model and the text alone).
    QString captionOf(const QString &shown) const;
    /// What the tab shows: the model's folder name, or the file's.
    QString sourceName() const;
    /// What the page shows now: the grid, or the large view's matrix.
    QString shownTitle() const;

    QWidget *m_window;
    ModelDocument *m_document;
    ModelPage *m_page;
    ModelRunner *m_runner;
    ModelTextPanel *m_text;
    GenerationPanel *m_generationPanel;
    GenerationRunner *m_generationRunner;
    GenerationController *m_generation;
    LensController *m_lens;
    ExperimentPanel *m_experimentPanel;
    ExperimentController *m_experiments;
    /// The text of the last run shown (its text, pair, BOS and target): a run
    /// of the same text with other heads knocked out keeps what was written.
    QString m_lastRunText;
    QAction *m_openHeadAction = nullptr;
    QAction *m_copyPythonAction = nullptr;
    bool m_showsRun = false;
    /// The input and layout chosen for the attention file being opened, and
    /// what the last read of it found must still be asked.
    AttentionFiles::ReadChoices m_attentionChoices;
    /// What the figures are drawn from (they refer to it).
    mutable std::optional<TensorFigureData> m_figureData;
    /// The scores shared by a recording's frames of one tensor, copied once;
    /// the tensor is watched, not kept (the recording spools it).
    mutable std::shared_ptr<const std::vector<HeadScores>> m_recordedScores;
    mutable std::weak_ptr<const AttentionTensor> m_recordedTensor;
    /// What an animation's frames refer to, kept until they are written.
    std::vector<HeadScores> m_animatedScores;
    std::shared_ptr<const AttentionTensor> m_animatedTensor;
};

} // namespace AttentionLab
