// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/model/interventions.h"

#include "core/model/familydescription.h"
#include "core/model/modelgraph.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace AttentionLab {

AttentionKind stackKind(const ModelConfig &config)
{
    return familyDescription(config.family).causal ? AttentionKind::Decoder
                                                   : AttentionKind::Encoder;
}

std::string onlyAttentionText(const ModelConfig &config)
{
    return familyDescription(config.family).displayName + " has only its " +
           attentionKindTitle(stackKind(config));
}

std::string crossResidualText()
{
    return "the cross-attention has no residual stream of its own: patch the encoder's (over "
           "the source) or the decoder's (over the target)";
}

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

int Interventions::firstLayer(AttentionKind stack, int layers) const
{
    // The decoder's blocks hold its self-attention and the cross-attention.
    const auto inStack = [stack](AttentionKind set) {
        return (set == AttentionKind::Encoder) == (stack == AttentionKind::Encoder);
    };
    int first = layers;
    for (const HeadIndex &h : ablated)
        if (inStack(h.set))
            first = std::min(first, h.layer);
    for (const EdgeKnockout &k : knockouts)
        if (inStack(k.set))
            first = std::min(first, k.layer);
    for (const HeadIndex &h : patchedHeads)
        if (inStack(h.set))
            first = std::min(first, h.layer);
    for (const ResidualSite &s : patchedResidual)
        if (inStack(s.stack))
            first = std::min(first, s.layer);
    return std::max(first, 0);
}

namespace {

std::string setPrefix(AttentionKind set, bool withSet)
{
    return withSet ? attentionKindName(set) + ":" : std::string();
}

} // namespace

std::string headName(const HeadIndex &head, bool withSet)
{
    return setPrefix(head.set, withSet) + std::to_string(head.layer) + "." +
           std::to_string(head.head);
}

std::string edgeName(const EdgeKnockout &k, bool withSet)
{
    return setPrefix(k.set, withSet) + std::to_string(k.layer) + "." +
           (k.head < 0 ? std::string("*") : std::to_string(k.head)) + ":" +
           std::to_string(k.query) + ">" + std::to_string(k.key);
}

std::string siteName(const ResidualSite &site, bool withSet)
{
    return setPrefix(site.stack, withSet) + std::to_string(site.layer) + "@" +
           std::to_string(site.position);
}

std::vector<HeadIndex> sortedHeads(std::vector<HeadIndex> heads)
{
    std::sort(heads.begin(), heads.end());
    heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
    return heads;
}

namespace {

/// The sizes of the stack that holds attention \a set, and its tokens: a
/// single stack's, or an encoder-decoder's encoder's or decoder's.
struct StackOf
{
    ModelConfig config;
    int queries = 0; ///< the tokens its queries read
    int keys = 0;    ///< the tokens its keys read (the source's, for the cross-attention)
    KeyVisibility visibility;
};

StackOf stackOf(const ModelConfig &config, AttentionKind set, int n, int sources, int layer = -1)
{
    StackOf out;
    if (!config.encoderDecoder()) {
        out.config = config;
        out.queries = out.keys = n;
        // A local layer's window hides more keys than the causal mask.
        out.visibility = modelVisibility(config, n, n, layer);
        return out;
    }
    out.config = set == AttentionKind::Encoder ? config : config.decoderConfig();
    out.queries = set == AttentionKind::Encoder ? sources : n;
    out.keys = set == AttentionKind::Decoder ? n : sources;
    out.visibility.causal = set == AttentionKind::Decoder;
    return out;
}

/// Why \a set is not an attention of \a config's ("" when it is): a single
/// stack has its one.
std::string setProblem(AttentionKind set, const ModelConfig &config, const std::string &what)
{
    if (config.encoderDecoder() || set == stackKind(config))
        return {};
    return what + " names the " + attentionKindTitle(set) + ", and " + onlyAttentionText(config);
}

std::string headProblem(const HeadIndex &head, const ModelConfig &config, const char *what)
{
    const bool withSet = config.encoderDecoder();
    const std::string named = std::string(what) + " " + headName(head, withSet);
    if (std::string p = setProblem(head.set, config, named); !p.empty())
        return p;
    const ModelConfig stack = stackOf(config, head.set, 0, 0).config;
    const std::string whose = withSet ? "the " +
                                            attentionKindName(head.set == AttentionKind::Encoder
                                                                  ? AttentionKind::Encoder
                                                                  : AttentionKind::Decoder) +
                                            " has "
                                      : "the model has ";
    if (head.layer < 0 || head.layer >= stack.layers)
        return named + " is out of range: " + whose + std::to_string(stack.layers) +
               " layers (0 to " + std::to_string(stack.layers - 1) + ")";
    if (head.head < 0 || head.head >= stack.heads)
        return named + " is out of range: " + whose + std::to_string(stack.heads) +
               " heads a layer (0 to " + std::to_string(stack.heads - 1) + ")";
    return {};
}

} // namespace

std::string interventionProblem(const Interventions &interventions, const ModelConfig &config,
                                int n, int sources)
{
    const bool withSet = config.encoderDecoder();
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
    if (patches) {
        const PatchSource &source = *interventions.source;
        const PatchSource &encoder = source.stack(AttentionKind::Encoder);
        if (withSet && source.encoder && encoder.positions != sources)
            return "the clean source is " + std::to_string(encoder.positions) +
                   " tokens long and the corrupted one " + std::to_string(sources) +
                   ": patching needs texts of the same length in tokens";
        if (source.positions != n)
            return std::string(withSet ? "the clean target is " : "the clean text is ") +
                   std::to_string(source.positions) + " tokens long and the corrupted one " +
                   std::to_string(n) + ": patching needs texts of the same length in tokens";
    }
    for (const ResidualSite &s : interventions.patchedResidual) {
        const std::string named = "residual " + siteName(s, withSet);
        if (s.stack == AttentionKind::Cross)
            return named + ": " + crossResidualText();
        if (std::string p = setProblem(s.stack, config, named); !p.empty())
            return p;
        const StackOf stack = stackOf(config, s.stack, n, sources);
        if (s.layer < 0 || s.layer >= stack.config.layers)
            return named + " is out of range: the " +
                   (withSet ? attentionKindName(s.stack) : std::string("model")) + " has " +
                   std::to_string(stack.config.layers) + " layers (0 to " +
                   std::to_string(stack.config.layers - 1) + ")";
        if (s.position < 0 || s.position >= stack.queries)
            return named + " is out of range: the " +
                   (withSet ? std::string(s.stack == AttentionKind::Encoder ? "source" : "target")
                            : std::string("text")) +
                   " has " + std::to_string(stack.queries) + " tokens (0 to " +
                   std::to_string(stack.queries - 1) + ")";
    }
    // (set, layer, head, query) -> the keys knocked out of its row.
    std::map<std::tuple<AttentionKind, int, int, int>, std::set<int>> rows;
    for (const EdgeKnockout &k : interventions.knockouts) {
        const std::string named = "knockout " + edgeName(k, withSet);
        if (std::string p = setProblem(k.set, config, named); !p.empty())
            return p;
        const StackOf stack = stackOf(config, k.set, n, sources, k.layer);
        if (k.layer < 0 || k.layer >= stack.config.layers || k.head < -1 ||
            k.head >= stack.config.heads)
            return named + " is out of range: the " +
                   (withSet ? attentionKindTitle(k.set) : std::string("model")) + " has " +
                   std::to_string(stack.config.layers) + " layers of " +
                   std::to_string(stack.config.heads) + " heads";
        if (k.query < 0 || k.query >= stack.queries)
            return named + " is out of range: the queries are " + std::to_string(stack.queries) +
                   " tokens (0 to " + std::to_string(stack.queries - 1) + ")";
        if (k.key < 0 || k.key >= stack.keys)
            return named + " is out of range: the keys are " + std::to_string(stack.keys) +
                   " tokens (0 to " + std::to_string(stack.keys - 1) + ")";
        if (!stack.visibility.sees(k.query, k.key))
            return named + ": query " + std::to_string(k.query) + " cannot see key " +
                   std::to_string(k.key) + " (the model's mask)";
        const int first = k.head < 0 ? 0 : k.head;
        const int last = k.head < 0 ? stack.config.heads - 1 : k.head;
        for (int h = first; h <= last; ++h)
            rows[{k.set, k.layer, h, k.query}].insert(k.key);
    }
    for (const auto &[row, keys] : rows) {
        const auto [set, layer, head, query] = row;
        const StackOf stack = stackOf(config, set, n, sources, layer);
        int visible = 0;
        for (int j = 0; j < stack.keys; ++j)
            visible += stack.visibility.sees(query, j) ? 1 : 0;
        if (int(keys.size()) >= visible)
            return "the knockouts leave query " + std::to_string(query) + " of head " +
                   headName({layer, head, set}, withSet) + " no key to attend to";
    }
    return {};
}

std::vector<HeadIndex> queryHeadsOfKeyValueHead(const ModelConfig &config, int layer, int kvHead)
{
    const int group = std::max(1, config.heads / std::max(1, config.keyValueHeads()));
    std::vector<HeadIndex> out;
    for (int h = kvHead * group; h < (kvHead + 1) * group && h < config.heads; ++h)
        out.push_back({layer, h, stackKind(config)});
    return out;
}

} // namespace AttentionLab
