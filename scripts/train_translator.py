#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Trains Attention Lab's built-in English-to-French translator from a fixed
seed, on the CPU, in the "marian" layout (Helsinki-NLP's opus-mt folders),
so that every view, command and test of that family serves it.

The corpus is the French message catalogues of the Debian 12 packages that
scripts/translator_corpus.py names, cleaned by its rules. A test split is held
out by string: the English strings whose SHA-256 ends in a byte below 5 (about
2 %), and every English string of resources/models/builtin-en-fr's
alignments.tsv (the hand-aligned pairs, in any case), are never trained on.

Tokenizers: Debian's spm_train, one unigram model a language (source.spm for
English, target.spm for French, 2,500 pieces each, from seed 1, one thread),
and vocab.json, the pieces of both merged in code-point order between </s>,
<unk> and <pad>, as Marian's converter writes a shared vocabulary.

The model is transformers' MarianMTModel: the embeddings times sqrt(d_model)
plus the sinusoids of Eq. 16.4 in two halves (sines, then cosines), post-norm
blocks, SiLU, the output tied to the shared embeddings plus final_logits_bias
(zeros). 3 + 3 layers, 4 heads, d_model 128, feed-forward 512. It is written
in float16 as model.safetensors with Hugging Face's names.

Training: batches of about 3,072 tokens (source and target) of pairs sorted by
length, label smoothing 0.1, dropout 0.1, AdamW (0.9, 0.98), a learning rate
warming up over 400 steps to 1.5e-3 and decaying as 1/sqrt(step), for --steps
steps (2,500), on two threads. The loss is printed every 50 steps; the held-out loss
every 1,000.

    /usr/bin/python3 scripts/train_translator.py --out resources/models/builtin-en-fr

Then scripts/translator_card.py measures the model with the program's own
code and writes its card (README.md).
"""

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import translator_corpus  # noqa: E402

SPECIALS = ["</s>", "<unk>"]
PAD = "<pad>"


# ---------------------------------------------------------------- data

def split(pairs, held):
    """(train, test): the test split is every pair whose English hashes to a
    last byte below 5, and every English string of \a held, in any case
    ("Show Hidden Files" goes with "Show hidden files")."""
    held = {english.lower() for english in held}
    train, test = [], []
    for english, french in pairs:
        digest = hashlib.sha256(english.encode("utf-8")).digest()
        held_out = digest[-1] < 5 or english.lower() in held
        (test if held_out else train).append((english, french))
    return train, test


def hand_aligned(path):
    """alignments.tsv: English, French and the alignment (French word index
    - English word index pairs, from 0), a tab between; # starts a comment."""
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            english, french, links = line.split("\t")
            rows.append((english, french, links))
    return rows


def train_spm(folder, name, lines, pieces):
    """spm_train on relative paths in \a folder (the model records its options)."""
    with open(os.path.join(folder, name + ".txt"), "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
    subprocess.run(["spm_train", f"--input={name}.txt", f"--model_prefix={name}",
                    f"--vocab_size={pieces}", "--model_type=unigram",
                    "--character_coverage=1.0", "--random_seed=1", "--num_threads=1",
                    "--minloglevel=2", "--hard_vocab_limit=false",
                    "--input_sentence_size=0", "--shuffle_input_sentence=false",
                    "--unk_id=0", "--bos_id=-1", "--eos_id=1", "--pad_id=-1"],
                   check=True, cwd=folder, stdout=subprocess.DEVNULL)
    os.unlink(os.path.join(folder, name + ".txt"))
    os.unlink(os.path.join(folder, name + ".vocab"))
    import sentencepiece as spm
    return spm.SentencePieceProcessor(model_file=os.path.join(folder, name + ".model"))


def marian_vocabulary(source, target):
    """vocab.json: </s>, <unk>, both models' pieces merged in code-point
    order, <pad> last."""
    def pieces(p):
        return {p.id_to_piece(i) for i in range(p.get_piece_size())
                if not (p.is_unknown(i) or p.is_control(i))}
    merged = sorted(pieces(source) | pieces(target))
    return {t: i for i, t in enumerate(SPECIALS + merged + [PAD])}


def encode(processor, vocab, text):
    """Marian's ids: the pieces looked up in vocab.json, then </s>."""
    return [vocab.get(p, 1) for p in processor.encode(text, out_type=str)] + [0]


# ---------------------------------------------------------------- the model

def sinusoids_halves(n_pos, dim):
    """MarianSinusoidalPositionalEmbedding: sines in the first half of each
    row, cosines in the second."""
    position = torch.tensor(
        [[pos / math.pow(10000, 2 * (j // 2) / dim) for j in range(dim)] for pos in range(n_pos)],
        dtype=torch.float64)
    out = torch.empty(n_pos, dim)
    out[:, :dim // 2] = torch.sin(position[:, 0::2]).float()
    out[:, dim // 2:] = torch.cos(position[:, 1::2]).float()
    return out


class Attention(torch.nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q_proj = torch.nn.Linear(d, d)
        self.k_proj = torch.nn.Linear(d, d)
        self.v_proj = torch.nn.Linear(d, d)
        self.out_proj = torch.nn.Linear(d, d)

    def forward(self, x, memory, mask, dropout):
        b, n, d = x.shape
        m = memory.shape[1]
        h = self.heads
        q = self.q_proj(x).view(b, n, h, d // h).transpose(1, 2) * (d // h) ** -0.5
        k = self.k_proj(memory).view(b, m, h, d // h).transpose(1, 2)
        v = self.v_proj(memory).view(b, m, h, d // h).transpose(1, 2)
        weights = torch.softmax((q @ k.transpose(-1, -2)).masked_fill(mask, float("-inf")), -1)
        weights = F.dropout(weights, dropout, self.training)
        return self.out_proj((weights @ v).transpose(1, 2).reshape(b, n, d))


class Layer(torch.nn.Module):
    """A Marian block: each sublayer's output added, then the LayerNorm."""

    def __init__(self, d, heads, ffn, cross):
        super().__init__()
        self.self_attn = Attention(d, heads)
        self.self_attn_layer_norm = torch.nn.LayerNorm(d)
        if cross:
            self.encoder_attn = Attention(d, heads)
            self.encoder_attn_layer_norm = torch.nn.LayerNorm(d)
        self.fc1 = torch.nn.Linear(d, ffn)
        self.fc2 = torch.nn.Linear(ffn, d)
        self.final_layer_norm = torch.nn.LayerNorm(d)

    def forward(self, x, self_mask, memory=None, cross_mask=None, dropout=0.0):
        drop = lambda t: F.dropout(t, dropout, self.training)  # noqa: E731
        x = self.self_attn_layer_norm(x + drop(self.self_attn(x, x, self_mask, dropout)))
        if memory is not None:
            x = self.encoder_attn_layer_norm(
                x + drop(self.encoder_attn(x, memory, cross_mask, dropout)))
        return self.final_layer_norm(x + drop(self.fc2(drop(F.silu(self.fc1(x))))))


class Marian(torch.nn.Module):
    def __init__(self, vocab, d, heads, layers, ffn, positions, pad):
        super().__init__()
        self.d = d
        self.pad = pad
        self.shared = torch.nn.Embedding(vocab, d)
        torch.nn.init.normal_(self.shared.weight, std=d ** -0.5)
        self.encoder = torch.nn.ModuleList(Layer(d, heads, ffn, False) for _ in range(layers))
        self.decoder = torch.nn.ModuleList(Layer(d, heads, ffn, True) for _ in range(layers))
        self.register_buffer("positions", sinusoids_halves(positions, d), persistent=False)
        self.register_buffer("final_logits_bias", torch.zeros(1, vocab), persistent=False)

    def embed(self, ids, dropout):
        x = self.shared(ids) * math.sqrt(self.d) + self.positions[:ids.shape[1]]
        return F.dropout(x, dropout, self.training)

    def forward(self, source, target, dropout=0.0, target_pad=None):
        """\a target_pad marks the target's padding (its first id, the
        decoder's start, is <pad> itself, so the ids cannot tell)."""
        source_pad = (source == self.pad)[:, None, None, :]
        x = self.embed(source, dropout)
        for layer in self.encoder:
            x = layer(x, source_pad, dropout=dropout)
        n = target.shape[1]
        causal = torch.triu(torch.ones(n, n, dtype=torch.bool), 1)[None, None]
        y = self.embed(target, dropout)
        for layer in self.decoder:
            y = layer(y, causal | target_pad[:, None, None, :], x, source_pad, dropout)
        return y @ self.shared.weight.T + self.final_logits_bias

    def hub_tensors(self):
        """The weights under MarianMTModel's names, in a fixed order."""
        out = {"model.shared.weight": self.shared.weight}
        for stack, layers in (("encoder", self.encoder), ("decoder", self.decoder)):
            for i, layer in enumerate(layers):
                for name, tensor in layer.state_dict().items():
                    out[f"model.{stack}.layers.{i}.{name}"] = tensor
        out["final_logits_bias"] = self.final_logits_bias
        out["lm_head.weight"] = self.shared.weight
        return out


def save_safetensors(path, tensors):
    """float16, in name order, header padded to 8 bytes."""
    header, data, offset = {}, [], 0
    for name in sorted(tensors):
        raw = tensors[name].detach().to(torch.float16).contiguous().numpy().tobytes()
        header[name] = {"dtype": "F16", "shape": list(tensors[name].shape),
                        "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        data.append(raw)
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header, separators=(",", ":"), sort_keys=True).encode("utf-8")
    text += b" " * ((-len(text)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(data))


# ---------------------------------------------------------------- training

def batches(pairs, max_tokens, rng):
    """Pairs sorted by length, cut into batches of about \a max_tokens, in
    an order shuffled by \a rng."""
    order = sorted(range(len(pairs)), key=lambda i: (len(pairs[i][0]) + len(pairs[i][1]), i))
    out, current, longest = [], [], 0
    for i in order:
        longest_now = max(longest, len(pairs[i][0]) + len(pairs[i][1]))
        if current and longest_now * (len(current) + 1) > max_tokens:
            out.append(current)
            current, longest_now = [], len(pairs[i][0]) + len(pairs[i][1])
        current.append(i)
        longest = longest_now
    if current:
        out.append(current)
    rng.shuffle(out)
    return out


def tensors(pairs, indices, pad, start):
    source = [pairs[i][0] for i in indices]
    target = [pairs[i][1] for i in indices]
    n = max(map(len, source))
    m = max(map(len, target))
    src = torch.full((len(indices), n), pad, dtype=torch.long)
    dec = torch.full((len(indices), m), pad, dtype=torch.long)
    lab = torch.full((len(indices), m), pad, dtype=torch.long)
    for row, (s, t) in enumerate(zip(source, target)):
        src[row, :len(s)] = torch.tensor(s)
        dec[row, 0] = start
        dec[row, 1:len(t)] = torch.tensor(t[:-1])
        lab[row, :len(t)] = torch.tensor(t)
    return src, dec, lab


def loss_of(model, src, dec, lab, pad, smoothing, dropout):
    logits = model(src, dec, dropout, lab == pad)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), lab.reshape(-1),
                           ignore_index=pad, label_smoothing=smoothing)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--cache", default="/tmp/translator-debs")
    parser.add_argument("--steps", type=int, default=2500)
    parser.add_argument("--limit", type=int, default=0, help="train on the first N pairs only")
    parser.add_argument("--d-model", type=int, default=128)
    parser.add_argument("--layers", type=int, default=3)
    parser.add_argument("--pieces", type=int, default=2500)
    parser.add_argument("--batch-tokens", type=int, default=3072)
    args = parser.parse_args()

    torch.manual_seed(20261206)
    torch.set_num_threads(2)
    rng = random.Random(20261206)
    here = os.path.dirname(os.path.abspath(__file__))
    held = {row[0] for row in hand_aligned(
        os.path.join(here, "..", "resources", "models", "builtin-en-fr", "alignments.tsv"))}

    pairs, given = translator_corpus.corpus(args.cache)
    train, test = split(pairs, held)
    if args.limit:
        train = train[:args.limit]
    print(f"{len(pairs)} pairs: {len(train)} to train on, {len(test)} held out", flush=True)

    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        source_spm = train_spm(work, "source", [e for e, _ in train], args.pieces)
        target_spm = train_spm(work, "target", [f for _, f in train], args.pieces)
        shutil.copy(os.path.join(work, "source.model"), os.path.join(args.out, "source.spm"))
        shutil.copy(os.path.join(work, "target.model"), os.path.join(args.out, "target.spm"))
    vocab = marian_vocabulary(source_spm, target_spm)
    pad = vocab[PAD]
    encoded = [(encode(source_spm, vocab, e), encode(target_spm, vocab, f)) for e, f in train]
    held_out = [(encode(source_spm, vocab, e), encode(target_spm, vocab, f)) for e, f in test]
    positions = 128
    encoded = [p for p in encoded if len(p[0]) <= positions and len(p[1]) <= positions]

    d, heads, ffn = args.d_model, 4, 4 * args.d_model
    model = Marian(len(vocab), d, heads, args.layers, ffn, positions, pad)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1.0, betas=(0.9, 0.98), eps=1e-9,
                                  weight_decay=0.01)
    warmup = 400
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: 1.5e-3 * min((step + 1) / warmup, math.sqrt(warmup / (step + 1))))
    parameters = sum(p.numel() for p in model.parameters())
    print(f"vocabulary {len(vocab)}, {parameters} parameters", flush=True)

    started = time.time()
    step, epoch, running = 0, 0, 0.0
    plan = []
    while step < args.steps:
        if not plan:
            plan = batches(encoded, args.batch_tokens, rng)
            epoch += 1
        model.train()
        src, dec, lab = tensors(encoded, plan.pop(), pad, pad)
        loss = loss_of(model, src, dec, lab, pad, 0.1, 0.1)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        step += 1
        running += loss.item()
        if step % 50 == 0:
            print(f"step {step} epoch {epoch} loss {running / 50:.3f} "
                  f"({time.time() - started:.0f} s)", flush=True)
            running = 0.0
        if step % 1000 == 0 or step == args.steps:
            model.eval()
            with torch.no_grad():
                total, count = 0.0, 0
                for indices in batches(held_out, args.batch_tokens, random.Random(0)):
                    src, dec, lab = tensors(held_out, indices, pad, pad)
                    n = int((lab != pad).sum())
                    total += loss_of(model, src, dec, lab, pad, 0.0, 0.0).item() * n
                    count += n
            print(f"step {step} held-out loss {total / count:.3f}", flush=True)

    config = {
        "architectures": ["MarianMTModel"], "model_type": "marian", "d_model": d,
        "encoder_layers": args.layers, "decoder_layers": args.layers,
        "encoder_attention_heads": heads, "decoder_attention_heads": heads,
        "encoder_ffn_dim": ffn, "decoder_ffn_dim": ffn, "activation_function": "swish",
        "max_position_embeddings": positions, "vocab_size": len(vocab),
        "decoder_vocab_size": len(vocab), "scale_embedding": True,
        "share_encoder_decoder_embeddings": True, "tie_word_embeddings": True,
        "pad_token_id": pad, "eos_token_id": 0, "forced_eos_token_id": 0,
        "decoder_start_token_id": pad, "is_encoder_decoder": True,
        "normalize_embedding": False, "static_position_embeddings": True,
        "torch_dtype": "float16"}
    with open(os.path.join(args.out, "config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    with open(os.path.join(args.out, "vocab.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False, indent=0)
        f.write("\n")
    with open(os.path.join(args.out, "tokenizer_config.json"), "w", encoding="utf-8") as f:
        json.dump({"source_lang": "en", "target_lang": "fr", "separate_vocabs": False,
                   "eos_token": "</s>", "unk_token": "<unk>", "pad_token": "<pad>",
                   "model_max_length": positions}, f, indent=2)
        f.write("\n")
    save_safetensors(os.path.join(args.out, "model.safetensors"), model.hub_tensors())
    with open(os.path.join(args.out, "heldout.tsv"), "w", encoding="utf-8") as f:
        f.write("# The held-out split: English, a tab, French; never trained on.\n")
        for english, french in test:
            f.write(f"{english}\t{french}\n")
    with open(os.path.join(args.out, "packages.json"), "w", encoding="utf-8") as f:
        json.dump({name: {"version": v, "licence": lic, "pairs": n}
                   for name, (v, lic, n) in sorted(given.items())}, f, indent=1,
                  ensure_ascii=False)
        f.write("\n")
    print(f"wrote {args.out} after {step} steps in {time.time() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
