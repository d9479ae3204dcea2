// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionaggregates.h"
#include "core/sets/headscores.h"
#include "ui/document/backgroundoutcome.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/colorrange.h"

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

#include <algorithm>
#include <vector>

namespace AttentionLab {

class ModelDocument;

/**
 * The model at a glance: one thumbnail per head, layers down and heads
 * across, each the head's own heatmap (attentionImage), labelled
 * `layer.head` from 0, its frame coloured by a chosen score, optionally
 * sorted by it. The thumbnails are shrunk once, in the background, and drawn
 * as they arrive. Arrow keys move the selection, Enter or a click opens the
 * head large.
 */
class HeadGridView : public QWidget
{
    Q_OBJECT

public:
    /// The largest thumbnail, in cells: each head is shrunk to this once.
    static constexpr int kThumbnailCells = 128;

    explicit HeadGridView(ModelDocument *document, QWidget *parent = nullptr);
    ~HeadGridView() override;

    void setColorMap(ColorMaps::Name name);
    void setColorRange(ColorRange::Mode mode);
    /// The score that colours the frames and, when sorted, orders the heads.
    void setScoreKind(HeadScoreKind kind);
    HeadScoreKind scoreKind() const { return m_scoreKind; }
    /// Highest score first (NaN last) instead of layer by layer.
    void setSorted(bool sorted);
    bool isSorted() const { return m_sorted; }
    /// Tiles sized so the whole grid shows in the height it has (144 heads
    /// on one screen), down to a few pixels; the names and scores go to the
    /// tooltips when the tiles are too small for them.
    void setFitAll(bool fit);
    bool fitsAll() const { return m_fitAll; }
    /// Frames for a dark background (presentation mode); the text follows the widget's font.
    void setDark(bool dark);
    /// What sets each layer apart, written after its heads' names (\a marks,
    /// "L" for a local layer, "G" for a global one, "∅" for one without
    /// positions) and said in their hover text (\a notes); empty where the
    /// layers are alike.
    void setLayerMarks(QStringList marks, QStringList notes);

    /// The heads in display order, as layer * H + head.
    const std::vector<int> &displayOrder() const { return m_order; }
    /// "5.1" for each head in display order.
    QStringList labels() const;
    /// Where head \a head of layer \a layer is drawn (its thumbnail, not its label).
    QRect thumbnailRect(int layer, int head) const;
    /// Hover text: the head, its mean entropy and its detector scores.
    QString toolTipFor(int layer, int head) const;
    int thumbnailsDone() const { return m_done; }
    bool thumbnailsReady() const;
    /// How many times the grid has painted (the benchmark).
    int paintCount() const { return m_paints; }

signals:
    /// The user clicked a head or pressed Enter on it: open it large.
    void headActivated(int layer, int head);
    /// The user asked for head \a head of layer \a layer's context menu at \a global.
    void headMenuRequested(int layer, int head, const QPoint &global);
    void progressChanged(int done, int total);
    void scoreKindChanged(AttentionLab::HeadScoreKind kind);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void restart();
    void sortHeads();
    void relayout();
    QRect cellRect(int position) const;
    int positionAt(const QPoint &point) const;
    int positionOf(int index) const;
    int thumbnailSide() const { return std::min(m_tileWidth, m_tileHeight); }
    QImage thumbnailImage(int index);
    void arrived(int index);

    ModelDocument *m_document;
    QFutureWatcher<BackgroundOutcome<FloatMatrix>> m_watcher;
    std::vector<FloatMatrix> m_small;
    std::vector<QImage> m_images;
    std::vector<int> m_order;
    int m_done = 0;
    int m_paints = 0;
    int m_tileWidth = 64; ///< a thumbnail's size: square, but in Fit all
    int m_tileHeight = 64;
    int m_offset = 0;          ///< Fit all centres the grid in the width it leaves
    int m_gap = 8;             ///< between tiles: narrower when Fit all's tiles are small
    bool m_scoreBelow = false; ///< the score on a line of its own under the name
    int m_labelHeight = 30;
    ColorMaps::Name m_colorMap = ColorMaps::Name::Viridis;
    ColorRange::Mode m_colorRange = ColorRange::Mode::Fixed;
    HeadScoreKind m_scoreKind = HeadScoreKind::Entropy;
    bool m_sorted = false;
    bool m_fitAll = false;
    /// The tiles have no room for their names (fit all, small tiles).
    bool m_namesHidden = false;
    QStringList m_layerMarks;
    QStringList m_layerNotes;
    /// Fit all: the names in a corner of each tile rather than under it.
    bool m_namesOnTiles = false;
    bool m_dark = false;
};

} // namespace AttentionLab
