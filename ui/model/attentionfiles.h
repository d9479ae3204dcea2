#pragma once

#include "core/attentiontensor.h"

#include <QString>

#include <optional>

namespace AttentionLab::AttentionFiles {

/// True for the files the model view opens: .npy, .npz, .safetensors.
bool isAttentionFile(const QString &path);
/// "Attention tensors (*.npy *.npz *.safetensors)", for file dialogs.
QString fileFilter();
/// Reads \a path: the tensor, or nullopt with one line ("FILE: what is wrong") in \a error.
std::optional<AttentionTensor> read(const QString &path, QString *error);

} // namespace AttentionLab::AttentionFiles
