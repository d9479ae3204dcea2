// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/modelcheckpoint.h"

#include "core/model/familydescription.h"
#include "io/checkpointconfig.h"
#include "io/checkpointfiles.h"
#include "io/checkpointtensors.h"
#include "io/fileaccess.h"
#include "io/mappedfile.h"
#include "io/readerror.h"
#include "io/safetensorsreader.h"
#include "io/tensortable.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <unistd.h>

namespace AttentionLab {

using namespace Checkpoint;

void ModelCheckpoint::requireUnchanged() const
{
    for (const std::shared_ptr<const MappedFile> &file : m_weightsFiles)
        file->requireUnchanged(QStringLiteral("the model"));
}

std::shared_ptr<const ModelCheckpoint> ModelCheckpoint::open(const QString &folder)
{
    const QFileInfo folderInfo(folder);
    if (!folderInfo.exists())
        fail(folder, QStringLiteral("no such folder"));
    if (!folderInfo.isDir())
        fail(folder, QStringLiteral("is not a folder; a model is a folder holding config.json "
                                    "and model.safetensors"));
    // Without search permission nothing in it can be opened: say so, not "no such file".
    if (::access(QFile::encodeName(folder).constData(), X_OK) != 0)
        fail(folder, QStringLiteral("cannot be opened: permission denied (the folder cannot be "
                                    "searched)"));
    const QDir dir(folder);
    const ModelConfig config = readConfig(dir.filePath(QStringLiteral("config.json")));

    const QString weightsPath = dir.filePath(QStringLiteral("model.safetensors"));
    const QString indexPath = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    // One file, or shards named by the index, as the hub splits large models.
    QStringList files;
    QString tablePath = weightsPath;
    if (!QFileInfo(weightsPath).exists() && QFileInfo(indexPath).exists()) {
        files = shardFiles(indexPath);
        tablePath = indexPath;
    } else {
        files = {QStringLiteral("model.safetensors")};
    }
    TensorTable table(tablePath, familyDescription(config.family).tensors);
    std::vector<std::shared_ptr<const MappedFile>> mappedFiles;
    long long size = 0;
    for (const QString &file : files) {
        const QString path = dir.filePath(file);
        if (!QFileInfo(path).exists())
            fail(path, path == weightsPath
                           ? QStringLiteral("no such file (the weights must be in the "
                                            "safetensors format)")
                           : QStringLiteral("no such file (model.safetensors.index.json names "
                                            "it as a shard)"));
        if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
            fail(path, QStringLiteral("is %1, not a weights file").arg(kind));
        // Mapped, not read: float32 weights are used where they lie in the file.
        std::shared_ptr<const MappedFile> mapped;
        AttentionArrays arrays;
        try {
            mapped = MappedFile::open(path);
            arrays = SafetensorsReader::read(mapped->data(), mapped->size(), mapped);
        } catch (const ReadError &error) {
            fail(path, error.message);
        }
        size += mapped->size();
        table.add(path, std::move(arrays));
        mappedFiles.push_back(std::move(mapped));
    }
    ModelTensors tensors = readTensors(table, config);

    std::shared_ptr<ModelCheckpoint> checkpoint(new ModelCheckpoint);
    checkpoint->m_folder = folder;
    checkpoint->m_weights = std::make_unique<ModelWeights>(config, std::move(tensors));
    checkpoint->m_weightsFileBytes = size;
    checkpoint->m_weightsPath = tablePath;
    checkpoint->m_weightsFiles = std::move(mappedFiles);
    checkpoint->m_unusedTensors = table.unused();
    checkpoint->m_parameters = table.parameters();
    checkpoint->m_storedTypes = table.storedTypes();
    return checkpoint;
}

} // namespace AttentionLab
