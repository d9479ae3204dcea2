// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/labequations.h"

#include "ui/figure/equationtext.h"

#include "core/maths/session.h"

#include <QLocale>

#include <cmath>

#include <stdexcept>

namespace AttentionLab::LabEquations {

namespace {

QString grouped(std::int64_t value)
{
    return QLocale(QLocale::English).toString(qlonglong(value));
}

QString number(double value, int decimals = 4)
{
    return QString::number(value, 'f', decimals);
}

} // namespace

EquationText geometry(const Session &session, const AttentionResult &result,
                      const LabSettings &labs)
{
    const Index d = session.keys.cols();
    const int qi = LabPainter::geometryQuery(session, labs);
    EquationText t;
    t.equation =
        QStringLiteral("α<sub>j</sub> = softmax<sub>j</sub>(%1)")
            .arg(Equations::divided(QStringLiteral("q · k<sub>j</sub>"), session.options, d));
    const QString query = QString::fromStdString(session.queryLabel(qi));
    if (result.rows.empty() || size_t(qi) >= result.rows.size()) {
        t.note = QStringLiteral("query “%1”. %2")
                     .arg(query, LabPainter::geometryPlaneNote(session, labs));
        return t;
    }
    const RowStatistics &row = result.rows[size_t(qi)];
    // A row that lost weight (the mask after the softmax) is measured over its
    // visible part, as the entropy bars do: never above its maximum.
    t.note = QStringLiteral("query “%1”, %2 keys, d_k = %3: entropy %4 of at most %5 bits%6. "
                            "Attention selects only "
                            "when the keys give it something to select on. %7")
                 .arg(query)
                 .arg(session.keys.rows())
                 .arg(d)
                 .arg(number(row.visibleEntropyBits()))
                 .arg(number(row.maxEntropyBits))
                 .arg(row.losesWeight()
                          ? QStringLiteral(" over the visible keys (the row lost %1 of its weight)")
                                .arg(number(row.lostWeight()))
                          : QString(),
                      LabPainter::geometryPlaneNote(session, labs));
    return t;
}

EquationText scale(const ScaleExperimentResult &result)
{
    EquationText t;
    t.equation = QStringLiteral(
        "Var(q · k) = Σ<sub>i</sub> Var(q<sub>i</sub> k<sub>i</sub>) = d<sub>k</sub>, so "
        "sd(q · k) = √d<sub>k</sub>");
    if (result.rows.empty())
        return t;
    const ScaleExperimentRow &last = result.rows.back();
    t.note = QStringLiteral("%1 draws of %2 unit-variance keys: at d_k = %3 the pooled spread is "
                            "%4 against √%3 = %5; "
                            "unscaled the top key takes %6 of the weight, scaled %7.")
                 .arg(result.settings.draws)
                 .arg(result.settings.keys)
                 .arg(last.keyDim)
                 .arg(QString::number(last.pooledSpread, 'g', 3))
                 .arg(QString::number(std::sqrt(double(last.keyDim)), 'g', 4))
                 .arg(number(last.rawMaxWeight, 2))
                 .arg(number(last.scaledMaxWeight, 2));
    const double cap = result.settings.softCap;
    if (cap > 0.0) {
        t.equation += QStringLiteral("; capped: c tanh(s / c), |s| &lt; c = %1")
                          .arg(QString::number(cap, 'g', 6));
        t.note += QStringLiteral(" Capped at %1 after the scale (Gemma 2's tanh), it takes %2: no "
                                 "score passes ±%1, whatever d_k.")
                      .arg(QString::number(cap, 'g', 6))
                      .arg(number(last.cappedMaxWeight, 2));
    }
    return t;
}

EquationText mask(const MaskComparison &c, const AttentionOptions &sessionOptions, Index keyDim)
{
    EquationText t;
    const QString score = c.fromSession
                              ? Equations::divided(QStringLiteral("(QK<sup>T</sup>)<sub>ij</sub>"),
                                                   sessionOptions, keyDim)
                              : QStringLiteral("s<sub>ij</sub>");
    t.equation =
        QStringLiteral("S<sub>ij</sub> = %1 if j ≤ i, −∞ if j &gt; i; then softmax (Eq. 16.3)")
            .arg(score);
    if (c.window > 0)
        t.equation += QStringLiteral("; a sliding window of w = %1 also sets −∞ where j ≤ i − w")
                          .arg(c.window);
    if (c.softmaxFirst.rows.empty())
        return t;
    t.note = QStringLiteral("%1: mask first, every row sums to 1%2; softmax first, row “%3” keeps "
                            "%4 and loses %5.")
                 .arg(c.fromSession ? QStringLiteral("this session's scores")
                                    : QStringLiteral("the chapter's four raw scores"))
                 .arg(c.window <= 0 ? QString()
                      : c.sessionWindow
                          ? QStringLiteral(", with the window too (the session's, "
                                           "%1 keys)")
                                .arg(c.window)
                          : QStringLiteral(", with the window too (%1 keys)").arg(c.window))
                 .arg(QString::fromStdString(c.rowLabels.front()))
                 .arg(number(c.softmaxFirst.rows.front().sum))
                 .arg(number(1.0 - c.softmaxFirst.rows.front().sum));
    return t;
}

EquationText heads(const HeadsComparison &c, const AttentionOptions &options)
{
    EquationText t;
    const Index modelDim = c.queries.cols();
    if (!c.valid) {
        t.equation = QStringLiteral("h × d<sub>k</sub> = D");
        t.note = QStringLiteral("D = %1 does not split into h = %2 equal heads.")
                     .arg(modelDim)
                     .arg(c.heads);
        return t;
    }
    const Index dk = c.result.headDim;
    t.equation =
        // Heads count from 0, as the files, the command line and the Model tab do.
        QStringLiteral("head<sub>i</sub> = softmax(%1) V<sub>i</sub>, i = 0…%5;  h × d<sub>k</sub> "
                       "= %2 × %3 = %4 = D")
            .arg(Equations::divided(QStringLiteral("Q<sub>i</sub>K<sub>i</sub><sup>T</sup>"),
                                    options, dk))
            .arg(c.heads)
            .arg(dk)
            .arg(modelDim)
            .arg(c.heads - 1);
    t.note =
        QStringLiteral(
            "The heads are concatenated and projected by W^O: 4D² + 4D = %1 attention parameters, "
            "whatever h is.")
            .arg(grouped(c.attentionParameters));
    return t;
}

EquationText rotaryPosition(const Session &session, const LabSettings &labs,
                            const RotaryOffsetDemo &demo)
{
    EquationText t;
    const double theta = LabPainter::rotaryBase(session, labs);
    if (session.positionFree()) {
        t.equation = QStringLiteral("q<sub>m</sub> · k<sub>n</sub> = q · k at every m and n   (no "
                                    "positions in this layer; rotary, θ = %1, for comparison)")
                         .arg(QString::number(theta, 'g', 12));
        t.note = QStringLiteral("This head's layer turns neither q nor k: the score of its last "
                                "query and first key is the same at every pair of %1 positions "
                                "(spread %2), so the layer cannot tell one order of the tokens "
                                "from another. Turned by rotary positions, as the model's other "
                                "layers turn theirs, it varies with the offset (each diagonal by "
                                "%3).")
                     .arg(std::clamp(labs.positions, 1, 128))
                     .arg(QString::number(demo.plainSpread, 'g', 2))
                     .arg(QString::number(demo.rotarySpread, 'g', 2));
        return t;
    }
    t.equation =
        QStringLiteral("q<sub>m</sub>′ · k<sub>n</sub>′ = (R<sub>m</sub> q) · (R<sub>n</sub> k) = "
                       "q · R<sub>n−m</sub> k   (rotary, θ = %1)")
            .arg(QString::number(theta, 'g', 12));
    t.note = QStringLiteral("The session's last query and first key at %1 positions: turned by "
                            "their positions, their score depends on the offset n − m alone "
                            "(each diagonal varies by %2); with Eq. 16.4 added to the input it "
                            "varies by %3. Rotary positions inject relative position into the "
                            "scores themselves.")
                 .arg(std::clamp(labs.positions, 1, 128))
                 .arg(QString::number(demo.rotarySpread, 'g', 2))
                 .arg(QString::number(demo.addedSpread, 'g', 3));
    return t;
}

EquationText position(const Session &session, const LabSettings &labs, const PermutationDemo &demo)
{
    const Index tokens = session.keys.rows(), keyDim = session.keys.cols();
    EquationText t;
    if (labs.positionMode == LabSettings::PositionMode::RelativeBias) {
        // T5 adds no vector to the input: a number to each score, by offset.
        t.equation = QStringLiteral(
            "score<sub>ij</sub> = q<sub>i</sub>·k<sub>j</sub> + b<sub>h</sub>(bucket(j − i))  "
            "(T5: no √d<sub>k</sub>)");
        t.note = labs.relativeBias
                     ? QStringLiteral("The bias of each head of %1, learned per bucket of offsets "
                                      "and shared by every layer: the relative position injected "
                                      "into the scores.")
                           .arg(QString::fromStdString(labs.relativeBias->model))
                     : QStringLiteral("Open a T5 model in the Model tab to see its learned bias.");
        return t;
    }
    const QString exponent = QStringLiteral("<sup>2i/%1</sup>").arg(labs.positionDim);
    t.equation =
        QStringLiteral(
            "PE<sub>(pos, 2i)</sub> = sin(pos / 10000%1),  PE<sub>(pos, 2i+1)</sub> = cos(pos / "
            "10000%1)  (Eq. 16.4)")
            .arg(exponent);
    if (labs.positionMode == LabSettings::PositionMode::SplitHalves) {
        t.note = QStringLiteral("Marian (opus-mt) adds the same angles with the sines in the first "
                                "half of each row and the cosines in the second: a permutation of "
                                "the dimensions, the same information.");
        return t;
    }
    if (tokens < 2) {
        t.note = QStringLiteral("%1 positions shown.").arg(labs.positions);
        return t;
    }
    // The shuffle runs without the session's mask; kept, the mask alone
    // tells the places apart.
    const QString masked =
        std::isnan(demo.maskedChange)
            ? QString()
            : QStringLiteral(" With the %1 mask kept where it stands, by up to %2: the mask "
                             "alone tells %3 the order.")
                  .arg(session.options.window > 0 ? QStringLiteral("sliding window's")
                                                  : QStringLiteral("causal"))
                  .arg(number(demo.maskedChange))
                  .arg(LabPainter::shufflesHead(session) ? QStringLiteral("this layer")
                                                         : QStringLiteral("Eq. 16.2"));
    if (LabPainter::shufflesHead(session)) {
        t.note = QStringLiteral("This head's layer has no positions: with no mask, shuffling its "
                                "%1 tokens (q, k and v together) moves no output by more than "
                                "%2, every output travels with its token. With q and k turned by "
                                "rotary positions (θ = %3) at their places, as the model's other "
                                "layers do, by up to %4.%5")
                     .arg(tokens)
                     .arg(QString::number(demo.plainChange, 'g', 2))
                     .arg(QString::number(LabPainter::rotaryBase(session, labs), 'g', 12))
                     .arg(number(demo.encodedChange))
                     .arg(masked);
        return t;
    }
    // Two dimensions, named apart: the picture's D is the control's; the
    // shuffle adds PE to the session's keys, so it has their d_k.
    t.note = QStringLiteral("Eq. 16.2 is permutation equivariant: with no mask, shuffling %1 "
                            "tokens moves no output by more than %2; with PE added to the keys "
                            "(in their own d_k = %3 dimensions; the picture's D = %5), by up to "
                            "%4.%6")
                 .arg(tokens)
                 .arg(QString::number(demo.plainChange, 'g', 2))
                 .arg(keyDim)
                 .arg(number(demo.encodedChange))
                 .arg(labs.positionDim)
                 .arg(masked);
    return t;
}

EquationText size(const TransformerConfig &config)
{
    EquationText t;
    ParameterCount p;
    try {
        p = countParameters(config);
    } catch (const std::invalid_argument &e) {
        t.equation = QStringLiteral("h × d<sub>k</sub> = D");
        t.note = QString::fromUtf8(e.what());
        return t;
    }
    t.equation =
        QStringLiteral(
            "attention 4D² + 4D = %1,  feed-forward 2DH + H + D = %2,  h × d<sub>k</sub> = %3 × "
            "%4 = D")
            .arg(grouped(p.attention), grouped(p.feedForward))
            .arg(config.heads)
            .arg(config.headDim());
    t.note =
        QStringLiteral("per layer with D = %1, H = %2: the heads are free, the feed-forward block "
                       "is the larger. "
                       "Score cells grow as n²: four times the tokens, sixteen times the cells.")
            .arg(grouped(config.modelDim), grouped(config.feedForward));
    return t;
}

} // namespace AttentionLab::LabEquations
