// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figurestyle.h"
#include "ui/figure/figureview.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

namespace AttentionLab {

/// Pixel size of an export: an exact width and height, or the view's
/// default size times a scale factor (2 for high-DPI slides).
struct ExportSize
{
    int width = 0; ///< 0: the view's default times scale
    int height = 0;
    double scale = 1.0;
    /// The scale factors an export takes, on the command line and in the dialog.
    static constexpr double kMinScale = 0.1;
    static constexpr double kMaxScale = 8.0;
};

/**
 * Anything the exporter can write: a session's view (figureOf) or a model
 * tensor's (tensorfigure.h) go through the same formats, sizes, memory guard
 * and atomic write.
 */
struct ExportFigure
{
    QString name;        ///< "figure", "grid": the file's title without a style title
    QString description; ///< SVG's description
    QSize defaultSize;
    std::function<void(QPainter &, const QRectF &, const FigureStyle &)> paint;
    /// Throws std::invalid_argument with the memory guard's message when
    /// drawing this many pixels would exceed the limit. May be empty.
    std::function<void(const QSize &pixels)> requireMemory = {};
};

/**
 * Writes a figure view as PNG, SVG or PDF, chosen by the file's extension.
 * SVG and PDF are true vector (a shape per cell, text as text) while a
 * heatmap has no more cells than pixels; a larger one is embedded as an
 * image of those pixels. Files are
 * written atomically: a failed export leaves an existing file as it was.
 */
class FigureExporter
{
public:
    enum class Format
    {
        Png,
        Svg,
        Pdf,
    };

    /// The format for \a path's extension, or nothing for an unknown one.
    static std::optional<Format> formatFor(const QString &path);

    /// A session's \a view of \a data as something to export (referring to both).
    static ExportFigure figureOf(const FigureView &view, const FigureData &data);

    /// The pixel size \a size asks for with \a view; invalid when absurd.
    static QSize pixelSize(const FigureView &view, const ExportSize &size);
    static QSize pixelSize(const QSize &defaultSize, const ExportSize &size);

    static QImage renderImage(const ExportFigure &figure, const FigureStyle &style,
                              const ExportSize &size);
    static QByteArray render(Format format, const ExportFigure &figure, const FigureStyle &style,
                             const ExportSize &size);
    /// Renders and writes \a path; false with errorString() on failure.
    bool exportFile(const QString &path, const ExportFigure &figure, const FigureStyle &style,
                    const ExportSize &size);

    static QImage renderImage(const FigureView &view, const FigureData &data,
                              const FigureStyle &style, const ExportSize &size);
    static QByteArray render(Format format, const FigureView &view, const FigureData &data,
                             const FigureStyle &style, const ExportSize &size);

    /// Throws std::invalid_argument with the memory guard's message when
    /// exporting \a pixels of \a session would need more than the limit: its
    /// pass, the canvas, a cell image and the encoded file.
    static void requireExportMemory(const Session &session, const QSize &pixels);

    /// Renders and writes \a path; false with errorString() on failure.
    bool exportFile(const QString &path, const FigureView &view, const FigureData &data,
                    const FigureStyle &style, const ExportSize &size);
    QString errorString() const { return m_error; }

    /// Largest edge in pixels an export may have.
    static constexpr int kMaxEdge = 20000;

private:
    QString m_error;
};

} // namespace AttentionLab
