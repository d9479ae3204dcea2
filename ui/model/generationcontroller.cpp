// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/generationcontroller.h"

#include "core/sets/tokenlabels.h"
#include "core/support/memorybudget.h"
#include "io/generation.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "ui/model/generationcommand.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"

#include <QMessageBox>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace AttentionLab {

GenerationController::GenerationController(ModelDocument *document, const ModelRunner *runner,
                                           GenerationPanel *panel, GenerationRunner *generator,
                                           QWidget *window)
    : QObject(window), m_document(document), m_runner(runner), m_panel(panel),
      m_generator(generator), m_window(window)
{
    connect(panel, &GenerationPanel::generateRequested, this, &GenerationController::start);
    connect(panel, &GenerationPanel::stopRequested, generator, &GenerationRunner::stop);
    connect(panel, &GenerationPanel::stepChosen, this, &GenerationController::showStep);
    connect(panel, &GenerationPanel::alternativeChosen, this,
            &GenerationController::takeAlternative);
    connect(panel, &GenerationPanel::backRequested, document->undoStack(), &QUndoStack::undo);
    connect(document->undoStack(), &QUndoStack::canUndoChanged, panel,
            &GenerationPanel::setCanGoBack);
    connect(generator, &GenerationRunner::written, this, &GenerationController::showPartial);
    connect(generator, &GenerationRunner::progress, panel, &GenerationPanel::setProgress);
    connect(generator, &GenerationRunner::finished, this, &GenerationController::showFinished);
    connect(generator, &GenerationRunner::failed, this, [this](const QString &message) {
        m_panel->setRunning(false);
        QMessageBox::warning(m_window, tr("Generate"), message);
    });
}

TokenizedText GenerationController::textInView() const
{
    if (showsStep())
        return m_panel->generation()->textBefore(m_panel->step());
    return m_runner->lastTokens();
}

bool GenerationController::showsStep() const
{
    return m_panel->generation() && m_panel->step() >= 1;
}

void GenerationController::start(const GenerationOptions &options)
{
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!model || !m_runner->lastRun() || m_runner->lastTokens().ids.empty()) {
        emit statusMessage(tr("Type a text the model can read first"), 4000);
        return;
    }
    // Each undo step keeps a whole text's attention: the history holds
    // what fits in the session's undo budget (between 2 and 50 steps), set
    // while it is empty, at a new text's first Generate.
    // Heads knocked out and restored before it (the Experiments' history) go:
    // Back steps through what was written.
    QUndoStack *history = m_document->undoStack();
    for (int i = 0; i < history->count(); ++i)
        if (!dynamic_cast<const GenerationCommand *>(history->command(i))) {
            history->clear();
            break;
        }
    if (QUndoStack *undo = history; undo->count() == 0) {
        const ModelConfig &config = model->config();
        const double n = double(m_runner->lastTokens().ids.size()) + options.maxTokens;
        undo->setUndoLimit(undoStepsWithin(
            attentionTensorBytes(double(config.layers) * config.heads * n * n), 2, 50));
    }
    m_pending = {options.maxTokens == 1 ? tr("Generate 1 token")
                                        : tr("Generate %1 tokens").arg(options.maxTokens),
                 m_panel->generation(), m_panel->step()};
    m_panel->setRunning(true);
    if (!model->encoderDecoder()) {
        m_generator->start(model, m_runner->lastTokens(), options);
        return;
    }
    // A translation of the source: the decoder writes after its start token
    // and the target begun in the Target field.
    try {
        m_generator->start(model, model->translationPrefix(m_runner->requestedText().target),
                           options, m_runner->lastTokens());
    } catch (const ReadError &error) {
        m_panel->setRunning(false);
        QMessageBox::warning(m_window, tr("Translate"), error.message);
    }
}

void GenerationController::showPartial(std::shared_ptr<const Generation> partial)
{
    // Each token on the timeline and in the grid as it is written; a user
    // who stepped back keeps the step in view.
    if (m_panel->updateGeneration(std::move(partial)))
        showStep(m_panel->step());
}

void GenerationController::showFinished(std::shared_ptr<const Generation> generation)
{
    m_panel->setRunning(false);
    m_panel->setGeneration(generation);
    showStep(m_panel->step());
    if (!generation)
        return;
    // One undo step: the text as it was before this generation comes back.
    Pending pending = std::exchange(m_pending, {});
    m_document->undoStack()->push(new GenerationCommand(
        pending.text, std::move(pending.before), pending.beforeStep, generation, m_panel->step(),
        [this](const std::shared_ptr<const Generation> &shown, int step) {
            restore(shown, step);
        }));
    if (!generation->steps.empty())
        emit statusMessage(
            (generation->steps.size() == 1
                 ? tr("Wrote 1 token (%2 beside the weights): see it on the timeline")
                 : tr("Wrote %1 tokens (%2 beside the weights): step through them on the timeline")
                       .arg(generation->steps.size()))
                .arg(QString::fromStdString(formatBytes(generation->memoryBytes))),
            8000);
}

void GenerationController::restore(const std::shared_ptr<const Generation> &generation, int step)
{
    // An undo while the model writes: what it was writing goes.
    m_generator->cancel();
    m_panel->setRunning(false);
    m_panel->setGeneration(generation);
    if (!generation) {
        emit textRequested();
        emit textInViewChanged();
        return;
    }
    m_panel->setStep(step);
    showStep(m_panel->step());
}

void GenerationController::showStep(int step)
{
    const std::shared_ptr<const Generation> &generation = m_panel->generation();
    if (!generation || step < 1)
        return;
    // The text up to the token before the one written at this step: its
    // last row is the query whose attention chose that token.
    const int tokens = generation->promptLength + step - 1;
    if (generation->translates())
        m_document->setSets(generation->setsUpTo(tokens), m_runner->model()->folder(), true);
    else
        m_document->setTensor(generation->attentionUpTo(tokens), m_runner->model()->folder(), true);
    // The lens reads the same text as every other view: up to this step.
    emit textInViewChanged();
}

void GenerationController::takeAlternative(int step, int id)
{
    const std::shared_ptr<const Generation> generation = m_panel->generation();
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!generation || !model || step < 1)
        return;
    // The text up to that step, the token taken instead, and on from there.
    TokenizedText prompt = generation->textBefore(step);
    prompt.ids.push_back(id);
    prompt.tokens.push_back(model->tokenSpelling(id));
    GenerationOptions options = m_panel->options();
    options.maxTokens = std::max(1, options.maxTokens - step);
    m_pending = {tr("Take “%1” at step %2")
                     .arg(QString::fromStdString(displayToken(model->tokenSpelling(id))))
                     .arg(step),
                 generation, step};
    m_panel->setRunning(true);
    m_generator->start(model, prompt, options, generation->source());
}

void GenerationController::clear()
{
    m_generator->cancel();
    m_panel->setRunning(false);
    m_document->undoStack()->clear();
    if (m_panel->generation())
        m_panel->setGeneration(nullptr);
}

} // namespace AttentionLab
