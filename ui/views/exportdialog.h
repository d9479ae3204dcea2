// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/views/exportsizefields.h"
#include "ui/views/exportstylefields.h"

#include "ui/figure/figureexporter.h"
#include "ui/figure/figurestyle.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace AttentionLab {

/// File > Export: which view, which file (the extension picks PNG, SVG or
/// PDF), the size, the colour map, the theme, the background, the cell
/// numbers and the title. Every choice is remembered for the next export.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    /// One view the dialog offers: its name for `--view` and its description.
    struct View
    {
        QString name;
        QString description;
    };
    /// The session's views (figureViews()), for the Attention tab and the labs.
    static QList<View> sessionViews();
    /// A model's views (tensorFigureViews()), for the Model tab.
    static QList<View> modelViews();

    /// \a current: the window's colour map and theme, used the first time;
    /// \a views: what can be exported, \a currentView (the view shown in the
    /// current tab) offered first.
    ExportDialog(ColorMaps::Name currentMap, bool currentDark, const QList<View> &views,
                 const QString &currentView, QWidget *parent = nullptr);

    QString filePath() const;
    QString viewName() const;
    ExportSize size() const;
    FigureStyle style() const;
    /// The title field; the caller proposes it (each tab keeps its own).
    void setTitle(const QString &title);

    void accept() override;

private:
    void browse();
    void remember() const;

    QComboBox *m_view;
    QLineEdit *m_path;
    ExportSizeFields m_size;
    ExportStyleFields m_style;
    QCheckBox *m_transparent;
};

} // namespace AttentionLab
