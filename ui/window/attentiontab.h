// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QWidget>

class QStackedWidget;

namespace AttentionLab {

class AttentionDocument;
class AttentionLinesView;
class EntropyBarsView;
class EquationBanner;
class HeatmapView;
class HintBar;

/**
 * The Attention tab's page: the first-start hint, the equation with the
 * session's settings, the weights as a heatmap or as lines, and the entropy
 * bars, stacked or side by side as the room allows.
 */
class AttentionTab : public QWidget
{
    Q_OBJECT

public:
    explicit AttentionTab(AttentionDocument *document, QWidget *parent = nullptr);

    HeatmapView *heatmap() const { return m_heatmap; }
    /// The weights as lines, shown instead of the heatmap.
    AttentionLinesView *linesView() const { return m_lines; }
    EntropyBarsView *entropyBars() const { return m_bars; }
    EquationBanner *equationBanner() const { return m_equation; }
    HintBar *hintBar() const { return m_hint; }
    /// The heatmap or the lines, whichever shows (the guided tour frames it).
    QWidget *weightsArea() const;

    void setShowLines(bool on);
    bool showsLines() const;

signals:
    /// The equation's note offers the causal mask example.
    void causalExampleRequested();

private:
    /// The equation and its note from the session's settings.
    void syncEquation();
    /// Gives the line view the session's weights, when it is shown.
    void refreshLines();

    AttentionDocument *m_document;
    HintBar *m_hint;
    EquationBanner *m_equation;
    HeatmapView *m_heatmap;
    AttentionLinesView *m_lines;
    QStackedWidget *m_weightsStack;
    EntropyBarsView *m_bars;
};

} // namespace AttentionLab
