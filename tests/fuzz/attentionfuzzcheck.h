// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What every attention reader fuzzer checks (npy_fuzzer.cpp, npz_fuzzer.cpp,
// safetensors_fuzzer.cpp): an input is either refused with one short line
// naming the file, or read into a tensor whose every row is a distribution
// (checked again here, apart from the reader's own check) and whose tokens
// fit its axes, as is every attention set of the file (an encoder-decoder's
// three). Each input is read twice: as given, and picking batch 1.

#include "core/sets/attentiontensor.h"
#include "io/attentionfilereader.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace AttentionFuzz {

[[noreturn]] inline void failure(const char *fuzzer, const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "%s: %s %s\n", fuzzer, what, detail.toUtf8().constData());
    std::abort();
}

/// The two parts of a tokenizer fuzzer's input (hubtokenizer_fuzzer.cpp,
/// sentencepiece_fuzzer.cpp): with a NUL, a file before it and a text after
/// it; without one, the whole input is the text and there is no file.
struct FileAndText
{
    QString text;
    QString path; ///< the file part written to a temporary NAME; empty without a NUL
};

inline FileAndText fileAndText(const char *fuzzer, const std::uint8_t *data, std::size_t size,
                               const QString &name)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nul = bytes.indexOf('\0');
    FileAndText out;
    out.text = QString::fromUtf8(nul < 0 ? bytes : bytes.mid(nul + 1));
    if (nul < 0)
        return out;
    // The readers take a path: the file part written where only this process looks.
    static QTemporaryDir dir;
    out.path = dir.filePath(name);
    QFile file(out.path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(bytes.left(nul)) != nul)
        failure(fuzzer, "cannot write the temporary file", out.path);
    return out;
}

inline void checkTensor(const char *fuzzer, const AttentionLab::AttentionTensor &t)
{
    if (t.layers() <= 0 || t.heads() <= 0 || t.queries() <= 0 || t.keys() <= 0)
        failure(fuzzer, "a tensor with an empty axis");
    if (!t.tokens().empty() && int(t.tokens().size()) != t.keys())
        failure(fuzzer, "tokens that do not match the keys");
    if (!t.queryTokens().empty() && int(t.queryTokens().size()) != t.queries())
        failure(fuzzer, "query tokens that do not match the queries");
    // A cross-attention's rows labelled by what each wrote: one token a row.
    if (t.rowsAreWritten() && int(t.writtenTokens().size()) != t.queries())
        failure(fuzzer, "written tokens that do not match the queries");
    for (int l = 0; l < t.layers(); ++l) {
        for (int h = 0; h < t.heads(); ++h) {
            const float *head = t.headData(l, h);
            for (int q = 0; q < t.queries(); ++q) {
                double sum = 0.0;
                for (int k = 0; k < t.keys(); ++k) {
                    const float w = head[static_cast<long long>(q) * t.keys() + k];
                    if (!std::isfinite(w) || w < 0.0f)
                        failure(fuzzer, "a weight that is not finite and non-negative");
                    sum += w;
                }
                if (sum != 0.0 && std::abs(sum - 1.0) > 2e-2 + 1e-9)
                    failure(fuzzer, "a row that is no distribution");
            }
        }
    }
}

inline int run(const char *fuzzer, const QString &name, const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const int batch : {-1, 1}) {
        AttentionLab::AttentionReadOptions options;
        options.batch = batch;
        AttentionLab::AttentionFileReader reader(options);
        const auto tensor = reader.parse(bytes, name);
        if (!tensor) {
            const QString error = reader.errorString();
            if (!error.startsWith(name + QStringLiteral(": ")) ||
                error.contains(QLatin1Char('\n')) || error.size() > 600)
                failure(fuzzer, "a refusal that is not one short line:", error.left(600));
            continue;
        }
        if (!reader.errorString().isEmpty())
            failure(fuzzer, "an error beside a tensor:", reader.errorString());
        checkTensor(fuzzer, *tensor);
        // Every set of the file, one of which the tensor is.
        const auto sets = reader.parseSets(bytes, name);
        if (!sets || sets->empty())
            failure(fuzzer, "a file read as a tensor but not as its sets:", reader.errorString());
        for (const AttentionLab::AttentionSet &set : *sets)
            checkTensor(fuzzer, *set.tensor);
    }
    return 0;
}

} // namespace AttentionFuzz
