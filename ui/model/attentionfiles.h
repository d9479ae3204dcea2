// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/attentiontensor.h"

#include <QString>

#include <optional>

namespace AttentionLab::AttentionFiles {

/// True for the files the model view opens: .npy, .npz, .safetensors.
bool isAttentionFile(const QString &path);
/// "Attention tensors (*.npy *.npz *.safetensors)", for file dialogs.
QString fileFilter();
/// Reads \a path: the tensor, or nullopt with one line ("FILE: what is wrong")
/// in \a error. \a batch picks one input of a batched file (-1: none
/// chosen); a file that holds several with none chosen sets \a batchSize.
std::optional<AttentionTensor> read(const QString &path, QString *error, int batch = -1,
                                    long long *batchSize = nullptr);

} // namespace AttentionLab::AttentionFiles
