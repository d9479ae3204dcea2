// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// ModelTabEditor as the window sees it: its title and status, the figures
// it exports, copies, records and animates.

#include "ui/window/modeltabeditor.h"

#include "core/maths/sweep.h"
#include "io/generation.h"
#include "io/pretrainedmodel.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/lenspainter.h"
#include "ui/model/generationpanel.h"
#include "ui/model/headgridview.h"
#include "ui/model/lensview.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/record/recorder.h"
#include "ui/settings/preferences.h"

#include <stdexcept>

namespace AttentionLab {

QUndoStack *ModelTabEditor::undoStack() const
{
    return m_document->undoStack();
}

QWidget *ModelTabEditor::page() const
{
    return m_page;
}

QString ModelTabEditor::sourceName() const
{
    if (m_showsRun && m_runner->model())
        return m_runner->model()->name();
    return m_document->displayName();
}

TabEditor::Title ModelTabEditor::title() const
{
    // A model opened but still reading its first text is what is open.
    if (m_document->isEmpty() && m_runner->model())
        return {tr("%1 (%2)").arg(m_runner->model()->name(), m_runner->model()->description()),
                m_runner->model()->folder(), false};
    if (m_document->isEmpty())
        return {tr("Model"), QString(), false};
    if (m_showsRun && m_runner->model())
        return {tr("%1 (%2)").arg(m_runner->model()->name(), m_runner->model()->description()),
                m_runner->model()->folder(), false};
    return {tr("%1 (%2)").arg(m_document->displayName(), m_document->shapeText()),
            m_document->filePath(), false};
}

QString ModelTabEditor::shownTitle() const
{
    // The grid in view is what an export, a caption or the status line
    // names: not the view the large page last showed (a rollout).
    if (!m_page->showsLarge())
        return tr("every head by %1")
            .arg(QString::fromStdString(headScoreTitle(m_page->grid()->scoreKind())));
    return m_document->currentTitle();
}

QString ModelTabEditor::statusText() const
{
    if (m_document->isEmpty() && m_runner->model())
        return tr("%1: %2   no text read yet")
            .arg(m_runner->model()->name(), m_runner->model()->description());
    if (m_document->isEmpty())
        return tr("no model or attention file open");
    const AttentionTensor &t = m_document->tensor();
    const QString what =
        m_showsRun && m_runner->model()
            ? tr("%1: %2").arg(m_runner->model()->name(), m_runner->model()->description())
            : tr("%1: %2").arg(m_document->displayName(), m_document->shapeText());
    return tr("%1   %2 tokens   showing %3").arg(what).arg(t.keys()).arg(shownTitle());
}

QList<ExportDialog::View> ModelTabEditor::exportViews() const
{
    if (m_document->isEmpty())
        return {};
    QList<ExportDialog::View> views = ExportDialog::modelViews();
    // The alignment is offered where a cross-attention is shown.
    if (m_document->setKind() != AttentionKind::Cross)
        views.erase(std::remove_if(views.begin(), views.end(),
                                   [](const ExportDialog::View &view) {
                                       const TensorFigureView *figure =
                                           findTensorFigureView(view.name);
                                       return figure && figure->showsCrossAttention;
                                   }),
                    views.end());
    if (m_page->lensView()->lens())
        views.append({QStringLiteral("lens"),
                      tr("the logit lens: each layer's most likely next token at each position")});
    return views;
}

QString ModelTabEditor::currentViewName() const
{
    if (!m_page->showsLarge())
        return QStringLiteral("grid");
    if (m_page->showsLines())
        return QStringLiteral("lines");
    if (m_page->showsLens())
        return QStringLiteral("lens");
    switch (m_document->view()) {
    case ModelView::Head:
        return QStringLiteral("head");
    case ModelView::LayerAverage:
        return QStringLiteral("average");
    case ModelView::Rollout:
        return QStringLiteral("rollout");
    }
    return QStringLiteral("grid");
}

std::optional<RecordedFrame> ModelTabEditor::recordedFrame(const QString &viewName) const
{
    if (!findTensorFigureView(viewName) || m_document->isEmpty() || !m_document->scoresReady())
        return std::nullopt;
    std::shared_ptr<const AttentionTensor> tensor = m_document->sharedTensor();
    if (m_recordedTensor.lock() != tensor) {
        m_recordedTensor = tensor;
        m_recordedScores = std::make_shared<const std::vector<HeadScores>>(m_document->allScores());
    }
    RecordedFrame frame;
    frame.view = viewName;
    frame.tensor = std::move(tensor);
    frame.scores = m_recordedScores;
    frame.layer = m_document->layer();
    frame.head = m_document->head();
    frame.words = m_document->wordLevel();
    frame.scoreKind = m_page->grid()->scoreKind();
    frame.sorted = m_page->grid()->isSorted();
    return frame;
}

std::optional<ExportFigure> ModelTabEditor::figure(const QString &viewName) const
{
    if (viewName == QLatin1String("lens")) {
        // The lens in view, drawn by the painter the window draws it with.
        const LensView *lens = m_page->lensView();
        if (!lens->lens())
            return std::nullopt;
        ExportFigure drawn;
        drawn.name = QStringLiteral("lens");
        drawn.description = tr("Logit lens");
        drawn.defaultSize = QSize(1600, 900);
        drawn.paint = [lens](QPainter &painter, const QRectF &rect, const FigureStyle &style) {
            paintLogitLens(painter, rect.adjusted(12, 12, -12, -12), lens->exportFigure(), style);
        };
        return drawn;
    }
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view || m_document->isEmpty())
        return std::nullopt;
    m_document->waitForScores();
    // The grid as it is on screen: its score, its order.
    m_figureData.emplace(TensorFigureData{
        m_document->tensor(), m_document->allScores(), m_document->layer(), m_document->head(),
        m_document->wordLevel(), m_page->grid()->scoreKind(), m_page->grid()->isSorted()});
    return tensorExportFigure(*view, *m_figureData);
}

bool ModelTabEditor::exportFile(const QString &path, const QString &viewName,
                                const FigureStyle &style, const ExportSize &size,
                                QString *error) const
{
    const std::optional<ExportFigure> drawn = figure(viewName);
    if (!drawn) {
        if (error)
            *error = m_document->isEmpty() ? tr("There is no model or attention file to export.")
                                           : tr("There is no view called “%1”.").arg(viewName);
        return false;
    }
    FigureExporter exporter;
    if (exporter.exportFile(path, *drawn, style, size))
        return true;
    if (error)
        *error = exporter.errorString();
    return false;
}

QImage ModelTabEditor::figureImage(const FigureStyle &style) const
{
    const std::optional<ExportFigure> drawn = figure(currentViewName());
    return drawn ? FigureExporter::renderImage(*drawn, style, ExportSize{}) : QImage();
}

QString ModelTabEditor::caption() const
{
    return captionOf(shownTitle());
}

QString ModelTabEditor::animationTitle() const
{
    const QString typed = Preferences::exportModelTitle;
    return typed.isEmpty() ? captionOf(QString()) : typed;
}

QString ModelTabEditor::captionOf(const QString &shown) const
{
    if (m_document->isEmpty())
        return {};
    QString text = shown.isEmpty() ? sourceName() : tr("%1, %2").arg(sourceName(), shown);
    if (m_showsRun && !m_runner->requestedText().text.isEmpty()) {
        QString typed = m_runner->requestedText().text.simplified();
        constexpr int kMaxCaptionText = 60;
        if (typed.size() > kMaxCaptionText)
            typed = typed.left(kMaxCaptionText - 1) + QStringLiteral("…");
        text += tr(": “%1”").arg(typed);
    }
    return text;
}

QString ModelTabEditor::exportTitle() const
{
    const QString typed = Preferences::exportModelTitle;
    return typed.isEmpty() ? caption() : typed;
}

void ModelTabEditor::rememberExportTitle(const QString &title)
{
    // The caption proposed is not remembered: the next head gets its own.
    const bool proposed = title == caption() || title == captionOf(QString());
    Preferences::exportModelTitle.set(proposed ? QString() : title);
}

QList<QMetaObject::Connection> ModelTabEditor::noteChanges(Recorder *recorder) const
{
    return {connect(m_document, &ModelDocument::currentChanged, recorder, &Recorder::noteChange),
            connect(m_document, &ModelDocument::scoresChanged, recorder, &Recorder::noteChange)};
}

std::optional<AnimateDialog::Target> ModelTabEditor::animationTarget(QString *why) const
{
    if (m_document->isEmpty()) {
        *why = tr("Open a model or an attention file first: its heads, or a generation's steps, "
                  "can then be animated.");
        return std::nullopt;
    }
    AnimateDialog::Target target;
    target.layers = m_document->tensor().layers();
    target.heads = m_document->tensor().heads();
    target.layer = m_document->layer();
    const auto &generation = m_generationPanel->generation();
    target.generationSteps = generation ? int(generation->steps.size()) : 0;
    for (const ExportDialog::View &view : exportViews())
        if (const TensorFigureView *figure = findTensorFigureView(view.name);
            figure && figure->overSteps)
            target.views << view;
    target.currentView = currentViewName();
    return target;
}

AnimationFrames ModelTabEditor::animationFrames(const AnimateDialog &dialog,
                                                const FigureStyle &style, const ExportSize &size,
                                                int frames)
{
    const Sweep sweep = Sweep::parseModel(
        dialog.spec().toStdString(), m_document->tensor().heads(),
        m_generationPanel->generation() ? int(m_generationPanel->generation()->steps.size()) : 0);
    const TensorFigureView *view = findTensorFigureView(dialog.viewName());
    if (!view)
        throw std::invalid_argument("there is no view called \"" + dialog.viewName().toStdString() +
                                    "\"");
    if (sweep.kind() == Sweep::Kind::Head) {
        m_document->waitForScores();
        m_animatedTensor = m_document->sharedTensor();
        m_animatedScores = m_document->allScores();
        TensorFigureData data{*m_animatedTensor, m_animatedScores, dialog.layer(), 0,
                              m_document->wordLevel()};
        return AnimationExporter::headFrames(*view, data, sweep, frames, style, size);
    }
    // Each step shows the text up to the token before the one it wrote, as
    // the timeline does (GenerationController::showStep()).
    // A translation's: the set shown, up to each step.
    const std::shared_ptr<const Generation> generation = m_generationPanel->generation();
    const AttentionKind shown = m_document->setKind();
    return AnimationExporter::itemFrames(
        *view,
        [generation, shown](int item) {
            const int count = generation->promptLength + item;
            if (!generation->translates())
                return generation->attentionUpTo(count);
            const std::vector<AttentionSet> sets = generation->setsUpTo(count);
            const AttentionSet *set = findSet(sets, shown);
            return set ? *set->tensor : *sets[size_t(defaultSetIndex(sets))].tensor;
        },
        sweep, frames, m_document->layer(), m_document->head(), m_document->wordLevel(), style,
        size);
}

} // namespace AttentionLab
