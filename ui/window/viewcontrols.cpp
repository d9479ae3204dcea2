// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/viewcontrols.h"

#include "ui/figure/colorrange.h"
#include "ui/model/modelpage.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/heatmapview.h"
#include "ui/window/attentiontab.h"

#include <QActionGroup>
#include <QComboBox>
#include <QMenu>
#include <QStyle>
#include <QStyleOptionComboBox>

#include <algorithm>

namespace AttentionLab {

ViewControls::ViewControls(AttentionTab *attention, ModelPage *model, QWidget *window)
    : QObject(window), m_attention(attention), m_model(model), m_quantity(new QComboBox(window)),
      m_colorMap(new QComboBox(window)), m_colorRange(new QComboBox(window))
{
    HeatmapView *heatmap = attention->heatmap();
    m_quantity->addItems({tr("Weights"), tr("Raw scores"), tr("Logits")});
    m_quantity->setToolTip(tr("What the heatmap shows"));
    m_quantity->setAccessibleName(tr("Heatmap shows"));
    // Remembered choices are applied before the signals are connected.
    m_quantity->setCurrentIndex(std::clamp(Preferences::heatmapQuantity.get(), 0, 2));
    heatmap->setQuantity(HeatmapView::Quantity(m_quantity->currentIndex()));
    connect(m_quantity, &QComboBox::currentIndexChanged, this, [heatmap](int i) {
        heatmap->setQuantity(HeatmapView::Quantity(i));
        Preferences::heatmapQuantity.set(i);
    });
    m_colorMap->addItems(ColorMaps::displayNames());
    m_colorMap->setToolTip(tr("Colour map of the heatmap"));
    m_colorMap->setAccessibleName(tr("Colour map"));
    m_colorMap->setCurrentIndex(std::clamp(Preferences::colorMap.get(), 0, ColorMaps::kCount - 1));
    heatmap->setColorMap(colorMap());
    model->setColorMap(colorMap());
    connect(m_colorMap, &QComboBox::currentIndexChanged, this, [this, heatmap](int i) {
        heatmap->setColorMap(ColorMaps::Name(i));
        m_model->setColorMap(ColorMaps::Name(i));
        // Presentation mode's high-contrast map is not the user's choice.
        if (!m_presentation)
            Preferences::colorMap.set(i);
        emit styleChanged();
    });
    m_colorRange->addItems(ColorRange::displayNames());
    m_colorRange->setToolTip(
        tr("How the colours span the values: weights from 0 to 1, fitted to the data "
           "(long sequences, whose weights are about 1/n), or each row on its own"));
    m_colorRange->setAccessibleName(tr("Colour range"));
    m_colorRange->setCurrentIndex(
        std::clamp(Preferences::colorRange.get(), 0, ColorRange::kModeCount - 1));
    const auto applyRange = [this, heatmap](int i) {
        heatmap->setColorRange(ColorRange::Mode(i));
        m_model->setColorRange(ColorRange::Mode(i));
        m_attention->linesView()->setPerRow(ColorRange::Mode(i) == ColorRange::Mode::PerRow);
    };
    applyRange(m_colorRange->currentIndex());
    connect(m_colorRange, &QComboBox::currentIndexChanged, this, [applyRange](int i) {
        applyRange(i);
        Preferences::colorRange.set(i);
    });
    // A toolbar that runs out of room moves a combo to its » menu; it must
    // not cut its text. In the hall the lists follow their choice's width.
    for (QComboBox *combo : {m_quantity, m_colorMap, m_colorRange}) {
        combo->setSizePolicy(QSizePolicy::Minimum, combo->sizePolicy().verticalPolicy());
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (m_compact)
                QMetaObject::invokeMethod(this, &ViewControls::fitLists, Qt::QueuedConnection);
        });
    }
}

void ViewControls::fillMenu(QMenu *view)
{
    // The same choices in the menu, with shortcuts, kept in step with the combos.
    auto addChoices = [view](const QString &title, QComboBox *combo, const QList<Qt::Key> &keys) {
        QMenu *menu = view->addMenu(title);
        auto *group = new QActionGroup(menu);
        for (int i = 0; i < combo->count(); ++i) {
            QAction *a = menu->addAction(combo->itemText(i));
            a->setCheckable(true);
            a->setChecked(i == combo->currentIndex());
            if (i < keys.size())
                a->setShortcut(QKeySequence(Qt::ALT | keys[i]));
            group->addAction(a);
            connect(a, &QAction::triggered, combo, [combo, i] { combo->setCurrentIndex(i); });
        }
        connect(combo, &QComboBox::currentIndexChanged, group,
                [group](int i) { group->actions().at(i)->setChecked(true); });
    };
    addChoices(tr("Heatmap &shows"), m_quantity, {Qt::Key_W, Qt::Key_R, Qt::Key_L});
    addChoices(tr("&Colour map"), m_colorMap, {});
    addChoices(tr("Colour &range"), m_colorRange, {});
    HeatmapView *heatmap = m_attention->heatmap();
    m_numbersAction = view->addAction(tr("Show &numbers in cells"));
    m_numbersAction->setCheckable(true);
    m_numbersAction->setChecked(Preferences::showNumbers);
    heatmap->setShowNumbers(m_numbersAction->isChecked());
    connect(m_numbersAction, &QAction::toggled, this, [this](bool on) {
        Preferences::showNumbers.set(on);
        emit styleChanged();
    });
    m_numbersAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_numbersAction, &QAction::toggled, heatmap, &HeatmapView::setShowNumbers);

    // The weights as lines instead of the heatmap, remembered: a pair of
    // buttons in the toolbar ("Heatmap | Lines"), Ctrl+L to switch.
    view->addSeparator();
    m_heatmapModeAction = view->addAction(tr("Show the Weights as a &Heatmap"));
    m_heatmapModeAction->setIconText(tr("Heatmap"));
    ActionIcons::set(m_heatmapModeAction, QStringLiteral("attentionlab-heatmap"));
    m_heatmapModeAction->setCheckable(true);
    m_heatmapModeAction->setToolTip(tr("The Attention tab shows a heatmap (Ctrl+L switches)"));
    m_linesAction = view->addAction(tr("Show the Weights as &Lines"));
    m_linesAction->setIconText(tr("Lines"));
    ActionIcons::set(m_linesAction, QStringLiteral("attentionlab-lines"));
    m_linesAction->setCheckable(true);
    m_linesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_linesAction->setToolTip(
        tr("The Attention tab shows a line from each query to each key, as opaque as its "
           "weight; hover a token to see only its lines (Ctrl+L)"));
    connect(m_linesAction, &QAction::triggered, this, &ViewControls::setShowLines);
    connect(m_heatmapModeAction, &QAction::triggered, this, [this] { setShowLines(false); });
    setShowLines(Preferences::attentionLines);
}

ColorMaps::Name ViewControls::colorMap() const
{
    return ColorMaps::Name(m_colorMap->currentIndex());
}

bool ViewControls::showsNumbers() const
{
    return !m_numbersAction || m_numbersAction->isChecked();
}

void ViewControls::setShowLines(bool on)
{
    m_attention->setShowLines(on);
    {
        const QSignalBlocker blockLines(m_linesAction);
        const QSignalBlocker blockHeatmap(m_heatmapModeAction);
        m_linesAction->setChecked(on);
        m_heatmapModeAction->setChecked(!on);
    }
    // The lines are weights: raw scores and logits are the heatmap's alone.
    m_quantity->setEnabled(m_sessionShown && !on);
    Preferences::attentionLines.set(on);
}

void ViewControls::setSessionShown(bool shown)
{
    m_sessionShown = shown;
    m_quantity->setEnabled(shown && !m_attention->showsLines());
}

void ViewControls::setPresentation(bool on)
{
    if (on == m_presentation)
        return;
    if (on) {
        m_colorMapBeforePresentation = m_colorMap->currentIndex();
        m_presentation = true;
        m_colorMap->setCurrentIndex(int(ColorMaps::Name::HighContrast));
    } else {
        m_colorMap->setCurrentIndex(m_colorMapBeforePresentation);
        m_presentation = false;
    }
}

void ViewControls::setCompact(bool compact)
{
    m_compact = compact;
    fitLists();
    QMetaObject::invokeMethod(this, &ViewControls::fitLists, Qt::QueuedConnection);
}

void ViewControls::fitLists()
{
    for (QComboBox *box : {m_quantity, m_colorMap, m_colorRange}) {
        if (!m_compact) {
            box->setMaximumWidth(QWIDGETSIZE_MAX);
            continue;
        }
        QStyleOptionComboBox option;
        option.initFrom(box);
        option.currentText = box->currentText();
        option.currentIcon = box->itemIcon(box->currentIndex());
        const QFontMetrics metrics(box->font());
        QSize contents(metrics.horizontalAdvance(box->currentText()), metrics.height());
        if (!option.currentIcon.isNull())
            contents.rwidth() += box->iconSize().width() + 4;
        box->setMaximumWidth(
            box->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, box).width() +
            4);
    }
}

} // namespace AttentionLab
