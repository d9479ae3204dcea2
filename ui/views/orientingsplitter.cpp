// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/orientingsplitter.h"

#include <QResizeEvent>

namespace AttentionLab {

OrientingSplitter::OrientingSplitter(double ratio, QWidget *parent)
    : QSplitter(Qt::Vertical, parent), m_ratio(ratio)
{
}

void OrientingSplitter::resizeEvent(QResizeEvent *event)
{
    const QSize size = event->size();
    const Qt::Orientation wanted =
        size.width() > m_ratio * size.height() ? Qt::Horizontal : Qt::Vertical;
    if (wanted != orientation() && count() == 2) {
        setOrientation(wanted);
        // The first view (the heatmap) keeps three fifths either way.
        const int length = wanted == Qt::Horizontal ? size.width() : size.height();
        setSizes({length * 3 / 5, length - length * 3 / 5});
    }
    QSplitter::resizeEvent(event);
}

} // namespace AttentionLab
