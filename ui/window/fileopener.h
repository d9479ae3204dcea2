// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QObject>

class QMenu;
class QWidget;

namespace AttentionLab {

class ModelTabEditor;
class RecentFilesMenu;
class SessionWorkspace;

/**
 * Where a path the user opens goes, from File > Open, Open Recent or a drop:
 * a model's folder and an attention file to the Model tab (the session stays
 * as it is, with nothing to save first), a session to the session after
 * offering to save its unsaved work. What either opened or saved joins the
 * recent list.
 */
class FileOpener : public QObject
{
    Q_OBJECT

public:
    FileOpener(SessionWorkspace *session, ModelTabEditor *model, QWidget *window);

    /// What the window opens \a path as: a folder as a model's, an .npy,
    /// .npz or .safetensors in the Model tab, a .json as a session (any
    /// case); Nothing for anything else. `attention-lab PATH`, the hand-off
    /// and File > Open all ask here.
    enum class OpenedAs
    {
        ModelFolder,
        AttentionFile,
        Session,
        Nothing
    };
    static OpenedAs openedAs(const QString &path);

    /// File > Open Recent.
    void addRecentMenu(QMenu *file);
    /// Opens a session, or an attention file in the Model tab; a message box
    /// says why a file cannot be read, and what was open stays open.
    bool openFile(const QString &path);
    /// Opens \a path as the user asked it.
    void openFromUser(const QString &path);
    /// File > Open…: sessions and attention files.
    void showOpenDialog();

private:
    void addRecent(const QString &path);

    SessionWorkspace *m_session;
    ModelTabEditor *m_model;
    QWidget *m_window;
    RecentFilesMenu *m_recent = nullptr;
};

} // namespace AttentionLab
