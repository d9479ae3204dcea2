// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelrun.h"
#include "io/passtokens.h"
#include "io/pretrainedmodel.h"
#include "io/tokenizedtext.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace AttentionLab {

/**
 * Runs an opened model (PretrainedModel) on the text being typed, in the
 * background, so that typing never waits for a forward pass. One run at a
 * time: a text typed while one runs waits, replacing any text that waited
 * before it, so the newest text always wins: a result whose text has been
 * retyped meanwhile is dropped, never shown.
 */
class ModelRunner : public QObject
{
    Q_OBJECT

public:
    /// What one pass does with a text: tokenize it and run the model.
    struct PassResult
    {
        TokenizedText tokens;
        /// An encoder-decoder's decoder's: its start token, then the target's.
        TokenizedText decoder;
        ModelRun run;
        /// Each of the text's measures, with its interventions and without.
        std::vector<double> measured;
        std::vector<double> baseline;
        /// Why a measure was not taken (it does not fit the text), or empty.
        QString measureProblem;
    };
    using Pass = std::function<PassResult(const PretrainedModel &, const ModelText &)>;

    /// Runs PretrainedModel::tokenize() then run(), or \a pass when given
    /// (tests make it fail). Whatever a pass throws becomes runFailed().
    explicit ModelRunner(QObject *parent = nullptr, Pass pass = {});
    ~ModelRunner() override;

    /// Takes \a model (or none); drops the results of the previous one.
    void setModel(std::shared_ptr<const PretrainedModel> model);
    const std::shared_ptr<const PretrainedModel> &model() const { return m_model; }
    bool hasModel() const { return m_model != nullptr; }

    /// Reads \a text with the model, now or once the running pass ends.
    void request(const ModelText &text);
    /// The newest text asked for.
    const ModelText &requestedText() const { return m_requested; }

    /// The last run that finished, with its tokens; null before the first.
    const std::shared_ptr<const ModelRun> &lastRun() const { return m_run; }
    const TokenizedText &lastTokens() const { return m_tokens; }
    /// The last run's tokens, with an encoder-decoder's decoder's (whose
    /// tokens its measures read).
    PassTokens lastPassTokens() const { return PassTokens(m_tokens, m_decoder); }
    /// The last run's measures (ModelText::measures), with the interventions and without.
    const std::vector<double> &lastMeasured() const { return m_measured; }
    const std::vector<double> &lastBaseline() const { return m_baseline; }
    /// Why the last run's measure was not taken (it does not fit the text), or empty.
    const QString &lastMeasureProblem() const { return m_measureProblem; }
    /// Why the newest finished text could not be read ("the text is empty"),
    /// or empty when it was.
    const QString &lastError() const { return m_error; }

    bool isBusy() const { return m_inFlight; }
    /// Blocks until every requested text has been read (tests, benchmarks,
    /// and the window's steps that need the pass first), events still served.
    void waitForIdle();
    /// Inside waitForIdle(): its caller goes on with this model after it, so
    /// nothing may replace the model meanwhile (a file handed to the window).
    bool isWaitedFor() const { return m_waitedFor > 0; }

signals:
    /// A pass ended: lastRun() and lastTokens() are new, lastError() is empty.
    void runFinished();
    /// A text could not be read: lastError() says why; the last run stays.
    void runFailed(const QString &message);
    void busyChanged(bool busy);

private:
    struct Outcome
    {
        std::shared_ptr<const ModelRun> run;
        TokenizedText tokens;
        TokenizedText decoder;
        std::vector<double> measured;
        std::vector<double> baseline;
        QString measureProblem;
        QString error;
        quint64 generation = 0;
    };

    void start(const ModelText &text);
    void finished();

    /// The last unchanged pass of the default pass's experiments: a text read
    /// again with other heads knocked out runs only what they change.
    struct UnchangedPass
    {
        std::mutex mutex;
        std::vector<int> ids;
        std::vector<int> tokenTypes;
        std::vector<int> decoder;
        std::shared_ptr<const ModelRun> run;
    };
    std::shared_ptr<UnchangedPass> m_unchanged = std::make_shared<UnchangedPass>();
    Pass m_pass;
    std::shared_ptr<const PretrainedModel> m_model;
    ModelText m_requested;
    std::optional<ModelText> m_waiting;
    /// Counts the models taken: a pass of an earlier one is dropped on arrival.
    quint64 m_generation = 0;
    /// A pass started whose result has not been taken yet.
    bool m_inFlight = false;
    int m_waitedFor = 0;
    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<const ModelRun> m_run;
    TokenizedText m_tokens;
    TokenizedText m_decoder;
    std::vector<double> m_measured;
    std::vector<double> m_baseline;
    QString m_measureProblem;
    QString m_error;
};

} // namespace AttentionLab
