// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/benchmark.h"

#include "core/maths/attention.h"
#include "core/maths/randomsession.h"
#include "core/model/generator.h"
#include "core/model/transformerforward.h"
#include "core/support/median.h"
#include "core/support/memorybudget.h"
#include "io/inputtextqt.h"
#include "io/modelcheckpoint.h"

#include <QJsonArray>

#include <algorithm>
#include <chrono>
#include <functional>
#include <omp.h>

namespace AttentionLab {

namespace {

/// Each n is timed for about this long, and at least kMinRuns times.
constexpr double kBudgetMs = 1500.0;
constexpr int kMinRuns = 5;
constexpr int kMaxRuns = 200;
/// A model's forward pass at n = 1024 takes seconds: three runs are enough for a median.
constexpr int kMinModelRuns = 3;

/// The columns of both benchmarks' tables.
QString tableHeader()
{
    return QStringLiteral("  %1%2%3\n")
        .arg(QStringLiteral("n"), 8)
        .arg(QStringLiteral("median ms"), 12)
        .arg(QStringLiteral("runs"), 7);
}

/// Times \a run, after one warm-up run, at least \a minRuns times and for
/// about kBudgetMs; adds its row ("n", \a key: the median, "runs") to \a rows
/// and to the table \a text with \a decimals.
void timeRuns(long long n, int minRuns, const std::function<void()> &run, const char *key,
              int decimals, QString &text, QJsonArray &rows)
{
    run(); // warm-up: allocation, caches, a model's pages
    std::vector<double> times;
    double spent = 0.0;
    while (times.size() < size_t(kMaxRuns) &&
           (times.size() < size_t(minRuns) || spent < kBudgetMs)) {
        const auto start = std::chrono::steady_clock::now();
        run();
        const std::chrono::duration<double, std::milli> took =
            std::chrono::steady_clock::now() - start;
        times.push_back(took.count());
        spent += took.count();
    }
    const double median = AttentionLab::median(times);
    text +=
        QStringLiteral("  %1%2%3\n").arg(n, 8).arg(median, 12, 'f', decimals).arg(times.size(), 7);
    QJsonObject row;
    row.insert(QStringLiteral("n"), QJsonValue(qint64(n)));
    row.insert(QLatin1String(key), median);
    row.insert(QStringLiteral("runs"), qint64(times.size()));
    rows.append(row);
}

} // namespace

Report benchmarkReport(const std::vector<long long> &lengths, long long d)
{
    for (long long n : lengths) {
        // The pass keeps one n x n matrix, the inputs and the output.
        requireMemory(8.0 * (double(n) * double(n) + 4.0 * double(n) * double(d)),
                      "a pass at n = " + std::to_string(n) + ", d = " + std::to_string(d));
    }
    AttentionOptions options;
    options.scale = true;
    options.mask = MaskMode::Causal;

    Report out;
    QString &t = out.text;
    t += QStringLiteral("Full pass, d = %1, causal, scaled, float64, %2 threads\n"
                        "(scores, scale, mask before softmax, softmax, entropy, output)\n\n")
             .arg(d)
             .arg(omp_get_max_threads());
    t += tableHeader();
    QJsonArray rows;
    for (long long n : lengths) {
        const Session inputs = randomSession(0, n, n, d, RandomValues::Drawn);
        const Matrix &q = inputs.queries;
        const Matrix &k = inputs.keys;
        const Matrix &v = inputs.values;
        FusedPassResult result;
        timeRuns(
            n, kMinRuns, [&] { fusedAttention(q, k, v, options, result); }, "full_pass_ms_median",
            3, t, rows);
    }
    out.json.insert(QStringLiteral("d"), QJsonValue(qint64(d)));
    out.json.insert(QStringLiteral("threads"), omp_get_max_threads());
    out.json.insert(QStringLiteral("rows"), rows);
    return out;
}

std::vector<long long> defaultModelBenchLengths(const QString &folder)
{
    const long long positions = ModelCheckpoint::open(folder)->config().positions;
    std::vector<long long> lengths;
    for (long long n : {128LL, 1024LL}) {
        const long long cut = std::min(n, positions);
        if (lengths.empty() || lengths.back() != cut)
            lengths.push_back(cut);
    }
    return lengths;
}

void requireModelBenchLength(long long tokens, long long positions)
{
    if (tokens > positions)
        throw std::invalid_argument("--n " + std::to_string(tokens) + " is more than the model's " +
                                    std::to_string(positions) + " positions");
}

Report modelBenchmarkReport(const QString &folder, const std::vector<long long> &lengths)
{
    const std::shared_ptr<const ModelCheckpoint> checkpoint = ModelCheckpoint::open(folder);
    const ModelConfig &config = checkpoint->config();
    for (long long n : lengths)
        requireModelBenchLength(n, config.positions);
    Report out;
    QString &t = out.text;
    t += QStringLiteral("Forward pass of %1 (%2: %3 layers, %4 heads, d_model %5), float32, %6 "
                        "threads\n(every layer's attention kept; token ids cycling through the "
                        "vocabulary)\n\n")
             .arg(inputText(folder), QLatin1String(modelTypeName(config.family)))
             .arg(config.layers)
             .arg(config.heads)
             .arg(config.modelDim)
             .arg(omp_get_max_threads());
    if (config.encoderDecoder())
        t += QStringLiteral("(an encoder-decoder: n source tokens and n target tokens, teacher "
                            "forced; its three attentions kept)\n\n");
    t += tableHeader();
    QJsonArray rows;
    for (long long n : lengths) {
        ModelInput input;
        for (long long i = 0; i < n; ++i)
            input.ids.push_back(int(i % config.vocabulary));
        if (config.encoderDecoder()) {
            input.source = input.ids;
            for (long long i = 0; i < n; ++i)
                input.ids[size_t(i)] = int((i * 7 + 1) % config.decoder.vocabulary);
        }
        // An encoder-decoder's weights run its two stacks.
        timeRuns(
            n, kMinModelRuns, [&] { runModel(checkpoint->weights(), input); }, "forward_ms_median",
            2, t, rows);
    }
    out.json.insert(QStringLiteral("model"), folder);
    out.json.insert(QStringLiteral("threads"), omp_get_max_threads());
    out.json.insert(QStringLiteral("rows"), rows);
    return out;
}

Report generateBenchmarkReport(const QString &folder, long long tokens)
{
    using Clock = std::chrono::steady_clock;
    const std::shared_ptr<const ModelCheckpoint> checkpoint = ModelCheckpoint::open(folder);
    const ModelConfig &config = checkpoint->config();
    // An encoder-decoder translates a source of 128 tokens from its start token.
    const bool translates = config.encoderDecoder();
    const long long prompt = std::min<long long>(128, config.positions - 1);
    const long long written =
        std::min<long long>(tokens, config.positions - (translates ? 1 : prompt));
    std::vector<int> ids;
    for (long long i = 0; i < prompt; ++i)
        ids.push_back(int(i % config.vocabulary));
    GenerationOptions options;
    options.maxTokens = int(written);
    auto milliseconds = [](Clock::duration d) {
        return std::chrono::duration<double, std::milli>(d).count();
    };
    std::vector<double> firsts;
    std::vector<double> perToken;
    for (int run = 0; run < kMinModelRuns; ++run) {
        const Clock::time_point start = Clock::now();
        options.stopAtEnd = false;
        Generator generator =
            translates ? Generator(checkpoint->weights(), ids, {config.decoder.startId}, options)
                       : Generator(checkpoint->weights(), ids, options);
        generator.step();
        Clock::time_point last = Clock::now();
        firsts.push_back(milliseconds(last - start));
        while (generator.step()) {
            const Clock::time_point now = Clock::now();
            perToken.push_back(milliseconds(now - last));
            last = now;
        }
    }
    const double first = median(firsts);
    const double each = perToken.empty() ? 0.0 : median(perToken);
    Report out;
    out.text = QStringLiteral("%12 with %1 (%2: %3 layers, %4 heads, d_model %5), float32, "
                              "%6 threads, greedy, key/value cache\n"
                              "%13 %7 tokens, %8 written, %9 runs\n\n"
                              "first token   %10 ms\nper token     %11 ms (median)\n")
                   .arg(inputText(folder), QLatin1String(modelTypeName(config.family)))
                   .arg(config.layers)
                   .arg(config.heads)
                   .arg(config.modelDim)
                   .arg(omp_get_max_threads())
                   .arg(prompt)
                   .arg(written)
                   .arg(kMinModelRuns)
                   .arg(first, 0, 'f', 2)
                   .arg(each, 0, 'f', 2)
                   .arg(translates ? QStringLiteral("Translation") : QStringLiteral("Generation"),
                        translates ? QStringLiteral("source") : QStringLiteral("prompt"));
    out.json.insert(QStringLiteral("model"), folder);
    out.json.insert(QStringLiteral("threads"), omp_get_max_threads());
    out.json.insert(QStringLiteral("prompt"), prompt);
    out.json.insert(QStringLiteral("tokens"), written);
    out.json.insert(QStringLiteral("first_token_ms"), first);
    out.json.insert(QStringLiteral("per_token_ms_median"), each);
    return out;
}

} // namespace AttentionLab
