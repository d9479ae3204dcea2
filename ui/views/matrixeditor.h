// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/support/types.h"
#include "ui/document/vectorkind.h"

#include <QWidget>

class QLabel;
class QSpinBox;
class QTabWidget;
class QTableView;

namespace AttentionLab {

class AttentionDocument;
class VectorTableModel;

/// The tokens and their vectors: tables of queries, keys and values with the
/// labels editable in place, tokens added, removed and reordered (values
/// follow their keys), d_k changed for every vector at once, and a visible
/// message when a typed entry is refused.
class MatrixEditor : public QWidget
{
    Q_OBJECT

public:
    explicit MatrixEditor(AttentionDocument *document, QWidget *parent = nullptr);

    QTableView *table(VectorKind kind) const;
    VectorTableModel *model(VectorKind kind) const;
    /// The last refusal or error shown to the user, empty when none.
    QString message() const;

    void addToken();
    void removeToken();
    void moveToken(int delta);

signals:
    void vectorSelected(AttentionLab::VectorKind kind, AttentionLab::Index row);

protected:
    void changeEvent(QEvent *event) override;

private:
    void clearMessage();
    void keepMessageRoom();
    VectorKind currentKind() const;
    int currentRow() const;
    void showMessage(const QString &text);
    void syncDimension();

    AttentionDocument *m_document;
    QTabWidget *m_tabs;
    QList<QTableView *> m_tables;
    QList<VectorTableModel *> m_models;
    QSpinBox *m_dimension;
    QLabel *m_message;
};

} // namespace AttentionLab
