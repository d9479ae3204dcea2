// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `animate SESSION.json -o OUT.gif|OUT.mp4 --sweep SPEC`: one setting swept.

#include "app/commandinputs.h"
#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/sweep.h"
#include "io/attentionfilereader.h"
#include "io/inputtextqt.h"
#include "io/sessionreader.h"
#include "ui/figure/animationexporter.h"

#include <QFileInfo>

#include <stdexcept>

namespace AttentionLab {

namespace {

AnimationTiming animationTiming(const CommandRequest &r)
{
    AnimationTiming timing;
    if (r.values.contains(QStringLiteral("frames")))
        timing.frames =
            int(parseInteger(QStringLiteral("frames"), r.values.value(QStringLiteral("frames")),
                             AnimationTiming::kMinFrames, AnimationTiming::kMaxFrames));
    if (r.values.contains(QStringLiteral("fps")))
        timing.fps = int(parseInteger(QStringLiteral("fps"), r.values.value(QStringLiteral("fps")),
                                      AnimationTiming::kMinFps, AnimationTiming::kMaxFps));
    if (r.values.contains(QStringLiteral("hold"))) {
        const QString text = r.values.value(QStringLiteral("hold"));
        bool ok = false;
        timing.holdSeconds = text.toDouble(&ok);
        if (!ok ||
            !(timing.holdSeconds >= 0.0 && timing.holdSeconds <= AnimationTiming::kMaxHoldSeconds))
            usageError(QStringLiteral("--hold: \"%1\" is not a number of seconds from 0 to %2")
                           .arg(inputText(text))
                           .arg(AnimationTiming::kMaxHoldSeconds));
    }
    return timing;
}

} // namespace

int runAnimateCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    if (output.isEmpty())
        usageError(QStringLiteral("animate needs an output file: -o OUT.gif or OUT.mp4"));
    if (!AnimationExporter::formatFor(output))
        usageError(QStringLiteral("%1: unknown format \"%2\": use .gif or .mp4")
                       .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    if (!r.values.contains(QStringLiteral("sweep")))
        usageError(QStringLiteral("animate needs a sweep: --sweep temperature=0.1:10:log, scale, "
                                  "mask or key:TOKEN:COORD=FROM:TO"));
    const ExportSize size = exportSize(r);
    const FigureStyle style = figureStyle(r);
    const AnimationTiming timing = animationTiming(r);
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("figure"));
    const FigureView *view = findFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" (use %2)")
                       .arg(inputText(viewName), figureViewNames()));
    if (AttentionFileReader::isAttentionFile(r.file))
        usageError(QStringLiteral("%1: animate sweeps a session file (SESSION.json)")
                       .arg(inputText(r.file)));
    SessionReader reader;
    const std::optional<Session> session = reader.readFile(r.file);
    if (!session)
        throw UsageError{reader.errorString()};
    const Sweep sweep = [&] {
        try {
            return Sweep::parse(r.values.value(QStringLiteral("sweep")).toStdString(), *session);
        } catch (const std::invalid_argument &error) {
            throw UsageError{QString::fromUtf8(error.what())};
        }
    }();
    AnimationExporter exporter;
    if (!exporter.exportFile(output, *view, *session, sweep, timing, style, size))
        throw UsageError{exporter.errorString()};
    return 0;
}

} // namespace AttentionLab
