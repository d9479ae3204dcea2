// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"
#include "core/sets/attentiontensor.h"
#include "io/attentionlayout.h"
#include "io/fileview.h"

#include <QString>

#include <optional>
#include <vector>

namespace AttentionLab::AttentionFiles {

/// True for the files the model view opens: .npy, .npz, .safetensors.
bool isAttentionFile(const QString &path);
/// "Attention tensors (*.npy *.npz *.safetensors)", for file dialogs.
QString fileFilter();
/// What the window chose for a file it reads again, as the command line's
/// --batch and --layout, and what the last read found it must ask.
struct ReadChoices
{
    int batch = -1;                    ///< one input of a batched file (-1: none chosen)
    std::optional<BatchLayout> layout; ///< how a five-axis array is laid out (none chosen)
    long long batchSize = 0;           ///< set when the file holds several inputs, none chosen
    bool needsLayout = false;          ///< set when a five-axis array reads two ways
    std::optional<FileView> view = std::nullopt; ///< the view the file asks for, if any
};

/// Reads \a path: the tensor (of a file of several attentions, the
/// decoder's), or nullopt with one line ("FILE: what is wrong")
/// in \a error. \a choices, when given, says what was chosen and receives
/// what the window must still ask.
std::optional<AttentionTensor> read(const QString &path, QString *error,
                                    ReadChoices *choices = nullptr);
/// The same, every attention set of the file: one, or an encoder-decoder's three.
std::optional<std::vector<AttentionSet>> readSets(const QString &path, QString *error,
                                                  ReadChoices *choices = nullptr);

} // namespace AttentionLab::AttentionFiles
