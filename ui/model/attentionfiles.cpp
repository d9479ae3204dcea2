// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The window's one way to read attention files: the readers of io/.

#include "ui/model/attentionfiles.h"

#include "io/attentionfilereader.h"

namespace AttentionLab::AttentionFiles {

bool isAttentionFile(const QString &path)
{
    return AttentionFileReader::isAttentionFile(path);
}

QString fileFilter()
{
    return AttentionFileReader::fileFilter();
}

std::optional<AttentionTensor> read(const QString &path, QString *error, ReadChoices *choices)
{
    AttentionReadOptions options;
    if (choices) {
        options.batch = choices->batch;
        options.layout = choices->layout;
    }
    AttentionFileReader reader(options);
    std::optional<AttentionTensor> tensor = reader.readFile(path);
    if (!tensor && error)
        *error = reader.errorString();
    if (choices) {
        choices->batchSize = reader.batchSize();
        choices->needsLayout = reader.needsLayout();
    }
    return tensor;
}

} // namespace AttentionLab::AttentionFiles
