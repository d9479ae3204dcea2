// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The command line's options, turned into the settings of what runs.

#include "app/commandsettings.h"

#include "app/usageerror.h"
#include "io/inputtextqt.h"
#include "ui/figure/colormaps.h"

#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// --option's \a text as a number; UsageError otherwise.
double parseNumber(const QString &option, const QString &text)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        usageError(QStringLiteral("--%1: \"%2\" is not a number").arg(option, inputText(text)));
    return value;
}

} // namespace

/// --tokens, --greedy or --temperature, --top-k, --top-p and --seed.
GenerationOptions generationOptions(const CommandRequest &r)
{
    GenerationOptions options;
    // Given but empty is malformed, not the default (issue 36, item 10).
    const QString tokens = r.values.value(QStringLiteral("tokens"));
    if (r.values.contains(QStringLiteral("tokens")))
        options.maxTokens =
            int(parseInteger(QStringLiteral("tokens"), tokens, 1, std::numeric_limits<int>::max()));
    const QStringList sampling{QStringLiteral("temperature"), QStringLiteral("top-k"),
                               QStringLiteral("top-p"), QStringLiteral("seed")};
    for (const QString &option : sampling) {
        if (!r.values.contains(option))
            continue;
        if (r.greedy)
            usageError(QStringLiteral("--greedy takes the most likely token: it takes no --%1")
                           .arg(option));
        options.sampling.greedy = false;
    }
    SamplingOptions &s = options.sampling;
    if (r.values.contains(QStringLiteral("temperature"))) {
        s.temperature = parseNumber(QStringLiteral("temperature"),
                                    r.values.value(QStringLiteral("temperature")));
        if (s.temperature <= 0.0)
            usageError(QStringLiteral("--temperature must be above 0 to sample (--greedy takes "
                                      "the most likely token)"));
    }
    if (r.values.contains(QStringLiteral("top-k")))
        s.topK = int(parseInteger(QStringLiteral("top-k"), r.values.value(QStringLiteral("top-k")),
                                  1, std::numeric_limits<int>::max()));
    if (r.values.contains(QStringLiteral("top-p"))) {
        s.topP = parseNumber(QStringLiteral("top-p"), r.values.value(QStringLiteral("top-p")));
        if (!(s.topP > 0.0 && s.topP <= 1.0))
            usageError(QStringLiteral("--top-p must be in (0, 1]"));
    }
    if (r.values.contains(QStringLiteral("seed")))
        s.seed = std::uint64_t(parseInteger(QStringLiteral("seed"),
                                            r.values.value(QStringLiteral("seed")), 0,
                                            std::numeric_limits<long long>::max()));
    return options;
}

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
    if (r.values.contains(QStringLiteral("soft-cap"))) {
        s.softCap =
            parseNumber(QStringLiteral("soft-cap"), r.values.value(QStringLiteral("soft-cap")));
        if (!(s.softCap > 0.0))
            usageError(
                QStringLiteral("--soft-cap must be above 0: the scores become c tanh(s / c)"));
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
