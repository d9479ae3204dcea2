// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionfilereader.h"

#include "core/attentionvalidation.h"
#include "core/memorybudget.h"
#include "io/attentionlayout.h"
#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/mappedfile.h"
#include "io/npyreader.h"
#include "io/npzreader.h"
#include "io/readerror.h"
#include "io/safetensorsreader.h"
#include "io/tokenlistreader.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <new>

namespace AttentionLab {

namespace {

enum class Format
{
    Unknown,
    Npy,
    Npz,
    Safetensors
};

Format formatOf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("npy"))
        return Format::Npy;
    if (suffix == QLatin1String("npz"))
        return Format::Npz;
    if (suffix == QLatin1String("safetensors"))
        return Format::Safetensors;
    return Format::Unknown;
}

bool isUtf8(const std::string &text)
{
    auto decoder = QStringDecoder(QStringDecoder::Utf8);
    const QString decoded = decoder(QByteArrayView(text.data(), qsizetype(text.size())));
    Q_UNUSED(decoded);
    return !decoder.hasError();
}

/// Checks \a tokens against \a count positions; \a what is "tokens" or
/// "query tokens", \a from where they came.
void checkTokens(const std::vector<std::string> &tokens, long long count, const QString &what,
                 const QString &positions, const QString &from)
{
    if (static_cast<long long>(tokens.size()) != count)
        throwReadError(QStringLiteral("has %1 %2 (%3) for %4 %5")
                           .arg(tokens.size())
                           .arg(what, from)
                           .arg(count)
                           .arg(positions));
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (!isUtf8(tokens[i]))
            throwReadError(
                QStringLiteral("has %1 %2 that is not UTF-8 (%3)").arg(what).arg(i).arg(from));
    }
}

} // namespace

AttentionFileReader::AttentionFileReader(AttentionReadOptions options)
    : m_options(std::move(options))
{
}

bool AttentionFileReader::isAttentionFile(const QString &path)
{
    return formatOf(path) != Format::Unknown;
}

QString AttentionFileReader::fileFilter()
{
    return QStringLiteral("Attention tensors (*.npy *.npz *.safetensors)");
}

std::optional<AttentionTensor> AttentionFileReader::fail(const QString &name,
                                                         const QString &message)
{
    m_error = inputText(name) + QStringLiteral(": ") + message;
    return std::nullopt;
}

std::optional<AttentionTensor> AttentionFileReader::readFile(const QString &path)
{
    m_error.clear();
    m_batchSize = 0;
    m_needsLayout = false;
    const QFileInfo info(path);
    if (!info.exists())
        return fail(path, QStringLiteral("no such file"));
    // Before opening: opening a FIFO or a device for reading can block forever.
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        return fail(path, QStringLiteral("is %1, not an attention file").arg(kind));
    if (formatOf(path) == Format::Unknown)
        return fail(path, QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
    // Mapped, not read: a 600 MB float32 file becomes the tensor's storage,
    // and only the pages the views touch are ever loaded. A file cut short
    // later reads as zeros rather than ending the program (MappedFile).
    std::shared_ptr<const MappedFile> mapped;
    try {
        mapped = MappedFile::open(path);
    } catch (const ReadError &error) {
        return fail(path, error.message);
    }
    const char *data = mapped->data();
    const long long size = mapped->size();
    return read(data, size, std::move(mapped), path);
}

std::optional<AttentionTensor> AttentionFileReader::parse(const QByteArray &data,
                                                          const QString &name)
{
    m_error.clear();
    m_batchSize = 0;
    m_needsLayout = false;
    if (formatOf(name) == Format::Unknown)
        return fail(name, QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
    if (data.isEmpty())
        return fail(name, QStringLiteral("is empty"));
    auto copy = std::make_shared<QByteArray>(data);
    const char *bytes = copy->constData();
    const long long size = copy->size();
    return read(bytes, size, std::move(copy), name);
}

std::optional<AttentionTensor> AttentionFileReader::read(const char *data, long long size,
                                                         std::shared_ptr<const void> owner,
                                                         const QString &name)
{
    try {
        AttentionArrays arrays;
        switch (formatOf(name)) {
        case Format::Npy:
            arrays.arrays.push_back(
                NpyReader::array(QFileInfo(name).completeBaseName(), data, size, std::move(owner)));
            arrays.singleArray = true;
            break;
        case Format::Npz:
            arrays = NpzReader::read(data, size, std::move(owner));
            break;
        case Format::Safetensors:
            arrays = SafetensorsReader::read(data, size, std::move(owner));
            break;
        case Format::Unknown:
            return fail(name,
                        QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
        }

        int sourceBits = 32;
        AttentionTensor tensor =
            AttentionLayout::arrange(arrays, m_options.batch, m_options.layout, &sourceBits);

        const bool metadata = formatOf(name) == Format::Safetensors;
        std::vector<std::string> tokens = arrays.tokens.value_or(std::vector<std::string>{});
        QString tokensFrom = metadata ? QStringLiteral("its __metadata__ tokens")
                                      : QStringLiteral("its tokens array");
        std::vector<std::string> queryTokens =
            arrays.queryTokens.value_or(std::vector<std::string>{});
        QString queryTokensFrom = metadata ? QStringLiteral("its __metadata__ query_tokens")
                                           : QStringLiteral("its query_tokens array");
        TokenListReader tokenReader;
        if (!m_options.tokensFile.isEmpty()) {
            auto read = tokenReader.readFile(m_options.tokensFile);
            if (!read) {
                m_error = tokenReader.errorString();
                return std::nullopt;
            }
            tokens = std::move(*read);
            tokensFrom = QStringLiteral("from %1").arg(inputText(m_options.tokensFile));
        }
        if (!m_options.queryTokensFile.isEmpty()) {
            auto read = tokenReader.readFile(m_options.queryTokensFile);
            if (!read) {
                m_error = tokenReader.errorString();
                return std::nullopt;
            }
            queryTokens = std::move(*read);
            queryTokensFrom = QStringLiteral("from %1").arg(inputText(m_options.queryTokensFile));
        }
        if (!tokens.empty() || arrays.tokens || !m_options.tokensFile.isEmpty())
            checkTokens(tokens, tensor.keys(), QStringLiteral("tokens"), QStringLiteral("keys"),
                        tokensFrom);
        if (!queryTokens.empty() || arrays.queryTokens || !m_options.queryTokensFile.isEmpty())
            checkTokens(queryTokens, tensor.queries(), QStringLiteral("query tokens"),
                        QStringLiteral("queries"), queryTokensFrom);

        if (const auto problem = firstInvalidRow(tensor, rowSumTolerance(sourceBits)))
            return fail(name, QString::fromStdString(problem->message()));
        tensor.setTokens(std::move(tokens), std::move(queryTokens));
        // A decoder's file: the zeros right of the diagonal were masked, not weighed.
        tensor.setVisibility(inferredVisibility(tensor));
        return tensor;
    } catch (const ReadError &error) {
        m_batchSize = error.batchSize;
        m_needsLayout = error.ambiguousLayout;
        return fail(name, error.message);
    } catch (const std::bad_alloc &) {
        return fail(name, QStringLiteral("does not fit in memory"));
    }
}

} // namespace AttentionLab
