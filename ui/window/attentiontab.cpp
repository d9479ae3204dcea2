// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/attentiontab.h"

#include "ui/document/attentiondocument.h"
#include "ui/figure/equationtext.h"
#include "ui/figure/linepainter.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/equationbanner.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/orientingsplitter.h"

#include <QStackedWidget>
#include <QVBoxLayout>

namespace AttentionLab {

AttentionTab::AttentionTab(AttentionDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_hint(new HintBar(this)),
      m_equation(new EquationBanner(this)), m_heatmap(new HeatmapView(document, this)),
      m_lines(new AttentionLinesView(this)), m_weightsStack(new QStackedWidget(this)),
      m_bars(new EntropyBarsView(document, this))
{
    // The weights as a heatmap or as lines (View > Show as Lines). The
    // heatmap alone sizes the stack: the splitter keeps its proportions.
    m_lines->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_weightsStack->addWidget(m_heatmap);
    m_weightsStack->addWidget(m_lines);
    // Stacked, or side by side on a wide, low area (a projector's 1280 x 720).
    auto *views = new OrientingSplitter(1.6, this);
    views->addWidget(m_weightsStack);
    views->addWidget(m_bars);
    views->setStretchFactor(0, 3);
    views->setStretchFactor(1, 2);
    views->setChildrenCollapsible(false);
    m_bars->setKeepsRowsReadable(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_hint);
    layout->addWidget(m_equation);
    connect(m_equation, &QLabel::linkActivated, this, [this](const QString &target) {
        if (target == QLatin1String("preset:causal"))
            emit causalExampleRequested();
    });
    layout->addWidget(views, 1);
    connect(document, &AttentionDocument::resultChanged, this, &AttentionTab::refreshLines);
    connect(document, &AttentionDocument::sessionReset, this, &AttentionTab::refreshLines);
    // A note about the session that was open goes with it.
    connect(document, &AttentionDocument::sessionReset, m_hint, &HintBar::clearNote);
    connect(document, &AttentionDocument::optionsChanged, this, &AttentionTab::syncEquation);
    connect(document, &AttentionDocument::sessionReset, this, &AttentionTab::syncEquation);
    syncEquation();
}

QWidget *AttentionTab::weightsArea() const
{
    return m_weightsStack;
}

void AttentionTab::setShowLines(bool on)
{
    m_weightsStack->setCurrentWidget(on ? static_cast<QWidget *>(m_lines) : m_heatmap);
    refreshLines();
}

bool AttentionTab::showsLines() const
{
    return m_weightsStack->currentWidget() == m_lines;
}

void AttentionTab::refreshLines()
{
    // Only while shown: a drag at a thousand tokens need not build a matrix
    // nobody sees. Switching to the lines refreshes them.
    if (!showsLines())
        return;
    const Session &s = m_document->session();
    QStringList rows, cols;
    for (Index i = 0; i < s.queries.rows(); ++i)
        rows << QString::fromStdString(s.queryLabel(i));
    for (Index j = 0; j < s.keys.rows(); ++j)
        cols << QString::fromStdString(s.keyLabel(j));
    m_lines->setMatrix(sessionWeights(m_document->result()), rows, cols);
}

void AttentionTab::syncEquation()
{
    const Session &s = m_document->session();
    // A mask that hides nothing says why, and offers the example where it does.
    const QString maskNote = Equations::maskNote(s);
    m_equation->setEquation(Equations::attention(s),
                            maskNote.isEmpty()
                                ? Equations::settings(s)
                                : Equations::settings(s) + QStringLiteral(". ") + maskNote,
                            maskNote.isEmpty() ? QString() : tr("Show the causal mask example"),
                            QStringLiteral("preset:causal"));
}

} // namespace AttentionLab
