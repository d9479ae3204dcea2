#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

class QCPColorGradient;

namespace AttentionLab::ColorMaps {

/// The colour maps a user can choose: perceptually uniform by default.
enum class Name
{
    Viridis,   ///< perceptually uniform (the default)
    Cividis,   ///< for colour-vision deficiency
    Greyscale, ///< for print
};

QStringList displayNames();
QCPColorGradient gradient(Name name);
/// The colour for masked cells, unlike any colour of the maps.
QColor maskedColor();
/// Black or white, whichever reads better on \a background.
QColor textColorOn(const QColor &background);

} // namespace AttentionLab::ColorMaps
