// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// SessionWorkspace's menus: Attention (the scaling, the mask and the
// temperature, with the mask's list for the toolbar) and Presets.

#include "ui/window/sessionworkspace.h"

#include "core/maths/chapterexamples.h"
#include "core/maths/randomsession.h"
#include "ui/document/attentiondocument.h"
#include "ui/views/actionicons.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QInputDialog>
#include <QMenu>

#include <algorithm>

namespace AttentionLab {

namespace {

Session randomKeys(bool scale)
{
    Session s = randomSession(0, 4, 8, 64);
    // Labels default to k1..k8 and q1..q4 (Session::keyLabel, queryLabel).
    s.options.scale = scale;
    return s;
}

/// "&No mask" in the menu becomes "No mask" in a list.
QString withoutMnemonic(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

} // namespace

void SessionWorkspace::fillAttentionMenu(QMenu *attention)
{
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
    m_maskChoice->setAccessibleName(tr("Mask"));
    // A toolbar that runs out of room moves it to its » menu: it must not cut its text.
    m_maskChoice->setSizePolicy(QSizePolicy::Minimum, m_maskChoice->sizePolicy().verticalPolicy());
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
    // A local layer's window (Mistral, Gemma) and Gemma 2's soft cap.
    m_windowAction = attention->addAction(tr("Sliding &Window…"));
    m_windowAction->setCheckable(true);
    m_windowAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    m_windowAction->setToolTip(tr("With the causal mask, each query sees only its last w keys, "
                                  "itself included, as a local layer does (Ctrl+4)"));
    m_windowAction->setStatusTip(m_windowAction->toolTip());
    connect(m_windowAction, &QAction::triggered, this, [this] {
        const AttentionOptions &o = m_document->session().options;
        if (o.window > 0) {
            m_document->setWindow(0);
            return;
        }
        bool ok = false;
        const int keys = int(m_document->session().keys.rows());
        const int w = QInputDialog::getInt(m_window, tr("Sliding Window"),
                                           tr("Each query sees its last w keys (w ≥ 1):"),
                                           std::max(1, keys / 2), 1, 1 << 20, 1, &ok);
        if (ok) {
            // A window is a causal mask's: one step of Undo sets both.
            AttentionOptions changed = o;
            if (!isCausal(changed.mask))
                changed.mask = MaskMode::Causal;
            changed.window = w;
            m_document->setOptions(changed, tr("Sliding window of %1").arg(w));
        }
        syncControls();
    });
    m_capAction = attention->addAction(tr("Soft &Cap…"));
    m_capAction->setCheckable(true);
    m_capAction->setToolTip(tr("The scaled scores become c·tanh(s / c) before the mask: none "
                               "runs past c (Gemma 2 caps at 50)"));
    m_capAction->setStatusTip(m_capAction->toolTip());
    connect(m_capAction, &QAction::triggered, this, [this] {
        if (m_document->session().options.softCap > 0.0) {
            m_document->setSoftCap(0.0);
            return;
        }
        bool ok = false;
        const double c = QInputDialog::getDouble(m_window, tr("Soft Cap"),
                                                 tr("The cap c of c·tanh(s / c), above 0:"), 5.0,
                                                 0.01, 1e6, 2, &ok);
        if (ok)
            m_document->setSoftCap(c);
        syncControls();
    });
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
    // They act on the session: off on a tab that shows something else.
    for (QAction *a : attention->actions())
        if (!a->isSeparator())
            m_sessionActions.append(a);
    syncControls();
}

void SessionWorkspace::syncControls()
{
    if (!m_scaleAction)
        return;
    const AttentionOptions &o = m_document->session().options;
    m_scaleAction->setChecked(o.scale);
    for (QAction *a : m_maskGroup->actions())
        a->setChecked(MaskMode(a->data().toInt()) == o.mask);
    m_maskChoice->setCurrentIndex(m_maskChoice->findData(int(o.mask)));
    m_windowAction->setChecked(o.window > 0);
    m_windowAction->setText(o.window > 0 ? tr("Sliding &Window of %1").arg(o.window)
                                         : tr("Sliding &Window…"));
    m_capAction->setChecked(o.softCap > 0.0);
    m_capAction->setText(o.softCap > 0.0 ? tr("Soft &Cap at %1").arg(o.softCap) : tr("Soft &Cap…"));
}

void SessionWorkspace::fillPresetsMenu(QMenu *presets)
{
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

} // namespace AttentionLab
