// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/cellvalue.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/colorrange.h"

#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPItemText;

namespace AttentionLab {

class AttentionDocument;

/// The weights (or raw scores, or logits) as a heatmap: queries as rows,
/// keys as columns, token labels on both axes, a colour scale, a number in
/// each cell and masked cells drawn apart from a weight of zero.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    using Quantity = CellQuantity;

    explicit HeatmapView(AttentionDocument *document, QWidget *parent = nullptr);
    ~HeatmapView() override;

    void setQuantity(Quantity quantity);
    Quantity quantity() const { return m_quantity; }
    void setShowNumbers(bool show);
    void setColorMap(ColorMaps::Name name);
    ColorMaps::Name colorMap() const { return m_colorMap; }
    /// Fixed 0 to 1, fitted to the data, or per row; the colour bar says which.
    void setColorRange(ColorRange::Mode mode);
    ColorRange::Mode colorRange() const { return m_colorRange; }
    /// The colour bar's title and range, for tests.
    QString colorBarTitle() const;
    /// The title as the bar shows it: on two lines, or its first part alone,
    /// where the whole is longer than the bar.
    QString colorBarTitleShown() const;
    /// The cells' numbers as drawn now, row by row (empty when they are hidden).
    QStringList numbersShown() const;
    /// Their point size now.
    double numberPointSize() const;
    /// True when the colour bar's tick label at \a value lies wholly inside
    /// the widget: QCustomPlot leaves out a tick label that would not.
    bool colorBarTickLabelFits(double value) const;
    QPair<double, double> colorBarRange() const;
    /// Dark or light, and how much larger than normal text and lines are.
    void setAppearance(bool dark, double scale);

    /// The value drawn in cell (query \a row, key \a col): NaN when masked,
    /// +-inf for a logit that overflowed (a tiny temperature).
    double cellValue(int row, int col) const;
    QCustomPlot *plot() const { return m_plot; }

signals:
    /// The user clicked the cell of query \a row and key \a col.
    void cellClicked(int row, int col, Qt::KeyboardModifiers modifiers);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuildAxes();
    /// Token labels on both axes, thinned to what the axes' length can hold.
    void updateTickers();
    void refresh();
    void showToolTip(QMouseEvent *event);
    /// Shows the cells' numbers when asked for and when they fit their
    /// cells; in a small window they would overprint into one string.
    void updateNumberVisibility();
    /// The point size of a cell's number among \a cells cells, before any shrinking to fit.
    double cellFontSize(int cells) const;

    AttentionDocument *m_document;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QList<QCPItemText *> m_cellTexts;
    Quantity m_quantity = Quantity::Weights;
    bool m_showNumbers = true;
    /// The cells' numbers: 4 decimals, 2 where four would not fit, or 1
    /// meaning two without the leading zero (".36") where neither would.
    int m_digits = 4;
    ColorMaps::Name m_colorMap = ColorMaps::Name::Viridis;
    ColorRange::Mode m_colorRange = ColorRange::Mode::Fixed;
    double m_scaleFactor = 1.0;
    /// Sets the colour bar's title from m_barTitle as it fits along the bar;
    /// true when the title shown changed.
    bool fitBarTitle();
    /// The colour bar's whole title ("weight (0 to 1)"), shown shortened where it does not fit.
    QString m_barTitle;
};

} // namespace AttentionLab
