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

namespace {

/// Reads a file with \a choices applied and reported: \a how calls the
/// reader's readFile or readSets.
template <typename Read> auto readWith(QString *error, ReadChoices *choices, Read how)
{
    AttentionReadOptions options;
    if (choices) {
        options.batch = choices->batch;
        options.layout = choices->layout;
    }
    AttentionFileReader reader(options);
    auto result = how(reader);
    if (!result && error)
        *error = reader.errorString();
    if (choices) {
        choices->batchSize = reader.batchSize();
        choices->needsLayout = reader.needsLayout();
        choices->view = reader.view();
    }
    return result;
}

} // namespace

std::optional<AttentionTensor> read(const QString &path, QString *error, ReadChoices *choices)
{
    return readWith(error, choices,
                    [&path](AttentionFileReader &reader) { return reader.readFile(path); });
}

std::optional<std::vector<AttentionSet>> readSets(const QString &path, QString *error,
                                                  ReadChoices *choices)
{
    return readWith(error, choices,
                    [&path](AttentionFileReader &reader) { return reader.readSets(path); });
}

} // namespace AttentionLab::AttentionFiles
