// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionfilewriter.h"

#include "core/sets/attentiontensor.h"
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
    const auto shared = std::shared_ptr<const AttentionTensor>(&tensor, [](const auto *) {});
    return writeSets({{kindOf(tensor), shared}}, path);
}

namespace {

/// One member of the file: an attention array, or a token list.
struct Member
{
    std::string name;
    const AttentionTensor *tensor = nullptr; ///< an attention array, [L, H, Q, K]
    std::vector<std::string> tokens;         ///< else a token list
};

/// What \a sets write, named as the reader reads them: a file of one
/// attention its attentions, tokens and (where they differ from the last
/// keys) query_tokens; an encoder-decoder's its three arrays as Hugging
/// Face names its outputs, with encoder_tokens and decoder_tokens.
std::vector<Member> membersOf(const std::vector<AttentionSet> &sets)
{
    std::vector<Member> members;
    if (sets.size() == 1) {
        const AttentionTensor &t = *sets.front().tensor;
        members.push_back({"attentions", &t, {}});
        if (!t.tokens().empty())
            members.push_back({"tokens", nullptr, t.tokens()});
        if (!t.queryTokens().empty())
            members.push_back({"query_tokens", nullptr, t.queryTokens()});
        return members;
    }
    std::vector<std::string> source;
    std::vector<std::string> target;
    for (const AttentionSet &set : sets) {
        const AttentionTensor &t = *set.tensor;
        members.push_back({attentionKindName(set.kind) + "_attentions", &t, {}});
        if (set.kind == AttentionKind::Decoder && !t.tokens().empty())
            target = t.tokens();
        if (set.kind != AttentionKind::Decoder && !t.tokens().empty())
            source = t.tokens();
        if (set.kind == AttentionKind::Cross && target.empty() && !t.queryTokens().empty())
            target = t.queryTokens();
    }
    if (!source.empty())
        members.push_back({"encoder_tokens", nullptr, source});
    if (!target.empty())
        members.push_back({"decoder_tokens", nullptr, target});
    return members;
}

} // namespace

bool AttentionFileWriter::writeSets(const std::vector<AttentionSet> &sets, const QString &path)
{
    m_error.clear();
    if (!canWrite(path)) {
        m_error = QStringLiteral("%1: unknown format \"%2\": use .npz or .safetensors")
                      .arg(inputText(path), inputText(QFileInfo(path).suffix()));
        return false;
    }
    if (sets.empty()) {
        m_error = QStringLiteral("%1: there is no attention to write").arg(inputText(path));
        return false;
    }
    OutputFile file(path);
    const bool written =
        file.open() &&
        (hasSuffix(path, ".npz") ? writeNpz(sets, file) : writeSafetensors(sets, file)) &&
        file.commit();
    if (!written)
        m_error = file.errorString();
    return written;
}

bool AttentionFileWriter::writeSafetensors(const std::vector<AttentionSet> &sets, OutputFile &file)
{
    QJsonObject header;
    QJsonObject metadata;
    qint64 offset = 0;
    std::vector<const AttentionTensor *> arrays;
    for (const Member &member : membersOf(sets)) {
        const QString name = QString::fromStdString(member.name);
        if (!member.tensor) {
            metadata.insert(name, tokenListJson(member.tokens));
            continue;
        }
        const AttentionShape &s = member.tensor->shape();
        const qint64 bytes = qint64(s.elementCount()) * 4;
        QJsonObject entry;
        entry.insert(QStringLiteral("dtype"), QStringLiteral("F32"));
        entry.insert(QStringLiteral("shape"), QJsonArray{s.layers, s.heads, s.queries, s.keys});
        entry.insert(QStringLiteral("data_offsets"), QJsonArray{offset, offset + bytes});
        header.insert(name, entry);
        offset += bytes;
        arrays.push_back(member.tensor);
    }
    if (!metadata.isEmpty())
        header.insert(QStringLiteral("__metadata__"), metadata);
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json += QByteArray((8 - json.size() % 8) % 8, ' ');
    QByteArray prefix(8, '\0');
    for (int b = 0; b < 8; ++b)
        prefix[b] = char((quint64(json.size()) >> (8 * b)) & 0xff);

    // Streamed head by head from where each tensor lies: no copy of it.
    bool ok = file.write(prefix + json);
    for (const AttentionTensor *tensor : arrays) {
        const AttentionShape &s = tensor->shape();
        const qsizetype headBytes = qsizetype(s.headSize() * sizeof(float));
        for (int l = 0; ok && l < s.layers; ++l)
            for (int h = 0; ok && h < s.heads; ++h)
                ok = file.write(QByteArray::fromRawData(
                    reinterpret_cast<const char *>(tensor->headData(l, h)), headBytes));
    }
    return ok;
}

bool AttentionFileWriter::writeNpz(const std::vector<AttentionSet> &sets, OutputFile &file)
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
    auto add = [&](const std::string &name, const zip_buffer_fragment_t *parts, size_t count) {
        zip_source_t *source = zip_source_buffer_fragment(archive.get(), parts, count, 0);
        if (!source)
            return false;
        const zip_int64_t index =
            zip_file_add(archive.get(), (name + ".npy").c_str(), source, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(source);
            return false;
        }
        return zip_set_file_compression(archive.get(), zip_uint64_t(index), ZIP_CM_STORE, 0) == 0;
    };
    // Each member's bytes must live until zip_close() reads them: its npy
    // header (or token array) and its fragments, kept here.
    const std::vector<Member> members = membersOf(sets);
    std::vector<QByteArray> bytes(members.size());
    std::vector<std::vector<zip_buffer_fragment_t>> fragments(members.size());
    for (size_t m = 0; m < members.size(); ++m) {
        const Member &member = members[m];
        auto fragment = [](const void *data, size_t size) {
            return zip_buffer_fragment_t{reinterpret_cast<zip_uint8_t *>(const_cast<void *>(data)),
                                         zip_uint64_t(size)};
        };
        if (!member.tensor) {
            bytes[m] = tokensNpy(member.tokens);
            fragments[m].push_back(fragment(bytes[m].constData(), size_t(bytes[m].size())));
        } else {
            // The header and then every head where it lies: streamed, never copied whole.
            const AttentionShape &s = member.tensor->shape();
            bytes[m] = npyHeader("<f4", {s.layers, s.heads, s.queries, s.keys});
            fragments[m].push_back(fragment(bytes[m].constData(), size_t(bytes[m].size())));
            const size_t headBytes = size_t(s.headSize()) * sizeof(float);
            for (int l = 0; l < s.layers; ++l)
                for (int h = 0; h < s.heads; ++h)
                    fragments[m].push_back(fragment(member.tensor->headData(l, h), headBytes));
        }
        if (!add(member.name, fragments[m].data(), fragments[m].size()))
            return fail(QString::fromUtf8(zip_strerror(archive.get())));
    }
    if (zip_close(archive.get()) != 0)
        return fail(QString::fromUtf8(zip_strerror(archive.get())));
    archive.release();
    return true;
}

} // namespace AttentionLab
