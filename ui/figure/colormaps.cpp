// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/colormaps.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace AttentionLab::ColorMaps {

QStringList displayNames()
{
    return {QCoreApplication::translate("ColorMaps", "Viridis"),
            QCoreApplication::translate("ColorMaps", "Cividis (colour-blind safe)"),
            QCoreApplication::translate("ColorMaps", "Greyscale"),
            QCoreApplication::translate("ColorMaps", "High contrast")};
}

QString key(Name name)
{
    static const QStringList keys{QStringLiteral("viridis"), QStringLiteral("cividis"),
                                  QStringLiteral("greyscale"), QStringLiteral("high-contrast"),
                                  QStringLiteral("diverging")};
    return keys.value(int(name));
}

std::optional<Name> fromKey(const QString &text)
{
    for (int i = 0; i < kCount; ++i) {
        if (key(Name(i)) == text)
            return Name(i);
    }
    if (text == QLatin1String("grayscale"))
        return Name::Greyscale;
    return std::nullopt;
}

QList<QColor> stops(Name name)
{
    // Stops sampled from the published maps at equal steps.
    switch (name) {
    case Name::Viridis:
        return {QColor(0x44, 0x01, 0x54), QColor(0x48, 0x28, 0x78), QColor(0x3e, 0x4a, 0x89),
                QColor(0x31, 0x68, 0x8e), QColor(0x26, 0x82, 0x8e), QColor(0x1f, 0x9e, 0x89),
                QColor(0x35, 0xb7, 0x79), QColor(0x6d, 0xcd, 0x59), QColor(0xb4, 0xde, 0x2c),
                QColor(0xfd, 0xe7, 0x25)};
    case Name::Cividis:
        return {QColor(0x00, 0x22, 0x4e), QColor(0x12, 0x34, 0x70), QColor(0x3b, 0x49, 0x6c),
                QColor(0x57, 0x5d, 0x6d), QColor(0x70, 0x71, 0x73), QColor(0x8a, 0x86, 0x78),
                QColor(0xa5, 0x9c, 0x74), QColor(0xc3, 0xb3, 0x69), QColor(0xe1, 0xcc, 0x55),
                QColor(0xfe, 0xe8, 0x38)};
    case Name::Greyscale:
        return {QColor(20, 20, 20), QColor(245, 245, 245)};
    case Name::HighContrast:
        return {QColor(0x00, 0x00, 0x04), QColor(0x57, 0x10, 0x6e), QColor(0xbc, 0x37, 0x54),
                QColor(0xf9, 0x8e, 0x09), QColor(0xfc, 0xff, 0xa4)};
    case Name::Diverging:
        return {QColor(0x05, 0x30, 0x61), QColor(0x21, 0x66, 0xac), QColor(0x43, 0x93, 0xc3),
                QColor(0x92, 0xc5, 0xde), QColor(0xd1, 0xe5, 0xf0), QColor(0xf7, 0xf7, 0xf7),
                QColor(0xfd, 0xdb, 0xc7), QColor(0xf4, 0xa5, 0x82), QColor(0xd6, 0x60, 0x4d),
                QColor(0xb2, 0x18, 0x2b), QColor(0x67, 0x00, 0x1f)};
    }
    return {};
}

QColor colorAt(Name name, double t)
{
    const QList<QColor> s = stops(name);
    if (!std::isfinite(t))
        return maskedColor();
    t = std::clamp(t, 0.0, 1.0);
    const double position = t * double(s.size() - 1);
    const int i = std::min(int(position), int(s.size()) - 2);
    const double f = position - i;
    const QColor &a = s[i];
    const QColor &b = s[i + 1];
    auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

QColor maskedColor()
{
    return QColor(0xdc, 0xdc, 0xdc); // light grey: never a weight's colour
}

QColor maskedTextColor()
{
    return QColor(0x60, 0x60, 0x60);
}

QColor textColorOn(const QColor &background)
{
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.5 ? Qt::black : Qt::white;
}

namespace {

/// WCAG's relative luminance of \a c.
double luminance(const QColor &c)
{
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

} // namespace

double contrast(const QColor &a, const QColor &b)
{
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

QColor withContrast(QColor color, const QColor &background, const QColor &ink, double ratio)
{
    const QColor start = color;
    for (int step = 1; step <= 10 && contrast(color, background) < ratio; ++step) {
        const double t = step / 10.0;
        color = QColor::fromRgbF(float(start.redF() + t * (ink.redF() - start.redF())),
                                 float(start.greenF() + t * (ink.greenF() - start.greenF())),
                                 float(start.blueF() + t * (ink.blueF() - start.blueF())));
    }
    return color;
}

} // namespace AttentionLab::ColorMaps
