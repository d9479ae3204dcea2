// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/interventions.h"

#include "core/model/modelgraph.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace AttentionLab {

int Interventions::firstLayer(int layers) const
{
    int first = layers;
    for (const HeadIndex &h : ablated)
        first = std::min(first, h.layer);
    for (const EdgeKnockout &k : knockouts)
        first = std::min(first, k.layer);
    for (const HeadIndex &h : patchedHeads)
        first = std::min(first, h.layer);
    for (const ResidualSite &s : patchedResidual)
        first = std::min(first, s.layer);
    return std::max(first, 0);
}

std::string headName(const HeadIndex &head)
{
    return std::to_string(head.layer) + "." + std::to_string(head.head);
}

std::string edgeName(const EdgeKnockout &k)
{
    return std::to_string(k.layer) + "." +
           (k.head < 0 ? std::string("*") : std::to_string(k.head)) + ":" +
           std::to_string(k.query) + ">" + std::to_string(k.key);
}

std::vector<HeadIndex> sortedHeads(std::vector<HeadIndex> heads)
{
    std::sort(heads.begin(), heads.end());
    heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
    return heads;
}

namespace {

std::string headProblem(const HeadIndex &head, const ModelConfig &config, const char *what)
{
    if (head.layer < 0 || head.layer >= config.layers)
        return std::string(what) + " " + headName(head) + " is out of range: the model has " +
               std::to_string(config.layers) + " layers (0 to " +
               std::to_string(config.layers - 1) + ")";
    if (head.head < 0 || head.head >= config.heads)
        return std::string(what) + " " + headName(head) + " is out of range: the model has " +
               std::to_string(config.heads) + " heads a layer (0 to " +
               std::to_string(config.heads - 1) + ")";
    return {};
}

} // namespace

std::string interventionProblem(const Interventions &interventions, const ModelConfig &config,
                                int n)
{
    for (const HeadIndex &h : interventions.ablated)
        if (std::string p = headProblem(h, config, "ablated head"); !p.empty())
            return p;
    for (const HeadIndex &h : interventions.patchedHeads)
        if (std::string p = headProblem(h, config, "patched head"); !p.empty())
            return p;
    const bool patches =
        !interventions.patchedHeads.empty() || !interventions.patchedResidual.empty();
    if (patches && !interventions.source)
        return "patching needs a clean run to copy from";
    if (patches && interventions.source->positions != n)
        return "the clean text is " + std::to_string(interventions.source->positions) +
               " tokens long and the corrupted one " + std::to_string(n) +
               ": patching needs texts of the same length in tokens";
    for (const ResidualSite &s : interventions.patchedResidual) {
        if (s.layer < 0 || s.layer >= config.layers)
            return "residual " + std::to_string(s.layer) + "@" + std::to_string(s.position) +
                   " is out of range: the model has " + std::to_string(config.layers) +
                   " layers (0 to " + std::to_string(config.layers - 1) + ")";
        if (s.position < 0 || s.position >= n)
            return "residual " + std::to_string(s.layer) + "@" + std::to_string(s.position) +
                   " is out of range: the text has " + std::to_string(n) + " tokens (0 to " +
                   std::to_string(n - 1) + ")";
    }
    const KeyVisibility visibility = modelVisibility(config, n, n);
    // (layer, head, query) -> the keys knocked out of its row.
    std::map<std::tuple<int, int, int>, std::set<int>> rows;
    for (const EdgeKnockout &k : interventions.knockouts) {
        if (k.layer < 0 || k.layer >= config.layers || k.head < -1 || k.head >= config.heads)
            return "knockout " + edgeName(k) + " is out of range: the model has " +
                   std::to_string(config.layers) + " layers of " + std::to_string(config.heads) +
                   " heads";
        if (k.query < 0 || k.query >= n || k.key < 0 || k.key >= n)
            return "knockout " + edgeName(k) + " is out of range: the text has " +
                   std::to_string(n) + " tokens (0 to " + std::to_string(n - 1) + ")";
        if (!visibility.sees(k.query, k.key))
            return "knockout " + edgeName(k) + ": query " + std::to_string(k.query) +
                   " cannot see key " + std::to_string(k.key) + " (the model's mask)";
        const int first = k.head < 0 ? 0 : k.head;
        const int last = k.head < 0 ? config.heads - 1 : k.head;
        for (int h = first; h <= last; ++h)
            rows[{k.layer, h, k.query}].insert(k.key);
    }
    for (const auto &[row, keys] : rows) {
        const auto [layer, head, query] = row;
        int visible = 0;
        for (int j = 0; j < n; ++j)
            visible += visibility.sees(query, j) ? 1 : 0;
        if (int(keys.size()) >= visible)
            return "the knockouts leave query " + std::to_string(query) + " of head " +
                   headName({layer, head}) + " no key to attend to";
    }
    return {};
}

std::vector<HeadIndex> queryHeadsOfKeyValueHead(const ModelConfig &config, int layer, int kvHead)
{
    const int group = std::max(1, config.heads / std::max(1, config.keyValueHeads()));
    std::vector<HeadIndex> out;
    for (int h = kvHead * group; h < (kvHead + 1) * group && h < config.heads; ++h)
        out.push_back({layer, h});
    return out;
}

} // namespace AttentionLab
