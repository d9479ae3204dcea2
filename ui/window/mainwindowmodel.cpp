// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// MainWindow: models opened from their folders (every family of
// core/model/familydescription), the text they read, what they write, the logit
// lens, and a real head taken into the Attention tab.

#include "ui/window/mainwindow.h"

#include "core/model/familydescription.h"
#include "core/model/headsession.h"
#include "core/sets/attentiontensor.h"
#include "core/sets/tokenlabels.h"
#include "core/support/hugepagebuffer.h"
#include "core/support/memorybudget.h"
#include "io/builtinmodel.h"
#include "io/inputtextqt.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "ui/document/attentiondocument.h"
#include "ui/document/backgroundoutcome.h"
#include "ui/model/generationcommand.h"
#include "ui/model/generationpanel.h"
#include "ui/model/generationrunner.h"
#include "ui/model/knownheads.h"
#include "ui/model/lensview.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelpage.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/settings/preferences.h"
#include "ui/views/actionicons.h"
#include "ui/views/hintbar.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <utility>

namespace AttentionLab {

void MainWindow::createModelActions(QMenu *file)
{
    QAction *openModel = file->addAction(tr("Open &Model…"), this, &MainWindow::openModel);
    ActionIcons::set(openModel, QStringLiteral("folder-open"));
    openModel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openModel->setToolTip(tr("Run a model (%1) from its folder (config.json, the weights' "
                             ".safetensors and the tokenizer's files) on a text you type")
                              .arg(QString::fromStdString(familyNames())));
    QAction *openBuiltin =
        file->addAction(tr("Open &Built-in Model"), this, [this] { openBuiltinModel(); });
    ActionIcons::set(openBuiltin, QStringLiteral("attentionlab-heatmap"));
    openBuiltin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    openBuiltin->setToolTip(
        tr("Open the model that comes with Attention Lab: %1").arg(BuiltinModel::description()));
    openBuiltin->setEnabled(!BuiltinModel::folder().isEmpty());
    m_openHeadAction = file->addAction(tr("Open &Head in Attention Tab"), this,
                                       [this] { openHeadInAttentionTab(); });
    ActionIcons::set(m_openHeadAction, QStringLiteral("attentionlab-open-head"));
    m_openHeadAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_openHeadAction->setToolTip(tr("Take the model's selected head, with its real queries, keys "
                                    "and values, into the Attention tab"));
    m_openHeadAction->setEnabled(false);
    auto syncOpenHead = [this] {
        m_openHeadAction->setEnabled(m_showsModelRun && m_modelRunner->lastRun() &&
                                     m_modelDocument->view() == ModelView::Head);
    };
    connect(m_modelDocument, &ModelDocument::currentChanged, this, syncOpenHead);
    connect(m_modelDocument, &ModelDocument::tensorChanged, this, syncOpenHead);
}

void MainWindow::openModel()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open a model's folder (%1)").arg(QString::fromStdString(familyNames())),
        Preferences::modelFolder);
    if (!folder.isEmpty())
        openModelFolder(folder);
}

bool MainWindow::openModelFolder(const QString &folder)
{
    std::shared_ptr<const PretrainedModel> model;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        model = PretrainedModel::open(folder);
    } catch (const ReadError &error) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(this, tr("Cannot open the model"), error.message);
        return false;
    } catch (const std::bad_alloc &) {
        QApplication::restoreOverrideCursor();
        QMessageBox::warning(this, tr("Cannot open the model"),
                             tr("%1: not enough memory to open this model").arg(folder));
        return false;
    }
    QApplication::restoreOverrideCursor();
    // The last text typed, with whichever model; the lecture's sentence at first.
    const QString text = Preferences::modelText;
    Preferences::modelFolder.set(model->folder());
    // Open Recent and a dropped folder bring it back (openFromUser).
    addRecentFile(model->folder());
    m_showsModelRun = false;
    // Nothing of the model that was open stays on screen: until this one has
    // read a text, the page says so (and a text it cannot read, why).
    m_modelPage->setEmptyStateText(
        tr("%1 has not read a text yet: type one above").arg(model->name()));
    m_modelPage->setModelCard(model->cardLine(), model->card());
    m_modelDocument->setTensor(AttentionTensor(), model->folder());
    clearGeneration();
    // The last model's pass buffer, kept for its next pass, is not this one's.
    HugePageBuffer::releaseRetained();
    m_modelRunner->setModel(model);
    // Only a model that writes left to right can be asked to write on.
    m_generationPanel->setAvailable(familyDescription(model->config().family).writes());
    m_modelPage->setLensAvailable(familyDescription(model->config().family).writes());
    m_generationPanel->setSpelling([model = std::weak_ptr<const PretrainedModel>(model)](int id) {
        const auto open = model.lock();
        return open ? open->tokenSpelling(id) : std::to_string(id);
    });
    m_modelText->show();
    m_modelText->modelChanged(text);
    m_tabs->setCurrentWidget(m_modelPage);
    m_modelText->textEdit()->setFocus();
    updateTitle();
    updateStatus();
    showStatusMessage(tr("Opened %1: %2").arg(model->folder(), model->description()), 4000);
    return true;
}

bool MainWindow::openBuiltinModel()
{
    const QString folder = BuiltinModel::folder();
    if (folder.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot open the built-in model"),
                             tr("The built-in model is not installed (looked in %1).")
                                 .arg(BuiltinModel::candidates().join(QStringLiteral(", "))));
        return false;
    }
    if (!openModelFolder(folder))
        return false;
    m_tabs->setCurrentWidget(m_modelPage);
    m_modelText->textEdit()->setText(BuiltinModel::exampleText());
    return true;
}

bool MainWindow::showBuiltinHead(const QString &role)
{
    const QString folder = BuiltinModel::folder();
    if (folder.isEmpty())
        return false;
    const std::shared_ptr<const PretrainedModel> &open = m_modelRunner->model();
    if (!open ||
        QFileInfo(open->folder()).canonicalFilePath() != QFileInfo(folder).canonicalFilePath()) {
        if (!openBuiltinModel())
            return false;
    } else if (m_modelText->textEdit()->text() != BuiltinModel::exampleText()) {
        m_modelText->textEdit()->setText(BuiltinModel::exampleText());
    }
    m_modelRunner->waitForIdle();
    m_tabs->setCurrentWidget(m_modelPage);
    if (m_modelDocument->isEmpty())
        return false;
    const AttentionTensor &t = m_modelDocument->tensor();
    for (const KnownHeadGroup &group :
         KnownHeads::matching(KnownHeads::load(), t.layers(), t.heads(), t.tokens())) {
        for (const KnownHead &head : group.entries) {
            if (head.role == role) {
                m_modelDocument->select(head.layer, head.head);
                m_modelPage->showLarge();
                return true;
            }
        }
    }
    return false;
}

void MainWindow::showModelRun()
{
    const std::shared_ptr<const ModelRun> run = m_modelRunner->lastRun();
    if (!run || !m_modelRunner->hasModel())
        return;
    clearGeneration(); // a new text: what was written after the old one goes
    QMetaObject::invokeMethod(this, &MainWindow::refreshLens, Qt::QueuedConnection);
    showTextAttention();
    Preferences::modelText.set(m_modelRunner->requestedText().text);
}

void MainWindow::showTextAttention()
{
    const std::shared_ptr<const ModelRun> run = m_modelRunner->lastRun();
    if (!run || !m_modelRunner->hasModel())
        return;
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
    view.setKeyValueHeads(attention.keyValueHeads());
    const bool keep = m_showsModelRun;
    m_showsModelRun = true;
    // A new model opens on the grid (ModelPage follows tensorChanged), and
    // the keys stay with the text being typed.
    m_modelDocument->setTensor(std::move(view), m_modelRunner->model()->folder(), keep);
}

bool MainWindow::openHeadInAttentionTab()
{
    std::shared_ptr<const ModelRun> run = m_modelRunner->lastRun();
    if (!m_showsModelRun || !run || m_modelDocument->view() != ModelView::Head)
        return false;
    QString text = m_modelRunner->requestedText().text;
    // At a step of a generation: the text up to the token that step chose
    // from, read again for its q, k and v (the cache keeps no lab session).
    if (const auto generation = m_generationPanel->generation();
        generation && m_generationPanel->step() >= 1) {
        const TokenizedText upTo = generation->textBefore(m_generationPanel->step());
        try {
            run = std::make_shared<const ModelRun>(m_modelRunner->model()->run(upTo));
            text = QString::fromStdString(m_modelRunner->model()->decode(upTo.ids));
        } catch (const ReadError &error) {
            QMessageBox::warning(this, tr("Open Head in Attention Tab"), error.message);
            return false;
        }
    }
    const int layer = m_modelDocument->layer();
    const int head = m_modelDocument->head();
    const QString name =
        tr("%1 head %2.%3").arg(m_modelRunner->model()->name()).arg(layer).arg(head);
    if (!loadPreset(headSession(*run, layer, head), name))
        return false;
    m_tabs->setCurrentIndex(0);
    // What was done to q and k on the way, on the hint line until the next
    // session, and the status bar's short note.
    m_hint->showNote(
        tr("%1: the model's queries, keys and values for “%2”: %3.")
            .arg(name, text,
                 QString::fromStdString(headSessionNote(m_modelRunner->model()->config(), head))));
    showStatusMessage(tr("%1: drag a key, toggle √d_k or the mask").arg(name), 8000);
    return true;
}

void MainWindow::startGeneration(const GenerationOptions &options)
{
    const std::shared_ptr<const PretrainedModel> model = m_modelRunner->model();
    if (!model || !m_modelRunner->lastRun() || m_modelRunner->lastTokens().ids.empty()) {
        showStatusMessage(tr("Type a text the model can read first"), 4000);
        return;
    }
    // Each undo step keeps a whole text's attention: the history holds
    // what fits in the session's undo budget (between 2 and 50 steps), set
    // while it is empty, at a new text's first Generate.
    if (QUndoStack *undo = m_modelDocument->undoStack(); undo->count() == 0) {
        const ModelConfig &config = model->config();
        const double n = double(m_modelRunner->lastTokens().ids.size()) + options.maxTokens;
        undo->setUndoLimit(undoStepsWithin(
            attentionTensorBytes(double(config.layers) * config.heads * n * n), 2, 50));
    }
    m_pendingGeneration = {options.maxTokens == 1 ? tr("Generate 1 token")
                                                  : tr("Generate %1 tokens").arg(options.maxTokens),
                           m_generationPanel->generation(), m_generationPanel->step()};
    m_generationPanel->setRunning(true);
    m_generationRunner->start(model, m_modelRunner->lastTokens(), options);
}

void MainWindow::showPartialGeneration(std::shared_ptr<const Generation> partial)
{
    // Each token on the timeline and in the grid as it is written; a user
    // who stepped back keeps the step in view.
    if (m_generationPanel->updateGeneration(std::move(partial)))
        showGenerationStep(m_generationPanel->step());
}

void MainWindow::showGeneration(std::shared_ptr<const Generation> generation)
{
    m_generationPanel->setRunning(false);
    m_generationPanel->setGeneration(generation);
    showGenerationStep(m_generationPanel->step());
    if (!generation)
        return;
    // One undo step: the text as it was before this generation comes back.
    PendingGeneration pending = std::exchange(m_pendingGeneration, {});
    m_modelDocument->undoStack()->push(
        new GenerationCommand(pending.text, std::move(pending.before), pending.beforeStep,
                              generation, m_generationPanel->step(),
                              [this](const std::shared_ptr<const Generation> &shown, int step) {
                                  restoreGeneration(shown, step);
                              }));
    if (!generation->steps.empty())
        showStatusMessage(
            (generation->steps.size() == 1
                 ? tr("Wrote 1 token (%2 beside the weights): see it on the timeline")
                 : tr("Wrote %1 tokens (%2 beside the weights): step through them on the timeline")
                       .arg(generation->steps.size()))
                .arg(QString::fromStdString(formatBytes(generation->memoryBytes))),
            8000);
}

void MainWindow::restoreGeneration(const std::shared_ptr<const Generation> &generation, int step)
{
    // An undo while the model writes: what it was writing goes.
    m_generationRunner->cancel();
    m_generationPanel->setRunning(false);
    m_generationPanel->setGeneration(generation);
    if (!generation) {
        showTextAttention();
        refreshLens();
        return;
    }
    m_generationPanel->setStep(step);
    showGenerationStep(m_generationPanel->step());
}

void MainWindow::showGenerationStep(int step)
{
    const std::shared_ptr<const Generation> &generation = m_generationPanel->generation();
    if (!generation || step < 1)
        return;
    // The text up to the token before the one written at this step: its
    // last row is the query whose attention chose that token.
    const int tokens = generation->promptLength + step - 1;
    m_modelDocument->setTensor(generation->attentionUpTo(tokens), m_modelRunner->model()->folder(),
                               true);
    // The lens reads the same text as every other view: up to this step.
    refreshLens();
}

void MainWindow::takeAlternative(int step, int id)
{
    const std::shared_ptr<const Generation> generation = m_generationPanel->generation();
    const std::shared_ptr<const PretrainedModel> model = m_modelRunner->model();
    if (!generation || !model || step < 1)
        return;
    // The text up to that step, the token taken instead, and on from there.
    TokenizedText prompt = generation->textBefore(step);
    prompt.ids.push_back(id);
    prompt.tokens.push_back(model->tokenSpelling(id));
    GenerationOptions options = m_generationPanel->options();
    options.maxTokens = std::max(1, options.maxTokens - step);
    m_pendingGeneration = {tr("Take “%1” at step %2")
                               .arg(QString::fromStdString(displayToken(model->tokenSpelling(id))))
                               .arg(step),
                           generation, step};
    m_generationPanel->setRunning(true);
    m_generationRunner->start(model, prompt, options);
}

void MainWindow::clearGeneration()
{
    if (!m_generationPanel)
        return;
    m_generationRunner->cancel();
    m_generationPanel->setRunning(false);
    m_modelDocument->undoStack()->clear();
    if (m_generationPanel->generation())
        m_generationPanel->setGeneration(nullptr);
}

void MainWindow::refreshLens()
{
    if (!m_modelPage->showsLens())
        return;
    LensView *view = m_modelPage->lensView();
    const std::shared_ptr<const PretrainedModel> model = m_modelRunner->model();
    if (!model || !m_showsModelRun || !m_modelRunner->lastRun()) {
        m_lensIds.clear();
        view->setMessage(tr("The logit lens reads a model's text: open a model and type one"));
        return;
    }
    TokenizedText tokens = m_modelRunner->lastTokens();
    // Generating: the text up to the step in view.
    if (const auto generation = m_generationPanel->generation();
        generation && m_generationPanel->step() >= 1) {
        tokens = generation->textBefore(m_generationPanel->step());
    }
    if (tokens.ids.empty())
        return;
    if (m_lensModel.lock() == model && m_lensIds == tokens.ids)
        return; // shown already, or being read
    m_lensModel = model;
    m_lensIds = tokens.ids;
    const quint64 request = ++m_lensRequest;
    view->setMessage(tr("reading every layer's guess…"));
    using Outcome = BackgroundOutcome<LogitLens>;
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this,
            [this, watcher, request, tokens, model, view] {
                watcher->deleteLater();
                if (request != m_lensRequest)
                    return; // a newer text or step asked since
                Outcome outcome = watcher->result();
                if (!outcome.value) {
                    m_lensIds.clear(); // asked again, it is read again
                    view->setMessage(tr("No logit lens: %1").arg(outcome.error));
                    return;
                }
                QStringList inputs;
                for (const std::string &t : tokens.tokens)
                    inputs << QString::fromStdString(displayToken(t));
                view->setLens(std::make_shared<const LogitLens>(std::move(*outcome.value)), inputs,
                              [model](int id) {
                                  return QString::fromStdString(
                                      displayToken(model->tokenSpelling(id)));
                              });
            });
    watcher->setFuture(QtConcurrent::run(
        [model, tokens] { return catching([&] { return model->lens(tokens, 5); }); }));
}

} // namespace AttentionLab
