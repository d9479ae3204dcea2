// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"

#include <QObject>

class QAction;
class QComboBox;
class QMenu;
class QWidget;

namespace AttentionLab {

class AttentionTab;
class ModelPage;

/**
 * How the matrices look, in the View menu and on the view bar: what the
 * heatmap shows, the colour map, the colour range, the numbers in the cells,
 * and the Attention tab's weights as a heatmap or as lines. The choices are
 * remembered, applied to the Attention tab and the Model tab alike, and
 * presentation mode's high-contrast map is never taken for the user's.
 */
class ViewControls : public QObject
{
    Q_OBJECT

public:
    ViewControls(AttentionTab *attention, ModelPage *model, QWidget *window);

    /// The choices as menus and checkable actions.
    void fillMenu(QMenu *view);

    QComboBox *quantityList() const { return m_quantity; }
    QComboBox *colorMapList() const { return m_colorMap; }
    QComboBox *colorRangeList() const { return m_colorRange; }
    QAction *heatmapModeAction() const { return m_heatmapModeAction; }
    QAction *linesAction() const { return m_linesAction; }
    ColorMaps::Name colorMap() const;
    bool showsNumbers() const;

    /// Lines instead of the heatmap on the Attention tab (Ctrl+L).
    void setShowLines(bool on);
    /// The choices that act on the session's heatmap, on or off.
    void setSessionShown(bool shown);
    /// The high-contrast map in the hall, the user's own map after it.
    void setPresentation(bool on);
    /// The lists as wide as their current choice (the hall on a narrow projector).
    void setCompact(bool compact);

signals:
    /// The colour map or the numbers changed: the figures follow.
    void styleChanged();

private:
    void fitLists();

    AttentionTab *m_attention;
    ModelPage *m_model;
    QComboBox *m_quantity;
    QComboBox *m_colorMap;
    QComboBox *m_colorRange;
    QAction *m_numbersAction = nullptr;
    QAction *m_heatmapModeAction = nullptr;
    QAction *m_linesAction = nullptr;
    bool m_presentation = false;
    bool m_compact = false;
    bool m_sessionShown = true;
    int m_colorMapBeforePresentation = 0;
};

} // namespace AttentionLab
