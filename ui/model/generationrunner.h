// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/generationoptions.h"
#include "core/model/generator.h"
#include "core/sets/attentiontensor.h"
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

    /// Writes after \a prompt; with a \a source, an encoder-decoder
    /// translates it, its decoder writing after \a prompt.
    void start(std::shared_ptr<const PretrainedModel> model, TokenizedText prompt,
               GenerationOptions options, TokenizedText source = {});
    /// Stops the generation at the token being written; finished() follows
    /// with what was written so far.
    void stop();
    /// Stops it with nothing more reported: the text it was writing after
    /// is gone, or an undo has put another generation in its place.
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// Blocks until the generation in flight has ended and been reported (tests).
    void waitForIdle();
    /// std::chrono::steady_clock's time in nanoseconds: written()'s clock.
    static qint64 steadyNanoseconds();

signals:
    /// \a written tokens of at most \a total so far.
    void progress(int written, int total);
    /**
     * The text so far, while the model writes: every written token and the
     * attention of the rows computed (all but the last token's, whose row the
     * next step computes), which is what the views show at the last step.
     * \a computedAt is when its token was computed (steadyNanoseconds()),
     * for the time until the grid has drawn it. One is in flight at a time: while the window has
     * not yet taken the last, steps go on without making another (the next one carries them all),
     * so a slow window never slows the writing.
     */
    void written(std::shared_ptr<const Generation> partial, qint64 computedAt);
    void finished(std::shared_ptr<const Generation> generation);
    void failed(const QString &message);

private:
    struct Outcome
    {
        std::shared_ptr<const Generation> generation;
        QString error;
        quint64 serial = 0;
    };
    void done();

    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    /// True from a written() snapshot made until the window has received it.
    std::shared_ptr<std::atomic<bool>> m_snapshotInFlight;
    /// The generation whose reports count: start() and cancel() move it on.
    quint64 m_serial = 0;
};

} // namespace AttentionLab
