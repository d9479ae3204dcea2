// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"

#include <QString>

#include <optional>
#include <vector>

namespace AttentionLab {

/// What the Model tab shows, for Edit > Copy as Python.
struct PythonSnippetInput
{
    QString file;   ///< an attention file shown; else a model's run:
    QString folder; ///< the model's folder
    bool causal = true;
    bool encoderDecoder = false;
    QString text;                  ///< the text read (an encoder-decoder: the source)
    std::vector<int> ids;          ///< the ids a single stack read, as the window read them
    std::optional<QString> target; ///< an encoder-decoder's target
    AttentionKind set = AttentionKind::Decoder;
    int layer = 0;
    int head = 0;
    bool largeHead = false; ///< the large head; else the grid
    bool dark = false;
    /// The head as the model numbered it ("11.3"), where a file kept only
    /// some layers or heads (layer and head count in what it kept); else empty.
    QString modelHead;
};

/**
 * The few lines of Python that show the same view from a notebook, with the
 * attention_lab module: for a file, show() on it with the layer, head and
 * view; for a model's folder, the transformers code that runs the model on
 * the same ids (the same source and target) with output_attentions=True,
 * then head_view() or model_view() as the window shows it.
 */
QString pythonSnippet(const PythonSnippetInput &input);

/// \a text as a Python string literal: double-quoted, \, " and control
/// characters escaped.
QString pythonString(const QString &text);

} // namespace AttentionLab
