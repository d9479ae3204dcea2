// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modelrunner.h"

#include "io/headexperiments.h"
#include "io/modelcheckpoint.h"

#include "ui/document/backgroundoutcome.h"

#include <QCoreApplication>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentRun>

namespace AttentionLab {

ModelRunner::ModelRunner(QObject *parent, Pass pass) : QObject(parent), m_pass(std::move(pass))
{
    if (!m_pass)
        m_pass = [unchanged = m_unchanged](const PretrainedModel &model, const ModelText &text) {
            PassResult result;
            result.tokens = model.tokenize(text);
            // An encoder-decoder's decoder reads its start token, then the target's.
            if (model.encoderDecoder())
                result.decoder = model.decoderTokens(text.target);
            if (text.interventions.empty() && text.measures.empty()) {
                result.run = model.encoderDecoder() ? model.run(result.tokens, result.decoder)
                                                    : model.run(result.tokens);
                return result;
            }
            // Heads knocked out: the pass with them, each measure with and
            // without; a measure that does not fit the text (a loss over one
            // token) is not taken, and says why, but the text is read.
            const PassTokens tokens(result.tokens, result.decoder);
            const std::vector<int> &measuredIds = tokens.measured().ids;
            std::vector<ModelMeasure> fitting;
            for (const ModelMeasure &m : text.measures) {
                const std::string problem =
                    measureProblem(m, model.checkpoint()->weights(), int(measuredIds.size()));
                if (problem.empty())
                    fitting.push_back(m);
                else
                    result.measureProblem = QString::fromStdString(problem);
            }
            // The same tokens read before: the unchanged pass is that one.
            std::shared_ptr<const ModelRun> before;
            {
                const std::lock_guard lock(unchanged->mutex);
                if (unchanged->ids == result.tokens.ids &&
                    unchanged->tokenTypes == result.tokens.tokenTypes &&
                    unchanged->decoder == result.decoder.ids)
                    before = unchanged->run;
            }
            MeasuredPass pass = HeadExperiments::measured(model, tokens, text.interventions,
                                                          fitting, std::move(before));
            {
                const std::lock_guard lock(unchanged->mutex);
                unchanged->ids = result.tokens.ids;
                unchanged->tokenTypes = result.tokens.tokenTypes;
                unchanged->decoder = result.decoder.ids;
                unchanged->run = pass.baseline;
            }
            for (const ModelMeasure &m : fitting) {
                result.measured.push_back(
                    measureValue(m, pass.run, measuredIds, pass.baseline.get()));
                result.baseline.push_back(
                    measureValue(m, *pass.baseline, measuredIds, pass.baseline.get()));
            }
            result.run = std::move(pass.run);
            return result;
        };
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &ModelRunner::finished);
}

ModelRunner::~ModelRunner()
{
    m_watcher.waitForFinished();
}

void ModelRunner::setModel(std::shared_ptr<const PretrainedModel> model)
{
    // A pass of the old model may still run: its result is dropped on arrival.
    m_waiting.reset();
    ++m_generation;
    m_model = std::move(model);
    {
        // The unchanged pass was the old model's.
        const std::lock_guard lock(m_unchanged->mutex);
        m_unchanged->ids.clear();
        m_unchanged->run.reset();
    }
    m_run.reset();
    m_tokens = {};
    m_decoder = {};
    m_measured.clear();
    m_baseline.clear();
    m_measureProblem.clear();
    m_error.clear();
}

void ModelRunner::request(const ModelText &text)
{
    m_requested = text;
    if (!m_model)
        return;
    // In flight until finished() has taken the result: a pass that has ended
    // but whose result is still on its way counts, or a text waiting from
    // before would be started after this newer one, and win.
    if (m_inFlight) {
        m_waiting = text;
        return;
    }
    start(text);
}

void ModelRunner::start(const ModelText &text)
{
    std::shared_ptr<const PretrainedModel> model = m_model;
    const quint64 generation = m_generation;
    m_inFlight = true;
    m_watcher.setFuture(QtConcurrent::run([pass = m_pass, model, text, generation]() -> Outcome {
        Outcome outcome;
        outcome.generation = generation;
        BackgroundOutcome<PassResult> result = catching([&] { return pass(*model, text); });
        if (result.value) {
            outcome.measured = std::move(result.value->measured);
            outcome.measureProblem = std::move(result.value->measureProblem);
            outcome.baseline = std::move(result.value->baseline);
            outcome.tokens = std::move(result.value->tokens);
            outcome.decoder = std::move(result.value->decoder);
            outcome.run = std::make_shared<const ModelRun>(std::move(result.value->run));
        } else {
            outcome.error = result.error;
        }
        return outcome;
    }));
    emit busyChanged(true);
}

void ModelRunner::finished()
{
    m_inFlight = false;
    Outcome outcome = m_watcher.result();
    // A newer text is waiting: this result would only flash on screen.
    const bool superseded = m_waiting.has_value();
    if (m_waiting) {
        const ModelText next = *m_waiting;
        m_waiting.reset();
        start(next);
    } else {
        emit busyChanged(false);
    }
    if (outcome.generation != m_generation || superseded)
        return; // a pass of a model since replaced, or of a text since retyped
    if (!outcome.error.isEmpty()) {
        m_error = outcome.error;
        emit runFailed(m_error);
        return;
    }
    m_error.clear();
    m_run = std::move(outcome.run);
    m_tokens = std::move(outcome.tokens);
    m_decoder = std::move(outcome.decoder);
    m_measured = std::move(outcome.measured);
    m_measureProblem = std::move(outcome.measureProblem);
    m_baseline = std::move(outcome.baseline);
    emit runFinished();
}

void ModelRunner::waitForIdle()
{
    ++m_waitedFor;
    const auto done = qScopeGuard([this] { --m_waitedFor; });
    while (m_inFlight) {
        m_watcher.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_watcher);
        QCoreApplication::processEvents();
    }
}

} // namespace AttentionLab
