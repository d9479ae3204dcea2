// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QString>

class QDoubleSpinBox;
class QFormLayout;
class QRadioButton;
class QSpinBox;
class QWidget;

namespace AttentionLab {

/**
 * The size rows of File > Export Figure and of the Record and Animate
 * dialogs: a scale of the figure's own size, or an exact width and height in
 * pixels, only the chosen one enabled. The widgets are children of the
 * dialog, created in this order (the focus chain follows it); each dialog
 * keeps its own remembered values.
 */
class ExportSizeFields
{
public:
    ExportSizeFields(QWidget *parent, const QString &scaleLabel, double scaleStep);

    void setValues(bool useScale, double scale, int width, int height);
    /// The two rows: the scale, then the width x height.
    void addRows(QFormLayout *form) const;
    ExportSize size() const;

    QRadioButton *byScale() const { return m_byScale; }
    QDoubleSpinBox *scale() const { return m_scale; }
    QSpinBox *width() const { return m_width; }
    QSpinBox *height() const { return m_height; }

private:
    QRadioButton *m_byScale;
    QDoubleSpinBox *m_scale;
    QRadioButton *m_bySize;
    QSpinBox *m_width;
    QSpinBox *m_height;
};

} // namespace AttentionLab
