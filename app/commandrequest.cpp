// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The command line's grammar: from the arguments to a CommandRequest.

#include "app/commandrequest.h"

#include "app/commandtable.h"
#include "app/usageerror.h"
#include "io/builtinmodel.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QFileInfo>
#include <QSet>

namespace AttentionLab {

namespace {

const QStringList kSections = {QStringLiteral("one"),    QStringLiteral("select"),
                               QStringLiteral("scale"),  QStringLiteral("mask"),
                               QStringLiteral("params"), QStringLiteral("cost")};

/// Options that take a value, and the commands each one applies to.
const QMap<QString, QStringList> kValueOptions = {
    {QStringLiteral("seed"),
     {QStringLiteral("scale"), QStringLiteral("generate"), QStringLiteral("animate"),
      QStringLiteral("model"), QStringLiteral("sweep")}},
    {QStringLiteral("repeat-random"), {QStringLiteral("model"), QStringLiteral("sweep")}},
    {QStringLiteral("ablate"), {QStringLiteral("model")}},
    {QStringLiteral("knockout"), {QStringLiteral("model")}},
    {QStringLiteral("ablation"), {QStringLiteral("model"), QStringLiteral("sweep")}},
    {QStringLiteral("position"),
     {QStringLiteral("model"), QStringLiteral("sweep"), QStringLiteral("patch")}},
    {QStringLiteral("clean"), {QStringLiteral("patch")}},
    {QStringLiteral("corrupt"), {QStringLiteral("patch")}},
    {QStringLiteral("over"), {QStringLiteral("patch")}},
    {QStringLiteral("temperature"), {QStringLiteral("generate"), QStringLiteral("animate")}},
    {QStringLiteral("top-k"), {QStringLiteral("generate"), QStringLiteral("animate")}},
    {QStringLiteral("top-p"), {QStringLiteral("generate"), QStringLiteral("animate")}},
    {QStringLiteral("draws"), {QStringLiteral("scale")}},
    {QStringLiteral("keys"), {QStringLiteral("scale")}},
    {QStringLiteral("dk"), {QStringLiteral("scale")}},
    {QStringLiteral("soft-cap"), {QStringLiteral("scale")}},
    {QStringLiteral("vocab"), {QStringLiteral("params")}},
    {QStringLiteral("d-model"), {QStringLiteral("params")}},
    {QStringLiteral("layers"), {QStringLiteral("params")}},
    {QStringLiteral("heads"), {QStringLiteral("params")}},
    {QStringLiteral("ffn"), {QStringLiteral("params")}},
    {QStringLiteral("n"), {QStringLiteral("cost"), QStringLiteral("bench")}},
    {QStringLiteral("d"), {QStringLiteral("cost"), QStringLiteral("bench")}},
    {QStringLiteral("output"),
     {QStringLiteral("export"), QStringLiteral("animate"), QStringLiteral("model"),
      QStringLiteral("generate"), QStringLiteral("sweep"), QStringLiteral("patch")}},
    {QStringLiteral("sweep"), {QStringLiteral("animate")}},
    {QStringLiteral("frames"), {QStringLiteral("animate")}},
    {QStringLiteral("fps"), {QStringLiteral("animate")}},
    {QStringLiteral("hold"), {QStringLiteral("animate")}},
    {QStringLiteral("model"), {QStringLiteral("bench")}},
    {QStringLiteral("view"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("width"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("height"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("scale-factor"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("colormap"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("theme"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("numbers"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("title"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("tokens"),
     {QStringLiteral("inspect"), QStringLiteral("export"), QStringLiteral("animate"),
      QStringLiteral("generate"), QStringLiteral("bench")}},
    {QStringLiteral("batch"),
     {QStringLiteral("inspect"), QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("layout"),
     {QStringLiteral("inspect"), QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("set"),
     {QStringLiteral("inspect"), QStringLiteral("export"), QStringLiteral("animate"),
      QStringLiteral("model"), QStringLiteral("sweep"), QStringLiteral("patch")}},
    {QStringLiteral("target"),
     {QStringLiteral("model"), QStringLiteral("generate"), QStringLiteral("sweep"),
      QStringLiteral("patch")}},
    {QStringLiteral("layer"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("head"), {QStringLiteral("export"), QStringLiteral("animate")}},
    {QStringLiteral("text"),
     {QStringLiteral("tokenize"), QStringLiteral("model"), QStringLiteral("generate"),
      QStringLiteral("lens"), QStringLiteral("animate"), QStringLiteral("sweep")}},
    {QStringLiteral("pair"), {QStringLiteral("tokenize"), QStringLiteral("model")}},
    {QStringLiteral("session"), {QStringLiteral("model")}},
};

/// The commands (commandtable.cpp's) that take a FILE (or a model's folder).
const QStringList kFileCommands = {QStringLiteral("eval"),     QStringLiteral("export"),
                                   QStringLiteral("animate"),  QStringLiteral("inspect"),
                                   QStringLiteral("tokenize"), QStringLiteral("model"),
                                   QStringLiteral("generate"), QStringLiteral("lens"),
                                   QStringLiteral("sweep"),    QStringLiteral("patch")};
/// The commands that read a text with a model: a folder, --text, --bos and --no-bos.
const QStringList kTextCommands = {QStringLiteral("tokenize"), QStringLiteral("model"),
                                   QStringLiteral("generate"), QStringLiteral("lens"),
                                   QStringLiteral("sweep")};
/// The commands that measure a pass: --measure SPEC, as often as wanted.
const QStringList kMeasureCommands = {QStringLiteral("model"), QStringLiteral("sweep"),
                                      QStringLiteral("patch")};

} // namespace

[[noreturn]] void usageError(const QString &message)
{
    throw UsageError{message};
}

long long parseInteger(const QString &option, const QString &text, long long min, long long max)
{
    bool ok = false;
    const long long value = text.trimmed().toLongLong(&ok);
    if (!ok)
        usageError(
            QStringLiteral("--%1: \"%2\" is not a whole number").arg(option, inputText(text)));
    if (value < min || value > max)
        usageError(QStringLiteral("--%1: %2 is out of range (%3 to %4)")
                       .arg(option, inputText(text), QString::number(min), QString::number(max)));
    return value;
}

std::vector<long long> parseList(const QString &option, const QString &text, long long min,
                                 long long max)
{
    std::vector<long long> values;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString &part : parts) {
        if (part.trimmed().isEmpty())
            usageError(QStringLiteral("--%1: \"%2\" has an empty entry; give numbers separated by "
                                      "commas, such as 4,16,64")
                           .arg(option, inputText(text)));
        values.push_back(parseInteger(option, part, min, max));
    }
    return values;
}

CommandRequest parseCommandLine(const QStringList &args)
{
    CommandRequest r;
    QSet<QString> sections;
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &arg = args[i];
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            r.help = true;
            continue;
        }
        if (arg == QLatin1String("--version") || arg == QLatin1String("-v")) {
            r.version = true;
            continue;
        }
        if (arg.startsWith(QLatin1String("--"))) {
            QString name = arg.mid(2);
            QString value;
            bool hasValue = false;
            const qsizetype eq = name.indexOf(QLatin1Char('='));
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
                hasValue = true;
            }
            static const QMap<QString, bool CommandRequest::*> flags{
                {QStringLiteral("json"), &CommandRequest::json},
                {QStringLiteral("gui"), &CommandRequest::gui},
                {QStringLiteral("transparent"), &CommandRequest::transparent},
                {QStringLiteral("words"), &CommandRequest::words},
                {QStringLiteral("bos"), &CommandRequest::bos},
                {QStringLiteral("no-bos"), &CommandRequest::noBos},
                {QStringLiteral("greedy"), &CommandRequest::greedy},
                {QStringLiteral("generate"), &CommandRequest::generate}};
            if (flags.contains(name)) {
                if (hasValue)
                    usageError(QStringLiteral("--%1 takes no value").arg(name));
                r.*flags.value(name) = true;
            } else if (name == QLatin1String("target") && r.command == QLatin1String("tokenize")) {
                // After `tokenize`, --target reads the text with the target's tokenizer.
                if (hasValue)
                    usageError(QStringLiteral("tokenize --target takes no value: it reads --text "
                                              "with an encoder-decoder's target tokenizer"));
                r.target = true;
            } else if (name == QLatin1String("scale") && (r.command == QLatin1String("export") ||
                                                          r.command == QLatin1String("animate"))) {
                // After `export` and `animate`, --scale S is the pixel scale factor.
                if (!hasValue) {
                    if (i + 1 >= args.size())
                        usageError(QStringLiteral("--scale needs a value"));
                    value = args[++i];
                }
                r.values.insert(QStringLiteral("scale-factor"), value);
            } else if (name == QLatin1String("measure")) {
                if (!hasValue) {
                    if (i + 1 >= args.size())
                        usageError(QStringLiteral("--measure needs a value"));
                    value = args[++i];
                }
                r.measures << value;
            } else if (kSections.contains(name)) {
                if (hasValue)
                    usageError(QStringLiteral("--%1 takes no value").arg(name));
                sections.insert(name);
            } else if (kValueOptions.contains(name)) {
                if (!hasValue) {
                    if (i + 1 >= args.size())
                        usageError(QStringLiteral("--%1 needs a value").arg(name));
                    value = args[++i];
                }
                if (r.values.contains(name))
                    usageError(QStringLiteral("--%1 is given twice").arg(name));
                r.values.insert(name, value);
            } else {
                usageError(QStringLiteral("unknown option \"%1\" (see attention-lab --help)")
                               .arg(inputText(arg)));
            }
            continue;
        }
        if (arg == QLatin1String("-o")) {
            if (i + 1 >= args.size())
                usageError(QStringLiteral("-o needs a file name"));
            if (r.values.contains(QStringLiteral("output")))
                usageError(QStringLiteral("-o is given twice"));
            r.values.insert(QStringLiteral("output"), args[++i]);
            continue;
        }
        if (arg.startsWith(QLatin1Char('-')) && arg.size() > 1)
            usageError(QStringLiteral("unknown option \"%1\" (see attention-lab --help)")
                           .arg(inputText(arg)));
        if (r.command.isEmpty() && findCommand(arg)) {
            r.command = arg;
        } else if (kFileCommands.contains(r.command) && r.file.isEmpty()) {
            r.file = arg;
        } else if (r.command.isEmpty() && args.size() == 2 && !QFileInfo::exists(arg) &&
                   (arg.contains(QLatin1Char('/')) || arg.contains(QLatin1Char('.')))) {
            // `attention-lab PATH` opens a file or a model's folder in the
            // window: a mistyped path is a missing file, not a bad argument.
            usageError(QStringLiteral("%1: no such file or folder").arg(inputText(arg)));
        } else if (r.command.isEmpty() && args.size() == 2 && QFileInfo::exists(arg)) {
            // A path the window does not open: say what it is not.
            const QFileInfo info(arg);
            usageError(info.isFile()
                           ? QStringLiteral("%1: neither a session (.json) nor an attention file "
                                            "(.npy, .npz, .safetensors), which the window opens")
                                 .arg(inputText(arg))
                           : QStringLiteral("%1 is neither a regular file nor a folder")
                                 .arg(inputText(arg)));
        } else {
            usageError(QStringLiteral("unexpected argument \"%1\" (see attention-lab --help)")
                           .arg(inputText(arg)));
        }
    }
    for (const QString &s : kSections) {
        if (sections.contains(s))
            r.sections << s;
    }
    if (!r.command.isEmpty() && !r.sections.isEmpty())
        usageError(
            QStringLiteral("%1 cannot be combined with --%2").arg(r.command, r.sections.first()));
    if (r.gui && r.command != QLatin1String("bench"))
        usageError(QStringLiteral("--gui applies to bench"));
    if (r.command == QLatin1String("eval") && r.file.isEmpty())
        usageError(QStringLiteral("eval needs a session file: attention-lab eval FILE"));
    if (r.command == QLatin1String("export") && r.file.isEmpty())
        usageError(QStringLiteral("export needs a session or attention file: attention-lab export "
                                  "SESSION.json -o OUT.png"));
    if (r.command == QLatin1String("animate") && r.file.isEmpty())
        usageError(QStringLiteral("animate needs a session or attention file: attention-lab "
                                  "animate SESSION.json -o OUT.gif --sweep SPEC"));
    if (r.command == QLatin1String("inspect") && r.file.isEmpty())
        usageError(QStringLiteral("inspect needs an attention file: attention-lab inspect "
                                  "FILE.npy|.npz|.safetensors"));
    if (kTextCommands.contains(r.command) && r.file.isEmpty())
        usageError(QStringLiteral("%1 needs a model's folder: attention-lab %1 DIR --text TEXT")
                       .arg(r.command));
    const bool probe = r.values.contains(QStringLiteral("repeat-random"));
    if (probe && r.values.contains(QStringLiteral("text")))
        usageError(QStringLiteral("--repeat-random makes the model's input: give it or --text, "
                                  "not both"));
    if (r.values.contains(QStringLiteral("seed")) &&
        (r.command == QLatin1String("model") || r.command == QLatin1String("sweep")) && !probe)
        usageError(QStringLiteral("--seed applies to %1 --repeat-random N").arg(r.command));
    if (!r.measures.isEmpty() && !kMeasureCommands.contains(r.command))
        usageError(QStringLiteral("--measure applies to model, sweep and patch"));
    if (r.command == QLatin1String("patch")) {
        if (r.file.isEmpty())
            usageError(QStringLiteral("patch needs a model's folder: attention-lab patch DIR "
                                      "--clean TEXT --corrupt TEXT --measure SPEC"));
        for (const char *text : {"clean", "corrupt"})
            if (!r.values.contains(QLatin1String(text)))
                usageError(
                    QStringLiteral("patch needs the %1 text: --%1 TEXT").arg(QLatin1String(text)));
    }
    if (kTextCommands.contains(r.command) && !r.values.contains(QStringLiteral("text")) && !probe)
        usageError(QStringLiteral("%1 needs the text to read: --text TEXT").arg(r.command));
    // animate reads a text with a model too, for --sweep generation.
    const bool readsText = kTextCommands.contains(r.command) ||
                           r.command == QLatin1String("animate") ||
                           r.command == QLatin1String("patch");
    if (r.bos && !readsText)
        usageError(QStringLiteral(
            "--bos applies to tokenize, model, generate, lens, sweep, patch and animate"));
    if (r.noBos && !readsText)
        usageError(QStringLiteral(
            "--no-bos applies to tokenize, model, generate, lens, sweep, patch and animate"));
    if (r.greedy && r.command != QLatin1String("generate") && r.command != QLatin1String("animate"))
        usageError(QStringLiteral("--greedy applies to generate and animate"));
    if (r.generate && r.command != QLatin1String("bench"))
        usageError(QStringLiteral("--generate applies to bench --model"));
    if (r.bos && r.noBos)
        usageError(QStringLiteral("--bos and --no-bos contradict each other; give one"));
    if (r.transparent && r.command != QLatin1String("export"))
        usageError(QStringLiteral("--transparent applies to export"));
    if (r.words && r.command != QLatin1String("export") && r.command != QLatin1String("animate"))
        usageError(QStringLiteral("--words applies to export and animate"));
    // Every value option must belong to something that was asked for.
    for (auto it = r.values.cbegin(); it != r.values.cend(); ++it) {
        const QStringList &owners = kValueOptions.value(it.key());
        bool used = owners.contains(r.command);
        for (const QString &s : r.sections)
            used = used || owners.contains(s);
        if (!used) {
            QStringList names;
            for (const QString &owner : owners)
                names << (kSections.contains(owner) ? QStringLiteral("--") + owner : owner);
            usageError(QStringLiteral("--%1 applies to %2")
                           .arg(it.key(), names.join(QStringLiteral(" and "))));
        }
    }
    // `builtin` stands for the shipped model wherever a model's folder goes.
    try {
        // animate too: its --sweep generation takes a model's folder (issue 36, item 11).
        if (readsText)
            r.file = BuiltinModel::resolve(r.file);
        if (r.values.contains(QStringLiteral("model")))
            r.values.insert(QStringLiteral("model"),
                            BuiltinModel::resolve(r.values.value(QStringLiteral("model"))));
    } catch (const ReadError &error) {
        usageError(error.message);
    }
    return r;
}

} // namespace AttentionLab
