// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/modelconfig.h"
#include "core/model/modelweights.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace AttentionLab {

class MappedFile;

/**
 * A checkpoint folder as the Hugging Face hub distributes it: config.json
 * and model.safetensors, or the shards model.safetensors.index.json names
 * (F32, F16 or BF16), of any family core/model/familydescription.h describes. The weights file is
 * memory-mapped, never read into a copy: float32 weights are used in place,
 * float16 and bfloat16 ones converted layer by layer as the pass uses them.
 * The tokenizer files are not read here.
 */
class ModelCheckpoint
{
public:
    /// Opens \a folder; throws ReadError with one line naming the file and
    /// what is missing or wrong in it.
    static std::shared_ptr<const ModelCheckpoint> open(const QString &folder);

    /// The folder as given to open().
    const QString &folder() const { return m_folder; }
    /// config.family tells which tokenizer files the folder should hold.
    const ModelConfig &config() const { return m_weights->config(); }
    const ModelWeights &weights() const { return *m_weights; }
    /// The size of the weights in bytes: model.safetensors, or every shard.
    long long weightsFileBytes() const { return m_weightsFileBytes; }
    /// Where the weights are named: model.safetensors, or the shards'
    /// model.safetensors.index.json.
    const QString &weightsPath() const { return m_weightsPath; }
    /// Throws ReadError "model.safetensors changed on disk while it was open
    /// (...): reopen the model" when the weights file was cut short, written
    /// to or replaced since open(): call it before a pass, and after one to
    /// refuse what a file cut short during the pass gave (MappedFile).
    void requireUnchanged() const;
    /// The tensors of model.safetensors the configuration does not use (a
    /// config.json with fewer layers than the weights, a foreign head), as
    /// transformers warns of them; buffers and heads there by design are not
    /// listed.
    const QStringList &unusedTensors() const { return m_unusedTensors; }
    /// How many numbers the model is: the elements of every tensor it uses.
    long long parameterCount() const { return m_parameters; }
    /// The element types the file stores them in ("bfloat16").
    const QString &storedTypes() const { return m_storedTypes; }

private:
    ModelCheckpoint() = default;

    QString m_folder;
    std::unique_ptr<ModelWeights> m_weights;
    long long m_parameters = 0;
    QString m_storedTypes;
    long long m_weightsFileBytes = 0;
    QString m_weightsPath;
    std::vector<std::shared_ptr<const MappedFile>> m_weightsFiles;
    QStringList m_unusedTensors;
};

} // namespace AttentionLab
