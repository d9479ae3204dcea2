#pragma once

#include <QTableWidget>

namespace AttentionLab {

class AttentionDocument;

/// The output vectors Z = A V, one row per query, read-only.
class OutputTable : public QTableWidget
{
    Q_OBJECT

public:
    explicit OutputTable(AttentionDocument *document, QWidget *parent = nullptr);

private:
    void refresh();

    AttentionDocument *m_document;
};

} // namespace AttentionLab
