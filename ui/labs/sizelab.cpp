// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/sizelab.h"

#include "ui/labs/labbanner.h"
#include "ui/labs/labcanvas.h"
#include "ui/labs/labstate.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace AttentionLab {

SizeLab::SizeLab(AttentionDocument *document, LabState *labs, QWidget *parent)
    : QWidget(parent), m_labs(labs), m_vocabulary(new QSpinBox(this)),
      m_modelDim(new QSpinBox(this)), m_layers(new QSpinBox(this)), m_heads(new QSpinBox(this)),
      m_feedForward(new QSpinBox(this)), m_lengths(new QLineEdit(this)),
      m_banner(
          new LabBanner([labs] { return LabEquations::size(labs->settings().transformer); }, this))
{
    const TransformerConfig &c = labs->settings().transformer;
    const struct
    {
        QSpinBox *spin;
        QString prefix;
        QString name;
        int max;
        std::int64_t value;
    } spins[] = {
        {m_vocabulary, QStringLiteral("|V| = "), tr("Vocabulary size"), 2'000'000, c.vocabulary},
        {m_modelDim, QStringLiteral("D = "), tr("Model dimension D"), 65'536, c.modelDim},
        {m_layers, QStringLiteral("L = "), tr("Layers"), 1'000, c.layers},
        {m_heads, QStringLiteral("h = "), tr("Heads"), 1'024, c.heads},
        {m_feedForward, QStringLiteral("H = "), tr("Feed-forward width H"), 262'144,
         c.feedForward}};
    auto *controls = new QHBoxLayout;
    for (const auto &s : spins) {
        s.spin->setRange(1, s.max);
        s.spin->setValue(int(s.value));
        s.spin->setPrefix(s.prefix);
        s.spin->setAccessibleName(s.name);
        s.spin->setToolTip(s.name);
        controls->addWidget(s.spin);
    }
    controls->addWidget(new QLabel(tr("sequence lengths:"), this));
    controls->addWidget(m_lengths, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(new LabCanvas(document, labs, QStringLiteral("params"), this));
    split->addWidget(new LabCanvas(document, labs, QStringLiteral("cost"), this));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_banner);
    layout->addLayout(controls);
    layout->addWidget(split, 1);

    QStringList lengthTexts;
    for (std::int64_t n : labs->settings().costLengths)
        lengthTexts << QString::number(n);
    m_lengths->setText(lengthTexts.join(QLatin1Char(',')));
    m_lengths->setAccessibleName(tr("Sequence lengths"));
    auto push = [this] {
        std::vector<std::int64_t> lengths;
        for (const QString &part : m_lengths->text().split(QLatin1Char(','))) {
            bool ok = false;
            const qlonglong n = part.trimmed().toLongLong(&ok);
            if (ok && n >= 1 && n <= CostDefaults::kMaxLength)
                lengths.push_back(n);
        }
        m_labs->update([&](LabSettings &s) {
            s.transformer.vocabulary = m_vocabulary->value();
            s.transformer.modelDim = m_modelDim->value();
            s.transformer.layers = m_layers->value();
            s.transformer.heads = m_heads->value();
            s.transformer.feedForward = m_feedForward->value();
            if (!lengths.empty())
                s.costLengths = lengths;
        });
    };
    for (const auto &s : spins)
        connect(s.spin, &QSpinBox::valueChanged, this, push);
    connect(m_lengths, &QLineEdit::editingFinished, this, push);
    connect(labs, &LabState::changed, m_banner, &LabBanner::refresh);
}

} // namespace AttentionLab
