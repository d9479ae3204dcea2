// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/modelmeasure.h"

#include "core/model/familydescription.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace AttentionLab {

std::string ModelMeasure::name() const
{
    switch (kind) {
    case MeasureKind::Probability:
        return "prob";
    case MeasureKind::LogitDifference:
        return "logitdiff";
    case MeasureKind::Loss:
        return "loss";
    case MeasureKind::KlDivergence:
        return "kl";
    }
    return {};
}

std::vector<int> ModelMeasure::logitPositions(int n) const
{
    if (kind != MeasureKind::Loss)
        return {positionIn(n)};
    // Token i is predicted at position i - 1.
    std::vector<int> out;
    for (int i = firstIn(n); i <= lastIn(n); ++i)
        out.push_back(i - 1);
    return out;
}

std::string ModelMeasure::problem(const ModelConfig &config, int n) const
{
    const auto tokenProblem = [&](int id) -> std::string {
        if (id < 0 || id >= config.vocabulary)
            return "token #" + std::to_string(id) + " is outside the vocabulary of " +
                   std::to_string(config.vocabulary);
        return {};
    };
    switch (kind) {
    case MeasureKind::LogitDifference:
        if (std::string p = tokenProblem(tokenB); !p.empty())
            return p;
        [[fallthrough]];
    case MeasureKind::Probability:
        if (std::string p = tokenProblem(tokenA); !p.empty())
            return p;
        [[fallthrough]];
    case MeasureKind::KlDivergence:
        if (position < 0 && !familyDescription(config.family).predictsNextToken())
            return familyDescription(config.family).displayName +
                   " guesses the tokens at its [MASK]s, not a next token: give the position of "
                   "a [MASK] (--position P)";
        if (positionIn(n) < 0 || positionIn(n) >= n)
            return "position " + std::to_string(position) + " is outside the text's " +
                   std::to_string(n) + " tokens (0 to " + std::to_string(n - 1) + ")";
        return {};
    case MeasureKind::Loss:
        if (!familyDescription(config.family).predictsNextToken())
            return "the loss is a causal model's, over the next token; " +
                   familyDescription(config.family).displayName +
                   " predicts masked tokens: measure prob, logitdiff or kl at a [MASK]";
        if (n < 2 && familyDescription(config.family).encoderDecoder)
            return "the loss is over the target's tokens, and the decoder reads no target: give "
                   "one (the target the source translates into)";
        if (n < 2)
            return "the loss needs at least two tokens: it predicts each from those before";
        if (firstIn(n) > lastIn(n))
            return "loss span " + std::to_string(firstIn(n)) + "-" + std::to_string(lastIn(n)) +
                   " is reversed: give FROM-TO with FROM at most TO";
        if (firstIn(n) < 1 || lastIn(n) > n - 1)
            return "loss span " + std::to_string(firstIn(n)) + "-" + std::to_string(lastIn(n)) +
                   " is outside tokens 1 to " + std::to_string(n - 1) +
                   " (token 0 has nothing before it)";
        return {};
    }
    return {};
}

namespace {

/// ln softmax(logits)[id], in double.
double logProbability(const float *logits, int vocabulary, int id)
{
    const double largest = double(*std::max_element(logits, logits + vocabulary));
    double sum = 0.0;
    for (int i = 0; i < vocabulary; ++i)
        sum += std::exp(double(logits[i]) - largest);
    return double(logits[id]) - largest - std::log(sum);
}

/// KL(p || q) of the softmaxes of two rows of logits, in nats.
double klDivergence(const float *p, const float *q, int vocabulary)
{
    const double pMax = double(*std::max_element(p, p + vocabulary));
    const double qMax = double(*std::max_element(q, q + vocabulary));
    double pSum = 0.0, qSum = 0.0;
    for (int i = 0; i < vocabulary; ++i) {
        pSum += std::exp(double(p[i]) - pMax);
        qSum += std::exp(double(q[i]) - qMax);
    }
    const double pLog = pMax + std::log(pSum), qLog = qMax + std::log(qSum);
    double kl = 0.0;
    for (int i = 0; i < vocabulary; ++i) {
        const double lp = double(p[i]) - pLog;
        kl += std::exp(lp) * (lp - (double(q[i]) - qLog));
    }
    return std::max(kl, 0.0);
}

} // namespace

double measureValue(const ModelMeasure &measure, const ModelRun &run, const std::vector<int> &ids,
                    const ModelRun *baseline)
{
    const int n = int(ids.size());
    const int vocabulary = run.vocabulary;
    const auto logits = [n](const ModelRun &pass, int position) {
        const float *row = pass.logitsOf(position);
        if (!row)
            throw std::invalid_argument("the pass kept no logits at position " +
                                        std::to_string(position) + " of " + std::to_string(n));
        return row;
    };
    switch (measure.kind) {
    case MeasureKind::Probability:
        return std::exp(
            logProbability(logits(run, measure.positionIn(n)), vocabulary, measure.tokenA));
    case MeasureKind::LogitDifference: {
        const float *row = logits(run, measure.positionIn(n));
        return double(row[measure.tokenA]) - double(row[measure.tokenB]);
    }
    case MeasureKind::KlDivergence:
        if (!baseline)
            return 0.0;
        return klDivergence(logits(*baseline, measure.positionIn(n)),
                            logits(run, measure.positionIn(n)), vocabulary);
    case MeasureKind::Loss: {
        double sum = 0.0;
        const int first = measure.firstIn(n), last = measure.lastIn(n);
        for (int i = first; i <= last; ++i)
            sum -= logProbability(logits(run, i - 1), vocabulary, ids[size_t(i)]);
        return sum / double(last - first + 1);
    }
    }
    return 0.0;
}

} // namespace AttentionLab
