// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// ModelPage's row of controls: the set, the view, words, the score, the
// known heads and the matrix's title; the keys of its pages.

#include "ui/model/modelpage.h"

#include "core/model/familydescription.h"

#include "ui/model/headgridlegend.h"
#include "ui/model/headgridview.h"
#include "ui/model/knownheads.h"
#include "ui/model/lensview.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/settings/preferences.h"
#include "ui/views/attentionlinesview.h"
#include "ui/views/elidinglabel.h"
#include "ui/views/entropybarsview.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

namespace AttentionLab {

void ModelPage::createControls()
{
    // The controls: what the large view shows, and what colours the grid.
    m_viewChoice->addItems({tr("One head"), tr("Layer average"), tr("Rollout")});
    m_viewChoice->setAccessibleName(tr("Matrix shown"));
    m_viewChoice->setToolTip(
        tr("What the large view shows: the selected head, the mean of its layer's heads, or "
           "attention rollout over every layer (Abnar and Zuidema 2020)"));
    m_words->setToolTip(tr("Merge sub-word tokens into words: attention to a word is the sum "
                           "over its pieces, from a word the mean (Clark et al. 2019)"));
    for (int k = 0; k < kHeadScoreKindCount; ++k)
        m_scoreChoice->addItem(QString::fromStdString(headScoreTitle(HeadScoreKind(k))));
    m_scoreChoice->setAccessibleName(tr("Score"));
    m_scoreChoice->setToolTip(tr("The score that colours the thumbnails' frames (orange: "
                                 "highest) and, with Sort by score, orders them"));
    m_fitAll->setToolTip(tr("Size the thumbnails so that every head shows at once; hover a "
                            "small one for its name and scores"));
    m_fitAll->setChecked(Preferences::fitAllHeads);
    m_sort->setToolTip(
        tr("Order the heads by the score, highest first, instead of layer by layer"));
    m_knownButton->setText(tr("Known heads"));
    m_knownButton->setMenu(m_knownMenu);
    m_knownButton->setToolTip(
        tr("Heads that papers identified in GPT-2 small and BERT-base, numbered from 0"));
    // The bar coming and going with each pass must not move the heads: the
    // row keeps its height (updateProgress()); its width goes to the card
    // while it is hidden.
    m_progress->setTextVisible(true);
    auto *scoreLabel = new QLabel(tr("Score:"), this);
    scoreLabel->setBuddy(m_scoreChoice);
    // The file and its shape on a line of their own; long names must not
    // widen the page past a projector's width.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_titleRow = new QHBoxLayout;
    m_titleRow->addWidget(m_title, 0);
    // The model card beside it: what the model is made of, the whole card a hover away.
    m_card = new ElidingLabel(QString(), this);
    m_card->setObjectName(QStringLiteral("modelCard"));
    m_card->setAccessibleName(tr("Model card"));
    // An encoder-decoder's run: which of its attentions is shown.
    m_setChoice = new QComboBox(this);
    m_setChoice->setObjectName(QStringLiteral("SetChoice"));
    m_setChoice->setAccessibleName(tr("Attention shown"));
    m_setChoice->setToolTip(tr("Which attention of the run the grid and the large view show: the "
                               "encoder's over the source, the decoder's over the target so far, "
                               "or the cross-attention of the target's tokens over the source's"));
    m_setChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_setChoice->hide();
    m_titleRow->addWidget(m_card, 1);
    m_titleRow->addWidget(m_progress);
    // One row of controls for both pages: on a projector at 1280 x 720 every
    // row taken from the matrix costs it a fifth of its cells' height.
    m_controlsRow = new QHBoxLayout;
    m_controlsRow->addWidget(m_setChoice);
    m_controlsRow->addWidget(m_back);
    m_controlsRow->addWidget(m_viewChoice);
    m_controlsRow->addWidget(m_words);
    m_controlsRow->addSpacing(12);
    m_controlsRow->addWidget(scoreLabel);
    m_controlsRow->addWidget(m_scoreChoice);
    m_controlsRow->addWidget(m_sort);
    m_controlsRow->addWidget(m_fitAll);
    m_controlsRow->addWidget(m_knownButton);
    m_controlsRow->addSpacing(12);
    m_controlsRow->addWidget(m_matrixTitle, 10);
    m_controlsRow->addStretch(1);
    auto *viewSwitch = new QWidget(this);
    m_matrixViewBar->setContentsMargins(0, 0, 0, 0);
    viewSwitch->setLayout(m_matrixViewBar);
    m_controlsRow->addWidget(viewSwitch);
    m_gridControls = {scoreLabel, m_scoreChoice, m_sort, m_fitAll};
    m_largeControls = {m_back, m_matrixTitle, viewSwitch};
}

void ModelPage::connectControls()
{
    connect(m_viewChoice, &QComboBox::activated, this, [this](int i) {
        m_document->setView(ModelView(i));
        if (m_document->view() != ModelView::Head)
            showLarge();
    });
    connect(m_words, &QCheckBox::toggled, m_document, &ModelDocument::setWordLevel);
    connect(m_setChoice, &QComboBox::activated, m_document, &ModelDocument::chooseSet);
    connect(m_scoreChoice, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_grid->setScoreKind(HeadScoreKind(i));
        emit shownChanged();
    });
    connect(m_sort, &QCheckBox::toggled, m_grid, &HeadGridView::setSorted);
    connect(m_fitAll, &QCheckBox::toggled, this, [this](bool fit) {
        m_grid->setFitAll(fit);
        // The scroll area gives the grid its own height when it must fit in it.
        m_gridScroll->setVerticalScrollBarPolicy(fit ? Qt::ScrollBarAlwaysOff
                                                     : Qt::ScrollBarAsNeeded);
        Preferences::fitAllHeads.set(fit);
    });
    m_grid->setFitAll(m_fitAll->isChecked());
    m_gridScroll->setVerticalScrollBarPolicy(m_fitAll->isChecked() ? Qt::ScrollBarAlwaysOff
                                                                   : Qt::ScrollBarAsNeeded);
    connect(m_grid, &HeadGridView::headActivated, this, [this](int layer, int head) {
        m_document->select(layer, head);
        showLarge();
    });
    connect(m_grid, &HeadGridView::progressChanged, this, &ModelPage::updateProgress);
    connect(m_back, &QToolButton::clicked, this, &ModelPage::showGrid);
    connect(m_heatmap, &ModelHeatmapView::backRequested, this, &ModelPage::showGrid);
    connect(m_heatmap, &ModelHeatmapView::hovered, m_hover, &QLabel::setText);
    // The bars keep beside the rows the zoomed heatmap shows.
    connect(m_heatmap, &ModelHeatmapView::viewChanged, this, [this] {
        const auto [first, last] = m_heatmap->visibleRows();
        m_bars->setVisibleRows(first, last);
    });
}

void ModelPage::createPageShortcuts()
{
    // Stepping and leaving work wherever the focus is on the page (the lines,
    // the Words box, a button), not only in the heatmap, which also
    // takes the arrow keys; the lines keep the arrows for their tokens.
    // On while the large page shows, so the grid keeps PgUp and PgDown.
    const auto pageShortcut = [this](const QKeySequence &keys, auto action) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        shortcut->setEnabled(false);
        connect(shortcut, &QShortcut::activated, this, action);
        m_largePageShortcuts.append(shortcut);
    };
    pageShortcut(QKeySequence(Qt::Key_BracketLeft), [this] { m_document->stepHead(-1); });
    pageShortcut(QKeySequence(Qt::Key_BracketRight), [this] { m_document->stepHead(1); });
    pageShortcut(QKeySequence(Qt::Key_PageUp), [this] { m_document->stepLayer(-1); });
    pageShortcut(QKeySequence(Qt::Key_PageDown), [this] { m_document->stepLayer(1); });
    pageShortcut(QKeySequence(Qt::Key_Escape), [this] {
        if (showsLines() && m_lines->highlighted().isValid())
            m_lines->setHighlighted({});
        else
            showGrid();
    });
}

void ModelPage::rebuildSetChoice()
{
    const std::vector<AttentionSet> &sets = m_document->sets();
    const AttentionKind kind = m_document->setKind();
    const bool several = sets.size() > 1;
    // A model's text retyped is again a run of one set of the same kind:
    // nothing to redo on each keystroke.
    if (!several && m_setChoice->count() == 0 && kind == m_shownSetKind)
        return;
    m_shownSetKind = kind;
    {
        const QSignalBlocker block(m_setChoice);
        m_setChoice->clear();
        if (several) {
            // The kind alone: the title above gives the shape, and a longer
            // item was cut in a hall's crowded row.
            for (const AttentionSet &set : sets)
                m_setChoice->addItem(QString::fromStdString(attentionKindTitle(set.kind)));
            m_setChoice->setCurrentIndex(m_document->setIndex());
        }
        m_setChoice->setVisible(several);
    }
    // The scores that mean nothing for this kind of attention are not offered
    // (previous token, induction... for a cross-attention).
    if (auto *model = qobject_cast<QStandardItemModel *>(m_scoreChoice->model())) {
        for (int k = 0; k < kHeadScoreKindCount; ++k)
            if (QStandardItem *item = model->item(k))
                item->setEnabled(headScoreApplies(HeadScoreKind(k), m_document->setKind()));
        if (!headScoreApplies(HeadScoreKind(m_scoreChoice->currentIndex()), m_document->setKind()))
            m_scoreChoice->setCurrentIndex(int(HeadScoreKind::Entropy));
    }
}

void ModelPage::syncControls()
{
    const QSignalBlocker blockView(m_viewChoice);
    const QSignalBlocker blockWords(m_words);
    m_viewChoice->setCurrentIndex(int(m_document->view()));
    m_words->setChecked(m_document->wordLevel());
    // A head a paper identified says what it is and who found it.
    // The title names each role and who found it, short ("induction (Wang et
    // al. 2022; Olsson et al. 2022)"); the tooltip says where, whole.
    QString title = m_document->currentTitle();
    QString whole = title;
    if (m_document->view() == ModelView::Head && !m_document->wordLevel()) {
        QStringList roles;
        QList<QStringList> finders;
        QStringList sourced;
        for (const KnownHeadGroup &group : std::as_const(m_knownGroups))
            for (const KnownHead &head : group.entries)
                if (head.layer == m_document->layer() && head.head == m_document->head()) {
                    if (!roles.contains(head.role)) {
                        roles << head.role;
                        finders.append(QStringList());
                    }
                    const QString finder =
                        head.source.section(QLatin1Char(','), 0, 0).section(QLatin1Char(':'), 0, 0);
                    QStringList &byRole = finders[roles.indexOf(head.role)];
                    if (!finder.isEmpty() && !byRole.contains(finder))
                        byRole << finder;
                    sourced << tr("%1 in %2 (%3)").arg(head.role, group.title, head.source);
                }
        if (!roles.isEmpty()) {
            QStringList parts;
            for (qsizetype i = 0; i < roles.size(); ++i)
                parts << (finders[i].isEmpty()
                              ? roles[i]
                              : tr("%1 (%2)").arg(roles[i], finders[i].join(QStringLiteral("; "))));
            title = tr("%1: %2").arg(title, parts.join(QStringLiteral("; ")));
            whole = tr("%1: %2").arg(whole, sourced.join(QStringLiteral("; ")));
        }
    }
    m_matrixTitle->setText(title);
    m_matrixTitle->setToolTip(whole);
    fitMatrixTitle();
}

void ModelPage::rebuildKnownHeads()
{
    m_knownMenu->clear();
    m_knownGroups = KnownHeads::forDocument(*m_document);
    const QList<KnownHeadGroup> &groups = m_knownGroups;
    for (const KnownHeadGroup &group : std::as_const(groups)) {
        // Each group titled by a disabled entry: some styles draw sections as bare lines.
        if (!m_knownMenu->isEmpty())
            m_knownMenu->addSeparator();
        m_knownMenu->addAction(group.title)->setEnabled(false);
        for (const KnownHead &known : group.entries) {
            QAction *a = m_knownMenu->addAction(tr("%1.%2  %3 — %4")
                                                    .arg(known.layer)
                                                    .arg(known.head)
                                                    .arg(known.role, known.source));
            a->setToolTip(known.source);
            connect(a, &QAction::triggered, this, [this, layer = known.layer, head = known.head] {
                m_document->select(layer, head);
                showLarge();
            });
        }
    }
    m_knownButton->setVisible(!groups.isEmpty());
}

void ModelPage::updateProgress()
{
    const int total = m_document->isEmpty() ? 0 : int(m_document->tensor().shape().headCount());
    const int done = m_grid->thumbnailsDone();
    const bool scored = m_document->scoresReady() || !m_document->scoreError().isEmpty();
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(done);
    m_progress->setFormat(scored ? tr("thumbnails %v of %m") : tr("thumbnails %v of %m, scoring…"));
    // As wide as its longest text in the font of the moment (presentation
    // mode's is larger), so that it never wraps onto two cut lines.
    const QString widest = tr("thumbnails %1 of %1, scoring…").arg(std::max(1, total));
    m_progress->setFixedWidth(m_progress->fontMetrics().horizontalAdvance(widest) +
                              4 * m_progress->fontMetrics().averageCharWidth());
    if (QWidget *row = m_progress->parentWidget())
        row->setMinimumHeight(m_progress->sizeHint().height());
    m_progress->setVisible(total > 0 && (done < total || !scored));
}

void ModelPage::fitMatrixTitle()
{
    // A long title (a known head's role and source) shrinks to its room, on
    // one line down to 0.8 of the page's size, then on two lines down to
    // 0.65, before it is cut ("head 1.2: induction in the bu"); the tooltip
    // has it whole.
    QFont font = this->font();
    font.setBold(true);
    m_matrixTitle->setMaximumHeight(m_back->sizeHint().height());
    const QString text = m_matrixTitle->text();
    const QRect room = m_matrixTitle->contentsRect();
    const double natural = font.pointSizeF();
    if (natural > 0 && room.width() > 0 && !text.isEmpty()) {
        for (double scale = 1.0; scale > 0.649; scale -= 0.05) {
            font.setPointSizeF(natural * scale);
            const QFontMetrics metrics(font);
            if (metrics.horizontalAdvance(text) <= room.width())
                break;
            const QRect wrapped =
                metrics.boundingRect(QRect(0, 0, room.width(), 1 << 20), Qt::TextWordWrap, text);
            if (scale <= 0.8 && wrapped.width() <= room.width() &&
                wrapped.height() <= room.height())
                break;
        }
    }
    if (m_matrixTitle->font() != font)
        m_matrixTitle->setFont(font);
}

} // namespace AttentionLab
