// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `patch MODEL --clean T1 --corrupt T2 --measure SPEC --over heads|residual`:
// activation patching (Meng et al. 2022; Wang et al. 2022), each head's
// output or each residual position of the corrupted run taken from the clean
// run, as a table, JSON or a figure of the grid.

#include "app/commandinputs.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandtable.h"
#include "app/effectgridreport.h"
#include "app/experimentoptions.h"
#include "app/usageerror.h"
#include "io/headexperiments.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/tokenizer.h"
#include "ui/figure/effectgrids.h"

#include <cmath>

namespace AttentionLab {

namespace {

/// --clean or --corrupt, read by the model as --text would be.
TokenizedText textOf(const PretrainedModel &model, const CommandRequest &r, const QString &option)
{
    CommandRequest one = r;
    one.values.insert(QStringLiteral("text"), r.values.value(option));
    try {
        return tokenizeRequest(model, one);
    } catch (const UsageError &error) {
        throw UsageError{QStringLiteral("--%1: %2").arg(option, error.message)};
    }
}

} // namespace

int runPatchCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    requireFigureOutput(output);
    const QString over = r.values.value(QStringLiteral("over"), QStringLiteral("heads"));
    if (over != QLatin1String("heads") && over != QLatin1String("residual"))
        usageError(QStringLiteral("--over: \"%1\" is not heads or residual").arg(inputText(over)));
    const PatchSites sites =
        over == QLatin1String("heads") ? PatchSites::Heads : PatchSites::Residual;
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    // An encoder-decoder's clean and corrupted texts are sources, with one target.
    const PassTokens clean = passTokensOf(r, *model, textOf(*model, r, QStringLiteral("clean")));
    const PassTokens corrupted =
        passTokensOf(r, *model, textOf(*model, r, QStringLiteral("corrupt")));
    const WrittenMeasure written = oneMeasureOf(r, *model);
    const AttentionKind set = sweptSetOf(r, *model);
    PatchGrid grid;
    try {
        grid = HeadExperiments::patchSweep(*model, clean, corrupted, written.measure, sites, set);
    } catch (const ReadError &error) {
        usageError(QStringLiteral("%1: %2").arg(inputText(r.file), error.message));
    }
    const SweepGrid &patched = grid.patched;
    const auto effect = [&patched](int row, int column) { return patched.effect(row, column); };
    const auto restored = [&grid](int row, int column) { return grid.restored(row, column); };

    // The residual's positions are the source's in an encoder-decoder's encoder.
    const TokenizedText &positions = set == AttentionKind::Encoder || !model->encoderDecoder()
                                         ? corrupted.tokens
                                         : corrupted.decoder;
    EffectGridData figure = EffectGrids::patchFrame(
        EffectGrids::subject(model->name(), model->encoderDecoder(), set, sites), patched.rows,
        patched.columns, sites, positions.tokens, written.spec);
    EffectGrids::fillPatch(figure, grid, written.spec);
    if (!output.isEmpty()) {
        exportEffectGrid(output, figure);
        if (!r.json)
            return 0;
    }
    if (!r.json) {
        QString text = QStringLiteral("%1\n%2\n").arg(figure.title, figure.subtitle);
        if (!EffectGrids::hasGap(grid))
            text += QStringLiteral("(the two texts measure the same: no gap to restore; the "
                                   "table gives the change of the measure)\n");
        text += QLatin1Char('\n') +
                effectGridText(figure, EffectGrids::hasGap(grid)
                                           ? std::function<double(int, int)>(restored)
                                           : std::function<double(int, int)>(effect));
        CommandOutput::write(text);
        return 0;
    }
    JsonStreamWriter out(stdout);
    out.beginObject();
    out.key("measure");
    out.string(written.spec.toStdString());
    out.key("clean");
    out.number(grid.clean);
    out.key("corrupted");
    out.number(grid.corrupted);
    out.key("effects");
    writeEffectGridJson(out, patched.rows, patched.columns, effect);
    out.key("restored");
    writeEffectGridJson(out, patched.rows, patched.columns, restored);
    out.endObject();
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
