// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/jsonstreamwriter.h"

#include <charconv>
#include <cmath>

namespace AttentionLab {

namespace {

/// Bytes gathered before each write to the stream.
constexpr std::size_t kFlushBytes = 1 << 16;

} // namespace

JsonStreamWriter::JsonStreamWriter(std::FILE *out) : m_out(out)
{
    m_buffer.reserve(kFlushBytes + 4096);
}

JsonStreamWriter::~JsonStreamWriter()
{
    flush();
}

std::string JsonStreamWriter::formatNumber(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

void JsonStreamWriter::raw(std::string_view text)
{
    m_buffer.append(text);
    if (m_buffer.size() >= kFlushBytes)
        flush();
}

void JsonStreamWriter::flush()
{
    if (m_buffer.empty())
        return;
    if (std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_out) != m_buffer.size())
        m_failed = true;
    m_buffer.clear();
}

void JsonStreamWriter::newline(std::size_t depth)
{
    m_buffer.push_back('\n');
    m_buffer.append(4 * depth, ' ');
}

void JsonStreamWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty())
        return;
    Level &level = m_levels.back();
    const bool first = level.empty;
    level.empty = false;
    if (!first)
        m_buffer.push_back(',');
    if (level.layout == Layout::Lines)
        newline(m_levels.size());
    else if (!first)
        m_buffer.push_back(' ');
}

void JsonStreamWriter::beginObject()
{
    beforeValue();
    raw("{");
    m_levels.push_back({Layout::Lines});
}

void JsonStreamWriter::endObject()
{
    const bool empty = m_levels.back().empty;
    m_levels.pop_back();
    if (!empty)
        newline(m_levels.size());
    raw("}");
}

void JsonStreamWriter::beginArray(Layout layout)
{
    beforeValue();
    raw("[");
    m_levels.push_back({layout});
}

void JsonStreamWriter::endArray()
{
    const Level level = m_levels.back();
    m_levels.pop_back();
    if (!level.empty && level.layout == Layout::Lines)
        newline(m_levels.size());
    raw("]");
}

void JsonStreamWriter::key(std::string_view name)
{
    string(name);
    m_buffer.append(": ");
    m_afterKey = true;
}

template <typename Real> void JsonStreamWriter::shortest(Real value)
{
    if (!std::isfinite(value)) {
        null();
        return;
    }
    beforeValue();
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    raw(std::string_view(text, std::size_t(result.ptr - text)));
}

void JsonStreamWriter::number(double value)
{
    shortest(value);
}

void JsonStreamWriter::floatNumber(float value)
{
    shortest(value);
}

void JsonStreamWriter::integer(long long value)
{
    beforeValue();
    char text[24];
    const auto result = std::to_chars(text, text + sizeof text, value);
    raw(std::string_view(text, std::size_t(result.ptr - text)));
}

void JsonStreamWriter::boolean(bool value)
{
    beforeValue();
    raw(value ? "true" : "false");
}

void JsonStreamWriter::null()
{
    beforeValue();
    raw("null");
}

void JsonStreamWriter::string(std::string_view utf8)
{
    beforeValue();
    m_buffer.push_back('"');
    static const char hex[] = "0123456789abcdef";
    for (const char c : utf8) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            m_buffer.push_back('\\');
            m_buffer.push_back(c);
        } else if (byte < 0x20) {
            switch (c) {
            case '\n':
                m_buffer.append("\\n");
                break;
            case '\t':
                m_buffer.append("\\t");
                break;
            case '\r':
                m_buffer.append("\\r");
                break;
            default:
                m_buffer.append("\\u00");
                m_buffer.push_back(hex[byte >> 4]);
                m_buffer.push_back(hex[byte & 15]);
            }
        } else {
            m_buffer.push_back(c);
        }
    }
    raw("\"");
}

bool JsonStreamWriter::finish()
{
    raw("\n");
    flush();
    if (std::fflush(m_out) != 0 || std::ferror(m_out))
        m_failed = true;
    return !m_failed;
}

} // namespace AttentionLab
