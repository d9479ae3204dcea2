// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "binaryrun.h"

#include <QProcess>

namespace {

/// How long a run may take before it counts as hung: a minute, five under
/// AddressSanitizer, where the window that `bench --gui` builds and its
/// 1024 x 1024 tensors take several times as long (over a minute on the
/// 2-core machine under load).
#if defined(__SANITIZE_ADDRESS__)
constexpr int kTimeoutMs = 300000;
#else
constexpr int kTimeoutMs = 60000;
#endif

} // namespace

BinaryRun runAttentionLab(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTENTION_LAB_EXECUTABLE), arguments);
    BinaryRun r;
    if (!process.waitForFinished(kTimeoutMs))
        return r;
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = process.readAllStandardOutput();
    r.err = process.readAllStandardError();
    return r;
}
