#include "app/commandline.h"

#include "app/benchmark.h"
#include "app/chapterreports.h"
#include "core/attention.h"
#include "app/evalreport.h"
#include "ui/figure/figureexporter.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"
#include "io/sessionreader.h"
#include "app/usageerror.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QSet>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>

namespace AttentionLab {

namespace {

const QStringList kSections = {QStringLiteral("one"),    QStringLiteral("select"),
                               QStringLiteral("scale"),  QStringLiteral("mask"),
                               QStringLiteral("params"), QStringLiteral("cost")};

/// Options that take a value, and the commands each one applies to.
const QMap<QString, QStringList> kValueOptions = {
    {QStringLiteral("seed"), {QStringLiteral("scale")}},
    {QStringLiteral("draws"), {QStringLiteral("scale")}},
    {QStringLiteral("keys"), {QStringLiteral("scale")}},
    {QStringLiteral("dk"), {QStringLiteral("scale")}},
    {QStringLiteral("vocab"), {QStringLiteral("params")}},
    {QStringLiteral("d-model"), {QStringLiteral("params")}},
    {QStringLiteral("layers"), {QStringLiteral("params")}},
    {QStringLiteral("heads"), {QStringLiteral("params")}},
    {QStringLiteral("ffn"), {QStringLiteral("params")}},
    {QStringLiteral("n"), {QStringLiteral("cost"), QStringLiteral("bench")}},
    {QStringLiteral("d"), {QStringLiteral("cost"), QStringLiteral("bench")}},
    {QStringLiteral("output"), {QStringLiteral("export")}},
    {QStringLiteral("view"), {QStringLiteral("export")}},
    {QStringLiteral("width"), {QStringLiteral("export")}},
    {QStringLiteral("height"), {QStringLiteral("export")}},
    {QStringLiteral("scale-factor"), {QStringLiteral("export")}},
    {QStringLiteral("colormap"), {QStringLiteral("export")}},
    {QStringLiteral("theme"), {QStringLiteral("export")}},
    {QStringLiteral("numbers"), {QStringLiteral("export")}},
    {QStringLiteral("title"), {QStringLiteral("export")}},
};

[[noreturn]] void usageError(const QString &message)
{
    throw UsageError{message};
}

long long parseInteger(const QString &option, const QString &text, long long min, long long max)
{
    bool ok = false;
    const long long value = text.trimmed().toLongLong(&ok);
    if (!ok)
        usageError(QStringLiteral("--%1: \"%2\" is not a whole number").arg(option, inputText(text)));
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

/// What the arguments asked for.
struct Request
{
    QStringList sections;          // in the chapter's order
    QString command;               // "eval", "bench" or empty
    QString file;                  // eval's FILE
    QMap<QString, QString> values; // --name value
    bool json = false;
    bool gui = false;
    bool transparent = false;
    bool help = false;
    bool version = false;
};

Request parse(const QStringList &args)
{
    Request r;
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
            static const QMap<QString, bool Request::*> flags{{QStringLiteral("json"), &Request::json},
                                                             {QStringLiteral("gui"), &Request::gui},
                                                             {QStringLiteral("transparent"), &Request::transparent}};
            if (flags.contains(name)) {
                if (hasValue)
                    usageError(QStringLiteral("--%1 takes no value").arg(name));
                r.*flags.value(name) = true;
            } else if (name == QLatin1String("scale") && r.command == QLatin1String("export")) {
                // After `export`, --scale S is the pixel scale factor.
                if (!hasValue) {
                    if (i + 1 >= args.size())
                        usageError(QStringLiteral("--scale needs a value"));
                    value = args[++i];
                }
                r.values.insert(QStringLiteral("scale-factor"), value);
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
                usageError(QStringLiteral("unknown option \"%1\" (see attention-lab --help)").arg(inputText(arg)));
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
            usageError(QStringLiteral("unknown option \"%1\" (see attention-lab --help)").arg(inputText(arg)));
        if (r.command.isEmpty() && (arg == QLatin1String("eval") || arg == QLatin1String("bench") ||
                                    arg == QLatin1String("export"))) {
            r.command = arg;
        } else if ((r.command == QLatin1String("eval") || r.command == QLatin1String("export")) &&
                   r.file.isEmpty()) {
            r.file = arg;
        } else {
            usageError(QStringLiteral("unexpected argument \"%1\" (see attention-lab --help)").arg(inputText(arg)));
        }
    }
    for (const QString &s : kSections) {
        if (sections.contains(s))
            r.sections << s;
    }
    if (!r.command.isEmpty() && !r.sections.isEmpty())
        usageError(QStringLiteral("%1 cannot be combined with --%2").arg(r.command, r.sections.first()));
    if (r.gui && r.command != QLatin1String("bench"))
        usageError(QStringLiteral("--gui applies to bench"));
    if (r.command == QLatin1String("eval") && r.file.isEmpty())
        usageError(QStringLiteral("eval needs a session file: attention-lab eval FILE"));
    if (r.command == QLatin1String("export") && r.file.isEmpty())
        usageError(QStringLiteral("export needs a session file: attention-lab export SESSION.json -o OUT.png"));
    if (r.transparent && r.command != QLatin1String("export"))
        usageError(QStringLiteral("--transparent applies to export"));
    // Every value option must belong to something that was asked for.
    for (auto it = r.values.cbegin(); it != r.values.cend(); ++it) {
        const QStringList &owners = kValueOptions.value(it.key());
        bool used = owners.contains(r.command);
        for (const QString &s : r.sections)
            used = used || owners.contains(s);
        if (!used)
            usageError(QStringLiteral("--%1 applies to %2").arg(
                it.key(), owners.size() == 1 ? QStringLiteral("--") + owners.first()
                                             : QStringLiteral("--cost and bench")));
    }
    return r;
}

ScaleExperimentSettings scaleSettings(const Request &r)
{
    ScaleExperimentSettings s;
    if (r.values.contains(QStringLiteral("seed"))) {
        bool ok = false;
        s.seed = r.values.value(QStringLiteral("seed")).trimmed().toULongLong(&ok);
        if (!ok)
            usageError(QStringLiteral("--seed: \"%1\" is not a whole number from 0 to %2")
                           .arg(inputText(r.values.value(QStringLiteral("seed"))),
                                QString::number(std::numeric_limits<qulonglong>::max())));
    }
    if (r.values.contains(QStringLiteral("draws")))
        s.draws = int(parseInteger(QStringLiteral("draws"), r.values.value(QStringLiteral("draws")), 1, 1'000'000));
    if (r.values.contains(QStringLiteral("keys")))
        s.keys = int(parseInteger(QStringLiteral("keys"), r.values.value(QStringLiteral("keys")), 2, 100'000));
    if (r.values.contains(QStringLiteral("dk"))) {
        s.keyDims.clear();
        for (long long d : parseList(QStringLiteral("dk"), r.values.value(QStringLiteral("dk")), 1, 1'000'000))
            s.keyDims.push_back(int(d));
    }
    return s;
}

TransformerConfig transformerConfig(const Request &r)
{
    TransformerConfig c;
    constexpr long long big = 1'000'000'000'000LL;
    auto take = [&](const char *name, std::int64_t &field) {
        const QString key = QLatin1StringView(name);
        if (r.values.contains(key))
            field = parseInteger(key, r.values.value(key), 1, big);
    };
    take("vocab", c.vocabulary);
    take("d-model", c.modelDim);
    take("layers", c.layers);
    take("heads", c.heads);
    take("ffn", c.feedForward);
    return c;
}

void print(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

void printJson(const QJsonObject &object)
{
    print(stdout, QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented)));
}

Report runSection(const QString &section, const Request &r)
{
    if (section == QLatin1String("one"))
        return ChapterReports::one();
    if (section == QLatin1String("select"))
        return ChapterReports::select();
    if (section == QLatin1String("scale"))
        return ChapterReports::scale(scaleSettings(r));
    if (section == QLatin1String("mask"))
        return ChapterReports::mask();
    if (section == QLatin1String("params"))
        return ChapterReports::params(transformerConfig(r));
    // cost
    std::vector<std::int64_t> lengths{128, 512, 2048, 8192, 32768};
    if (r.values.contains(QStringLiteral("n"))) {
        lengths.clear();
        for (long long n : parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, 1'000'000'000))
            lengths.push_back(n);
    }
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")), 1, 1'000'000)
                            : 64;
    return ChapterReports::cost(lengths, d);
}

/// Reads and attends a session for eval and export; UsageError on failure.
struct LoadedSession
{
    Session session;
    AttentionResult result;
};

LoadedSession loadSession(const QString &path,
                          const std::function<void(const Session &)> &beforeAttending = {})
{
    SessionReader reader;
    std::optional<Session> session = reader.readFile(path);
    if (!session)
        throw UsageError{reader.errorString()};
    try {
        if (beforeAttending)
            beforeAttending(*session);
        AttentionResult result = attend(session->queries, session->keys, session->effectiveValues(),
                                        session->options);
        return {std::move(*session), std::move(result)};
    } catch (const std::invalid_argument &error) {
        throw UsageError{inputText(path) + QStringLiteral(": ") + QString::fromUtf8(error.what())};
    }
}

int runEval(const Request &r)
{
    // The reader has checked what the pass will hold; the JSON is written as
    // it is formatted, so the output holds only a small buffer more.
    const LoadedSession loaded = loadSession(r.file);
    // eval always speaks JSON (--json is accepted): it is meant for scripts.
    JsonStreamWriter out(stdout);
    writeEvalReport(loaded.session, loaded.result, out);
    if (!out.finish())
        throw UsageError{QStringLiteral("cannot write the output: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))};
    return 0;
}

int runExport(const Request &r)
{
    const QString output = r.values.value(QStringLiteral("output"));
    if (output.isEmpty())
        usageError(QStringLiteral("export needs an output file: -o OUT.png, OUT.svg or OUT.pdf"));
    if (!FigureExporter::formatFor(output))
        usageError(QStringLiteral("%1: unknown format \"%2\": use .png, .svg or .pdf")
                       .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("figure"));
    const FigureView *view = findFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" (use %2)").arg(inputText(viewName), figureViewNames()));

    ExportSize size;
    const bool hasWidth = r.values.contains(QStringLiteral("width"));
    const bool hasHeight = r.values.contains(QStringLiteral("height"));
    if (hasWidth != hasHeight)
        usageError(QStringLiteral("--width and --height go together"));
    if (hasWidth) {
        if (r.values.contains(QStringLiteral("scale-factor")))
            usageError(QStringLiteral("give --width and --height, or --scale, not both"));
        size.width = int(parseInteger(QStringLiteral("width"), r.values.value(QStringLiteral("width")), 16,
                                      FigureExporter::kMaxEdge));
        size.height = int(parseInteger(QStringLiteral("height"), r.values.value(QStringLiteral("height")), 16,
                                       FigureExporter::kMaxEdge));
    }
    if (r.values.contains(QStringLiteral("scale-factor"))) {
        bool ok = false;
        size.scale = r.values.value(QStringLiteral("scale-factor")).toDouble(&ok);
        if (!ok || !(size.scale >= 0.1 && size.scale <= 8.0))
            usageError(QStringLiteral("--scale: \"%1\" is not a scale factor from 0.1 to 8")
                           .arg(inputText(r.values.value(QStringLiteral("scale-factor")))));
    }

    FigureStyle style;
    if (r.values.contains(QStringLiteral("colormap"))) {
        const auto map = ColorMaps::fromKey(r.values.value(QStringLiteral("colormap")));
        if (!map)
            usageError(QStringLiteral("--colormap: unknown colour map \"%1\" (use viridis, cividis, "
                                      "greyscale or high-contrast)")
                           .arg(inputText(r.values.value(QStringLiteral("colormap")))));
        style.colorMap = *map;
    }
    if (r.values.contains(QStringLiteral("theme"))) {
        const QString theme = r.values.value(QStringLiteral("theme"));
        if (theme != QLatin1String("light") && theme != QLatin1String("dark"))
            usageError(QStringLiteral("--theme: \"%1\" is not light or dark").arg(inputText(theme)));
        style.theme = theme == QLatin1String("dark") ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    }
    if (r.values.contains(QStringLiteral("numbers"))) {
        const QString numbers = r.values.value(QStringLiteral("numbers"));
        if (numbers != QLatin1String("on") && numbers != QLatin1String("off"))
            usageError(QStringLiteral("--numbers: \"%1\" is not on or off").arg(inputText(numbers)));
        style.numbers = numbers == QLatin1String("on");
    }
    style.title = r.values.value(QStringLiteral("title"));
    style.transparent = r.transparent;

    // What the export will hold is known before the pass is computed.
    const QSize pixels = FigureExporter::pixelSize(*view, size);
    const LoadedSession loaded = loadSession(r.file, [&](const Session &session) {
        if (!pixels.isEmpty())
            FigureExporter::requireExportMemory(session, pixels);
    });
    FigureExporter exporter;
    if (!exporter.exportFile(output, *view, FigureData{loaded.session, loaded.result}, style, size))
        throw UsageError{exporter.errorString()};
    return 0; // silent on success, as a slide pipeline wants
}

int runBench(const Request &r, const CommandLine::GuiBenchmark &guiBenchmark)
{
    std::vector<long long> lengths = r.gui ? std::vector<long long>{16, 256, 1024}
                                           : std::vector<long long>{64, 256, 1024, 4096};
    const long long maxTokens = r.gui ? 4096 : 1'000'000;
    if (r.values.contains(QStringLiteral("n")))
        lengths = parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, maxTokens);
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")), 1,
                                           r.gui ? 4096 : 100'000)
                            : 64;
    if (r.gui && !guiBenchmark)
        usageError(QStringLiteral("--gui is not available in this build"));
    const Report report = r.gui ? guiBenchmark(lengths, d) : benchmarkReport(lengths, d);
    if (r.json)
        printJson(report.json);
    else
        print(stdout, report.text);
    return 0;
}

} // namespace

CommandLine::CommandLine(QStringList arguments)
    : m_arguments(std::move(arguments))
{
}

bool CommandLine::wantsExport(const QStringList &arguments)
{
    return arguments.size() > 1 && arguments.contains(QStringLiteral("export"));
}

bool CommandLine::wantsGuiBenchmark(const QStringList &arguments)
{
    return arguments.contains(QStringLiteral("bench")) && arguments.contains(QStringLiteral("--gui"));
}

QString CommandLine::usage()
{
    return QStringLiteral(
        "Usage: attention-lab [SECTION...] [--json] [OPTIONS]\n"
        "       attention-lab eval FILE\n"
        "       attention-lab bench [--n 64,256,1024,4096] [--d 64] [--json]\n"
        "       attention-lab bench --gui [--n 16,256,1024] [--d 64] [--json]\n"
        "       attention-lab export SESSION.json -o OUT.(png|svg|pdf) [--view VIEW]\n"
        "             [--width W --height H | --scale S] [--colormap NAME]\n"
        "             [--theme light|dark] [--numbers on|off] [--title TEXT] [--transparent]\n"
        "       attention-lab [--presentation] [SESSION.json]   (the window)\n"
        "\n"
        "Attention Lab makes Eq. 16.2, softmax(QK^T / sqrt(d_k)) V, something to watch\n"
        "and touch. With no arguments it opens the main window. The sections print the\n"
        "tables of Chapter 16, as its attention.py does:\n"
        "\n"
        "  --one       the lecture example: one query against three keys, every number\n"
        "  --select    keys that disagree: queries that commit and one that cannot\n"
        "  --scale     the softmax saturating without sqrt(d_k)\n"
        "                --seed S (0)  --draws N (200)  --keys K (8)\n"
        "                --dk 4,16,64,256,1024\n"
        "  --mask      mask then softmax, against softmax then mask\n"
        "  --params    a transformer's parameters, counted\n"
        "                --vocab 50000  --d-model 512  --layers 6  --heads 8  --ffn 2048\n"
        "  --cost      what the sequence length costs one head\n"
        "                --n 128,512,2048,8192,32768  --d 64\n"
        "  --json      print the same data as one JSON object instead of tables\n"
        "\n"
        "  eval FILE   every number of a session file, as JSON: scores, logits (masked\n"
        "              cells null), weights, row sums, entropies and the output\n"
        "  export      a figure of a session as PNG, SVG or PDF, with no display needed;\n"
        "              views: figure (default), weights, scores, logits, entropy,\n"
        "              geometry, scale, mask, heads, positional, params, cost;\n"
        "              colour maps: viridis, cividis, greyscale, high-contrast\n"
        "  bench       median milliseconds of a full causal pass for each n\n"
        "  bench --gui median milliseconds from moving a key to every view repainted,\n"
        "              in the real window on the offscreen platform, and the start-up\n"
        "\n"
        "  -h, --help     show this text\n"
        "  -v, --version  show the version\n"
        "\n"
        "Exit status: 0 on success, 2 when the arguments or a file cannot be used.\n");
}

int CommandLine::run()
{
    try {
        const Request r = parse(m_arguments);
        if (r.help) {
            print(stdout, usage());
            return 0;
        }
        if (r.version) {
            print(stdout, QStringLiteral("attention-lab " ATTENTIONLAB_VERSION "\n"));
            return 0;
        }
        if (r.command == QLatin1String("eval"))
            return runEval(r);
        if (r.command == QLatin1String("bench"))
            return runBench(r, m_guiBenchmark);
        if (r.command == QLatin1String("export"))
            return runExport(r);
        if (r.sections.isEmpty()) {
            if (r.json)
                usageError(QStringLiteral("--json needs a section such as --one (see attention-lab --help)"));
            print(stdout, usage());
            return 0;
        }
        QJsonObject combined;
        QStringList texts;
        for (const QString &section : r.sections) {
            Report report = runSection(section, r);
            if (r.sections.size() == 1)
                combined = report.json;
            else
                combined.insert(section, report.json);
            texts << report.text;
        }
        if (r.json)
            printJson(combined);
        else
            print(stdout, texts.join(QStringLiteral("\n\n")));
        return 0;
    } catch (const UsageError &error) {
        print(stderr, QStringLiteral("attention-lab: ") + error.message + QLatin1Char('\n'));
        return 2;
    } catch (const std::invalid_argument &error) {
        print(stderr, QStringLiteral("attention-lab: ") + QString::fromUtf8(error.what()) + QLatin1Char('\n'));
        return 2;
    } catch (const std::bad_alloc &) {
        print(stderr, QStringLiteral("attention-lab: out of memory\n"));
        return 2;
    }
}

} // namespace AttentionLab
