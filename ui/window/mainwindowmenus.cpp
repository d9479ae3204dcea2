// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The menus and toolbars of the main window, one builder per menu.

#include "ui/window/mainwindow.h"
#include "ui/window/tabeditor.h"

#include "core/maths/chapterexamples.h"
#include "core/maths/randomsession.h"
#include "ui/document/attentiondocument.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/entropybarsview.h"
#include "ui/views/guidedtour.h"
#include "ui/views/heatmapview.h"
#include "ui/views/hintbar.h"
#include "ui/views/recentfilesmenu.h"
#include "ui/views/shortcutsdialog.h"
#include "ui/views/temperaturecontrol.h"
#include "ui/window/altkeymenuaccess.h"

#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUndoStack>

namespace AttentionLab {

namespace {

Session randomKeys(bool scale)
{
    Session s = randomSession(0, 4, 8, 64);
    // Labels default to k1..k8 and q1..q4 (Session::keyLabel, queryLabel).
    s.options.scale = scale;
    return s;
}

/// "Save &As…" in the menu becomes "Save As…" in a list or a file name.
QString withoutMnemonic(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

} // namespace

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New"), this, [this] {
        if (maybeSave())
            m_document->reset(ChapterExamples::lecture());
    });
    ActionIcons::set(newAction, QStringLiteral("document-new"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("A new untitled session, starting from the lecture example"));
    QAction *openAction = file->addAction(tr("&Open…"), this, &MainWindow::open);
    ActionIcons::set(openAction, QStringLiteral("document-open"));
    openAction->setShortcut(QKeySequence::Open);
    createModelActions(file);
    QAction *saveAction = file->addAction(tr("&Save"), this, &MainWindow::save);
    ActionIcons::set(saveAction, QStringLiteral("document-save"));
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save &As…"), this, &MainWindow::saveAs);
    ActionIcons::set(saveAsAction, QStringLiteral("document-save-as"));
    // Desktops without a key theme (a bare X session) give SaveAs no keys.
    saveAsAction->setShortcuts(
        QKeySequence::keyBindings(QKeySequence::SaveAs).isEmpty()
            ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}
            : QKeySequence::keyBindings(QKeySequence::SaveAs));
    m_recentMenu = new RecentFilesMenu(this);
    file->addMenu(m_recentMenu);
    connect(m_recentMenu, &RecentFilesMenu::fileChosen, this, &MainWindow::openFromUser);
    file->addSeparator();
    QAction *exportAction =
        file->addAction(tr("&Export Figure…"), this, &MainWindow::showExportDialog);
    ActionIcons::set(exportAction, QStringLiteral("document-export"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setToolTip(
        tr("Save the heatmap, the entropy bars or the whole figure as PNG, SVG or PDF"));
    createRecordActions(file);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    ActionIcons::set(quit, QStringLiteral("application-exit"));
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    // One Undo for the window, acting on the current tab's stack (the
    // session's, or on the Model tab what the model wrote).
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_document->undoStack());
    m_undoGroup->addStack(m_modelDocument->undoStack());
    m_undoGroup->setActiveStack(m_document->undoStack());
    QAction *undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    ActionIcons::set(undo, QStringLiteral("edit-undo"));
    ActionIcons::set(redo, QStringLiteral("edit-redo"));
    edit->addAction(undo);
    edit->addAction(redo);
    // The toolbar's undo and redo keep a fixed text, so that the toolbar never
    // re-lays itself out (and moves the τ slider under the pointer) when the
    // text of the next undo step changes; the step is in the tooltip.
    QUndoGroup *stack = m_undoGroup;
    m_undoAction = new QAction(tr("Undo"), this);
    m_redoAction = new QAction(tr("Redo"), this);
    ActionIcons::set(m_undoAction, QStringLiteral("edit-undo"));
    ActionIcons::set(m_redoAction, QStringLiteral("edit-redo"));
    connect(m_undoAction, &QAction::triggered, stack, &QUndoGroup::undo);
    connect(m_redoAction, &QAction::triggered, stack, &QUndoGroup::redo);
    // The stack clears itself, and signals, while the window's children are
    // destroyed: the lambda holds the actions, never the window, and lives
    // only as long as the undo action.
    auto syncUndo = [undo = m_undoAction, redo = m_redoAction, stack] {
        undo->setEnabled(stack->canUndo());
        redo->setEnabled(stack->canRedo());
        undo->setToolTip(stack->canUndo() ? tr("Undo: %1 (Ctrl+Z)").arg(stack->undoText())
                                          : tr("Nothing to undo"));
        redo->setToolTip(stack->canRedo() ? tr("Redo: %1 (Ctrl+Shift+Z)").arg(stack->redoText())
                                          : tr("Nothing to redo"));
    };
    connect(stack, &QUndoGroup::indexChanged, m_undoAction, syncUndo);
    connect(stack, &QUndoGroup::cleanChanged, m_undoAction, syncUndo);
    connect(stack, &QUndoGroup::activeStackChanged, m_undoAction, syncUndo);
    syncUndo();
    edit->addSeparator();
    QAction *copy = edit->addAction(tr("&Copy Figure"), this, &MainWindow::copyFigure);
    ActionIcons::set(copy, QStringLiteral("edit-copy"));
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(
        tr("Put the whole figure on the clipboard as an image, for slides (Ctrl+Shift+C)"));
}

void MainWindow::createAttentionMenu()
{
    QMenu *attention = menuBar()->addMenu(tr("&Attention"));
    m_scaleAction = attention->addAction(tr("&Scale by √d_k"));
    ActionIcons::set(m_scaleAction, QStringLiteral("attentionlab-scale"));
    m_scaleAction->setCheckable(true);
    m_scaleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_scaleAction->setToolTip(tr("Divide the scores by √d_k before the softmax (Ctrl+K)"));
    connect(m_scaleAction, &QAction::triggered, m_document, &AttentionDocument::setScale);
    attention->addSeparator();
    m_maskGroup = new QActionGroup(this);
    const struct
    {
        MaskMode mode;
        QString text;
        QString tip;
        Qt::Key key;
        QString icon;
    } masks[] = {
        {MaskMode::None, tr("&No mask"), tr("Every query sees every key"), Qt::Key_1,
         QStringLiteral("attentionlab-mask-none")},
        {MaskMode::Causal, tr("&Causal: mask, then softmax"),
         tr("Eq. 16.3: future keys are −∞ before the softmax; rows sum to 1"), Qt::Key_2,
         QStringLiteral("attentionlab-mask-causal")},
        {MaskMode::CausalAfterSoftmax, tr("Causal: softmax, then mask (&wrong order)"),
         tr("Softmax first, future keys zeroed after: rows lose weight"), Qt::Key_3,
         QStringLiteral("attentionlab-mask-after")},
    };
    // The same exclusive choice as a combo box in the toolbar.
    m_maskChoice = new QComboBox(this);
    m_maskChoice->setAccessibleName(tr("Mask"));
    m_maskChoice->setToolTip(
        tr("Where the causal mask goes: nowhere, before the softmax (Eq. 16.3) or "
           "after it (the wrong order). Ctrl+1, Ctrl+2, Ctrl+3"));
    for (const auto &mask : masks) {
        QAction *a = attention->addAction(mask.text);
        ActionIcons::set(a, mask.icon);
        a->setCheckable(true);
        a->setData(int(mask.mode));
        a->setToolTip(mask.tip);
        a->setStatusTip(mask.tip);
        a->setShortcut(QKeySequence(Qt::CTRL | mask.key));
        m_maskGroup->addAction(a);
        m_maskChoice->addItem(withoutMnemonic(mask.text), int(mask.mode));
        ActionIcons::set(m_maskChoice, m_maskChoice->count() - 1, mask.icon);
        m_maskChoice->setItemData(m_maskChoice->count() - 1, mask.tip, Qt::ToolTipRole);
    }
    connect(m_maskGroup, &QActionGroup::triggered, this,
            [this](QAction *a) { m_document->setMask(MaskMode(a->data().toInt())); });
    connect(m_maskChoice, &QComboBox::activated, this,
            [this](int i) { m_document->setMask(MaskMode(m_maskChoice->itemData(i).toInt())); });
    attention->addSeparator();
    // The temperature in steps of a quarter, within the slider's 0.01 to 100.
    auto stepTemperature = [this](double factor) {
        const double t =
            std::clamp(m_document->session().options.temperature * factor, 0.01, 100.0);
        m_document->setTemperature(factor == 0.0 ? 1.0 : t);
        m_document->endContinuousEdit();
    };
    QAction *hotter = attention->addAction(tr("Raise the &Temperature"), this,
                                           [stepTemperature] { stepTemperature(1.25); });
    hotter->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    hotter->setToolTip(tr("Divide the logits by more: flatter rows"));
    QAction *cooler = attention->addAction(tr("&Lower the Temperature"), this,
                                           [stepTemperature] { stepTemperature(0.8); });
    cooler->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    cooler->setToolTip(tr("Divide the logits by less: sharper rows"));
    QAction *reset = attention->addAction(tr("&Reset the Temperature to 1"), this,
                                          [stepTemperature] { stepTemperature(0.0); });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    // They act on the session: off on a tab that shows something else (fitToTab).
    for (QAction *a : attention->actions())
        if (!a->isSeparator())
            m_sessionActions.append(a);
}

void MainWindow::createViewMenu()
{
    QMenu *view = m_viewMenu = menuBar()->addMenu(tr("&View"));
    auto *quantity = m_quantity = new QComboBox(this);
    quantity->addItems({tr("Weights"), tr("Raw scores"), tr("Logits")});
    quantity->setToolTip(tr("What the heatmap shows"));
    quantity->setAccessibleName(tr("Heatmap shows"));
    // Remembered choices are applied before the signals are connected: the
    // window is still being built, and the other actions do not exist yet.
    quantity->setCurrentIndex(std::clamp(Preferences::heatmapQuantity.get(), 0, 2));
    m_heatmap->setQuantity(HeatmapView::Quantity(quantity->currentIndex()));
    connect(quantity, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setQuantity(HeatmapView::Quantity(i));
        Preferences::heatmapQuantity.set(i);
    });
    auto *colorMap = m_colorMap = new QComboBox(this);
    colorMap->addItems(ColorMaps::displayNames());
    colorMap->setToolTip(tr("Colour map of the heatmap"));
    colorMap->setAccessibleName(tr("Colour map"));
    colorMap->setCurrentIndex(std::clamp(Preferences::colorMap.get(), 0, ColorMaps::kCount - 1));
    m_heatmap->setColorMap(ColorMaps::Name(colorMap->currentIndex()));
    m_modelPage->setColorMap(ColorMaps::Name(colorMap->currentIndex()));
    connect(colorMap, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setColorMap(ColorMaps::Name(i));
        m_modelPage->setColorMap(ColorMaps::Name(i));
        // Presentation mode's high-contrast map is not the user's choice.
        if (!m_presentation)
            Preferences::colorMap.set(i);
        syncLabStyle();
    });
    auto *colorRange = m_colorRange = new QComboBox(this);
    colorRange->addItems(ColorRange::displayNames());
    // A toolbar that runs out of room moves a combo to its » menu; it must not cut its text.
    for (QComboBox *combo : {m_maskChoice, quantity, colorMap, colorRange})
        combo->setSizePolicy(QSizePolicy::Minimum, combo->sizePolicy().verticalPolicy());
    // In the hall the view bar's lists follow their choice's width (fitViewBarLists).
    for (QComboBox *combo : {quantity, colorMap, colorRange})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (m_compactLists)
                QMetaObject::invokeMethod(this, &MainWindow::fitViewBarLists, Qt::QueuedConnection);
        });
    colorRange->setToolTip(
        tr("How the colours span the values: weights from 0 to 1, fitted to the data "
           "(long sequences, whose weights are about 1/n), or each row on its own"));
    colorRange->setAccessibleName(tr("Colour range"));
    colorRange->setCurrentIndex(
        std::clamp(Preferences::colorRange.get(), 0, ColorRange::kModeCount - 1));
    m_heatmap->setColorRange(ColorRange::Mode(colorRange->currentIndex()));
    m_modelPage->setColorRange(ColorRange::Mode(colorRange->currentIndex()));
    m_lines->setPerRow(ColorRange::Mode(colorRange->currentIndex()) == ColorRange::Mode::PerRow);
    connect(colorRange, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatmap->setColorRange(ColorRange::Mode(i));
        m_modelPage->setColorRange(ColorRange::Mode(i));
        m_lines->setPerRow(ColorRange::Mode(i) == ColorRange::Mode::PerRow);
        Preferences::colorRange.set(i);
    });
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
    addChoices(tr("Heatmap &shows"), quantity, {Qt::Key_W, Qt::Key_R, Qt::Key_L});
    addChoices(tr("&Colour map"), colorMap, {});
    addChoices(tr("Colour &range"), colorRange, {});
    QAction *numbers = m_numbersAction = view->addAction(tr("Show &numbers in cells"));
    numbers->setCheckable(true);
    numbers->setChecked(Preferences::showNumbers);
    m_heatmap->setShowNumbers(numbers->isChecked());
    connect(numbers, &QAction::toggled, this, [this](bool on) {
        Preferences::showNumbers.set(on);
        syncLabStyle();
    });
    numbers->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(numbers, &QAction::toggled, m_heatmap, &HeatmapView::setShowNumbers);

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
    connect(m_linesAction, &QAction::triggered, this, &MainWindow::setShowLines);
    connect(m_heatmapModeAction, &QAction::triggered, this, [this] { setShowLines(false); });
    setShowLines(Preferences::attentionLines);

    // Tabs from the keyboard: Alt+digit and Ctrl+PgUp/PgDown, never Alt+letter.
    QMenu *tabs = view->addMenu(tr("&Tabs"));
    QAction *next = tabs->addAction(tr("&Next Tab"), this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    next->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction *previous = tabs->addAction(tr("&Previous Tab"), this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab)});
    tabs->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction *go =
            tabs->addAction(m_tabs->tabText(i), this, [this, i] { m_tabs->setCurrentIndex(i); });
        go->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
    }

    view->addSeparator();
    m_toolBarsAction = view->addAction(tr("Show &Toolbars"));
    m_toolBarsAction->setCheckable(true);
    m_toolBarsAction->setChecked(true);
    m_toolBarsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_toolBarsAction->setToolTip(
        tr("Hide the toolbars for more room; the menus and shortcuts stay (Ctrl+Shift+T)"));
    connect(m_toolBarsAction, &QAction::toggled, this, &MainWindow::setToolBarsShown);
    QMenu *panels = view->addMenu(tr("&Panels"));
    for (QDockWidget *dock : {m_slidersDock, m_tokensDock, m_outputDock})
        panels->addAction(dock->toggleViewAction());
    m_fullScreenAction = view->addAction(tr("&Full Screen"));
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_fullScreenAction->setToolTip(tr("The window over the whole screen (F11)"));
    connect(m_fullScreenAction, &QAction::toggled, this, &MainWindow::setFullScreen);
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    ActionIcons::set(m_presentationAction, QStringLiteral("view-presentation"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setToolTip(
        tr("Large text and thick lines for a lecture hall, full screen (F5)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    // F10 opens the menu bar, as on GNOME and KDE.
    auto *menuKey = new QAction(tr("Open the Menu Bar"), this);
    menuKey->setShortcut(QKeySequence(Qt::Key_F10));
    connect(menuKey, &QAction::triggered, this, [this] {
        const QList<QAction *> menus = menuBar()->actions();
        if (!menus.isEmpty())
            menuBar()->setActiveAction(menus.first());
    });
    addAction(menuKey);
}

void MainWindow::createPresetsMenu()
{
    QMenu *presets = menuBar()->addMenu(tr("&Presets"));
    const struct
    {
        QString menuText;
        QString name;
        Session (*make)();
    } entries[] = {
        {tr("The &lecture example (who against is/the/best)"), tr("Lecture example"),
         &ChapterExamples::lecture},
        {tr("&Discriminating keys (dog/truck/barked)"), tr("Discriminating keys"),
         &ChapterExamples::selection},
        {tr("The &causal mask example"), tr("Causal mask example"), &ChapterExamples::causalMask},
        {tr("Random keys at d_k = 64, &scaled"), tr("Random keys, d_k = 64, scaled"),
         [] { return randomKeys(true); }},
        {tr("Random keys at d_k = 64, &unscaled"), tr("Random keys, d_k = 64, unscaled"),
         [] { return randomKeys(false); }},
    };
    for (const auto &entry : entries) {
        QAction *a =
            presets->addAction(entry.menuText, this, [this, make = entry.make, name = entry.name] {
                loadPreset(make(), name);
            });
        a->setToolTip(tr("A new untitled session: %1").arg(entry.name));
        a->setStatusTip(a->toolTip());
    }
}

QWidget *MainWindow::tourPanel(const QString &name)
{
    // The built-in model's pages open it and show the head they describe.
    if (name == QLatin1String("builtin-previous"))
        return showBuiltinHead(QStringLiteral("previous token")) ? m_modelPage : nullptr;
    if (name == QLatin1String("builtin-induction"))
        return showBuiltinHead(QStringLiteral("induction")) ? m_modelPage : nullptr;
    // The tab the page is about comes to the front, with the panel it frames.
    const bool model = name == QLatin1String("model");
    m_tabs->setCurrentWidget(model ? static_cast<QWidget *>(m_modelPage) : m_tabs->widget(0));
    if (name == QLatin1String("heatmap"))
        return m_weightsStack;
    if (name == QLatin1String("sliders"))
        return m_slidersDock->isVisible() ? m_slidersDock : nullptr;
    if (name == QLatin1String("bars"))
        return m_bars;
    if (name == QLatin1String("toolbar"))
        return m_attentionBar->isVisible() ? m_attentionBar : nullptr;
    if (name == QLatin1String("tabs"))
        return m_tabBar;
    return model ? m_modelPage : nullptr;
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *tour = help->addAction(tr("Guided &Tour"), this, [this] {
        GuidedTour dialog([this](const QString &name) { return tourPanel(name); }, this);
        dialog.exec();
    });
    ActionIcons::set(tour, QStringLiteral("help-contents"));
    tour->setShortcut(QKeySequence::HelpContents);
    if (tour->shortcut().isEmpty())
        tour->setShortcut(QKeySequence(Qt::Key_F1));
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this,
                                         [this] { ShortcutsDialog(menuBar(), this).exec(); });
    ActionIcons::set(shortcuts, QStringLiteral("preferences-desktop-keyboard"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    help->addAction(tr("Show the &Hint Again"), this, [this] {
        Preferences::hintDismissed.set(false);
        m_tabs->setCurrentIndex(0);
        m_hint->showIfNew();
    });
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Attention Lab"), this, [this] {
        QMessageBox::about(this, tr("About Attention Lab"),
                           tr("<h3>Attention Lab %1</h3><p>softmax(QKᵀ / √d_k) V, to watch and "
                              "touch: Eq. 16.2 of Chapter 16, <i>Self-Attention and the "
                              "Transformer</i>.</p>"
                              "<p>Copyright © 2026 The Attention Lab authors.</p>"
                              "<p>This program is free software: you can redistribute it and/or "
                              "modify it under the terms of the GNU General Public License as "
                              "published by the Free Software Foundation, either version 3 of the "
                              "License, or (at your option) any later version. It comes with "
                              "ABSOLUTELY NO WARRANTY; see the licence for details: "
                              "<a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">"
                              "GPL-3.0-or-later</a>.</p>"
                              "<p>It links QCustomPlot (GPL-3.0), Qt 6 (LGPL-3.0), Eigen "
                              "(MPL-2.0) and libzip (BSD-3-Clause).</p>")
                               .arg(QApplication::applicationVersion()));
    });
    ActionIcons::set(about, QStringLiteral("help-about"));
}

void MainWindow::createToolBars()
{
    // The controls a lecturer reaches for, then how the heatmap looks: two
    // toolbars, on two rows when one row cannot hold them (arrangeToolBars),
    // so that nothing hides in an overflow menu.
    QToolBar *bar = m_attentionBar = addToolBar(tr("Attention"));
    bar->setObjectName(QStringLiteral("AttentionToolBar"));
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_scaleAction);
    auto *maskLabel = new QLabel(tr(" Mask "), this);
    maskLabel->setBuddy(m_maskChoice);
    // What steps aside on a tab that does not use the session (fitToTab):
    // the bar itself stays, so the tabs below never move under the pointer.
    m_sessionBarActions << bar->addSeparator() << bar->addWidget(maskLabel)
                        << bar->addWidget(m_maskChoice) << bar->addSeparator()
                        << bar->addWidget(m_temperature);

    QToolBar *viewBar = m_viewBar = addToolBar(tr("View"));
    viewBar->setObjectName(QStringLiteral("ViewToolBar"));
    viewBar->addAction(m_heatmapModeAction);
    viewBar->addAction(m_linesAction);
    viewBar->addSeparator();
    m_viewBarLabels << viewBar->addWidget(new QLabel(tr(" Show "), this));
    viewBar->addWidget(m_quantity);
    m_viewBarLabels << viewBar->addWidget(new QLabel(tr(" Colours "), this));
    viewBar->addWidget(m_colorMap);
    viewBar->addWidget(m_colorRange);
    viewBar->addSeparator();
    viewBar->addAction(m_recordAction);
    viewBar->addAction(m_presentationAction);
    // Their shortcuts work with the toolbars hidden (View > Show Toolbars).
    addActions(bar->actions());
    addActions(viewBar->actions());

    // The tabs, on a row of their own across the whole window. Inside the
    // central widget they moved sideways by the sliders' width whenever a
    // tab's docks stepped aside, and a click meant for the next tab landed
    // on another or on nothing. They stay when the toolbars are hidden.
    addToolBarBreak();
    QToolBar *tabsBar = m_tabsBar = addToolBar(tr("Tabs"));
    tabsBar->setObjectName(QStringLiteral("TabsToolBar"));
    tabsBar->setMovable(false);
    tabsBar->setFloatable(false);
    tabsBar->toggleViewAction()->setVisible(false);
    m_tabBar = new QTabBar(tabsBar);
    m_tabBar->setDocumentMode(true);
    m_tabBar->setDrawBase(false);
    m_tabBar->setExpanding(false);
    // Scrolls rather than set the window's minimum width (large text in
    // presentation mode would push it past a 1280 px projector): the bar
    // takes the row's width, whatever its tabs would like.
    m_tabBar->setUsesScrollButtons(true);
    m_tabBar->setElideMode(Qt::ElideNone);
    m_tabBar->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_tabBar->setAccessibleName(tr("Views and labs"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_tabBar->addTab(m_tabs->tabText(i));
        m_tabBar->setTabToolTip(i, m_tabs->tabToolTip(i));
    }
    m_tabBar->setCurrentIndex(m_tabs->currentIndex());
    // A toolbar gives a widget its size hint or sends it to the » menu: the
    // bar's hint is ignored inside a holder that expands to the row's width.
    auto *holder = new QWidget(tabsBar);
    holder->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto *holderLayout = new QHBoxLayout(holder);
    holderLayout->setContentsMargins(0, 0, 0, 0);
    holderLayout->addWidget(m_tabBar);
    tabsBar->addWidget(holder);
    m_tabs->tabBar()->hide();
    // The tab widget passed its focus to its own bar, hidden now: Tab stopped
    // there, on the widget before it. Out of the chain, both of them.
    m_tabs->tabBar()->setFocusPolicy(Qt::NoFocus);
    m_tabs->setFocusPolicy(Qt::NoFocus);
    m_tabs->setFocusProxy(nullptr);
    connect(m_tabBar, &QTabBar::currentChanged, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, m_tabBar, &QTabBar::setCurrentIndex);
    // The session's controls: off on a tab that shows something else (fitToTab).
    // Undo and redo follow the current tab's own history (the undo group), as Edit does.
    m_sessionActions << m_heatmapModeAction << m_linesAction;
    m_sessionWidgets << m_maskChoice << m_temperature;
    // Icons everywhere; the words beside them where the icon alone would not
    // say it (√d_k, heatmap or lines, presentation). Tooltips name the keys.
    for (QToolBar *b : {bar, viewBar})
        b->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (QAction *a :
         {m_scaleAction, m_heatmapModeAction, m_linesAction, m_recordAction, m_presentationAction})
        if (auto *button = qobject_cast<QToolButton *>(
                (a == m_scaleAction ? bar : viewBar)->widgetForAction(a)))
            button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
}

void MainWindow::arrangeToolBars()
{
    arrangeToolBarsFor(width());
}

void MainWindow::arrangeToolBarsFor(int windowWidth)
{
    if (!m_attentionBar || !m_viewBar || toolBarArea(m_viewBar) != toolBarArea(m_attentionBar))
        return;
    // The rows are those of the session's tabs, whose bar is the widest: a tab
    // whose controls stepped aside keeps them, and the tabs stay where they were.
    const TabEditor *editor = currentEditor();
    if (!editor || editor->usesSessionControls() || m_sessionBarWidth == 0)
        m_sessionBarWidth = m_attentionBar->sizeHint().width();
    const int needed = std::max(m_sessionBarWidth, m_attentionBar->sizeHint().width()) +
                       m_viewBar->sizeHint().width() + 16;
    const bool twoRows = needed > windowWidth;
    if (twoRows == toolBarBreak(m_viewBar))
        return;
    if (twoRows)
        insertToolBarBreak(m_viewBar);
    else
        removeToolBarBreak(m_viewBar);
}

} // namespace AttentionLab
