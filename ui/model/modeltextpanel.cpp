// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modeltextpanel.h"

#include "core/familydescription.h"
#include "core/tokenlabels.h"
#include "ui/model/modeldocument.h"
#include "ui/model/modelrunner.h"

#include <QCheckBox>
#include <QDir>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStringList>
#include <QTimer>

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

QString topList(const PretrainedModel &model, const std::vector<TokenProbability> &top)
{
    QStringList parts;
    for (const TokenProbability &t : top)
        parts << QStringLiteral("<b>%1</b>&nbsp;%2%")
                     .arg(tokenLabel(model.tokenSpelling(t.id)), percent(t.p));
    return parts.join(QStringLiteral(" &nbsp;·&nbsp; "));
}

} // namespace

ModelTextPanel::ModelTextPanel(ModelRunner *runner, ModelDocument *document, QWidget *parent)
    : QWidget(parent), m_runner(runner), m_document(document), m_text(new QLineEdit(this)),
      m_pairLabel(new QLabel(tr("Second sentence:"), this)), m_pair(new QLineEdit(this)),
      m_bos(new QCheckBox(tr("Start with <|endoftext|>"), this)), m_predictions(new QLabel(this)),
      m_status(new QLabel(this)), m_openHead(new QPushButton(tr("Open in Attention Tab"), this)),
      m_busyTimer(new QTimer(this))
{
    m_text->setObjectName(QStringLiteral("modelText"));
    m_text->setAccessibleName(tr("Text the model reads"));
    m_pair->setAccessibleName(tr("Second sentence"));
    m_predictions->setAccessibleName(tr("The model's predictions"));
    m_pair->setObjectName(QStringLiteral("modelPairText"));
    m_pair->setPlaceholderText(tr("optional: [CLS] text [SEP] second sentence [SEP]"));
    m_pair->setToolTip(tr("BERT's second sentence (token type 1); leave empty for one sentence"));
    m_bos->setToolTip(tr("Prepend GPT-2's <|endoftext|> token, as TransformerLens does; Hugging "
                         "Face's tokenizer adds none"));
    m_predictions->setTextFormat(Qt::RichText);
    m_predictions->setWordWrap(true);
    m_predictions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    // A line kept for the status, shown or empty: "reading…" during each
    // pass must not push the heads down and back up.
    m_status->setMinimumHeight(m_status->fontMetrics().lineSpacing());
    m_openHead->setToolTip(tr("Take the selected head, with its real queries, keys and values, "
                              "into the Attention tab (Ctrl+Shift+L)"));
    m_busyTimer->setSingleShot(true);
    m_busyTimer->setInterval(250);

    auto *textLabel = new QLabel(tr("&Text:"), this);
    textLabel->setBuddy(m_text);
    m_pairLabel->setBuddy(m_pair);
    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(textLabel, 0, 0);
    grid->addWidget(m_text, 0, 1);
    grid->addWidget(m_bos, 0, 2);
    grid->addWidget(m_openHead, 0, 3);
    grid->addWidget(m_pairLabel, 1, 0);
    grid->addWidget(m_pair, 1, 1, 1, 3);
    grid->addWidget(m_predictions, 2, 0, 1, 4);
    grid->addWidget(m_status, 3, 0, 1, 4);
    grid->setColumnStretch(1, 1);
    setLayout(grid);

    connect(m_text, &QLineEdit::textChanged, this, &ModelTextPanel::requestRun);
    connect(m_pair, &QLineEdit::textChanged, this, &ModelTextPanel::requestRun);
    connect(m_bos, &QCheckBox::toggled, this, &ModelTextPanel::requestRun);
    connect(m_runner, &ModelRunner::runFinished, this, &ModelTextPanel::showRun);
    connect(m_runner, &ModelRunner::runFailed, this, &ModelTextPanel::showFailure);
    connect(m_runner, &ModelRunner::busyChanged, this, [this](bool busy) {
        if (busy)
            m_busyTimer->start();
        else
            m_busyTimer->stop();
    });
    connect(m_busyTimer, &QTimer::timeout, this, [this] {
        if (m_runner->isBusy() && m_runner->lastError().isEmpty())
            setStatus(tr("reading…"), false);
    });
    connect(m_openHead, &QPushButton::clicked, this, &ModelTextPanel::openHeadRequested);
    connect(m_document, &ModelDocument::currentChanged, this, &ModelTextPanel::updateOpenHead);
    updateOpenHead();
}

QString ModelTextPanel::defaultText(bool bert)
{
    return bert ? QStringLiteral("The animal didn't cross the street because [MASK] was too tired.")
                : QStringLiteral("The animal didn't cross the street because it was too tired");
}

void ModelTextPanel::modelChanged(const QString &text)
{
    const std::shared_ptr<const PretrainedModel> &model = m_runner->model();
    const bool bert =
        model && familyDescription(model->config().family).readout == Readout::MaskedLm;
    // The page's title names the model; its sizes and folder are a hover away.
    m_text->setToolTip(model ? tr("The text %1 reads (%2, from %3); the heads follow every "
                                  "keystroke")
                                   .arg(model->name(), model->description(),
                                        QDir::toNativeSeparators(model->folder()))
                             : QString());
    m_pairLabel->setVisible(bert);
    m_pair->setVisible(bert);
    m_bos->setVisible(model && !bert);
    m_predictions->clear();
    setStatus(modelWarnings(), false);
    {
        // One pass for the new model, not one per field set.
        const QSignalBlocker blockText(m_text);
        const QSignalBlocker blockPair(m_pair);
        const QSignalBlocker blockBos(m_bos);
        m_text->setText(text.isEmpty() ? defaultText(bert) : text);
        m_pair->clear();
        m_bos->setChecked(false);
    }
    requestRun();
    updateOpenHead();
}

void ModelTextPanel::requestRun()
{
    if (!m_runner->hasModel())
        return;
    ModelText text;
    text.text = m_text->text();
    if (!m_pair->isHidden() && !m_pair->text().trimmed().isEmpty())
        text.pair = m_pair->text();
    text.bos = !m_bos->isHidden() && m_bos->isChecked();
    m_runner->request(text);
}

void ModelTextPanel::showRun()
{
    m_busyTimer->stop();
    setStatus(modelWarnings(), false);
    const std::shared_ptr<const ModelRun> &run = m_runner->lastRun();
    const PretrainedModel &model = *m_runner->model();
    if (familyDescription(run->family).readout == Readout::NextToken) {
        m_predictions->setText(tr("Next token after %1: %2")
                                   .arg(tokenLabel(run->attention.keyToken(run->tokenCount() - 1)),
                                        topList(model, run->topNext)));
    } else if (run->masked.empty()) {
        m_predictions->setText(tr("Write [MASK] in the text to see what BERT guesses there"));
    } else {
        QStringList lines;
        for (const MaskedPrediction &m : run->masked)
            lines << tr("[MASK] at %1: %2").arg(m.position).arg(topList(model, m.top));
        m_predictions->setText(lines.join(QStringLiteral("<br>")));
    }
    updateOpenHead();
}

void ModelTextPanel::showFailure(const QString &message)
{
    m_busyTimer->stop();
    // The heads stay those of the last text read; say why this one is not.
    setStatus(message + tr(" (the heads show the last text read)"), true);
    updateOpenHead();
}

QString ModelTextPanel::modelWarnings() const
{
    const std::shared_ptr<const PretrainedModel> &model = m_runner->model();
    return model ? model->warnings().join(QLatin1Char('\n')) : QString();
}

void ModelTextPanel::setStatus(const QString &text, bool error)
{
    m_status->setStyleSheet(error ? QStringLiteral("color: #c0392b") : QString());
    m_status->setMinimumHeight(m_status->fontMetrics().lineSpacing()); // the font may have grown
    m_status->setText(text);
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
