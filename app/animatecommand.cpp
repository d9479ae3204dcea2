// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `animate SESSION.json -o OUT.gif|OUT.mp4 --sweep SPEC`: one setting swept;
// `animate ATTENTION -o OUT --sweep head [--layer L]`: a layer's heads;
// `animate MODEL --text TEXT -o OUT --sweep generation`: a generation's steps.

#include "app/commandinputs.h"
#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "app/commandtable.h"
#include "app/usageerror.h"
#include "core/maths/sweep.h"
#include "core/model/generator.h"
#include "core/sets/attentionset.h"
#include "core/sets/headscores.h"
#include "io/attentionfilereader.h"
#include "io/generation.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/sessionreader.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/tensorfigure.h"

#include <QFileInfo>

#include <algorithm>
#include <optional>
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

/// `animate ATTENTION -o OUT --sweep head [--layer L]`: a layer's heads, one after another.
/// The options of a generation sweep, refused for anything but a model's folder.
void refuseGenerationOptions(const CommandRequest &r)
{
    for (const QString &option :
         {QStringLiteral("text"), QStringLiteral("head"), QStringLiteral("temperature"),
          QStringLiteral("top-k"), QStringLiteral("top-p"), QStringLiteral("seed")})
        if (r.values.contains(option))
            usageError(QStringLiteral("--%1 applies to a model's folder (--sweep generation)")
                           .arg(option));
}

void animateTensor(const CommandRequest &r, const QString &output, const ExportSize &size,
                   const FigureStyle &style)
{
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("head"));
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view || !view->oneHead)
        usageError(QStringLiteral("--view: \"%1\" does not show one head (use head or lines)")
                       .arg(inputText(viewName)));
    // The alignment is a cross-attention's: that set unless --set names another.
    AttentionTensor tensor;
    if (view->showsCrossAttention && !r.values.contains(QStringLiteral("set"))) {
        const std::vector<AttentionSet> sets = loadSets(r);
        const AttentionSet *cross = findSet(sets, AttentionKind::Cross);
        if (!cross)
            usageError(
                QStringLiteral("%1: --view %2 draws a cross-attention, and the file %3")
                    .arg(inputText(r.file), view->name,
                         QString::fromStdString(missingSetText(AttentionKind::Cross, sets))));
        tensor = *cross->tensor;
    } else {
        tensor = loadTensor(r);
        if (view->showsCrossAttention && kindOf(tensor) != AttentionKind::Cross &&
            tensor.queryTokens().empty())
            usageError(QStringLiteral("--view %1 draws a cross-attention; --set %2 names a "
                                      "self-attention")
                           .arg(view->name, r.values.value(QStringLiteral("set"))));
    }
    const Sweep sweep = [&] {
        try {
            return Sweep::parseModel(r.values.value(QStringLiteral("sweep")).toStdString(),
                                     tensor.heads(), 0);
        } catch (const std::invalid_argument &error) {
            throw UsageError{QString::fromUtf8(error.what())};
        }
    }();
    const int layer =
        r.values.contains(QStringLiteral("layer"))
            ? int(parseInteger(QStringLiteral("layer"), r.values.value(QStringLiteral("layer")), 0,
                               tensor.layers() - 1))
            : 0;
    AnimationTiming timing = animationTiming(r);
    // One second a head unless --frames says otherwise.
    if (!r.values.contains(QStringLiteral("frames")))
        timing.frames = std::clamp(tensor.heads() * timing.fps, AnimationTiming::kMinFrames,
                                   AnimationTiming::kMaxFrames);
    if (timing.frames < tensor.heads())
        usageError(QStringLiteral("--frames: %1 frames cannot show each of the layer's %2 heads")
                       .arg(timing.frames)
                       .arg(tensor.heads()));
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    const TensorFigureData data{tensor, scores, layer, 0, r.words};
    AnimationExporter exporter;
    if (!exporter.writeFrames(
            output, AnimationExporter::headFrames(*view, data, sweep, timing.frames, style, size),
            timing))
        throw UsageError{exporter.errorString()};
}

/// `animate MODEL --text TEXT --sweep generation [--tokens N]`: the model
/// writes after the text, and each step is shown as the Model tab's timeline
/// shows it: the text up to the token before the one written, whose last row
/// chose it.
void animateGeneration(const CommandRequest &r, const QString &output, const ExportSize &size,
                       const FigureStyle &style)
{
    const QString spec = r.values.value(QStringLiteral("sweep"));
    if (spec != QLatin1String("generation"))
        usageError(QStringLiteral("--sweep %1: a model's folder is swept by its generation: "
                                  "--sweep generation --text TEXT")
                       .arg(inputText(spec)));
    if (!r.values.contains(QStringLiteral("text")))
        usageError(QStringLiteral("--sweep generation needs the text to write after: --text TEXT"));
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("head"));
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view || !view->overSteps)
        usageError(QStringLiteral("--view: \"%1\" is not a view of a generation (use grid, head, "
                                  "lines or average)")
                       .arg(inputText(viewName)));
    AnimationTiming timing = animationTiming(r);
    const GenerationOptions options = generationOptions(r);
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    // An encoder-decoder's steps are its translation's, shown by default as
    // the cross-attention up to each step (--set names another).
    const bool translates = model->encoderDecoder();
    if (!translates)
        requireCausalModel(*model, QStringLiteral("animate --sweep generation"));
    std::optional<AttentionKind> setKind;
    if (r.values.contains(QStringLiteral("set"))) {
        setKind = parseAttentionKind(r.values.value(QStringLiteral("set")).toStdString());
        if (!setKind || (!translates && *setKind != AttentionKind::Decoder))
            usageError(QStringLiteral("--set: %1 writes %2")
                           .arg(model->name(), translates ? QStringLiteral("encoder, decoder or "
                                                                           "cross attention")
                                                          : QStringLiteral("decoder attention "
                                                                           "only")));
    }
    const AttentionKind shown =
        setKind.value_or(translates ? AttentionKind::Cross : AttentionKind::Decoder);
    if (view->showsCrossAttention && shown != AttentionKind::Cross)
        usageError(QStringLiteral("--view %1 draws a cross-attention; %2 %3")
                       .arg(view->name, model->name(),
                            translates ? QStringLiteral("shows its %1 with --set %2")
                                             .arg(QString::fromStdString(attentionKindTitle(shown)),
                                                  QString::fromStdString(attentionKindName(shown)))
                                       : QStringLiteral("has none: it is a decoder")));
    const TokenizedText prompt = tokenizeRequest(*model, r);
    std::shared_ptr<const Generation> generation;
    try {
        const std::unique_ptr<Generator> generator =
            translates ? model->translator(prompt, model->translationPrefix(std::nullopt), options)
                       : model->generator(prompt, options);
        while (generator->step()) {
        }
        generation = Generation::of(*generator, *model);
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }
    const int steps = int(generation->steps.size());
    const Sweep sweep = [&] {
        try {
            return Sweep::parseModel(spec.toStdString(), generation->attention.heads(), steps);
        } catch (const std::invalid_argument &error) {
            throw UsageError{
                QStringLiteral("%1: %2").arg(inputText(r.file), QString::fromUtf8(error.what()))};
        }
    }();
    auto index = [&](const QString &option, int count) {
        return r.values.contains(option)
                   ? int(parseInteger(option, r.values.value(option), 0, count - 1))
                   : 0;
    };
    // Checked against the set shown (a translation's encoder may have other layers).
    const std::vector<AttentionSet> shownSets = generation->setsUpTo(generation->promptLength);
    const AttentionTensor &shownTensor =
        generation->translates() ? *findSet(shownSets, shown)->tensor : generation->attention;
    const int layer = index(QStringLiteral("layer"), shownTensor.layers());
    const int head = index(QStringLiteral("head"), shownTensor.heads());
    // One second a step unless --frames says otherwise.
    if (!r.values.contains(QStringLiteral("frames")))
        timing.frames = std::clamp(steps * timing.fps, AnimationTiming::kMinFrames,
                                   AnimationTiming::kMaxFrames);
    if (timing.frames < steps)
        usageError(QStringLiteral("--frames: %1 frames cannot show each of the %2 steps written")
                       .arg(timing.frames)
                       .arg(steps));
    AnimationExporter exporter;
    if (!exporter.writeFrames(output,
                              AnimationExporter::itemFrames(
                                  *view,
                                  [generation, shown](int item) {
                                      const int count = generation->promptLength + item;
                                      if (!generation->translates())
                                          return generation->attentionUpTo(count);
                                      const std::vector<AttentionSet> sets =
                                          generation->setsUpTo(count);
                                      return *findSet(sets, shown)->tensor;
                                  },
                                  sweep, timing.frames, layer, head, r.words, style, size),
                              timing))
        throw UsageError{exporter.errorString()};
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
        usageError(QStringLiteral("animate needs a sweep: --sweep %1")
                       .arg(QString::fromStdString(Sweep::forms())));
    const ExportSize size = exportSize(r);
    const FigureStyle style = figureStyle(r);
    if (AttentionFileReader::isAttentionFile(r.file)) {
        refuseGenerationOptions(r);
        animateTensor(r, output, size, style);
        return 0;
    }
    if (QFileInfo(r.file).isDir()) {
        animateGeneration(r, output, size, style);
        return 0;
    }
    refuseGenerationOptions(r);
    if (r.greedy || r.bos || r.noBos)
        usageError(QStringLiteral("--%1 applies to a model's folder (--sweep generation)")
                       .arg(r.greedy ? QStringLiteral("greedy")
                            : r.bos  ? QStringLiteral("bos")
                                     : QStringLiteral("no-bos")));
    for (const QString &option :
         {QStringLiteral("layer"), QStringLiteral("tokens"), QStringLiteral("batch"),
          QStringLiteral("layout"), QStringLiteral("set")}) {
        if (r.values.contains(option))
            usageError(QStringLiteral("--%1 applies to attention files (.npy, .npz, "
                                      ".safetensors)")
                           .arg(option));
    }
    if (r.words)
        usageError(QStringLiteral("--words applies to attention files (.npy, .npz, .safetensors)"));
    const AnimationTiming timing = animationTiming(r);
    const QString sweepSpec = r.values.value(QStringLiteral("sweep"));
    // The d_k sweep draws the scale lab's experiment: that is its view.
    const bool keyDimSweep = sweepSpec.startsWith(QLatin1String("dk="));
    const QString viewName = r.values.value(
        QStringLiteral("view"), keyDimSweep ? keyDimSweepView().name : QStringLiteral("figure"));
    const FigureView *view = findFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" (use %2)")
                       .arg(inputText(viewName), figureViewNames()));
    if (keyDimSweep && !view->drawsKeyDimSweep)
        usageError(QStringLiteral("--sweep %1 draws the scale lab's experiment: use --view %2")
                       .arg(inputText(sweepSpec), keyDimSweepView().name));
    SessionReader reader;
    const std::optional<Session> session = reader.readFile(r.file);
    if (!session)
        throw UsageError{reader.errorString()};
    const Sweep sweep = [&] {
        try {
            return Sweep::parse(sweepSpec.toStdString(), *session);
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
