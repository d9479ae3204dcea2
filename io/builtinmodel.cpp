// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/builtinmodel.h"

#include "io/readerror.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace AttentionLab {

namespace {

const QString kSubfolder = QStringLiteral("attention-lab/models/builtin");

/// True when the running program lies under the build tree it was built in.
bool runsFromBuildTree()
{
    const QString build = QDir(QStringLiteral(ATTENTION_LAB_BUILD_DIR)).canonicalPath();
    const QString program = QDir(QCoreApplication::applicationDirPath()).canonicalPath();
    return !build.isEmpty() && (program == build || program.startsWith(build + QLatin1Char('/')));
}

} // namespace

QString BuiltinModel::argument()
{
    return QStringLiteral("builtin");
}

QString BuiltinModel::description()
{
    return QStringLiteral("a 4-layer GPT-2 trained on WordNet's definitions and examples");
}

QString BuiltinModel::exampleText()
{
    // A gloss, then the same gloss broken off: the induction heads have a
    // repeat to show, and Generate writes on (" of the genus ..."), where
    // the whole second gloss made the model write its end-of-text at once.
    return QStringLiteral("dog, domestic dog: a member of the genus Canis. dog, domestic dog: a "
                          "member");
}

QStringList BuiltinModel::candidates()
{
    QStringList out;
    if (QCoreApplication::instance()) {
        out << QDir::cleanPath(QCoreApplication::applicationDirPath() +
                               QStringLiteral("/../share/") + kSubfolder);
    }
    for (const QString &data :
         QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation))
        out << QDir::cleanPath(data + QLatin1Char('/') + kSubfolder);
    if (!QCoreApplication::instance() || runsFromBuildTree())
        out << QStringLiteral(ATTENTION_LAB_SOURCE_DIR "/resources/models/builtin");
    out.removeDuplicates();
    return out;
}

QString BuiltinModel::folder()
{
    for (const QString &candidate : candidates())
        if (QFileInfo(candidate + QStringLiteral("/config.json")).isFile())
            return candidate;
    return {};
}

QString BuiltinModel::resolve(const QString &argument)
{
    if (argument != BuiltinModel::argument())
        return argument;
    const QString found = folder();
    if (found.isEmpty())
        throw ReadError{
            QStringLiteral("builtin: the built-in model is not installed (looked in %1)")
                .arg(candidates().join(QStringLiteral(", ")))};
    return found;
}

} // namespace AttentionLab
