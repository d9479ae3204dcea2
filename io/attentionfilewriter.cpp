// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionfilewriter.h"

#include "core/attentiontensor.h"
#include "io/inputtextqt.h"
#include "io/outputfile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <zip.h>

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
    OutputFile file(path);
    const bool written =
        file.open() &&
        (hasSuffix(path, ".npz") ? writeNpz(tensor, file) : writeSafetensors(tensor, file)) &&
        file.commit();
    if (!written)
        m_error = file.errorString();
    return written;
}

bool AttentionFileWriter::writeSafetensors(const AttentionTensor &tensor, OutputFile &file)
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

    // Streamed head by head from where the tensor lies: no copy of it.
    bool ok = file.write(prefix + json);
    const qsizetype headBytes = qsizetype(s.headSize() * sizeof(float));
    for (int l = 0; ok && l < s.layers; ++l) {
        for (int h = 0; ok && h < s.heads; ++h)
            ok = file.write(QByteArray::fromRawData(
                reinterpret_cast<const char *>(tensor.headData(l, h)), headBytes));
    }
    return ok;
}

bool AttentionFileWriter::writeNpz(const AttentionTensor &tensor, OutputFile &file)
{
    // libzip writes the archive itself, into the output's temporary file.
    auto fail = [&](const QString &why) { return file.fail(why); };
    const QByteArray temporaryPath = QFile::encodeName(file.temporaryPath());
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
    // attentions.npy is its header and then every head where it lies, as
    // fragments libzip reads in turn: streamed, never copied whole.
    const AttentionShape &s = tensor.shape();
    const QByteArray header = npyHeader("<f4", {s.layers, s.heads, s.queries, s.keys});
    std::vector<zip_buffer_fragment_t> fragments;
    fragments.push_back({reinterpret_cast<zip_uint8_t *>(const_cast<char *>(header.constData())),
                         zip_uint64_t(header.size())});
    const zip_uint64_t headBytes = zip_uint64_t(s.headSize()) * sizeof(float);
    for (int l = 0; l < s.layers; ++l)
        for (int h = 0; h < s.heads; ++h)
            fragments.push_back(
                {reinterpret_cast<zip_uint8_t *>(const_cast<float *>(tensor.headData(l, h))),
                 headBytes});
    const QByteArray tokens = tokensNpy(tensor.tokens());
    const zip_buffer_fragment_t tokenFragment{
        reinterpret_cast<zip_uint8_t *>(const_cast<char *>(tokens.constData())),
        zip_uint64_t(tokens.size())};
    auto add = [&](const char *name, const zip_buffer_fragment_t *parts, size_t count) {
        zip_source_t *source = zip_source_buffer_fragment(archive.get(), parts, count, 0);
        if (!source)
            return false;
        const zip_int64_t index = zip_file_add(archive.get(), name, source, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(source);
            return false;
        }
        return zip_set_file_compression(archive.get(), zip_uint64_t(index), ZIP_CM_STORE, 0) == 0;
    };
    if (!add("attentions.npy", fragments.data(), fragments.size()) ||
        (!tensor.tokens().empty() && !add("tokens.npy", &tokenFragment, 1)))
        return fail(QString::fromUtf8(zip_strerror(archive.get())));
    if (zip_close(archive.get()) != 0)
        return fail(QString::fromUtf8(zip_strerror(archive.get())));
    archive.release();
    return true;
}

} // namespace AttentionLab
