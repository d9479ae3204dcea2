// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/guidedtour.h"

#include "ui/views/panelhighlight.h"

#include "core/model/familydescription.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace AttentionLab {

namespace {

/// The checkpoints File > Open Model takes, from the registry of families:
/// "GPT-2, BERT, Llama, SmolLM, ... or Pythia".
QString openableModels()
{
    std::vector<std::string> names;
    for (ModelFamily family : modelFamilies()) {
        const std::vector<std::string> known = familyDescription(family).checkpointNames();
        names.insert(names.end(), known.begin(), known.end());
    }
    return QString::fromStdString(joinNames(names, " or "));
}

struct TourPage
{
    QString title;
    QString body;
    /// The panel the page is about, as GuidedTour::PanelFinder names it.
    QString panel;
};

QList<TourPage> tourPages()
{
    return {
        {GuidedTour::tr("The heatmap: who looks at whom"),
         GuidedTour::tr(
             "<p>The <b>Attention</b> tab shows Eq. 16.2, softmax(QKᵀ / √d_k) V, with the current "
             "settings written above it.</p><p>Each <b>row</b> of the heatmap is a query, each "
             "<b>column</b> a key, and each cell the weight the query puts on the key; every row "
             "sums to 1. Grey cells marked <i>masked</i> are keys the causal mask hides.</p>"
             "<p>Hover a cell for its raw score, its scaled score and its weight. Click a cell to "
             "put "
             "its key on the sliders; Shift+click puts its query there.</p>"),
         QStringLiteral("heatmap")},
        {GuidedTour::tr("Drag a key, watch everything move"),
         GuidedTour::tr(
             "<p>The <b>Sliders</b> panel edits one vector at a time: choose query, key or value "
             "and "
             "the token, then drag a slider or type a number. The heatmap, the entropy bars and "
             "the "
             "output follow while you drag.</p><p>A whole drag is one undo step (Ctrl+Z). "
             "<b>Tokens and vectors</b> holds every number in tables, where tokens are added, "
             "removed, renamed and reordered. When a session gives no values, V = K: the values "
             "follow the keys until you edit a value.</p>"),
         QStringLiteral("sliders")},
        {GuidedTour::tr("The entropy bars: how sure is each query?"),
         GuidedTour::tr(
             "<p>One bar per query: the entropy of its row in bits. The red line is the largest "
             "possible entropy, log₂ of the keys the query may see, reached by a uniform row. A "
             "short bar is a query that has committed to one key; a bar at the red line is a query "
             "that cannot decide (near-parallel keys do that).</p><p>The row sum is written beside "
             "each bar. Masking after the softmax, the wrong order, leaves rows summing to less "
             "than "
             "one: the bar then says so, in red, and shows the entropy of the visible part.</p>"),
         QStringLiteral("bars")},
        {GuidedTour::tr("The switches"),
         GuidedTour::tr(
             "<p>In the toolbar and the <b>Attention</b> menu:</p><ul>"
             "<li><b>Scale by √d_k</b> (Ctrl+K): without it, wide vectors saturate the "
             "softmax.</li>"
             "<li><b>Mask</b>: none (Ctrl+1), causal before the softmax (Ctrl+2, Eq. 16.3), or the "
             "wrong order, after it (Ctrl+3).</li>"
             "<li><b>τ</b>, the temperature, divides the logits: drag the slider or type a value "
             "(Ctrl+] and Ctrl+[ step it, Ctrl+0 resets it).</li></ul>"
             "<p><b>View</b> chooses what the heatmap shows, its colours and their range. F5 is "
             "presentation mode, for a hall.</p>"),
         QStringLiteral("toolbar")},
        {GuidedTour::tr("The labs, one per section of the chapter"),
         GuidedTour::tr(
             "<ul><li><b>Key geometry</b> (Attention that discriminates): the query and keys as "
             "arrows; drag a point.</li>"
             "<li><b>Why √d_k</b> (Why divide by √d_k): the spread of q·k grows as √d_k, and the "
             "softmax saturates without the scale.</li>"
             "<li><b>Mask order</b> (The causal mask): both orders on the same scores.</li>"
             "<li><b>Heads</b> (Multiple heads): D split into h heads of d_k = D / h.</li>"
             "<li><b>Position</b> (Positional encoding): Eq. 16.4, and why attention alone does "
             "not "
             "know the order.</li>"
             "<li><b>Size</b> (Counting the parameters; What the sequence length costs).</li>"
             "<li><b>Model</b>: a trained model's heads (the next page).</li></ul>"
             "<p>Ctrl+PgDown and Ctrl+PgUp step through the tabs; Alt+1 to Alt+8 jump to one. "
             "Every "
             "tab exports with File &gt; Export Figure (Ctrl+E).</p>"),
         QStringLiteral("tabs")},
        {GuidedTour::tr("The built-in model: a previous-token head"),
         GuidedTour::tr(
             "<p>Attention Lab comes with a small model it trained itself: GPT-2's architecture, "
             "4 layers of 4 heads, on WordNet's definitions and example sentences. <b>File &gt; "
             "Open Built-in Model</b> (Ctrl+Shift+B), or the button on the empty Model tab, opens "
             "it: nothing to download.</p><p>A <b>previous-token head</b> puts nearly all of "
             "each query's weight on the token just before it: a line one cell left of the "
             "diagonal. Its score (<b>Score</b>: previous token) is the mean of those cells. "
             "Where the model's card lists one, this page opens it large.</p>"),
         QStringLiteral("builtin-previous")},
        {GuidedTour::tr("The built-in model: an induction head"),
         GuidedTour::tr(
             "<p>The example sentence says the same words twice. In the second copy, an "
             "<b>induction head</b> looks at the token that <i>followed</i> the current token the "
             "first time, "
             "and so predicts that the text repeats: a line parallel to the diagonal, one repeat "
             "back. It needs the previous-token head of an earlier layer, so it sits in a later "
             "one.</p><p>Olsson et al. 2022 find such heads with random tokens said twice; "
             "<tt>attention-lab model builtin --repeat-random 25 -o probe.npz</tt> then "
             "<tt>inspect probe.npz</tt> gives their score, <i>induction over repeats</i>. "
             "<b>Known heads</b> lists the heads its card found; where it lists an induction "
             "head, this page opens it large.</p>"),
         QStringLiteral("builtin-induction")},
        {GuidedTour::tr("The built-in model: knocking its induction heads out"),
         GuidedTour::tr(
             "<p>A picture says what a head looks like; whether the model needs it is an "
             "experiment. This page gives the built-in model twelve words in no order, said "
             "twice, and knocks out the induction heads its card lists: their output is zeroed "
             "and the model reads the text again without them, from their layers up. They are "
             "drawn crossed.</p><p>The <b>Experiments</b> row gives the loss on the second copy, "
             "with them and without: without them the model no longer copies, and the loss "
             "rises. Press <b>K</b> on any head to knock it out or bring it back, or <b>Sweep…</b> "
             "to knock out each head in turn; <b>Edit &gt; Undo</b> restores.</p>"),
         QStringLiteral("builtin-knockout")},
        {GuidedTour::tr("The built-in translator: an alignment that bends"),
         GuidedTour::tr(
             "<p>Attention began in translation. Bahdanau et al. (2014) let the decoder look "
             "back at every source word as it writes each target word; their figure is the "
             "<b>alignment</b>: target words down the side, source words across. Attention Lab "
             "comes with a translator it trained itself on Debian's French message catalogues: "
             "<b>File &gt; Open Built-in Translator</b> (Ctrl+Alt+B).</p><p>This page gives it "
             "<i>Show hidden files</i> and the catalogue's French, <i>Afficher les fichiers "
             "cachés</i>, and opens its best-aligning <b>cross-attention</b> head large. Each "
             "row is labelled by the word it wrote: writing <i>cachés</i>, the decoder looks "
             "back at <i>hidden</i>, though it comes after <i>fichiers</i>, and the alignment "
             "bends to follow the French order. <b>Translate</b> writes the "
             "French itself, a word a step; the timeline steps through what each step looked "
             "at.</p>"),
         QStringLiteral("builtin-alignment")},
        {GuidedTour::tr("A trained model's heads"),
         GuidedTour::tr(
             "<p><b>File &gt; Open Model</b> (Ctrl+Shift+O) takes a model's folder (%1) as the "
             "Hugging Face hub gives it (config.json, "
             "model.safetensors and the tokenizer's "
             "files) and runs it here, with no Python and no network. Type a sentence in the box "
             "above the heads: every keystroke runs the model, and the grid shows every head "
             "(layer.head, from 0) with GPT-2's next tokens or BERT's guesses at [MASK].</p>"
             "<p>Click a head, or press Enter, to see it large; arrow keys, [ and ] step through "
             "the heads and layers, and <b>Known heads</b> finds those papers describe. "
             "<b>Open Head in Attention Tab</b> (Ctrl+Shift+L) takes the head you are looking at, "
             "with its real queries, keys and values, into the Attention tab, where every "
             "slider and switch works on it.</p><p>File &gt; Open also reads the attention "
             "people dump from Python (.npy, .npz, .safetensors).</p>")
             .arg(openableModels()),
         QStringLiteral("model")},
    };
}

} // namespace

GuidedTour::GuidedTour(PanelFinder findPanel, QWidget *parent)
    : QDialog(parent), m_findPanel(std::move(findPanel)), m_pages(new QStackedWidget(this)),
      m_position(new QLabel(this)), m_back(new QPushButton(tr("&Back"), this)),
      m_next(new QPushButton(tr("&Next"), this))
{
    setWindowTitle(tr("Guided Tour — Attention Lab"));
    if (parent && m_findPanel)
        m_highlight = new PanelHighlight(parent->window());
    for (const TourPage &page : tourPages()) {
        m_panels.append(page.panel);
        auto *label =
            new QLabel(QStringLiteral("<h3>%1</h3>%2").arg(page.title, page.body), m_pages);
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setMinimumWidth(520);
        m_pages->addWidget(label);
    }
    auto *close = new QPushButton(tr("&Close"), this);
    m_back->setAccessibleName(tr("Previous page"));
    m_next->setAccessibleName(tr("Next page"));
    close->setAccessibleName(tr("Close the tour"));
    m_next->setDefault(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_position);
    buttons->addStretch(1);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addWidget(close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages, 1);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, [this] { showPage(currentPage() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { showPage(currentPage() + 1); });
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    showPage(0);
}

int GuidedTour::pageCount() const
{
    return m_pages->count();
}

int GuidedTour::currentPage() const
{
    return m_pages->currentIndex();
}

void GuidedTour::showPage(int page)
{
    page = std::clamp(page, 0, pageCount() - 1);
    m_pages->setCurrentIndex(page);
    m_position->setText(tr("%1 of %2").arg(page + 1).arg(pageCount()));
    m_back->setEnabled(page > 0);
    m_next->setEnabled(page + 1 < pageCount());
    (page + 1 < pageCount() ? m_next : m_back)->setFocus();
    pointAt(m_findPanel ? m_findPanel(m_panels.value(page)) : nullptr);
}

GuidedTour::~GuidedTour()
{
    delete m_highlight;
}

QWidget *GuidedTour::highlightedPanel() const
{
    return m_highlight ? m_highlight->panel() : nullptr;
}

void GuidedTour::pointAt(QWidget *panel)
{
    if (!m_highlight)
        return;
    m_highlight->setPanel(panel);
    if (!panel || !panel->isVisible())
        return;
    // Beside the panel, on the side with room, never over it where it fits.
    adjustSize();
    const QRect target(panel->mapToGlobal(QPoint(0, 0)), panel->size());
    const QScreen *screen = panel->screen();
    const QRect room = screen ? screen->availableGeometry() : target;
    const QSize own = frameGeometry().size().expandedTo(sizeHint());
    const int top = std::clamp(target.top(), room.top(), room.bottom() - own.height());
    const int left = std::clamp(target.left(), room.left(), room.right() - own.width());
    // Each side of the panel, then each corner of the screen, kept on the
    // screen: the one that covers least of the panel (none where a side has
    // room; on a 1280 x 720 projector, the least of it, not a fixed corner).
    const QPoint candidates[] = {
        {target.right() + 1, top},
        {target.left() - own.width(), top},
        {left, target.bottom() + 1},
        {left, target.top() - own.height()},
        {room.right() - own.width(), room.bottom() - own.height()},
        {room.left(), room.bottom() - own.height()},
        {room.right() - own.width(), room.top()},
        {room.left(), room.top()},
    };
    QPoint place = candidates[0];
    long long least = std::numeric_limits<long long>::max();
    for (QPoint p : candidates) {
        p.setX(std::clamp(p.x(), room.left(), std::max(room.left(), room.right() - own.width())));
        p.setY(std::clamp(p.y(), room.top(), std::max(room.top(), room.bottom() - own.height())));
        const QRect covered = QRect(p, own).intersected(target);
        const long long area =
            covered.isEmpty() ? 0 : (long long)covered.width() * covered.height();
        if (area < least) {
            least = area;
            place = p;
        }
    }
    move(place);
}

} // namespace AttentionLab
