// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QImage>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace AttentionLab {

class AttentionTensor;
class Sweep;
struct LabSettings;
struct Session;
struct TensorFigureData;
struct TensorFigureView;

/// How a sweep becomes an animation: its frames, their rate and the pause at the end.
struct AnimationTiming
{
    int frames = 60;
    int fps = 15;
    double holdSeconds = 0.0; ///< the last frame shown this much longer
    static constexpr int kMinFrames = 2;
    static constexpr int kMaxFrames = 1000;
    /// GIF delays are whole centiseconds and browsers slow anything under 2.
    static constexpr int kMinFps = 1;
    static constexpr int kMaxFps = 50;
    static constexpr double kMaxHoldSeconds = 60.0;
};

/// An animation's frames however they are made (a sweep's states, a
/// recording's): how many, their pixel size, and frame i drawn. render() may
/// throw std::invalid_argument when a frame cannot be drawn.
struct AnimationFrames
{
    int count = 0;
    QSize pixels;
    std::function<QImage(int frame)> render;
};

/// Told (frames done, of how many) as the file is written; false cancels.
using AnimationProgress = std::function<bool(int done, int total)>;

/**
 * Writes a sweep of a session as an animated GIF or an MP4: frame i is the still
 * export of the sweep's i-th session (renderFrame() calls the exporter's own
 * renderImage(), so a frame is the PNG `export` writes of that state), every
 * frame encoded as it is drawn. A GIF's frames are drawn twice, once to fit
 * the palette to their colours and once to encode them, so memory holds one
 * frame whatever the count.
 */
class AnimationExporter
{
public:
    enum class Format
    {
        Gif,
        Mp4,
    };
    /// The format for \a path's extension (.gif, .mp4), or nothing.
    static std::optional<Format> formatFor(const QString &path);

    /// Centiseconds each frame is shown: 100 / fps rounded so that the frames
    /// add up to frames / fps seconds, the last one held holdSeconds more.
    static std::vector<int> frameDelays(const AnimationTiming &timing);

    /// Frame \a frame of \a timing.frames of \a sweep over \a base, drawn as \a view.
    /// Throws std::invalid_argument when that session cannot be attended.
    /// \a labs: the labs' settings the views draw with (defaults when null);
    /// a d_k sweep draws the scale lab's experiment out to its frame's d_k.
    static QImage renderFrame(const FigureView &view, const Session &base, const Sweep &sweep,
                              int frame, int frames, const FigureStyle &style,
                              const ExportSize &size, const LabSettings *labs = nullptr);

    /// The frames of \a sweep over \a base (a session's sweep), as renderFrame()
    /// draws them; a d_k sweep runs the experiment once, for every d_k.
    static AnimationFrames sweepFrames(const FigureView &view, const Session &base,
                                       const Sweep &sweep, int frames, const FigureStyle &style,
                                       const ExportSize &size, const LabSettings *labs = nullptr);
    /// The frames of a head sweep of \a data's layer: frame i shows head
    /// sweep.item(i, frames), drawn as \a view (data.head is ignored).
    static AnimationFrames headFrames(const TensorFigureView &view, const TensorFigureData &data,
                                      const Sweep &sweep, int frames, const FigureStyle &style,
                                      const ExportSize &size);
    /// The frames of a sweep whose items each have a tensor of their own (a
    /// generation's steps): frame i draws tensorOf(sweep.item(i, frames)) as
    /// \a view at \a layer and \a head; an item's tensor and head scores are
    /// computed once, for the run of frames that show it.
    static AnimationFrames itemFrames(const TensorFigureView &view,
                                      std::function<AttentionTensor(int item)> tensorOf,
                                      const Sweep &sweep, int frames, int layer, int head,
                                      bool words, const FigureStyle &style, const ExportSize &size);

    /// Throws std::invalid_argument with the memory guard's message when
    /// animating \a pixels of \a session would need more than the limit.
    static void requireAnimationMemory(const FigureView &view, const Session &session,
                                       const QSize &pixels, int frames);

    /// Writes the GIF or MP4 at \a path, by its extension; false with
    /// errorString(). \a cancelled, asked between frames, stops it and leaves
    /// the path as it was. An MP4 holds the last frame with repeated frames
    /// (holdSeconds x fps of them, rounded), a GIF with a longer delay.
    bool exportFile(const QString &path, const FigureView &view, const Session &base,
                    const Sweep &sweep, const AnimationTiming &timing, const FigureStyle &style,
                    const ExportSize &size, const std::function<bool()> &cancelled = {},
                    const LabSettings *labs = nullptr);

    /// Writes \a frames (timing.frames is ignored: frames.count is the
    /// count) as the GIF or MP4 \a path names; false with errorString().
    /// \a progress is told each frame written (a GIF's are drawn twice: to
    /// fit the palette, then to encode) and cancels by returning false,
    /// which leaves the path as it was.
    bool writeFrames(const QString &path, const AnimationFrames &frames,
                     const AnimationTiming &timing, const AnimationProgress &progress = {});
    QString errorString() const { return m_error; }

private:
    bool writeGif(const QString &path, const AnimationFrames &frames, const AnimationTiming &timing,
                  const std::function<bool(int done, int total)> &stopped);
    bool writeMp4(const QString &path, const AnimationFrames &frames, const AnimationTiming &timing,
                  const std::function<bool(int done, int total)> &stopped);

    QString m_error;
};

} // namespace AttentionLab
