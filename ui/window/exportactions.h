// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QObject>

#include <functional>

class QMenu;
class QWidget;

namespace AttentionLab {

class TabEditor;

/**
 * File > Export Figure… and Edit > Copy Figure, for whichever tab is
 * current: its editor says which views it exports and draws them
 * (TabEditor), with the window's look as the export's first style.
 */
class ExportActions : public QObject
{
    Q_OBJECT

public:
    /// \a editor gives the current tab's editor, \a style the window's look.
    ExportActions(QWidget *window, std::function<TabEditor *()> editor,
                  std::function<FigureStyle()> style);

    void addExportAction(QMenu *file);
    void addCopyAction(QMenu *edit);
    /// The current view as an image, as Copy Figure puts it on the clipboard.
    QImage figureImage() const;
    void copyFigure();
    void showExportDialog();

signals:
    /// A passing message for the status bar.
    void statusMessage(const QString &message, int timeout);

private:
    QWidget *m_window;
    std::function<TabEditor *()> m_editor;
    std::function<FigureStyle()> m_style;
};

} // namespace AttentionLab
