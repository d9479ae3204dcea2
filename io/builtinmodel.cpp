// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/builtinmodel.h"

#include "io/readerror.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <utility>

namespace AttentionLab {

namespace {

/// True when the running program lies under the build tree it was built in.
bool runsFromBuildTree()
{
    const QString build = QDir(QStringLiteral(ATTENTION_LAB_BUILD_DIR)).canonicalPath();
    const QString program = QDir(QCoreApplication::applicationDirPath()).canonicalPath();
    return !build.isEmpty() && (program == build || program.startsWith(build + QLatin1Char('/')));
}

} // namespace

BuiltinModel::BuiltinModel(QString argument, QString subfolder, QString description,
                           QString exampleText)
    : m_argument(std::move(argument)), m_subfolder(std::move(subfolder)),
      m_description(std::move(description)), m_exampleText(std::move(exampleText))
{
}

const BuiltinModel &BuiltinModel::gpt2()
{
    // A gloss, then the same gloss broken off: the induction heads have a
    // repeat to show, and Generate writes on (" of the genus ..."), where
    // the whole second gloss made the model write its end-of-text at once.
    static const BuiltinModel model(
        QStringLiteral("builtin"), QStringLiteral("builtin"),
        QStringLiteral("a 4-layer GPT-2 trained on WordNet's definitions and examples"),
        QStringLiteral("dog, domestic dog: a member of the genus Canis. dog, domestic dog: a "
                       "member"));
    return model;
}

const BuiltinModel &BuiltinModel::translator()
{
    // A held-out string whose French reorders it: "Afficher les fichiers
    // cachés", the adjective after its noun (the card's alignments.tsv).
    static const BuiltinModel model(
        QStringLiteral("builtin-en-fr"), QStringLiteral("builtin-en-fr"),
        QStringLiteral("English to French, trained on Debian's message catalogues"),
        QStringLiteral("Show hidden files"));
    return model;
}

std::vector<const BuiltinModel *> BuiltinModel::all()
{
    return {&gpt2(), &translator()};
}

const BuiltinModel *BuiltinModel::named(const QString &argument)
{
    for (const BuiltinModel *model : all())
        if (model->argument() == argument)
            return model;
    return nullptr;
}

QStringList BuiltinModel::candidates() const
{
    const QString subfolder = QStringLiteral("attention-lab/models/") + m_subfolder;
    QStringList out;
    if (QCoreApplication::instance()) {
        out << QDir::cleanPath(QCoreApplication::applicationDirPath() +
                               QStringLiteral("/../share/") + subfolder);
    }
    for (const QString &data :
         QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation))
        out << QDir::cleanPath(data + QLatin1Char('/') + subfolder);
    if (!QCoreApplication::instance() || runsFromBuildTree())
        out << QStringLiteral(ATTENTION_LAB_SOURCE_DIR "/resources/models/") + m_subfolder;
    out.removeDuplicates();
    return out;
}

QString BuiltinModel::folder() const
{
    for (const QString &candidate : candidates())
        if (QFileInfo(candidate + QStringLiteral("/config.json")).isFile())
            return candidate;
    return {};
}

QString BuiltinModel::resolve(const QString &argument)
{
    const BuiltinModel *model = named(argument);
    if (!model)
        return argument;
    const QString found = model->folder();
    if (found.isEmpty())
        throw ReadError{QStringLiteral("%1: the built-in model is not installed (looked in %2)")
                            .arg(argument, model->candidates().join(QStringLiteral(", ")))};
    return found;
}

} // namespace AttentionLab
