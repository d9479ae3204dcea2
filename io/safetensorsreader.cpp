// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/safetensorsreader.h"

#include "core/sets/attentiontensor.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace AttentionLab {

namespace {

struct DtypeInfo
{
    const char *name;
    int bytes;
    std::optional<ElementType> type;
};

const DtypeInfo kDtypes[] = {
    {"F64", 8, ElementType::Float64}, {"F32", 4, ElementType::Float32},
    {"F16", 2, ElementType::Float16}, {"BF16", 2, ElementType::BFloat16},
    {"I64", 8, std::nullopt},         {"I32", 4, std::nullopt},
    {"I16", 2, std::nullopt},         {"I8", 1, std::nullopt},
    {"U64", 8, std::nullopt},         {"U32", 4, std::nullopt},
    {"U16", 2, std::nullopt},         {"U8", 1, std::nullopt},
    {"BOOL", 1, std::nullopt},        {"F8_E4M3", 1, std::nullopt},
    {"F8_E5M2", 1, std::nullopt},
};

const DtypeInfo *dtypeInfo(const QString &name)
{
    for (const DtypeInfo &info : kDtypes) {
        if (name == QLatin1String(info.name))
            return &info;
    }
    return nullptr;
}

/// A JSON number that is a whole count: non-negative, integral and exact
/// in a double (below 2^53).
long long wholeNumber(const QJsonValue &value, const QString &what)
{
    const double d = value.toDouble(-1.0);
    if (!value.isDouble() || d < 0.0 || d != std::floor(d) || d >= 9007199254740992.0)
        throwReadError(QStringLiteral("has %1 that is not a whole number").arg(what));
    return static_cast<long long>(d);
}

std::vector<std::string> tokenList(const QJsonValue &value, const QString &key)
{
    const QString problem =
        QStringLiteral("has __metadata__ \"%1\" that is not a JSON list of strings").arg(key);
    if (!value.isString())
        throwReadError(problem);
    const QJsonDocument list = QJsonDocument::fromJson(value.toString().toUtf8());
    if (!list.isArray())
        throwReadError(problem);
    std::vector<std::string> tokens;
    for (const QJsonValue &token : list.array()) {
        if (!token.isString())
            throwReadError(problem);
        tokens.push_back(token.toString().toStdString());
    }
    return tokens;
}

} // namespace

AttentionArrays SafetensorsReader::read(const char *data, long long size,
                                        std::shared_ptr<const void> owner)
{
    if (size < 8)
        throwReadError(QStringLiteral("is truncated: a .safetensors file starts with an 8-byte "
                                      "header length"));
    std::uint64_t headerLength = 0;
    for (int i = 7; i >= 0; --i)
        headerLength = (headerLength << 8) | static_cast<unsigned char>(data[i]);
    if (headerLength > std::uint64_t(kMaxHeaderBytes))
        throwReadError(QStringLiteral("has a header length of %1 bytes; .safetensors headers are "
                                      "at most 100,000,000")
                           .arg(headerLength));
    if (static_cast<long long>(headerLength) > size - 8)
        throwReadError(QStringLiteral("is truncated: its header length is %1 bytes and the file "
                                      "holds %2 after it")
                           .arg(headerLength)
                           .arg(size - 8));
    const QByteArray headerText(data + 8, qsizetype(headerLength));
    if (!headerText.startsWith('{'))
        throwReadError(QStringLiteral("is not a .safetensors file: its header does not start "
                                      "with '{'"));
    QJsonParseError parseError;
    const QJsonDocument header = QJsonDocument::fromJson(headerText, &parseError);
    if (!header.isObject())
        throwReadError(QStringLiteral("is not a .safetensors file: its JSON header is invalid "
                                      "at byte %1: %2")
                           .arg(parseError.offset + 8)
                           .arg(parseError.errorString()));

    const char *base = data + 8 + headerLength;
    const long long dataBytes = size - 8 - static_cast<long long>(headerLength);
    AttentionArrays result;
    struct Extent
    {
        long long begin;
        long long end;
        QString name;
    };
    std::vector<Extent> extents;
    const QJsonObject entries = header.object();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        const QString name = it.key();
        const QString shown = inputText(name); // for messages
        if (name == QLatin1String("__metadata__")) {
            const QJsonObject metadata = it.value().toObject();
            for (auto member = metadata.begin(); member != metadata.end(); ++member)
                if (std::optional<std::vector<std::string>> *list = result.tokenList(member.key()))
                    *list = tokenList(member.value(), member.key());
            if (metadata.contains(QLatin1String("layout")))
                result.layout = metadata.value(QLatin1String("layout")).toString().toStdString();
            if (metadata.contains(QLatin1String("view")))
                result.view = metadata.value(QLatin1String("view")).toString().toStdString();
            continue;
        }
        const QJsonObject entry = it.value().toObject();
        const QString dtype = inputText(entry.value(QLatin1String("dtype")).toString());
        const DtypeInfo *info = dtypeInfo(dtype);
        if (!info)
            throwReadError(
                QStringLiteral("has tensor %1 of the unknown dtype \"%2\"").arg(shown, dtype));
        const QJsonValue shapeValue = entry.value(QLatin1String("shape"));
        const QJsonValue offsetsValue = entry.value(QLatin1String("data_offsets"));
        if (!shapeValue.isArray() || !offsetsValue.isArray() || offsetsValue.toArray().size() != 2)
            throwReadError(QStringLiteral("has tensor %1 without a shape list and two "
                                          "data_offsets")
                               .arg(shown));
        AttentionArray array;
        array.name = name;
        for (const QJsonValue &length : shapeValue.toArray())
            array.shape.push_back(wholeNumber(length, QStringLiteral("a shape in %1").arg(shown)));
        const QJsonArray offsets = offsetsValue.toArray();
        const long long begin =
            wholeNumber(offsets[0], QStringLiteral("data_offsets in %1").arg(shown));
        const long long end =
            wholeNumber(offsets[1], QStringLiteral("data_offsets in %1").arg(shown));
        if (begin > end)
            throwReadError(QStringLiteral("has tensor %1 whose data_offsets [%2, %3] run backwards")
                               .arg(shown)
                               .arg(begin)
                               .arg(end));
        if (end > dataBytes)
            throwReadError(QStringLiteral("is truncated or corrupt: tensor %1's data_offsets [%2, "
                                          "%3] lie outside the %4 bytes of data")
                               .arg(shown)
                               .arg(begin)
                               .arg(end)
                               .arg(dataBytes));
        const long long count = elementCount(array.shape);
        long long expected = 0;
        if (count < 0 ||
            __builtin_mul_overflow(count, static_cast<long long>(info->bytes), &expected) ||
            expected != end - begin)
            throwReadError(
                QStringLiteral("has tensor %1 of shape %2 and dtype %3, which takes %4 "
                               "bytes, but its data_offsets [%5, %6] hold %7")
                    .arg(shown, shapeText(array.shape), dtype)
                    .arg(count < 0 ? QStringLiteral("too many") : QString::number(expected))
                    .arg(begin)
                    .arg(end)
                    .arg(end - begin));
        if (end > begin)
            extents.push_back({begin, end, shown});
        array.type = info->type;
        if (!array.type)
            array.refusal = QStringLiteral("has the dtype %1; attention must be F16, BF16, F32 or "
                                           "F64")
                                .arg(dtype);
        array.loadBytes = attentionTensorBytes(double(count)) +
                          (array.type == ElementType::Float32 ? 0.0 : double(end - begin));
        const char *values = base + begin;
        if (array.type) {
            array.stored = reinterpret_cast<const unsigned char *>(values);
            array.storedOwner = owner;
            const ElementType type = *array.type;
            array.load = [values, count, type, owner] {
                if (type == ElementType::Float32 &&
                    reinterpret_cast<std::uintptr_t>(values) % alignof(float) == 0)
                    return FloatValues{reinterpret_cast<const float *>(values), owner};
                auto converted = std::make_shared<std::vector<float>>(size_t(count));
                convertToFloat(reinterpret_cast<const unsigned char *>(values), type, false, count,
                               converted->data());
                return FloatValues{converted->data(), std::move(converted)};
            };
        }
        result.arrays.push_back(std::move(array));
    }
    // Each tensor has bytes of its own (the format forbids overlaps): one
    // tensor aliasing another would pass its values off as the other's.
    std::sort(extents.begin(), extents.end(),
              [](const Extent &a, const Extent &b) { return a.begin < b.begin; });
    for (size_t i = 1; i < extents.size(); ++i) {
        const Extent &before = extents[i - 1];
        const Extent &after = extents[i];
        if (after.begin < before.end)
            throwReadError(
                QStringLiteral("has tensors %1 and %2 whose data_offsets [%3, %4] and "
                               "[%5, %6] overlap; each tensor must have bytes of its own")
                    .arg(before.name, after.name)
                    .arg(before.begin)
                    .arg(before.end)
                    .arg(after.begin)
                    .arg(after.end));
    }
    return result;
}

} // namespace AttentionLab
