// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/rowstatistics.h"
#include "core/model/interventions.h"
#include "core/sets/attentionaggregates.h"
#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"

#include "ui/document/backgroundoutcome.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace AttentionLab {

/// What the large view shows: one head, the head average of a layer, or
/// attention rollout over every layer.
enum class ModelView
{
    Head,
    LayerAverage,
    Rollout,
};

/**
 * A trained model's attention opened in the window: the tensor, its file,
 * the head scores (computed in the background), and what the model view has
 * selected (layer, head, which view, word-level merging). Views observe it
 * and change it only through its setters.
 */
class ModelDocument : public QObject
{
    Q_OBJECT

public:
    /// Reads an attention file: its sets, or nullopt with one line in \a error.
    using Loader = std::function<std::optional<std::vector<AttentionSet>>(const QString &path,
                                                                          QString *error)>;
    using MatrixMap = AttentionTensor::HeadMatrix;

    explicit ModelDocument(QObject *parent = nullptr);
    ~ModelDocument() override;

    void setLoader(Loader loader) { m_loader = std::move(loader); }
    /// The Model tab's undo history: what the model wrote (Generate, an
    /// alternative taken), each step a GenerationCommand. Cleared with the
    /// text it was written after.
    QUndoStack *undoStack() { return &m_undoStack; }
    /// Reads \a path with the loader and shows it; on failure \a error has
    /// the loader's one line and the document stays as it was.
    bool open(const QString &path, QString *error);
    /// Shows \a tensor, named \a filePath (a tensor built in memory). With
    /// \a keepSelection, a tensor of as many layers and heads as the shown one
    /// keeps the selected head and view (a model's attention on a retyped text).
    void setTensor(AttentionTensor tensor, const QString &filePath, bool keepSelection = false);
    /// Shows a run of several attentions (an encoder-decoder's), the
    /// default one (defaultSetIndex(): the decoder's) first, named \a filePath.
    /// With \a keepSelection, the set shown before stays, with its head and
    /// view where its layers and heads are as many (a retyped text).
    void setSets(std::vector<AttentionSet> sets, const QString &filePath,
                 bool keepSelection = false);
    /// Every attention of the run shown: one, or an encoder-decoder's three.
    const std::vector<AttentionSet> &sets() const { return m_sets; }
    /// Which of sets() is shown (-1 when nothing is).
    int setIndex() const { return m_setIndex; }
    /// The kind of the set shown (a decoder's when nothing is).
    AttentionKind setKind() const;
    /// Shows set \a index of sets(), its head 0.0 selected.
    void chooseSet(int index);
    /// True when the last setTensor() kept the selection.
    bool keptSelection() const { return m_keptSelection; }

    bool isEmpty() const { return !m_tensor || m_tensor->isEmpty(); }
    const AttentionTensor &tensor() const { return *m_tensor; }
    /// The tensor shared, for work in the background that must outlive a replacement.
    std::shared_ptr<const AttentionTensor> sharedTensor() const { return m_tensor; }
    QString filePath() const { return m_filePath; }
    /// "file.npz": the file name without its folder, or the title the file
    /// names for itself (the Python module's name=).
    QString displayName() const;
    /// The title a file names for itself, set as it opens; a model's run has none.
    void setTitle(const QString &title) { m_title = title; }
    /// "12 layers × 12 heads, 1024 × 1024 tokens".
    QString shapeText() const;

    /// True once the background scores have arrived.
    bool scoresReady() const { return !m_scores.empty(); }
    /// Head \a head of layer \a layer's scores; needs scoresReady().
    const HeadScores &scores(int layer, int head) const;
    /// Every head's scores, index layer * H + head; needs scoresReady().
    const std::vector<HeadScores> &allScores() const { return m_scores; }
    /// Blocks until the scores have arrived (the benchmark, tests, exports).
    void waitForScores();

    int layer() const { return m_layer; }
    int head() const { return m_head; }
    ModelView view() const { return m_view; }
    bool wordLevel() const { return m_wordLevel; }
    /// True when some rows or columns have tokens that merge into words.
    bool canMergeWords() const;
    /// True when attention rollout is defined (as many queries as keys).
    bool canRollout() const;
    /// True while the rollout is computed in the background: the view is
    /// Rollout and the current matrix is empty until it arrives.
    bool rolloutPending() const
    {
        return m_view == ModelView::Rollout && !m_rollout && !m_rolloutRefusal;
    }
    /// Heads knocked out of the model's pass (Knock Out Head), each in its
    /// attention (an encoder-decoder's three): the run shown was computed
    /// without them; the grid draws them crossed.
    const std::vector<HeadIndex> &knockedOut() const { return m_knockedOut; }
    /// Whether head \a layer.\a head of the set shown (setKind()) is out.
    bool isKnockedOut(int layer, int head) const;
    /// Sets them (KnockOutCommand does, for the undo history); emits knockedOutChanged().
    void setKnockedOut(std::vector<HeadIndex> heads);

    /// Why the head scores failed (empty while they are pending or ready).
    const QString &scoreError() const { return m_scoreError; }

    /// Selects head \a head of layer \a layer (clamped) and shows it.
    void select(int layer, int head);
    void setView(ModelView view);
    void setWordLevel(bool on);
    /// Moves the selection by \a delta heads within the layer (clamped).
    void stepHead(int delta);
    /// Moves the selection by \a delta layers (clamped).
    void stepLayer(int delta);

    /// The matrix the large view shows: the selected head, the layer's head
    /// average or the rollout, merged into words when wordLevel() is on.
    /// Valid until the next change of the selection.
    MatrixMap currentMatrix() const;
    /// Which of its cells were masked before the softmax (a causal model's
    /// keys right of the diagonal): drawn grey and said "masked", never a 0.
    KeyVisibility currentVisibility() const;
    /// Its rows' and columns' labels (displayToken, or the merged words).
    const QStringList &rowLabels() const { return m_rowLabels; }
    const QStringList &columnLabels() const { return m_columnLabels; }
    /// Its rows as the entropy bars show them.
    const std::vector<RowStatistics> &rowStatistics() const { return m_rowStatistics; }
    /// "head 5.1", "layer 5, mean of 12 heads", "rollout over 12 layers", with ", words".
    QString currentTitle() const;

signals:
    /// A new tensor (the selection went back to head 0.0 and the scores are pending).
    void tensorChanged();
    void scoresChanged();
    /// The layer, head, view or word-level setting changed, and so the current matrix.
    void currentChanged();
    /// A background computation (the head scores, the rollout) failed:
    /// \a message says which and why. The rollout's view falls back to the head.
    void failed(const QString &message);
    /// Heads were knocked out or restored.
    void knockedOutChanged();

private:
    void startScores();
    /// Takes the scores' result, or their error.
    void takeScores();
    void rebuildCurrent();
    void show(std::shared_ptr<const AttentionTensor> tensor, const QString &filePath,
              bool keepSelection);

    Loader m_loader;
    std::vector<AttentionSet> m_sets;
    int m_setIndex = -1;
    std::shared_ptr<const AttentionTensor> m_tensor;
    QString m_filePath;
    QString m_title;
    std::vector<HeadScores> m_scores;
    QFutureWatcher<BackgroundOutcome<std::vector<HeadScores>>> m_scoreWatcher;
    /// Why the scores of this tensor could not be computed, if they could not.
    QString m_scoreError;
    int m_layer = 0;
    int m_head = 0;
    bool m_keptSelection = false;
    ModelView m_view = ModelView::Head;
    bool m_wordLevel = false;

    std::vector<std::string> m_rowTokens;
    WordGroups m_rowWords;
    WordGroups m_columnWords;
    /// The current matrix when it is not one of the tensor's heads as stored.
    FloatMatrix m_computed;
    bool m_usesComputed = false;
    /// Rollout is L products of n x n matrices (seconds at n = 1024):
    /// computed once per tensor, in the background, when first shown.
    std::optional<FloatMatrix> m_rollout;
    QFutureWatcher<BackgroundOutcome<FloatMatrix>> m_rolloutWatcher;
    /// Why the rollout is not computed (rolloutRefusal()), once asked.
    std::optional<QString> m_rolloutRefusal;
    void startRollout();
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    bool m_labelsStale = true;
    bool m_labelsWordLevel = false;
    std::vector<RowStatistics> m_rowStatistics;
    std::vector<HeadIndex> m_knockedOut;
    QUndoStack m_undoStack;
};

} // namespace AttentionLab
