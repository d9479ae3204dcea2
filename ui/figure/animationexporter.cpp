// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/animationexporter.h"

#include "core/attention.h"
#include "core/memorybudget.h"
#include "core/session.h"
#include "core/sweep.h"
#include "io/inputtextqt.h"
#include "io/outputfile.h"
#include "ui/figure/gifpalette.h"
#include "ui/figure/gifwriter.h"
#include "ui/figure/mp4writer.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace AttentionLab {

std::optional<AnimationExporter::Format> AnimationExporter::formatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gif"))
        return Format::Gif;
    if (suffix == QLatin1String("mp4"))
        return Format::Mp4;
    return std::nullopt;
}

std::vector<int> AnimationExporter::frameDelays(const AnimationTiming &timing)
{
    std::vector<int> delays;
    delays.reserve(size_t(std::max(0, timing.frames)));
    for (int i = 0; i < timing.frames; ++i)
        delays.push_back(int(std::lround((i + 1) * 100.0 / timing.fps)) -
                         int(std::lround(i * 100.0 / timing.fps)));
    if (!delays.empty())
        delays.back() += int(std::lround(timing.holdSeconds * 100.0));
    return delays;
}

QImage AnimationExporter::renderFrame(const FigureView &view, const Session &base,
                                      const Sweep &sweep, int frame, int frames,
                                      const FigureStyle &style, const ExportSize &size)
{
    const Session session = sweep.frame(base, frame, frames);
    // The pass `export` computes for a session file, drawn by the same function.
    const AttentionResult result =
        attend(session.queries, session.keys, session.effectiveValues(), session.options);
    return FigureExporter::renderImage(view, FigureData{session, result}, style, size);
}

void AnimationExporter::requireAnimationMemory(const FigureView &view, const Session &session,
                                               const QSize &pixels, int frames)
{
    const AttentionResult none;
    FigureExporter::figureOf(view, FigureData{session, none}).requireMemory(pixels);
    // The palette counts each distinct colour once: at most every pixel, at
    // most 2^24 colours, each a hash node.
    const double colours = std::min(double(pixels.width()) * pixels.height() * frames, 16777216.0);
    AttentionLab::requireMemory(colours * 48.0,
                                QStringLiteral("fitting a palette to %1 frames of %2 x %3 pixels")
                                    .arg(frames)
                                    .arg(pixels.width())
                                    .arg(pixels.height())
                                    .toStdString());
}

bool AnimationExporter::exportFile(const QString &path, const FigureView &view, const Session &base,
                                   const Sweep &sweep, const AnimationTiming &timing,
                                   const FigureStyle &style, const ExportSize &size,
                                   const std::function<bool()> &cancelled)
{
    const QString shownPath = inputText(path);
    const std::optional<Format> format = formatFor(path);
    if (!format) {
        m_error = QStringLiteral("%1: unknown format \"%2\": use .gif or .mp4")
                      .arg(shownPath, inputText(QFileInfo(path).suffix()));
        return false;
    }
    if (const QString problem = OutputFile::problem(path); !problem.isEmpty()) {
        m_error = problem;
        return false;
    }
    const QSize pixels = FigureExporter::pixelSize(view, size);
    if (pixels.isEmpty()) {
        m_error = QStringLiteral("%1: an animation must be between 16 and %2 pixels on each side")
                      .arg(shownPath, QString::number(FigureExporter::kMaxEdge));
        return false;
    }
    if (*format == Format::Mp4) {
        if (const QString problem = Mp4Writer::sizeProblem(pixels); !problem.isEmpty()) {
            m_error = QStringLiteral("%1: %2").arg(shownPath, problem);
            return false;
        }
    }
    auto stopped = [&] {
        if (cancelled && cancelled()) {
            m_error = QStringLiteral("%1: cancelled; nothing was written").arg(shownPath);
            return true;
        }
        return false;
    };
    try {
        requireAnimationMemory(view, base, pixels, timing.frames);
        return *format == Format::Gif
                   ? writeGif(path, view, base, sweep, timing, style, size, stopped)
                   : writeMp4(path, view, base, sweep, timing, style, size, stopped);
    } catch (const std::invalid_argument &error) {
        m_error = QStringLiteral("%1: %2").arg(shownPath, QString::fromUtf8(error.what()));
        return false;
    }
}

bool AnimationExporter::writeGif(const QString &path, const FigureView &view, const Session &base,
                                 const Sweep &sweep, const AnimationTiming &timing,
                                 const FigureStyle &style, const ExportSize &size,
                                 const std::function<bool()> &stopped)
{
    GifPalette palette;
    for (int i = 0; i < timing.frames; ++i) {
        if (stopped())
            return false;
        palette.add(renderFrame(view, base, sweep, i, timing.frames, style, size));
    }
    palette.fit();
    GifWriter gif(path);
    if (!gif.open(FigureExporter::pixelSize(view, size), palette.colors())) {
        m_error = gif.errorString();
        return false;
    }
    const std::vector<int> delays = frameDelays(timing);
    for (int i = 0; i < timing.frames; ++i) {
        if (stopped())
            return false; // the writer removes its temporary file
        if (!gif.addFrame(renderFrame(view, base, sweep, i, timing.frames, style, size), palette,
                          delays[size_t(i)])) {
            m_error = gif.errorString();
            return false;
        }
    }
    if (!gif.commit()) {
        m_error = gif.errorString();
        return false;
    }
    return true;
}

bool AnimationExporter::writeMp4(const QString &path, const FigureView &view, const Session &base,
                                 const Sweep &sweep, const AnimationTiming &timing,
                                 const FigureStyle &style, const ExportSize &size,
                                 const std::function<bool()> &stopped)
{
    Mp4Writer mp4(path);
    if (!mp4.open(FigureExporter::pixelSize(view, size), timing.fps)) {
        m_error = mp4.errorString();
        return false;
    }
    const int held = int(std::lround(timing.holdSeconds * timing.fps));
    for (int i = 0; i < timing.frames; ++i) {
        if (stopped())
            return false;
        const QImage frame = renderFrame(view, base, sweep, i, timing.frames, style, size);
        // The last frame again, tick after tick, for the hold.
        for (int repeat = 0; repeat < (i + 1 == timing.frames ? 1 + held : 1); ++repeat) {
            if (!mp4.addFrame(frame)) {
                m_error = mp4.errorString();
                return false;
            }
        }
    }
    if (!mp4.commit()) {
        m_error = mp4.errorString();
        return false;
    }
    return true;
}

} // namespace AttentionLab
