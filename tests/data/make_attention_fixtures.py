#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes the attention files that tests/io/tst_attentionfilereader.cpp reads
(tests/data/attention/) and what numpy makes of each (expected.json), and the
seed corpora of the reader fuzzers (tests/fuzz/corpus/).  Run once with
Debian's python3-numpy (/usr/bin/python3 tests/data/make_attention_fixtures.py);
the tests never need Python.

.safetensors files are written by hand (struct + json): the format is an
8-byte little-endian header length, a JSON header, then the data.  numpy has
no bfloat16, so BF16 values are the top 16 bits of float32 ones (truncation,
as the reference does when it has to).

Every value in expected.json is a float32 written with repr() of a float64,
which is exact."""
import io
import json
import os
import shutil
import struct
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "attention")
CORPUS = os.path.join(HERE, "..", "fuzz", "corpus")

rng = np.random.default_rng(20261130)
expected = {"good": [], "bad": []}


def distributions(*shape, dtype=np.float64):
    """Rows that are softmaxes of random scores, as float64."""
    scores = rng.standard_normal(shape) * 2.0
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)).astype(dtype)


def path(name):
    return os.path.join(OUT, name)


def save_npy(name, array, version=None):
    with open(path(name), "wb") as f:
        np.lib.format.write_array(f, array, version=version, allow_pickle=False)


def safetensors_bytes(tensors, metadata=None, pad_to=8):
    """tensors: list of (name, dtype string, shape, raw bytes)."""
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    offset = 0
    data = b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape),
                        "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
        data += raw
    text = json.dumps(header).encode("utf-8")
    text += b" " * ((-len(text)) % pad_to)
    return struct.pack("<Q", len(text)) + text + data


def save_safetensors(name, tensors, metadata=None):
    with open(path(name), "wb") as f:
        f.write(safetensors_bytes(tensors, metadata))


def bf16_bytes(array):
    bits = np.ascontiguousarray(array, dtype="<f4").view("<u4") >> 16
    return bits.astype("<u2").tobytes()


def samples(tensor):
    """A few (layer, head, query, key, value) of a [L, H, Q, K] float32 array:
    the first and last weights, and a few between."""
    L, H, Q, K = tensor.shape
    picks = [(0, 0, 0, 0), (L - 1, H - 1, Q - 1, K - 1)]
    for _ in range(3):
        picks.append((int(rng.integers(L)), int(rng.integers(H)), int(rng.integers(Q)),
                      int(rng.integers(K))))
    return [[l, h, q, k, repr(float(tensor[l, h, q, k]))] for l, h, q, k in picks]


def good(name, file, tensor, tokens=None, query_tokens=None, tokens_file="", batch=-1,
         layout=""):
    """tensor: what the reader should give, [L, H, Q, K], as numpy computes it."""
    t = np.asarray(tensor, dtype=np.float32)
    expected["good"].append({
        "name": name, "file": file, **({"layout": layout} if layout else {}),
        "tokens_file": tokens_file, "batch": batch,
        "shape": list(t.shape), "values": samples(t),
        "row_sums_ok": True,
        "tokens": tokens or [], "query_tokens": query_tokens or []})


def bad(name, file, error, tokens_file="", batch=-1, layout=""):
    """error: text the one-line message must contain."""
    expected["bad"].append({"name": name, "file": file,
                            **({"layout": layout} if layout else {}),
                            "tokens_file": tokens_file, "batch": batch, "error": error})


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    L, H, Q, K = 2, 3, 4, 5
    base = distributions(L, H, Q, K)
    tokens = ["Ġthe", "Ġdog", "é", "日本", "##ing"]

    # .npy: each dtype, both byte orders, Fortran order, header versions.
    for descr in ("<f4", ">f4", "<f8", ">f8", "<f2", ">f2"):
        a = base.astype(descr)
        name = "f%s_%s.npy" % (descr[2], "le" if descr[0] == "<" else "be")
        save_npy(name, a)
        good("npy " + descr, name, a.astype(np.float32))
    for descr in ("<f4", ">f8", "<f2"):
        a = np.asfortranarray(base.astype(descr))
        name = "fortran_f%s_%s.npy" % (descr[2], "le" if descr[0] == "<" else "be")
        save_npy(name, a)
        good("npy Fortran order " + descr, name, a.astype(np.float32))
    for version in ((1, 0), (2, 0), (3, 0)):
        name = "version%d.npy" % version[0]
        save_npy(name, base.astype("<f4"), version=version)
        good("npy header version %d.0" % version[0], name, base.astype(np.float32))
    # Layouts.
    save_npy("qk.npy", base[1, 2].astype("<f4"))
    good("npy [Q, K]", "qk.npy", base[1, 2][None, None].astype(np.float32))
    save_npy("hqk.npy", base[1].astype("<f4"))
    good("npy [H, Q, K]", "hqk.npy", base[1][None].astype(np.float32))
    save_npy("batch_first.npy", base[None].astype("<f4"))
    good("npy [1, L, H, Q, K]", "batch_first.npy", base)
    save_npy("batch_second.npy", base[:, None].astype("<f4"))
    good("npy [L, 1, H, Q, K]", "batch_second.npy", base)
    second = distributions(L, H, Q, K)
    batch2 = np.stack([base, second], axis=1).astype("<f4")  # torch.stack(attentions)
    save_npy("batch2.npy", batch2)
    # [2, 2, H, Q, K] reads as [L, B, ...] and as [B, L, ...]: --layout says which.
    good("npy [L, 2, H, Q, K] --batch 0", "batch2.npy", base, batch=0, layout="LBHQK")
    good("npy [L, 2, H, Q, K] --batch 1", "batch2.npy", second, batch=1, layout="LBHQK")
    bad("npy [2, 2, H, Q, K] without --layout", "batch2.npy",
        "reads two ways: [layers, batch, heads, Q, K] (torch.stack(outputs.attentions)), "
        "2 layers and a batch of 2, or [batch, layers, heads, Q, K] "
        "(torch.stack(outputs.attentions, 1)), a batch of 2 and 2 layers")
    bad("npy batch of 2 without --batch", "batch2.npy", "choose one with --batch",
        layout="LBHQK")
    bad("npy batch 2 out of range", "batch2.npy", "batch 2 is out of range", batch=2,
        layout="LBHQK")
    bad("npy batch 1 of a file without a batch", "f4_le.npy", "batch 1 is out of range", batch=1)
    # A padding row (all zeros) is allowed.
    padded = base.astype("<f4").copy()
    padded[1, 0, 3, :] = 0
    save_npy("padding_row.npy", padded)
    good("npy with an all-zero padding row", "padding_row.npy", padded)
    # Sums: 16-bit data may stray 2e-2, wider data 1e-3.
    loose = base.copy()
    loose[0, 1, 2, :] *= 1.005
    save_npy("sum_1.005_f2.npy", loose.astype("<f2"))
    good("npy float16 row summing to 1.005", "sum_1.005_f2.npy", loose.astype("<f2").astype(np.float32))
    save_npy("sum_1.005_f4.npy", loose.astype("<f4"))
    bad("npy float32 row summing to 1.005", "sum_1.005_f4.npy",
        "layer 0, head 1, row 2 sums to 1.0050, not 1")

    # Tokens files, beside f4_le.npy.
    with open(path("tokens.json"), "w", encoding="utf-8") as f:
        json.dump(tokens, f, ensure_ascii=False)
    with open(path("tokens.txt"), "w", encoding="utf-8", newline="") as f:
        f.write("\r\n".join(tokens) + "\r\n")
    with open(path("tokens_short.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(tokens[:4]) + "\n")
    f4 = base.astype(np.float32)
    good("npy with a JSON tokens file", "f4_le.npy", f4, tokens=tokens, tokens_file="tokens.json")
    good("npy with a token-a-line file", "f4_le.npy", f4, tokens=tokens, tokens_file="tokens.txt")
    bad("npy with 4 tokens for 5 keys", "f4_le.npy", "has 4 tokens (from ", tokens_file="tokens_short.txt")

    # .npz: stored and deflated, tokens as unicode and as bytes.
    np.savez(path("savez_unicode_tokens.npz"), attentions=base.astype("<f4"), tokens=np.array(tokens))
    good("npz stored, unicode tokens", "savez_unicode_tokens.npz", f4, tokens=tokens)
    big_endian_tokens = np.array(tokens).astype(">U5")
    np.savez_compressed(path("compressed_be_unicode_tokens.npz"), attentions=base.astype(">f8"),
                        tokens=big_endian_tokens)
    good("npz deflated, big-endian unicode tokens, >f8", "compressed_be_unicode_tokens.npz", f4,
         tokens=tokens)
    byte_tokens = np.array([t.encode("utf-8") for t in tokens])
    np.savez_compressed(path("compressed_bytes_tokens.npz"), attentions=base.astype("<f2"),
                        tokens=byte_tokens, input_ids=np.arange(K))
    good("npz deflated, byte tokens, float16, other arrays ignored",
         "compressed_bytes_tokens.npz", base.astype("<f2").astype(np.float32), tokens=tokens)
    good("npz tokens file overrides the tokens array", "compressed_bytes_tokens.npz",
         base.astype("<f2").astype(np.float32), tokens=tokens[::-1], tokens_file="reversed.json")
    with open(path("reversed.json"), "w", encoding="utf-8") as f:
        json.dump(tokens[::-1], f, ensure_ascii=False)
    np.savez(path("unnamed.npz"), base.astype("<f4"))
    good("npz one unnamed array (arr_0)", "unnamed.npz", f4)
    np.savez_compressed(path("per_layer.npz"),
                        **{"attentions.%d" % l: base[l].astype("<f4") for l in range(L)},
                        tokens=np.array(tokens))
    good("npz per-layer attentions.N [H, Q, K]", "per_layer.npz", f4, tokens=tokens)
    np.savez(path("hook_pattern.npz"),
             **{"blocks.%d.attn.hook_pattern" % l: base[l][None].astype("<f4") for l in reversed(range(L))})
    good("npz per-layer blocks.N.attn.hook_pattern [1, H, Q, K]", "hook_pattern.npz", f4)
    np.savez(path("positional_layers.npz"), *[base[l][None].astype("<f4") for l in range(L)])
    good("npz np.savez(f, *attentions): arr_0, arr_1", "positional_layers.npz", f4)
    np.savez(path("per_layer_batch2.npz"),
             **{"layer_%d" % l: np.stack([base[l], second[l]]).astype("<f4") for l in range(L)})
    good("npz per-layer [2, H, Q, K] --batch 1", "per_layer_batch2.npz", second, batch=1)
    # Q != K: the last Q queries of a causal run, with query tokens.
    qk = distributions(L, H, 3, K)
    np.savez(path("q_ne_k.npz"), attentions=qk.astype("<f4"), tokens=np.array(tokens),
             query_tokens=np.array(tokens[2:]))
    good("npz Q != K with query_tokens", "q_ne_k.npz", qk, tokens=tokens, query_tokens=tokens[2:])

    # .safetensors: each dtype, per-layer tensors, tokens in __metadata__.
    meta = {"tokens": json.dumps(tokens, ensure_ascii=False), "format": "pt"}
    for dtype, np_type in (("F32", "<f4"), ("F64", "<f8"), ("F16", "<f2")):
        name = "%s.safetensors" % dtype.lower()
        save_safetensors(name, [("attentions", dtype, base.shape, base.astype(np_type).tobytes())], meta)
        good("safetensors " + dtype, name, base.astype(np_type).astype(np.float32), tokens=tokens)
    bf16 = (np.ascontiguousarray(base, dtype="<f4").view("<u4") & 0xFFFF0000).view("<f4")
    save_safetensors("bf16.safetensors",
                     [("attentions", "BF16", base.shape, bf16_bytes(base.astype("<f4")))], meta)
    good("safetensors BF16", "bf16.safetensors", bf16, tokens=tokens)
    save_safetensors("per_layer.safetensors",
                     [("input_ids", "I64", [K], np.arange(K, dtype="<i8").tobytes())] +
                     [("layer_%d" % l, "F32", (1, H, Q, K), base[l][None].astype("<f4").tobytes())
                      for l in reversed(range(L))], meta)
    good("safetensors per-layer layer_N [1, H, Q, K]", "per_layer.safetensors", f4, tokens=tokens)
    save_safetensors("q_ne_k.safetensors",
                     [("attentions", "F32", (L, 1, H, 3, K), qk[:, None].astype("<f4").tobytes())],
                     {"tokens": json.dumps(tokens), "query_tokens": json.dumps(tokens[2:])})
    good("safetensors [L, 1, H, Q, K] with Q != K and query_tokens", "q_ne_k.safetensors", qk,
         tokens=tokens, query_tokens=tokens[2:])

    # Bad files, one line each.
    good_npy = open(path("f4_le.npy"), "rb").read()
    with open(path("bad_truncated_header.npy"), "wb") as f:
        f.write(good_npy[:40])
    bad("npy cut inside its header", "bad_truncated_header.npy", "truncated")
    with open(path("bad_short_data.npy"), "wb") as f:
        f.write(good_npy[:-7])
    bad("npy header promising more data", "bad_short_data.npy", "header promises 480 bytes")
    with open(path("bad_magic.npy"), "wb") as f:
        f.write(b"NUMPY!" + good_npy[6:])
    bad("npy without its magic", "bad_magic.npy", "is not a .npy file")
    obj = np.empty(2, dtype=object)
    obj[0], obj[1] = "a", [1]
    with open(path("bad_object.npy"), "wb") as f:
        np.lib.format.write_array(f, obj, allow_pickle=True)
    bad("npy object array", "bad_object.npy", "is an object array")
    save_npy("bad_int32.npy", (base * 100).astype("<i4"))
    bad("npy int32", "bad_int32.npy", "dtype <i4 (int32)")
    save_npy("bad_complex.npy", base.astype("<c8"))
    bad("npy complex64", "bad_complex.npy", "dtype <c8 (complex64)")
    save_npy("bad_unicode.npy", np.array(tokens))
    bad("npy unicode text as attention", "bad_unicode.npy", "unicode text")
    save_npy("bad_zero_axis.npy", np.zeros((2, 0, 4, 5), dtype="<f4"))
    bad("npy axis of length 0", "bad_zero_axis.npy", "axis of length 0")
    save_npy("bad_one_axis.npy", base[0, 0, 0].astype("<f4"))
    bad("npy one axis", "bad_one_axis.npy", "has one axis (shape [5])")
    not_dist = base.astype("<f4").copy()
    not_dist[1, 2, 3] *= 0.8123
    save_npy("bad_row_sum.npy", not_dist)
    bad("npy row that is not a distribution", "bad_row_sum.npy",
        "layer 1, head 2, row 3 sums to 0.8123, not 1")
    nan = base.astype("<f4").copy()
    nan[0, 1, 2, 4] = np.nan
    save_npy("bad_nan.npy", nan)
    bad("npy NaN", "bad_nan.npy", "layer 0, head 1, row 2 holds NaN at key 4")
    negative = base.astype("<f4").copy()
    negative[1, 0, 0, 1] = -negative[1, 0, 0, 1]
    save_npy("bad_negative.npy", negative)
    bad("npy negative weight", "bad_negative.npy", "layer 1, head 0, row 0 holds the negative weight")

    np.savez(path("bad_tokens_length.npz"), attentions=base.astype("<f4"), tokens=np.array(tokens[:3]))
    bad("npz token list of the wrong length", "bad_tokens_length.npz", "has 3 tokens (its tokens array) for 5 keys")
    np.savez(path("bad_query_tokens_length.npz"), attentions=qk.astype("<f4"), tokens=np.array(tokens),
             query_tokens=np.array(tokens))
    bad("npz query token list of the wrong length", "bad_query_tokens_length.npz",
        "has 5 query tokens (its query_tokens array) for 3 queries")
    with zipfile.ZipFile(path("bad_not_npz.npz"), "w") as z:
        z.writestr("readme.txt", "not an array")
    bad("zip that is not an npz", "bad_not_npz.npz", "is not an npz file: none of its 1 members")
    with open(path("bad_not_zip.npz"), "wb") as f:
        f.write(good_npy)
    bad("npz that is no zip", "bad_not_zip.npz", "is no zip archive")
    whole = open(path("savez_unicode_tokens.npz"), "rb").read()
    with open(path("bad_truncated.npz"), "wb") as f:
        f.write(whole[: len(whole) // 2])
    bad("npz truncated", "bad_truncated.npz", "is no zip archive")
    # One flipped bit in a stored member's data: only its CRC-32 tells.
    crc = bytearray(whole)
    data_at = crc.find(base.astype("<f4").tobytes()[:16])
    crc[data_at + 1] ^= 0x01
    with open(path("bad_crc.npz"), "wb") as f:
        f.write(bytes(crc))
    bad("npz member whose CRC-32 does not match", "bad_crc.npz",
        "cannot read its member attentions.npy: it is corrupt (CRC error)")
    np.savez(path("bad_layer_gap.npz"), **{"attentions.0": base[0].astype("<f4"),
                                          "attentions.2": base[1].astype("<f4")})
    bad("npz per-layer arrays with a gap", "bad_layer_gap.npz", "has no array for layer 1")
    np.savez(path("bad_layer_twice.npz"), **{"layer_0": base[0].astype("<f4"),
                                            "attentions.0": base[1].astype("<f4"),
                                            "layer_1": base[1].astype("<f4")})
    bad("npz two arrays for one layer", "bad_layer_twice.npz", "has two arrays for layer 0")
    np.savez(path("bad_layer_shapes.npz"), **{"layer_0": base[0].astype("<f4"),
                                             "layer_1": base[1, :2].astype("<f4")})
    bad("npz per-layer shapes that differ", "bad_layer_shapes.npz", "array layer_1 has shape [2, 4, 5] but layer_0 has [3, 4, 5]")
    with io.BytesIO() as buffer:
        np.lib.format.write_array(buffer, obj, allow_pickle=True)
        with zipfile.ZipFile(path("bad_object_member.npz"), "w") as z:
            z.writestr("attentions.npy", buffer.getvalue())
    bad("npz object member", "bad_object_member.npz", "member attentions.npy is an object array")
    np.savez(path("bad_int_attentions.npz"), attentions=(base * 9).astype("<i8"))
    bad("npz int64 attentions", "bad_int_attentions.npz", "array attentions has the dtype <i8 (int64)")

    f32 = base.astype("<f4").tobytes()
    data = safetensors_bytes([("attentions", "F32", base.shape, f32)])
    with open(path("bad_truncated.safetensors"), "wb") as f:
        f.write(data[:-16])
    bad("safetensors truncated", "bad_truncated.safetensors", "lie outside the 464 bytes of data")
    header = json.dumps({"attentions": {"dtype": "F32", "shape": list(base.shape),
                                        "data_offsets": [0, len(f32)]}}).encode()
    with open(path("bad_header_length.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", len(header) + 10000) + header + f32)
    bad("safetensors header length past the file", "bad_header_length.safetensors", "is truncated: its header length is")
    with open(path("bad_huge_header.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", 200_000_000) + header + f32)
    bad("safetensors header over 100,000,000 bytes", "bad_huge_header.safetensors", "at most 100,000,000")
    save_safetensors("bad_offsets_outside.safetensors",
                     [("attentions", "F32", base.shape, f32)])
    raw = bytearray(open(path("bad_offsets_outside.safetensors"), "rb").read())
    text = raw[8:8 + struct.unpack("<Q", raw[:8])[0]].decode()
    moved = text.replace("[0, 480]", "[0, 999]")
    assert moved != text and len(moved) == len(text)
    raw[8:8 + len(text)] = moved.encode()
    with open(path("bad_offsets_outside.safetensors"), "wb") as f:
        f.write(raw)
    bad("safetensors offsets outside the file", "bad_offsets_outside.safetensors", "data_offsets [0, 999] lie outside")
    save_safetensors("bad_offsets_size.safetensors", [("attentions", "F32", (L, H, Q, 4), f32)])
    bad("safetensors offsets not matching the shape", "bad_offsets_size.safetensors", "which takes 384 bytes, but its data_offsets [0, 480] hold 480")
    save_safetensors("bad_dtype.safetensors",
                     [("attentions", "I32", base.shape, (base * 9).astype("<i4").tobytes())])
    bad("safetensors I32 attentions", "bad_dtype.safetensors", "array attentions has the dtype I32")
    save_safetensors("bad_unknown_dtype.safetensors", [("attentions", "F31", base.shape, f32)])
    bad("safetensors unknown dtype", "bad_unknown_dtype.safetensors", "unknown dtype \"F31\"")
    save_safetensors("bad_metadata_tokens.safetensors", [("attentions", "F32", base.shape, f32)],
                     {"tokens": "the dog"})
    bad("safetensors tokens that are no JSON list", "bad_metadata_tokens.safetensors",
        "__metadata__ \"tokens\" that is not a JSON list of strings")
    save_safetensors("bad_tokens_length.safetensors", [("attentions", "F32", base.shape, f32)],
                     {"tokens": json.dumps(tokens + ["x"])})
    bad("safetensors token list of the wrong length", "bad_tokens_length.safetensors",
        "has 6 tokens (its __metadata__ tokens) for 5 keys")
    with open(path("bad_json.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", 12) + b"{\"a\": [1, 2" + b" " + f32)
    bad("safetensors invalid JSON", "bad_json.safetensors", "its JSON header is invalid")

    with open(path("expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1)
        f.write("\n")

    # Seed corpora for the fuzzers: a few small files of each format.
    seeds = {
        "npy_fuzzer": ["f4_le.npy", "f2_be.npy", "fortran_f8_be.npy", "version3.npy", "qk.npy",
                       "batch2.npy", "bad_nan.npy", "bad_object.npy"],
        "npz_fuzzer": ["savez_unicode_tokens.npz", "compressed_bytes_tokens.npz", "per_layer.npz",
                       "hook_pattern.npz", "q_ne_k.npz", "bad_not_npz.npz"],
        "safetensors_fuzzer": ["f32.safetensors", "bf16.safetensors", "per_layer.safetensors",
                               "q_ne_k.safetensors", "bad_offsets_size.safetensors"],
    }
    for fuzzer, files in seeds.items():
        folder = os.path.join(CORPUS, fuzzer)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for name in files:
            shutil.copy(path(name), os.path.join(folder, name))


if __name__ == "__main__":
    main()
