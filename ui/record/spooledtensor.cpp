// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/spooledtensor.h"

#include "ui/record/spoollabels.h"

#include <QByteArray>
#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace AttentionLab {

namespace {

// Fast rather than small: a frame is spooled while the user steps on.
constexpr int kCompression = 1;

[[noreturn]] void damaged()
{
    throw std::invalid_argument("the recording's spool file is damaged");
}

size_t headBytes(const AttentionShape &shape)
{
    return sizeof(float) * size_t(shape.queries) * size_t(shape.keys);
}

} // namespace

bool SpooledTensor::writeTo(QIODevice *device, const AttentionTensor &tensor,
                            const std::vector<HeadScores> &scores)
{
    QDataStream out(device);
    out.setVersion(QDataStream::Qt_6_0);
    {
        QByteArray meta;
        QDataStream head(&meta, QIODevice::WriteOnly);
        head.setVersion(QDataStream::Qt_6_0);
        const AttentionShape &shape = tensor.shape();
        head << qint32(shape.layers) << qint32(shape.heads) << qint32(shape.queries)
             << qint32(shape.keys) << qint32(tensor.keyValueHeads());
        const KeyVisibility &visibility = tensor.visibility();
        head << visibility.causal << qint32(visibility.window) << qint32(visibility.keyOffset);
        // Each layer's own window (Gemma's local layers), where they differ.
        head << quint32(tensor.layerWindows().size());
        for (int window : tensor.layerWindows())
            head << qint32(window);
        SpoolLabels::write(head, tensor.tokens());
        SpoolLabels::write(head, tensor.queryTokens());
        head << quint32(scores.size());
        // Every field of HeadScores: one added there must be added here.
        static_assert(sizeof(HeadScores) == 9 * sizeof(double));
        for (const HeadScores &s : scores)
            head << s.entropyBits << s.previousToken << s.firstToken << s.self << s.duplicateToken
                 << s.induction << s.inductionRepeats << s.monotonicity << s.reach;
        out << qCompress(meta, kCompression);
    }
    const size_t bytes = headBytes(tensor.shape());
    for (int l = 0; l < tensor.layers() && out.status() == QDataStream::Ok; ++l)
        for (int h = 0; h < tensor.heads() && out.status() == QDataStream::Ok; ++h)
            out << qCompress(reinterpret_cast<const uchar *>(tensor.headData(l, h)),
                             qsizetype(bytes), kCompression);
    return out.status() == QDataStream::Ok;
}

SpooledTensor SpooledTensor::readFrom(QIODevice *device)
{
    QDataStream in(device);
    in.setVersion(QDataStream::Qt_6_0);
    QByteArray compressed;
    in >> compressed;
    if (in.status() != QDataStream::Ok)
        damaged();
    const QByteArray meta = qUncompress(compressed);
    if (meta.isEmpty())
        damaged();
    QDataStream head(meta);
    head.setVersion(QDataStream::Qt_6_0);
    qint32 layers = 0, heads = 0, queries = 0, keys = 0, keyValueHeads = 0;
    head >> layers >> heads >> queries >> keys >> keyValueHeads;
    KeyVisibility visibility;
    qint32 window = 0, keyOffset = 0;
    head >> visibility.causal >> window >> keyOffset;
    visibility.window = window;
    visibility.keyOffset = keyOffset;
    quint32 windowCount = 0;
    head >> windowCount;
    if (head.status() != QDataStream::Ok || windowCount > quint32(std::max(layers, 0)))
        damaged();
    std::vector<int> layerWindows(windowCount);
    for (int &layerWindow : layerWindows) {
        qint32 value = 0;
        head >> value;
        layerWindow = value;
    }
    std::vector<std::string> tokens = SpoolLabels::read(head);
    std::vector<std::string> queryTokens = SpoolLabels::read(head);
    quint32 count = 0;
    head >> count;
    if (head.status() != QDataStream::Ok || layers < 0 || heads < 0 || queries < 0 || keys < 0 ||
        count > quint32(layers) * quint32(heads))
        damaged();
    auto scores = std::make_shared<std::vector<HeadScores>>(count);
    for (HeadScores &s : *scores)
        head >> s.entropyBits >> s.previousToken >> s.firstToken >> s.self >> s.duplicateToken >>
            s.induction >> s.inductionRepeats >> s.monotonicity >> s.reach;
    if (head.status() != QDataStream::Ok)
        damaged();

    const AttentionShape shape{layers, heads, queries, keys};
    const size_t bytes = headBytes(shape);
    std::vector<float> values(size_t(shape.elementCount()));
    for (long long i = 0; i < shape.headCount(); ++i) {
        in >> compressed;
        if (in.status() != QDataStream::Ok)
            damaged();
        const QByteArray weights = qUncompress(compressed);
        if (size_t(weights.size()) != bytes)
            damaged();
        std::memcpy(values.data() + size_t(i) * size_t(shape.headSize()), weights.constData(),
                    bytes);
    }
    auto tensor = std::make_shared<AttentionTensor>(shape, std::move(values));
    tensor->setTokens(std::move(tokens), std::move(queryTokens));
    tensor->setVisibility(visibility);
    tensor->setLayerWindows(std::move(layerWindows));
    tensor->setKeyValueHeads(keyValueHeads);
    return {std::move(tensor), std::move(scores)};
}

} // namespace AttentionLab
