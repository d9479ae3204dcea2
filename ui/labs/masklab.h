// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QWidget>

class QRadioButton;
class QSpinBox;
class QCheckBox;

namespace AttentionLab {

class AttentionDocument;
class LabBanner;
class LabCanvas;
class LabState;

/// The two mask orders side by side on the same scores, each with its row
/// sums and the weight the wrong order discards, and between them the causal
/// mask with a sliding window (the session's, or one the lab shows when
/// asked); one click
/// switches between the chapter's scores and the open session's.
class MaskLab : public QWidget
{
    Q_OBJECT

public:
    MaskLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);
    void useSessionScores(bool session);
    LabBanner *banner() const { return m_banner; }
    QCheckBox *windowToggle() const { return m_showWindow; }
    QSpinBox *windowBox() const { return m_window; }

private:
    /// The window box shows the session's own window (and cannot change
    /// it), or the lab's.
    void syncWindow();

    AttentionDocument *m_document;
    LabState *m_labs;
    QCheckBox *m_showWindow;
    QSpinBox *m_window;
    QRadioButton *m_chapter;
    QRadioButton *m_session;
    LabBanner *m_banner;
};

} // namespace AttentionLab
