// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for session files, as a round trip: every input either
// fails with one line, or reads into a session that writes and reads back
// identical, and that attends to finite weights within their bounds.

#include "core/maths/attention.h"
#include "io/sessionreader.h"
#include "io/sessionwriter.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace AttentionLab;

namespace {

[[noreturn]] void failure(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "sessionreader_fuzzer: %s %s\n", what, detail.toUtf8().constData());
    std::abort();
}

/// Attending is part of the trip, but larger sessions only slow the fuzzer.
constexpr double kMaxAttendCells = 1 << 20;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    SessionReader reader;
    const std::optional<Session> first = reader.parse(bytes, QStringLiteral("fuzz.json"));
    if (!first) {
        const QString error = reader.errorString();
        if (error.isEmpty() || error.contains(QLatin1Char('\n')) || error.size() > 400)
            failure("a refusal that is not one short line:", error.left(400));
        return 0;
    }

    const QByteArray written = SessionWriter::toJson(*first);
    const std::optional<Session> second = reader.parse(written, QStringLiteral("written.json"));
    if (!second)
        failure("the written session does not read back:", reader.errorString());
    if (!(*second == *first))
        failure("the written session reads back different:", QString::fromUtf8(written.left(400)));

    const Session &s = *first;
    const double cells = double(s.queries.rows()) * double(s.keys.rows()) *
                         double(s.keys.cols() + s.effectiveValues().cols());
    if (cells > kMaxAttendCells)
        return 0;
    const AttentionResult r = attend(s.queries, s.keys, s.effectiveValues(), s.options);
    if (!r.weights.allFinite())
        failure("weights that are not finite");
    for (const RowStatistics &row : r.rows) {
        if (!std::isfinite(row.entropyBits) || row.entropyBits < 0.0 || row.sum < 0.0 ||
            row.sum > 1.0 + 1e-9)
            failure("row statistics out of bounds");
        if (s.options.mask != MaskMode::CausalAfterSoftmax && row.entropyBits > row.maxEntropyBits)
            failure("an entropy above log2(visible keys)");
        if (!row.empty() && s.options.mask != MaskMode::CausalAfterSoftmax &&
            std::abs(row.sum - 1.0) > 1e-9)
            failure("a row that does not sum to one");
    }
    return 0;
}
