// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "app/report.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <functional>
#include <vector>

namespace AttentionLab {

/**
 * The command line, mirroring the chapter's attention.py: --one, --select,
 * --scale, --mask, --params (and --cost), each as a table or, with --json,
 * as one JSON object; `eval FILE`; `bench`. Returns the exit status: 0, or 2
 * after one line on stderr for anything the user typed that cannot be done.
 */
class CommandLine
{
public:
    explicit CommandLine(QStringList arguments);

    int run();

    /// The arguments as bytes, before decoding: any that is not valid UTF-8
    /// (a --text, a file name) is refused rather than read with replacement
    /// marks, which would read another text or write another file.
    void setRawArguments(QList<QByteArray> raw) { m_rawArguments = std::move(raw); }

    /// Runs `bench --gui` for the given token counts at d_k = d, or with a
    /// model's folder, `bench --gui --model DIR` for its one token count. The
    /// executable supplies it; without one, --gui is refused.
    using GuiBenchmark =
        std::function<Report(const std::vector<long long> &, long long, const QString &)>;
    void setGuiBenchmark(GuiBenchmark benchmark) { m_guiBenchmark = std::move(benchmark); }

    /// True when \a arguments ask for `bench --gui`, which needs a
    /// QApplication on the offscreen platform.
    static bool wantsGuiBenchmark(const QStringList &arguments);
    /// True when \a arguments ask for `export`, which paints with Qt Gui.
    static bool wantsExport(const QStringList &arguments);

    static QString usage();

private:
    QStringList m_arguments;
    QList<QByteArray> m_rawArguments;
    GuiBenchmark m_guiBenchmark;
};

} // namespace AttentionLab
