// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/recordedframe.h"

#include "core/maths/attention.h"
#include "ui/figure/figureview.h"
#include "ui/figure/tensorfigure.h"

#include <stdexcept>

namespace AttentionLab {

QSize RecordedFrame::defaultSize() const
{
    if (session) {
        const FigureView *figure = findFigureView(view);
        return figure ? figure->defaultSize : QSize();
    }
    const TensorFigureView *figure = findTensorFigureView(view);
    if (!figure || !tensor || !scores)
        return QSize();
    return tensorFigureDefaultSize(
        *figure, TensorFigureData{*tensor, *scores, layer, head, words, scoreKind, sorted});
}

QImage RecordedFrame::render(const FigureStyle &style, const ExportSize &size) const
{
    if (session) {
        const FigureView *figure = findFigureView(view);
        if (!figure)
            throw std::invalid_argument("there is no view called \"" + view.toStdString() + "\"");
        // The pass `export` computes, drawn by the same function.
        const AttentionResult result = attend(*session);
        return FigureExporter::renderImage(*figure, FigureData{*session, result, labs.get()}, style,
                                           size);
    }
    const TensorFigureView *figure = findTensorFigureView(view);
    if (!figure || !tensor || !scores)
        throw std::invalid_argument("there is no model view called \"" + view.toStdString() + "\"");
    const TensorFigureData data{*tensor, *scores, layer, head, words, scoreKind, sorted};
    return FigureExporter::renderImage(tensorExportFigure(*figure, data), style, size);
}

} // namespace AttentionLab
