// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/shortcutsdialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace AttentionLab {

namespace {

QString plain(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&"));
}

void collect(const QMenu *menu, const QString &path, QList<QPair<QString, QString>> &out)
{
    for (const QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (const QMenu *sub = action->menu()) {
            collect(sub, path + QStringLiteral(" › ") + plain(sub->title()), out);
            continue;
        }
        const QList<QKeySequence> keys = action->shortcuts();
        if (keys.isEmpty())
            continue;
        QStringList texts;
        for (const QKeySequence &key : keys)
            texts << key.toString(QKeySequence::NativeText);
        out.append({path + QStringLiteral(" › ") + plain(action->text()),
                    texts.join(QStringLiteral(", "))});
    }
}

} // namespace

QList<QPair<QString, QString>> ShortcutsDialog::shortcuts(const QMenuBar *menuBar)
{
    QList<QPair<QString, QString>> out;
    for (const QAction *action : menuBar->actions())
        if (const QMenu *menu = action->menu())
            collect(menu, plain(menu->title()), out);
    return out;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts — Attention Lab"));
    auto *list = new QTreeWidget(this);
    list->setAccessibleName(tr("Keyboard shortcuts"));
    list->setHeaderLabels({tr("Command"), tr("Shortcut")});
    list->setRootIsDecorated(false);
    list->setAlternatingRowColors(true);
    for (const auto &[command, keys] : shortcuts(menuBar))
        new QTreeWidgetItem(list, {command, keys});
    new QTreeWidgetItem(list, {tr("Menus: open the menu bar"), tr("F10, or Alt alone")});
    list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(list);
    layout->addWidget(buttons);
    resize(620, 560);
}

} // namespace AttentionLab
