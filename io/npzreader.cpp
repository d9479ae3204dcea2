// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/npzreader.h"

#include "io/inputtextqt.h"
#include "io/npyreader.h"
#include "io/readerror.h"

#include <QByteArray>

#include <zip.h>

namespace AttentionLab {

namespace {

/// Deflate never expands data more than 1032 times.
constexpr zip_uint64_t kMaxDeflateRatio = 1032;

/// An open archive over bytes in memory; arrays that still have to be read
/// share it, and with it the bytes' owner.
class ZipArchive
{
public:
    ZipArchive(const char *data, long long size, std::shared_ptr<const void> owner)
        : m_owner(std::move(owner))
    {
        zip_error_t error;
        zip_error_init(&error);
        zip_source_t *source = zip_source_buffer_create(data, zip_uint64_t(size), 0, &error);
        if (source)
            m_zip = zip_open_from_source(source, ZIP_RDONLY, &error);
        if (!m_zip) {
            const QString why = QString::fromUtf8(zip_error_strerror(&error));
            if (source)
                zip_source_free(source);
            zip_error_fini(&error);
            throwReadError(
                QStringLiteral("is not an npz file: it is no zip archive (%1)").arg(why));
        }
        zip_error_fini(&error);
    }
    ~ZipArchive() { zip_discard(m_zip); }
    ZipArchive(const ZipArchive &) = delete;
    ZipArchive &operator=(const ZipArchive &) = delete;

    zip_t *zip() const { return m_zip; }

    /// The first \a bytes bytes of member \a index. When they are all of it
    /// (\a whole), the member's CRC-32 is checked too: libzip compares it
    /// once a read reaches the end, so one more read must find that end.
    QByteArray read(zip_uint64_t index, const QString &name, long long bytes,
                    bool whole = false) const
    {
        zip_file_t *file = zip_fopen_index(m_zip, index, 0);
        if (!file)
            throwReadError(QStringLiteral("cannot read its member %1: %2")
                               .arg(name, QString::fromUtf8(zip_strerror(m_zip))));
        QByteArray data(qsizetype(bytes), Qt::Uninitialized);
        long long done = 0;
        QString problem;
        while (done < bytes) {
            const zip_int64_t got = zip_fread(file, data.data() + done, zip_uint64_t(bytes - done));
            if (got < 0) {
                problem = QString::fromUtf8(zip_file_strerror(file));
                break;
            }
            if (got == 0) {
                problem = QStringLiteral("it ends after %1 of its %2 bytes").arg(done).arg(bytes);
                break;
            }
            done += got;
        }
        if (problem.isEmpty() && whole) {
            char extra = 0;
            const zip_int64_t got = zip_fread(file, &extra, 1);
            if (got < 0)
                problem = QStringLiteral("it is corrupt (%1)")
                              .arg(QString::fromUtf8(zip_file_strerror(file)));
            else if (got > 0)
                problem = QStringLiteral("it holds more than its stated %1 bytes").arg(bytes);
        }
        zip_fclose(file);
        if (!problem.isEmpty())
            throwReadError(QStringLiteral("cannot read its member %1: %2").arg(name, problem));
        return data;
    }

private:
    std::shared_ptr<const void> m_owner;
    zip_t *m_zip = nullptr;
};

} // namespace

AttentionArrays NpzReader::read(const char *data, long long size, std::shared_ptr<const void> owner)
{
    auto archive = std::make_shared<ZipArchive>(data, size, std::move(owner));
    AttentionArrays result;
    const zip_int64_t entries = zip_get_num_entries(archive->zip(), 0);
    int npyMembers = 0;
    for (zip_int64_t i = 0; i < entries; ++i) {
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive->zip(), zip_uint64_t(i), 0, &stat) != 0 || !stat.name)
            throwReadError(QStringLiteral("is not a valid npz file: member %1 cannot be read: %2")
                               .arg(i)
                               .arg(QString::fromUtf8(zip_strerror(archive->zip()))));
        const QString rawName = QString::fromUtf8(stat.name);
        if (!rawName.endsWith(QLatin1String(".npy")))
            continue;
        ++npyMembers;
        const QString name = rawName.chopped(4);
        const QString member = inputText(rawName); // for messages
        if (!(stat.valid & ZIP_STAT_SIZE) || stat.size > zip_uint64_t(1) << 62)
            throwReadError(QStringLiteral("has a member %1 without a size").arg(member));
        if ((stat.valid & ZIP_STAT_ENCRYPTION_METHOD) && stat.encryption_method != ZIP_EM_NONE)
            throwReadError(QStringLiteral("has an encrypted member %1").arg(member));
        const auto memberSize = static_cast<long long>(stat.size);
        // Sizes come from the central directory, which can lie: allocate no
        // more than the member's compressed bytes can really give.
        const bool stored = stat.comp_method == ZIP_CM_STORE;
        if (!(stat.valid & ZIP_STAT_COMP_METHOD) || (!stored && stat.comp_method != ZIP_CM_DEFLATE))
            throwReadError(QStringLiteral("has a member %1 compressed with method %2; numpy "
                                          "stores or deflates members")
                               .arg(member)
                               .arg(stat.comp_method));
        if (!(stat.valid & ZIP_STAT_COMP_SIZE) || stat.comp_size > zip_uint64_t(size) ||
            (stored ? stat.comp_size != stat.size
                    : stat.size > stat.comp_size * kMaxDeflateRatio + 64))
            throwReadError(QStringLiteral("is corrupt: member %1 claims %2 bytes from %3 "
                                          "compressed bytes")
                               .arg(member)
                               .arg(stat.size)
                               .arg(stat.comp_size));

        try {
            if (std::optional<std::vector<std::string>> *list = result.tokenList(name)) {
                if (memberSize > kMaxTokenBytes)
                    throwReadError(
                        QStringLiteral("has a member %1 of %2 bytes, too large for tokens")
                            .arg(member)
                            .arg(memberSize));
                const QByteArray bytes = archive->read(zip_uint64_t(i), member, memberSize, true);
                *list = NpyReader::strings(name, bytes.constData(), bytes.size());
                continue;
            }
            if (name == QLatin1String("view") && memberSize <= kMaxTokenBytes) {
                // The view to open on (FileView): one string of JSON.
                const QByteArray bytes = archive->read(zip_uint64_t(i), member, memberSize, true);
                const auto strings = NpyReader::strings(name, bytes.constData(), bytes.size());
                if (strings.size() != 1)
                    throwReadError(
                        QStringLiteral("has a member %1 that is not one string").arg(member));
                result.view = strings.front();
                continue;
            }
            if (name == QLatin1String("layout") && memberSize <= kMaxTokenBytes) {
                // How a five-axis attentions array is laid out: one string.
                const QByteArray bytes = archive->read(zip_uint64_t(i), member, memberSize, true);
                const auto strings = NpyReader::strings(name, bytes.constData(), bytes.size());
                if (strings.size() != 1)
                    throwReadError(
                        QStringLiteral("has a member %1 that is not one string").arg(member));
                result.layout = strings.front();
                continue;
            }

            // The header only: the data is read if the layout uses the array.
            const QByteArray preamble = archive->read(
                zip_uint64_t(i), member, std::min(memberSize, NpyReader::kPreambleBytes));
            const long long headerBytes =
                NpyReader::headerLength(preamble.constData(), preamble.size());
            if (headerBytes > memberSize)
                throwReadError(
                    QStringLiteral("is truncated: member %1 ends inside its header").arg(member));
            const QByteArray headerText = archive->read(zip_uint64_t(i), member, headerBytes);
            const NpyHeader header =
                NpyReader::parseHeader(headerText.constData(), headerText.size());
            if (header.dataBytes > memberSize - header.dataOffset)
                throwReadError(
                    QStringLiteral("is truncated: member %1's header promises %2 bytes of "
                                   "data (shape %3, %4) and the member holds %5")
                        .arg(member)
                        .arg(header.dataBytes)
                        .arg(shapeText(header.shape), header.descr)
                        .arg(memberSize - header.dataOffset));
            AttentionArray array = NpyReader::describe(name, header);
            const bool inPlace = array.type == ElementType::Float32 && !header.bigEndian &&
                                 (!header.fortranOrder || header.shape.size() < 2);
            array.loadBytes = double(memberSize) + (inPlace ? 0.0 : array.loadBytes);
            array.load = [archive, header, member, index = zip_uint64_t(i), memberSize] {
                auto bytes =
                    std::make_shared<QByteArray>(archive->read(index, member, memberSize, true));
                return NpyReader::floats(header, bytes->constData() + header.dataOffset, bytes);
            };
            result.arrays.push_back(std::move(array));
        } catch (const ReadError &error) {
            // NpyReader speaks of a file; here it is a member of one.
            if (error.message.startsWith(QLatin1String("is ")) ||
                error.message.startsWith(QLatin1String("has ")) ||
                error.message.startsWith(QLatin1String("holds ")))
                throwReadError(QStringLiteral("member %1 ").arg(member) + error.message);
            throw;
        }
    }
    if (npyMembers == 0)
        throwReadError(entries == 0
                           ? QStringLiteral("is not an npz file: it is an empty zip archive")
                           : QStringLiteral("is not an npz file: none of its %1 members is a .npy "
                                            "array")
                                 .arg(entries));
    return result;
}

} // namespace AttentionLab
