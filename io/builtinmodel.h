// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>
#include <QStringList>

namespace AttentionLab {

/**
 * The model shipped with the program (resources/models/builtin, made by
 * scripts/train_builtin_model.py): where its folder is, and the word
 * "builtin" that stands for it wherever a model's folder is asked for.
 */
class BuiltinModel
{
public:
    /// "builtin": the command line's and the window argument's name for it.
    static QString argument();
    /// For people: "a 4-layer GPT-2 trained on WordNet's definitions and examples".
    static QString description();
    /// The sentence it opens on: its corpus' kind of text, said twice, so
    /// that its induction head has something to find.
    static QString exampleText();
    /// The folders looked in, in order: the installed copy beside the program
    /// (../share/attention-lab/models/builtin), the system's data folders
    /// (attention-lab/models/builtin), and, for a program run from its build
    /// tree, the source tree's resources/models/builtin.
    static QStringList candidates();
    /// The first candidate holding config.json, or empty when none does.
    static QString folder();
    /// \a argument itself, or the built-in model's folder when it is
    /// "builtin"; throws ReadError, one line naming where it looked, when the
    /// built-in model is not there.
    static QString resolve(const QString &argument);
};

} // namespace AttentionLab
