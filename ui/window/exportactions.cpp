// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/exportactions.h"

#include "ui/views/actionicons.h"
#include "ui/views/exportdialog.h"
#include "ui/window/tabeditor.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>

namespace AttentionLab {

ExportActions::ExportActions(QWidget *window, std::function<TabEditor *()> editor,
                             std::function<FigureStyle()> style)
    : QObject(window), m_window(window), m_editor(std::move(editor)), m_style(std::move(style))
{
}

void ExportActions::addExportAction(QMenu *file)
{
    QAction *exportAction =
        file->addAction(tr("&Export Figure…"), this, &ExportActions::showExportDialog);
    ActionIcons::set(exportAction, QStringLiteral("document-export"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(
        tr("Save the heatmap, the entropy bars or the whole figure as PNG, SVG or PDF"));
}

void ExportActions::addCopyAction(QMenu *edit)
{
    QAction *copy = edit->addAction(tr("&Copy Figure"), this, &ExportActions::copyFigure);
    ActionIcons::set(copy, QStringLiteral("edit-copy"));
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(
        tr("Put the whole figure on the clipboard as an image, for slides (Ctrl+Shift+C)"));
}

QImage ExportActions::figureImage() const
{
    return m_editor()->figureImage(m_style());
}

void ExportActions::copyFigure()
{
    const QImage image = figureImage();
    if (image.isNull()) {
        emit statusMessage(tr("This tab shows nothing to copy yet"), 4000);
        return;
    }
    QGuiApplication::clipboard()->setImage(image);
    emit statusMessage(tr("The figure is on the clipboard"), 4000);
}

void ExportActions::showExportDialog()
{
    TabEditor *editor = m_editor();
    const QList<ExportDialog::View> views = editor->exportViews();
    if (views.isEmpty()) {
        QMessageBox::information(m_window, tr("Nothing to export"),
                                 tr("This tab shows nothing to export yet: open a model or an "
                                    "attention file first."));
        return;
    }
    const FigureStyle current = m_style();
    ExportDialog dialog(current.colorMap, current.theme == FigureStyle::Theme::Dark, views,
                        editor->currentViewName(), m_window);
    dialog.setTitle(editor->exportTitle());
    if (dialog.exec() != QDialog::Accepted)
        return;
    editor->rememberExportTitle(dialog.style().title);
    QString error;
    if (!editor->exportFile(dialog.filePath(), dialog.viewName(), dialog.style(), dialog.size(),
                            &error)) {
        QMessageBox::warning(m_window, tr("Cannot export"), error);
        return;
    }
    emit statusMessage(tr("Exported %1").arg(dialog.filePath()), 5000);
}

} // namespace AttentionLab
