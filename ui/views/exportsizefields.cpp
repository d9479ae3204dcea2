// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/exportsizefields.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>

namespace AttentionLab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ExportSizeFields", text);
}

} // namespace

ExportSizeFields::ExportSizeFields(QWidget *parent, const QString &scaleLabel, double scaleStep)
    : m_byScale(new QRadioButton(scaleLabel, parent)), m_scale(new QDoubleSpinBox(parent)),
      m_bySize(new QRadioButton(tr("Exact size in pixels:"), parent)),
      m_width(new QSpinBox(parent)), m_height(new QSpinBox(parent))
{
    m_scale->setRange(ExportSize::kMinScale, ExportSize::kMaxScale);
    m_scale->setSingleStep(scaleStep);
    m_scale->setSuffix(QStringLiteral(" ×"));
    for (QSpinBox *edge : {m_width, m_height}) {
        edge->setRange(16, FigureExporter::kMaxEdge);
        edge->setSuffix(tr(" px"));
    }
    auto syncEnabled = [this] {
        m_scale->setEnabled(m_byScale->isChecked());
        m_width->setEnabled(m_bySize->isChecked());
        m_height->setEnabled(m_bySize->isChecked());
    };
    QObject::connect(m_byScale, &QRadioButton::toggled, m_scale, syncEnabled);
    syncEnabled();
}

void ExportSizeFields::setValues(bool useScale, double scale, int width, int height)
{
    m_scale->setValue(scale);
    m_width->setValue(width);
    m_height->setValue(height);
    (useScale ? m_byScale : m_bySize)->setChecked(true);
}

void ExportSizeFields::addRows(QFormLayout *form) const
{
    QWidget *parent = m_width->parentWidget();
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), parent));
    sizeRow->addWidget(m_height);
    form->addRow(m_byScale, m_scale);
    form->addRow(m_bySize, sizeRow);
}

ExportSize ExportSizeFields::size() const
{
    ExportSize size;
    if (m_bySize->isChecked()) {
        size.width = m_width->value();
        size.height = m_height->value();
    } else {
        size.scale = m_scale->value();
    }
    return size;
}

} // namespace AttentionLab
