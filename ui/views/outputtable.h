// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QTableView>

namespace AttentionLab {

class AttentionDocument;
class OutputModel;

/// The output vectors Z = A V, one row per query, read-only.
class OutputTable : public QTableView
{
    Q_OBJECT

public:
    explicit OutputTable(AttentionDocument *document, QWidget *parent = nullptr);

    /// The text shown in cell (\a row, \a column).
    QString cellText(int row, int column) const;

private:
    OutputModel *m_model;
};

} // namespace AttentionLab
