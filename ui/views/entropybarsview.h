// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/kernels/rowstatistics.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPItemText;
class QMouseEvent;

namespace AttentionLab {

class AttentionDocument;

/// One bar per query: the entropy of its weights in bits, the row's maximum
/// log2(visible keys) drawn as a red line, and the row sum, so that masking
/// after the softmax visibly loses weight. A row that lost weight is drawn
/// with the entropy of its visible part renormalised, never above its
/// maximum, and says what it lost. It shows the session's rows, or, built
/// without a document, any matrix's rows given with setRows() (the model view).
class EntropyBarsView : public QWidget
{
    Q_OBJECT

public:
    explicit EntropyBarsView(AttentionDocument *document, QWidget *parent = nullptr);
    /// Bars for rows given with setRows().
    explicit EntropyBarsView(QWidget *parent = nullptr);
    ~EntropyBarsView() override;

    /// One bar per row of \a rows, labelled \a labels (one per row).
    void setRows(std::vector<RowStatistics> rows, QStringList labels);
    /// Shows rows [first, last) only, to stay beside a zoomed heatmap's
    /// rows; first = last = -1 shows every row.
    void setVisibleRows(int first, int last);

    QCustomPlot *plot() const { return m_plot; }
    /// Dark or light, and how much larger than normal text and lines are.
    void setAppearance(bool dark, double scale);
    /// Asks for the height that a line of text per row needs, up to twelve
    /// rows, so that a splitter above it never squashes the bars into one
    /// label (the Attention tab in presentation mode at 1280 x 720).
    void setKeepsRowsReadable(bool keep);
    /// The texts on the bars, for tests: "1.5811 bits · sum 1.0000", one for
    /// every row while they fit, every k-th row beyond.
    QStringList barLabels() const;
    /// The row names on the axis, after thinning.
    QStringList rowLabelsShown() const;
    /// The bar lengths and the maxima as drawn, for tests.
    QList<double> barLengths() const;
    QList<double> maxima() const;
    /// The tooltip text for query \a row.
    QString toolTipFor(int row) const;
    /// The bits axis' title as drawn: on one line, two, or short, as the width allows.
    QString axisTitle() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    bool m_keepsRowsReadable = false;
    void build();
    void pullFromDocument();
    void refresh();
    void showToolTip(QMouseEvent *event);
    /// Every how many rows a label fits at the plot's current height.
    int labelStep(int rows) const;
    /// The width the row names take left of the bars.
    double rowLabelRoom() const;
    /// The longest form of the axis title that fits \a width pixels.
    void fitAxisTitle(double width);

    AttentionDocument *m_document = nullptr;
    std::vector<RowStatistics> m_rows;
    QStringList m_rowLabels;
    int m_firstRow = -1;
    int m_lastRow = -1;
    QCustomPlot *m_plot;
    QCPBars *m_bars;
    QCPGraph *m_maximum;
    QList<QCPItemText *> m_labels;
    double m_scaleFactor = 1.0;
    bool m_dark = false;
};

} // namespace AttentionLab
