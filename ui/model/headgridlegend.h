// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QWidget>

namespace AttentionLab {

class HeadGridView;
class ModelDocument;

/// What the grid's frames say, in one line beside the grid: the score that
/// colours them from its lowest to its highest value over the heads, and,
/// for a grouped-query model, the shades of the shared key/value bars
/// (HeadGridStyle::paintLegend, as the grid's export draws it).
class HeadGridLegend : public QWidget
{
    Q_OBJECT

public:
    HeadGridLegend(ModelDocument *document, const HeadGridView *grid, QWidget *parent = nullptr);

    /// The legend's words, as drawn (tests, screen readers).
    QString text() const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    ModelDocument *m_document;
    const HeadGridView *m_grid;
};

} // namespace AttentionLab
