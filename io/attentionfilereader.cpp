// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/attentionfilereader.h"

#include "core/sets/attentionvalidation.h"
#include "core/sets/inferredvisibility.h"
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

#include <algorithm>
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

QString AttentionFileReader::failure(const QString &name, const QString &message)
{
    return inputText(name) + QStringLiteral(": ") + message;
}

std::optional<AttentionTensor> AttentionFileReader::readFile(const QString &path)
{
    return choose(open(path), path);
}

std::optional<AttentionTensor> AttentionFileReader::parse(const QByteArray &data,
                                                          const QString &name)
{
    return choose(openBytes(data, name), name);
}

std::optional<std::vector<AttentionSet>> AttentionFileReader::readSets(const QString &path)
{
    return shared(open(path));
}

std::optional<std::vector<AttentionSet>> AttentionFileReader::parseSets(const QByteArray &data,
                                                                        const QString &name)
{
    return shared(openBytes(data, name));
}

std::optional<std::vector<AttentionSet>> AttentionFileReader::shared(std::optional<ReadSets> sets)
{
    if (!sets)
        return std::nullopt;
    std::vector<AttentionSet> out;
    for (auto &[kind, tensor] : *sets)
        out.push_back({kind, std::make_shared<const AttentionTensor>(std::move(tensor))});
    return out;
}

std::optional<AttentionTensor> AttentionFileReader::choose(std::optional<ReadSets> sets,
                                                           const QString &name)
{
    if (!sets)
        return std::nullopt;
    std::vector<AttentionSet> kinds; // the kinds alone, for chosenSetIndex and messages
    for (const auto &[kind, tensor] : *sets)
        kinds.push_back({kind, nullptr});
    const int index = chosenSetIndex(kinds, m_options.set);
    if (index < 0)
        return fail<AttentionTensor>(name,
                                     QString::fromStdString(missingSetText(*m_options.set, kinds)));
    return std::move((*sets)[size_t(index)].second);
}

std::optional<AttentionFileReader::ReadSets> AttentionFileReader::open(const QString &path)
{
    m_error.clear();
    m_batchSize = 0;
    m_needsLayout = false;
    m_view.reset();
    const QFileInfo info(path);
    if (!info.exists())
        return fail<ReadSets>(path, QStringLiteral("no such file"));
    // Before opening: opening a FIFO or a device for reading can block forever.
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        return fail<ReadSets>(path, QStringLiteral("is %1, not an attention file").arg(kind));
    if (formatOf(path) == Format::Unknown)
        return fail<ReadSets>(
            path, QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
    // Mapped, not read: a 600 MB float32 file becomes the tensor's storage,
    // and only the pages the views touch are ever loaded. A file cut short
    // later reads as zeros rather than ending the program (MappedFile).
    std::shared_ptr<const MappedFile> mapped;
    try {
        mapped = MappedFile::open(path);
    } catch (const ReadError &error) {
        return fail<ReadSets>(path, error.message);
    }
    const char *data = mapped->data();
    const long long size = mapped->size();
    return read(data, size, std::move(mapped), path);
}

std::optional<AttentionFileReader::ReadSets> AttentionFileReader::openBytes(const QByteArray &data,
                                                                            const QString &name)
{
    m_error.clear();
    m_batchSize = 0;
    m_needsLayout = false;
    m_view.reset();
    if (formatOf(name) == Format::Unknown)
        return fail<ReadSets>(
            name, QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
    if (data.isEmpty())
        return fail<ReadSets>(name, QStringLiteral("is empty"));
    auto copy = std::make_shared<QByteArray>(data);
    const char *bytes = copy->constData();
    const long long size = copy->size();
    return read(bytes, size, std::move(copy), name);
}

namespace {

/// The set an array belongs to by its name's start: Hugging Face's
/// "encoder_attentions" (stacked, or ".0", "_0" one per layer) and BertViz's
/// "encoder_attention", and the same for decoder and cross; nullopt for any
/// other name (a file of one attention).
std::optional<AttentionKind> setOfArray(const QString &name)
{
    for (AttentionKind kind : kAttentionKinds)
        if (name.startsWith(QString::fromStdString(attentionKindName(kind)) +
                            QStringLiteral("_attention")))
            return kind;
    return std::nullopt;
}

/// A --tokens file that cannot be read: its own one line, which names it.
struct TokenFileError
{
    QString message;
};

} // namespace

AttentionTensor AttentionFileReader::arrangeSet(const AttentionArrays &arrays, AttentionKind kind,
                                                bool several, const QString &name)
{
    int sourceBits = 32;
    AttentionTensor tensor =
        AttentionLayout::arrange(arrays, m_options.batch, m_options.layout, &sourceBits);

    const bool metadata = formatOf(name) == Format::Safetensors;
    const QString member =
        metadata ? QStringLiteral("its __metadata__ %1") : QStringLiteral("its %1 array");
    // A file of one attention: its tokens and query_tokens. An
    // encoder-decoder's: each text's own list, the decoder's the rows of
    // the cross-attention and the encoder's its columns.
    std::optional<std::vector<std::string>> keys = arrays.tokens;
    std::optional<std::vector<std::string>> queries = arrays.queryTokens;
    QString keysFrom = member.arg(QStringLiteral("tokens"));
    QString queriesFrom = member.arg(QStringLiteral("query_tokens"));
    if (several) {
        const bool encoderKeys = kind != AttentionKind::Decoder;
        keys = encoderKeys ? arrays.encoderTokens : arrays.decoderTokens;
        keysFrom = member.arg(encoderKeys ? QStringLiteral("encoder_tokens")
                                          : QStringLiteral("decoder_tokens"));
        queries = kind == AttentionKind::Cross ? arrays.decoderTokens : std::nullopt;
        queriesFrom = member.arg(QStringLiteral("decoder_tokens"));
    }
    TokenListReader tokenReader;
    if (!m_options.tokensFile.isEmpty()) {
        auto read = tokenReader.readFile(m_options.tokensFile);
        if (!read)
            throw TokenFileError{tokenReader.errorString()};
        keys = std::move(*read);
        keysFrom = QStringLiteral("from %1").arg(inputText(m_options.tokensFile));
    }
    if (!m_options.queryTokensFile.isEmpty()) {
        auto read = tokenReader.readFile(m_options.queryTokensFile);
        if (!read)
            throw TokenFileError{tokenReader.errorString()};
        queries = std::move(*read);
        queriesFrom = QStringLiteral("from %1").arg(inputText(m_options.queryTokensFile));
    }
    const QString what =
        several ? QString::fromStdString(attentionKindTitle(kind)) + QStringLiteral(" ")
                : QString();
    if (keys)
        checkTokens(*keys, tensor.keys(), what + QStringLiteral("tokens"), QStringLiteral("keys"),
                    keysFrom);
    if (queries)
        checkTokens(*queries, tensor.queries(), what + QStringLiteral("query tokens"),
                    QStringLiteral("queries"), queriesFrom);

    if (const auto problem = firstInvalidRow(tensor, rowSumTolerance(sourceBits)))
        throwReadError((several ? what.trimmed() + QStringLiteral(", ") : QString()) +
                       QString::fromStdString(problem->message()));
    tensor.setTokens(keys.value_or(std::vector<std::string>{}),
                     queries.value_or(std::vector<std::string>{}));
    // A decoder's row wrote the token after the one it read; after the last
    // row's, the file does not say.
    if (several && kind == AttentionKind::Cross && queries)
        tensor.setWrittenTokens(writtenAfter(*queries, std::string()));
    // A decoder's file: the zeros right of the diagonal were masked, not
    // weighed. A cross-attention sees every source token.
    if (kind != AttentionKind::Cross)
        tensor.setVisibility(inferredVisibility(tensor));
    return tensor;
}

std::optional<AttentionFileReader::ReadSets>
AttentionFileReader::read(const char *data, long long size, std::shared_ptr<const void> owner,
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
            return fail<ReadSets>(
                name, QStringLiteral("is not an attention file (.npy, .npz or .safetensors)"));
        }

        if (arrays.view) {
            QString why;
            m_view = parseFileView(*arrays.view, &why);
            if (!m_view)
                throwReadError(why);
        }
        // An encoder-decoder's arrays, split by set; any other file is one attention.
        std::vector<std::pair<AttentionKind, AttentionArrays>> parts;
        for (const AttentionArray &array : arrays.arrays) {
            const std::optional<AttentionKind> kind =
                arrays.singleArray ? std::nullopt : setOfArray(array.name);
            if (!kind)
                continue;
            auto part = std::find_if(parts.begin(), parts.end(),
                                     [&](const auto &p) { return p.first == *kind; });
            if (part == parts.end()) {
                AttentionArrays subset;
                subset.layout = arrays.layout;
                subset.tokens = arrays.tokens;
                subset.queryTokens = arrays.queryTokens;
                subset.encoderTokens = arrays.encoderTokens;
                subset.decoderTokens = arrays.decoderTokens;
                parts.emplace_back(*kind, std::move(subset));
                part = parts.end() - 1;
            }
            part->second.arrays.push_back(array);
        }
        // The layers' and heads' own numbers, when the file kept only some.
        const auto numberSet = [this](AttentionTensor &tensor, const QString &which) {
            if (!m_view || (m_view->layerNumbers.empty() && m_view->headNumbers.empty()))
                return;
            const auto check = [&which](const std::vector<int> &numbers, int count,
                                        const char *what) {
                if (!numbers.empty() && int(numbers.size()) != count)
                    throwReadError(QStringLiteral("its view numbers %1 %2, but %3 has %4")
                                       .arg(numbers.size())
                                       .arg(QLatin1String(what))
                                       .arg(which)
                                       .arg(count));
            };
            check(m_view->layerNumbers, tensor.layers(), "layers");
            check(m_view->headNumbers, tensor.heads(), "heads");
            tensor.setNumbers(m_view->layerNumbers, m_view->headNumbers);
        };
        ReadSets sets;
        if (parts.empty()) {
            AttentionTensor tensor = arrangeSet(arrays, AttentionKind::Decoder, false, name);
            numberSet(tensor, QStringLiteral("the attention"));
            const AttentionKind kind = kindOf(tensor);
            sets.emplace_back(kind, std::move(tensor));
            return sets;
        }
        if (!m_options.tokensFile.isEmpty() || !m_options.queryTokensFile.isEmpty())
            throwReadError(QStringLiteral("holds several attentions with their own texts "
                                          "(encoder_tokens, decoder_tokens); --tokens names the "
                                          "tokens of a file of one"));
        std::sort(parts.begin(), parts.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        for (const auto &[kind, part] : parts) {
            AttentionTensor tensor = arrangeSet(part, kind, true, name);
            numberSet(tensor, QStringLiteral("the %1 attention")
                                  .arg(QString::fromStdString(attentionKindName(kind))));
            sets.emplace_back(kind, std::move(tensor));
        }
        return sets;
    } catch (const ReadError &error) {
        m_batchSize = error.batchSize;
        m_needsLayout = error.ambiguousLayout;
        return fail<ReadSets>(name, error.message);
    } catch (const TokenFileError &error) {
        m_error = error.message;
        return std::nullopt;
    } catch (const std::bad_alloc &) {
        return fail<ReadSets>(name, QStringLiteral("does not fit in memory"));
    }
}

} // namespace AttentionLab
