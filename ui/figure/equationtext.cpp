#include "ui/figure/equationtext.h"

#include "core/session.h"

#include <QStringList>

namespace AttentionLab::EquationText {

QString attention(const Session &session)
{
    const AttentionOptions &o = session.options;
    const Index dk = session.keys.cols();
    const QString root = QStringLiteral("√%1").arg(dk);
    const QString tau = QString::number(o.temperature, 'g', 4);
    QString logits = QStringLiteral("QK<sup>T</sup>");
    if (o.scale && o.temperature != 1.0)
        logits += QStringLiteral(" / (%1 · %2)").arg(root, tau);
    else if (o.scale)
        logits += QStringLiteral(" / %1").arg(root);
    else if (o.temperature != 1.0)
        logits += QStringLiteral(" / %1").arg(tau);
    switch (o.mask) {
    case MaskMode::None:
        return QStringLiteral("softmax(%1) V").arg(logits);
    case MaskMode::Causal:
        return QStringLiteral("softmax(mask(%1)) V").arg(logits);
    case MaskMode::CausalAfterSoftmax:
        return QStringLiteral("mask(softmax(%1)) V").arg(logits);
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
    parts << QStringLiteral("τ = %1").arg(QString::number(o.temperature, 'g', 4));
    return parts.join(QStringLiteral(", "));
}

} // namespace AttentionLab::EquationText
