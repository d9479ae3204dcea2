// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modeltextpanel.h"

#include "core/model/familydescription.h"
#include "core/sets/tokenlabels.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"

#include <QCheckBox>
#include <QDir>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QStringList>
#include <QTextDocument>
#include <QTimer>

#include <algorithm>
#include <limits>

namespace AttentionLab {

namespace {

/// " it" as a label: the token as the heads show it, quoted so spaces show.
QString tokenLabel(const std::string &spelling)
{
    return QStringLiteral("“%1”").arg(
        QString::fromStdString(displayToken(spelling)).toHtmlEscaped());
}

/// "30.7", or two significant digits below 1% ("0.0021") so that a small
/// probability never reads as 0.
QString percent(double p)
{
    return p >= 0.01 ? QString::number(100.0 * p, 'f', 1) : QString::number(100.0 * p, 'g', 2);
}

/// The first \a count of \a top, as rich text.
QString topList(const PretrainedModel &model, const std::vector<TokenProbability> &top,
                size_t count)
{
    QStringList parts;
    for (size_t i = 0; i < std::min(count, top.size()); ++i)
        parts << QStringLiteral("<b>%1</b>&nbsp;%2%")
                     .arg(tokenLabel(model.tokenSpelling(top[i].id)), percent(top[i].p));
    return parts.join(QStringLiteral(" &nbsp;·&nbsp; "));
}

} // namespace

ModelTextPanel::ModelTextPanel(ModelRunner *runner, ModelDocument *document, QWidget *parent)
    : QWidget(parent), m_runner(runner), m_document(document), m_text(new QLineEdit(this)),
      m_textLabel(new QLabel(tr("&Text:"), this)),
      m_pairLabel(new QLabel(tr("Second sentence:"), this)), m_pair(new QLineEdit(this)),
      m_targetLabel(new QLabel(tr("T&arget:"), this)), m_target(new QLineEdit(this)),
      m_bos(new QCheckBox(tr("Start with <|endoftext|>"), this)), m_predictions(new QLabel(this)),
      m_status(new QLabel(this)), m_results(new QStackedWidget(this)), m_warnings(new QLabel(this)),
      m_busy(new QLabel(this)), m_openHead(new QPushButton(tr("Open in Attention Tab"), this)),
      m_busyTimer(new QTimer(this))
{
    m_text->setObjectName(QStringLiteral("modelText"));
    m_text->setAccessibleName(tr("Text the model reads"));
    m_pair->setAccessibleName(tr("Second sentence"));
    m_predictions->setAccessibleName(tr("The model's predictions"));
    m_pair->setObjectName(QStringLiteral("modelPairText"));
    m_pair->setPlaceholderText(tr("optional: [CLS] text [SEP] second sentence [SEP]"));
    m_pair->setToolTip(tr("BERT's second sentence (token type 1); leave empty for one sentence"));
    m_target->setObjectName(QStringLiteral("modelTargetText"));
    m_target->setAccessibleName(tr("Target the decoder reads"));
    m_target->setPlaceholderText(tr("optional: the translation the decoder reads after its start "
                                    "token"));
    m_target->setToolTip(tr("Teacher forcing: the decoder reads its start token, then this text "
                            "(with its end token); each of its tokens is a row of the "
                            "cross-attention. Leave empty for the start token alone."));
    m_targetLabel->setBuddy(m_target);
    m_targetLabel->hide();
    m_target->hide();
    m_bos->setToolTip(tr("Prepend GPT-2's <|endoftext|> token, as TransformerLens does; Hugging "
                         "Face's tokenizer adds none"));
    m_predictions->setTextFormat(Qt::RichText);
    m_predictions->setWordWrap(false);
    m_predictions->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_predictions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Nothing here may come and go with each pass and push the heads down
    // and back up: "reading…" has its room kept beside the text, an error
    // takes the predictions' row, and the folder's warnings stay while it is open.
    m_status->setWordWrap(true);
    m_status->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // One row for both: the stack is as tall as the taller, whichever shows.
    m_results->addWidget(m_predictions);
    m_results->addWidget(m_status);
    m_warnings->setWordWrap(true);
    m_warnings->hide();
    m_busy->setText(tr("reading…"));
    m_busy->setToolTip(tr("The model is reading the text; the heads show the last text read"));
    QSizePolicy busyPolicy = m_busy->sizePolicy();
    busyPolicy.setRetainSizeWhenHidden(true);
    m_busy->setSizePolicy(busyPolicy);
    m_busy->hide();
    m_openHead->setToolTip(tr("Take the selected head, with its real queries, keys and values, "
                              "into the Attention tab (Ctrl+Shift+L)"));
    m_busyTimer->setSingleShot(true);
    m_busyTimer->setInterval(250);

    m_textLabel->setBuddy(m_text);
    m_pairLabel->setBuddy(m_pair);
    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_textLabel, 0, 0);
    grid->addWidget(m_text, 0, 1);
    grid->addWidget(m_busy, 0, 2);
    grid->addWidget(m_bos, 0, 3);
    grid->addWidget(m_openHead, 0, 4);
    grid->addWidget(m_pairLabel, 1, 0);
    grid->addWidget(m_pair, 1, 1, 1, 4);
    grid->addWidget(m_targetLabel, 1, 0);
    grid->addWidget(m_target, 1, 1, 1, 4);
    grid->addWidget(m_results, 2, 0, 1, 5);
    grid->addWidget(m_warnings, 3, 0, 1, 5);
    grid->setColumnStretch(1, 1);
    setLayout(grid);

    connect(m_text, &QLineEdit::textChanged, this, &ModelTextPanel::requestRun);
    connect(m_pair, &QLineEdit::textChanged, this, &ModelTextPanel::requestRun);
    connect(m_target, &QLineEdit::textChanged, this, &ModelTextPanel::requestRun);
    connect(m_bos, &QCheckBox::toggled, this, &ModelTextPanel::requestRun);
    connect(m_runner, &ModelRunner::runFinished, this, &ModelTextPanel::showRun);
    connect(m_runner, &ModelRunner::runFailed, this, &ModelTextPanel::showFailure);
    connect(m_runner, &ModelRunner::busyChanged, this, [this](bool busy) {
        if (busy) {
            m_busyTimer->start();
        } else {
            m_busyTimer->stop();
            m_busy->hide();
        }
    });
    connect(m_busyTimer, &QTimer::timeout, this, [this] {
        if (m_runner->isBusy())
            m_busy->show();
    });
    connect(m_openHead, &QPushButton::clicked, this, &ModelTextPanel::openHeadRequested);
    connect(m_document, &ModelDocument::currentChanged, this, &ModelTextPanel::updateOpenHead);
    updateOpenHead();
}

QString ModelTextPanel::defaultText(const std::optional<std::string> &maskToken)
{
    return maskToken
               ? QStringLiteral("The animal didn't cross the street because %1 was too tired.")
                     .arg(QString::fromStdString(*maskToken))
               : QStringLiteral("The animal didn't cross the street because it was too tired");
}

void ModelTextPanel::modelChanged(const QString &text)
{
    const std::shared_ptr<const PretrainedModel> &model = m_runner->model();
    const bool maskedLm =
        model && familyDescription(model->config().family).readout == Readout::MaskedLm;
    // The page's title names the model; its sizes and folder are a hover away.
    m_text->setToolTip(model ? tr("The text %1 reads (%2, from %3); the heads follow every "
                                  "keystroke")
                                   .arg(model->name(), model->description(),
                                        QDir::toNativeSeparators(model->folder()))
                             : QString());
    m_pairLabel->setVisible(maskedLm);
    m_pair->setVisible(maskedLm);
    // An encoder-decoder reads a source and, optionally, a target.
    const bool encoderDecoder = model && model->encoderDecoder();
    m_textLabel->setText(encoderDecoder ? tr("&Source:") : tr("&Text:"));
    m_targetLabel->setVisible(encoderDecoder);
    m_target->setVisible(encoderDecoder);
    // The decoder's beginning-of-text token, ticked as its tokenizer adds it
    // (an encoder-decoder's tokenizer puts its own around every text).
    const std::optional<std::string> bos =
        model && !encoderDecoder ? model->bosToken() : std::nullopt;
    m_bos->setVisible(bos.has_value());
    if (bos) {
        m_bos->setText(tr("Start with %1").arg(QString::fromStdString(*bos)));
        m_bos->setToolTip(
            familyDescription(model->config().family).tokenizer == TokenizerKind::Gpt2Files
                ? tr("Prepend GPT-2's <|endoftext|> token, as TransformerLens does; "
                     "Hugging Face's tokenizer adds none")
                : tr("Begin with the beginning-of-text token; its tokenizer.json "
                     "%1 by itself")
                      .arg(model->addsBosByDefault() ? tr("adds it") : tr("adds none")));
    }
    m_predictions->clear();
    setError(QString());
    const QString warnings = modelWarnings();
    m_warnings->setText(warnings);
    m_warnings->setVisible(!warnings.isEmpty());
    {
        // One pass for the new model, not one per field set.
        const QSignalBlocker blockText(m_text);
        const QSignalBlocker blockPair(m_pair);
        const QSignalBlocker blockTarget(m_target);
        const QSignalBlocker blockBos(m_bos);
        m_text->setText(text.isEmpty() ? defaultText(model ? model->maskToken() : std::nullopt)
                                       : text);
        m_text->setCursorPosition(0); // the start of the text, not its end, in a narrow box
        m_pair->clear();
        m_target->clear();
        m_bos->setChecked(model && model->addsBosByDefault());
    }
    requestRun();
    updateOpenHead();
}

void ModelTextPanel::setExperiment(Interventions interventions, std::vector<ModelMeasure> measures,
                                   bool run)
{
    m_interventions = std::move(interventions);
    m_measures = std::move(measures);
    if (run)
        requestRun();
}

void ModelTextPanel::requestRun()
{
    if (!m_runner->hasModel())
        return;
    ModelText text;
    text.text = m_text->text();
    if (!m_pair->isHidden() && !m_pair->text().trimmed().isEmpty())
        text.pair = m_pair->text();
    if (!m_bos->isHidden())
        text.bos = m_bos->isChecked();
    if (!m_target->isHidden() && !m_target->text().isEmpty())
        text.target = m_target->text();
    text.interventions = m_interventions;
    text.measures = m_measures;
    m_runner->request(text);
}

void ModelTextPanel::showRun()
{
    m_busyTimer->stop();
    m_busy->hide();
    setError(QString());
    fitPredictions();
    updateOpenHead();
}

QString ModelTextPanel::predictionsText(size_t count) const
{
    const std::shared_ptr<const ModelRun> &run = m_runner->lastRun();
    if (!run || !m_runner->model())
        return {};
    const PretrainedModel &model = *m_runner->model();
    if (familyDescription(run->family).readout == Readout::NextToken)
        return tr("Next token after %1: %2")
            .arg(tokenLabel(run->attention.keyToken(run->tokenCount() - 1)),
                 topList(model, run->topNext, count));
    if (run->masked.empty())
        return tr("Write [MASK] in the text to see what BERT guesses there");
    QStringList lines;
    for (const MaskedPrediction &m : run->masked)
        lines << tr("[MASK] at %1: %2").arg(m.position).arg(topList(model, m.top, count));
    return lines.join(QStringLiteral("<br>"));
}

void ModelTextPanel::fitPredictions()
{
    // As many guesses as fit on a line (all five in the tooltip): a second
    // line would be taken from the heads, on a projector at 1280 x 720.
    const QString all = predictionsText(std::numeric_limits<size_t>::max());
    QString shown = all;
    QFont bold = m_predictions->font();
    bold.setBold(true); // wider than the mix of bold and plain: a safe measure
    const QFontMetrics metrics(bold);
    const int width = m_predictions->contentsRect().width() > 0
                          ? m_predictions->contentsRect().width()
                          : this->width();
    for (size_t count = 5; count >= 1; --count) {
        shown = predictionsText(count);
        QTextDocument document;
        document.setHtml(shown);
        bool fits = true;
        QString plain = document.toPlainText();
        plain.replace(QChar::LineSeparator, QLatin1Char('\n'));
        for (const QString &line : plain.split(QLatin1Char('\n')))
            fits = fits && metrics.horizontalAdvance(line) <= width;
        if (fits)
            break;
    }
    m_predictions->setText(shown);
    m_predictions->setToolTip(shown == all ? QString() : all);
}

void ModelTextPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_runner->lastRun())
        fitPredictions();
}

void ModelTextPanel::showFailure(const QString &message)
{
    m_busyTimer->stop();
    m_busy->hide();
    // The heads stay those of the last text read; say why this one is not.
    setError(message + tr(" (the heads show the last text read)"));
    updateOpenHead();
}

QString ModelTextPanel::modelWarnings() const
{
    const std::shared_ptr<const PretrainedModel> &model = m_runner->model();
    return model ? model->warnings().join(QLatin1Char('\n')) : QString();
}

void ModelTextPanel::setError(const QString &error)
{
    m_status->setText(error);
    m_results->setCurrentWidget(error.isEmpty() ? m_predictions : m_status);
}

void ModelTextPanel::updateOpenHead()
{
    const bool head =
        m_runner->lastRun() && !m_document->isEmpty() && m_document->view() == ModelView::Head;
    m_openHead->setEnabled(head);
    m_openHead->setText(head ? tr("Open Head %1.%2 in Attention Tab")
                                   .arg(m_document->layer())
                                   .arg(m_document->head())
                             : tr("Open in Attention Tab"));
}

} // namespace AttentionLab
