// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionlayout.h"

#include "core/support/memorybudget.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <climits>
#include <map>

namespace AttentionLab {

namespace {

constexpr int kLayerNumberLimit = 1'000'000;

/// "array attentions " in a file of many arrays, "" in a .npy.
QString subject(const AttentionArrays &arrays, const AttentionArray &array)
{
    return arrays.singleArray ? QString() : QStringLiteral("array %1 ").arg(inputText(array.name));
}

void requireFloat(const AttentionArrays &arrays, const AttentionArray &array)
{
    if (!array.type)
        throwReadError(subject(arrays, array) + array.refusal);
}

void requireNoEmptyAxis(const AttentionArrays &arrays, const AttentionArray &array)
{
    for (size_t a = 0; a < array.shape.size(); ++a) {
        if (array.shape[a] == 0)
            throwReadError(QStringLiteral("%1has an axis of length 0 (axis %2 of shape %3)")
                               .arg(subject(arrays, array))
                               .arg(a)
                               .arg(shapeText(array.shape)));
    }
}

/// Which item of a batch axis of \a length to take.
long long chooseBatch(long long length, int batch, const QString &where)
{
    if (batch < 0) {
        if (length == 1)
            return 0;
        throw ReadError{QStringLiteral("holds a batch of %1 inputs (%2); choose one with --batch "
                                       "B (0 to %3)")
                            .arg(length)
                            .arg(where)
                            .arg(length - 1),
                        length};
    }
    if (batch >= length)
        throwReadError(length == 1 ? QStringLiteral("batch %1 is out of range: the file holds one "
                                                    "input (batch 0)")
                                         .arg(batch)
                                   : QStringLiteral("batch %1 is out of range: the file holds %2 "
                                                    "inputs (0 to %3)")
                                         .arg(batch)
                                         .arg(length)
                                         .arg(length - 1));
    return batch;
}

int axisLength(long long length, const AttentionArray &array)
{
    if (length > INT_MAX)
        throwReadError(QStringLiteral("array %1 has an axis of %2, too long to be attention")
                           .arg(inputText(array.name))
                           .arg(length));
    return int(length);
}

/// Keeps every array's storage alive for the tensor.
using Owners = std::vector<std::shared_ptr<const void>>;

void requireMemoryFor(double bytes, const AttentionShape &shape)
{
    if (!fitsInMemory(bytes))
        throwReadError(QString::fromStdString(memoryMessage(
            bytes, "its attention [" + std::to_string(shape.layers) + ", " +
                       std::to_string(shape.heads) + ", " + std::to_string(shape.queries) + ", " +
                       std::to_string(shape.keys) + "]")));
}

/// Which way a five-axis array of shape \a s is read: \a chosen, or the
/// file's record, or the axis of length 1; a ReadError when it could be either.
bool isBatchFirst(const AttentionArrays &arrays, const std::vector<long long> &s,
                  std::optional<BatchLayout> chosen)
{
    if (!chosen && arrays.layout) {
        chosen = parseBatchLayout(QString::fromStdString(*arrays.layout));
        if (!chosen)
            throwReadError(QStringLiteral("records the layout \"%1\"; it is LBHQK or BLHQK")
                               .arg(inputText(QString::fromStdString(*arrays.layout))));
    }
    if (chosen)
        return *chosen == BatchLayout::BatchFirst;
    if (s[0] == 1 || s[1] == 1)
        return s[0] == 1;
    ReadError error{QStringLiteral("holds a five-axis array %1 that reads two ways: [layers, "
                                   "batch, heads, Q, K] (torch.stack(outputs.attentions)), %2 "
                                   "layers and a batch of %3, or [batch, layers, heads, Q, K] "
                                   "(torch.stack(outputs.attentions, 1)), a batch of %2 and %3 "
                                   "layers")
                        .arg(shapeText(s))
                        .arg(s[0])
                        .arg(s[1])};
    error.ambiguousLayout = true;
    throw error;
}

AttentionTensor wholeArray(const AttentionArrays &arrays, const AttentionArray &array, int batch,
                           std::optional<BatchLayout> layout, int *sourceBits)
{
    requireFloat(arrays, array);
    const std::vector<long long> &s = array.shape;
    if (s.size() < 2 || s.size() > 5)
        throwReadError(QStringLiteral("%1has %2 (shape %3); attention is [Q, K], [H, Q, K], "
                                      "[L, H, Q, K] or [L, 1, H, Q, K]")
                           .arg(subject(arrays, array),
                                s.empty()       ? QStringLiteral("no axes")
                                : s.size() == 1 ? QStringLiteral("one axis")
                                                : QStringLiteral("%1 axes").arg(s.size()),
                                shapeText(s)));
    requireNoEmptyAxis(arrays, array);
    long long layers = 1, heads = 1, batchLength = 1, chosen = 0;
    bool batchFirst = false;
    const size_t n = s.size();
    const long long queries = s[n - 2], keys = s[n - 1];
    if (n >= 3)
        heads = s[n - 3];
    if (n == 4)
        layers = s[0];
    if (n == 5) {
        batchFirst = isBatchFirst(arrays, s, layout);
        batchLength = batchFirst ? s[0] : s[1];
        layers = batchFirst ? s[1] : s[0];
        chosen = chooseBatch(
            batchLength, batch,
            QStringLiteral("axis %1 of shape %2").arg(batchFirst ? 0 : 1).arg(shapeText(s)));
    } else if (batch > 0) {
        chooseBatch(1, batch, {});
    }
    const AttentionShape shape{axisLength(layers, array), axisLength(heads, array),
                               axisLength(queries, array), axisLength(keys, array)};
    requireMemoryFor(array.loadBytes, shape);
    const FloatValues data = array.load();
    std::vector<const float *> pointers;
    pointers.reserve(size_t(shape.headCount()));
    for (long long l = 0; l < layers; ++l) {
        for (long long h = 0; h < heads; ++h) {
            // [B, L, H, Q, K] or [L, B, H, Q, K]; without a batch axis B = 1, b = 0.
            const long long block = batchFirst ? (chosen * layers + l) * heads + h
                                               : (l * batchLength + chosen) * heads + h;
            pointers.push_back(data.data + block * shape.headSize());
        }
    }
    *sourceBits = array.sourceBits();
    return AttentionTensor(shape, std::move(pointers), data.owner);
}

AttentionTensor perLayerArrays(const AttentionArrays &arrays,
                               const std::vector<std::pair<int, const AttentionArray *>> &layers,
                               int batch, int *sourceBits)
{
    // Sorted by number, then by name, so that duplicates are reported alike every time.
    auto sorted = layers;
    std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first < b.first : a.second->name < b.second->name;
    });
    for (size_t i = 0; i < sorted.size(); ++i) {
        const auto &[number, array] = sorted[i];
        if (i > 0 && sorted[i - 1].first == number)
            throwReadError(QStringLiteral("has two arrays for layer %1: %2 and %3")
                               .arg(number)
                               .arg(inputText(sorted[i - 1].second->name), inputText(array->name)));
        if (number != int(i))
            throwReadError(QStringLiteral("has no array for layer %1 (its per-layer arrays run "
                                          "from %2 to %3)")
                               .arg(i)
                               .arg(sorted.front().first)
                               .arg(sorted.back().first));
        requireFloat(arrays, *array);
        const std::vector<long long> &s = array->shape;
        if (s.size() != 3 && s.size() != 4)
            throwReadError(QStringLiteral("array %1 has shape %2; a layer's attention is [H, Q, K] "
                                          "or [1, H, Q, K]")
                               .arg(inputText(array->name), shapeText(s)));
        if (i > 0 && s != sorted[0].second->shape)
            throwReadError(QStringLiteral("array %1 has shape %2 but %3 has %4")
                               .arg(inputText(array->name), shapeText(s),
                                    inputText(sorted[0].second->name),
                                    shapeText(sorted[0].second->shape)));
        requireNoEmptyAxis(arrays, *array);
    }
    const AttentionArray &first = *sorted[0].second;
    const std::vector<long long> &s = first.shape;
    const size_t n = s.size();
    const long long batchLength = n == 4 ? s[0] : 1;
    const long long chosen = n == 4 ? chooseBatch(batchLength, batch,
                                                  QStringLiteral("axis 0 of %1's shape %2")
                                                      .arg(inputText(first.name), shapeText(s)))
                                    : chooseBatch(1, batch, {});
    const AttentionShape shape{int(sorted.size()), axisLength(s[n - 3], first),
                               axisLength(s[n - 2], first), axisLength(s[n - 1], first)};
    double bytes = 0.0;
    for (const auto &layer : sorted)
        bytes += layer.second->loadBytes;
    requireMemoryFor(bytes, shape);

    auto owners = std::make_shared<Owners>();
    std::vector<const float *> pointers;
    pointers.reserve(size_t(shape.headCount()));
    *sourceBits = 32;
    for (const auto &layer : sorted) {
        const FloatValues data = layer.second->load();
        owners->push_back(data.owner);
        for (int h = 0; h < shape.heads; ++h)
            pointers.push_back(data.data + (chosen * shape.heads + h) * shape.headSize());
        *sourceBits = std::min(*sourceBits, layer.second->sourceBits());
    }
    return AttentionTensor(shape, std::move(pointers), std::move(owners));
}

} // namespace

std::optional<int> AttentionLayout::layerNumber(const QString &name)
{
    static const QRegularExpression separators(QStringLiteral("[._\\-/:]"));
    const QStringList parts = name.split(separators);
    QString digits;
    for (auto part = parts.crbegin(); part != parts.crend() && digits.isEmpty(); ++part) {
        if (!part->isEmpty() && std::all_of(part->begin(), part->end(), [](QChar c) {
                return c.isDigit() && c.unicode() < 128;
            }))
            digits = *part;
    }
    if (digits.isEmpty()) {
        qsizetype start = name.size();
        while (start > 0 && name[start - 1].unicode() >= '0' && name[start - 1].unicode() <= '9')
            --start;
        digits = name.mid(start);
    }
    if (digits.isEmpty() || digits.size() > 7)
        return std::nullopt;
    const int number = digits.toInt();
    if (number >= kLayerNumberLimit)
        return std::nullopt;
    return number;
}

QString batchLayoutName(BatchLayout layout)
{
    switch (layout) {
    case BatchLayout::LayersFirst:
        return QStringLiteral("LBHQK");
    case BatchLayout::BatchFirst:
        return QStringLiteral("BLHQK");
    }
    return {};
}

std::optional<BatchLayout> parseBatchLayout(const QString &name)
{
    for (BatchLayout layout : {BatchLayout::LayersFirst, BatchLayout::BatchFirst})
        if (name == batchLayoutName(layout))
            return layout;
    return std::nullopt;
}

AttentionTensor AttentionLayout::arrange(const AttentionArrays &arrays, int batch,
                                         std::optional<BatchLayout> layout, int *sourceBits)
{
    if (arrays.arrays.empty())
        throwReadError(QStringLiteral("holds no arrays"));
    if (arrays.singleArray)
        return wholeArray(arrays, arrays.arrays.front(), batch, layout, sourceBits);
    for (const AttentionArray &array : arrays.arrays) {
        if (array.name == QLatin1String("attentions"))
            return wholeArray(arrays, array, batch, layout, sourceBits);
    }
    std::vector<std::pair<int, const AttentionArray *>> layers;
    std::vector<const AttentionArray *> floats;
    for (const AttentionArray &array : arrays.arrays) {
        if (const std::optional<int> number = layerNumber(array.name))
            layers.emplace_back(*number, &array);
        if (array.type)
            floats.push_back(&array);
    }
    // np.savez(f, a) names its one array arr_0: that is the whole attention,
    // in any layout, not layer 0.
    if (layers.size() == 1 && layers.front().second->name == QLatin1String("arr_0"))
        return wholeArray(arrays, *layers.front().second, batch, layout, sourceBits);
    if (!layers.empty())
        return perLayerArrays(arrays, layers, batch, sourceBits);
    if (floats.size() == 1)
        return wholeArray(arrays, *floats.front(), batch, layout, sourceBits);
    if (floats.empty() && arrays.arrays.size() == 1)
        return wholeArray(arrays, arrays.arrays.front(), batch, layout, sourceBits);
    QStringList names;
    for (const AttentionArray &array : arrays.arrays)
        names << inputText(array.name);
    throwReadError(
        QStringLiteral("has no array named attentions and no per-layer arrays "
                       "(attentions.0, layer_3, blocks.5.attn.hook_pattern); it holds %1")
            .arg(names.mid(0, 4).join(QStringLiteral(", ")) +
                 (names.size() > 4 ? QStringLiteral(", ...") : QString())));
}

} // namespace AttentionLab
