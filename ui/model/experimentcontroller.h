// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"
#include "core/model/modelmeasure.h"

#include <QObject>
#include <QPoint>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QUndoCommand;
class QWidget;

namespace AttentionLab {

class ExperimentPanel;
class SweepDialog;
class ModelDocument;
class ModelRunner;
class ModelTextPanel;
class PretrainedModel;

/**
 * Experiments on the Model tab's heads: Knock Out Head (the grid's context
 * menu, and K on the grid or the large head) and Restore Every Head, each
 * an undo step; the model read again without the knocked-out heads, its
 * guesses, attention and lens computed from their layer up; the
 * Experiments row's measure with them and without.
 */
class ExperimentController : public QObject
{
    Q_OBJECT

public:
    ExperimentController(ModelDocument *document, ModelRunner *runner, ModelTextPanel *text,
                         ExperimentPanel *panel, QObject *parent = nullptr);

    /// Knock Out Head / Restore Head for the selected head: K, where it is added.
    QAction *knockOutAction() const { return m_knockOut; }
    /// What the model's pass has knocked out, for the lens.
    Interventions interventions() const;

    /// A model was opened (or closed): every head back, the row shown for
    /// the models it serves (GPT-2, BERT and the decoders).
    void modelChanged(const std::shared_ptr<const PretrainedModel> &model);
    /// The context menu of head \a head of layer \a layer at \a global.
    void showHeadMenu(int layer, int head, const QPoint &global, QWidget *parent);
    /// Knocks the selected head out, or restores it (an undo step).
    void toggleSelected();
    void restoreAll();
    /// Grouped-query attention: knocks out the key/value head that head \a
    /// head of layer \a layer reads, every query head that shares it (or
    /// restores them when all are out); false for a model without shared heads.
    bool toggleKeyValueHead(int layer, int head);
    /// Shows the Experiments row even while no head is knocked out.
    void setRowPinned(bool pinned);
    bool rowPinned() const { return m_pinned; }
    /// Run Sweep: each head knocked out in turn, measured as the row says,
    /// in its window; false (the row saying why) when it cannot.
    bool runSweep(QWidget *parent);
    /// Reads random words said twice, measures the loss on the second copy
    /// and knocks \a heads out (one undo step): what induction heads do.
    bool knockOutOnRepeat(const std::vector<HeadIndex> &heads);
    /// Called before heads are knocked out or restored: the tab drops what the
    /// whole model wrote (a generation's steps), which no longer reads alike.
    void setBeforeChange(std::function<void()> before) { m_beforeChange = std::move(before); }
    /// The sweep's window, once a sweep has run.
    SweepDialog *sweepDialog() const { return m_sweep; }

signals:
    /// The heads knocked out changed: the lens and the generation follow.
    void interventionsChanged();

private:
    /// Gives the text panel the knocked-out heads and the measure; the model
    /// reads the text again with them when \a run.
    void update(bool run = true);
    /// The key/value head head \a head of layer \a layer reads and the query
    /// heads that share it, whether all of them are out; none for a model
    /// whose heads share nothing.
    struct KeyValueGroup
    {
        int kvHead = 0;
        std::vector<HeadIndex> heads;
        bool allOut = false;
    };
    std::optional<KeyValueGroup> keyValueGroup(int layer, int head) const;
    /// Pushes \a command on the tab's undo history, after setBeforeChange()'s call.
    void push(QUndoCommand *command);
    void showResult();
    /// The row's measure with its tokens named by \a model, or none (the row says why).
    std::optional<ModelMeasure> chosenMeasure(const PretrainedModel &model);

    ModelDocument *m_document;
    ModelRunner *m_runner;
    ModelTextPanel *m_text;
    ExperimentPanel *m_panel;
    QAction *m_knockOut;
    SweepDialog *m_sweep = nullptr;
    /// The attention the last knock-out sweep ran over: its cells knock out its heads.
    AttentionKind m_sweepSet = AttentionKind::Decoder;
    bool m_pinned = false;
    std::function<void()> m_beforeChange;
};

} // namespace AttentionLab
