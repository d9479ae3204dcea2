// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace AttentionLab {

/**
 * Writes JSON to a stdio stream as it goes, so that a document of any size
 * needs only a small buffer. Numbers are written in the shortest form that
 * reads back to the same double (std::to_chars); NaN and infinities, which
 * JSON cannot hold, as null. Objects put one member per line; a list is laid
 * out one element per line, or on one line when opened with Layout::Line.
 */
class JsonStreamWriter
{
public:
    enum class Layout
    {
        Lines, ///< one element per line, indented
        Line,  ///< every element on one line: [1, 2, 3]
    };

    /// Writes to \a out, which stays open and is flushed by finish().
    explicit JsonStreamWriter(std::FILE *out);
    ~JsonStreamWriter();
    JsonStreamWriter(const JsonStreamWriter &) = delete;
    JsonStreamWriter &operator=(const JsonStreamWriter &) = delete;

    void beginObject();
    void endObject();
    void beginArray(Layout layout = Layout::Lines);
    void endArray();
    /// The name of the next member of the current object.
    void key(std::string_view name);

    void number(double value);
    /// A float32 value in the shortest form that reads back to the same float
    /// ("0.1", not the double 0.10000000149011612).
    void floatNumber(float value);
    void integer(long long value);
    void boolean(bool value);
    void null();
    /// \a utf8 with quotes, backslashes and control characters escaped.
    void string(std::string_view utf8);

    /// Writes what is buffered, a final newline, and flushes; false when
    /// any write failed.
    bool finish();

    /// The shortest text that reads back to \a value (finite): "0.1", "1e-300".
    static std::string formatNumber(double value);

private:
    struct Level
    {
        Layout layout;
        bool empty = true;
    };
    void beforeValue();
    void raw(std::string_view text);
    /// \a value in the shortest form that reads back to the same Real; null
    /// when not finite.
    template <typename Real> void shortest(Real value);
    void newline(std::size_t depth);
    void flush();

    std::FILE *m_out;
    std::string m_buffer;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
    bool m_failed = false;
};

} // namespace AttentionLab
