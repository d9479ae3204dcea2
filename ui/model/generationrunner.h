// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/attentiontensor.h"
#include "core/generationoptions.h"
#include "core/generator.h"
#include "io/generation.h"
#include "io/tokenizedtext.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace AttentionLab {

class PretrainedModel;

/**
 * Runs a generation in the background, with progress and a Stop: the
 * Generate control of the Model tab. One at a time; start() while one runs
 * stops it first. The model must stay open while it runs (the runner keeps
 * a reference to it).
 */
class GenerationRunner : public QObject
{
    Q_OBJECT

public:
    explicit GenerationRunner(QObject *parent = nullptr);
    ~GenerationRunner() override;

    void start(std::shared_ptr<const PretrainedModel> model, TokenizedText prompt,
               GenerationOptions options);
    /// Stops the generation at the token being written; finished() follows
    /// with what was written so far.
    void stop();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// Blocks until the generation in flight has ended and been reported (tests).
    void waitForIdle();

signals:
    /// \a written tokens of at most \a total so far.
    void progress(int written, int total);
    void finished(std::shared_ptr<const Generation> generation);
    void failed(const QString &message);

private:
    struct Outcome
    {
        std::shared_ptr<const Generation> generation;
        QString error;
    };
    void done();

    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace AttentionLab
