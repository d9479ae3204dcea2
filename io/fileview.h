// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace AttentionLab {

/**
 * The view an attention file asks to be opened on: the `view` member of an
 * .npz (a string holding one JSON object) or the `view` key of a
 * .safetensors' __metadata__, as the Python module writes them for
 * head_view (the large head), model_view (the grid) and the others:
 * {"view": "head"|"grid", "layer": L, "head": H, "theme": "light"|"dark",
 * "set": "encoder"|"decoder"|"cross", "title": ..., "layers": [0, 5, 11],
 * "heads": [...]}. Every key may be left out; other keys (what the module
 * records of the call) are ignored.
 */
struct FileView
{
    bool largeHead = false; ///< "head": one head large; else the grid
    int layer = -1;         ///< -1: none named
    int head = -1;
    std::optional<bool> dark;
    std::optional<AttentionKind> set;
    QString title;
    /// "layers", "heads": the numbers the layers and heads kept had in the
    /// model (include_layers, include_heads), distinct whole numbers from 0;
    /// empty when all were kept as they were.
    std::vector<int> layerNumbers;
    std::vector<int> headNumbers;
};

/// Parses a view member's \a json; std::nullopt with the reason in \a error
/// (one line) for anything but such an object.
std::optional<FileView> parseFileView(const std::string &json, QString *error);

} // namespace AttentionLab
