// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/vectortablemodel.h"

#include "core/maths/sessionedits.h"
#include "ui/document/attentiondocument.h"

#include <QLocale>

#include <cmath>

namespace AttentionLab {

namespace {

QString kindName(VectorKind kind)
{
    switch (kind) {
    case VectorKind::Query:
        return VectorTableModel::tr("query");
    case VectorKind::Key:
        return VectorTableModel::tr("key");
    case VectorKind::Value:
        return VectorTableModel::tr("value");
    }
    return {};
}

} // namespace

VectorTableModel::VectorTableModel(AttentionDocument *document, VectorKind kind, QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_kind(kind)
{
    m_rows = rowCount();
    m_cols = columnCount();
    connect(document, &AttentionDocument::sessionReset, this, [this] {
        // Same shape: refresh in place so the selection and the editor stay.
        if (rowCount() == m_rows && columnCount() == m_cols) {
            if (m_rows > 0 && m_cols > 0)
                emit dataChanged(index(0, 0), index(m_rows - 1, m_cols - 1));
            emit headerDataChanged(Qt::Vertical, 0, std::max(0, m_rows - 1));
            return;
        }
        beginResetModel();
        m_rows = rowCount();
        m_cols = columnCount();
        endResetModel();
    });
    connect(document, &AttentionDocument::vectorChanged, this, [this](VectorKind kind, Index row) {
        const bool implicitValues = m_kind == VectorKind::Value && kind == VectorKind::Key &&
                                    !m_document->session().hasValues();
        if (kind == m_kind || implicitValues)
            emit dataChanged(index(int(row), 1), index(int(row), columnCount() - 1));
    });
}

int VectorTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_document->vectorCount(m_kind));
}

int VectorTableModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    const Session &s = m_document->session();
    const Index width = m_kind == VectorKind::Value ? s.effectiveValues().cols() : s.keys.cols();
    return 1 + int(width);
}

QVariant VectorTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Session &s = m_document->session();
    if (index.column() == 0) {
        if (role != Qt::DisplayRole && role != Qt::EditRole)
            return {};
        return QString::fromStdString(m_kind == VectorKind::Query ? s.queryLabel(index.row())
                                                                  : s.keyLabel(index.row()));
    }
    const double v = m_document->vector(m_kind, index.row())[index.column() - 1];
    switch (role) {
    case Qt::DisplayRole:
        return QString::number(v, 'f', 4);
    case Qt::EditRole:
        return QString::number(v, 'g', QLocale::FloatingPointShortest);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return QString::number(v, 'g', QLocale::FloatingPointShortest);
    default:
        return {};
    }
}

bool VectorTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::EditRole)
        return false;
    const int row = index.row();
    if (index.column() == 0) {
        const QString label = value.toString().trimmed();
        if (label.isEmpty()) {
            emit inputRejected(tr("A token needs a name; the old one stays."));
            return false;
        }
        const bool query = m_kind == VectorKind::Query;
        return m_document->editSession(tr("Rename %1").arg(label), [&](Session &s) {
            if (query)
                SessionEdits::renameQuery(s, row, label.toStdString());
            else
                SessionEdits::renameKey(s, row, label.toStdString());
        });
    }
    const int coordinate = index.column() - 1;
    const QString text = value.toString().trimmed();
    bool ok = false;
    double x = QLocale::c().toDouble(text, &ok);
    if (!ok)
        x = QLocale().toDouble(text, &ok);
    RowVector vector = m_document->vector(m_kind, row);
    const QString where = tr("%1 %2, x%3").arg(kindName(m_kind)).arg(row + 1).arg(coordinate + 1);
    const QString kept = tr("%1 keeps %2").arg(where, QString::number(vector[coordinate], 'g', 6));
    if (!ok || text.isEmpty()) {
        emit inputRejected(tr("“%1” is not a number: %2.").arg(text, kept));
        return false;
    }
    if (!std::isfinite(x)) {
        emit inputRejected(tr("NaN and infinities are not allowed: %1.").arg(kept));
        return false;
    }
    if (std::abs(x) > kMaxMagnitude) {
        emit inputRejected(tr("%1 is too large (at most ±1,000,000): %2.").arg(text, kept));
        return false;
    }
    vector[coordinate] = x;
    m_document->setVector(m_kind, row, vector);
    m_document->endContinuousEdit();
    return true;
}

Qt::ItemFlags VectorTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && !(index.column() == 0 && m_kind == VectorKind::Value))
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant VectorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    return section == 0 ? tr("token") : tr("x%1").arg(section);
}

} // namespace AttentionLab
