// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/temperaturecontrol.h"

#include "ui/document/attentiondocument.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>
#include <limits>

namespace AttentionLab {

namespace {

/// The slider covers τ from 10^-2 to 10^2; the spin box takes any τ > 0.
constexpr int kSliderDecades = 2;

/// A spin box that shows τ in short form (0.5, 1, 12.5, 1e-30) and steps by
/// a factor, as the slider does, instead of by a fixed amount.
class TemperatureSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;

    QString textFromValue(double value) const override { return QString::number(value, 'g', 6); }
    double valueFromText(const QString &text) const override { return locale().toDouble(text); }
    QValidator::State validate(QString &text, int &) const override
    {
        // Half-typed numbers ("1e", "1e-", "0.") are on their way to a value.
        if (text.isEmpty() || text.endsWith(QLatin1Char('e')) || text.endsWith(QLatin1Char('E')) ||
            text.endsWith(QLatin1String("e-")) || text.endsWith(QLatin1String("e+")) ||
            text.endsWith(QLatin1String("E-")) || text.endsWith(QLatin1String("E+")) ||
            text.endsWith(QLatin1Char('.')))
            return QValidator::Intermediate;
        bool ok = false;
        const double v = locale().toDouble(text, &ok);
        if (!ok)
            return QValidator::Invalid;
        return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    }
    void stepBy(int steps) override { setValue(value() * std::pow(1.25, steps)); }
};

} // namespace

TemperatureControl::TemperatureControl(AttentionDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new TemperatureSpinBox(this))
{
    auto *label = new QLabel(tr("τ"), this);
    label->setBuddy(m_spin);
    m_slider->setRange(-100 * kSliderDecades, 100 * kSliderDecades);
    // Four decades need room: at 165 px a 100 px drag took τ from 1 to
    // 0.0115. The control takes the toolbar's spare width (Expanding).
    m_slider->setMinimumWidth(300);
    m_slider->setSizePolicy(QSizePolicy::Expanding, m_slider->sizePolicy().verticalPolicy());
    setSizePolicy(QSizePolicy::Expanding, sizePolicy().verticalPolicy());
    m_slider->setPageStep(10);
    m_slider->setToolTip(
        tr("Softmax temperature τ: the logits are divided by it. Left: sharper rows; "
           "right: flatter rows (0.01 to 100)"));
    m_slider->setAccessibleName(tr("Temperature slider"));
    m_spin->setDecimals(std::numeric_limits<double>::max_exponent10 +
                        std::numeric_limits<double>::digits10);
    m_spin->setRange(1e-300, 1e300);
    m_spin->setKeyboardTracking(false);
    m_spin->setToolTip(tr("Type an exact temperature τ > 0; the arrows multiply it by 1.25"));
    m_spin->setAccessibleName(tr("Temperature"));
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0.000000")) +
                            30);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(label);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        m_document->setTemperature(fromSlider(position), m_slider->isSliderDown());
    });
    connect(m_slider, &QSlider::sliderReleased, m_document, &AttentionDocument::endContinuousEdit);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        m_document->setTemperature(value);
        m_document->endContinuousEdit();
    });
    connect(m_document, &AttentionDocument::optionsChanged, this, &TemperatureControl::sync);
    sync();
}

int TemperatureControl::toSlider(double temperature)
{
    const double position = std::log10(temperature) * 100.0;
    return int(std::lround(std::clamp(position, -100.0 * kSliderDecades, 100.0 * kSliderDecades)));
}

double TemperatureControl::fromSlider(int position)
{
    return std::pow(10.0, position / 100.0);
}

void TemperatureControl::sync()
{
    const double t = m_document->session().options.temperature;
    if (!m_slider->isSliderDown()) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(toSlider(t));
    }
    const QSignalBlocker block(m_spin);
    m_spin->setValue(t);
}

} // namespace AttentionLab
