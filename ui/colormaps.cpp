#include "colormaps.h"

#include <qcustomplot.h>

namespace AttentionLab::ColorMaps {

QStringList displayNames()
{
    return {QCoreApplication::translate("ColorMaps", "Viridis"),
            QCoreApplication::translate("ColorMaps", "Cividis (colour-blind safe)"),
            QCoreApplication::translate("ColorMaps", "Greyscale")};
}

QCPColorGradient gradient(Name name)
{
    // Stops sampled from the published maps at equal steps.
    static const QList<QColor> viridis{QColor(0x44, 0x01, 0x54), QColor(0x48, 0x28, 0x78),
                                       QColor(0x3e, 0x4a, 0x89), QColor(0x31, 0x68, 0x8e),
                                       QColor(0x26, 0x82, 0x8e), QColor(0x1f, 0x9e, 0x89),
                                       QColor(0x35, 0xb7, 0x79), QColor(0x6d, 0xcd, 0x59),
                                       QColor(0xb4, 0xde, 0x2c), QColor(0xfd, 0xe7, 0x25)};
    static const QList<QColor> cividis{QColor(0x00, 0x22, 0x4e), QColor(0x12, 0x34, 0x70),
                                       QColor(0x3b, 0x49, 0x6c), QColor(0x57, 0x5d, 0x6d),
                                       QColor(0x70, 0x71, 0x73), QColor(0x8a, 0x86, 0x78),
                                       QColor(0xa5, 0x9c, 0x74), QColor(0xc3, 0xb3, 0x69),
                                       QColor(0xe1, 0xcc, 0x55), QColor(0xfe, 0xe8, 0x38)};
    QCPColorGradient g;
    g.clearColorStops();
    if (name == Name::Greyscale) {
        g.setColorStopAt(0.0, QColor(20, 20, 20));
        g.setColorStopAt(1.0, QColor(245, 245, 245));
    } else {
        const QList<QColor> &stops = name == Name::Cividis ? cividis : viridis;
        for (qsizetype i = 0; i < stops.size(); ++i)
            g.setColorStopAt(double(i) / double(stops.size() - 1), stops[i]);
    }
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(maskedColor());
    g.setLevelCount(256);
    return g;
}

QColor maskedColor()
{
    return QColor(0xdc, 0xdc, 0xdc); // light grey: never a weight's colour
}

QColor textColorOn(const QColor &background)
{
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? Qt::black : Qt::white;
}

} // namespace AttentionLab::ColorMaps
