// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace AttentionLab {

class AttentionDocument;

/// The softmax temperature τ: a long slider over log10 τ for fine control
/// (0.01 to 100) and a spin box for an exact value. A drag is one undo step.
class TemperatureControl : public QWidget
{
    Q_OBJECT

public:
    explicit TemperatureControl(AttentionDocument *document, QWidget *parent = nullptr);

    QSlider *slider() const { return m_slider; }
    QDoubleSpinBox *spinBox() const { return m_spin; }

    /// Slider positions: hundredths of log10 τ.
    static int toSlider(double temperature);
    static double fromSlider(int position);

private:
    void sync();

    AttentionDocument *m_document;
    QSlider *m_slider;
    QDoubleSpinBox *m_spin;
};

} // namespace AttentionLab
