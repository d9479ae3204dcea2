// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QDialog>
#include <QStringList>

#include <functional>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace AttentionLab {

class PanelHighlight;

/// Help > Guided Tour: a few pages on the panels, what to drag, what the
/// bars mean, and which section of the chapter each lab belongs to.
class GuidedTour : public QDialog
{
    Q_OBJECT

public:
    /// The panel a page is about by its name ("heatmap", "sliders",
    /// "bars", "toolbar", "tabs", "builtin-previous", "builtin-induction", "builtin-alignment",
    /// "model"), shown (a tab may be made
    /// current) or null; the tour frames it and stands beside it.
    using PanelFinder = std::function<QWidget *(const QString &name)>;

    explicit GuidedTour(PanelFinder findPanel = {}, QWidget *parent = nullptr);
    ~GuidedTour() override;
    /// The panel the current page frames, or null.
    QWidget *highlightedPanel() const;

    int pageCount() const;
    int currentPage() const;
    void showPage(int page);

private:
    void pointAt(QWidget *panel);

    PanelFinder m_findPanel;
    QStringList m_panels;
    PanelHighlight *m_highlight = nullptr;
    QStackedWidget *m_pages;
    QLabel *m_position;
    QPushButton *m_back;
    QPushButton *m_next;
};

} // namespace AttentionLab
