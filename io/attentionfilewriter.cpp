// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionfilewriter.h"

#include "core/attentiontensor.h"
#include "io/fileaccess.h"
#include "io/inputtextqt.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryFile>

#include <zip.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace AttentionLab {

namespace {

bool hasSuffix(const QString &path, const char *suffix)
{
    return path.endsWith(QLatin1String(suffix), Qt::CaseInsensitive);
}

/// A .npy header (version 1.0) for \a descr and \a shape, padded so the data
/// starts on a multiple of 64 bytes, as numpy writes it.
QByteArray npyHeader(const QByteArray &descr, const std::vector<long long> &shape)
{
    QByteArray dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < shape.size(); ++i)
        dict +=
            QByteArray::number(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? "," : "");
    dict += "), }";
    const qsizetype unpadded = 10 + dict.size() + 1;
    dict += QByteArray((64 - unpadded % 64) % 64, ' ') + '\n';
    QByteArray header("\x93NUMPY\x01\x00", 8);
    header += char(dict.size() & 0xff);
    header += char((dict.size() >> 8) & 0xff);
    return header + dict;
}

/// The attention as one .npy: header and C-order float32 data.
QByteArray attentionNpy(const AttentionTensor &tensor)
{
    const AttentionShape &s = tensor.shape();
    QByteArray npy = npyHeader("<f4", {s.layers, s.heads, s.queries, s.keys});
    const qsizetype headBytes = qsizetype(s.headSize() * sizeof(float));
    const qsizetype start = npy.size();
    npy.resize(start + headBytes * qsizetype(s.headCount()));
    for (int l = 0; l < s.layers; ++l) {
        for (int h = 0; h < s.heads; ++h)
            std::memcpy(npy.data() + start + (qsizetype(l) * s.heads + h) * headBytes,
                        tensor.headData(l, h), size_t(headBytes));
    }
    return npy;
}

/// The tokens as a numpy unicode array ('<U' + longest in code points).
QByteArray tokensNpy(const std::vector<std::string> &tokens)
{
    std::vector<std::u32string> units;
    size_t width = 1;
    for (const std::string &token : tokens) {
        const QList<uint> codes = QString::fromStdString(token).toUcs4();
        units.emplace_back(codes.begin(), codes.end());
        width = std::max(width, units.back().size());
    }
    QByteArray npy = npyHeader("<U" + QByteArray::number(qsizetype(width)),
                               {static_cast<long long>(tokens.size())});
    for (const std::u32string &token : units) {
        for (size_t i = 0; i < width; ++i) {
            const char32_t c = i < token.size() ? token[i] : 0;
            for (int b = 0; b < 4; ++b)
                npy += char((c >> (8 * b)) & 0xff);
        }
    }
    return npy;
}

QString tokenListJson(const std::vector<std::string> &tokens)
{
    QJsonArray list;
    for (const std::string &token : tokens)
        list.append(QString::fromStdString(token));
    return QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Compact));
}

struct ZipCloser
{
    void operator()(zip_t *archive) const { zip_discard(archive); }
};

} // namespace

bool AttentionFileWriter::canWrite(const QString &path)
{
    return hasSuffix(path, ".npz") || hasSuffix(path, ".safetensors");
}

bool AttentionFileWriter::writeFile(const AttentionTensor &tensor, const QString &path)
{
    m_error.clear();
    if (!canWrite(path)) {
        m_error = QStringLiteral("%1: unknown format \"%2\": use .npz or .safetensors")
                      .arg(inputText(path), inputText(QFileInfo(path).suffix()));
        return false;
    }
    const QString kind = nonRegularFileKind(path);
    if (!kind.isEmpty()) {
        m_error = QStringLiteral("%1: cannot be written: it is %2").arg(inputText(path), kind);
        return false;
    }
    return hasSuffix(path, ".npz") ? writeNpz(tensor, path) : writeSafetensors(tensor, path);
}

bool AttentionFileWriter::writeSafetensors(const AttentionTensor &tensor, const QString &path)
{
    const AttentionShape &s = tensor.shape();
    const long long dataBytes = s.elementCount() * 4;
    QJsonObject entry;
    entry.insert(QStringLiteral("dtype"), QStringLiteral("F32"));
    entry.insert(QStringLiteral("shape"), QJsonArray{s.layers, s.heads, s.queries, s.keys});
    entry.insert(QStringLiteral("data_offsets"), QJsonArray{0, qint64(dataBytes)});
    QJsonObject header;
    header.insert(QStringLiteral("attentions"), entry);
    if (!tensor.tokens().empty()) {
        QJsonObject metadata;
        metadata.insert(QStringLiteral("tokens"), tokenListJson(tensor.tokens()));
        header.insert(QStringLiteral("__metadata__"), metadata);
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json += QByteArray((8 - json.size() % 8) % 8, ' ');
    QByteArray prefix(8, '\0');
    for (int b = 0; b < 8; ++b)
        prefix[b] = char((quint64(json.size()) >> (8 * b)) & 0xff);

    QSaveFile file(path);
    bool ok = file.open(QIODevice::WriteOnly) && writeAll(file, prefix + json);
    const qsizetype headBytes = qsizetype(s.headSize() * sizeof(float));
    for (int l = 0; ok && l < s.layers; ++l) {
        for (int h = 0; ok && h < s.heads; ++h)
            ok = writeAll(
                file, QByteArray::fromRawData(reinterpret_cast<const char *>(tensor.headData(l, h)),
                                              headBytes));
    }
    if (!ok || !file.commit()) {
        m_error =
            QStringLiteral("%1: cannot be written: %2").arg(inputText(path), file.errorString());
        return false;
    }
    return true;
}

bool AttentionFileWriter::writeNpz(const AttentionTensor &tensor, const QString &path)
{
    auto fail = [&](const QString &why) {
        m_error = QStringLiteral("%1: cannot be written: %2").arg(inputText(path), why);
        return false;
    };
    // libzip writes the archive itself: into a temporary file beside the
    // target, renamed over it only once complete, as QSaveFile does.
    const QFileInfo target(path);
    QTemporaryFile temporary(target.absolutePath() + QStringLiteral("/.XXXXXX.npz.part"));
    if (!temporary.open())
        return fail(temporary.errorString());
    temporary.close();
    const QByteArray temporaryPath = QFile::encodeName(temporary.fileName());

    int error = 0;
    std::unique_ptr<zip_t, ZipCloser> archive(
        zip_open(temporaryPath.constData(), ZIP_TRUNCATE, &error));
    if (!archive) {
        zip_error_t zipError;
        zip_error_init_with_code(&zipError, error);
        const QString why = QString::fromUtf8(zip_error_strerror(&zipError));
        zip_error_fini(&zipError);
        return fail(why);
    }
    const QByteArray attentions = attentionNpy(tensor);
    const QByteArray tokens = tokensNpy(tensor.tokens());
    auto add = [&](const char *name, const QByteArray &bytes) {
        zip_source_t *source =
            zip_source_buffer(archive.get(), bytes.constData(), zip_uint64_t(bytes.size()), 0);
        if (!source)
            return false;
        const zip_int64_t index = zip_file_add(archive.get(), name, source, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(source);
            return false;
        }
        return zip_set_file_compression(archive.get(), zip_uint64_t(index), ZIP_CM_STORE, 0) == 0;
    };
    if (!add("attentions.npy", attentions) ||
        (!tensor.tokens().empty() && !add("tokens.npy", tokens)))
        return fail(QString::fromUtf8(zip_strerror(archive.get())));
    if (zip_close(archive.get()) != 0)
        return fail(QString::fromUtf8(zip_strerror(archive.get())));
    archive.release();
    // QTemporaryFile made it owner-only; the file gets what a new file gets
    // (0666 less the umask), as QSaveFile's outputs do.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(temporaryPath.constData(), 0666 & ~mask);
    // rename() replaces an existing file in one step: never a moment without one.
    if (std::rename(temporaryPath.constData(), QFile::encodeName(path).constData()) != 0)
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    temporary.setAutoRemove(false);
    return true;
}

} // namespace AttentionLab
