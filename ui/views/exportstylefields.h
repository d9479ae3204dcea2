// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"
#include "ui/figure/figurestyle.h"
#include "ui/settings/preference.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QWidget;

namespace AttentionLab {

/**
 * The look rows of File > Export Figure and of the Record and Animate
 * dialogs: the colour map and the theme, the numbers in the cells, and the
 * title. The widgets are children of the dialog, created in this order (the
 * focus chain follows it); each dialog keeps its own remembered values,
 * named by the settings it passes, and until the user picks some the
 * window's colour map and theme are the default.
 */
class ExportStyleFields
{
public:
    /// Where a dialog remembers its choices.
    struct Settings
    {
        Preference<int> &colorMap;
        Preference<bool> &dark;
        Preference<bool> &numbers;
    };

    ExportStyleFields(QWidget *parent, Settings settings, ColorMaps::Name currentMap,
                      bool currentDark);

    /// The colour map and theme rows.
    void addLookRows(QFormLayout *form) const;
    /// The numbers row, then the title row.
    void addNumbersAndTitleRows(QFormLayout *form) const;
    /// The choices as a style (the rest of it as FigureStyle's defaults).
    FigureStyle style() const;
    void setTitle(const QString &title);
    /// Writes the choices to the settings.
    void remember() const;

    QComboBox *colorMap() const { return m_colorMap; }
    QComboBox *theme() const { return m_theme; }
    QCheckBox *numbers() const { return m_numbers; }
    QLineEdit *title() const { return m_title; }

private:
    Settings m_settings;
    QComboBox *m_colorMap;
    QComboBox *m_theme;
    QCheckBox *m_numbers;
    QLineEdit *m_title;
};

} // namespace AttentionLab
