// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/generationrunner.h"

#include "io/pretrainedmodel.h"
#include "ui/document/backgroundoutcome.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace AttentionLab {

GenerationRunner::GenerationRunner(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &GenerationRunner::done);
}

GenerationRunner::~GenerationRunner()
{
    stop();
    m_watcher.waitForFinished();
}

void GenerationRunner::start(std::shared_ptr<const PretrainedModel> model, TokenizedText prompt,
                             GenerationOptions options)
{
    if (m_watcher.isRunning()) {
        stop();
        m_watcher.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_watcher);
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const int total = options.maxTokens;
    m_watcher.setFuture(
        QtConcurrent::run([this, model, prompt, options, cancel = m_cancel, total]() -> Outcome {
            Outcome outcome;
            BackgroundOutcome<std::shared_ptr<const Generation>> result = catching([&] {
                std::unique_ptr<Generator> generator = model->generator(prompt, options);
                while (!cancel->load() && generator->step()) {
                    const int written = int(generator->steps().size());
                    QMetaObject::invokeMethod(
                        this, [this, written, total] { emit progress(written, total); },
                        Qt::QueuedConnection);
                }
                return Generation::of(*generator, *model);
            });
            if (result.value)
                outcome.generation = std::move(*result.value);
            else
                outcome.error = result.error;
            return outcome;
        }));
}

void GenerationRunner::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void GenerationRunner::waitForIdle()
{
    while (m_watcher.isRunning()) {
        m_watcher.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_watcher);
        QCoreApplication::processEvents();
    }
    QCoreApplication::sendPostedEvents(&m_watcher);
    QCoreApplication::sendPostedEvents(this);
    QCoreApplication::processEvents();
}

void GenerationRunner::done()
{
    const Outcome outcome = m_watcher.result();
    if (!outcome.error.isEmpty())
        emit failed(outcome.error);
    else if (outcome.generation)
        emit finished(outcome.generation);
}

} // namespace AttentionLab
