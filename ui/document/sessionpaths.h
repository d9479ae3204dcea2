// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QString>

namespace AttentionLab::SessionPaths {

/// The suffix of a session file: the glob of its MIME type
/// (resources/desktop/io.github.attentionlab.AttentionLab.xml).
inline constexpr QLatin1StringView kSuffix{".attention.json"};

/// The folder the file dialogs start in: the one a session was last opened
/// from or saved to, while it exists, else the user's Documents (or home,
/// when there is no Documents folder).
QString folder();
/// The user's Documents folder, or home when there is no Documents folder
/// (a fresh account): where a new file is proposed.
QString documentsFolder();
/// Remembers the folder of \a path for the next dialog.
void remember(const QString &path);
/// What Save As proposes: the session's own file, or \a untitledName (a
/// preset's name, else "Untitled") with the session suffix in folder().
QString saveProposal(const QString &filePath, const QString &untitledName);
/// \a path with the session suffix added when it has no ".json" of its own.
QString withSuffix(const QString &path);

} // namespace AttentionLab::SessionPaths
