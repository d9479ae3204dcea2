// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"
#include "ui/views/exportdialog.h"

#include <QDialog>
#include <QString>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QStackedWidget;

namespace AttentionLab {

class AnimationSettingsForm;
struct Session;

/**
 * File > Animate: a sweep that needs no hands. One setting goes over a range
 * while everything else stays (the temperature, d_k of the scale lab's
 * experiment, one coordinate of one key, the mask order, the scaling; on
 * the Model tab the heads of one layer or a generation's steps), written as
 * a GIF or an MP4 with AnimationSettingsForm's choices. The dialog writes
 * the sweep as the command line's --sweep text (spec()), which Sweep parses
 * for both, so the window and `attention-lab animate` sweep alike.
 */
class AnimateDialog : public QDialog
{
    Q_OBJECT

public:
    /// What can be swept: a session's settings (\a session, or null on the
    /// Model tab), or a model's \a heads heads of \a layers layers and the
    /// \a generationSteps steps of its generation (0: none).
    struct Target
    {
        const Session *session = nullptr;
        int layers = 0;
        int heads = 0;
        int layer = 0;
        int generationSteps = 0;
        QList<ExportDialog::View> views;
        QString currentView;
    };

    AnimateDialog(const Target &target, ColorMaps::Name currentMap, bool currentDark,
                  const QString &title, QWidget *parent = nullptr);

    /// The sweep as `--sweep` takes it: "temperature=0.1:10:log", "head", ...
    QString spec() const;
    /// The view to draw: the chosen one, or "scale" for a d_k sweep.
    QString viewName() const;
    int frames() const;
    /// The layer a head sweep goes through (0-based).
    int layer() const;
    AnimationSettingsForm *settings() const { return m_settings; }

    void accept() override;

private:
    enum Page
    {
        Temperature,
        KeyDim,
        KeyCoordinate,
        MaskOrder,
        Scaling,
        Heads,
        GenerationSteps,
    };
    void syncPage();

    Target m_target;
    QComboBox *m_sweep;
    QStackedWidget *m_pages;
    QComboBox *m_view;
    QSpinBox *m_frames;
    // Temperature.
    QDoubleSpinBox *m_tFrom;
    QDoubleSpinBox *m_tTo;
    QComboBox *m_tScale;
    // d_k.
    QSpinBox *m_dkFrom;
    QSpinBox *m_dkTo;
    // One key's coordinate.
    QComboBox *m_key;
    QSpinBox *m_coordinate;
    QDoubleSpinBox *m_kFrom;
    QDoubleSpinBox *m_kTo;
    // Heads.
    QSpinBox *m_layer;
    QLabel *m_note;
    AnimationSettingsForm *m_settings;
};

} // namespace AttentionLab
