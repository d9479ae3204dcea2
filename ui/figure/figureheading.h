// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figurestyle.h"

#include <QRectF>
#include <QString>

class QPainter;

namespace AttentionLab {

class FigurePainter;

/// The heading of a model's figure, and the message of one that cannot be drawn.
namespace FigureHeading {

/// A figure that cannot be drawn says why, in its middle.
void message(QPainter &painter, const QRectF &rect, const FigureStyle &style, const QString &text);
/// A title line, a smaller line under it; returns the rest of \a rect.
QRectF headed(FigurePainter &base, const QRectF &rect, const QString &title,
              const QString &subtitle);

} // namespace FigureHeading

} // namespace AttentionLab
