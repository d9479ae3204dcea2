// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/sets/attentionset.h"
#include "ui/figure/figurestyle.h"

#include "ui/figure/colormaps.h"
#include "ui/figure/colorrange.h"
#include "ui/model/knownheads.h"

#include <QList>
#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QShortcut;
class QSplitter;
class QStackedWidget;
class QToolButton;
class QVBoxLayout;

namespace AttentionLab {

class ElidingLabel;
class LensView;

class AttentionLinesView;
class EntropyBarsView;
class HeadGridLegend;
class HeadGridView;
class ModelDocument;
class ModelHeatmapView;

/**
 * The Model tab: a trained model's attention. The grid of heads first;
 * a click or Enter opens one large (or the layer average, or the rollout)
 * beside its entropy bars. Above them the view, word-level merging, the
 * score that colours or sorts the grid, and the known heads of 12 x 12
 * models as bookmarks.
 */
class ModelPage : public QWidget
{
    Q_OBJECT

public:
    explicit ModelPage(ModelDocument *document, QWidget *parent = nullptr);

    ModelDocument *document() const { return m_document; }
    HeadGridView *grid() const { return m_grid; }
    HeadGridLegend *gridLegend() const { return m_gridLegend; }
    ModelHeatmapView *heatmap() const { return m_heatmap; }
    EntropyBarsView *entropyBars() const { return m_bars; }
    QComboBox *viewChooser() const { return m_viewChoice; }
    QComboBox *scoreChooser() const { return m_scoreChoice; }
    /// Which attention of a run of several (an encoder-decoder's) is shown;
    /// hidden where the run has one.
    QComboBox *setChooser() const { return m_setChoice; }
    /// The line naming the file or model and its shape, above the controls.
    QLabel *titleLabel() const { return m_title; }
    QCheckBox *wordToggle() const { return m_words; }
    QCheckBox *sortToggle() const { return m_sort; }
    QCheckBox *fitAllToggle() const { return m_fitAll; }
    QPushButton *knownHeadsButton() const { return m_knownButton; }
    QMenu *knownHeadsMenu() const { return m_knownMenu; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *hoverLabel() const { return m_hover; }
    /// The large view's title: what it shows, and a known head's role and source.
    QLabel *matrixTitleLabel() const { return m_matrixTitle; }
    /// The current matrix as lines (the large page's second view).
    AttentionLinesView *linesView() const { return m_lines; }
    /// The logit lens beside Heatmap and Lines (causal models only).
    LensView *lensView() const { return m_lens; }
    bool showsLens() const;
    /// Offers the Lens view (a causal model's text) or takes it away.
    void setLensAvailable(bool available);

    static QString emptyStateText();
    /// The line over the grid: how its heads are named (from 0, or as the
    /// model numbered those a file kept).
    static QString gridHintText(bool renumbered);
    /// What the page says while it has no tensor (emptyStateText() by default).
    void setEmptyStateText(const QString &text);
    /// The open model's card: \a line beside the title (shortened where
    /// narrow), \a rows in its tooltip; empty for an attention file.
    void setModelCard(const QString &line, const QList<QPair<QString, QString>> &rows);
    QString modelCardLine() const;
    /// Puts \a panel (a model's text, ModelTextPanel) above the page's controls.
    void setTextPanel(QWidget *panel);
    bool showsEmptyState() const;
    bool showsGrid() const;
    bool showsLarge() const;
    void showGrid();
    /// The large page, showing the document's current matrix.
    void showLarge();

    /**
     * Adds \a view as another way to show the current matrix (the line
     * view): a button titled \a title beside "Heatmap" switches to it. The
     * view reads ModelDocument::currentMatrix() and its labels, and follows
     * ModelDocument::currentChanged. Returns its index.
     */
    int addMatrixView(QWidget *view, const QString &title);
    /// Which matrix view shows: 0 the heatmap, 1 the lines, then the added ones.
    int currentMatrixView() const;
    void setCurrentMatrixView(int index);
    /// True when the large page shows the current matrix as lines.
    bool showsLines() const;

    void setColorMap(ColorMaps::Name name);
    void setColorRange(ColorRange::Mode mode);
    void setAppearance(bool dark, double scale);

    /// Offers the built-in models below the empty state's text, a button
    /// each, labelled \a labels ("Open the built-in model: a 4-layer GPT-2
    /// trained on ..."); an empty list offers nothing. The buttons show while
    /// the page says nothing is open (emptyStateText()).
    void setBuiltinOffers(const QStringList &labels);
    /// The buttons, in the order of the labels.
    const QList<QPushButton *> &builtinButtons() const { return m_builtinButtons; }

signals:
    /// Heatmap, Lines or Lens was chosen above the large view.
    void matrixViewChanged(int index);
    /// What the page shows changed: the grid, the large view, its matrix or
    /// the grid's score (the status line and captions name it).
    void shownChanged();
    /// An empty state's button: open the model shipped with the program
    /// that the \a index-th label offered.
    void builtinModelRequested(int index);

private:
    /// The parts of the page, made once by the constructor.
    void createControls();
    void createGridPage();
    void createLargePage();
    void connectControls();
    void createPageShortcuts();
    void connectDocument();

    void tensorChanged();
    /// The title: the file or model, and its shape unless a model card says it.
    void updateTitle();
    void syncControls();
    void rebuildKnownHeads();
    void updateProgress();
    /// Gives the line view the current matrix, when it is the view shown.
    void refreshLines();
    /// Turns the large page's keys on while it shows, off otherwise.
    void enableLargePageKeys();
    /// The controls row shows what the page in view uses: the grid's score,
    /// sorting and fitting, or the large view's way back, title and views.
    void showControlsOfPage();
    /// Gives the heatmap the width its square cells fill and the bars the rest.
    void balanceLargeSplitter();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// The large view's title in its room: smaller before it is cut.
    void fitMatrixTitle();

    ModelDocument *m_document;
    QStackedWidget *m_pages;
    QWidget *m_emptyPage;
    QLabel *m_emptyState;
    QVBoxLayout *m_builtinColumn; ///< the offers, one under another, centred
    QList<QPushButton *> m_builtinButtons;
    QWidget *m_gridPage;
    HeadGridView *m_grid;
    HeadGridLegend *m_gridLegend = nullptr;
    /// The lens's colour map and theme (the hall's dark one in presentation mode).
    FigureStyle m_lensStyle;
    QWidget *m_largePage;
    ModelHeatmapView *m_heatmap;
    EntropyBarsView *m_bars;
    AttentionLinesView *m_lines;
    LensView *m_lens = nullptr;
    int m_lensIndex = -1;
    QList<QShortcut *> m_largePageShortcuts;
    QStackedWidget *m_matrixViews;
    QButtonGroup *m_matrixViewButtons;
    QHBoxLayout *m_matrixViewBar;
    QHBoxLayout *m_titleRow = nullptr;
    QHBoxLayout *m_controlsRow = nullptr;
    /// The grid's own controls, hidden while a head shows large.
    QList<QWidget *> m_gridControls;
    /// The large view's own: Back, the matrix's title, Heatmap | Lines.
    QList<QWidget *> m_largeControls;
    QSplitter *m_largeSplitter = nullptr;
    /// The known heads of the papers that fit the tensor (Known heads).
    QList<KnownHeadGroup> m_knownGroups;
    QLabel *m_title;
    ElidingLabel *m_card = nullptr;
    ElidingLabel *m_gridHint = nullptr;
    QLabel *m_matrixTitle;
    QLabel *m_hover;
    QComboBox *m_viewChoice;
    QCheckBox *m_words;
    QComboBox *m_scoreChoice;
    QComboBox *m_setChoice = nullptr;
    /// The kind of set whose scores the score list offers now.
    AttentionKind m_shownSetKind = AttentionKind::Decoder;
    void rebuildSetChoice();
    QCheckBox *m_sort;
    QCheckBox *m_fitAll;
    QScrollArea *m_gridScroll = nullptr;
    QPushButton *m_knownButton;
    QMenu *m_knownMenu;
    QProgressBar *m_progress;
    QToolButton *m_back;
};

} // namespace AttentionLab
