// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/outputtable.h"

#include "ui/views/outputmodel.h"

#include <QHeaderView>

namespace AttentionLab {

OutputTable::OutputTable(AttentionDocument *document, QWidget *parent)
    : QTableView(parent), m_model(new OutputModel(document, this))
{
    setModel(m_model);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setTabKeyNavigation(false); // Tab moves on to the next control
    setAccessibleName(tr("Output Z = A V"));
    setToolTip(tr("Z = A V: each query's weighted average of the values"));
    horizontalHeader()->setDefaultSectionSize(72);
    verticalHeader()->setDefaultSectionSize(24);
}

QString OutputTable::cellText(int row, int column) const
{
    return m_model->data(m_model->index(row, column), Qt::DisplayRole).toString();
}

} // namespace AttentionLab
