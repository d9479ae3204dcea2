// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The command line's options, turned into the settings of what runs.

#include "app/commandsettings.h"

#include "app/usageerror.h"
#include "io/inputtextqt.h"
#include "ui/figure/colormaps.h"

#include <limits>

namespace AttentionLab {

ScaleExperimentSettings scaleSettings(const CommandRequest &r)
{
    ScaleExperimentSettings s;
    if (r.values.contains(QStringLiteral("seed"))) {
        bool ok = false;
        s.seed = r.values.value(QStringLiteral("seed")).trimmed().toULongLong(&ok);
        if (!ok)
            usageError(QStringLiteral("--seed: \"%1\" is not a whole number from 0 to %2")
                           .arg(inputText(r.values.value(QStringLiteral("seed"))),
                                QString::number(std::numeric_limits<qulonglong>::max())));
    }
    if (r.values.contains(QStringLiteral("draws")))
        s.draws =
            int(parseInteger(QStringLiteral("draws"), r.values.value(QStringLiteral("draws")),
                             ScaleExperimentLimits::kMinDraws, ScaleExperimentLimits::kMaxDraws));
    if (r.values.contains(QStringLiteral("keys")))
        s.keys =
            int(parseInteger(QStringLiteral("keys"), r.values.value(QStringLiteral("keys")),
                             ScaleExperimentLimits::kMinKeys, ScaleExperimentLimits::kMaxKeys));
    if (r.values.contains(QStringLiteral("dk"))) {
        s.keyDims.clear();
        for (long long d :
             parseList(QStringLiteral("dk"), r.values.value(QStringLiteral("dk")),
                       ScaleExperimentLimits::kMinKeyDim, ScaleExperimentLimits::kMaxKeyDim))
            s.keyDims.push_back(int(d));
    }
    return s;
}

TransformerConfig transformerConfig(const CommandRequest &r)
{
    TransformerConfig c;
    constexpr long long big = 1'000'000'000'000LL;
    auto take = [&](const char *name, std::int64_t &field) {
        const QString key = QLatin1StringView(name);
        if (r.values.contains(key))
            field = parseInteger(key, r.values.value(key), 1, big);
    };
    take("vocab", c.vocabulary);
    take("d-model", c.modelDim);
    take("layers", c.layers);
    take("heads", c.heads);
    take("ffn", c.feedForward);
    return c;
}

ExportSize exportSize(const CommandRequest &r)
{
    ExportSize size;
    const bool hasWidth = r.values.contains(QStringLiteral("width"));
    const bool hasHeight = r.values.contains(QStringLiteral("height"));
    if (hasWidth != hasHeight)
        usageError(QStringLiteral("--width and --height go together"));
    if (hasWidth) {
        if (r.values.contains(QStringLiteral("scale-factor")))
            usageError(QStringLiteral("give --width and --height, or --scale, not both"));
        size.width =
            int(parseInteger(QStringLiteral("width"), r.values.value(QStringLiteral("width")), 16,
                             FigureExporter::kMaxEdge));
        size.height =
            int(parseInteger(QStringLiteral("height"), r.values.value(QStringLiteral("height")), 16,
                             FigureExporter::kMaxEdge));
    }
    if (r.values.contains(QStringLiteral("scale-factor"))) {
        bool ok = false;
        size.scale = r.values.value(QStringLiteral("scale-factor")).toDouble(&ok);
        if (!ok || !(size.scale >= ExportSize::kMinScale && size.scale <= ExportSize::kMaxScale))
            usageError(QStringLiteral("--scale: \"%1\" is not a scale factor from %2 to %3")
                           .arg(inputText(r.values.value(QStringLiteral("scale-factor"))))
                           .arg(ExportSize::kMinScale)
                           .arg(ExportSize::kMaxScale));
    }

    return size;
}

FigureStyle figureStyle(const CommandRequest &r)
{
    FigureStyle style;
    if (r.values.contains(QStringLiteral("colormap"))) {
        const auto map = ColorMaps::fromKey(r.values.value(QStringLiteral("colormap")));
        if (!map)
            usageError(
                QStringLiteral("--colormap: unknown colour map \"%1\" (use viridis, cividis, "
                               "greyscale or high-contrast)")
                    .arg(inputText(r.values.value(QStringLiteral("colormap")))));
        style.colorMap = *map;
    }
    if (r.values.contains(QStringLiteral("theme"))) {
        const QString theme = r.values.value(QStringLiteral("theme"));
        if (theme != QLatin1String("light") && theme != QLatin1String("dark"))
            usageError(
                QStringLiteral("--theme: \"%1\" is not light or dark").arg(inputText(theme)));
        style.theme =
            theme == QLatin1String("dark") ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    }
    if (r.values.contains(QStringLiteral("numbers"))) {
        const QString numbers = r.values.value(QStringLiteral("numbers"));
        if (numbers != QLatin1String("on") && numbers != QLatin1String("off"))
            usageError(
                QStringLiteral("--numbers: \"%1\" is not on or off").arg(inputText(numbers)));
        style.numbers = numbers == QLatin1String("on");
    }
    style.title = r.values.value(QStringLiteral("title"));
    style.transparent = r.transparent;
    return style;
}

} // namespace AttentionLab
