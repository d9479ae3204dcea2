// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// Runs the built attention-lab binary (ATTENTION_LAB_EXECUTABLE) as a user or
// a script would, for the test programs of tests/app.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

struct BinaryRun
{
    int exitCode = -1; ///< -1: it crashed or did not finish within a minute
    QByteArray out;
    QByteArray err;
};

/// attention-lab with \a arguments in \a environment.
BinaryRun
runAttentionLab(const QStringList &arguments,
                const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());
