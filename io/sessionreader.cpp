// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/sessionreader.h"

#include "core/maths/labmemory.h"
#include "core/support/memorybudget.h"
#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/sessionformat.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringConverter>

#include <cmath>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

/// A problem found while walking the JSON; becomes "FILE: message".
struct FormatError
{
    QString message;
};

[[noreturn]] void fail(const QString &message)
{
    throw FormatError{message};
}

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("true/false");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("the text \"%1\"").arg(inputText(value.toString()));
    case QJsonValue::Array:
        return QStringLiteral("a list");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

/// How many lists and objects (containers) and values and member names
/// (elements) a JSON text holds, counted without parsing it: what Qt's parser
/// will allocate for. Brackets and separators inside strings do not count.
struct JsonShape
{
    double containers = 0;
    double elements = 0;
};

JsonShape jsonShape(const QByteArray &data)
{
    JsonShape shape;
    qsizetype separators = 0, containers = 0;
    bool inString = false;
    for (qsizetype i = 0, size = data.size(); i < size; ++i) {
        const char c = data[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            ++containers;
        } else if (c == ',' || c == ':') {
            ++separators;
        }
    }
    shape.containers = double(containers);
    // Each comma or colon starts one more element; each container its first.
    shape.elements = double(separators) + double(containers);
    return shape;
}

/// Line and column (from 1) of byte \a offset, for syntax errors.
QString lineColumn(const QByteArray &data, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, data.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (data[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(offset - lineStart + 1);
}

Matrix readMatrix(const QJsonObject &root, const QString &key, bool required)
{
    const QJsonValue value = root.value(key);
    if (value.isUndefined()) {
        if (required)
            fail(QStringLiteral("\"%1\" is missing").arg(key));
        return {};
    }
    if (!value.isArray())
        fail(QStringLiteral("\"%1\" must be a list of vectors, not %2").arg(key, typeName(value)));
    const QJsonArray rows = value.toArray();
    if (rows.isEmpty())
        fail(QStringLiteral("\"%1\" is empty: it needs at least one vector").arg(key));
    const QJsonValue first = rows.first();
    if (!first.isArray())
        fail(QStringLiteral("%1[0] must be a list of numbers, not %2").arg(key, typeName(first)));
    const qsizetype width = first.toArray().size();
    if (width == 0)
        fail(QStringLiteral("%1[0] is empty: a vector needs at least one number").arg(key));
    requireMemory(
        8.0 * double(rows.size()) * double(width),
        QStringLiteral("\"%1\" (%2 x %3)").arg(key).arg(rows.size()).arg(width).toStdString());

    Matrix m(rows.size(), width);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonValue rowValue = rows.at(i);
        if (!rowValue.isArray())
            fail(QStringLiteral("%1[%2] must be a list of numbers, not %3")
                     .arg(key)
                     .arg(i)
                     .arg(typeName(rowValue)));
        const QJsonArray row = rowValue.toArray();
        if (row.size() != width)
            fail(QStringLiteral("%1[%2] has %3 numbers but %1[0] has %4: every vector needs the "
                                "same width")
                     .arg(key)
                     .arg(i)
                     .arg(row.size())
                     .arg(width));
        for (qsizetype j = 0; j < width; ++j) {
            const QJsonValue cell = row.at(j);
            if (!cell.isDouble())
                fail(QStringLiteral("%1[%2][%3] is %4, not a number")
                         .arg(key)
                         .arg(i)
                         .arg(j)
                         .arg(typeName(cell)));
            const double x = cell.toDouble();
            if (!std::isfinite(x))
                fail(QStringLiteral("%1[%2][%3] is not a finite number").arg(key).arg(i).arg(j));
            m(i, j) = x;
        }
    }
    return m;
}

std::vector<std::string> readLabels(const QJsonObject &root, const QString &key, Index expected,
                                    const QString &what)
{
    const QJsonValue value = root.value(key);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isArray())
        fail(QStringLiteral("\"%1\" must be a list of labels, not %2").arg(key, typeName(value)));
    const QJsonArray labels = value.toArray();
    if (labels.size() != expected)
        fail(QStringLiteral("\"%1\" has %2 labels for %3 %4")
                 .arg(key)
                 .arg(labels.size())
                 .arg(expected)
                 .arg(what));
    std::vector<std::string> out;
    out.reserve(size_t(labels.size()));
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (!labels.at(i).isString())
            fail(QStringLiteral("%1[%2] must be text, not %3")
                     .arg(key)
                     .arg(i)
                     .arg(typeName(labels.at(i))));
        const QString label = labels.at(i).toString();
        // JSON's \ud800 escapes can spell a lone surrogate, which no text
        // encoding can hold: it would silently become "?".
        if (!QStringView(label).isValidUtf16())
            fail(QStringLiteral(
                     "%1[%2] \"%3\" is not valid Unicode: it holds a lone UTF-16 surrogate "
                     "(such as \\ud800)")
                     .arg(key)
                     .arg(i)
                     .arg(inputText(label)));
        out.push_back(label.toStdString());
    }
    return out;
}

Session sessionFromObject(const QJsonObject &root)
{
    const QJsonValue format = root.value(QStringLiteral("format"));
    if (format.isUndefined())
        fail(QStringLiteral("\"format\" is missing: this is not an Attention Lab session"));
    if (format.toString() != SessionFormat::kFormatName)
        fail(QStringLiteral("\"format\" is %1, not \"%2\": this is not an Attention Lab session")
                 .arg(typeName(format), SessionFormat::kFormatName));

    const QJsonValue version = root.value(QStringLiteral("version"));
    if (version.isUndefined())
        fail(QStringLiteral("\"version\" is missing"));
    const double v = version.toDouble(-1);
    if (!version.isDouble() || v != std::floor(v) || v < 1)
        fail(QStringLiteral("\"version\" must be a whole number from 1, not %1")
                 .arg(typeName(version)));
    if (v > SessionFormat::kVersion)
        fail(QStringLiteral("the session is version %1, newer than this program understands (%2): "
                            "open it with a newer Attention Lab")
                 .arg(inputNumberText(v))
                 .arg(SessionFormat::kVersion));

    Session s;
    s.queries = readMatrix(root, QStringLiteral("queries"), true);
    s.keys = readMatrix(root, QStringLiteral("keys"), true);
    s.values = readMatrix(root, QStringLiteral("values"), false);
    if (s.queries.cols() != s.keys.cols())
        fail(QStringLiteral("queries have %1 numbers each but keys have %2: a query and a key must "
                            "have the same width d_k")
                 .arg(s.queries.cols())
                 .arg(s.keys.cols()));
    if (s.hasValues() && s.values.rows() != s.keys.rows())
        fail(QStringLiteral("there are %1 values for %2 keys: give one value per key")
                 .arg(s.values.rows())
                 .arg(s.keys.rows()));
    requireMemory(attentionPassBytes(s.queries.rows(), s.keys.rows(), s.keys.cols(),
                                     s.effectiveValues().cols()),
                  QStringLiteral("attending %1 queries to %2 keys")
                      .arg(s.queries.rows())
                      .arg(s.keys.rows())
                      .toStdString());

    if (const auto overflow = s.firstOverflowingScore())
        fail(
            QStringLiteral(
                "the dot product of queries[%1] and keys[%2] overflows double precision: scale the "
                "vectors down")
                .arg(overflow->first)
                .arg(overflow->second));

    // An additive bias on the scores (T5's per offset): one number per query and key.
    s.bias = readMatrix(root, QStringLiteral("bias"), false);
    if (s.hasBias() && (s.bias.rows() != s.queries.rows() || s.bias.cols() != s.keys.rows()))
        fail(QStringLiteral("\"bias\" is %1 x %2 but there are %3 queries and %4 keys: give one "
                            "row per query of one number per key")
                 .arg(s.bias.rows())
                 .arg(s.bias.cols())
                 .arg(s.queries.rows())
                 .arg(s.keys.rows()));
    if (s.hasBias() && s.bias.cwiseAbs().maxCoeff() > 1e300)
        fail(QStringLiteral("\"bias\" holds numbers too large to add to a score: scale it down"));

    s.tokens = readLabels(root, QStringLiteral("tokens"), s.keys.rows(), QStringLiteral("keys"));
    s.queryTokens = readLabels(root, QStringLiteral("query_tokens"), s.queries.rows(),
                               QStringLiteral("queries"));

    const QJsonValue scale = root.value(QStringLiteral("scale"));
    if (!scale.isUndefined()) {
        if (!scale.isBool())
            fail(QStringLiteral("\"scale\" must be true or false, not %1").arg(typeName(scale)));
        s.options.scale = scale.toBool();
    }
    const QJsonValue mask = root.value(QStringLiteral("mask"));
    if (!mask.isUndefined()) {
        const auto mode = maskModeFromName(mask.toString().toStdString());
        if (!mask.isString() || !mode)
            fail(QStringLiteral("unknown mask %1: use \"none\", \"causal\" or "
                                "\"causal-after-softmax\"")
                     .arg(mask.isString()
                              ? QLatin1Char('"') + inputText(mask.toString()) + QLatin1Char('"')
                              : typeName(mask)));
        s.options.mask = *mode;
    }
    const QJsonValue temperature = root.value(QStringLiteral("temperature"));
    if (!temperature.isUndefined()) {
        const double t = temperature.toDouble(0.0);
        if (!temperature.isDouble() || !(t > 0.0) || !std::isfinite(t))
            fail(QStringLiteral("\"temperature\" must be a number above 0, not %1")
                     .arg(temperature.isDouble() ? inputNumberText(t) : typeName(temperature)));
        s.options.temperature = t;
    }
    const QJsonValue window = root.value(QStringLiteral("window"));
    if (!window.isUndefined()) {
        const double w = window.toDouble(-1.0);
        if (!window.isDouble() || w < 0.0 || w != std::floor(w) || w > 1e9)
            fail(QStringLiteral("\"window\" must be a whole number of keys (0: none), not %1")
                     .arg(window.isDouble() ? inputNumberText(w) : typeName(window)));
        s.options.window = int(w);
    }
    const QJsonValue cap = root.value(QStringLiteral("soft_cap"));
    if (!cap.isUndefined()) {
        const double c = cap.toDouble(-1.0);
        if (!cap.isDouble() || !(c >= 0.0) || !std::isfinite(c))
            fail(QStringLiteral("\"soft_cap\" must be a number, 0 (none) or above, not %1")
                     .arg(cap.isDouble() ? inputNumberText(c) : typeName(cap)));
        s.options.softCap = c;
    }
    const QJsonValue positions = root.value(QStringLiteral("positions"));
    if (!positions.isUndefined()) {
        const std::optional<HeadPositions> read =
            headPositionsFromName(positions.toString().toStdString());
        if (!positions.isString() || !read)
            fail(
                QStringLiteral("\"positions\" must be \"none\" or \"rotary theta=\" and a base "
                               "above 1, not %1")
                    .arg(positions.isString()
                             ? QLatin1Char('"') + inputText(positions.toString()) + QLatin1Char('"')
                             : typeName(positions)));
        s.positions = read;
    }
    return s;
}

} // namespace

std::optional<Session> SessionReader::fail(const QString &name, const QString &message)
{
    m_error = inputText(name) + QStringLiteral(": ") + message;
    return std::nullopt;
}

std::optional<Session> SessionReader::readFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return fail(path, QStringLiteral("no such file"));
    // Before opening: opening a FIFO or a device for reading can block forever.
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        return fail(path, QStringLiteral("is %1, not a session file").arg(kind));
    if (info.size() > SessionFormat::kMaxFileBytes)
        return fail(path, QStringLiteral("is %1; session files are limited to %2")
                              .arg(QString::fromStdString(formatBytes(double(info.size()))),
                                   QString::fromStdString(
                                       formatBytes(double(SessionFormat::kMaxFileBytes)))));
    QByteArray data;
    QString why;
    if (!readWithoutBlocking(path, SessionFormat::kMaxFileBytes, &data, &why))
        return fail(path, why);
    QBuffer buffer(&data);
    buffer.open(QIODevice::ReadOnly);
    return read(&buffer, path);
}

std::optional<Session> SessionReader::read(QIODevice *device, const QString &name)
{
    const QByteArray data = device->read(SessionFormat::kMaxFileBytes + 1);
    if (data.size() > SessionFormat::kMaxFileBytes)
        return fail(name, QStringLiteral("is larger than the %1 a session file may be")
                              .arg(QString::fromStdString(
                                  formatBytes(double(SessionFormat::kMaxFileBytes)))));
    return parse(data, name);
}

std::optional<Session> SessionReader::parse(const QByteArray &data, const QString &name)
{
    m_error.clear();
    if (data.trimmed().isEmpty())
        return fail(name, QStringLiteral("is empty"));
    const qsizetype nul = data.indexOf('\0');
    if (nul >= 0)
        return fail(name, QStringLiteral("is not a text file (binary data at byte %1)").arg(nul));
    auto decoder = QStringDecoder(QStringDecoder::Utf8);
    const QString text = decoder(data);
    if (decoder.hasError())
        return fail(name, QStringLiteral("is not UTF-8 text"));
    Q_UNUSED(text);

    const JsonShape shape = jsonShape(data);
    const double parseBytes =
        jsonDocumentBytes(double(data.size()), shape.containers, shape.elements);
    if (!fitsInMemory(parseBytes))
        return fail(name,
                    QString::fromStdString(memoryMessage(
                        parseBytes, "reading its " + std::to_string(qint64(shape.containers)) +
                                        " lists and objects")));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(name, lineColumn(data, parseError.offset) + QStringLiteral(": ") +
                              parseError.errorString());
    if (!document.isObject())
        return fail(name, QStringLiteral("a session is a JSON object { ... }, but the file holds "
                                         "a list"));
    try {
        return sessionFromObject(document.object());
    } catch (const FormatError &error) {
        return fail(name, error.message);
    } catch (const std::invalid_argument &error) {
        return fail(name, QString::fromStdString(error.what()));
    }
}

} // namespace AttentionLab
