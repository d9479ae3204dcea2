// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `export FILE -o OUT`: a figure of a session or of an attention file.

#include "app/commandinputs.h"
#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/sets/attentionaggregates.h"
#include "core/sets/headscores.h"
#include "io/attentionfilereader.h"
#include "io/inputtextqt.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"

#include <QFileInfo>
#include <QStringList>

#include <iostream>

#include <vector>

namespace AttentionLab {

namespace {

/// `export` of an attention file: the grid, a head, its lines, a layer's
/// average or the rollout.
void exportTensor(const CommandRequest &r, const QString &output, const ExportSize &size,
                  const FigureStyle &style)
{
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("grid"));
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" for an attention file (use %2)")
                       .arg(inputText(viewName), tensorFigureViewNames()));
    const std::vector<AttentionSet> sets = loadSets(r);
    // The alignment is a cross-attention's: that set unless --set names another.
    const bool cross = view->showsCrossAttention && !r.values.contains(QStringLiteral("set"));
    if (cross && !findSet(sets, AttentionKind::Cross))
        throw UsageError{
            QStringLiteral("%1: --view %2 draws a cross-attention, and the file %3")
                .arg(inputText(r.file), view->name,
                     QString::fromStdString(missingSetText(AttentionKind::Cross, sets)))};
    const AttentionSet &set = cross ? *findSet(sets, AttentionKind::Cross) : chosenSet(r, sets);
    if (view->showsCrossAttention && set.kind != AttentionKind::Cross)
        usageError(QStringLiteral("--view %1 draws a cross-attention; --set %2 names the %3")
                       .arg(view->name, r.values.value(QStringLiteral("set")),
                            QString::fromStdString(attentionKindTitle(set.kind))));
    const AttentionTensor &tensor = *set.tensor;
    if (view->needsSquareSelfAttention && !isSelfAttention(set.kind))
        throw UsageError{QStringLiteral("%1: rollout follows a text through its own layers; a "
                                        "cross-attention has none (use --set encoder or decoder)")
                             .arg(inputText(r.file))};
    auto index = [&](const QString &option, int count, const auto &number) {
        if (!r.values.contains(option))
            return 0;
        // A file that kept some layers or heads counts them from 0; the
        // figures name them as the model did, and so does this refusal.
        bool ok = false;
        const long long value = r.values.value(option).trimmed().toLongLong(&ok);
        if (tensor.isRenumbered() && ok && (value < 0 || value >= count)) {
            QStringList own;
            for (int i = 0; i < count; ++i)
                own << QString::number(number(i));
            usageError(QStringLiteral("--%1: %2 is out of range (0 to %3): it counts in the file, "
                                      "whose %1s 0 to %3 are the model's %1s %4")
                           .arg(option)
                           .arg(value)
                           .arg(count - 1)
                           .arg(own.join(QStringLiteral(", "))));
        }
        const int chosen = int(parseInteger(option, r.values.value(option), 0, count - 1));
        // The number is also the model's for another of the file's: say which one is drawn.
        if (tensor.isRenumbered() && number(chosen) != chosen)
            for (int i = 0; i < count; ++i)
                if (number(i) == chosen)
                    std::cerr << "attention-lab: warning: --" << option.toStdString() << ' '
                              << chosen << " counts in the file: it draws the model's "
                              << option.toStdString() << ' ' << number(chosen) << "; the model's "
                              << option.toStdString() << ' ' << chosen << " is the file's " << i
                              << '\n';
        return chosen;
    };
    const int layer = index(QStringLiteral("layer"), tensor.layers(),
                            [&tensor](int l) { return tensor.layerNumber(l); });
    const int head = index(QStringLiteral("head"), tensor.heads(),
                           [&tensor](int h) { return tensor.headNumber(h); });
    if (view->needsSquareSelfAttention && !hasRollout(tensor))
        throw UsageError{QStringLiteral("%1: rollout needs as many queries as keys (this file has "
                                        "%2 queries and %3 keys)")
                             .arg(inputText(r.file))
                             .arg(tensor.queries())
                             .arg(tensor.keys())};
    if (view->needsSquareSelfAttention)
        if (const std::string why = rolloutRefusal(tensor); !why.empty())
            throw UsageError{inputText(r.file) + QStringLiteral(": ") +
                             QString::fromStdString(why)};
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    TensorFigureData data{tensor, scores, layer, head, r.words};
    FigureExporter exporter;
    if (!exporter.exportFile(output, tensorExportFigure(*view, data), style, size))
        throw UsageError{exporter.errorString()};
}

} // namespace

int runExportCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    if (output.isEmpty())
        usageError(QStringLiteral("export needs an output file: -o OUT.png, OUT.svg or OUT.pdf"));
    if (!FigureExporter::formatFor(output))
        usageError(QStringLiteral("%1: unknown format \"%2\": use .png, .svg or .pdf")
                       .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const ExportSize size = exportSize(r);
    const FigureStyle style = figureStyle(r);
    if (AttentionFileReader::isAttentionFile(r.file)) {
        exportTensor(r, output, size, style);
        return 0;
    }
    for (const QString &option :
         {QStringLiteral("layer"), QStringLiteral("head"), QStringLiteral("tokens"),
          QStringLiteral("batch"), QStringLiteral("set")}) {
        if (r.values.contains(option))
            usageError(QStringLiteral("--%1 applies to attention files (.npy, .npz, "
                                      ".safetensors)")
                           .arg(option));
    }
    if (r.words)
        usageError(QStringLiteral("--words applies to attention files (.npy, .npz, .safetensors)"));

    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("figure"));
    const FigureView *view = findFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" (use %2)")
                       .arg(inputText(viewName), figureViewNames()));

    // What the export will hold is known before the pass is computed.
    const QSize pixels = FigureExporter::pixelSize(*view, size);
    const LoadedSession loaded = loadSession(r.file, [&](const Session &session) {
        if (!pixels.isEmpty())
            FigureExporter::requireExportMemory(session, pixels);
    });
    FigureExporter exporter;
    if (!exporter.exportFile(output, *view, FigureData{loaded.session, loaded.result}, style, size))
        throw UsageError{exporter.errorString()};
    return 0; // silent on success, as a slide pipeline wants
}

} // namespace AttentionLab
