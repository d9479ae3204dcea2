// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "app/evalreport.h"

#include "io/jsonstreamwriter.h"

#include <cmath>

namespace AttentionLab {

namespace {

using Layout = JsonStreamWriter::Layout;

/// One cell of "logits": the number fed to the softmax; null when masked
/// before it; "Infinity" or "-Infinity" for a logit that overflows double
/// precision (a tiny temperature), which JSON has no number for.
void writeLogit(JsonStreamWriter &out, const AttentionResult &r, Index row, Index col)
{
    if (r.isMaskedBeforeSoftmax(row, col)) {
        out.null();
        return;
    }
    const double value = r.logit(row, col);
    if (std::isinf(value))
        out.string(value > 0 ? "Infinity" : "-Infinity");
    else
        out.number(value);
}

void writeMatrix(JsonStreamWriter &out, const Matrix &m)
{
    out.beginArray();
    for (Index i = 0; i < m.rows(); ++i) {
        out.beginArray(Layout::Line);
        for (Index j = 0; j < m.cols(); ++j)
            out.number(m(i, j));
        out.endArray();
    }
    out.endArray();
}

template <typename Write>
void writeRows(JsonStreamWriter &out, const AttentionResult &r, Write write)
{
    out.beginArray(Layout::Line);
    for (const RowStatistics &stats : r.rows)
        write(stats);
    out.endArray();
}

} // namespace

void writeEvalReport(const Session &s, const AttentionResult &r, JsonStreamWriter &out)
{
    const Index m = r.queryCount();
    const Index n = r.keyCount();
    out.beginObject();
    out.key("d_k");
    out.integer(s.keys.cols());
    out.key("scale");
    out.boolean(s.options.scale);
    out.key("mask");
    out.string(maskModeName(s.options.mask));
    out.key("temperature");
    out.number(s.options.temperature);
    // A local layer's window and Gemma 2's cap, where the session has them.
    if (s.options.window > 0) {
        out.key("window");
        out.integer(s.options.window);
    }
    if (s.options.softCap > 0.0) {
        out.key("soft_cap");
        out.number(s.options.softCap);
    }
    out.key("divisor");
    out.number(r.divisor);
    out.key("tokens");
    out.beginArray(Layout::Line);
    for (Index k = 0; k < n; ++k)
        out.string(s.keyLabel(k));
    out.endArray();
    out.key("query_tokens");
    out.beginArray(Layout::Line);
    for (Index q = 0; q < m; ++q)
        out.string(s.queryLabel(q));
    out.endArray();

    out.key("scores");
    writeMatrix(out, r.scores);
    out.key("logits");
    out.beginArray();
    for (Index i = 0; i < m; ++i) {
        out.beginArray(Layout::Line);
        for (Index j = 0; j < n; ++j)
            writeLogit(out, r, i, j);
        out.endArray();
    }
    out.endArray();
    out.key("weights");
    writeMatrix(out, r.weights);

    out.key("row_sums");
    writeRows(out, r, [&](const RowStatistics &row) { out.number(row.sum); });
    out.key("entropy_bits");
    writeRows(out, r, [&](const RowStatistics &row) { out.number(row.entropyBits); });
    out.key("max_entropy_bits");
    writeRows(out, r, [&](const RowStatistics &row) { out.number(row.maxEntropyBits); });
    out.key("argmax");
    writeRows(out, r, [&](const RowStatistics &row) {
        if (row.empty())
            out.null();
        else
            out.integer(row.argmax);
    });
    out.key("empty_rows");
    writeRows(out, r, [&](const RowStatistics &row) { out.boolean(row.empty()); });
    out.key("output");
    writeMatrix(out, r.output);
    out.endObject();
}

} // namespace AttentionLab
