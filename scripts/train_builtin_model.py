#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Trains Attention Lab's built-in model from a fixed seed, on the CPU.

The corpus is WordNet 3.0's glosses and example sentences, read from Debian's
wordnet-base (/usr/share/wordnet/data.{noun,verb,adj,adv}; the WordNet 3.0
licence, a permissive BSD-style one). Each synset becomes one line,
"lemma, lemma: gloss; \"example\"", kept when it is plain ASCII.

The script trains its own byte-level BPE (GPT-2's byte-to-unicode map and
pre-tokenisation pattern, merges learnt from the corpus' word counts), writes
it as GPT-2's vocab.json and merges.txt, and encodes the corpus with the same
rank-ordered merge loop that GPT-2's tokenizer (and Attention Lab's
Gpt2Tokenizer) applies. The model is GPT-2's architecture (pre-norm blocks,
learned positions, gelu_new, tied unembedding), written as Hugging Face names
in float16 safetensors, so Attention Lab opens it as any GPT-2 folder.

Natural text alone does not grow an induction head in a run this short, so,
as Olsson et al. 2022 did, rows repeat a span: random tokens of the vocabulary
(4 to 100 of them, at a random place, copied after a random gap of 0 to 40),
or a span of the window's own text copied later. A curriculum: the first 40 %
of the steps 95 % of the rows repeat random tokens, in 64-token windows; then
a third of them, in 128-token windows; the last quarter the whole context.
The positions start from sinusoids. The defaults, 3,000 steps at a peak
learning rate of 3e-3 (6,144,000 tokens), took 22.6 minutes on the shared
2-core machine (load 5 to 10) and grew a previous-token head, four induction
heads and sinks (see the card); 400 steps grew none.

    /usr/bin/python3 scripts/train_builtin_model.py --out resources/models/builtin \
        --program build/app/attention-lab

--program runs scripts/builtin_model_card.py afterwards, which measures the
heads with the program's own detectors and writes the model card.
"""

import argparse
import collections
import heapq
import json
import math
import os
import random
import re
import struct
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

WORDNET = "/usr/share/wordnet"
WORDNET_FILES = ["data.noun", "data.verb", "data.adj", "data.adv"]
END_OF_TEXT = "<|endoftext|>"

# GPT-2's pattern, 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+,
# written for ASCII text (the corpus is ASCII), where \p{L} is [A-Za-z] and \p{N} [0-9].
PRETOKEN = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+""")


def bytes_to_unicode():
    """GPT-2's map from each byte to a printable character, in GPT-2's id order."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return list(zip(bs, [chr(c) for c in cs]))


BYTE_PAIRS = bytes_to_unicode()
BYTE_CHAR = dict(BYTE_PAIRS)


def wordnet_lines(limit=None):
    """One line per synset: its lemmas, then its gloss (definition; "examples")."""
    lines = []
    for name in WORDNET_FILES:
        with open(os.path.join(WORDNET, name), encoding="latin-1") as f:
            for row in f:
                if row.startswith("  "):  # the licence header
                    continue
                head, sep, gloss = row.partition(" | ")
                if not sep:
                    continue
                fields = head.split()
                count = int(fields[3], 16)
                lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).replace("_", " ")
                          for i in range(count)]
                line = ", ".join(lemmas) + ": " + gloss.strip()
                if line.isascii():
                    lines.append(line)
                if limit and len(lines) >= limit:
                    return lines
    return lines


def pretokens(text):
    return PRETOKEN.findall(text)


def to_symbols(word):
    return "".join(BYTE_CHAR[b] for b in word.encode("utf-8"))


def train_bpe(lines, merge_count):
    """GPT-2-style merges learnt from the pre-tokens' counts; ties go to the smaller pair."""
    counts = collections.Counter()
    for line in lines:
        for piece in pretokens(line):
            counts[to_symbols(piece)] += 1
    words = [list(w) for w in counts]
    freq = list(counts.values())
    pairs = collections.Counter()
    where = collections.defaultdict(set)
    for i, w in enumerate(words):
        for p in zip(w, w[1:]):
            pairs[p] += freq[i]
            where[p].add(i)
    heap = [(-c, p) for p, c in pairs.items()]
    heapq.heapify(heap)
    merges = []
    while len(merges) < merge_count and heap:
        negative, pair = heapq.heappop(heap)
        if pairs.get(pair, 0) != -negative or negative == 0:
            continue
        merges.append(pair)
        a, b = pair
        joined = a + b
        changed = set()
        for i in sorted(where.pop(pair, ())):
            w = words[i]
            if not any(w[k] == a and w[k + 1] == b for k in range(len(w) - 1)):
                continue
            c = freq[i]
            for p in zip(w, w[1:]):
                pairs[p] -= c
                changed.add(p)
            merged, k = [], 0
            while k < len(w):
                if k + 1 < len(w) and w[k] == a and w[k + 1] == b:
                    merged.append(joined)
                    k += 2
                else:
                    merged.append(w[k])
                    k += 1
            for p in zip(merged, merged[1:]):
                pairs[p] += c
                where[p].add(i)
                changed.add(p)
            words[i] = merged
        pairs.pop(pair, None)
        for p in changed:
            if pairs.get(p, 0) > 0:
                heapq.heappush(heap, (-pairs[p], p))
    return merges


class Encoder:
    """GPT-2's encoder: pre-tokens, bytes to symbols, then the lowest-ranked pair merged
    until none is left (all its occurrences, left to right), as Gpt2Tokenizer does."""

    def __init__(self, merges):
        self.ranks = {p: i for i, p in enumerate(merges)}
        self.vocab = {c: i for i, (_, c) in enumerate(BYTE_PAIRS)}
        for a, b in merges:
            self.vocab.setdefault(a + b, len(self.vocab))
        self.vocab[END_OF_TEXT] = len(self.vocab)
        self.cache = {}

    def bpe(self, symbols):
        word = list(symbols)
        while len(word) > 1:
            ranked = [(self.ranks.get(p, math.inf), k) for k, p in enumerate(zip(word, word[1:]))]
            rank, first = min(ranked)
            if rank == math.inf:
                break
            a, b = word[first], word[first + 1]
            merged, k = [], 0
            while k < len(word):
                if k + 1 < len(word) and word[k] == a and word[k + 1] == b:
                    merged.append(a + b)
                    k += 2
                else:
                    merged.append(word[k])
                    k += 1
            word = merged
        return word

    def encode(self, text):
        ids = []
        for piece in pretokens(text):
            cached = self.cache.get(piece)
            if cached is None:
                cached = [self.vocab[s] for s in self.bpe(to_symbols(piece))]
                self.cache[piece] = cached
            ids.extend(cached)
        return ids


# Sentences whose ids the tests compare with `attention-lab tokenize builtin`.
TOKENIZER_CHECK = [
    "dog, domestic dog: a member of the genus Canis",
    "the cat sat on the mat; \"it's 42 degrees\" -- isn't it?",
    "  spaces,\ttabs\nand newlines  ",
    "Photosynthesis'd've 1234567 x=y+z",
]


def write_tokenizer_check(folder, encoder):
    """tokenizer_check.json: the ids this script's encoder gives TOKENIZER_CHECK."""
    with open(os.path.join(folder, "tokenizer_check.json"), "w") as f:
        json.dump([{"text": t, "ids": encoder.encode(t)} for t in TOKENIZER_CHECK], f, indent=1)
        f.write("\n")


def read_merges(folder):
    with open(os.path.join(folder, "merges.txt"), encoding="utf-8") as f:
        return [tuple(line.rstrip("\n").split(" ")) for line in f.readlines()[1:]]


def write_tokenizer(folder, encoder, merges):
    with open(os.path.join(folder, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(encoder.vocab, f, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(folder, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in merges:
            f.write(f"{a} {b}\n")


class Gpt2(torch.nn.Module):
    """GPT-2 as Hugging Face computes it: Conv1D weights [in, out], pre-norm, gelu_new."""

    def __init__(self, vocab, positions, d, layers, heads):
        super().__init__()
        self.heads = heads
        self.wte = torch.nn.Parameter(torch.randn(vocab, d) * 0.02)
        # Learned positions, started from Vaswani et al.'s sinusoids (scaled to the
        # tokens' size) rather than noise: a head that looks one token back has
        # something to find from the first step, and the heads form sooner.
        position = torch.arange(positions, dtype=torch.float32)[:, None]
        rate = torch.exp(torch.arange(0, d, 2, dtype=torch.float32) * (-math.log(10000.0) / d))
        sinusoids = torch.zeros(positions, d)
        sinusoids[:, 0::2] = torch.sin(position * rate)
        sinusoids[:, 1::2] = torch.cos(position * rate)
        self.wpe = torch.nn.Parameter(sinusoids * 0.05)
        proj = 0.02 / math.sqrt(2 * layers)
        self.blocks = torch.nn.ModuleList()
        for _ in range(layers):
            b = torch.nn.ParameterDict({name.replace(".", "__"): value for name, value in {
                "ln_1.weight": torch.nn.Parameter(torch.ones(d)),
                "ln_1.bias": torch.nn.Parameter(torch.zeros(d)),
                "attn.c_attn.weight": torch.nn.Parameter(torch.randn(d, 3 * d) * 0.02),
                "attn.c_attn.bias": torch.nn.Parameter(torch.zeros(3 * d)),
                "attn.c_proj.weight": torch.nn.Parameter(torch.randn(d, d) * proj),
                "attn.c_proj.bias": torch.nn.Parameter(torch.zeros(d)),
                "ln_2.weight": torch.nn.Parameter(torch.ones(d)),
                "ln_2.bias": torch.nn.Parameter(torch.zeros(d)),
                "mlp.c_fc.weight": torch.nn.Parameter(torch.randn(d, 4 * d) * 0.02),
                "mlp.c_fc.bias": torch.nn.Parameter(torch.zeros(4 * d)),
                "mlp.c_proj.weight": torch.nn.Parameter(torch.randn(4 * d, d) * proj),
                "mlp.c_proj.bias": torch.nn.Parameter(torch.zeros(d)),
            }.items()})
            self.blocks.append(b)
        self.ln_f_weight = torch.nn.Parameter(torch.ones(d))
        self.ln_f_bias = torch.nn.Parameter(torch.zeros(d))

    def forward(self, ids):
        batch, n = ids.shape
        d = self.wte.shape[1]
        hd = d // self.heads
        x = self.wte[ids] + self.wpe[:n]
        causal = torch.ones(n, n, dtype=torch.bool).tril()
        for b in self.blocks:
            h = F.layer_norm(x, (d,), b["ln_1__weight"], b["ln_1__bias"], 1e-5)
            qkv = h @ b["attn__c_attn__weight"] + b["attn__c_attn__bias"]
            q, k, v = (t.view(batch, n, self.heads, hd).transpose(1, 2) for t in qkv.split(d, -1))
            scores = (q @ k.transpose(-1, -2)) / math.sqrt(hd)
            a = scores.masked_fill(~causal, float("-inf")).softmax(-1)
            o = (a @ v).transpose(1, 2).reshape(batch, n, d)
            x = x + o @ b["attn__c_proj__weight"] + b["attn__c_proj__bias"]
            h = F.layer_norm(x, (d,), b["ln_2__weight"], b["ln_2__bias"], 1e-5)
            h = F.gelu(h @ b["mlp__c_fc__weight"] + b["mlp__c_fc__bias"], approximate="tanh")
            x = x + h @ b["mlp__c_proj__weight"] + b["mlp__c_proj__bias"]
        x = F.layer_norm(x, (d,), self.ln_f_weight, self.ln_f_bias, 1e-5)
        return x @ self.wte.T

    def named_tensors(self):
        yield "wte.weight", self.wte
        yield "wpe.weight", self.wpe
        for i, b in enumerate(self.blocks):
            for name, p in b.items():
                yield f"h.{i}.{name.replace('__', '.')}", p
        yield "ln_f.weight", self.ln_f_weight
        yield "ln_f.bias", self.ln_f_bias


def write_safetensors(path, tensors):
    """float16 safetensors, the header padded to 8 bytes, written atomically."""
    header, blobs, offset = {}, [], 0
    for name, t in tensors:
        raw = t.detach().to(torch.float16).contiguous().view(torch.int16).numpy().tobytes()
        header[name] = {"dtype": "F16", "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((-len(text)) % 8)
    with open(path + ".part", "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for raw in blobs:
            f.write(raw)
    os.replace(path + ".part", path)


class Batches:
    """Windows of the token stream; some with a repeated span (Olsson et al. 2022).

    Kinds, drawn per row: random tokens of the vocabulary, 4 to 100 of them, at
    a random place, then after a gap of 0 to 40 tokens the same tokens again
    (random_share of the rows); of the rest, three quarters natural text and
    one quarter a span of the window's own text, 4 to 100 tokens, copied later.
    The targets of a random span's first copy are not scored: nothing can
    predict them."""

    def __init__(self, stream, vocab_random, rng, context):
        self.stream = stream
        self.vocab_random = vocab_random
        self.rng = rng
        self.context = context

    def row(self, n, random_share):
        rng = self.rng
        start = rng.randrange(0, len(self.stream) - n - 1)
        tokens = list(self.stream[start:start + n + 1])
        scored = [True] * (n + 1)
        kind = rng.random()
        natural_share = (1 - random_share) * 0.75
        if kind < natural_share:
            return tokens, scored
        length = rng.randint(4, min(100, (n - 1) // 2))
        gap = rng.randint(0, min(40, n + 1 - 2 * length))
        at = 0 if rng.random() < 0.2 else rng.randint(0, n + 1 - 2 * length - gap)
        if kind < natural_share + random_share:
            span = rng.sample(range(self.vocab_random), length)
            tokens[at:at + length] = span
            for k in range(at, at + length):
                scored[k] = False
        else:
            span = tokens[at:at + length]
        second = at + length + gap
        tokens[second:second + length] = span
        return tokens, scored

    def next(self, batch, n, random_share):
        rows = [self.row(n, random_share) for _ in range(batch)]
        data = torch.tensor([r[0] for r in rows])
        mask = torch.tensor([r[1] for r in rows])
        targets = data[:, 1:].clone()
        targets[~mask[:, 1:]] = -100
        return data[:, :-1], targets


OPENBLAS = "/usr/lib/x86_64-linux-gnu/openblas-pthread"


def write_folder(folder, model, args, vocab_size, eot, encoder, merges):
    """config.json, model.safetensors, vocab.json and merges.txt: a GPT-2 folder."""
    os.makedirs(folder, exist_ok=True)
    write_tokenizer(folder, encoder, merges)
    write_safetensors(os.path.join(folder, "model.safetensors"), list(model.named_tensors()))
    config = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"],
              "n_layer": args.layers, "n_head": args.heads, "n_embd": args.d_model,
              "n_positions": args.context, "n_ctx": args.context, "vocab_size": vocab_size,
              "layer_norm_epsilon": 1e-5, "activation_function": "gelu_new", "n_inner": None,
              "bos_token_id": eot, "eos_token_id": eot, "tie_word_embeddings": True,
              "torch_dtype": "float16"}
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")


def use_openblas():
    """Runs the script again on OpenBLAS with two threads when Debian's libblas.so.3
    alternative is the reference BLAS (ten times slower here); torch itself keeps
    one thread, since its OpenMP threads and OpenBLAS's fight over two cores."""
    if os.environ.get("ATTENTION_LAB_TRAIN_BLAS") or not os.path.isdir(OPENBLAS):
        return
    env = dict(os.environ, ATTENTION_LAB_TRAIN_BLAS="openblas", OPENBLAS_NUM_THREADS="2",
               LD_LIBRARY_PATH=OPENBLAS + ":" + os.environ.get("LD_LIBRARY_PATH", ""))
    os.execve(sys.executable, [sys.executable, "-u"] + sys.argv, env)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the model folder to write")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--vocab", type=int, default=4096)
    parser.add_argument("--d-model", type=int, default=128)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--context", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--early-fraction", type=float, default=0.4,
                        help="the share of the steps in the curriculum's first stage")
    parser.add_argument("--early-share", type=float, default=0.95,
                        help="the share of the first stage's rows that repeat random tokens")
    parser.add_argument("--lines", type=int, default=0,
                        help="use only the first N synsets (0: all; the smoke test's slice)")
    parser.add_argument("--program", help="attention-lab, to measure the heads for the card")
    parser.add_argument("--snapshots", help="a folder for a copy of the model every 250 steps")
    parser.add_argument("--check-tokenizer", action="store_true",
                        help="only write --out's tokenizer_check.json from its merges.txt")
    args = parser.parse_args()
    if args.check_tokenizer:
        write_tokenizer_check(args.out, Encoder(read_merges(args.out)))
        return
    use_openblas()

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    began = time.time()
    os.makedirs(args.out, exist_ok=True)

    lines = wordnet_lines(args.lines or None)
    rng.shuffle(lines)
    print(f"corpus: {len(lines)} WordNet synsets, {sum(map(len, lines))} characters", flush=True)
    merges = train_bpe(lines, args.vocab - 257)
    encoder = Encoder(merges)
    vocab_size = len(encoder.vocab)
    write_tokenizer(args.out, encoder, merges)
    eot = encoder.vocab[END_OF_TEXT]
    stream = []
    for line in lines:
        stream.extend(encoder.encode(line))
        stream.append(eot)
    held = len(stream) // 50
    train_stream, held_stream = stream[held:], stream[:held]
    print(f"tokenizer: {len(merges)} merges, {vocab_size} tokens; corpus {len(stream)} tokens "
          f"({time.time() - began:.0f} s)", flush=True)

    model = Gpt2(vocab_size, args.context, args.d_model, args.layers, args.heads)
    decay = [p for n, p in model.named_tensors() if p.dim() == 2]
    plain = [p for n, p in model.named_tensors() if p.dim() < 2]
    optimiser = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1},
                                   {"params": plain, "weight_decay": 0.0}],
                                  lr=args.lr, betas=(0.9, 0.95))
    warmup = max(1, args.steps // 20)
    print(f"{args.steps} steps: warm-up {warmup}, then cosine to a tenth", flush=True)

    def rate(step):
        if step < warmup:
            return (step + 1) / warmup
        t = (step - warmup) / max(1, args.steps - warmup)
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * t))

    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, rate)
    batches = Batches(train_stream, vocab_size - 1, rng, args.context)
    tokens_seen, smooth, train_began = 0, None, time.time()
    for step in range(args.steps):
        # A curriculum: the first 40 % of the steps mostly repeated random spans in
        # quarter windows at twice the batch, so that the previous-token and
        # induction heads form early; then a third of the rows, in half windows;
        # the last quarter the whole context at half the batch (about the same
        # tokens, and cost, per step).
        early = step < args.steps * args.early_fraction
        share = args.early_share if early else 1 / 3
        long = step >= args.steps * 3 // 4
        n = args.context if long else args.context // 4 if early else args.context // 2
        rows = args.batch // 2 if long else args.batch * 2 if early else args.batch
        ids, targets = batches.next(rows, n, share)
        logits = model(ids)
        loss = F.cross_entropy(logits.reshape(-1, vocab_size), targets.reshape(-1),
                               ignore_index=-100)
        optimiser.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p for _, p in model.named_tensors()], 1.0)
        optimiser.step()
        schedule.step()
        tokens_seen += ids.numel()
        smooth = loss.item() if smooth is None else 0.98 * smooth + 0.02 * loss.item()
        if step % 25 == 0 or step == args.steps - 1:
            elapsed = time.time() - train_began
            print(f"step {step:5d}  loss {loss.item():.3f}  smoothed {smooth:.3f}  "
                  f"lr {schedule.get_last_lr()[0]:.2e}  {(step + 1) / elapsed:.2f} steps/s",
                  flush=True)
        if args.snapshots and (step + 1) % 250 == 0:
            write_folder(os.path.join(args.snapshots, f"step-{step + 1}"), model, args,
                         vocab_size, eot, encoder, merges)

    model.eval()
    with torch.no_grad():
        held_losses = []
        for k in range(0, min(len(held_stream) - args.context - 1, 64 * args.context),
                       args.context):
            chunk = torch.tensor(held_stream[k:k + args.context + 1])
            logits = model(chunk[None, :-1])
            held_losses.append(F.cross_entropy(logits[0], chunk[1:]).item())
        held_loss = sum(held_losses) / max(1, len(held_losses))
    write_folder(args.out, model, args, vocab_size, eot, encoder, merges)
    write_tokenizer_check(args.out, encoder)
    wall = time.time() - began
    training = {"seed": args.seed, "steps": args.steps, "batch": args.batch, "lr": args.lr,
                "early_fraction": args.early_fraction, "early_share": args.early_share,
                "context": args.context, "tokens_seen": tokens_seen,
                "final_loss_smoothed": round(smooth, 4), "held_out_loss": round(held_loss, 4),
                "synsets": len(lines), "corpus_tokens": len(stream), "merges": len(merges),
                "parameters": sum(p.numel() for _, p in model.named_tensors()),
                "wall_seconds": round(wall), "torch_threads": torch.get_num_threads(),
                "blas": os.environ.get("ATTENTION_LAB_TRAIN_BLAS", "default"),
                "torch": torch.__version__}
    with open(os.path.join(args.out, "training.json"), "w") as f:
        json.dump(training, f, indent=2)
        f.write("\n")
    print(f"done: {tokens_seen} tokens seen, loss {smooth:.3f} (held out {held_loss:.3f}), "
          f"{wall / 60:.1f} min", flush=True)
    if args.program:
        card = os.path.join(os.path.dirname(os.path.abspath(__file__)), "builtin_model_card.py")
        subprocess.run([sys.executable, card, args.out, "--program", args.program], check=True)


if __name__ == "__main__":
    main()
