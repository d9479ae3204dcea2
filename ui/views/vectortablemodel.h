// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/document/vectorkind.h"

#include <QAbstractTableModel>

namespace AttentionLab {

class AttentionDocument;

/**
 * The queries, keys or values of the document as a table: column 0 is the
 * token label (editable for queries and keys; values follow their keys),
 * columns 1..d the coordinates. Typed numbers are validated: text, NaN,
 * infinities and absurd magnitudes are refused with inputRejected() and the
 * old value stays. Every accepted edit is one undo step.
 */
class VectorTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    VectorTableModel(AttentionDocument *document, VectorKind kind, QObject *parent = nullptr);

    VectorKind kind() const { return m_kind; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    /// Largest magnitude a typed coordinate may have.
    static constexpr double kMaxMagnitude = 1e6;

signals:
    void inputRejected(const QString &message);

private:
    AttentionDocument *m_document;
    VectorKind m_kind;
    int m_rows = 0; ///< the shape the views last saw
    int m_cols = 0;
};

} // namespace AttentionLab
