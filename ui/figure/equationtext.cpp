// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/equationtext.h"

#include "core/maths/session.h"

#include <QStringList>

namespace AttentionLab::Equations {

QString divided(const QString &scores, const AttentionOptions &options, Index keyDim)
{
    const QString root = QStringLiteral("√%1").arg(keyDim);
    const QString tau = QString::number(options.temperature, 'g', 4);
    if (options.scale && options.temperature == 1.0)
        return QStringLiteral("%1 / %2").arg(scores, root);
    if (options.scale)
        return QStringLiteral("%1 / (%2 · %3)").arg(scores, root, tau);
    if (options.temperature != 1.0)
        return QStringLiteral("%1 / %2").arg(scores, tau);
    return scores;
}

QString attention(const Session &session)
{
    // A bias the session carries (T5's) is added to the scores before the scale.
    const QString scores = session.hasBias() ? QStringLiteral("(QK<sup>T</sup> + B)")
                                             : QStringLiteral("QK<sup>T</sup>");
    QString logits = divided(scores, session.options, session.keys.cols());
    // Gemma 2's cap, after the scale and before the temperature: c·tanh(s / c) / τ.
    if (session.options.softCap > 0.0) {
        AttentionOptions scaledOnly = session.options;
        scaledOnly.temperature = 1.0;
        logits = QStringLiteral("%1·tanh((%2) / %1)")
                     .arg(QString::number(session.options.softCap, 'g', 4),
                          divided(scores, scaledOnly, session.keys.cols()));
        if (session.options.temperature != 1.0)
            logits +=
                QStringLiteral(" / %1").arg(QString::number(session.options.temperature, 'g', 4));
    }
    switch (session.options.mask) {
    case MaskMode::None:
        return QStringLiteral("softmax(%1) V").arg(logits);
    case MaskMode::Causal:
        return session.options.window > 0 ? QStringLiteral("softmax(mask<sub>w=%1</sub>(%2)) V")
                                                .arg(session.options.window)
                                                .arg(logits)
                                          : QStringLiteral("softmax(mask(%1)) V").arg(logits);
    case MaskMode::CausalAfterSoftmax:
        return session.options.window > 0 ? QStringLiteral("mask<sub>w=%1</sub>(softmax(%2)) V")
                                                .arg(session.options.window)
                                                .arg(logits)
                                          : QStringLiteral("mask(softmax(%1)) V").arg(logits);
    }
    return {};
}

QString settings(const Session &session)
{
    const AttentionOptions &o = session.options;
    const Index dk = session.keys.cols();
    QStringList parts;
    parts << QStringLiteral("d_k = %1").arg(dk);
    parts << (o.scale ? QStringLiteral("scaled by √%1").arg(dk) : QStringLiteral("unscaled"));
    switch (o.mask) {
    case MaskMode::None:
        parts << QStringLiteral("no mask");
        break;
    case MaskMode::Causal:
        parts << QStringLiteral("causal mask (mask, then softmax)");
        break;
    case MaskMode::CausalAfterSoftmax:
        parts << QStringLiteral("causal mask after the softmax (the wrong order)");
        break;
    }
    if (isCausal(o.mask) && o.window > 0)
        parts << QStringLiteral("a sliding window of %1 keys").arg(o.window);
    if (o.softCap > 0.0)
        parts << QStringLiteral("scores soft-capped at %1").arg(QString::number(o.softCap, 'g', 4));
    if (session.hasBias())
        parts << QStringLiteral("B: a bias added to each score");
    parts << QStringLiteral("τ = %1").arg(QString::number(o.temperature, 'g', 4));
    return parts.join(QStringLiteral(", "));
}

QString maskNote(const Session &session)
{
    // Query i stands at key position i + K - Q and sees the keys up to it:
    // with one query, the last token, nothing is hidden.
    if (session.options.mask == MaskMode::None || session.queries.rows() != 1)
        return {};
    return QStringLiteral("The only query is the last token: it sees every key, so the mask "
                          "hides nothing.");
}

} // namespace AttentionLab::Equations
