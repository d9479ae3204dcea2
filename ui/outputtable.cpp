#include "outputtable.h"

#include "attentiondocument.h"

#include <QHeaderView>

namespace AttentionLab {

OutputTable::OutputTable(AttentionDocument *document, QWidget *parent)
    : QTableWidget(parent)
    , m_document(document)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setToolTip(tr("Z = A V: each query's weighted average of the values"));
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    connect(document, &AttentionDocument::resultChanged, this, &OutputTable::refresh);
    refresh();
}

void OutputTable::refresh()
{
    const Session &s = m_document->session();
    const Matrix &z = m_document->result().output;
    setRowCount(int(z.rows()));
    setColumnCount(int(z.cols()));
    QStringList rows, cols;
    for (Index i = 0; i < z.rows(); ++i)
        rows << tr("z(%1)").arg(QString::fromStdString(s.queryLabel(i)));
    for (Index j = 0; j < z.cols(); ++j)
        cols << tr("x%1").arg(j + 1);
    setVerticalHeaderLabels(rows);
    setHorizontalHeaderLabels(cols);
    for (Index i = 0; i < z.rows(); ++i) {
        for (Index j = 0; j < z.cols(); ++j) {
            QTableWidgetItem *cell = item(int(i), int(j));
            if (!cell) {
                cell = new QTableWidgetItem;
                cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                setItem(int(i), int(j), cell);
            }
            cell->setText(QString::number(z(i, j), 'f', 4));
        }
    }
}

} // namespace AttentionLab
