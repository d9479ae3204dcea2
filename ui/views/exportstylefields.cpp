// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/exportstylefields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QLineEdit>

#include <algorithm>

namespace AttentionLab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ExportStyleFields", text);
}

} // namespace

ExportStyleFields::ExportStyleFields(QWidget *parent, Settings settings, ColorMaps::Name currentMap,
                                     bool currentDark)
    : m_settings(settings), m_colorMap(new QComboBox(parent)), m_theme(new QComboBox(parent)),
      m_numbers(new QCheckBox(tr("&Numbers in the cells"), parent)), m_title(new QLineEdit(parent))
{
    m_colorMap->addItems(ColorMaps::displayNames());
    m_colorMap->setCurrentIndex(m_settings.colorMap.isSet() ? std::clamp(m_settings.colorMap.get(),
                                                                         0, ColorMaps::kCount - 1)
                                                            : int(currentMap));
    m_theme->addItems({tr("Light"), tr("Dark")});
    m_theme->setCurrentIndex((m_settings.dark.isSet() ? m_settings.dark.get() : currentDark) ? 1
                                                                                             : 0);
    m_numbers->setChecked(m_settings.numbers);
    m_title->setPlaceholderText(tr("none"));
}

void ExportStyleFields::addLookRows(QFormLayout *form) const
{
    form->addRow(tr("&Colour map:"), m_colorMap);
    form->addRow(tr("T&heme:"), m_theme);
}

void ExportStyleFields::addNumbersAndTitleRows(QFormLayout *form) const
{
    form->addRow(QString(), m_numbers);
    form->addRow(tr("T&itle:"), m_title);
}

FigureStyle ExportStyleFields::style() const
{
    FigureStyle style;
    style.colorMap = ColorMaps::Name(m_colorMap->currentIndex());
    style.theme =
        m_theme->currentIndex() == 1 ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    style.numbers = m_numbers->isChecked();
    style.title = m_title->text().trimmed();
    return style;
}

void ExportStyleFields::setTitle(const QString &title)
{
    m_title->setText(title);
}

void ExportStyleFields::remember() const
{
    m_settings.colorMap.set(m_colorMap->currentIndex());
    m_settings.dark.set(m_theme->currentIndex() == 1);
    m_settings.numbers.set(m_numbers->isChecked());
}

} // namespace AttentionLab
