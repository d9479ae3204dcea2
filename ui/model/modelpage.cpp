// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

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

ModelPage::ModelPage(ModelDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_pages(new QStackedWidget(this)),
      m_emptyPage(new QWidget(this)), m_emptyState(new QLabel(emptyStateText(), m_emptyPage)),
      m_builtinColumn(new QVBoxLayout), m_gridPage(new QWidget(this)),
      m_grid(new HeadGridView(document, this)), m_largePage(new QWidget(this)),
      m_heatmap(new ModelHeatmapView(document, this)), m_bars(new EntropyBarsView(this)),
      m_lines(new AttentionLinesView(this)), m_matrixViews(new QStackedWidget(this)),
      m_matrixViewButtons(new QButtonGroup(this)), m_matrixViewBar(new QHBoxLayout),
      m_title(new QLabel(this)), m_matrixTitle(new QLabel(this)), m_hover(new QLabel(this)),
      m_viewChoice(new QComboBox(this)), m_words(new QCheckBox(tr("Words"), this)),
      m_scoreChoice(new QComboBox(this)), m_sort(new QCheckBox(tr("Sort by score"), this)),
      m_fitAll(new QCheckBox(tr("Fit all heads"), this)), m_knownButton(new QPushButton(this)),
      m_knownMenu(new QMenu(this)), m_progress(new QProgressBar(this)),
      m_back(new QToolButton(this))
{
    createLargePage();
    createControls();
    createGridPage();
    m_emptyState->setAlignment(Qt::AlignCenter);
    m_emptyState->setWordWrap(true);
    {
        // The text, and under it one click to each trained model, centred.
        auto *emptyLayout = new QVBoxLayout(m_emptyPage);
        emptyLayout->addStretch(1);
        emptyLayout->addWidget(m_emptyState);
        emptyLayout->addSpacing(12);
        emptyLayout->addLayout(m_builtinColumn);
        emptyLayout->addStretch(1);
    }
    m_pages->addWidget(m_emptyPage);
    m_pages->addWidget(m_gridPage);
    m_pages->addWidget(m_largePage);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // The file's name and shape, and the thumbnails' progress, belong to the
    // grid: a head shown large says its name in the controls row.
    auto *titleBar = new QWidget(this);
    m_titleRow->setContentsMargins(0, 0, 0, 0);
    titleBar->setLayout(m_titleRow);
    m_gridControls << titleBar;
    layout->addWidget(titleBar);
    layout->addLayout(m_controlsRow);
    layout->addWidget(m_pages, 1);
    connect(m_pages, &QStackedWidget::currentChanged, this, &ModelPage::showControlsOfPage);
    connect(m_pages, &QStackedWidget::currentChanged, this, &ModelPage::shownChanged);
    showControlsOfPage();

    connectControls();
    createPageShortcuts();
    connectDocument();
    tensorChanged();
}

void ModelPage::balanceLargeSplitter()
{
    const int total = m_largeSplitter->width() - m_largeSplitter->handleWidth();
    if (total <= 0 || m_document->isEmpty())
        return;
    const int wanted = m_heatmap->widthForHeight(m_largeSplitter->height());
    // The matrix takes most of the room, the entropy bars what is left.
    const int heatmap = std::clamp(wanted, int(0.5 * total), int(0.72 * total));
    m_largeSplitter->setSizes({heatmap, total - heatmap});
}

bool ModelPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_largeSplitter && event->type() == QEvent::Resize)
        balanceLargeSplitter();
    if (watched == m_matrixTitle && event->type() == QEvent::Resize)
        fitMatrixTitle();
    return QWidget::eventFilter(watched, event);
}

void ModelPage::showControlsOfPage()
{
    const bool large = showsLarge();
    for (QWidget *w : std::as_const(m_gridControls))
        w->setVisible(!large);
    for (QWidget *w : std::as_const(m_largeControls))
        w->setVisible(large);
}

void ModelPage::createGridPage()
{
    // The grid, scrolling when the heads do not fit.
    auto *scroll = m_gridScroll = new QScrollArea(this);
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Tab goes to the heads themselves, not to a scroll area whose arrows
    // would only scroll (the grid scrolls its selection into view itself).
    scroll->setFocusPolicy(Qt::NoFocus);
    auto *gridLayout = new QVBoxLayout(m_gridPage);
    gridLayout->setContentsMargins(0, 0, 0, 0);
    // One line, shortened where narrow (the whole hint in its tooltip): the
    // heads keep the height.
    auto *gridHint = m_gridHint = new ElidingLabel(gridHintText(false), this);
    // Beside it, what the frames' colours mean.
    m_gridLegend = new HeadGridLegend(m_document, m_grid, this);
    auto *hintRow = new QHBoxLayout;
    hintRow->addWidget(gridHint, 1);
    hintRow->addWidget(m_gridLegend);
    gridLayout->addLayout(hintRow);
    gridLayout->addWidget(scroll, 1);
}

void ModelPage::createLargePage()
{
    // The large page: the matrix, as a heatmap (or another view added later), and its bars.
    m_back->setText(tr("Back to the grid (Esc)"));
    m_back->setToolTip(tr("All heads as thumbnails"));
    auto *heatmapButton = new QToolButton(this);
    heatmapButton->setText(tr("Heatmap"));
    heatmapButton->setCheckable(true);
    heatmapButton->setChecked(true);
    m_matrixViewButtons->setExclusive(true);
    m_matrixViewButtons->addButton(heatmapButton, 0);
    m_matrixViewBar->addWidget(heatmapButton);
    heatmapButton->hide(); // one view needs no switch
    auto *splitter = m_largeSplitter = new QSplitter(Qt::Horizontal, this);
    splitter->installEventFilter(this);
    splitter->addWidget(m_heatmap);
    splitter->addWidget(m_bars);
    // The matrix is square and limited by the height: the bars take what is left.
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    m_bars->setMinimumWidth(240);
    splitter->setSizes({640, 360});
    m_matrixViews->addWidget(splitter);
    connect(m_matrixViewButtons, &QButtonGroup::idClicked, this, &ModelPage::setCurrentMatrixView);
    // The lines: the same matrix, one line from each query to each key.
    m_lines->setAccessibleName(tr("Attention as lines"));
    m_lines->setToolTip(tr("Hover a token to see only its lines"));
    addMatrixView(m_lines, tr("Lines"));
    // The logit lens: each layer's guess for the next token at each position.
    m_lens = new LensView(this);
    m_lens->setToolTip(tr("Hover a cell for its five most likely tokens"));
    m_lensIndex = addMatrixView(m_lens, tr("Lens"));
    QFont titleFont = m_matrixTitle->font();
    titleFont.setBold(true);
    m_matrixTitle->setFont(titleFont);
    // The row's height is the buttons': a title that wraps stays inside it.
    m_matrixTitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_matrixTitle->setWordWrap(true);
    m_matrixTitle->installEventFilter(this);
    // The keys, and the cell under the pointer, below the matrix.
    auto *keys = new ElidingLabel(
        tr("←→ [ ] heads · ↑↓ PgUp PgDn layers · wheel: zoom · drag: pan · Home: fit"), this);
    keys->setExplanation(
        tr("In the matrix: Left and Right step through the heads of a layer, Up and "
           "Down through the layers; the wheel or + and − zoom toward the pointer, "
           "dragging pans, Home fits the whole matrix. Anywhere on this page, [ and ] "
           "step through the heads, PgUp and PgDown through the layers, and Escape "
           "goes back to the grid (in the lines, it first shows every line again)."));
    keys->setEnabled(false);
    keys->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_hover->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *footer = new QHBoxLayout;
    footer->addWidget(m_hover, 3);
    footer->addWidget(keys, 2);
    auto *largeLayout = new QVBoxLayout(m_largePage);
    largeLayout->setContentsMargins(0, 0, 0, 0);
    largeLayout->addWidget(m_matrixViews, 1);
    largeLayout->addLayout(footer);
    m_hover->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void ModelPage::connectDocument()
{
    connect(m_document, &ModelDocument::tensorChanged, this, &ModelPage::tensorChanged);
    connect(m_document, &ModelDocument::scoresChanged, this, &ModelPage::updateProgress);
    connect(m_document, &ModelDocument::failed, this,
            [this](const QString &message) { QMessageBox::warning(this, tr("Model"), message); });
    connect(m_document, &ModelDocument::currentChanged, this, [this] {
        m_bars->setRows(m_document->rowStatistics(), m_document->rowLabels());
        syncControls();
        refreshLines();
    });
}

void ModelPage::setTextPanel(QWidget *panel)
{
    if (auto *box = qobject_cast<QVBoxLayout *>(layout()))
        box->insertWidget(0, panel);
}

void ModelPage::setModelCard(const QString &line, const QList<QPair<QString, QString>> &rows)
{
    m_card->setFullText(line);
    QString table = QStringLiteral("<table>");
    for (const auto &[what, value] : rows)
        table += QStringLiteral("<tr><td><b>%1</b>&nbsp;</td><td>%2</td></tr>")
                     .arg(what.toHtmlEscaped(), value.toHtmlEscaped());
    table += QStringLiteral("</table>");
    m_card->setExplanation(rows.isEmpty() ? QString() : table);
    // The title leaves the layers and heads to a card, and says them without one.
    updateTitle();
}

QString ModelPage::modelCardLine() const
{
    return m_card->fullText();
}

void ModelPage::setEmptyStateText(const QString &text)
{
    m_emptyState->setText(text);
    for (QPushButton *button : std::as_const(m_builtinButtons))
        button->setVisible(text == emptyStateText());
}

void ModelPage::setBuiltinOffers(const QStringList &labels)
{
    qDeleteAll(m_builtinButtons);
    m_builtinButtons.clear();
    for (int i = 0; i < labels.size(); ++i) {
        auto *button = new QPushButton(labels[i], m_emptyPage);
        button->setObjectName(QStringLiteral("builtinModelButton%1").arg(i));
        button->setToolTip(tr("Opens a model that comes with Attention Lab: no download, no "
                              "network"));
        connect(button, &QPushButton::clicked, this, [this, i] { emit builtinModelRequested(i); });
        m_builtinColumn->addWidget(button, 0, Qt::AlignHCenter);
        m_builtinButtons.append(button);
    }
    setEmptyStateText(m_emptyState->text());
}

QString ModelPage::emptyStateText()
{
    return tr("Open an attention file (.npy, .npz, .safetensors) with File > Open or drop it "
              "here,\nor a model's folder (%1) with File > Open Model")
        .arg(QString::fromStdString(familyNames()));
}

bool ModelPage::showsEmptyState() const
{
    return m_pages->currentWidget() == m_emptyPage;
}

bool ModelPage::showsGrid() const
{
    return m_pages->currentWidget() == m_gridPage;
}

bool ModelPage::showsLarge() const
{
    return m_pages->currentWidget() == m_largePage;
}

void ModelPage::enableLargePageKeys()
{
    for (QShortcut *shortcut : std::as_const(m_largePageShortcuts))
        shortcut->setEnabled(showsLarge());
}

void ModelPage::showGrid()
{
    if (m_document->isEmpty())
        return;
    m_pages->setCurrentWidget(m_gridPage);
    enableLargePageKeys();
    m_grid->setFocus();
}

void ModelPage::showLarge()
{
    if (m_document->isEmpty())
        return;
    m_pages->setCurrentWidget(m_largePage);
    enableLargePageKeys();
    if (m_matrixViews->currentIndex() == 0)
        m_heatmap->setFocus();
    else
        m_matrixViews->currentWidget()->setFocus();
}

int ModelPage::addMatrixView(QWidget *view, const QString &title)
{
    const int index = m_matrixViews->addWidget(view);
    auto *button = new QToolButton(this);
    button->setText(title);
    button->setCheckable(true);
    m_matrixViewButtons->addButton(button, index);
    m_matrixViewBar->addWidget(button);
    for (QAbstractButton *b : m_matrixViewButtons->buttons())
        b->show();
    return index;
}

int ModelPage::currentMatrixView() const
{
    return m_matrixViews->currentIndex();
}

void ModelPage::setCurrentMatrixView(int index)
{
    if (QAbstractButton *button = m_matrixViewButtons->button(index)) {
        button->setChecked(true);
        m_matrixViews->setCurrentIndex(index);
        refreshLines();
        emit matrixViewChanged(index);
    }
}

bool ModelPage::showsLens() const
{
    return showsLarge() && m_matrixViews->currentIndex() == m_lensIndex;
}

void ModelPage::setLensAvailable(bool available)
{
    if (QAbstractButton *button = m_matrixViewButtons->button(m_lensIndex))
        button->setVisible(available);
    if (!available && m_matrixViews->currentIndex() == m_lensIndex)
        setCurrentMatrixView(0);
}

bool ModelPage::showsLines() const
{
    return showsLarge() && m_matrixViews->currentWidget() == m_lines;
}

void ModelPage::refreshLines()
{
    // Only while shown: stepping through heads at 1024 tokens need not copy
    // a matrix nobody sees. Switching to the lines refreshes them.
    if (m_matrixViews->currentWidget() != m_lines)
        return;
    if (m_document->isEmpty() || m_document->rolloutPending()) {
        m_lines->setMatrix(FloatMatrix(), {}, {});
        m_lines->setTitle(m_document->isEmpty() ? QString() : tr("rollout: computing…"));
        return;
    }
    m_lines->setMatrix(m_document->currentMatrix(), m_document->rowLabels(),
                       m_document->columnLabels());
    m_lines->setTitle(m_document->currentTitle());
}

void ModelPage::setColorMap(ColorMaps::Name name)
{
    m_grid->setColorMap(name);
    m_heatmap->setColorMap(name);
    m_lensStyle.colorMap = name;
    m_lens->setStyle(m_lensStyle);
}

void ModelPage::setColorRange(ColorRange::Mode mode)
{
    m_grid->setColorRange(mode);
    m_heatmap->setColorRange(mode);
    m_lines->setPerRow(mode == ColorRange::Mode::PerRow);
}

void ModelPage::setAppearance(bool dark, double scale)
{
    m_grid->setDark(dark);
    // The lens's words in the theme's ink: dark on the hall's black before.
    m_lensStyle.theme = dark ? FigureStyle::Theme::Dark : FigureStyle::Theme::Light;
    m_lens->setStyle(m_lensStyle);
    m_heatmap->setAppearance(dark, scale);
    m_bars->setAppearance(dark, scale);
}

void ModelPage::updateTitle()
{
    if (!m_document->isEmpty()) {
        // With a model card beside it, the title need not repeat the layers and heads.
        const AttentionTensor &t = m_document->tensor();
        m_title->setText(tr("<b>%1</b> · %2")
                             .arg(m_document->displayName().toHtmlEscaped(),
                                  m_card->fullText().isEmpty()
                                      ? m_document->shapeText()
                                      : tr("%1 × %2 tokens").arg(t.queries()).arg(t.keys())));
        // Beside a model card, its own width (the card is shortened, not the
        // name); alone, a long file name is cut rather than widen the page.
        m_title->setSizePolicy(m_card->fullText().isEmpty() ? QSizePolicy::Ignored
                                                            : QSizePolicy::Preferred,
                               QSizePolicy::Preferred);
        // With no card (an attention file), the title has the row: the empty
        // card's stretch left it no width at all.
        m_titleRow->setStretchFactor(m_title, m_card->fullText().isEmpty() ? 1 : 0);
    }
}

QString ModelPage::gridHintText(bool renumbered)
{
    return tr("Each thumbnail is a head (layer.head, %1): rows are queries, columns keys. Click "
              "one or press Enter to open it; hover for its scores.")
        .arg(renumbered ? tr("as the model numbered the ones this file kept") : tr("from 0"));
}

void ModelPage::tensorChanged()
{
    m_gridHint->setFullText(
        gridHintText(!m_document->isEmpty() && m_document->tensor().isRenumbered()));
    if (m_document->isEmpty()) {
        m_pages->setCurrentWidget(m_emptyPage);
        m_title->clear();
    } else if (!(m_document->keptSelection() && showsLarge())) {
        m_pages->setCurrentWidget(m_gridPage);
        // Enter opens the selected head at once, with no click first; but
        // never take the keys from someone typing a model's text.
        QWidget *focus = window()->focusWidget();
        const bool typing = focus && isAncestorOf(focus) && qobject_cast<QLineEdit *>(focus);
        if (isVisible() && !m_document->keptSelection() && !typing)
            m_grid->setFocus();
    }
    updateTitle();
    enableLargePageKeys();
    balanceLargeSplitter(); // the token count sets the matrix's width
    const bool open = !m_document->isEmpty();
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_viewChoice, m_words, m_scoreChoice, m_sort, m_fitAll})
        w->setEnabled(open);
    if (auto *model = qobject_cast<QStandardItemModel *>(m_viewChoice->model()))
        if (QStandardItem *item = model->item(int(ModelView::Rollout)))
            item->setEnabled(m_document->canRollout());
    m_words->setEnabled(m_document->canMergeWords());
    m_words->setToolTip(m_document->canMergeWords()
                            ? tr("Merge sub-word tokens into words: attention to a word is the "
                                 "sum over its pieces, from a word the mean (Clark et al. 2019)")
                            : tr("No token here is part of a longer word"));
    rebuildKnownHeads();
    rebuildSetChoice();
    m_bars->setRows(m_document->rowStatistics(), m_document->rowLabels());
    syncControls();
    updateProgress();
}

void ModelPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitMatrixTitle(); // from the page's new size (presentation mode)
}

} // namespace AttentionLab
