// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/commandline.h"

#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "core/attentioncost.h"

#include "app/benchmark.h"
#include "app/chapterreports.h"
#include "app/evalreport.h"
#include "app/inspectreport.h"
#include "app/modelreport.h"
#include "app/usageerror.h"
#include "core/attention.h"
#include "core/attentionaggregates.h"
#include "core/headscores.h"
#include "core/headsession.h"
#include "core/kernelset.h"
#include "io/attentionfilereader.h"
#include "io/attentionfilewriter.h"
#include "io/inputtextqt.h"
#include "io/jsonstreamwriter.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/sessionreader.h"
#include "io/sessionwriter.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/tensorfigure.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QSet>
#include <QStringDecoder>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>

namespace AttentionLab {

namespace {

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

Report runSection(const QString &section, const CommandRequest &r)
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
    std::vector<std::int64_t> lengths = CostDefaults::kLengths;
    if (r.values.contains(QStringLiteral("n"))) {
        lengths.clear();
        for (long long n : parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1,
                                     CostDefaults::kMaxLength))
            lengths.push_back(n);
    }
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")),
                                           1, CostDefaults::kMaxKeyDim)
                            : CostDefaults::kKeyDim;
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
        AttentionResult result =
            attend(session->queries, session->keys, session->effectiveValues(), session->options);
        return {std::move(*session), std::move(result)};
    } catch (const std::invalid_argument &error) {
        throw UsageError{inputText(path) + QStringLiteral(": ") + QString::fromUtf8(error.what())};
    }
}

int runEval(const CommandRequest &r)
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

/// Reads an attention file with --tokens and --batch; UsageError on failure.
AttentionTensor loadTensor(const CommandRequest &r);

/// `export` of an attention file: the grid, a head, its lines, a layer's
/// average or the rollout.
void exportTensor(const CommandRequest &r, const QString &output, const ExportSize &size,
                  const FigureStyle &style)
{
    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("grid"));
    const TensorFigureView *view = findTensorFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" for an attention file (use %2)")
                       .arg(inputText(viewName), tensorFigureViewNames()));
    const AttentionTensor tensor = loadTensor(r);
    auto index = [&](const QString &option, int count) {
        return r.values.contains(option)
                   ? int(parseInteger(option, r.values.value(option), 0, count - 1))
                   : 0;
    };
    const int layer = index(QStringLiteral("layer"), tensor.layers());
    const int head = index(QStringLiteral("head"), tensor.heads());
    if (view->name == QLatin1String("rollout") && !hasRollout(tensor))
        throw UsageError{QStringLiteral("%1: rollout needs as many queries as keys (this file has "
                                        "%2 queries and %3 keys)")
                             .arg(inputText(r.file))
                             .arg(tensor.queries())
                             .arg(tensor.keys())};
    if (view->name == QLatin1String("rollout"))
        if (const std::string why = rolloutRefusal(tensor); !why.empty())
            throw UsageError{inputText(r.file) + QStringLiteral(": ") +
                             QString::fromStdString(why)};
    const std::vector<HeadScores> scores = scoreHeads(tensor);
    TensorFigureData data{tensor, scores, layer, head, r.words};
    FigureExporter exporter;
    if (!exporter.exportFile(output, tensorExportFigure(*view, data), style, size))
        throw UsageError{exporter.errorString()};
}

int runExport(const CommandRequest &r)
{
    const QString output = r.values.value(QStringLiteral("output"));
    if (output.isEmpty())
        usageError(QStringLiteral("export needs an output file: -o OUT.png, OUT.svg or OUT.pdf"));
    if (!FigureExporter::formatFor(output))
        usageError(QStringLiteral("%1: unknown format \"%2\": use .png, .svg or .pdf")
                       .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const ExportSize size = exportSize(r);
    const FigureStyle style = figureStyle(r);
    if (AttentionFileReader::isAttentionFile(r.file)) {
        exportTensor(r, output, size, style);
        return 0;
    }
    for (const QString &option : {QStringLiteral("layer"), QStringLiteral("head"),
                                  QStringLiteral("tokens"), QStringLiteral("batch")}) {
        if (r.values.contains(option))
            usageError(QStringLiteral("--%1 applies to attention files (.npy, .npz, "
                                      ".safetensors)")
                           .arg(option));
    }
    if (r.words)
        usageError(QStringLiteral("--words applies to attention files (.npy, .npz, .safetensors)"));

    const QString viewName = r.values.value(QStringLiteral("view"), QStringLiteral("figure"));
    const FigureView *view = findFigureView(viewName);
    if (!view)
        usageError(QStringLiteral("--view: unknown view \"%1\" (use %2)")
                       .arg(inputText(viewName), figureViewNames()));

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

/// Reads an attention file with --tokens and --batch; UsageError on failure.
AttentionTensor loadTensor(const CommandRequest &r)
{
    AttentionReadOptions options;
    options.tokensFile = r.values.value(QStringLiteral("tokens"));
    if (r.values.contains(QStringLiteral("batch")))
        options.batch = int(parseInteger(QStringLiteral("batch"),
                                         r.values.value(QStringLiteral("batch")), 0, 1'000'000));
    if (r.values.contains(QStringLiteral("layout"))) {
        const QString layout = r.values.value(QStringLiteral("layout"));
        options.layout = parseBatchLayout(layout);
        if (!options.layout)
            usageError(
                QStringLiteral("--layout: \"%1\" is not LBHQK or BLHQK").arg(inputText(layout)));
    }
    AttentionFileReader reader(options);
    std::optional<AttentionTensor> tensor = reader.readFile(r.file);
    if (!tensor && reader.needsLayout())
        throw UsageError{reader.errorString() +
                         QStringLiteral("; say which with --layout LBHQK or --layout BLHQK")};
    if (!tensor)
        throw UsageError{reader.errorString()};
    return std::move(*tensor);
}

int runInspect(const CommandRequest &r)
{
    const AttentionTensor tensor = loadTensor(r);
    const InspectSummary summary = summarizeTensor(inputText(r.file), tensor, r.json);
    if (!r.json) {
        print(stdout, inspectText(inputText(r.file), tensor, summary));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeInspectJson(tensor, summary, out);
    if (!out.finish())
        throw UsageError{QStringLiteral("cannot write the output: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))};
    return 0;
}

/// Ends a JSON report on stdout; UsageError when it could not be written.
void finishJson(JsonStreamWriter &out)
{
    if (!out.finish())
        throw UsageError{QStringLiteral("cannot write the output: %1")
                             .arg(QString::fromLocal8Bit(std::strerror(errno)))};
}

/// The model's folder of tokenize and model, opened; UsageError on failure.
std::shared_ptr<const PretrainedModel> openModel(const CommandRequest &r)
{
    try {
        std::shared_ptr<const PretrainedModel> model = PretrainedModel::open(r.file);
        for (const QString &warning : model->warnings())
            std::cerr << "attention-lab: warning: " << warning.toStdString() << '\n';
        return model;
    } catch (const ReadError &error) {
        throw UsageError{error.message};
    }
}

/// --text, --pair and --bos, tokenized by \a model; UsageError on failure.
TokenizedText tokenizeRequest(const PretrainedModel &model, const CommandRequest &r)
{
    ModelText text;
    text.text = r.values.value(QStringLiteral("text"));
    if (r.values.contains(QStringLiteral("pair")))
        text.pair = r.values.value(QStringLiteral("pair"));
    text.bos = r.bos;
    try {
        return model.tokenize(text);
    } catch (const ReadError &error) {
        throw UsageError{QStringLiteral("%1: %2").arg(inputText(r.file), error.message)};
    }
}

int runTokenize(const CommandRequest &r)
{
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    const TokenizedText tokens = tokenizeRequest(*model, r);
    if (!r.json) {
        print(stdout, tokenizeText(tokens));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeTokenizeJson(tokens, out);
    finishJson(out);
    return 0;
}

/// --session L.H: the layer and head, checked against the model's.
std::pair<int, int> sessionHead(const QString &text, const ModelConfig &config)
{
    const QStringList parts = text.split(QLatin1Char('.'));
    if (parts.size() != 2)
        usageError(QStringLiteral("--session: \"%1\" is not LAYER.HEAD, such as 5.1")
                       .arg(inputText(text)));
    const int layer = int(parseInteger(QStringLiteral("session"), parts[0], 0, config.layers - 1));
    const int head = int(parseInteger(QStringLiteral("session"), parts[1], 0, config.heads - 1));
    return {layer, head};
}

int runModel(const CommandRequest &r)
{
    const QString output = r.values.value(QStringLiteral("output"));
    const bool wantsSession = r.values.contains(QStringLiteral("session"));
    if (wantsSession && !output.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        usageError(QStringLiteral("--session writes a session file: give -o HEAD.json"));
    if (!wantsSession && !output.isEmpty() && !AttentionFileWriter::canWrite(output))
        usageError(
            output.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                ? QStringLiteral("-o %1: a session file needs --session LAYER.HEAD; the attention "
                                 "is written as .npz or .safetensors")
                      .arg(inputText(output))
                : QStringLiteral("-o %1: unknown format \"%2\": use .npz or .safetensors")
                      .arg(inputText(output), inputText(QFileInfo(output).suffix())));
    const std::shared_ptr<const PretrainedModel> model = openModel(r);
    std::optional<std::pair<int, int>> head;
    if (wantsSession)
        head = sessionHead(r.values.value(QStringLiteral("session")), model->config());
    const TokenizedText tokens = tokenizeRequest(*model, r);
    const ModelRun run = model->run(tokens);

    if (head) {
        SessionWriter writer;
        if (!writer.writeFile(headSession(run, head->first, head->second), output))
            throw UsageError{writer.errorString()};
    } else if (!output.isEmpty()) {
        AttentionFileWriter writer;
        if (!writer.writeFile(run.attention, output))
            throw UsageError{writer.errorString()};
    }
    // Silent when writing a file, as export is, unless the report is asked for.
    if (!output.isEmpty() && !r.json)
        return 0;
    const std::vector<HeadScores> scores = scoreHeads(run.attention);
    if (!r.json) {
        print(stdout, modelRunText(*model, run, scores));
        return 0;
    }
    JsonStreamWriter out(stdout);
    writeModelRunJson(*model, tokens, run, scores, out);
    finishJson(out);
    return 0;
}

/// The first argument of --text or --pair that is not valid UTF-8, as a usage error.
void refuseInvalidText(const QList<QByteArray> &raw)
{
    for (qsizetype i = 1; i < raw.size(); ++i) {
        const QByteArray &arg = raw[i];
        QString option;
        QByteArray value;
        for (const char *name : {"text", "pair"}) {
            const QByteArray flag = QByteArray("--") + name;
            if (arg == flag && i + 1 < raw.size()) {
                option = QString::fromLatin1(name);
                value = raw[i + 1];
            } else if (arg.startsWith(QByteArray(flag + '='))) {
                option = QString::fromLatin1(name);
                value = arg.mid(flag.size() + 1);
            }
        }
        if (option.isEmpty())
            continue;
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        [[maybe_unused]] const QString decoded = decoder.decode(value);
        if (!decoder.hasError())
            continue;
        // Where: the first byte that starts no valid sequence.
        qsizetype offset = 0;
        while (offset < value.size()) {
            QStringDecoder probe(QStringDecoder::Utf8);
            [[maybe_unused]] const QString prefix = probe.decode(value.left(offset + 1));
            if (probe.hasError())
                break;
            ++offset;
        }
        usageError(
            QStringLiteral("--%1 is not valid UTF-8 (byte 0x%2 at byte %3); give the text "
                           "in UTF-8")
                .arg(option)
                .arg(uchar(value.at(std::min(offset, value.size() - 1))), 2, 16, QLatin1Char('0'))
                .arg(offset));
    }
}

/// `bench --model DIR [--n 128,1024]`: a checkpoint's forward pass.
int runModelBench(const CommandRequest &r)
{
    if (r.gui || r.values.contains(QStringLiteral("d")))
        usageError(QStringLiteral("bench --model takes neither --gui nor --d"));
    // The defaults, 128 and 1024, stop at the model's positions (512 for BERT).
    std::vector<long long> lengths{128, 1024};
    if (!r.values.contains(QStringLiteral("n"))) {
        try {
            lengths = defaultModelBenchLengths(r.values.value(QStringLiteral("model")));
        } catch (const ReadError &error) {
            throw UsageError{error.message};
        }
    }
    if (r.values.contains(QStringLiteral("n")))
        lengths = parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, 1'000'000);
    try {
        const Report report =
            modelBenchmarkReport(r.values.value(QStringLiteral("model")), lengths);
        if (r.json)
            printJson(report.json);
        else
            print(stdout, report.text);
    } catch (const ReadError &error) {
        print(stderr, QStringLiteral("attention-lab: ") + error.message + QLatin1Char('\n'));
        return 2;
    }
    return 0;
}

int runBench(const CommandRequest &r, const CommandLine::GuiBenchmark &guiBenchmark)
{
    if (r.values.contains(QStringLiteral("model")) && r.gui) {
        // A keystroke in the window's text to a redrawn grid, at --n tokens (32).
        if (!guiBenchmark)
            usageError(QStringLiteral("--gui is not available in this build"));
        if (r.values.contains(QStringLiteral("d")))
            usageError(QStringLiteral("bench --gui --model takes no --d"));
        const long long tokens =
            r.values.contains(QStringLiteral("n"))
                ? parseInteger(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 2, 4096)
                : 32;
        const Report report = guiBenchmark({tokens}, 0, r.values.value(QStringLiteral("model")));
        print(stdout,
              r.json ? QString::fromUtf8(QJsonDocument(report.json).toJson()) : report.text);
        return 0;
    }
    if (r.values.contains(QStringLiteral("model")))
        return runModelBench(r);
    std::vector<long long> lengths =
        r.gui ? std::vector<long long>{16, 256, 1024} : std::vector<long long>{64, 256, 1024, 4096};
    const long long maxTokens = r.gui ? 4096 : 1'000'000;
    if (r.values.contains(QStringLiteral("n")))
        lengths = parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1, maxTokens);
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")),
                                           1, r.gui ? 4096 : 100'000)
                            : 64;
    if (r.gui && !guiBenchmark)
        usageError(QStringLiteral("--gui is not available in this build"));
    const Report report = r.gui ? guiBenchmark(lengths, d, QString()) : benchmarkReport(lengths, d);
    if (r.json)
        printJson(report.json);
    else
        print(stdout, report.text);
    return 0;
}

} // namespace

CommandLine::CommandLine(QStringList arguments) : m_arguments(std::move(arguments)) {}

bool CommandLine::wantsExport(const QStringList &arguments)
{
    return arguments.size() > 1 && arguments.contains(QStringLiteral("export"));
}

bool CommandLine::wantsGuiBenchmark(const QStringList &arguments)
{
    return arguments.contains(QStringLiteral("bench")) &&
           arguments.contains(QStringLiteral("--gui"));
}

int CommandLine::run()
{
    try {
        refuseInvalidText(m_rawArguments);
        const CommandRequest r = parseCommandLine(m_arguments);
        if (r.help) {
            print(stdout, usage());
            return 0;
        }
        if (r.version) {
            print(stdout, QStringLiteral("attention-lab " ATTENTIONLAB_VERSION " (kernels: %1)\n")
                              .arg(QString::fromLatin1(activeKernels().name)));
            return 0;
        }
        if (r.command == QLatin1String("eval"))
            return runEval(r);
        if (r.command == QLatin1String("bench"))
            return runBench(r, m_guiBenchmark);
        if (r.command == QLatin1String("export"))
            return runExport(r);
        if (r.command == QLatin1String("inspect"))
            return runInspect(r);
        if (r.command == QLatin1String("tokenize"))
            return runTokenize(r);
        if (r.command == QLatin1String("model"))
            return runModel(r);
        if (r.sections.isEmpty()) {
            if (r.json)
                usageError(QStringLiteral(
                    "--json needs a section such as --one (see attention-lab --help)"));
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
        print(stderr, QStringLiteral("attention-lab: ") + QString::fromUtf8(error.what()) +
                          QLatin1Char('\n'));
        return 2;
    } catch (const ReadError &error) {
        print(stderr, QStringLiteral("attention-lab: ") + error.message + QLatin1Char('\n'));
        return 2;
    } catch (const std::bad_alloc &) {
        print(stderr, QStringLiteral("attention-lab: out of memory\n"));
        return 2;
    }
}

} // namespace AttentionLab
