// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/tensormatrix.h"

#include "core/sets/tokenlabels.h"

#include <string>
#include <vector>

namespace AttentionLab {

namespace {

/// The rows' tokens: each the one it wrote where the tensor knows them.
std::vector<std::string> rowTokens(const AttentionTensor &t)
{
    std::vector<std::string> out;
    for (int i = 0; i < t.queries(); ++i)
        out.push_back(t.rowToken(i));
    return out;
}

std::vector<std::string> keyTokens(const AttentionTensor &t)
{
    std::vector<std::string> out;
    for (int j = 0; j < t.keys(); ++j)
        out.push_back(t.keyToken(j));
    return out;
}

QStringList displayed(const std::vector<std::string> &tokens)
{
    QStringList out;
    for (const std::string &token : tokens)
        out << QString::fromStdString(displayToken(token));
    return out;
}

} // namespace

TensorMatrix TensorMatrix::prepare(const TensorFigureData &d, const float *head,
                                   FloatMatrix computed, bool isRollout)
{
    const AttentionTensor &t = d.tensor;
    const float *source = computed.size() > 0 ? computed.data() : head;
    TensorMatrix m;
    // A head's (or a layer's average): its layer's own window; the rollout runs through all.
    m.visibility = isRollout ? t.visibility().forRollout() : t.visibilityOf(d.layer);
    m.rows = t.queries();
    m.cols = t.keys();
    m.written = t.rowsAreWritten();
    const WordGroups rowWords = d.words ? groupWords(rowTokens(t)) : WordGroups{};
    const WordGroups colWords = d.words ? groupWords(keyTokens(t)) : WordGroups{};
    if (rowWords.mergesAny() || colWords.mergesAny()) {
        const Eigen::Map<const FloatMatrix> matrix(source, m.rows, m.cols);
        m.owned = mergeWords(matrix, rowWords, colWords);
        m.rows = int(m.owned.rows());
        m.cols = int(m.owned.cols());
        for (const std::string &word : rowWords.words)
            m.rowLabels << QString::fromStdString(word);
        for (const std::string &word : colWords.words)
            m.colLabels << QString::fromStdString(word);
        m.merged = true;
        m.visibility = m.visibility.forWords();
        return m;
    }
    m.owned = std::move(computed);
    m.head = m.owned.size() > 0 ? nullptr : head;
    m.rowLabels = displayed(rowTokens(t));
    m.colLabels = displayed(keyTokens(t));
    return m;
}

} // namespace AttentionLab
