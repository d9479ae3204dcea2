// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/experimentcontroller.h"

#include "core/model/familydescription.h"
#include "core/model/headsweep.h"
#include "io/headexperiments.h"
#include "io/modelcheckpoint.h"
#include "io/pretrainedmodel.h"
#include "io/readerror.h"
#include "io/tokenizer.h"
#include "ui/model/experimentpanel.h"
#include "ui/model/knockoutcommand.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"
#include "ui/model/modeltextpanel.h"
#include "ui/model/sweepdialog.h"
#include "ui/model/sweepjobs.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace AttentionLab {

ExperimentController::ExperimentController(ModelDocument *document, ModelRunner *runner,
                                           ModelTextPanel *text, ExperimentPanel *panel,
                                           QObject *parent)
    : QObject(parent), m_document(document), m_runner(runner), m_text(text), m_panel(panel),
      m_knockOut(new QAction(tr("&Knock Out Head"), this))
{
    m_knockOut->setShortcut(QKeySequence(Qt::Key_K));
    m_knockOut->setShortcutContext(Qt::WidgetShortcut);
    m_knockOut->setToolTip(tr("Run the model without the selected head's output (K again "
                              "restores it)"));
    connect(m_knockOut, &QAction::triggered, this, &ExperimentController::toggleSelected);
    connect(document, &ModelDocument::knockedOutChanged, this, [this] { update(); });
    connect(panel, &ExperimentPanel::changed, this, [this] { update(); });
    connect(panel, &ExperimentPanel::restoreRequested, this, &ExperimentController::restoreAll);
    connect(panel, &ExperimentPanel::sweepRequested, this, [this] { runSweep(m_panel->window()); });
    connect(runner, &ModelRunner::runFinished, this, &ExperimentController::showResult);
    // Another of an encoder-decoder's attentions shown: what a refusal said of the last one goes.
    connect(document, &ModelDocument::tensorChanged, this, [this] {
        if (m_document->sets().size() > 1 && m_runner->lastRun())
            showResult();
    });
    connect(runner, &ModelRunner::runFailed, this, [this] { m_panel->showResult(QString()); });
    m_panel->hide();
}

Interventions ExperimentController::interventions() const
{
    Interventions out;
    out.ablated = m_document->knockedOut();
    out.ablation = m_panel->choice().ablation;
    return out;
}

void ExperimentController::modelChanged(const std::shared_ptr<const PretrainedModel> &model)
{
    // Heads of another model: none is knocked out. The text is read by the
    // caller, with the measure given here.
    const QSignalBlocker quiet(m_document);
    m_document->setKnockedOut({});
    const bool serves = model != nullptr;
    // Until a head is knocked out (or the row is asked for): the grid keeps the hall's room.
    m_panel->setVisible(serves && m_pinned);
    if (m_sweep) {
        // Its heads were another model's.
        m_sweep->cancel();
        m_sweep->hide();
    }
    m_knockOut->setEnabled(serves);
    m_panel->reset();
    m_panel->setCorruptsSource(model && model->encoderDecoder());
    m_panel->showResult(QString());
    update(false);
}

void ExperimentController::showHeadMenu(int layer, int head, const QPoint &global, QWidget *parent)
{
    if (!m_knockOut->isEnabled())
        return;
    QMenu menu(parent);
    const bool out = m_document->isKnockedOut(layer, head);
    const HeadIndex named{layer, head, m_document->setKind()};
    // An encoder-decoder's heads say which of its attentions: "cross:1.2".
    const QString name = QString::fromStdString(headName(named, m_document->sets().size() > 1));
    QAction *toggle =
        menu.addAction(out ? tr("Restore Head %1").arg(name) : tr("Knock Out Head %1").arg(name));
    toggle->setShortcut(m_knockOut->shortcut());
    // Grouped-query attention: the key/value head this one reads, with every
    // query head that shares it.
    QAction *group = nullptr;
    if (const std::optional<KeyValueGroup> shared = keyValueGroup(layer, head))
        group = menu.addAction((shared->allOut
                                    ? tr("Restore Key/Value Head %1.kv%2 (query heads %3 to %4)")
                                    : tr("Knock Out Key/Value Head %1.kv%2 (query heads %3 to %4)"))
                                   .arg(layer)
                                   .arg(shared->kvHead)
                                   .arg(shared->heads.front().head)
                                   .arg(shared->heads.back().head));
    QAction *all = menu.addAction(tr("Restore Every Head"));
    all->setEnabled(!m_document->knockedOut().empty());
    menu.addSeparator();
    QAction *sweep = menu.addAction(tr("Run Sweep: Knock Out Each Head…"));
    QAction *row = menu.addAction(tr("Show the Experiments Row"));
    row->setCheckable(true);
    row->setChecked(m_panel->isVisible());
    // While heads are out the row stays: it says what they do.
    row->setEnabled(m_document->knockedOut().empty());
    QAction *chosen = menu.exec(global);
    if (chosen == toggle)
        push(KnockOutCommand::toggle(m_document, named));
    else if (chosen == all)
        restoreAll();
    else if (group && chosen == group)
        toggleKeyValueHead(layer, head);
    else if (chosen == sweep)
        runSweep(parent);
    else if (chosen == row) {
        setRowPinned(row->isChecked());
        update();
    }
}

std::optional<ExperimentController::KeyValueGroup>
ExperimentController::keyValueGroup(int layer, int head) const
{
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!model || !m_knockOut->isEnabled())
        return std::nullopt;
    const ModelConfig &config = model->config();
    if (config.keyValueHeads() >= config.heads)
        return std::nullopt;
    KeyValueGroup group;
    group.kvHead = head / std::max(1, config.heads / config.keyValueHeads());
    group.heads = queryHeadsOfKeyValueHead(config, layer, group.kvHead);
    group.allOut = std::all_of(group.heads.begin(), group.heads.end(), [this](const HeadIndex &h) {
        return m_document->isKnockedOut(h.layer, h.head);
    });
    return group;
}

bool ExperimentController::toggleKeyValueHead(int layer, int head)
{
    const std::optional<KeyValueGroup> group = keyValueGroup(layer, head);
    if (!group)
        return false;
    std::vector<HeadIndex> after = m_document->knockedOut();
    for (const HeadIndex &h : group->heads) {
        const auto at = std::find(after.begin(), after.end(), h);
        if (group->allOut && at != after.end())
            after.erase(at);
        else if (!group->allOut && at == after.end())
            after.push_back(h);
    }
    push(new KnockOutCommand(m_document, m_document->knockedOut(), std::move(after),
                             (group->allOut ? tr("Restore Key/Value Head %1.kv%2")
                                            : tr("Knock Out Key/Value Head %1.kv%2"))
                                 .arg(layer)
                                 .arg(group->kvHead)));
    return true;
}

void ExperimentController::toggleSelected()
{
    if (m_document->isEmpty() || !m_knockOut->isEnabled() || !m_runner->hasModel())
        return;
    push(KnockOutCommand::toggle(m_document,
                                 {m_document->layer(), m_document->head(), m_document->setKind()}));
}

void ExperimentController::restoreAll()
{
    if (m_document->knockedOut().empty())
        return;
    push(new KnockOutCommand(m_document, m_document->knockedOut(), {}, tr("Restore Every Head")));
}

void ExperimentController::push(QUndoCommand *command)
{
    // What the whole model wrote goes first: heads knocked out read the text again.
    if (m_beforeChange)
        m_beforeChange();
    m_document->undoStack()->push(command);
}

void ExperimentController::setRowPinned(bool pinned)
{
    m_pinned = pinned;
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    m_panel->setVisible(model && (m_pinned || !m_document->knockedOut().empty()));
}

std::optional<ModelMeasure> ExperimentController::chosenMeasure(const PretrainedModel &model)
{
    const ExperimentPanel::Choice choice = m_panel->choice();
    ModelMeasure measure;
    measure.kind = choice.kind;
    measure.from = choice.from;
    measure.to = choice.to;
    const FamilyDescription &family = familyDescription(model.config().family);
    if (family.readout == Readout::MaskedLm) {
        // A masked-language model guesses at its first [MASK], as its pass reads them.
        const std::vector<int> masks = model.input(m_runner->lastTokens()).maskPositions;
        if (masks.empty()) {
            m_panel->showResult(tr("%1 guesses at a [MASK]: type one where it should guess")
                                    .arg(QString::fromStdString(
                                        familyDescription(model.config().family).displayName)),
                                true);
            return std::nullopt;
        }
        measure.position = masks.front();
    }
    try {
        if (choice.kind == MeasureKind::Probability || choice.kind == MeasureKind::LogitDifference)
            measure.tokenA = HeadExperiments::tokenId(model, choice.tokenA);
        if (choice.kind == MeasureKind::LogitDifference)
            measure.tokenB = HeadExperiments::tokenId(model, choice.tokenB);
    } catch (const ReadError &error) {
        m_panel->showResult(error.message, true);
        return std::nullopt;
    }
    if (choice.kind == MeasureKind::Loss && !family.predictsNextToken()) {
        m_panel->showResult(tr("the loss is a causal model's: measure a token's probability at "
                               "the last position"),
                            true);
        return std::nullopt;
    }
    return measure;
}

bool ExperimentController::runSweep(QWidget *parent)
{
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!model || m_runner->lastTokens().ids.empty())
        return false;
    if (!m_pinned) {
        setRowPinned(true); // the measure it sweeps is the row's
        update();
    }
    const std::optional<ModelMeasure> measure = chosenMeasure(*model);
    if (!measure)
        return false;
    // An encoder-decoder's measures read its decoder's tokens.
    const PassTokens tokens = m_runner->lastPassTokens();
    const int n = int(tokens.measured().ids.size());
    const std::string problem = measureProblem(*measure, model->checkpoint()->weights(), n);
    if (!problem.empty()) {
        m_panel->showResult(QString::fromStdString(problem), true);
        return false;
    }
    if (!m_sweep) {
        m_sweep = new SweepDialog(parent);
        connect(m_sweep, &SweepDialog::headActivated, this, [this](int layer, int head) {
            if (m_sweep->model() != m_runner->model())
                return; // a sweep of a model since closed
            // The head of the attention swept, shown if another one was since.
            if (const int index = chosenSetIndex(m_document->sets(), m_sweepSet); index >= 0)
                m_document->chooseSet(index);
            m_document->select(layer, head);
            push(KnockOutCommand::toggle(m_document, {layer, head, m_sweepSet}));
        });
    }
    const ExperimentPanel::Choice choice = m_panel->choice();
    QString name =
        measure->name() == "loss"
            ? QStringLiteral("loss:%1-%2").arg(measure->firstIn(n)).arg(measure->lastIn(n))
            : QString::fromStdString(measure->name());
    if (measure->kind == MeasureKind::Probability)
        name += QStringLiteral(":") + choice.tokenA;
    if (measure->kind == MeasureKind::LogitDifference)
        name += QStringLiteral(":%1,%2").arg(choice.tokenA, choice.tokenB);
    // The attention shown is the one swept (an encoder-decoder's three).
    const AttentionKind set = m_document->setKind();
    if (choice.sweep == ExperimentPanel::Choice::Sweep::KnockOut) {
        m_sweepSet = set;
        m_sweep->start(model,
                       SweepJobs::knockOut(model, tokens, *measure, name, choice.ablation, set));
    } else {
        const PatchSites sites = choice.sweep == ExperimentPanel::Choice::Sweep::PatchHeads
                                     ? PatchSites::Heads
                                     : PatchSites::Residual;
        if (sites == PatchSites::Residual && set == AttentionKind::Cross) {
            m_panel->showResult(tr("the cross-attention has no residual stream of its own: show "
                                   "the encoder's or the decoder's attention to patch its "
                                   "residual stream"),
                                true);
            return false;
        }
        // The text above is the clean one; the row's, read alike, the
        // corrupted (an encoder-decoder's source, with the same target).
        ModelText read = m_runner->requestedText();
        read.text = choice.corrupted;
        read.interventions = {};
        read.measures = {};
        TokenizedText corrupted;
        try {
            corrupted = model->tokenize(read);
        } catch (const ReadError &error) {
            m_panel->showResult(tr("the corrupted text: %1").arg(error.message), true);
            return false;
        }
        if (corrupted.ids.size() != tokens.tokens.ids.size()) {
            m_panel->showResult(tr("the corrupted text is %1 tokens and the text %2: patching "
                                   "needs as many")
                                    .arg(corrupted.ids.size())
                                    .arg(tokens.tokens.ids.size()),
                                true);
            return false;
        }
        m_sweep->start(model, SweepJobs::patch(model, tokens, PassTokens(corrupted, tokens.decoder),
                                               *measure, name, sites, set));
    }
    m_sweep->show();
    m_sweep->raise();
    return true;
}

bool ExperimentController::knockOutOnRepeat(const std::vector<HeadIndex> &heads)
{
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (heads.empty() || !model || !familyDescription(model->config().family).writes())
        return false;
    // Words in no order, said twice: only copying predicts the second time.
    const QString words = tr(" river stone music garden winter doctor silver engine forest bottle "
                             "market island");
    m_text->textEdit()->setText(words + words);
    m_runner->waitForIdle();
    const std::vector<int> &ids = m_runner->lastTokens().ids;
    const int n = int(ids.size());
    const bool twice =
        n % 2 == 0 && std::equal(ids.begin(), ids.begin() + n / 2, ids.begin() + n / 2);
    {
        // The loss on the second copy after its first token, which nothing foretells.
        const QSignalBlocker a(m_panel->measureBox()), b(m_panel->fromBox()), c(m_panel->toBox());
        m_panel->measureBox()->setCurrentIndex(int(MeasureKind::Loss));
        m_panel->fromBox()->setValue(twice ? n / 2 + 1 : -1);
        m_panel->toBox()->setValue(twice ? n - 1 : -1);
        m_panel->sweepBox()->setCurrentIndex(0); // Sweep… knocks out each head
    }
    m_panel->updateFields();
    m_pinned = true;
    push(new KnockOutCommand(m_document, m_document->knockedOut(), heads,
                             tr("Knock Out the Induction Heads")));
    update();
    m_runner->waitForIdle();
    return true;
}

void ExperimentController::update(bool run)
{
    m_panel->setKnockedOut(int(m_document->knockedOut().size()));
    const std::shared_ptr<const PretrainedModel> model = m_runner->model();
    if (!model) {
        emit interventionsChanged(); // Generate is the whole model's again
        return;
    }
    // The row shows while heads are knocked out (or when asked for), and
    // measures only then.
    setRowPinned(m_pinned);
    if (m_document->knockedOut().empty() && !m_pinned) {
        m_text->setExperiment({}, {}, run);
        emit interventionsChanged();
        return;
    }
    // The measure, its tokens named by this model's vocabulary.
    std::vector<ModelMeasure> measures;
    if (const std::optional<ModelMeasure> measure = chosenMeasure(*model))
        measures.push_back(*measure);
    m_text->setExperiment(interventions(), measures, run);
    emit interventionsChanged();
}

void ExperimentController::showResult()
{
    const std::vector<double> &measured = m_runner->lastMeasured();
    const std::vector<double> &baseline = m_runner->lastBaseline();
    if (!m_runner->lastMeasureProblem().isEmpty()) {
        m_panel->showResult(m_runner->lastMeasureProblem(), true);
        return;
    }
    if (measured.empty())
        return;
    const ExperimentPanel::Choice choice = m_panel->choice();
    const QString names[] = {tr("p"), tr("logit difference"), tr("loss"), tr("KL")};
    const QString name = names[int(choice.kind)];
    const QString units = choice.kind == MeasureKind::Probability ? QString() : tr(" nats");
    const int out = int(m_document->knockedOut().size());
    if (out == 0) {
        m_panel->showResult(
            choice.kind == MeasureKind::KlDivergence
                ? tr("KL 0 with every head: knock heads out (K, or the grid's menu)")
                : tr("%1 %2%3 with every head").arg(name).arg(measured[0], 0, 'g', 5).arg(units));
        return;
    }
    const double effect = measured[0] - baseline[0];
    const QString heads = out == 1 ? tr("1 head") : tr("%1 heads").arg(out);
    m_panel->showResult(choice.kind == MeasureKind::KlDivergence
                            ? tr("KL %1 nats from the pass with every head (%2 out)")
                                  .arg(measured[0], 0, 'g', 5)
                                  .arg(heads)
                            // The change first: the hall's row may have room for little more.
                            : tr("%1 %2%3 without %4: %5%6 (%7 with every head)")
                                  .arg(name)
                                  .arg(effect >= 0 ? QStringLiteral("+") : QString())
                                  .arg(effect, 0, 'g', 4)
                                  .arg(heads)
                                  .arg(measured[0], 0, 'g', 5)
                                  .arg(units)
                                  .arg(baseline[0], 0, 'g', 5));
}

} // namespace AttentionLab
