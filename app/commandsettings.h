// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "app/commandrequest.h"
#include "core/maths/scaleexperiment.h"
#include "core/maths/transformerconfig.h"
#include "core/model/generationoptions.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/figurestyle.h"

namespace AttentionLab {

// From the options of a CommandRequest to the settings of what runs; each
// throws UsageError for a value out of its range (the ranges are the core's
// and the exporter's own limits).

/// --seed, --draws, --keys and --dk of --scale.
ScaleExperimentSettings scaleSettings(const CommandRequest &request);
/// --vocab, --d-model, --layers, --heads and --ffn of --params.
TransformerConfig transformerConfig(const CommandRequest &request);
/// --width and --height, or --scale, of export.
ExportSize exportSize(const CommandRequest &request);
/// --colormap, --theme, --numbers, --title and --transparent of export.
FigureStyle figureStyle(const CommandRequest &request);
/// --tokens, --greedy or --temperature, --top-k, --top-p and --seed of
/// generate (and of animate's --sweep generation).
GenerationOptions generationOptions(const CommandRequest &request);

} // namespace AttentionLab
