// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// Hostile inputs as a table: each row runs the built attention-lab binary on
// one crafted input and checks its exit status and how its stderr starts (and
// that a failure is one short line). Any test file adds rows the same way:
//
//     void myCases_data() { HostileCases::addColumns(); HostileCases::addRow(...); }
//     void myCases() { HostileCases::run(m_workDir); }
//
// The process runs in a work directory prepared by the test (copies of
// tests/data/hostile and anything generated), so file names stay short.

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace HostileCases {

/// In arguments, this word is replaced by a 64 KiB tmpfs mounted for the
/// run alone (in a private mount namespace): a full disk. Rows using it are
/// skipped where no such mount can be made.
inline const QString kFullDisk = QStringLiteral("{full-disk}");

/// In arguments, this word is taken out and the run's standard output goes
/// to /dev/full: every write to it fails with "No space left on device".
inline const QString kStdoutFull = QStringLiteral("{stdout-full}");

/// In arguments, this word is taken out and, when the test runs as root (who
/// may search any folder), the run is made as the user nobody (setpriv), so
/// that permissions hold; the work directory must then be open to all.
inline const QString kAsNobody = QStringLiteral("{as-nobody}");

/// A stderrStart that begins with this word is looked for anywhere in the
/// message, for messages that start with an absolute path (cut in its middle).
inline const QString kContains = QStringLiteral("{contains}");

/// Adds the columns every row fills.
void addColumns();

/**
 * One row: run attention-lab with \a arguments; expect \a exitCode and a
 * stderr starting with \a stderrStart (empty: stderr must be empty). When
 * \a member is given, stdout must be a JSON object whose \a member equals
 * the JSON text \a value.
 */
void addRow(const char *name, const QStringList &arguments, int exitCode,
            const QString &stderrStart, const QString &member = {}, const QByteArray &value = {});

/// Runs the current row in \a workDir (QFETCHes the columns).
void run(const QString &workDir);

/// Copies every file of tests/data/hostile and the lecture preset into \a dir.
bool copyFixtures(const QString &dir);

} // namespace HostileCases
