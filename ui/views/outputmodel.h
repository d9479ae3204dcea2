// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QAbstractTableModel>

namespace AttentionLab {

class AttentionDocument;

/// The output vectors Z = A V as a read-only table model, one row per query.
/// Redraws in place when only the numbers change.
class OutputModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit OutputModel(AttentionDocument *document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void refresh();

    AttentionDocument *m_document;
    int m_rows = 0;
    int m_cols = 0;
};

} // namespace AttentionLab
