// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QDialog>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace AttentionLab {

/// Help > Guided Tour: a few pages on the panels, what to drag, what the
/// bars mean, and which section of the chapter each lab belongs to.
class GuidedTour : public QDialog
{
    Q_OBJECT

public:
    explicit GuidedTour(QWidget *parent = nullptr);

    int pageCount() const;
    int currentPage() const;
    void showPage(int page);

private:
    QStackedWidget *m_pages;
    QLabel *m_position;
    QPushButton *m_back;
    QPushButton *m_next;
};

} // namespace AttentionLab
