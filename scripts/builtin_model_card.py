#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes the built-in model's card (README.md) from the program's own detectors.

    /usr/bin/python3 scripts/builtin_model_card.py resources/models/builtin \
        --program build/app/attention-lab

Every score on the card is what `attention-lab inspect --json` reports for an
attention file that `attention-lab model` wrote: the previous-token and
first-token scores averaged over SENTENCES, and Olsson et al.'s induction
probe (`model --repeat-random N --seed 0`, inspect's induction_repeats) at
N = 25 and N = 40. tests/app/tst_builtinmodel.cpp checks the card against the
program the same way. training.json (written by train_builtin_model.py) gives
the training's numbers.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

# Ordinary sentences: the corpus' kind of text and plain English, no token said twice on purpose.
SENTENCES = [
    "a domestic animal that is kept for companionship or amusement",
    "the cat sat on the mat and looked out of the window",
    "a large body of water surrounded by land",
    "she walked to the market early in the morning to buy bread",
    "an instrument used for measuring the temperature of the air",
]
PROBE_LENGTHS = [25, 40]
PREVIOUS_MIN = 0.8
INDUCTION_MIN = 0.4
SINK_MIN = 0.5


def run(program, *args):
    done = subprocess.run([program, *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{program} {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def inspect(program, folder, scratch, name, *model_args):
    path = os.path.join(scratch, name + ".npz")
    run(program, "model", folder, *model_args, "-o", path)
    return json.loads(run(program, "inspect", path, "--json"))


def mean_grid(grids):
    layers, heads = len(grids[0]), len(grids[0][0])
    return [[sum(g[l][h] for g in grids) / len(grids) for h in range(heads)]
            for l in range(layers)]


def wordnet_licence():
    """The licence at the head of WordNet's data.noun, verbatim (its line numbers dropped)."""
    lines = []
    with open("/usr/share/wordnet/data.noun", encoding="latin-1") as f:
        for row in f:
            if not row.startswith("  "):
                break
            lines.append(row.split(" ", 3)[3].rstrip() if row.strip()[1:].strip() else "")
    return "\n".join(lines).strip()


def loss_with(program, folder, args, span, ablate=None):
    """The measure of `model ... --measure loss:SPAN`, with HEADS ablated when given."""
    extra = ["--ablate", ablate] if ablate else []
    out = json.loads(run(program, "model", folder, *args, *extra, "--measure", f"loss:{span}",
                         "--json"))
    return out["measures"][f"loss:{span}"]


def knockout_section(program, folder, rows, layers, heads, grid):
    """The card's section on knocking heads out: the probe's second copy with
    every head, without the induction heads, and without as many other heads
    of their layers; and each head alone on the ordinary sentences."""
    induction = sorted((l, h) for l, h, role, _, _ in rows if role == "induction")
    others = []
    for layer in sorted({l for l, _ in induction}):
        count = sum(1 for l, _ in induction if l == layer)
        others += [(layer, h) for h in range(heads) if (layer, h) not in induction][:count]
    named = lambda hs: ",".join(f"{l}.{h}" for l, h in hs)  # noqa: E731
    lines = []
    results = {}
    if induction:
        lines += ["| probe | every head | induction heads "
                  f"{named(induction)} knocked out | other heads {named(others)} knocked out |",
                  "|---|---|---|---|"]
        for n in PROBE_LENGTHS:
            probe = ["--repeat-random", str(n), "--seed", "0"]
            count = len(json.loads(run(program, "model", folder, *probe, "--json"))["ids"])
            span = f"{count - n + 1}-{count - 1}"
            without = loss_with(program, folder, probe, span, named(induction))
            instead = loss_with(program, folder, probe, span, named(others))
            results[n] = (without["baseline"], without["value"], instead["value"])
            lines.append(f"| {n} random tokens repeated (`loss:{span}`) | "
                         f"{without['baseline']:.3f} | {without['value']:.3f} | "
                         f"{instead['value']:.3f} |")
        first = PROBE_LENGTHS[0]
        lines.append("")
        lines.append(f"What is seen: on the probe of {first} tokens the induction heads carry "
                     f"the copy: without them the loss goes from {results[first][0]:.3f} to "
                     f"{results[first][1]:.3f} nats, without as many other heads of their "
                     f"layers to {results[first][2]:.3f}.")
    else:
        lines.append("No induction head was found above: there is none to knock out.")
    sweeps = [json.loads(run(program, "sweep", folder, "--text", s, "--measure", "loss",
                             "--json")) for s in SENTENCES]
    effects = mean_grid([s["effects"] for s in sweeps])
    baseline = sum(s["baseline"] for s in sweeps) / len(sweeps)
    largest = max((abs(effects[l][h]), l, h) for l in range(layers) for h in range(heads))
    return f"""## Knocking heads out

What the heads are for, measured by zeroing a head's output before the output projection
(Michel et al. 2019) with the program's own experiments: `attention-lab model builtin
--repeat-random N --seed 0 --ablate HEADS --measure loss:FROM-TO`, the loss in nats per token
on the second copy of Olsson et al.'s probe (its tokens after the first, which no head can
foresee), with every head, with the induction heads above knocked out, and with as many other
heads of the same layers knocked out instead.

""" + "\n".join(lines) + f"""

Each head knocked out alone (`attention-lab sweep builtin --text SENTENCE --measure loss`): the
change of the loss over each sentence below (tokens 1 to n - 1), averaged over the sentences,
layer x head; with every head the loss is {baseline:.3f}.

{grid(effects)}

On this ordinary text no one head carries much: the largest change is
{effects[largest[1]][largest[2]]:+.3f} nats (head {largest[1]}.{largest[2]})."""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--program", required=True)
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    with open(os.path.join(folder, "config.json")) as f:
        config = json.load(f)
    with open(os.path.join(folder, "training.json")) as f:
        training = json.load(f)

    with tempfile.TemporaryDirectory() as scratch:
        sentences = [inspect(args.program, folder, scratch, f"s{i}", "--text", s)
                     for i, s in enumerate(SENTENCES)]
        probes = {n: inspect(args.program, folder, scratch, f"p{n}", "--repeat-random", str(n),
                             "--seed", "0") for n in PROBE_LENGTHS}
        guesses = json.loads(run(args.program, "model", folder, "--text",
                                 "a member of the genus", "--json"))
    previous = mean_grid([s["previous_token"] for s in sentences])
    first = mean_grid([s["first_token"] for s in sentences])
    layers, heads = len(previous), len(previous[0])

    rows = []
    for l in range(layers):
        for h in range(heads):
            induction = [probes[n]["induction_repeats"][l][h] for n in PROBE_LENGTHS]
            if previous[l][h] >= PREVIOUS_MIN:
                rows.append((l, h, "previous token", f"{previous[l][h]:.3f}",
                             "previous-token score, mean over the 5 sentences"))
            if l >= 1 and min(induction) >= INDUCTION_MIN:
                rows.append((l, h, "induction",
                             " / ".join(f"{v:.3f}" for v in induction),
                             "Olsson et al.'s probe, 25 / 40 random tokens repeated"))
            if first[l][h] >= SINK_MIN:
                rows.append((l, h, "first token (sink)", f"{first[l][h]:.3f}",
                             "first-token score, mean over the 5 sentences"))

    def grid(values):
        lines = ["| layer | " + " | ".join(f"head {h}" for h in range(heads)) + " |",
                 "|---|" + "---|" * heads]
        for l in range(layers):
            lines.append(f"| {l} | " + " | ".join(f"{v:.3f}" for v in values[l]) + " |")
        return "\n".join(lines)

    found = {role for _, _, role, _, _ in rows}
    absent = [name for name in ("previous token", "induction") if name not in found]
    best_previous = max((previous[l][h], l, h) for l in range(layers) for h in range(heads))
    best_induction = max((min(probes[n]["induction_repeats"][l][h] for n in PROBE_LENGTHS), l, h)
                         for l in range(1, layers) for h in range(heads))
    missing = ""
    if absent:
        missing = (f"**Not found in this run: {' and '.join(absent)} heads.** The best "
                   f"previous-token score is {best_previous[0]:.3f} (head {best_previous[1]}."
                   f"{best_previous[2]}), the best induction probe score after layer 0 "
                   f"{best_induction[0]:.3f} (head {best_induction[1]}.{best_induction[2]}, the "
                   f"lower of the two lengths): {training['steps']} steps, "
                   f"{training['tokens_seen']:,} tokens, were too few for them to form.")
    top = guesses["top_next"]
    knockout_text = knockout_section(args.program, folder, rows, layers, heads, grid)
    licence = wordnet_licence()
    card = f"""# Attention Lab's built-in model

A small GPT-2 that Attention Lab trains itself, so that the Model tab shows trained,
specialised heads on the first start, with nothing to download.

- **Architecture**: GPT-2 (model_type gpt2: learned positions, pre-norm blocks, gelu_new,
  tied unembedding), {config['n_layer']} layers, {config['n_head']} heads,
  d_model {config['n_embd']}, context {config['n_positions']},
  {training['parameters']:,} parameters, float16 weights.
- **Tokenizer**: its own byte-level BPE, {training['merges']} merges and {config['vocab_size']}
  tokens (GPT-2's byte-to-unicode map and pre-tokenisation pattern; the last id is
  `<|endoftext|>`), in GPT-2's vocab.json and merges.txt.
- **Corpus**: WordNet 3.0's glosses (definitions) and example sentences, from Debian's
  wordnet-base package: {training['synsets']:,} synsets, one line each ("lemma, lemma: gloss;
  \\"example\\""), {training['corpus_tokens']:,} tokens; 2 % held out.
- **Licence of the corpus**: the WordNet 3.0 licence (Princeton University; permissive,
  BSD-style), reproduced below. The model, its tokenizer and this card are part of Attention
  Lab, GPL-3.0-or-later.
- **Training**: `scripts/train_builtin_model.py` (seed {training['seed']}, {training['steps']}
  steps, AdamW, warm-up then cosine), on the CPU; {training['tokens_seen']:,} tokens seen.
  Final training loss {training['final_loss_smoothed']:.3f} (smoothed), held-out loss
  {training['held_out_loss']:.3f} (nats per token).
- **Repeated spans**: natural text alone does not grow an induction head in so short a run,
  so, as Olsson et al. 2022 did, rows repeat spans. Each such row holds 4 to 100 random
  tokens of the vocabulary at a random place and the same tokens again after a gap of 0 to 40
  tokens (4 to 31 tokens in the short windows). A curriculum: for the first
  {round(training['early_fraction'] * 100)} % of the steps {round(training['early_share'] * 100)} % of
  the rows are such repeats, in 64-token windows at twice the batch; then a third of them
  (of the rest, three quarters natural text and a quarter a span of their own text copied
  later), in 128-token windows; the last quarter of the steps in the whole 256-token context at
  half the batch.

## The heads it found

Measured with Attention Lab's own detectors (`scripts/builtin_model_card.py`: `attention-lab
model ... -o x.npz`, then `attention-lab inspect x.npz --json`). Layers and heads from 0.
A previous-token head scores {PREVIOUS_MIN} or more (the mean of a[i][i-1] over rows i >= 1,
averaged over the sentences below); an induction head, in a layer after the first, puts
{INDUCTION_MIN} or more of each second-copy row's weight on the token that followed the
current token's first occurrence, with 25 and with 40 random tokens repeated once
(`model builtin --repeat-random N --seed 0`, inspect's `induction_repeats`); a sink puts
{SINK_MIN} or more on the first token.

| head | role | score | probe |
|---|---|---|---|
""" + "\n".join(f"| {l}.{h} | {role} | {score} | {probe} |" for l, h, role, score, probe in rows) + f"""

{missing}

The sentences: {"; ".join(f'"{s}"' for s in SENTENCES)}.

Previous-token score, layer x head, mean over the sentences:

{grid(previous)}

Induction over repeats, 25 random tokens repeated:

{grid(probes[25]["induction_repeats"])}

Induction over repeats, 40 random tokens repeated:

{grid(probes[40]["induction_repeats"])}

First-token score (sinks), mean over the sentences:

{grid(first)}

{knockout_text}

## What it guesses

After "a member of the genus" its five most likely next tokens are:
{", ".join(f'"{t["token"]}" ({t["p"]:.3f})' for t in top[:5]) if top else "(none reported)"}.

## WordNet 3.0 licence

As wordnet-base's data files state it (/usr/share/wordnet/data.noun):

{licence}
"""
    with open(os.path.join(folder, "README.md"), "w") as f:
        f.write(card)
    print("\n".join(f"{l}.{h} {role}: {score}" for l, h, role, score, _ in rows))


if __name__ == "__main__":
    main()
