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

AttentionTensor Generation::attentionUpTo(int count) const
{
    const int full = attention.keys();
    const int n = std::clamp(count, 1, full);
    const AttentionShape shape{attention.layers(), attention.heads(), n, n};
    std::vector<float> values(size_t(shape.elementCount()));
    for (int l = 0; l < shape.layers; ++l)
        for (int h = 0; h < shape.heads; ++h) {
            const float *head = attention.headData(l, h);
            float *out = values.data() +
                         (size_t(l) * size_t(shape.heads) + size_t(h)) * size_t(n) * size_t(n);
            for (int i = 0; i < n; ++i)
                std::copy(head + size_t(i) * size_t(full), head + size_t(i) * size_t(full) + n,
                          out + size_t(i) * size_t(n));
        }
    AttentionTensor view(shape, std::move(values));
    view.setTokens(std::vector<std::string>(tokens.begin(), tokens.begin() + n));
    KeyVisibility visibility = attention.visibility();
    visibility.keyOffset = 0;
    view.setVisibility(visibility);
    view.setKeyValueHeads(attention.keyValueHeads());
    return view;
}

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
                             GenerationOptions options)
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
    m_watcher.setFuture(QtConcurrent::run([this, model, prompt, options, cancel = m_cancel,
                                           inFlight = m_snapshotInFlight, total,
                                           serial]() -> Outcome {
        Outcome outcome;
        outcome.serial = serial;
        BackgroundOutcome<std::shared_ptr<const Generation>> result = catching([&] {
            std::unique_ptr<Generator> generator = model->generator(prompt, options);
            std::vector<std::string> spellings;
            for (int id : generator->ids())
                spellings.push_back(model->tokenSpelling(id));
            // The generation as it stands, its attention over the rows computed.
            auto snapshot = [&] {
                while (spellings.size() < generator->ids().size())
                    spellings.push_back(model->tokenSpelling(generator->ids()[spellings.size()]));
                auto generation = std::make_shared<Generation>();
                generation->ids = generator->ids();
                generation->promptLength = generator->promptLength();
                generation->steps = generator->steps();
                generation->stop = generator->stop();
                generation->memoryBytes = generator->memoryBytes();
                generation->tokens = spellings;
                generation->attention = generator->attention();
                generation->attention.setTokens(std::vector<std::string>(
                    spellings.begin(), spellings.begin() + generation->attention.keys()));
                generation->attention.setVisibility(
                    PretrainedModel::keyVisibility(model->config()));
                generation->attention.setKeyValueHeads(model->config().keyValueHeads());
                return generation;
            };
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
                std::shared_ptr<const Generation> partial = snapshot();
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
            generator->finish();
            return std::shared_ptr<const Generation>(snapshot());
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
