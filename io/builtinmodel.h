// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace AttentionLab {

/**
 * A model shipped with the program, trained by the project's own scripts:
 * where its folder is, and the name that stands for it wherever a model's
 * folder is asked for. There are two:
 *  - gpt2(), "builtin": a 4-layer GPT-2 trained on WordNet's definitions
 *    (resources/models/builtin, scripts/train_builtin_model.py);
 *  - translator(), "builtin-en-fr": a Marian English-to-French translator
 *    trained on Debian's French message catalogues
 *    (resources/models/builtin-en-fr, scripts/train_translator.py).
 */
class BuiltinModel
{
public:
    static const BuiltinModel &gpt2();
    static const BuiltinModel &translator();
    static std::vector<const BuiltinModel *> all();
    /// The built-in model named \a argument, or null.
    static const BuiltinModel *named(const QString &argument);
    /// \a argument itself, or the folder of the built-in model it names;
    /// throws ReadError, one line naming where it looked, when that model is
    /// not there.
    static QString resolve(const QString &argument);

    /// "builtin", "builtin-en-fr": the command line's and the window argument's name.
    QString argument() const { return m_argument; }
    /// For people: "a 4-layer GPT-2 trained on WordNet's definitions and examples".
    QString description() const { return m_description; }
    /// The text it opens on (the translator's: its source).
    QString exampleText() const { return m_exampleText; }
    /// The folders looked in, in order: the installed copy beside the program
    /// (../share/attention-lab/models/NAME), the system's data folders
    /// (attention-lab/models/NAME), and, for a program run from its build
    /// tree, the source tree's resources/models/NAME.
    QStringList candidates() const;
    /// The first candidate holding config.json, or empty when none does.
    QString folder() const;

private:
    BuiltinModel(QString argument, QString subfolder, QString description, QString exampleText);
    QString m_argument, m_subfolder, m_description, m_exampleText;
};

} // namespace AttentionLab
