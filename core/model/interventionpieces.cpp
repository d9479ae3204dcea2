// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/interventionpieces.h"

#include <Eigen/Core>

#include <limits>

namespace AttentionLab::GraphPieces {

std::vector<float> knockoutBias(const Interventions *interventions, AttentionKind set, int l,
                                int heads, int queries, int keys)
{
    std::vector<float> bias;
    if (!interventions)
        return bias;
    for (const EdgeKnockout &k : interventions->knockouts) {
        if (k.layer != l || k.set != set)
            continue;
        if (bias.empty())
            bias.assign(size_t(heads) * size_t(queries) * size_t(keys), 0.0f);
        for (int h = k.head < 0 ? 0 : k.head; h <= (k.head < 0 ? heads - 1 : k.head); ++h)
            bias[(size_t(h) * size_t(queries) + size_t(k.query)) * size_t(keys) + size_t(k.key)] =
                -std::numeric_limits<float>::infinity();
    }
    return bias;
}

void changeHeadOutputs(const Interventions *interventions, AttentionKind set, int l, int headDim,
                       bool causal, Activations &context)
{
    if (!interventions)
        return;
    for (const HeadIndex &h : interventions->ablated) {
        if (h.layer != l || h.set != set)
            continue;
        auto rows = context.middleRows(Eigen::Index(h.head) * headDim, headDim);
        if (interventions->ablation == AblationKind::Zero) {
            rows.setZero();
        } else if (!causal) {
            rows.colwise() = Eigen::VectorXf(rows.rowwise().mean());
        } else {
            Eigen::VectorXd sum = Eigen::VectorXd::Zero(headDim);
            for (Eigen::Index i = 0; i < rows.cols(); ++i) {
                sum += rows.col(i).cast<double>();
                rows.col(i) = (sum / double(i + 1)).cast<float>();
            }
        }
    }
    for (const HeadIndex &h : interventions->patchedHeads) {
        if (h.layer != l || h.set != set)
            continue;
        const PatchSource &source = interventions->source->stack(set);
        const Eigen::Map<const Activations> clean(interventions->source->context(l, set),
                                                  source.queryWidth, source.positions);
        context.middleRows(Eigen::Index(h.head) * headDim, headDim) =
            clean.middleRows(Eigen::Index(h.head) * headDim, headDim);
    }
}

void patchLayerInput(const Interventions *interventions, AttentionKind stack, int l, Activations &x)
{
    if (!interventions)
        return;
    for (const ResidualSite &site : interventions->patchedResidual) {
        if (site.layer != l || site.stack != stack)
            continue;
        const PatchSource &source = interventions->source->stack(stack);
        const Eigen::Map<const Activations> clean(source.layerInput(l), source.modelDim,
                                                  source.positions);
        x.col(site.position) = clean.col(site.position);
    }
}

} // namespace AttentionLab::GraphPieces
