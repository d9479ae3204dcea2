// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/outputmodel.h"

#include "ui/document/attentiondocument.h"

#include <QLocale>

namespace AttentionLab {

OutputModel::OutputModel(AttentionDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document)
{
    connect(document, &AttentionDocument::resultChanged, this, &OutputModel::refresh);
    connect(document, &AttentionDocument::sessionReset, this, [this] {
        refresh();
        if (m_rows > 0) // labels may have changed with the same shape
            emit headerDataChanged(Qt::Vertical, 0, m_rows - 1);
    });
    refresh();
}

void OutputModel::refresh()
{
    const Matrix &z = m_document->result().output;
    if (int(z.rows()) != m_rows || int(z.cols()) != m_cols) {
        beginResetModel();
        m_rows = int(z.rows());
        m_cols = int(z.cols());
        endResetModel();
    } else if (m_rows > 0 && m_cols > 0) {
        emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1), {Qt::DisplayRole});
    }
}

int OutputModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int OutputModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_cols;
}

QVariant OutputModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const double z = m_document->result().output(index.row(), index.column());
    if (role == Qt::DisplayRole)
        return QString::number(z, 'f', 4);
    if (role == Qt::ToolTipRole)
        return QString::number(z, 'g', QLocale::FloatingPointShortest);
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant OutputModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Horizontal)
        return tr("x%1").arg(section + 1);
    return tr("z(%1)").arg(QString::fromStdString(m_document->session().queryLabel(section)));
}

} // namespace AttentionLab
