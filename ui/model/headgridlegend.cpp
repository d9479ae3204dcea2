// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/headgridlegend.h"

#include "ui/figure/headgridstyle.h"
#include "ui/model/headgridview.h"
#include "ui/model/modeldocument.h"

#include <QPainter>

#include <cmath>

namespace AttentionLab {

HeadGridLegend::HeadGridLegend(ModelDocument *document, const HeadGridView *grid, QWidget *parent)
    : QWidget(parent), m_document(document), m_grid(grid)
{
    setAccessibleName(tr("Legend of the frames"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto refresh = [this] {
        setAccessibleDescription(text());
        setToolTip(text());
        updateGeometry(); // its width follows the score's name and numbers
        update();
    };
    connect(document, &ModelDocument::tensorChanged, this, refresh);
    connect(document, &ModelDocument::scoresChanged, this, refresh);
    connect(grid, &HeadGridView::scoreKindChanged, this, refresh);
}

QString HeadGridLegend::text() const
{
    if (m_document->isEmpty() || !m_document->scoresReady())
        return {};
    const HeadScoreKind kind = m_grid->scoreKind();
    const HeadGridStyle::ScoreSpan span = HeadGridStyle::scoreSpan(m_document->allScores(), kind);
    QString text = tr("frame: %1, from %2 (grey) to %3 (orange)")
                       .arg(HeadGridStyle::scoreTitle(kind),
                            span.any ? HeadGridStyle::scoreText(span.lo) : QStringLiteral("—"),
                            span.any ? HeadGridStyle::scoreText(span.hi) : QStringLiteral("—"));
    const AttentionTensor &t = m_document->tensor();
    if (t.keyValueHeads() < t.heads())
        text += tr("; a bar under the heads that share a key/value head");
    return text;
}

QSize HeadGridLegend::sizeHint() const
{
    const int height = int(std::ceil(HeadGridStyle::legendHeight(font())));
    if (m_document->isEmpty() || !m_document->scoresReady())
        return {0, height};
    const AttentionTensor &t = m_document->tensor();
    const HeadScoreKind kind = m_grid->scoreKind();
    return {int(HeadGridStyle::legendWidth(font(), kind,
                                           HeadGridStyle::scoreSpan(m_document->allScores(), kind),
                                           t.keyValueHeads() < t.heads())),
            height};
}

void HeadGridLegend::paintEvent(QPaintEvent *)
{
    if (m_document->isEmpty() || !m_document->scoresReady())
        return;
    QPainter painter(this);
    const AttentionTensor &t = m_document->tensor();
    const bool dark = palette().color(QPalette::Base).lightnessF() < 0.5;
    const HeadScoreKind kind = m_grid->scoreKind();
    HeadGridStyle::paintLegend(painter, QRectF(rect()), font(), kind,
                               HeadGridStyle::scoreSpan(m_document->allScores(), kind), dark,
                               t.keyValueHeads() < t.heads(),
                               palette().color(QPalette::WindowText));
}

} // namespace AttentionLab
