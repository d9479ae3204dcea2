// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/generationrunner.h"

#include "io/pretrainedmodel.h"
#include "ui/document/backgroundoutcome.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>

namespace AttentionLab {

qint64 GenerationRunner::steadyNanoseconds()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

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
                             GenerationOptions options, TokenizedText source)
{
    if (m_watcher.isRunning()) {
        stop();
        m_watcher.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_watcher);
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_snapshotInFlight = std::make_shared<std::atomic<bool>>(false);
    const int total = options.maxTokens;
    const quint64 serial = ++m_serial;
    m_watcher.setFuture(QtConcurrent::run([this, model, prompt, options, source, cancel = m_cancel,
                                           inFlight = m_snapshotInFlight, total,
                                           serial]() -> Outcome {
        Outcome outcome;
        outcome.serial = serial;
        BackgroundOutcome<std::shared_ptr<const Generation>> result = catching([&] {
            std::unique_ptr<Generator> generator = source.ids.empty()
                                                       ? model->generator(prompt, options)
                                                       : model->translator(source, prompt, options);
            while (!cancel->load() && generator->step()) {
                const qint64 computedAt = steadyNanoseconds();
                const int count = int(generator->steps().size());
                QMetaObject::invokeMethod(
                    this,
                    [this, count, total, serial] {
                        if (serial == m_serial)
                            emit progress(count, total);
                    },
                    Qt::QueuedConnection);
                if (inFlight->exchange(true))
                    continue;
                std::shared_ptr<const Generation> partial =
                    Generation::snapshot(*generator, *model);
                QMetaObject::invokeMethod(
                    this,
                    [this, partial, computedAt, inFlight, serial] {
                        inFlight->store(false);
                        // A cancelled or replaced generation's snapshot is dropped.
                        if (serial == m_serial)
                            emit written(partial, computedAt);
                    },
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

void GenerationRunner::cancel()
{
    stop();
    ++m_serial;
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
    if (outcome.serial != m_serial)
        return; // cancelled, or replaced by a newer start()
    if (!outcome.error.isEmpty())
        emit failed(outcome.error);
    else if (outcome.generation)
        emit finished(outcome.generation);
}

} // namespace AttentionLab
