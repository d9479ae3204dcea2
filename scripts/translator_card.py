#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Measures the built-in translator with the program itself and writes its
card (README.md beside it) and card.json (the numbers tests compare).

    /usr/bin/python3 scripts/translator_card.py resources/models/builtin-en-fr \
        --program build/app/attention-lab

Every attention weight here is what `attention-lab model FOLDER --text EN
--target FR -o FILE.npz` computes, teacher-forced on the French, and every
translation is `attention-lab generate FOLDER --text EN --json` (greedy).

The alignment (alignments.tsv, hand-aligned held-out pairs): a French word is
written by the decoder rows just before its pieces (row j writes piece j, the
decoder reading its start token first), so its attention over the source is
the mean of those rows (from a word, the mean); an English word's weight is
the sum over its pieces (to a word, the sum), as the Words view merges them.
Words are cut where a piece begins with "▁"; the source's </s> is no word. A
French word with hand links agrees when its strongest English word is one of
them. The agreement is reported for every cross-attention head, the best
head, and the last layer's average over its heads.

The translations of the held-out split (heldout.tsv) are scored by chrF
(Popović 2015, as sacrebleu computes it: character n-grams 1 to 6, spaces
removed, beta 2, the statistics summed over the corpus).

The heads: a cross head "aligns" when its agreement is at least 0.6; it is a
sink when, over the hand-aligned pairs, its rows give the source's </s> at
least half their weight on average; an encoder head looks at the previous
(next) token when its rows give the token before (after) at least half their
weight on average.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

EXAMPLES = 20
ALIGNS_MIN = 0.6
SINK_MIN = 0.5
NEIGHBOUR_MIN = 0.5
# What the model opens on, and the three strings the tests translate.
SHOWCASE = ["Show hidden files", "Keyboard shortcuts", "Default sort order"]


def run(program, *args):
    done = subprocess.run([program, *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{program} {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def words_of(tokens):
    """The word index of each token (a "▁" begins a word), None for </s>
    and for a token before the first word."""
    out, word = [], -1
    for token in tokens:
        if token == "</s>" or token == "<pad>":
            out.append(None)
            continue
        if token.startswith("\u2581") or word < 0:
            word += 1
        out.append(word)
    return out


def word_matrix(cross, source_tokens, target_tokens):
    """[target word, source word] for one head's [decoder row, source] weights:
    the rows that wrote a word's pieces averaged, a source word's pieces summed."""
    # Row j of the decoder writes decoder token j + 1 (the decoder reads its start first).
    written = target_tokens[1:]
    target_words = words_of(written)
    source_words = words_of(source_tokens)
    m = max((w for w in target_words if w is not None), default=-1) + 1
    n = max((w for w in source_words if w is not None), default=-1) + 1
    rows = np.zeros((m, cross.shape[1]))
    counts = np.zeros(m)
    for j, word in enumerate(target_words):
        if word is not None:
            rows[word] += cross[j]
            counts[word] += 1
    rows /= np.maximum(counts, 1)[:, None]
    out = np.zeros((m, n))
    for k, word in enumerate(source_words):
        if word is not None:
            out[:, word] += rows[:, k]
    return out


def chrf(hypotheses, references, order=6, beta=2.0):
    """Corpus chrF: character n-gram precision and recall summed over the
    corpus for n = 1..6, spaces removed, averaged over n, F-beta."""
    matches = [0] * order
    hyp_total = [0] * order
    ref_total = [0] * order
    for hypothesis, reference in zip(hypotheses, references):
        h = hypothesis.replace(" ", "")
        r = reference.replace(" ", "")
        for n in range(1, order + 1):
            hc = collections.Counter(h[i:i + n] for i in range(len(h) - n + 1))
            rc = collections.Counter(r[i:i + n] for i in range(len(r) - n + 1))
            matches[n - 1] += sum((hc & rc).values())
            hyp_total[n - 1] += sum(hc.values())
            ref_total[n - 1] += sum(rc.values())
    precision = sum(m / t if t else 0.0 for m, t in zip(matches, hyp_total)) / order
    recall = sum(m / t if t else 0.0 for m, t in zip(matches, ref_total)) / order
    if precision + recall == 0:
        return 0.0
    return 100 * (1 + beta ** 2) * precision * recall / (beta ** 2 * precision + recall)


def translate(program, folder, english):
    out = json.loads(run(program, "generate", folder, "--text", english, "--tokens", "48",
                         "--json"))
    return out["text"].replace("</s>", "").strip()


def write_known_heads(path, card, agree, total):
    """The card's heads as two groups of the known-heads table: the cross
    heads (the best aligning one first, then the other aligning ones, then
    the sinks) and the encoder's neighbour heads."""
    layers, heads = agree.shape
    best = card["best_head"]
    aligning = [best] + [h for h in card["aligning_heads"] if h != best]
    cross = [{"layer": l, "head": h, "role": "alignment",
              "source": f"its card: agrees with the hand alignment for {agree[l, h]:.2f} of "
                        f"{total} French words"} for l, h in aligning]
    cross += [{"layer": l, "head": h, "role": "sink (the source's </s>)",
               "source": "its card: half or more of each row on the source's </s>"}
              for l, h in card["sink_heads"]]
    encoder = [{"layer": l, "head": h, "role": "previous token",
                "source": "its card: half or more of each row on the token before"}
               for l, h in card["previous_token_heads"]]
    encoder += [{"layer": l, "head": h, "role": "next token",
                 "source": "its card: half or more of each row on the token after"}
                for l, h in card["next_token_heads"]]
    # Written in the table's own layout (an entry a line), after the groups
    # it has, in place of the translator's groups of an earlier run.
    with open(path, encoding="utf-8") as f:
        text = f.read()
    marker = ',\n        {\n            "id": "builtin-en-fr-'
    if marker in text:
        text = text[:text.index(marker)] + "\n\n    ]\n}\n"
    blocks = []
    for suffix, title, kind, entries in (
            ("cross", "the built-in translator, cross-attention", "cross", cross),
            ("encoder", "the built-in translator, encoder", "encoder", encoder)):
        if not entries:
            continue
        lines = ["        {", f'            "id": "builtin-en-fr-{suffix}",',
                 f'            "title": "{title}",', f'            "layers": {int(layers)},',
                 f'            "heads": {int(heads)},', '            "tokens": "sentencepiece",',
                 f'            "set": "{kind}",', '            "entries": [']
        lines.append(",\n".join("                " + json.dumps(e, ensure_ascii=False)
                                for e in entries))
        lines += ["            ]", "        }"]
        blocks.append("\n".join(lines))
    end = text.rindex("        }")
    text = text[:end] + "        }" + "".join(",\n" + b for b in blocks) + "\n    ]\n}\n"
    json.loads(text)  # still the table's JSON
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--program", required=True)
    parser.add_argument("--heldout-limit", type=int, default=0)
    parser.add_argument("--known-heads", help="resources/knownheads.json: bookmark the heads")
    args = parser.parse_args()
    folder = args.folder

    pairs = []
    with open(os.path.join(folder, "alignments.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            english, french, links = line.rstrip("\n").split("\t")
            gold = collections.defaultdict(set)
            for link in links.split():
                i, j = map(int, link.split("-"))
                gold[i].add(j)
            pairs.append((english, french, gold))

    agree = None
    total = 0
    sinks, last_agree = None, 0
    previous = following = None
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "pair.npz")
        for english, french, gold in pairs:
            run(args.program, "model", folder, "--text", english, "--target", french, "-o", path)
            z = np.load(path)
            cross = z["cross_attentions"].astype(np.float64)  # [L, H, Q, K]
            encoder = z["encoder_attentions"].astype(np.float64)
            source = [str(t) for t in z["encoder_tokens"]]
            target = [str(t) for t in z["decoder_tokens"]]
            layers, heads = cross.shape[:2]
            if agree is None:
                agree = np.zeros((layers, heads))
                sinks = np.zeros((layers, heads))
                previous = np.zeros(encoder.shape[:2])
                following = np.zeros(encoder.shape[:2])
            n_words = len(english.split())
            m_words = len(french.split())
            for l in range(layers):
                for h in range(heads):
                    w = word_matrix(cross[l, h], source, target)
                    assert w.shape == (m_words, n_words), (english, french, w.shape)
                    agree[l, h] += sum(int(np.argmax(w[i]) in gold[i]) for i in gold)
                    sinks[l, h] += cross[l, h][:, -1].mean()
            last = np.mean([word_matrix(cross[-1, h], source, target) for h in range(heads)], 0)
            last_agree += sum(int(np.argmax(last[i]) in gold[i]) for i in gold)
            total += len(gold)
            k = encoder.shape[-1]
            for l in range(encoder.shape[0]):
                for h in range(encoder.shape[1]):
                    a = encoder[l, h]
                    previous[l, h] += np.mean([a[i, i - 1] for i in range(1, k)])
                    following[l, h] += np.mean([a[i, i + 1] for i in range(k - 1)])
    agree /= total
    sinks /= len(pairs)
    previous /= len(pairs)
    following /= len(pairs)
    best = np.unravel_index(np.argmax(agree), agree.shape)

    with open(os.path.join(folder, "heldout.tsv"), encoding="utf-8") as f:
        # The first line says what the file is; an English string may begin with "#".
        heldout = [line.rstrip("\n").split("\t") for line in f.readlines()[1:]]
    if args.heldout_limit:
        heldout = heldout[:args.heldout_limit]
    hypotheses = [translate(args.program, folder, english) for english, _ in heldout]
    score = chrf(hypotheses, [french for _, french in heldout])
    exact = sum(h == r for h, (_, r) in zip(hypotheses, heldout))
    step = max(1, len(heldout) // EXAMPLES)
    examples = [(heldout[i][0], heldout[i][1], hypotheses[i])
                for i in range(0, len(heldout), step)][:EXAMPLES]
    showcase = {english: translate(args.program, folder, english) for english in SHOWCASE}

    card = {
        "alignment_pairs": len(pairs), "aligned_words": total,
        "agreement": [[round(float(v), 4) for v in row] for row in agree],
        "best_head": [int(best[0]), int(best[1])],
        "best_agreement": round(float(agree[best]), 4),
        "last_layer_average_agreement": round(last_agree / total, 4),
        "aligning_heads": [[l, h] for l in range(agree.shape[0]) for h in range(agree.shape[1])
                           if agree[l, h] >= ALIGNS_MIN],
        "sink_heads": [[l, h] for l in range(sinks.shape[0]) for h in range(sinks.shape[1])
                       if sinks[l, h] >= SINK_MIN],
        "previous_token_heads": [[l, h] for l in range(previous.shape[0])
                                 for h in range(previous.shape[1])
                                 if previous[l, h] >= NEIGHBOUR_MIN],
        "next_token_heads": [[l, h] for l in range(following.shape[0])
                             for h in range(following.shape[1])
                             if following[l, h] >= NEIGHBOUR_MIN],
        "heldout": len(heldout), "chrf": round(score, 2), "exact": exact,
        "showcase": showcase,
    }
    with open(os.path.join(folder, "card.json"), "w", encoding="utf-8") as f:
        json.dump(card, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(json.dumps(card, ensure_ascii=False, indent=1))

    if args.known_heads:
        write_known_heads(args.known_heads, card, agree, total)

    packages = json.load(open(os.path.join(folder, "packages.json"), encoding="utf-8"))
    lines = [
        "# builtin-en-fr: Attention Lab's English-to-French translator",
        "",
        "A Marian model (transformers' MarianMTModel layout, as Helsinki-NLP's opus-mt",
        "folders) trained by `scripts/train_translator.py` from a fixed seed on the French",
        "message catalogues of Debian 12 packages: 3 + 3 layers, 4 heads, d_model 128,",
        "Eq. 16.4's sinusoids in two halves, post-norm, SiLU, one SentencePiece model a",
        "language and a shared vocabulary, float16.",
        "",
        "## Alignment",
        "",
        f"On {len(pairs)} held-out pairs aligned by hand (`alignments.tsv`, {total} aligned",
        "French words), teacher-forced on the French: the share of French words whose",
        "strongest English word is one the hand alignment names (rows that wrote a word",
        "averaged, an English word's pieces summed, as the Words view merges them).",
        "",
        "| layer | " + " | ".join(f"head {h}" for h in range(agree.shape[1])) + " |",
        "| --- | " + " | ".join("---:" for _ in range(agree.shape[1])) + " |",
    ]
    for l in range(agree.shape[0]):
        lines.append(f"| {l} | " + " | ".join(f"{v:.3f}" for v in agree[l]) + " |")
    lines += [
        "",
        f"Best head: {best[0]}.{best[1]}, {agree[best]:.3f}. The last layer's average over its",
        f"heads: {last_agree / total:.3f}.",
        "",
        "## Heads",
        "",
        f"- Cross heads that align (agreement at least {ALIGNS_MIN}): " +
        (", ".join(f"{l}.{h}" for l, h in card["aligning_heads"]) or "none") + ".",
        f"- Cross heads that sink into the source's `</s>` (at least {SINK_MIN} of each row): " +
        (", ".join(f"{l}.{h}" for l, h in card["sink_heads"]) or "none") + ".",
        f"- Encoder heads on the previous token (at least {NEIGHBOUR_MIN}): " +
        (", ".join(f"{l}.{h}" for l, h in card["previous_token_heads"]) or "none") + ".",
        f"- Encoder heads on the next token (at least {NEIGHBOUR_MIN}): " +
        (", ".join(f"{l}.{h}" for l, h in card["next_token_heads"]) or "none") + ".",
        "",
        "## Translation",
        "",
        f"Greedy translations of the {len(heldout)} held-out strings (`heldout.tsv`, never",
        f"trained on): chrF {score:.1f}; {exact} exactly the catalogue's. One in every",
        f"{step} of them:",
        "",
        "| English | catalogue | builtin-en-fr |",
        "| --- | --- | --- |",
    ]
    for english, french, hypothesis in examples:
        lines.append(f"| {english} | {french} | {hypothesis} |")
    lines += [
        "",
        "## Corpus and licences",
        "",
        "The French catalogues (`usr/share/locale/fr/LC_MESSAGES/*.mo`) of these Debian 12",
        "packages, with the licence each one's copyright file gives first, and how many",
        "pairs each gave after `scripts/translator_corpus.py`'s rules:",
        "",
        "| package | version | licence | pairs |",
        "| --- | --- | --- | ---: |",
    ]
    for name, entry in packages.items():
        lines.append(f"| {name} | {entry['version']} | {entry['licence']} | {entry['pairs']} |")
    with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
