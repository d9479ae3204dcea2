// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/animationsettingsform.h"

#include "ui/document/sessionpaths.h"
#include "ui/figure/mp4writer.h"
#include "ui/settings/preferences.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

namespace AttentionLab {

AnimationSettingsForm::AnimationSettingsForm(ColorMaps::Name currentMap, bool currentDark,
                                             QWidget *parent)
    : QWidget(parent), m_form(new QFormLayout(this)), m_format(new QComboBox(this)),
      m_path(new QLineEdit(this)), m_size(this, tr("Scale of the view's size:"), 0.25),
      m_fps(new QSpinBox(this)), m_hold(new QDoubleSpinBox(this)),
      m_style(this,
              {Preferences::animationColorMap, Preferences::animationDark,
               Preferences::animationNumbers},
              currentMap, currentDark)
{
    m_form->setContentsMargins(0, 0, 0, 0);
    m_format->addItem(tr("GIF (loops, plays everywhere)"));
    m_format->addItem(tr("MP4 (H.264, smaller, for slides and browsers)"));
    m_format->setCurrentIndex(std::clamp(Preferences::animationFormat.get(), 0, 1));
    m_path->setPlaceholderText(tr("animation.gif or animation.mp4"));
    // Until one is chosen, a file in the Documents folder (home without one).
    m_path->setText(Preferences::animationPath.isSet()
                        ? Preferences::animationPath.get()
                        : QDir(SessionPaths::documentsFolder())
                              .filePath(m_format->currentIndex() == 1
                                            ? QStringLiteral("animation.mp4")
                                            : QStringLiteral("animation.gif")));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &AnimationSettingsForm::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &AnimationSettingsForm::syncSuffix);
    // Typing "x.mp4" picks the format, as on the command line.
    connect(m_path, &QLineEdit::editingFinished, this, [this] {
        if (const auto format = AnimationExporter::formatFor(filePath()))
            m_format->setCurrentIndex(*format == AnimationExporter::Format::Mp4 ? 1 : 0);
    });

    m_size.setValues(Preferences::animationUseScale, Preferences::animationScale,
                     Preferences::animationWidth, Preferences::animationHeight);
    // Browse… comes beside the file in the focus chain, as in the form.
    setTabOrder(m_path, browse);
    setTabOrder(browse, m_size.byScale());

    m_fps->setRange(AnimationTiming::kMinFps, AnimationTiming::kMaxFps);
    m_fps->setSuffix(tr(" frames a second"));
    m_fps->setValue(std::clamp(Preferences::animationFps.get(), AnimationTiming::kMinFps,
                               AnimationTiming::kMaxFps));
    m_hold->setRange(0.0, AnimationTiming::kMaxHoldSeconds);
    m_hold->setSingleStep(0.5);
    m_hold->setDecimals(1);
    m_hold->setSuffix(tr(" s"));
    m_hold->setValue(Preferences::animationHold);
    m_hold->setToolTip(tr("How much longer the last frame stays before the animation ends or "
                          "loops"));

    m_form->addRow(tr("F&ormat:"), m_format);
    auto *pathLabel = new QLabel(tr("&File:"), this);
    pathLabel->setBuddy(m_path);
    m_form->addRow(pathLabel, pathRow);
    m_size.addRows(m_form);
    m_form->addRow(tr("Frame &rate:"), m_fps);
    m_form->addRow(tr("&Hold the last frame:"), m_hold);
    m_style.addLookRows(m_form);
    m_style.addNumbersAndTitleRows(m_form);

    for (QComboBox *combo : {m_style.colorMap(), m_style.theme()})
        connect(combo, &QComboBox::currentIndexChanged, this, &AnimationSettingsForm::changed);
    for (QSpinBox *spin : {m_size.width(), m_size.height(), m_fps})
        connect(spin, &QSpinBox::valueChanged, this, &AnimationSettingsForm::changed);
    connect(m_size.scale(), &QDoubleSpinBox::valueChanged, this, &AnimationSettingsForm::changed);
    connect(m_size.byScale(), &QRadioButton::toggled, this, &AnimationSettingsForm::changed);
    connect(m_style.numbers(), &QCheckBox::toggled, this, &AnimationSettingsForm::changed);
    connect(m_style.title(), &QLineEdit::textChanged, this, &AnimationSettingsForm::changed);
}

AnimationExporter::Format AnimationSettingsForm::format() const
{
    return m_format->currentIndex() == 1 ? AnimationExporter::Format::Mp4
                                         : AnimationExporter::Format::Gif;
}

QString AnimationSettingsForm::filePath() const
{
    return m_path->text().trimmed();
}

ExportSize AnimationSettingsForm::size() const
{
    return m_size.size();
}

QSize AnimationSettingsForm::pixels(const QSize &defaultSize) const
{
    return FigureExporter::pixelSize(defaultSize, size());
}

AnimationTiming AnimationSettingsForm::timing() const
{
    AnimationTiming timing;
    timing.fps = m_fps->value();
    timing.holdSeconds = m_hold->value();
    return timing;
}

FigureStyle AnimationSettingsForm::style() const
{
    return m_style.style();
}

void AnimationSettingsForm::setTitle(const QString &title)
{
    m_style.setTitle(title);
}

QString AnimationSettingsForm::problem(const QSize &defaultSize) const
{
    if (filePath().isEmpty())
        return tr("Choose a file to write the animation to.");
    const auto format = AnimationExporter::formatFor(filePath());
    if (!format)
        return tr("“%1” does not end in .gif or .mp4.").arg(QFileInfo(filePath()).fileName());
    const QSize shown = pixels(defaultSize);
    if (shown.isEmpty())
        return tr("An animation must be between 16 and %1 pixels on each side.")
            .arg(FigureExporter::kMaxEdge);
    if (*format == AnimationExporter::Format::Mp4)
        if (const QString why = Mp4Writer::sizeProblem(shown); !why.isEmpty())
            return tr("Choose an even width and height: %1.").arg(why);
    return {};
}

void AnimationSettingsForm::remember() const
{
    Preferences::animationFormat.set(m_format->currentIndex());
    Preferences::animationPath.set(filePath());
    Preferences::animationUseScale.set(m_size.byScale()->isChecked());
    Preferences::animationScale.set(m_size.scale()->value());
    Preferences::animationWidth.set(m_size.width()->value());
    Preferences::animationHeight.set(m_size.height()->value());
    Preferences::animationFps.set(m_fps->value());
    Preferences::animationHold.set(m_hold->value());
    m_style.remember();
}

void AnimationSettingsForm::browse()
{
    const bool mp4 = format() == AnimationExporter::Format::Mp4;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Write the animation"), filePath(),
                                     mp4 ? tr("MP4 video (*.mp4);;Animated GIF (*.gif)")
                                         : tr("Animated GIF (*.gif);;MP4 video (*.mp4)"));
    if (path.isEmpty())
        return;
    m_path->setText(path);
    if (const auto chosen = AnimationExporter::formatFor(path))
        m_format->setCurrentIndex(*chosen == AnimationExporter::Format::Mp4 ? 1 : 0);
    else
        syncSuffix();
}

void AnimationSettingsForm::syncSuffix()
{
    const QString path = filePath();
    const QString suffix =
        format() == AnimationExporter::Format::Mp4 ? QStringLiteral("mp4") : QStringLiteral("gif");
    if (path.isEmpty()) {
        m_path->setText(QStringLiteral("animation.") + suffix);
        return;
    }
    const QFileInfo info(path);
    if (info.suffix().toLower() == suffix)
        return;
    const bool known = AnimationExporter::formatFor(path).has_value();
    const QString stem = known ? path.left(path.size() - info.suffix().size() - 1) : path;
    m_path->setText(stem + QLatin1Char('.') + suffix);
}

} // namespace AttentionLab
