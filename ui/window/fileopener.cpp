// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/fileopener.h"

#include "ui/document/sessionpaths.h"
#include "ui/model/attentionfiles.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/window/modeltabeditor.h"
#include "ui/window/sessionworkspace.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>

namespace AttentionLab {

FileOpener::FileOpener(SessionWorkspace *session, ModelTabEditor *model, QWidget *window)
    : QObject(window), m_session(session), m_model(model), m_window(window)
{
    connect(session, &SessionWorkspace::fileUsed, this, &FileOpener::addRecent);
    connect(model, &ModelTabEditor::opened, this, &FileOpener::addRecent);
}

void FileOpener::addRecentMenu(QMenu *file)
{
    m_recent = new RecentFilesMenu(m_window);
    file->addMenu(m_recent);
    connect(m_recent, &RecentFilesMenu::fileChosen, this, &FileOpener::openFromUser);
}

bool FileOpener::openFile(const QString &path)
{
    return AttentionFiles::isAttentionFile(path) ? m_model->openAttentionFile(path)
                                                 : m_session->open(path);
}

FileOpener::OpenedAs FileOpener::openedAs(const QString &path)
{
    if (QFileInfo(path).isDir())
        return OpenedAs::ModelFolder;
    if (AttentionFiles::isAttentionFile(path))
        return OpenedAs::AttentionFile;
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return OpenedAs::Session;
    return OpenedAs::Nothing;
}

void FileOpener::openFromUser(const QString &path)
{
    // Anything else is read as a session, which says why it is not one.
    const OpenedAs as = openedAs(path);
    if (as == OpenedAs::ModelFolder)
        m_model->openModelFolder(path);
    else if (as == OpenedAs::AttentionFile || m_session->maybeSave())
        openFile(path);
}

void FileOpener::showOpenDialog()
{
    const QString sessions = tr("Attention Lab sessions (*%1 *.json)").arg(SessionPaths::kSuffix);
    const QString tensors = AttentionFiles::fileFilter();
    // Everything either tab opens, then each kind alone.
    const QString everything =
        tr("Sessions and attention tensors (*.json %1)")
            .arg(tensors.section(QLatin1Char('('), 1).section(QLatin1Char(')'), 0, 0));
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a session or an attention file"), SessionPaths::folder(),
        QStringList{everything, sessions, tensors}.join(QStringLiteral(";;")));
    if (!path.isEmpty())
        openFromUser(path);
}

void FileOpener::addRecent(const QString &path)
{
    SessionPaths::remember(path);
    if (m_recent)
        m_recent->add(path);
}

} // namespace AttentionLab
