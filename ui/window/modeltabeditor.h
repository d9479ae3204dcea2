// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/tensorfigure.h"
#include "ui/window/tabeditor.h"

#include <functional>
#include <memory>
#include <optional>

namespace AttentionLab {

class ModelDocument;
class ModelPage;
class ModelRunner;

/**
 * The Model tab: a trained model's attention, from a file or from a model
 * run on the text being typed. It uses no dock and none of the session's
 * controls; its title and status name the model or the file, its figures
 * are the model's (tensorFigureViews()), and an export's caption names the
 * model, the head and the text.
 */
class ModelTabEditor : public TabEditor
{
public:
    /// \a showsRun: the tab shows \a runner's runs, not an attention file.
    ModelTabEditor(ModelPage *page, ModelDocument *document, const ModelRunner *runner,
                   std::function<bool()> showsRun);

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
    /// The model's figures (not the lens), once the head scores have arrived.
    std::optional<RecordedFrame> recordedFrame(const QString &viewName) const override;

    /// The caption an export proposes when no title was typed for the tab:
    /// "gpt2, head 5.1: “When Mary and John went to the store”".
    QString caption() const;

private:
    /// The figure \a viewName, drawn from data kept in m_figureData.
    std::optional<ExportFigure> figure(const QString &viewName) const;
    /// What the tab shows: the model's folder name, or the file's.
    QString sourceName() const;
    /// What the page shows now: the grid, or the large view's matrix.
    QString shownTitle() const;

    ModelPage *m_page;
    ModelDocument *m_document;
    const ModelRunner *m_runner;
    std::function<bool()> m_showsRun;
    /// What the figures are drawn from (they refer to it).
    mutable std::optional<TensorFigureData> m_figureData;
    /// The scores shared by a recording's frames of one tensor, copied once;
    /// the tensor is watched, not kept (the recording spools it).
    mutable std::shared_ptr<const std::vector<HeadScores>> m_recordedScores;
    mutable std::weak_ptr<const AttentionTensor> m_recordedTensor;
};

} // namespace AttentionLab
