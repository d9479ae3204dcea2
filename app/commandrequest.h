// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

#include <vector>

namespace AttentionLab {

/// What the arguments asked for.
struct CommandRequest
{
    QStringList sections; // in the chapter's order
    QString command;      // "eval", "bench", "export", "animate", "inspect", "tokenize", "model",
                          // "generate", "lens", "sweep", "patch" or empty
    QString file;         // the FILE of eval, export and inspect; the folder of tokenize and model
    QMap<QString, QString> values; // --name value
    QStringList measures;          // model, sweep and patch: each --measure SPEC, in order
    bool json = false;
    bool gui = false;
    bool transparent = false;
    bool words = false;    // export of an attention file: word-level merging
    bool bos = false;      // tokenize and model: begin with the beginning-of-text token
    bool noBos = false;    // tokenize and model: without it, whatever tokenizer.json says
    bool greedy = false;   // generate: the arg-max at every step (the default)
    bool generate = false; // bench --model: generation with the key/value cache
    bool target = false;   // tokenize: the encoder-decoder's target tokenizer

    /// --bos, --no-bos, or neither (the tokenizer's own choice).
    std::optional<bool> bosChoice() const
    {
        return bos ? std::optional<bool>(true) : noBos ? std::optional<bool>(false) : std::nullopt;
    }
    bool help = false;
    bool version = false;
};

/// The argument grammar: sections, commands, options with and without a
/// value, and which option belongs to which command. Throws UsageError, with
/// one line saying what is wrong, for anything it cannot take.
CommandRequest parseCommandLine(const QStringList &arguments);

/// Throws UsageError with \a message.
[[noreturn]] void usageError(const QString &message);
/// --option's \a text as a whole number in [\a min, \a max]; UsageError otherwise.
long long parseInteger(const QString &option, const QString &text, long long min, long long max);
/// A comma-separated list of such numbers.
std::vector<long long> parseList(const QString &option, const QString &text, long long min,
                                 long long max);

} // namespace AttentionLab
