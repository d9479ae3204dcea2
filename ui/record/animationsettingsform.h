// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/views/exportsizefields.h"
#include "ui/views/exportstylefields.h"

#include "ui/figure/animationexporter.h"
#include "ui/figure/colormaps.h"
#include "ui/figure/figureexporter.h"
#include "ui/figure/figurestyle.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace AttentionLab {

/**
 * The choices an animation is written with, shared by the Record and the
 * Animate dialogs: the format (GIF or MP4, kept in step with the file's
 * extension), the file, the size (a scale of the view's size or exact
 * pixels), the frame rate, the hold of the last frame, the colour map, the
 * theme, the cell numbers and the title, as the export dialog has them.
 * Every choice is remembered (Preferences::animation*).
 */
class AnimationSettingsForm : public QWidget
{
    Q_OBJECT

public:
    /// \a currentMap, \a currentDark: the window's, used the first time.
    AnimationSettingsForm(ColorMaps::Name currentMap, bool currentDark, QWidget *parent = nullptr);

    /// The form's layout, for a dialog to add its own rows to.
    QFormLayout *form() const { return m_form; }

    AnimationExporter::Format format() const;
    QString filePath() const;
    ExportSize size() const;
    /// The pixels of \a defaultSize (a view's) at size().
    QSize pixels(const QSize &defaultSize) const;
    /// fps and hold; frames is the caller's.
    AnimationTiming timing() const;
    FigureStyle style() const;
    void setTitle(const QString &title);

    /// Why the choices cannot be written for a view of \a defaultSize (no
    /// file, an MP4 of odd size), or empty.
    QString problem(const QSize &defaultSize) const;
    void remember() const;

signals:
    /// The style, size or rate changed (a preview redraws).
    void changed();

private:
    void browse();
    /// Gives the file the format's extension.
    void syncSuffix();

    QFormLayout *m_form;
    QComboBox *m_format;
    QLineEdit *m_path;
    ExportSizeFields m_size;
    QSpinBox *m_fps;
    QDoubleSpinBox *m_hold;
    ExportStyleFields m_style;
};

} // namespace AttentionLab
