// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/animationexporter.h"

#include "core/maths/attention.h"
#include "core/maths/scaleexperiment.h"
#include "core/maths/session.h"
#include "core/maths/sweep.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/headscores.h"
#include "core/support/memorybudget.h"
#include "io/inputtextqt.h"
#include "io/outputfile.h"
#include "ui/figure/gifpalette.h"
#include "ui/figure/gifwriter.h"
#include "ui/figure/labsettings.h"
#include "ui/figure/mp4writer.h"
#include "ui/figure/tensorfigure.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <memory>
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

namespace {

/// The labs' settings of frame \a frame: a d_k sweep shows the first
/// keyDimsShown() rows of \a experiment (the whole grid's, run once: its
/// generator draws d_k after d_k, so a prefix is what a run of the prefix gives).
LabSettings frameLabs(const Sweep &sweep, const LabSettings &base, int frame, int frames,
                      const std::shared_ptr<const ScaleExperimentResult> &experiment)
{
    LabSettings labs = base;
    if (sweep.kind() != Sweep::Kind::KeyDim)
        return labs;
    const size_t shown = size_t(sweep.keyDimsShown(frame, frames));
    auto result = std::make_shared<ScaleExperimentResult>(*experiment);
    result->rows.resize(std::min(shown, result->rows.size()));
    result->settings.keyDims.resize(std::min(shown, result->settings.keyDims.size()));
    labs.scale = result->settings;
    labs.scaleResult = std::move(result);
    return labs;
}

std::shared_ptr<const ScaleExperimentResult> sweepExperiment(const Sweep &sweep,
                                                             const LabSettings &labs)
{
    if (sweep.kind() != Sweep::Kind::KeyDim)
        return nullptr;
    ScaleExperimentSettings settings = labs.scale;
    settings.keyDims = sweep.keyDims();
    return std::make_shared<const ScaleExperimentResult>(runScaleExperiment(settings));
}

QImage drawSweepFrame(const FigureView &view, const Session &base, const Sweep &sweep, int frame,
                      int frames, const FigureStyle &style, const ExportSize &size,
                      const LabSettings &labs,
                      const std::shared_ptr<const ScaleExperimentResult> &experiment)
{
    const Session session = sweep.frame(base, frame, frames);
    const LabSettings shown = frameLabs(sweep, labs, frame, frames, experiment);
    // The pass `export` computes for a session file, drawn by the same function.
    const AttentionResult result = attend(session);
    return FigureExporter::renderImage(view, FigureData{session, result, &shown}, style, size);
}

} // namespace

QImage AnimationExporter::renderFrame(const FigureView &view, const Session &base,
                                      const Sweep &sweep, int frame, int frames,
                                      const FigureStyle &style, const ExportSize &size,
                                      const LabSettings *labs)
{
    const LabSettings settings = labs ? *labs : LabSettings{};
    return drawSweepFrame(view, base, sweep, frame, frames, style, size, settings,
                          sweepExperiment(sweep, settings));
}

AnimationFrames AnimationExporter::sweepFrames(const FigureView &view, const Session &base,
                                               const Sweep &sweep, int frames,
                                               const FigureStyle &style, const ExportSize &size,
                                               const LabSettings *labs)
{
    auto settings = std::make_shared<const LabSettings>(labs ? *labs : LabSettings{});
    auto experiment = sweepExperiment(sweep, *settings);
    return {frames, FigureExporter::pixelSize(view, size),
            [&view, base, sweep, frames, style, size, settings, experiment](int frame) {
                return drawSweepFrame(view, base, sweep, frame, frames, style, size, *settings,
                                      experiment);
            }};
}

AnimationFrames AnimationExporter::headFrames(const TensorFigureView &view,
                                              const TensorFigureData &data, const Sweep &sweep,
                                              int frames, const FigureStyle &style,
                                              const ExportSize &size)
{
    return {frames, FigureExporter::pixelSize(view.defaultSize, size),
            [&view, data, sweep, frames, style, size](int frame) {
                TensorFigureData shown = data;
                shown.head = sweep.item(frame, frames);
                return FigureExporter::renderImage(tensorExportFigure(view, shown), style, size);
            }};
}

AnimationFrames AnimationExporter::itemFrames(const TensorFigureView &view,
                                              std::function<AttentionTensor(int item)> tensorOf,
                                              const Sweep &sweep, int frames, int layer, int head,
                                              bool words, const FigureStyle &style,
                                              const ExportSize &size)
{
    struct Shown
    {
        int item = -1;
        std::optional<AttentionTensor> tensor;
        std::vector<HeadScores> scores;
    };
    auto shown = std::make_shared<Shown>();
    return {frames, FigureExporter::pixelSize(view.defaultSize, size),
            [&view, tensorOf = std::move(tensorOf), sweep, frames, layer, head, words, style, size,
             shown](int frame) {
                const int item = sweep.item(frame, frames);
                if (shown->item != item) {
                    shown->tensor = tensorOf(item);
                    shown->scores = scoreHeads(*shown->tensor);
                    shown->item = item;
                }
                const TensorFigureData data{*shown->tensor, shown->scores, layer, head, words};
                return FigureExporter::renderImage(tensorExportFigure(view, data), style, size);
            }};
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
                                   const std::function<bool()> &cancelled, const LabSettings *labs)
{
    try {
        const QSize pixels = FigureExporter::pixelSize(view, size);
        // An MP4 larger than H.264 allows is refused for its size, before the
        // memory its frames would take is counted.
        if (formatFor(path) == Format::Mp4 && !pixels.isEmpty()) {
            if (const QString problem = Mp4Writer::sizeProblem(pixels); !problem.isEmpty()) {
                m_error = QStringLiteral("%1: %2").arg(inputText(path), problem);
                return false;
            }
        }
        if (formatFor(path) && !pixels.isEmpty() && OutputFile::problem(path).isEmpty())
            requireAnimationMemory(view, base, pixels, timing.frames);
        return writeFrames(path, sweepFrames(view, base, sweep, timing.frames, style, size, labs),
                           timing, [&](int, int) { return !(cancelled && cancelled()); });
    } catch (const std::invalid_argument &error) {
        m_error = QStringLiteral("%1: %2").arg(inputText(path), QString::fromUtf8(error.what()));
        return false;
    }
}

bool AnimationExporter::writeFrames(const QString &path, const AnimationFrames &frames,
                                    const AnimationTiming &timing,
                                    const AnimationProgress &progress)
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
    if (frames.pixels.isEmpty()) {
        m_error = QStringLiteral("%1: an animation must be between 16 and %2 pixels on each side")
                      .arg(shownPath, QString::number(FigureExporter::kMaxEdge));
        return false;
    }
    if (frames.count < 1) {
        m_error = QStringLiteral("%1: there are no frames to write").arg(shownPath);
        return false;
    }
    if (*format == Format::Mp4) {
        if (const QString problem = Mp4Writer::sizeProblem(frames.pixels); !problem.isEmpty()) {
            m_error = QStringLiteral("%1: %2").arg(shownPath, problem);
            return false;
        }
        // Before any frame is drawn: without the plugin or FFmpeg, one line
        // that names what is missing.
        if (const QString missing = Mp4Writer::availabilityProblem(); !missing.isEmpty()) {
            m_error = QStringLiteral("%1: %2").arg(shownPath, missing);
            return false;
        }
    }
    auto stopped = [&](int done, int total) {
        if (progress && !progress(done, total)) {
            m_error = QStringLiteral("%1: cancelled; nothing was written").arg(shownPath);
            return true;
        }
        return false;
    };
    AnimationTiming counted = timing;
    counted.frames = frames.count;
    try {
        // The encoder's frames are counted as a pass's memory is: one frame's
        // worth whatever the count (Mp4Writer::encoderBytes).
        if (*format == Format::Mp4)
            AttentionLab::requireMemory(Mp4Writer::encoderBytes(frames.pixels),
                                        QStringLiteral("encoding an MP4 of %1 x %2 pixels")
                                            .arg(frames.pixels.width())
                                            .arg(frames.pixels.height())
                                            .toStdString());
        return *format == Format::Gif ? writeGif(path, frames, counted, stopped)
                                      : writeMp4(path, frames, counted, stopped);
    } catch (const std::invalid_argument &error) {
        m_error = QStringLiteral("%1: %2").arg(shownPath, QString::fromUtf8(error.what()));
        return false;
    }
}

bool AnimationExporter::writeGif(const QString &path, const AnimationFrames &frames,
                                 const AnimationTiming &timing,
                                 const std::function<bool(int, int)> &stopped)
{
    const int total = 2 * frames.count;
    GifPalette palette;
    for (int i = 0; i < frames.count; ++i) {
        if (stopped(i, total))
            return false;
        palette.add(frames.render(i));
    }
    palette.fit();
    GifWriter gif(path);
    if (!gif.open(frames.pixels, palette.colors())) {
        m_error = gif.errorString();
        return false;
    }
    const std::vector<int> delays = frameDelays(timing);
    for (int i = 0; i < frames.count; ++i) {
        if (stopped(frames.count + i, total))
            return false; // the writer removes its temporary file
        if (!gif.addFrame(frames.render(i), palette, delays[size_t(i)])) {
            m_error = gif.errorString();
            return false;
        }
    }
    if (stopped(total, total))
        return false;
    if (!gif.commit()) {
        m_error = gif.errorString();
        return false;
    }
    return true;
}

bool AnimationExporter::writeMp4(const QString &path, const AnimationFrames &frames,
                                 const AnimationTiming &timing,
                                 const std::function<bool(int, int)> &stopped)
{
    Mp4Writer mp4(path);
    if (!mp4.open(frames.pixels, timing.fps)) {
        m_error = mp4.errorString();
        return false;
    }
    const int held = int(std::lround(timing.holdSeconds * timing.fps));
    for (int i = 0; i < frames.count; ++i) {
        if (stopped(i, frames.count))
            return false;
        const QImage frame = frames.render(i);
        // The last frame again, tick after tick, for the hold.
        for (int repeat = 0; repeat < (i + 1 == frames.count ? 1 + held : 1); ++repeat) {
            if (!mp4.addFrame(frame)) {
                m_error = mp4.errorString();
                return false;
            }
        }
    }
    if (stopped(frames.count, frames.count))
        return false;
    if (!mp4.commit()) {
        m_error = mp4.errorString();
        return false;
    }
    return true;
}

} // namespace AttentionLab
