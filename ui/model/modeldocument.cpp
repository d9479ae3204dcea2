// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/modeldocument.h"

#include "core/sets/crossrollout.h"
#include "core/sets/matrixrowstatistics.h"
#include "core/sets/tokenlabels.h"
#include "core/support/counttext.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cassert>

namespace AttentionLab {

ModelDocument::ModelDocument(QObject *parent) : QObject(parent)
{
    connect(&m_rolloutWatcher, &QFutureWatcher<BackgroundOutcome<FloatMatrix>>::finished, this,
            [this] {
                if (m_rolloutWatcher.isCanceled() || m_rollout)
                    return;
                BackgroundOutcome<FloatMatrix> outcome = m_rolloutWatcher.result();
                if (!outcome.value) {
                    if (m_view == ModelView::Rollout) {
                        m_view = ModelView::Head;
                        rebuildCurrent();
                        emit currentChanged();
                    }
                    emit failed(tr("The rollout could not be computed: %1").arg(outcome.error));
                    return;
                }
                m_rollout = std::move(outcome.value);
                if (m_view == ModelView::Rollout) {
                    rebuildCurrent();
                    emit currentChanged();
                }
            });
    connect(&m_scoreWatcher, &QFutureWatcher<BackgroundOutcome<std::vector<HeadScores>>>::finished,
            this, [this] {
                // Taken already when waitForScores() did not wait for the signal.
                if (m_scoreWatcher.isCanceled() || scoresReady() || !m_scoreError.isEmpty())
                    return;
                takeScores();
            });
}

ModelDocument::~ModelDocument()
{
    // The scores run on their own copy of the tensor's handle: nothing to wait for.
    m_scoreWatcher.disconnect(this);
    m_rolloutWatcher.disconnect(this);
}

void ModelDocument::startRollout()
{
    if (m_rollout || m_rolloutWatcher.isRunning() || !canRollout())
        return;
    // A cross-attention's rollout goes through the decoder's and the encoder's.
    if (setKind() == AttentionKind::Cross) {
        std::shared_ptr<const AttentionTensor> encoder =
            findSet(m_sets, AttentionKind::Encoder)->tensor;
        std::shared_ptr<const AttentionTensor> decoder =
            findSet(m_sets, AttentionKind::Decoder)->tensor;
        std::shared_ptr<const AttentionTensor> cross = m_tensor;
        if (const std::string why = crossRolloutRefusal(*encoder, *decoder, *cross); !why.empty()) {
            m_rolloutRefusal = QString::fromStdString(why);
            return;
        }
        m_rolloutWatcher.setFuture(QtConcurrent::run([encoder, decoder, cross] {
            return catching([&] { return crossRollout(*encoder, *decoder, *cross); });
        }));
        return;
    }
    // Past its limits the whole matrix is not computed: the title says why.
    if (const std::string why = rolloutRefusal(*m_tensor); !why.empty()) {
        m_rolloutRefusal = QString::fromStdString(why);
        return;
    }
    std::shared_ptr<const AttentionTensor> tensor = m_tensor;
    m_rolloutWatcher.setFuture(
        QtConcurrent::run([tensor] { return catching([&] { return rollout(*tensor); }); }));
}

bool ModelDocument::open(const QString &path, QString *error)
{
    if (!m_loader) {
        if (error)
            *error = tr("%1: this build cannot read attention files").arg(path);
        return false;
    }
    QString why;
    std::optional<std::vector<AttentionSet>> sets = m_loader(path, &why);
    if (!sets || sets->empty()) {
        if (error)
            *error = why;
        return false;
    }
    setSets(std::move(*sets), path);
    return true;
}

void ModelDocument::setTensor(AttentionTensor tensor, const QString &filePath, bool keepSelection)
{
    m_title.clear(); // a model's run, named by its model
    auto shared = std::make_shared<const AttentionTensor>(std::move(tensor));
    m_sets = {{kindOf(*shared), shared}};
    m_setIndex = 0;
    show(std::move(shared), filePath, keepSelection);
}

void ModelDocument::setSets(std::vector<AttentionSet> sets, const QString &filePath,
                            bool keepSelection)
{
    const std::optional<AttentionKind> shown =
        m_setIndex >= 0 ? std::optional<AttentionKind>(setKind()) : std::nullopt;
    m_sets = std::move(sets);
    // Retyped text keeps the set shown (and show() its head), where it is still there.
    const int kept = keepSelection && shown ? chosenSetIndex(m_sets, shown) : -1;
    m_setIndex = kept >= 0 ? kept : defaultSetIndex(m_sets);
    show(m_setIndex >= 0 ? m_sets[size_t(m_setIndex)].tensor : nullptr, filePath, kept >= 0);
}

AttentionKind ModelDocument::setKind() const
{
    return m_setIndex >= 0 ? m_sets[size_t(m_setIndex)].kind : AttentionKind::Decoder;
}

void ModelDocument::chooseSet(int index)
{
    if (index < 0 || index >= int(m_sets.size()) || index == m_setIndex)
        return;
    m_setIndex = index;
    show(m_sets[size_t(index)].tensor, m_filePath, false);
}

void ModelDocument::show(std::shared_ptr<const AttentionTensor> tensor, const QString &filePath,
                         bool keepSelection)
{
    if (!tensor)
        tensor = std::make_shared<const AttentionTensor>();
    const bool sameHeads =
        m_tensor && m_tensor->layers() == tensor->layers() && m_tensor->heads() == tensor->heads();
    m_keptSelection = keepSelection && sameHeads;
    m_tensor = std::move(tensor);
    m_filePath = filePath;
    m_scores.clear();
    m_scoreError.clear();
    m_rollout.reset();
    m_rolloutRefusal.reset();
    // Scores or a rollout still running belong to the old tensor: their results are dropped.
    m_scoreWatcher.setFuture(QFuture<BackgroundOutcome<std::vector<HeadScores>>>());
    m_rolloutWatcher.setFuture(QFuture<BackgroundOutcome<FloatMatrix>>());
    if (!m_keptSelection) {
        m_layer = 0;
        m_head = 0;
        m_view = ModelView::Head;
    }
    const AttentionTensor &t = *m_tensor;
    if (m_view == ModelView::Rollout && !canRollout())
        m_view = ModelView::Head;
    m_rowTokens.clear();
    if (!t.tokens().empty() || !t.queryTokens().empty())
        for (int q = 0; q < t.queries(); ++q)
            m_rowTokens.push_back(t.rowToken(q));
    m_rowWords = groupWords(m_rowTokens);
    m_columnWords = groupWords(t.tokens());
    m_wordLevel = m_wordLevel && canMergeWords();
    m_labelsStale = true;
    startScores();
    rebuildCurrent();
    emit tensorChanged();
    emit currentChanged();
}

void ModelDocument::startScores()
{
    if (isEmpty())
        return;
    std::shared_ptr<const AttentionTensor> tensor = m_tensor;
    m_scoreWatcher.setFuture(
        QtConcurrent::run([tensor] { return catching([&] { return scoreHeads(*tensor); }); }));
}

void ModelDocument::takeScores()
{
    BackgroundOutcome<std::vector<HeadScores>> outcome = m_scoreWatcher.result();
    if (!outcome.value) {
        m_scoreError = outcome.error;
        emit scoresChanged();
        emit failed(tr("The heads could not be scored: %1").arg(outcome.error));
        return;
    }
    m_scores = std::move(*outcome.value);
    emit scoresChanged();
}

void ModelDocument::waitForScores()
{
    if (scoresReady() || !m_scoreError.isEmpty() || isEmpty())
        return;
    m_scoreWatcher.waitForFinished();
    if (!scoresReady() && m_scoreError.isEmpty() && !m_scoreWatcher.isCanceled())
        takeScores();
}

QString ModelDocument::displayName() const
{
    return m_title.isEmpty() ? QFileInfo(m_filePath).fileName() : m_title;
}

QString ModelDocument::shapeText() const
{
    if (isEmpty())
        return {};
    const AttentionTensor &t = *m_tensor;
    return tr("%1 × %2, %3 × %4 tokens")
        .arg(QString::fromStdString(countText(t.layers(), "layer")),
             QString::fromStdString(countText(t.heads(), "head")))
        .arg(t.queries())
        .arg(t.keys());
}

const HeadScores &ModelDocument::scores(int layer, int head) const
{
    assert(scoresReady());
    return m_scores[static_cast<size_t>(layer) * m_tensor->heads() + head];
}

bool ModelDocument::canMergeWords() const
{
    // Both axes need tokens: a file with query tokens only has no key words.
    return !isEmpty() && static_cast<int>(m_rowWords.wordOf.size()) == m_tensor->queries() &&
           static_cast<int>(m_columnWords.wordOf.size()) == m_tensor->keys() &&
           (m_rowWords.mergesAny() || m_columnWords.mergesAny());
}

bool ModelDocument::canRollout() const
{
    // A rollout follows a token through its own text's layers: a
    // self-attention's; a cross-attention's, through the decoder's and the
    // encoder's of the same run.
    if (isEmpty())
        return false;
    if (setKind() == AttentionKind::Cross)
        return findSet(m_sets, AttentionKind::Encoder) && findSet(m_sets, AttentionKind::Decoder);
    return hasRollout(*m_tensor) && isSelfAttention(setKind());
}

void ModelDocument::select(int layer, int head)
{
    if (isEmpty())
        return;
    layer = std::clamp(layer, 0, m_tensor->layers() - 1);
    head = std::clamp(head, 0, m_tensor->heads() - 1);
    if (layer == m_layer && head == m_head && m_view == ModelView::Head)
        return;
    m_layer = layer;
    m_head = head;
    m_view = ModelView::Head;
    rebuildCurrent();
    emit currentChanged();
}

void ModelDocument::setView(ModelView view)
{
    if (view == ModelView::Rollout && !canRollout())
        view = ModelView::Head;
    if (view == m_view || isEmpty())
        return;
    m_view = view;
    rebuildCurrent();
    emit currentChanged();
}

void ModelDocument::setWordLevel(bool on)
{
    on = on && canMergeWords();
    if (on == m_wordLevel)
        return;
    m_wordLevel = on;
    rebuildCurrent();
    emit currentChanged();
}

void ModelDocument::stepHead(int delta)
{
    if (isEmpty())
        return;
    // The average and the rollout have no heads to step through: back to one.
    if (m_view != ModelView::Head) {
        select(m_layer, m_head);
        return;
    }
    select(m_layer, m_head + delta);
}

void ModelDocument::stepLayer(int delta)
{
    if (isEmpty() || m_view == ModelView::Rollout)
        return;
    const int layer = std::clamp(m_layer + delta, 0, m_tensor->layers() - 1);
    if (layer == m_layer)
        return;
    m_layer = layer;
    rebuildCurrent();
    emit currentChanged();
}

ModelDocument::MatrixMap ModelDocument::currentMatrix() const
{
    if (isEmpty())
        return MatrixMap(nullptr, 0, 0);
    if (m_usesComputed)
        return MatrixMap(m_computed.data(), m_computed.rows(), m_computed.cols());
    return m_tensor->head(m_layer, m_head);
}

KeyVisibility ModelDocument::currentVisibility() const
{
    if (isEmpty())
        return {};
    // The layer's own window (a local layer's band), but for the rollout,
    // which runs through every layer.
    KeyVisibility visibility = m_tensor->visibilityOf(m_layer);
    if (m_view == ModelView::Rollout)
        visibility = m_tensor->visibility().forRollout();
    return m_wordLevel ? visibility.forWords() : visibility;
}

QString ModelDocument::currentTitle() const
{
    if (isEmpty())
        return {};
    QString title;
    switch (m_view) {
    case ModelView::Head:
        title = tr("head %1").arg(QString::fromStdString(m_tensor->headName(m_layer, m_head)));
        break;
    case ModelView::LayerAverage:
        title = tr("layer %1, mean of %2 heads")
                    .arg(m_tensor->layerNumber(m_layer))
                    .arg(m_tensor->heads());
        break;
    case ModelView::Rollout:
        title = m_rollout ? tr("rollout over %1")
                                .arg(QString::fromStdString(countText(m_tensor->layers(), "layer")))
                : m_rolloutRefusal
                    ? tr("not drawn: %1").arg(*m_rolloutRefusal)
                    : tr("rollout over %1: computing…")
                          .arg(QString::fromStdString(countText(m_tensor->layers(), "layer")));
        break;
    }
    // A run of several attentions names the one shown: "cross-attention, head 1.0".
    if (m_sets.size() > 1)
        title = tr("%1, %2").arg(QString::fromStdString(attentionKindTitle(setKind())), title);
    return m_wordLevel ? tr("%1, merged into words").arg(title) : title;
}

void ModelDocument::rebuildCurrent()
{
    m_usesComputed = false;
    m_rowStatistics.clear();
    if (isEmpty()) {
        m_rowLabels.clear();
        m_columnLabels.clear();
        return;
    }
    const AttentionTensor &t = *m_tensor;
    const bool words = m_wordLevel;
    auto merged = [&](const Eigen::Ref<const FloatMatrix> &m) {
        return mergeWords(m, m_rowWords, m_columnWords);
    };
    switch (m_view) {
    case ModelView::Head:
        if (words) {
            m_computed = merged(t.head(m_layer, m_head));
            m_usesComputed = true;
        }
        break;
    case ModelView::LayerAverage:
        m_computed = words ? merged(layerAverage(t, m_layer)) : layerAverage(t, m_layer);
        m_usesComputed = true;
        break;
    case ModelView::Rollout:
        if (m_rollout) {
            m_computed = words ? merged(*m_rollout) : *m_rollout;
        } else {
            startRollout();
            m_computed.resize(0, 0); // nothing to show until it arrives
        }
        m_usesComputed = true;
        break;
    }

    // The labels change with the tensor and the word level only, not from head to head.
    if (!m_labelsStale && m_labelsWordLevel == words) {
        // kept
    } else if (words) {
        m_rowLabels.clear();
        m_columnLabels.clear();
        for (const std::string &w : m_rowWords.words)
            m_rowLabels << QString::fromStdString(w);
        for (const std::string &w : m_columnWords.words)
            m_columnLabels << QString::fromStdString(w);
    } else {
        m_rowLabels.clear();
        m_columnLabels.clear();
        for (int q = 0; q < t.queries(); ++q)
            m_rowLabels << QString::fromStdString(displayToken(t.rowToken(q)));
        for (int k = 0; k < t.keys(); ++k)
            m_columnLabels << QString::fromStdString(displayToken(t.keyToken(k)));
    }
    m_labelsStale = false;
    m_labelsWordLevel = words;
    const MatrixMap m = currentMatrix();
    m_rowStatistics = matrixRowStatistics(m.data(), int(m.rows()), int(m.cols()));
}

bool ModelDocument::isKnockedOut(int layer, int head) const
{
    return std::find(m_knockedOut.begin(), m_knockedOut.end(), HeadIndex{layer, head, setKind()}) !=
           m_knockedOut.end();
}

void ModelDocument::setKnockedOut(std::vector<HeadIndex> heads)
{
    heads = sortedHeads(std::move(heads));
    if (heads == m_knockedOut)
        return;
    m_knockedOut = std::move(heads);
    emit knockedOutChanged();
}

} // namespace AttentionLab
