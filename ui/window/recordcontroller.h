// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QList>
#include <QObject>

#include <functional>

class QAction;
class QLabel;
class QMenu;
class QWidget;

namespace AttentionLab {

class Recorder;
class TabEditor;

/**
 * File > Record and File > Animate, for whichever tab is current: the
 * current editor says what its view draws, what changes it, and what it can
 * sweep (TabEditor); this writes the frames as the still exports' painters
 * draw them, and keeps the status bar's recording badge.
 */
class RecordController : public QObject
{
    Q_OBJECT

public:
    /// \a editor gives the current tab's editor, \a style the window's look.
    RecordController(QWidget *window, std::function<TabEditor *()> editor,
                     std::function<FigureStyle()> style);

    /// File > Record and File > Animate…; the badge goes to \a badgeHolder's status bar.
    void addFileActions(QMenu *file);
    Recorder *recorder() const { return m_recorder; }
    /// Checked while recording, "Stop Recording" then.
    QAction *recordAction() const { return m_recordAction; }
    /// The badge shown in the status bar while recording.
    QLabel *badge() const { return m_badge; }

    /// Starts recording the current view, or stops and opens the dialog
    /// that writes the recording.
    void toggle();
    /// File > Animate…: a sweep written as a GIF or an MP4.
    void showAnimateDialog();

signals:
    /// A passing message for the status bar.
    void statusMessage(const QString &message, int timeout);
    /// Recording started or stopped (the record button's words change).
    void recordingChanged(bool recording);

private:
    void sync(bool recording);

    QWidget *m_window;
    std::function<TabEditor *()> m_editor;
    std::function<FigureStyle()> m_style;
    Recorder *m_recorder;
    QAction *m_recordAction = nullptr;
    QLabel *m_badge;
    /// The documents' signals the recording listens to, while it runs.
    QList<QMetaObject::Connection> m_connections;
};

} // namespace AttentionLab
