// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/actionicons.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

namespace AttentionLab {

namespace {

/// The property that holds an action's or a button's icon name.
constexpr char kIconName[] = "attentionLabIcon";
/// The item data role that holds a combo box item's icon name.
constexpr int kIconRole = Qt::UserRole + 71;

/// The ink of every icon file, and what it becomes on a dark palette; the
/// blue and orange accents read on both and stay.
constexpr char kLightInk[] = "#3d4450";
constexpr char kDarkInk[] = "#e8e8e8";

} // namespace

bool ActionIcons::darkPalette()
{
    return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

QIcon ActionIcons::own(const QString &name)
{
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QByteArray svg = file.readAll();
    if (darkPalette())
        svg.replace(kLightInk, kDarkInk);
    QSvgRenderer renderer(svg);
    if (!renderer.isValid())
        return {};
    QIcon icon;
    for (const int size : {16, 22, 24, 32, 48, 64, 96}) {
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        renderer.render(&painter);
        painter.end();
        icon.addPixmap(QPixmap::fromImage(image));
    }
    return icon;
}

QIcon ActionIcons::icon(const QString &name)
{
    return QIcon::fromTheme(name, own(name));
}

void ActionIcons::set(QAction *action, const QString &name)
{
    action->setProperty(kIconName, name);
    action->setIcon(icon(name));
}

void ActionIcons::set(QAbstractButton *button, const QString &name)
{
    button->setProperty(kIconName, name);
    button->setIcon(icon(name));
}

void ActionIcons::set(QComboBox *combo, int index, const QString &name)
{
    combo->setItemData(index, name, kIconRole);
    combo->setItemIcon(index, own(name));
}

void ActionIcons::refresh(QObject *root)
{
    auto named = [](const QObject *o) { return o->property(kIconName).toString(); };
    for (QAction *action : root->findChildren<QAction *>())
        if (const QString name = named(action); !name.isEmpty())
            action->setIcon(icon(name));
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>())
        if (const QString name = named(button); !name.isEmpty())
            button->setIcon(icon(name));
    for (QComboBox *combo : root->findChildren<QComboBox *>())
        for (int i = 0; i < combo->count(); ++i)
            if (const QString name = combo->itemData(i, kIconRole).toString(); !name.isEmpty())
                combo->setItemIcon(i, own(name));
}

} // namespace AttentionLab
