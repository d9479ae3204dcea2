// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/npyreader.h"

#include "core/sets/attentiontensor.h"
#include "core/support/utf8.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>

namespace AttentionLab {

namespace {

const char kMagic[] = "\x93NUMPY";
constexpr int kMagicBytes = 6;

/// A value of the header's Python dict literal: a string, a boolean or a
/// tuple of integers; numpy writes nothing else for the arrays we read.
struct HeaderValue
{
    enum Kind
    {
        String,
        Boolean,
        Tuple,
        List
    } kind = String;
    QByteArray text;
    bool boolean = false;
    std::vector<long long> tuple;
};

/// Parses "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }".
class DictParser
{
public:
    DictParser(const char *begin, const char *end) : m_at(begin), m_end(end) {}

    std::map<QByteArray, HeaderValue> parse()
    {
        std::map<QByteArray, HeaderValue> dict;
        skipSpace();
        expect('{');
        for (;;) {
            skipSpace();
            if (peek() == '}') {
                ++m_at;
                break;
            }
            const QByteArray key = string();
            skipSpace();
            expect(':');
            skipSpace();
            if (!dict.emplace(key, value()).second)
                fail(QStringLiteral("names '%1' twice").arg(inputText(QString::fromUtf8(key))));
            skipSpace();
            if (peek() == ',')
                ++m_at;
            else if (peek() != '}')
                fail(QStringLiteral("has no ',' or '}' after '%1'")
                         .arg(inputText(QString::fromUtf8(key))));
        }
        skipSpace();
        if (m_at != m_end)
            fail(QStringLiteral("has text after its closing '}'"));
        return dict;
    }

private:
    [[noreturn]] void fail(const QString &what)
    {
        throwReadError(QStringLiteral("is not a valid .npy file: its header ") + what);
    }
    char peek() const { return m_at < m_end ? *m_at : '\0'; }
    void skipSpace()
    {
        while (m_at < m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\t' || *m_at == '\r'))
            ++m_at;
    }
    void expect(char c)
    {
        if (peek() != c)
            fail(QStringLiteral("lacks a '%1'").arg(QLatin1Char(c)));
        ++m_at;
    }
    QByteArray string()
    {
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            fail(QStringLiteral("has a key that is not a string"));
        ++m_at;
        const char *start = m_at;
        while (m_at < m_end && *m_at != quote) {
            if (*m_at == '\\')
                fail(QStringLiteral("has an escape in a string"));
            ++m_at;
        }
        if (m_at == m_end)
            fail(QStringLiteral("has a string without its closing quote"));
        return QByteArray(start, m_at++ - start);
    }
    bool word(const char *text)
    {
        const size_t length = std::strlen(text);
        if (size_t(m_end - m_at) >= length && std::memcmp(m_at, text, length) == 0) {
            m_at += length;
            return true;
        }
        return false;
    }
    long long integer()
    {
        if (peek() < '0' || peek() > '9')
            fail(QStringLiteral("has a shape that is not a tuple of lengths"));
        long long value = 0;
        while (peek() >= '0' && peek() <= '9') {
            if (__builtin_mul_overflow(value, 10, &value) ||
                __builtin_add_overflow(value, *m_at - '0', &value))
                fail(QStringLiteral("has an axis length too large to be real"));
            ++m_at;
        }
        if (peek() == 'L') // Python 2's long integers
            ++m_at;
        return value;
    }
    HeaderValue value()
    {
        HeaderValue v;
        const char c = peek();
        if (c == '\'' || c == '"') {
            v.text = string();
        } else if (word("True") || word("False")) {
            v.kind = HeaderValue::Boolean;
            v.boolean = m_at[-1] == 'e' && m_at[-2] == 'u';
        } else if (c == '(') {
            v.kind = HeaderValue::Tuple;
            ++m_at;
            skipSpace();
            while (peek() != ')') {
                v.tuple.push_back(integer());
                skipSpace();
                if (peek() == ',') {
                    ++m_at;
                    skipSpace();
                } else if (peek() != ')') {
                    fail(QStringLiteral("has a shape that is not a tuple of lengths"));
                }
            }
            ++m_at;
        } else if (c == '[') {
            v.kind = HeaderValue::List; // a structured dtype's field list
            int depth = 0;
            while (m_at < m_end) {
                depth += *m_at == '[' ? 1 : *m_at == ']' ? -1 : 0;
                ++m_at;
                if (depth == 0)
                    break;
            }
        } else {
            fail(QStringLiteral("holds a value that is not a string, True, False or a tuple"));
        }
        return v;
    }

    const char *m_at;
    const char *m_end;
};

QString kindName(char kind, int size)
{
    switch (kind) {
    case 'i':
        return QStringLiteral("int%1").arg(8 * size);
    case 'u':
        return QStringLiteral("uint%1").arg(8 * size);
    case 'b':
        return QStringLiteral("bool");
    case 'c':
        return QStringLiteral("complex%1").arg(8 * size);
    case 'f':
        return QStringLiteral("float%1").arg(8 * size);
    case 'U':
        return QStringLiteral("unicode text");
    case 'S':
    case 'a':
        return QStringLiteral("byte strings");
    case 'M':
        return QStringLiteral("datetime64");
    case 'm':
        return QStringLiteral("timedelta64");
    case 'V':
        return QStringLiteral("raw bytes");
    default:
        break;
    }
    return QStringLiteral("an unknown type");
}

std::optional<ElementType> floatType(char kind, int size)
{
    if (kind != 'f')
        return std::nullopt;
    switch (size) {
    case 2:
        return ElementType::Float16;
    case 4:
        return ElementType::Float32;
    case 8:
        return ElementType::Float64;
    default:
        break;
    }
    return std::nullopt;
}

/// A UTF-32 code unit as UTF-8; false for a unit that is no character.
bool appendCharacter(std::string &out, std::uint32_t c)
{
    if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return false;
    appendUtf8(out, char32_t(c));
    return true;
}

} // namespace

long long NpyReader::headerLength(const char *data, long long size)
{
    // A file shorter than the preamble is truncated if what it has is the
    // start of one, and no .npy file otherwise.
    const long long compared = std::min<long long>(std::max<long long>(size, 0), kMagicBytes);
    if (compared > 0 && std::memcmp(data, kMagic, size_t(compared)) != 0)
        throwReadError(QStringLiteral("is not a .npy file (it does not start with \\x93NUMPY)"));
    if (size < kMagicBytes + 2)
        throwReadError(QStringLiteral("is truncated: it ends inside the .npy header"));
    const int major = static_cast<unsigned char>(data[6]);
    const int minor = static_cast<unsigned char>(data[7]);
    if (major < 1 || major > 3 || minor != 0)
        throwReadError(QStringLiteral("is a .npy file of version %1.%2; versions 1.0, 2.0 and 3.0 "
                                      "are read")
                           .arg(major)
                           .arg(minor));
    const long long fieldBytes = major == 1 ? 2 : 4;
    if (size < 8 + fieldBytes)
        throwReadError(QStringLiteral("is truncated: it ends inside the .npy header"));
    const auto *u = reinterpret_cast<const unsigned char *>(data + 8);
    long long length = u[0] | (u[1] << 8);
    if (fieldBytes == 4)
        length |= (static_cast<long long>(u[2]) << 16) | (static_cast<long long>(u[3]) << 24);
    if (length > kMaxHeaderBytes)
        throwReadError(QStringLiteral("has a .npy header of %1 bytes; numpy writes a few hundred")
                           .arg(length));
    return 8 + fieldBytes + length;
}

NpyHeader NpyReader::parseHeader(const char *data, long long size)
{
    const long long length = headerLength(data, size);
    if (length > size)
        throwReadError(QStringLiteral("is truncated: it ends inside the .npy header"));
    const long long start = data[6] == 1 ? 10 : 12;
    const auto dict = DictParser(data + start, data + length).parse();

    NpyHeader header;
    header.dataOffset = length;
    const auto descr = dict.find("descr");
    const auto fortran = dict.find("fortran_order");
    const auto shape = dict.find("shape");
    if (descr == dict.end() || fortran == dict.end() || shape == dict.end())
        throwReadError(QStringLiteral("is not a valid .npy file: its header lacks 'descr', "
                                      "'fortran_order' or 'shape'"));
    if (descr->second.kind == HeaderValue::List)
        throwReadError(QStringLiteral("holds a structured array (a record dtype); attention is an "
                                      "array of floats"));
    if (descr->second.kind != HeaderValue::String || fortran->second.kind != HeaderValue::Boolean ||
        shape->second.kind != HeaderValue::Tuple)
        throwReadError(QStringLiteral("is not a valid .npy file: its 'descr', 'fortran_order' or "
                                      "'shape' has the wrong type"));
    header.fortranOrder = fortran->second.boolean;
    header.shape = shape->second.tuple;

    const QByteArray &d = descr->second.text;
    header.descr = inputText(QString::fromUtf8(d)); // for messages
    if (d.size() >= 2 && d[1] == 'O')
        throwReadError(QStringLiteral("is an object array (dtype %1, pickled Python objects), "
                                      "which is never read")
                           .arg(header.descr));
    const char order = d.isEmpty() ? '\0' : d[0];
    if (d.size() < 3 || (order != '<' && order != '>' && order != '|' && order != '='))
        throwReadError(
            QStringLiteral("has the dtype '%1', which is not one numpy writes").arg(header.descr));
    header.bigEndian = order == '>';
    header.kind = d[1];
    bool ok = false;
    const int itemSize = d.mid(2).toInt(&ok);
    if (!ok || itemSize <= 0 || itemSize > (1 << 20))
        throwReadError(
            QStringLiteral("has the dtype '%1', which is not one numpy writes").arg(header.descr));
    header.itemSize = header.kind == 'U' ? 4 * itemSize : itemSize;
    header.elementCount = elementCount(header.shape);
    if (header.elementCount < 0 ||
        __builtin_mul_overflow(header.elementCount, header.itemSize, &header.dataBytes))
        throwReadError(
            QStringLiteral("has a shape %1 too large to be real").arg(shapeText(header.shape)));
    return header;
}

AttentionArray NpyReader::describe(const QString &name, const NpyHeader &header)
{
    AttentionArray array;
    array.name = name;
    array.shape = header.shape;
    array.type = floatType(header.kind, header.itemSize);
    if (!array.type)
        array.refusal = QStringLiteral("has the dtype %1 (%2); attention must be float16, float32 "
                                       "or float64")
                            .arg(header.descr, kindName(header.kind, header.itemSize));
    array.loadBytes = attentionTensorBytes(double(header.elementCount));
    return array;
}

FloatValues NpyReader::floats(const NpyHeader &header, const char *data,
                              std::shared_ptr<const void> owner)
{
    const std::optional<ElementType> type = floatType(header.kind, header.itemSize);
    if (!type)
        throwReadError(
            QStringLiteral("has the dtype %1, not float16, float32 or float64").arg(header.descr));
    const bool cOrder = !header.fortranOrder || header.shape.size() < 2;
    if (*type == ElementType::Float32 && !header.bigEndian && cOrder &&
        reinterpret_cast<std::uintptr_t>(data) % alignof(float) == 0)
        return {reinterpret_cast<const float *>(data), std::move(owner)};
    auto values = std::make_shared<std::vector<float>>(size_t(header.elementCount));
    convertToFloat(reinterpret_cast<const unsigned char *>(data), *type, header.bigEndian,
                   header.elementCount, values->data(),
                   cOrder ? std::vector<long long>{} : header.shape);
    return {values->data(), std::move(values)};
}

AttentionArray NpyReader::array(const QString &name, const char *data, long long size,
                                std::shared_ptr<const void> owner)
{
    const NpyHeader header = parseHeader(data, size);
    const long long available = size - header.dataOffset;
    if (header.dataBytes > available)
        throwReadError(QStringLiteral("is truncated: its header promises %1 bytes of data (shape "
                                      "%2, %3) and the file holds %4")
                           .arg(header.dataBytes)
                           .arg(shapeText(header.shape), header.descr)
                           .arg(available));
    AttentionArray array = describe(name, header);
    const char *values = data + header.dataOffset;
    array.load = [header, values, owner = std::move(owner)] {
        return floats(header, values, owner);
    };
    return array;
}

std::vector<std::string> NpyReader::strings(const QString &name, const char *data, long long size)
{
    const NpyHeader header = parseHeader(data, size);
    // One axis, or none: np.savez(f, layout="BLHQK") stores one string as shape ().
    if ((header.kind != 'U' && header.kind != 'S' && header.kind != 'a') || header.shape.size() > 1)
        throwReadError(QStringLiteral("holds %1 of dtype %2 and shape %3; tokens must be one axis "
                                      "of strings")
                           .arg(name, header.descr, shapeText(header.shape)));
    if (header.dataBytes > size - header.dataOffset)
        throwReadError(QStringLiteral("is truncated: %1 promises %2 bytes of data and holds %3")
                           .arg(name)
                           .arg(header.dataBytes)
                           .arg(size - header.dataOffset));
    std::vector<std::string> tokens;
    tokens.reserve(size_t(header.elementCount));
    const auto *at = reinterpret_cast<const unsigned char *>(data + header.dataOffset);
    for (long long i = 0; i < header.elementCount; ++i, at += header.itemSize) {
        std::string token;
        if (header.kind == 'U') {
            for (int c = 0; c < header.itemSize; c += 4) {
                const unsigned char *u = at + c;
                const std::uint32_t unit =
                    header.bigEndian ? (std::uint32_t(u[0]) << 24 | std::uint32_t(u[1]) << 16 |
                                        std::uint32_t(u[2]) << 8 | u[3])
                                     : (std::uint32_t(u[3]) << 24 | std::uint32_t(u[2]) << 16 |
                                        std::uint32_t(u[1]) << 8 | u[0]);
                if (unit == 0)
                    break;
                if (!appendCharacter(token, unit))
                    throwReadError(QStringLiteral("has token %1 in %2 with the code point U+%3, "
                                                  "which is no character")
                                       .arg(i)
                                       .arg(name)
                                       .arg(unit, 4, 16, QLatin1Char('0')));
            }
        } else {
            const void *nul = std::memchr(at, 0, size_t(header.itemSize));
            token.assign(reinterpret_cast<const char *>(at),
                         nul ? size_t(static_cast<const unsigned char *>(nul) - at)
                             : size_t(header.itemSize));
        }
        tokens.push_back(std::move(token));
    }
    return tokens;
}

} // namespace AttentionLab
