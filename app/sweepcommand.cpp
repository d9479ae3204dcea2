// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// `sweep MODEL --text T --measure SPEC [--ablation zero|mean]`: each head
// ablated in turn (Michel et al. 2019), the measure's change for each, as a
// table, JSON or a figure of the L x H grid.

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
#include "ui/figure/effectgrids.h"

namespace AttentionLab {

int runSweepCommand(const CommandRequest &r, const CommandContext &)
{
    const QString output = r.values.value(QStringLiteral("output"));
    requireFigureOutput(output);
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    const PassTokens tokens = passTokensOf(r, *model,
                                           r.values.contains(QStringLiteral("repeat-random"))
                                               ? repeatProbeRequest(*model, r)
                                               : tokenizeRequest(*model, r));
    const WrittenMeasure written = oneMeasureOf(r, *model);
    const AblationKind ablation = ablationOf(r);
    const AttentionKind set = sweptSetOf(r, *model);
    SweepGrid grid;
    try {
        grid = HeadExperiments::ablationSweep(*model, tokens, written.measure, ablation, set);
    } catch (const ReadError &error) {
        usageError(QStringLiteral("%1: %2").arg(inputText(r.file), error.message));
    }
    const auto effect = [&grid](int l, int h) { return grid.effect(l, h); };
    EffectGridData figure = EffectGrids::ablationFrame(
        EffectGrids::subject(model->name(), model->encoderDecoder(), set), grid.rows, grid.columns,
        tokens.measured().ids.size(), written.spec, ablation);
    EffectGrids::fillAblation(figure, grid, written.spec);
    if (!output.isEmpty()) {
        exportEffectGrid(output, figure);
        if (!r.json)
            return 0;
    }
    if (!r.json) {
        CommandOutput::write(
            QStringLiteral("%1\n%2\n\n%3")
                .arg(figure.title, figure.subtitle, effectGridText(figure, effect)));
        return 0;
    }
    JsonStreamWriter out(stdout);
    out.beginObject();
    out.key("measure");
    out.string(written.spec.toStdString());
    out.key("baseline");
    out.number(grid.baseline);
    out.key("effects");
    writeEffectGridJson(out, grid.rows, grid.columns, effect);
    out.endObject();
    CommandOutput::finishJson(out);
    return 0;
}

} // namespace AttentionLab
