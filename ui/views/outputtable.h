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
