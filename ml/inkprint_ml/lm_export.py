"""Gemma 3 270M (base) from its GGUF file -> one ONNX graph that returns per-position statistics, not logits.

    python -m inkprint_ml.lm_export [--gguf models/lm/gemma-3-270m-q4_k_m.gguf] [--out models/lm] [--fp32]

Built by hand from the GGUF weights with numpy + onnx (no torch): the weights are dequantized with `gguf` and the
transformer is written out as core ONNX ops (opset 17), following llama.cpp's gemma3 graph:

- token embedding x sqrt(640); 18 blocks of: RMSNorm -> q/k/v -> per-head RMSNorm of q and k -> RoPE (NeoX halves;
  base 10,000 on sliding-window layers, 1,000,000 on every 6th, global, layer) -> causal attention with 4 query
  heads sharing 1 key/value head, scale 1/16, window 512 on the sliding layers -> post-attention RMSNorm + residual;
  RMSNorm -> GeGLU (tanh GELU) MLP -> post-MLP RMSNorm + residual; final RMSNorm; tied output head. The GGUF norm
  weights already include Gemma's "+1".
- then, inside the graph, for every position t = 0..T-2 the distribution over the 262,144-token vocabulary for
  token t+1, reduced to four numbers: log p(observed), entropy, variance of log p under the model's own
  distribution (Fast-DetectGPT's analytic variance) and the observed token's rank (how many tokens had a strictly
  higher logit). So no vocabulary-wide tensor ever leaves ONNX Runtime (ml and libs/detector alike).

Two graphs: `gemma-3-270m-body.onnx` (`input_ids` int64 [T], BOS = 2 first -> `hidden` float32 [T, 640], the final-norm
states) and `gemma-3-270m-head.onnx` (`hidden` [N, 640] of positions t and `next_ids` [N], the tokens at t+1 -> float32 [N]
`logp`, `entropy`, `variance`, `rank`). The head runs on blocks of positions so its [N, 262144] intermediates stay small.
A third graph, `gemma-3-270m-topk.onnx` (`hidden` [N, 640], `k` [1] -> `ids` [N, k], `logp` [N, k]: the k most likely
next tokens), shares the head's weights file (`topk_graph`, `share_external`).

By default the body's matrices are stored int8 (per output channel, symmetric) and dequantized inside the graph at
load time (DequantizeLinear on initializers, folded by ONNX Runtime): float32 arithmetic, ~4x smaller files. The
head's matmul against the 262k-wide tied embeddings, two thirds of a pass in float32, runs in int8 arithmetic
(`int8_logits`: the hidden state quantised per run, the weights per output column and stored as uint8 so that CPUs
without VNNI cannot saturate, SmoothQuant factors from
`lm_head_smoothing.json` so a few outlier dimensions do not take the int8 range): a 128-token pass takes ~0.47 s on
one core instead of ~0.89 s, with log p within 0.05 nats of the float32 graph on average (0.21 at the 99th
percentile; the GGUF model itself is 0.11 from llama.cpp's). Integer arithmetic is exact, so ONNX Runtime 1.23 (node)
and 1.31 (Python) agree as long as both run without the QDQ transformers (`session.disable_quant_qdq`).
`--fp32` writes plain float32 weights and a float32 head (the reference the int8 head was checked against).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

REPO = Path(__file__).resolve().parents[2]
DEFAULT_GGUF = REPO / "models" / "lm" / "gemma-3-270m-q4_k_m.gguf"
SMOOTHING = Path(__file__).resolve().parent / "lm_head_smoothing.json"  # written by inkprint_ml.lm_calibrate
OPSET = 17
MAX_POSITIONS = 1024  # RoPE tables; the engine caps tokens far below this
LOCAL_BASE, GLOBAL_BASE, WINDOW, GLOBAL_EVERY = 10_000.0, 1_000_000.0, 512, 6


def read_gguf(path: Path):
    from gguf import GGUFReader
    from gguf.quants import dequantize

    r = GGUFReader(str(path))
    meta = {}
    for k, f in r.fields.items():
        if k in ("tokenizer.ggml.tokens", "tokenizer.ggml.scores", "tokenizer.ggml.token_type"):
            continue
        try:
            meta[k] = f.contents()
        except Exception:  # noqa: BLE001 - metadata we do not use
            pass
    tensors = {t.name: dequantize(t.data, t.tensor_type).astype(np.float32) for t in r.tensors}
    tok = r.fields
    vocab = {
        "tokens": tok["tokenizer.ggml.tokens"].contents(),
        "scores": [float(s) for s in tok["tokenizer.ggml.scores"].contents()],
        "types": [int(t) for t in tok["tokenizer.ggml.token_type"].contents()],
    }
    return meta, tensors, vocab


def symmetric_int8(w: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """w [R, C] -> int8 values in -127..127 and one float scale per row (axis 0) or per column (axis 1)."""
    scale = np.maximum(np.abs(w).max(axis=1 - axis), 1e-12) / 127.0
    q = np.clip(np.rint(w / np.expand_dims(scale, 1 - axis)), -127, 127).astype(np.int8)
    return q, scale


class G:
    """Tiny graph builder."""

    def __init__(self, int8: bool):
        self.nodes, self.inits, self.n, self.int8 = [], [], 0, int8

    def name(self, p="t"):
        self.n += 1
        return f"{p}_{self.n}"

    def const(self, arr, dtype=np.float32, name=None):
        name = name or self.name("c")
        self.inits.append(numpy_helper.from_array(np.asarray(arr, dtype=dtype), name))
        return name

    def weight(self, w: np.ndarray, name: str) -> str:
        """A float32 matrix as an initializer; int8 per row (axis 0) + DequantizeLinear when int8 is on."""
        if not self.int8:
            return self.const(w, name=name)
        q, scale = symmetric_int8(w, axis=0)
        qn, sn = self.const(q, np.int8, name + "_q"), self.const(scale.astype(np.float32), name=name + "_s")
        return self.op("DequantizeLinear", qn, sn, axis=0)

    def op(self, kind, *inputs, outputs=1, **attrs):
        outs = [self.name(kind) for _ in range(outputs)]
        self.nodes.append(helper.make_node(kind, list(inputs), outs, **attrs))
        return outs[0] if outputs == 1 else outs

    def i64(self, *vals):
        return self.const(np.array(vals, dtype=np.int64), np.int64)


def rms_norm(g: G, x: str, w: np.ndarray, eps: float, name: str) -> str:
    ms = g.op("ReduceMean", g.op("Mul", x, x), axes=[-1], keepdims=1)
    inv = g.op("Reciprocal", g.op("Sqrt", g.op("Add", ms, g.const(eps))))
    return g.op("Mul", g.op("Mul", x, inv), g.const(w, name=name))


def rope_tables(base: float, dim: int):
    inv = 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.float64) / dim))
    ang = np.arange(MAX_POSITIONS, dtype=np.float64)[:, None] * inv[None, :]
    ang = np.concatenate([ang, ang], axis=1)
    return np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)


def head_smoothing(Et: np.ndarray) -> np.ndarray:
    """Per-input-dimension factors s that move the hidden state's outlier dimensions into the weights before the int8
    matmul (SmoothQuant, alpha 0.5): hidden / s and s * W give the same product, with s_d = sqrt(max|hidden_d| /
    max|W_d|) from the calibration file (`lm_calibrate`), normalised to median 1. Halves the int8 head's log-p error
    (0.090 -> 0.048 nats a token on mixed human / AI text; the GGUF reference itself differs from llama.cpp by 0.11)."""
    cal = json.loads(SMOOTHING.read_text())
    act = np.asarray(cal["hidden_absmax"], np.float64)
    if act.shape != (Et.shape[0],):
        sys.exit(f"lm_export: {SMOOTHING.name} has {act.shape[0]} dimensions, the model {Et.shape[0]}")
    w = np.maximum(np.abs(Et).max(axis=1).astype(np.float64), 1e-12)
    s = np.sqrt(np.maximum(act, 1e-6)) / np.sqrt(w)
    return (s / np.median(s)).astype(np.float32)


def int8_logits(g: G, x: str, W: np.ndarray, smooth: np.ndarray) -> str:
    """x [N, d] @ W [d, V] in int8 arithmetic: x / smooth quantised per run (DynamicQuantizeLinear, uint8), W * smooth
    per output column (symmetric int8), int32 accumulation scaled back to float32. ONNX Runtime fuses the pattern
    into DynamicQuantizeMatMul (VNNI on x86): 2.8x the float32 MatMul's speed on the 262k-wide head.

    The int8 weights are stored as uint8 with zero point 128 (the same integers): x86 CPUs without VNNI multiply
    uint8 by int8 with an instruction that adds pairs of products in int16 and saturates (2 x 255 x 127 > 32,767),
    while uint8 x uint8 is widened to int16 first and never saturates. So every CPU computes the exact same integer
    sums, and the same statistics as the parity fixtures, without giving up a bit of the weights (onnxruntime's
    `reduce_range`, 7-bit weights, would have: log p 0.078 nats from the float32 head instead of 0.049)."""
    Ws = W * smooth[:, None]
    q, scale = symmetric_int8(Ws, axis=1)
    xq, xs, xzp = g.op("DynamicQuantizeLinear", g.op("Mul", x, g.const(1.0 / smooth)), outputs=3)
    qu = (q.astype(np.int16) + 128).astype(np.uint8)
    acc = g.op("MatMulInteger", xq, g.const(qu, np.uint8, "token_embd_t_q"), xzp,
               g.const(np.full(W.shape[1], 128, np.uint8), np.uint8, "token_embd_t_zp"))
    return g.op("Mul", g.op("Cast", acc, to=TensorProto.FLOAT),
                g.op("Mul", xs, g.const(scale.astype(np.float32), name="token_embd_t_s")))


def head_graph(Et: np.ndarray, smooth: np.ndarray | None) -> onnx.ModelProto:
    """`hidden` [N, d] and `next_ids` [N] -> `logp`, `entropy`, `variance`, `rank` [N] over the vocabulary of Et [d, V];
    the matmul in int8 (`int8_logits`) when smoothing factors are given, else in float32."""
    d = Et.shape[0]
    g = G(smooth is not None)
    one, fzero = g.i64(1), g.const(np.float32(0.0))
    if smooth is not None:
        logits = int8_logits(g, "hidden", Et, smooth)
    else:
        logits = g.op("MatMul", "hidden", g.const(Et, name="token_embd_t"))  # [N, V] float32
    # one max, one exp and three sums over the 262k-wide rows (ReduceLogSumExp took as long as the int8 matmul):
    # z = logits - max, e = exp(z), S = sum e, A = sum e z, B = sum e z^2; log p(y) = z_y - log S,
    # entropy = log S - A / S, variance of log p under p = B / S - (A / S)^2
    zc = g.op("Sub", logits, g.op("ReduceMax", logits, axes=[1], keepdims=1))
    e = g.op("Exp", zc)
    ez = g.op("Mul", e, zc)
    S = g.op("ReduceSum", e, one, keepdims=0)
    mean = g.op("Div", g.op("ReduceSum", ez, one, keepdims=0), S)  # E_p[z]
    m2 = g.op("Div", g.op("ReduceSum", g.op("Mul", ez, zc), one, keepdims=0), S)  # E_p[z^2]
    logS = g.op("Log", S)
    y = g.op("Unsqueeze", "next_ids", one)
    zy = g.op("GatherElements", logits, y, axis=1)  # [N, 1]
    outs = {
        "logp": g.op("Sub", g.op("Squeeze", g.op("GatherElements", zc, y, axis=1), one), logS),
        "entropy": g.op("Sub", logS, mean),
        "variance": g.op("Max", g.op("Sub", m2, g.op("Mul", mean, mean)), fzero),
        "rank": g.op("ReduceSum", g.op("Cast", g.op("Greater", logits, zy), to=TensorProto.FLOAT), one, keepdims=0),
    }
    for dst, src in outs.items():
        g.nodes.append(helper.make_node("Identity", [src], [dst]))
    return _model(g, "gemma3_270m_head_statistics",
                  [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["N", d]),
                   helper.make_tensor_value_info("next_ids", TensorProto.INT64, ["N"])],
                  [helper.make_tensor_value_info(nm, TensorProto.FLOAT, ["N"]) for nm in outs])


def topk_graph(Et: np.ndarray, smooth: np.ndarray | None) -> onnx.ModelProto:
    """`hidden` [N, d] and `k` int64 [1] -> the k most likely next tokens per position, `ids` int64 [N, k] (most likely
    first) and their `logp` float32 [N, k] (log-softmax over the whole vocabulary of Et [d, V]). The logits are the
    head graph's (`int8_logits` with the same initializer names, so the two graphs can share one weights file:
    `share_external`). For the humaniser's in-context word proposals (issue 40): Gemma's own alternatives at a
    position, which the head's four statistics do not give."""
    d = Et.shape[0]
    g = G(smooth is not None)
    one = g.i64(1)
    if smooth is not None:
        logits = int8_logits(g, "hidden", Et, smooth)
    else:
        logits = g.op("MatMul", "hidden", g.const(Et, name="token_embd_t"))  # [N, V] float32
    zc = g.op("Sub", logits, g.op("ReduceMax", logits, axes=[1], keepdims=1))
    logS = g.op("Log", g.op("ReduceSum", g.op("Exp", zc), one, keepdims=1))  # [N, 1]
    values, ids = g.op("TopK", zc, "k", axis=1, largest=1, sorted=1, outputs=2)
    g.nodes.append(helper.make_node("Identity", [ids], ["ids"]))
    g.nodes.append(helper.make_node("Identity", [g.op("Sub", values, logS)], ["logp"]))
    return _model(g, "gemma3_270m_head_topk",
                  [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["N", d]),
                   helper.make_tensor_value_info("k", TensorProto.INT64, [1])],
                  [helper.make_tensor_value_info("ids", TensorProto.INT64, ["N", "K"]),
                   helper.make_tensor_value_info("logp", TensorProto.FLOAT, ["N", "K"])])


def share_external(model: onnx.ModelProto, saved: Path) -> int:
    """Points every initializer of `model` that the model saved at `saved` stores in its external-data file (same name,
    type, shape and bytes) at that file instead of carrying its own copy; returns the bytes shared. The top-k graph
    thus reuses the head's 168 MB of int8 weights."""
    ref = onnx.load(str(saved), load_external_data=False)
    ext = {i.name: i for i in ref.graph.initializer if i.data_location == TensorProto.EXTERNAL}
    shared = 0
    for init in model.graph.initializer:
        src = ext.get(init.name)
        if src is None:
            continue
        if list(src.dims) != list(init.dims) or src.data_type != init.data_type:
            sys.exit(f"lm_export: {init.name} differs between {saved.name} and the graph sharing its weights")
        info = {e.key: e.value for e in src.external_data}
        raw = numpy_helper.to_array(init).tobytes()
        with open(saved.parent / info["location"], "rb") as f:
            f.seek(int(info.get("offset", 0)))
            if f.read(int(info["length"])) != raw:
                sys.exit(f"lm_export: {init.name} has other bytes in {info['location']}")
        init.ClearField("raw_data")
        init.data_location = TensorProto.EXTERNAL
        del init.external_data[:]
        for key, value in info.items():
            init.external_data.add(key=key, value=value)
        shared += len(raw)
    return shared


def build(tensors: dict, meta: dict, int8: bool) -> onnx.ModelProto:
    d = int(meta["gemma3.embedding_length"])
    n_layers = int(meta["gemma3.block_count"])
    n_head = int(meta["gemma3.attention.head_count"])
    n_kv = int(meta["gemma3.attention.head_count_kv"])
    hd = int(meta["gemma3.attention.key_length"])
    eps = float(meta["gemma3.attention.layer_norm_rms_epsilon"])
    assert n_kv == 1 and int(meta["gemma3.attention.sliding_window"]) == WINDOW
    g = G(int8)
    emb = tensors["token_embd.weight"]  # [V, d]
    V = emb.shape[0]

    ids = "input_ids"
    T = g.op("Shape", ids)  # [1]
    # embeddings; the head shares them (tied), so they are stored once
    # the body gathers its rows from an int8 copy of the table (per-row scale: exact row dequantisation); the head
    # graph holds the float32 table for the tied output projection
    q_e, scale_e = symmetric_int8(emb, axis=0)
    rows = g.op("Cast", g.op("Gather", g.const(q_e, np.int8, "token_embd_q"), ids, axis=0), to=TensorProto.FLOAT)
    rs = g.op("Unsqueeze", g.op("Gather", g.const(scale_e * math.sqrt(d), name="token_embd_s"), ids, axis=0), g.i64(1))
    x = g.op("Mul", rows, rs)  # [T, d], already x sqrt(d)

    # positions, masks, RoPE tables sliced to T
    zero, one = g.i64(0), g.i64(1)
    tables = {}
    for kind, base in (("local", LOCAL_BASE), ("global", GLOBAL_BASE)):
        c, s = rope_tables(base, hd)
        tables[kind] = tuple(g.op("Slice", g.const(a, name=f"rope_{kind}_{nm}"), zero, T, zero)
                             for nm, a in (("cos", c), ("sin", s)))
    Ts = g.op("Squeeze", T, zero)
    pos = g.op("Range", g.const(np.int64(0), np.int64), Ts, g.const(np.int64(1), np.int64))
    diff = g.op("Sub", g.op("Unsqueeze", pos, one), g.op("Unsqueeze", pos, zero))  # [T, T] = i - j
    neg = g.const(np.float32(-1e30))
    fzero = g.const(np.float32(0.0))
    causal = g.op("Less", diff, g.const(np.int64(0), np.int64))
    window = g.op("Or", causal, g.op("GreaterOrEqual", diff, g.const(np.int64(WINDOW), np.int64)))
    masks = {"global": g.op("Where", causal, neg, fzero), "local": g.op("Where", window, neg, fzero)}
    half = hd // 2

    def rope(v: str, kind: str) -> str:  # v: [H, T, hd]
        cos, sin = tables[kind]
        a = g.op("Slice", v, g.i64(0), g.i64(half), g.i64(-1))
        b = g.op("Slice", v, g.i64(half), g.i64(hd), g.i64(-1))
        rot = g.op("Concat", g.op("Neg", b), a, axis=-1)
        return g.op("Add", g.op("Mul", v, cos), g.op("Mul", rot, sin))

    scale = g.const(np.float32(1.0 / math.sqrt(hd)))
    for L in range(n_layers):
        p = f"blk.{L}."
        kind = "global" if (L + 1) % GLOBAL_EVERY == 0 else "local"
        h = rms_norm(g, x, tensors[p + "attn_norm.weight"], eps, f"l{L}_attn_norm")
        q = g.op("MatMul", h, g.op("Transpose", g.weight(tensors[p + "attn_q.weight"], f"l{L}_q"), perm=[1, 0]))
        k = g.op("MatMul", h, g.op("Transpose", g.weight(tensors[p + "attn_k.weight"], f"l{L}_k"), perm=[1, 0]))
        v = g.op("MatMul", h, g.op("Transpose", g.weight(tensors[p + "attn_v.weight"], f"l{L}_v"), perm=[1, 0]))
        q = g.op("Transpose", g.op("Reshape", q, g.i64(-1, n_head, hd)), perm=[1, 0, 2])  # [H, T, hd]
        k = g.op("Transpose", g.op("Reshape", k, g.i64(-1, 1, hd)), perm=[1, 0, 2])  # [1, T, hd]
        v = g.op("Transpose", g.op("Reshape", v, g.i64(-1, 1, hd)), perm=[1, 0, 2])
        q = rope(rms_norm(g, q, tensors[p + "attn_q_norm.weight"], eps, f"l{L}_qn"), kind)
        k = rope(rms_norm(g, k, tensors[p + "attn_k_norm.weight"], eps, f"l{L}_kn"), kind)
        att = g.op("Add", g.op("Mul", g.op("MatMul", q, g.op("Transpose", k, perm=[0, 2, 1])), scale), masks[kind])
        o = g.op("MatMul", g.op("Softmax", att, axis=-1), v)  # [H, T, hd]
        o = g.op("Reshape", g.op("Transpose", o, perm=[1, 0, 2]), g.i64(-1, n_head * hd))
        o = g.op("MatMul", o, g.op("Transpose", g.weight(tensors[p + "attn_output.weight"], f"l{L}_o"), perm=[1, 0]))
        x = g.op("Add", x, rms_norm(g, o, tensors[p + "post_attention_norm.weight"], eps, f"l{L}_pan"))
        h = rms_norm(g, x, tensors[p + "ffn_norm.weight"], eps, f"l{L}_ffn_norm")
        gate = g.op("MatMul", h, g.op("Transpose", g.weight(tensors[p + "ffn_gate.weight"], f"l{L}_gate"), perm=[1, 0]))
        up = g.op("MatMul", h, g.op("Transpose", g.weight(tensors[p + "ffn_up.weight"], f"l{L}_up"), perm=[1, 0]))
        # tanh GELU: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        cube = g.op("Mul", g.op("Mul", gate, gate), gate)
        inner = g.op("Mul", g.op("Add", gate, g.op("Mul", cube, g.const(np.float32(0.044715)))),
                     g.const(np.float32(math.sqrt(2.0 / math.pi))))
        gelu = g.op("Mul", g.op("Mul", gate, g.const(np.float32(0.5))), g.op("Add", g.op("Tanh", inner), g.const(np.float32(1.0))))
        m = g.op("MatMul", g.op("Mul", gelu, up),
                 g.op("Transpose", g.weight(tensors[p + "ffn_down.weight"], f"l{L}_down"), perm=[1, 0]))
        x = g.op("Add", x, rms_norm(g, m, tensors[p + "post_ffw_norm.weight"], eps, f"l{L}_pfn"))

    x = rms_norm(g, x, tensors["output_norm.weight"], eps, "output_norm")
    g.nodes.append(helper.make_node("Identity", [x], ["hidden"]))
    body = _model(g, "gemma3_270m_body", [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["T"])],
                  [helper.make_tensor_value_info("hidden", TensorProto.FLOAT, ["T", d])])

    # head: hidden states of positions t and the observed tokens t+1 -> four statistics per position
    Et = np.ascontiguousarray(emb.T)  # [d, V] the tied output projection
    smooth = head_smoothing(Et) if int8 else None
    return body, head_graph(Et, smooth), topk_graph(Et, smooth), V


def _model(g: G, name: str, inputs, outputs) -> onnx.ModelProto:
    model = helper.make_model(helper.make_graph(g.nodes, name, inputs, outputs, g.inits),
                              opset_imports=[helper.make_opsetid("", OPSET)], producer_name="inkprint_ml.lm_export")
    model.ir_version = 8
    return model


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gguf", default=str(DEFAULT_GGUF))
    ap.add_argument("--out", default=str(DEFAULT_GGUF.parent))
    ap.add_argument("--fp32", action="store_true", help="float32 weights (default: int8 per channel)")
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    meta, tensors, vocab = read_gguf(Path(a.gguf))
    if meta.get("general.architecture") != "gemma3":
        sys.exit(f"lm_export: {a.gguf} is not a gemma3 model")
    body, head, topk, V = build(tensors, meta, int8=not a.fp32)
    suffix = "-fp32" if a.fp32 else ""
    h = hashlib.sha256()
    for part, model in (("body", body), ("head", head)):
        name = f"gemma-3-270m-{part}{suffix}.onnx"
        (out / (name + ".data")).unlink(missing_ok=True)  # onnx appends to an existing external-data file
        onnx.save_model(model, str(out / name), save_as_external_data=True, all_tensors_to_one_file=True,
                        location=name + ".data", size_threshold=1024)
        for f in (out / name, out / (name + ".data")):
            h.update(f.read_bytes())
    # the top-k graph reads the head's weights file (no second copy); only its small constants are its own
    shared = share_external(topk, out / f"gemma-3-270m-head{suffix}.onnx")
    onnx.save_model(topk, str(out / f"gemma-3-270m-topk{suffix}.onnx"))
    h.update((out / f"gemma-3-270m-topk{suffix}.onnx").read_bytes())
    print(f"lm_export: gemma-3-270m-topk{suffix}.onnx shares {shared / 1e6:.0f} MB of weights with the head")
    (out / "gemma-3-270m-tokenizer.json").write_text(json.dumps({
        "model": "gemma-3-270m", "bos": int(meta["tokenizer.ggml.bos_token_id"]),
        "unk": int(meta["tokenizer.ggml.unknown_token_id"]),
        "add_space_prefix": bool(meta.get("tokenizer.ggml.add_space_prefix", False)), **vocab,
    }, ensure_ascii=False))
    print(f"lm_export: wrote gemma-3-270m-body{suffix}.onnx, -head{suffix}.onnx (+ .data) and -topk{suffix}.onnx to {out}, vocab {V}, "
          f"sha256 of graphs+data {h.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
