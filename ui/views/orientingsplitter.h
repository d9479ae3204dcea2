// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QSplitter>

namespace AttentionLab {

/**
 * A splitter that puts its two views side by side where it is much wider
 * than tall, and one above the other otherwise: the heatmap and its entropy
 * bars on a 1280 x 720 projector, where the toolbars and the sliders leave a
 * wide, low area and stacking them squashed the heatmap to a strip.
 */
class OrientingSplitter : public QSplitter
{
    Q_OBJECT

public:
    /// Side by side once the width is more than \a ratio times the height.
    explicit OrientingSplitter(double ratio, QWidget *parent = nullptr);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    double m_ratio;
};

} // namespace AttentionLab
