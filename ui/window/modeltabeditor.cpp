// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// ModelTabEditor: the tab's page and panels, models opened from their
// folders (every family of core/familydescription), attention files, the
// text a model reads, and the head taken into the Attention tab. Its
// title, status and figures are in modeltabfigures.cpp.

#include "ui/window/modeltabeditor.h"

#include "core/model/familydescription.h"
#include "core/model/headsession.h"
#include "core/support/hugepagebuffer.h"
#include "io/builtinmodel.h"
#include "io/fileview.h"
#include "io/generation.h"
#include "io/modelcardwords.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "ui/model/experimentcontroller.h"
#include "ui/model/experimentpanel.h"
#include "ui/model/generationcontroller.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/headgridview.h"
#include "ui/model/knownheads.h"
#include "ui/model/lenscontroller.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelheatmapview.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/model/pythonsnippet.h"
#include "ui/model/sweepdialog.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace AttentionLab {

ModelTabEditor::ModelTabEditor(QWidget *window)
    : QObject(window), m_window(window), m_document(new ModelDocument(this)),
      m_page(new ModelPage(m_document, window)), m_runner(new ModelRunner(this)),
      m_text(new ModelTextPanel(m_runner, m_document, m_page)),
      m_generationPanel(new GenerationPanel(m_page)),
      m_generationRunner(new GenerationRunner(this)),
      m_generation(new GenerationController(m_document, m_runner, m_generationPanel,
                                            m_generationRunner, window)),
      m_lens(new LensController(m_page->lensView(), this)),
      m_experimentPanel(new ExperimentPanel(m_page)),
      m_experiments(new ExperimentController(m_document, m_runner, m_text, m_experimentPanel, this))
{
    createPage();
}

ModelTabEditor::~ModelTabEditor() = default;

void ModelTabEditor::createPage()
{
    m_generationPanel->setAvailable(false);
    m_text->hide();
    // The text, then what the model writes after it.
    auto *textArea = new QWidget(m_page);
    auto *textLayout = new QVBoxLayout(textArea);
    textLayout->setContentsMargins(0, 0, 0, 0);
    textLayout->setSpacing(2);
    textLayout->addWidget(m_text);
    textLayout->addWidget(m_generationPanel);
    textLayout->addWidget(m_experimentPanel);
    m_page->setTextPanel(textArea);
    // Knock Out Head: K on the grid or the large head, and the grid's menu.
    m_page->grid()->addAction(m_experiments->knockOutAction());
    m_page->heatmap()->addAction(m_experiments->knockOutAction());
    connect(m_page->grid(), &HeadGridView::headMenuRequested, this,
            [this](int layer, int head, const QPoint &global) {
                m_experiments->showHeadMenu(layer, head, global, m_page);
            });
    m_experiments->setBeforeChange([this] {
        if (m_generationPanel->generation())
            m_generation->clear();
    });
    connect(m_experiments, &ExperimentController::interventionsChanged, this, [this] {
        // Generation runs the whole model: it waits until every head is back.
        const bool whole = m_document->knockedOut().empty();
        m_generationPanel->setEnabled(whole);
        // Why it waits, on the button itself (its own tooltip comes back after).
        QPushButton *button = m_generationPanel->generateButton();
        if (!whole && !button->property("wholeTip").isValid())
            button->setProperty("wholeTip", button->toolTip());
        if (whole && button->property("wholeTip").isValid()) {
            button->setToolTip(button->property("wholeTip").toString());
            button->setProperty("wholeTip", QVariant());
        }
        if (!whole)
            button->setToolTip(tr("The model writes with all its heads: restore the knocked-out "
                                  "ones first (Restore All, or Edit > Undo)"));
    });
    connect(m_generation, &GenerationController::statusMessage, this,
            &ModelTabEditor::statusMessage);
    connect(m_generation, &GenerationController::textRequested, this,
            &ModelTabEditor::showTextAttention);
    connect(m_generation, &GenerationController::textInViewChanged, this,
            &ModelTabEditor::refreshLens);
    connect(m_page, &ModelPage::matrixViewChanged, this, &ModelTabEditor::refreshLens);
    // Nothing to download: the tab offers the model shipped with the program.
    QStringList offers;
    std::vector<const BuiltinModel *> offered;
    for (const BuiltinModel *builtin : BuiltinModel::all()) {
        if (builtin->folder().isEmpty())
            continue;
        offers << (builtin == &BuiltinModel::translator()
                       ? tr("Open the built-in translator: %1").arg(builtin->description())
                       : tr("Open the built-in model: %1").arg(builtin->description()));
        offered.push_back(builtin);
    }
    m_page->setBuiltinOffers(offers);
    connect(m_page, &ModelPage::builtinModelRequested, this,
            [this, offered](int index) { openBuiltinModel(*offered[size_t(index)]); });
    connect(m_runner, &ModelRunner::runFinished, this, &ModelTabEditor::showModelRun);
    connect(m_text, &ModelTextPanel::openHeadRequested, this, &ModelTabEditor::takeHeadRequested);
    // A batched file is read again with the input the user chose.
    m_document->setLoader([this](const QString &path, QString *error) {
        auto sets = AttentionFiles::readSets(path, error, &m_attentionChoices);
        // The title a file names for itself (show(name=...)), in place of its name.
        if (sets)
            m_document->setTitle(m_attentionChoices.view ? m_attentionChoices.view->title
                                                         : QString());
        return sets;
    });
    for (auto changed : {&ModelDocument::tensorChanged, &ModelDocument::currentChanged})
        connect(m_document, changed, this, &ModelTabEditor::describedChanged);
    connect(m_page, &ModelPage::shownChanged, this, &ModelTabEditor::describedChanged);
}

void ModelTabEditor::addFileActions(QMenu *file)
{
    QAction *openModel = file->addAction(tr("Open &Model…"), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(
            m_window, tr("Open a model's folder (%1)").arg(QString::fromStdString(familyNames())),
            Preferences::modelFolder);
        if (!folder.isEmpty())
            openModelFolder(folder);
    });
    ActionIcons::set(openModel, QStringLiteral("folder-open"));
    openModel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openModel->setToolTip(tr("Run a model (%1) from its folder (config.json, the weights' "
                             ".safetensors and the tokenizer's files) on a text you type")
                              .arg(QString::fromStdString(familyNames())));
    QAction *openBuiltin =
        file->addAction(tr("Open &Built-in Model"), this, [this] { openBuiltinModel(); });
    ActionIcons::set(openBuiltin, QStringLiteral("attentionlab-heatmap"));
    openBuiltin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    openBuiltin->setToolTip(tr("Open the model that comes with Attention Lab: %1")
                                .arg(BuiltinModel::gpt2().description()));
    openBuiltin->setEnabled(!BuiltinModel::gpt2().folder().isEmpty());
    QAction *openTranslator = file->addAction(tr("Open Built-in &Translator"), this, [this] {
        openBuiltinModel(BuiltinModel::translator());
    });
    ActionIcons::set(openTranslator, QStringLiteral("attentionlab-heatmap"));
    openTranslator->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_B));
    openTranslator->setToolTip(tr("Open the translator that comes with Attention Lab: %1")
                                   .arg(BuiltinModel::translator().description()));
    openTranslator->setEnabled(!BuiltinModel::translator().folder().isEmpty());
    m_openHeadAction = file->addAction(tr("Open &Head in Attention Tab"), this,
                                       &ModelTabEditor::takeHeadRequested);
    ActionIcons::set(m_openHeadAction, QStringLiteral("attentionlab-open-head"));
    m_openHeadAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_openHeadAction->setToolTip(tr("Take the model's selected head, with its real queries, keys "
                                    "and values, into the Attention tab"));
    m_openHeadAction->setEnabled(false);
    auto syncOpenHead = [this] {
        m_openHeadAction->setEnabled(m_showsRun && m_runner->lastRun() &&
                                     m_document->view() == ModelView::Head);
    };
    connect(m_document, &ModelDocument::currentChanged, this, syncOpenHead);
    connect(m_document, &ModelDocument::tensorChanged, this, syncOpenHead);
}

void ModelTabEditor::addEditActions(QMenu *edit)
{
    m_copyPythonAction = edit->addAction(tr("Copy as &Python"), this, [this] {
        const QString python = pythonForView();
        if (python.isEmpty())
            return;
        QGuiApplication::clipboard()->setText(python);
        emit statusMessage(tr("Copied the Python that shows this view from a notebook"), 4000);
    });
    m_copyPythonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_copyPythonAction->setToolTip(
        tr("The lines that show this view from a notebook with the attention_lab module: the "
           "file, or the model's folder run by transformers on the same text, and the layer, "
           "head and view"));
    m_copyPythonAction->setEnabled(false);
    auto sync = [this] { m_copyPythonAction->setEnabled(!m_document->isEmpty()); };
    connect(m_document, &ModelDocument::tensorChanged, this, sync);
    connect(m_document, &ModelDocument::currentChanged, this, sync);
}

QString ModelTabEditor::pythonForView() const
{
    if (m_document->isEmpty())
        return {};
    PythonSnippetInput in;
    in.set = m_document->setKind();
    in.layer = m_document->layer();
    in.head = m_document->head();
    in.largeHead = m_page->showsLarge();
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!m_showsRun || !model) {
        in.file = m_document->filePath();
        in.encoderDecoder = m_document->sets().size() > 1;
        if (m_document->tensor().isRenumbered())
            in.modelHead = QString::fromStdString(
                m_document->tensor().headName(m_document->layer(), m_document->head()));
        return pythonSnippet(in);
    }
    const FamilyDescription &family = familyDescription(model->config().family);
    in.folder = model->folder();
    in.causal = family.causal;
    in.encoderDecoder = family.encoderDecoder;
    const ModelText &read = m_runner->requestedText();
    in.text = read.text;
    in.target = read.target;
    // At a step of a generation, the text up to it.
    in.ids =
        m_generation->showsStep() ? m_generation->textInView().ids : m_runner->lastTokens().ids;
    if (m_generation->showsStep())
        in.text = QString::fromStdString(model->decode(in.ids));
    return pythonSnippet(in);
}

QString ModelTabEditor::workRunning() const
{
    if (m_generationPanel->isRunning())
        return m_generationPanel->translates() ? tr("the translation") : tr("the generation");
    if (m_experiments->sweepDialog() && m_experiments->sweepDialog()->isRunning())
        return tr("the sweep");
    // A step of the window's own that waits for the pass, then goes on with it.
    if (m_runner->isWaitedFor())
        return tr("the model's pass");
    return QString();
}

bool ModelTabEditor::openModelFolder(const QString &folder)
{
    std::shared_ptr<const PretrainedModel> model;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        model = PretrainedModel::open(folder);
    } catch (const ReadError &error) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(m_window, tr("Cannot open the model"), error.message);
        return false;
    } catch (const std::bad_alloc &) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(m_window, tr("Cannot open the model"),
                             tr("%1: not enough memory to open this model").arg(folder));
        return false;
    }
    QApplication::restoreOverrideCursor();
    // The last text typed, with whichever model; the lecture's sentence at first.
    const QString text = Preferences::modelText;
    Preferences::modelFolder.set(model->folder());
    // Open Recent and a dropped folder bring it back.
    emit opened(model->folder());
    m_showsRun = false;
    // Nothing of the model that was open stays on screen: until this one has
    // read a text, the page says so (and a text it cannot read, why).
    m_page->setEmptyStateText(tr("%1 has not read a text yet: type one above").arg(model->name()));
    m_page->setModelCard(model->cardLine(), model->card());
    // Local, global and position-free layers marked on the grid.
    const ModelCardWords words = modelCardWords(model->config());
    m_page->grid()->setLayerMarks(words.layerMarks, words.layerNotes);
    m_document->setTensor(AttentionTensor(), model->folder());
    m_generation->clear();
    // The last model's pass buffer, kept for its next pass, is not this one's.
    HugePageBuffer::releaseRetained();
    m_runner->setModel(model);
    m_experiments->modelChanged(model);
    m_lastRunText.clear();
    const std::optional<RelativeBiasTables> bias = model->relativeBias();
    emit relativeBiasChanged(bias ? std::make_shared<const RelativeBiasTables>(*bias) : nullptr);
    // Only a model that writes left to right can be asked to write on.
    const bool writes = familyDescription(model->config().family).writes();
    // An encoder-decoder writes too: it translates its source.
    m_generationPanel->setAvailable(writes || model->encoderDecoder());
    m_generationPanel->setTranslates(model->encoderDecoder());
    m_page->setLensAvailable(writes);
    m_generationPanel->setSpelling([model = std::weak_ptr<const PretrainedModel>(model)](int id) {
        const auto open = model.lock();
        return open ? open->tokenSpelling(id) : std::to_string(id);
    });
    m_text->show();
    m_text->modelChanged(text);
    emit raiseRequested();
    m_text->textEdit()->setFocus();
    emit describedChanged();
    emit statusMessage(tr("Opened %1: %2").arg(model->folder(), model->description()), 4000);
    return true;
}

bool ModelTabEditor::openBuiltinModel(const BuiltinModel &model)
{
    const QString folder = model.folder();
    if (folder.isEmpty()) {
        QMessageBox::warning(
            m_window, tr("Cannot open the built-in model"),
            tr("The built-in model %1 is not installed (looked in %2).")
                .arg(model.argument(), model.candidates().join(QStringLiteral(", "))));
        return false;
    }
    if (!openModelFolder(folder))
        return false;
    emit raiseRequested();
    m_text->textEdit()->setText(model.exampleText());
    if (m_runner->model() && m_runner->model()->encoderDecoder()) {
        // The translator: its source typed, the target left to Translate,
        // which keeps the keys once the grid has shown the run (Enter translates).
        m_text->targetEdit()->clear();
        m_runner->waitForIdle();
        m_generationPanel->generateButton()->setFocus(Qt::OtherFocusReason);
    }
    return true;
}

bool ModelTabEditor::showBuiltinHead(const QString &role)
{
    const QString folder = BuiltinModel::gpt2().folder();
    if (folder.isEmpty())
        return false;
    const std::shared_ptr<const PretrainedModel> &open = m_runner->model();
    if (!open ||
        QFileInfo(open->folder()).canonicalFilePath() != QFileInfo(folder).canonicalFilePath()) {
        if (!openBuiltinModel())
            return false;
    } else if (m_text->textEdit()->text() != BuiltinModel::gpt2().exampleText()) {
        m_text->textEdit()->setText(BuiltinModel::gpt2().exampleText());
    }
    return showKnownHead(role);
}

bool ModelTabEditor::showBuiltinAlignment()
{
    const BuiltinModel &translator = BuiltinModel::translator();
    const QString folder = translator.folder();
    if (folder.isEmpty())
        return false;
    const std::shared_ptr<const PretrainedModel> &open = m_runner->model();
    if ((!open ||
         QFileInfo(open->folder()).canonicalFilePath() != QFileInfo(folder).canonicalFilePath()) &&
        !openBuiltinModel(translator))
        return false;
    // The catalogue's own French, teacher-forced: "cachés" after "fichiers".
    m_text->textEdit()->setText(translator.exampleText());
    m_text->targetEdit()->setText(QStringLiteral("Afficher les fichiers cachés"));
    return showKnownHead(QStringLiteral("alignment"));
}

std::vector<HeadIndex> ModelTabEditor::knownHeads(const QString &role) const
{
    std::vector<HeadIndex> out;
    for (const KnownHeadGroup &group : KnownHeads::forDocument(*m_document))
        for (const KnownHead &head : group.entries)
            if (head.role == role)
                out.push_back({head.layer, head.head});
    return out;
}

bool ModelTabEditor::showKnownHead(const QString &role)
{
    m_runner->waitForIdle();
    emit raiseRequested();
    const std::vector<HeadIndex> heads = knownHeads(role);
    if (heads.empty())
        return false;
    m_document->select(heads.front().layer, heads.front().head);
    m_page->showLarge();
    return true;
}

bool ModelTabEditor::showBuiltinKnockout()
{
    if (!showBuiltinHead(QStringLiteral("induction")))
        return false;
    m_page->showGrid();
    return m_experiments->knockOutOnRepeat(knownHeads(QStringLiteral("induction")));
}

bool ModelTabEditor::openAttentionFile(const QString &path)
{
    QString error;
    m_attentionChoices = {};
    bool read = m_document->open(path, &error);
    if (!read && m_attentionChoices.needsLayout) {
        // A five-axis array that reads as [L, B, ...] and as [B, L, ...]: the
        // command line's --layout, asked for here, naming both readings.
        QMessageBox question(QMessageBox::Question, tr("How is this file laid out?"),
                             tr("%1\n\nWhich is it?").arg(error), QMessageBox::Cancel, m_window);
        QPushButton *layersFirst =
            question.addButton(tr("Layers first [L, B, H, Q, K]"), QMessageBox::AcceptRole);
        QPushButton *batchFirst =
            question.addButton(tr("Batch first [B, L, H, Q, K]"), QMessageBox::AcceptRole);
        question.exec();
        if (question.clickedButton() == layersFirst)
            m_attentionChoices.layout = BatchLayout::LayersFirst;
        else if (question.clickedButton() == batchFirst)
            m_attentionChoices.layout = BatchLayout::BatchFirst;
        else
            return false;
        read = m_document->open(path, &error);
    }
    if (!read && m_attentionChoices.batchSize > 1) {
        // A batch of inputs, as `output_attentions` gives for several
        // sentences: the command line's --batch, asked for here.
        bool chosen = false;
        const long long batchSize = m_attentionChoices.batchSize;
        const int batch = QInputDialog::getInt(
            m_window, tr("Choose an input"),
            tr("%1 holds the attention of %2 inputs (a batch). Which one do you want to see? "
               "(from 0 to %3)")
                .arg(QFileInfo(path).fileName())
                .arg(batchSize)
                .arg(batchSize - 1),
            0, 0, int(std::min<long long>(batchSize - 1, INT_MAX)), 1, &chosen);
        if (!chosen)
            return false;
        m_attentionChoices.batch = batch;
        read = m_document->open(path, &error);
    }
    // The view the file asks for (head_view's large head, model_view's grid).
    const std::optional<FileView> view = m_attentionChoices.view;
    m_attentionChoices = {};
    if (!read) {
        QMessageBox::warning(m_window, tr("Cannot open"), error);
        return false;
    }
    emit opened(path);
    // The file replaces a model's attention: the text it read goes with it.
    m_page->setModelCard(QString(), {}); // a file of attention has no model to describe
    m_page->grid()->setLayerMarks({}, {});
    m_page->setLensAvailable(false);
    m_showsRun = false;
    // Nothing of the model stays: what it wrote, its Generate row, its text box.
    m_generation->clear();
    m_generationPanel->setAvailable(false);
    m_runner->setModel(nullptr);
    m_experiments->modelChanged(nullptr);
    emit relativeBiasChanged(nullptr);
    HugePageBuffer::releaseRetained();
    m_text->hide();
    m_page->setEmptyStateText(ModelPage::emptyStateText());
    emit raiseRequested();
    m_page->showGrid();
    if (view)
        showFileView(*view);
    // The file's look, or the window's own.
    emit themeRequested(view && view->dark.value_or(false));
    // The title and the status line were drawn while the model was still open.
    emit describedChanged();
    emit statusMessage(tr("Opened %1").arg(path), 4000);
    return true;
}

std::optional<ModelTabEditor::TakenHead> ModelTabEditor::takeHead(Session *session)
{
    std::shared_ptr<const ModelRun> run = m_runner->lastRun();
    if (!m_showsRun || !run || m_document->view() != ModelView::Head)
        return std::nullopt;
    QString text = m_runner->requestedText().text;
    // At a step of a generation: the text up to the token that step chose
    // from, read again for its q, k and v (the cache keeps no lab session).
    if (m_generation->showsStep()) {
        const TokenizedText upTo = m_generation->textInView();
        try {
            // A translation's step: the source, and the decoder's tokens up to there.
            const std::shared_ptr<const PretrainedModel> model = m_runner->model();
            run = std::make_shared<const ModelRun>(model->encoderDecoder()
                                                       ? model->run(m_runner->lastTokens(), upTo)
                                                       : model->run(upTo));
            text = QString::fromStdString(m_runner->model()->decode(upTo.ids));
        } catch (const ReadError &error) {
            QMessageBox::warning(m_window, tr("Open Head in Attention Tab"), error.message);
            return std::nullopt;
        }
    }
    const int layer = m_document->layer();
    const int head = m_document->head();
    const AttentionKind kind = m_document->setKind();
    *session = headSession(*run, kind, layer, head);
    const QString name = tr("%1 head %2.%3").arg(m_runner->model()->name()).arg(layer).arg(head);
    // What was done to q and k on the way, after the text, shortened so
    // that a long one leaves the note in sight.
    const QString simple = text.simplified();
    QString quoted = simple;
    if (simple.size() > 60) {
        // Cut between characters, never inside a surrogate pair.
        qsizetype head = 44, tail = simple.size() - 12;
        if (simple.at(head - 1).isHighSurrogate())
            --head;
        if (simple.at(tail).isLowSurrogate())
            ++tail;
        quoted = simple.left(head) + QStringLiteral("…") + simple.mid(tail);
    }
    // One arg() for all: a % in the text is the user's, never a placeholder.
    return TakenHead{name, tr("%1: the model's queries, keys and values for “%2” (%3 keys): %4.")
                               .arg(name, quoted, QString::number(session->keys.rows()),
                                    QString::fromStdString(headSessionNote(
                                        m_runner->model()->config(), kind, layer, head)))};
}

void ModelTabEditor::showFileView(const FileView &view)
{
    if (view.set) {
        const int index = chosenSetIndex(m_document->sets(), view.set);
        if (index >= 0 && index != m_document->setIndex())
            m_document->chooseSet(index);
    }
    if (m_document->isEmpty())
        return;
    const AttentionTensor &tensor = m_document->tensor();
    // A layer or head the file does not hold is left as it is.
    const int layer = view.layer >= 0 && view.layer < tensor.layers() ? view.layer : 0;
    const int head = view.head >= 0 && view.head < tensor.heads() ? view.head : 0;
    m_document->select(layer, head);
    if (view.largeHead)
        m_page->showLarge();
}

void ModelTabEditor::showModelRun()
{
    const std::shared_ptr<const ModelRun> run = m_runner->lastRun();
    if (!run || !m_runner->hasModel())
        return;
    // A new text: what was written after the old one goes (the same text read
    // with other heads knocked out keeps it, and the undo history).
    const ModelText &read = m_runner->requestedText();
    const QString key = QStringList{read.text, read.pair.value_or(QString()),
                                    read.bos ? QString::number(*read.bos) : QString(),
                                    read.target.value_or(QString())}
                            .join(QChar(0x1f));
    // While heads are knocked out nothing was written (Generate waits), and
    // their undo steps stay with the new text.
    if (key != m_lastRunText && m_document->knockedOut().empty())
        m_generation->clear();
    m_lastRunText = key;
    QMetaObject::invokeMethod(this, &ModelTabEditor::refreshLens, Qt::QueuedConnection);
    showTextAttention();
    Preferences::modelText.set(m_runner->requestedText().text);
}

void ModelTabEditor::showTextAttention()
{
    const std::shared_ptr<const ModelRun> run = m_runner->lastRun();
    if (!run || !m_runner->hasModel())
        return;
    const bool keep = m_showsRun;
    m_showsRun = true;
    if (run->encoderDecoder()) {
        // Its three attentions, the run kept alive by each set's tensor; a
        // model just opened shows its cross-attention, Bahdanau's alignment.
        std::vector<AttentionSet> sets = run->sets();
        const int cross = chosenSetIndex(sets, AttentionKind::Cross);
        m_document->setSets(std::move(sets), m_runner->model()->folder(), keep);
        if (!keep)
            m_document->chooseSet(cross);
        return;
    }
    // The document's tensor points into the run, which it keeps alive: no copy.
    const AttentionTensor &attention = run->attention;
    std::vector<const float *> heads;
    for (int l = 0; l < attention.layers(); ++l) {
        for (int h = 0; h < attention.heads(); ++h)
            heads.push_back(attention.headData(l, h));
    }
    AttentionTensor view(attention.shape(), std::move(heads), run);
    view.setTokens(attention.tokens());
    view.setVisibility(attention.visibility());
    view.setLayerWindows(attention.layerWindows());
    view.setKeyValueHeads(attention.keyValueHeads());
    // A new model opens on the grid (ModelPage follows tensorChanged), and
    // the keys stay with the text being typed.
    m_document->setTensor(std::move(view), m_runner->model()->folder(), keep);
}

void ModelTabEditor::refreshLens()
{
    if (!m_page->showsLens())
        return;
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!model || !m_showsRun || !m_runner->lastRun()) {
        m_lens->clear(tr("The logit lens reads a model's text: open a model and type one"));
        return;
    }
    m_lens->read(model, m_generation->textInView(), m_experiments->interventions());
}

} // namespace AttentionLab
