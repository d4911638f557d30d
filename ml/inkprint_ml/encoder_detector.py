"""The fine-tuned MiniLM detector as ONNX (issue 24, item 6): the GPU run's weights -> `models/inkprint-encoder.onnx`.

    python -m inkprint_ml.encoder_detector --gpu-out ml/.gpu/out --model-dir /tmp/enc/model

`ml/gpu/encoder_finetune.py` returns the fine-tuned weights in fp16 (the word-embedding rows the training data used;
every other row keeps all-MiniLM-L6-v2's pretrained value, from `--model-dir`). They are written into the same BERT
graph as the humaniser's sentence encoder (`encoder_export.build_graph`), with the classifier's tail instead of L2
normalisation: mean pooling over the attention mask -> one linear unit -> sigmoid = `probability` [B]. The fp32 graph
is checked against the logits the GPU computed for the first 64 packed rows, then its weights are stored as int8 per
output channel (word embeddings per row) with a DequantizeLinear in front of each MatMul / Gather: weight-only int8,
computed in fp32. onnxruntime's dynamic quantisation (int8 activations too) moved the fine-tuned model's
probabilities by 0.014 on average and up to 0.23 (the GELU outputs feeding each layer's second FFN matrix have
outliers); weight-only int8 moves them by 0.002 on average and at most 0.06, at the same 23 MB, for ~1.6x the time.
"""
from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import numpy as np

from . import encoder_export as EE

REPO = Path(__file__).resolve().parents[2]
OUT_FILE = "inkprint-encoder.onnx"
TOKENIZER_FILE = "inkprint-encoder-tokenizer.json"
NL = 6


def hf_weights(gpu_out: Path, model_dir: Path) -> tuple[dict, np.ndarray, float]:
    from safetensors.numpy import load_file
    base = load_file(str(model_dir / "model.safetensors"))
    inv = {"word.weight": "embeddings.word_embeddings.weight", "pos.weight": "embeddings.position_embeddings.weight",
           "ln0.weight": "embeddings.LayerNorm.weight", "ln0.bias": "embeddings.LayerNorm.bias"}
    for i in range(NL):
        for src, dst in [("attention.self.query", "q"), ("attention.self.key", "k"), ("attention.self.value", "v"),
                         ("attention.output.dense", "o"), ("attention.output.LayerNorm", "ln1"),
                         ("intermediate.dense", "ff1"), ("output.dense", "ff2"), ("output.LayerNorm", "ln2")]:
            for p in ("weight", "bias"):
                inv[f"layers.{i}.{dst}.{p}"] = f"encoder.layer.{i}.{src}.{p}"
    w = {k: v.astype(np.float32) for k, v in base.items() if not k.startswith("pooler") and "position_ids" not in k}
    head_w, head_b = None, None
    for f in sorted(gpu_out.glob("final-rest-*.npz")):
        z = np.load(f)
        for k in z.files:
            if k == "typ":
                w["embeddings.token_type_embeddings.weight"] = w["embeddings.token_type_embeddings.weight"].copy()
                w["embeddings.token_type_embeddings.weight"][0] = z[k].astype(np.float32)
            elif k == "head.weight":
                head_w = z[k].astype(np.float32).reshape(-1)
            elif k == "head.bias":
                head_b = float(z[k].reshape(-1)[0])
            else:
                w[inv[k]] = z[k].astype(np.float32)
    word = w["embeddings.word_embeddings.weight"].copy()
    for f in ("final-word-a.npz", "final-word-b.npz"):
        z = np.load(gpu_out / f)
        word[z["rows"]] = z["w"].astype(np.float32)
    w["embeddings.word_embeddings.weight"] = word
    assert head_w is not None and head_b is not None
    return w, head_w, head_b


def build(w: dict, head_w: np.ndarray, head_b: float):
    from onnx import helper as oh, TensorProto as TP, numpy_helper as nh
    model = EE.build_graph(w)
    g = model.graph
    keep = []
    for node in g.node:
        keep.append(node)
        if "mean_pooled" in node.output:
            break
    del g.node[:]
    g.node.extend(keep)
    g.initializer.extend([nh.from_array(head_w.reshape(-1, 1).astype(np.float32), "head.w"),
                          nh.from_array(np.array([head_b], np.float32), "head.b"),
                          nh.from_array(np.array([1], np.int64), "head.ax")])
    g.node.extend([oh.make_node("MatMul", ["mean_pooled", "head.w"], ["head_mm"]),
                   oh.make_node("Add", ["head_mm", "head.b"], ["head_logit2"]),
                   oh.make_node("Squeeze", ["head_logit2", "head.ax"], ["logit"]),
                   oh.make_node("Sigmoid", ["logit"], ["probability"])])
    used = {i for n in g.node for i in n.input}
    inits = [i for i in g.initializer if i.name in used]
    del g.initializer[:]
    g.initializer.extend(inits)
    del g.output[:]
    g.output.extend([oh.make_tensor_value_info("probability", TP.FLOAT, ["B"])])
    g.name = "inkprint_encoder_detector"
    return model


def weight_only_int8(model):
    """Every MatMul / Gather / Slice weight initializer -> int8 (symmetric, per output channel; per row for the
    embedding tables) + DequantizeLinear, in place."""
    from onnx import helper as oh, numpy_helper as nh
    g = model.graph
    inits = {i.name: i for i in g.initializer}
    targets = {}
    for n in g.node:
        if n.op_type == "MatMul" and n.input[1] in inits:
            targets[n.input[1]] = 1
        elif n.op_type in ("Gather", "Slice") and n.input[0] in inits and len(inits[n.input[0]].dims) == 2:
            targets[n.input[0]] = 0
    dq = []
    for name, axis in sorted(targets.items()):
        w = nh.to_array(inits[name]).astype(np.float32)
        sc = np.abs(w).max(axis=1 - axis) / 127.0
        sc[sc == 0] = 1.0
        q = np.round(w / (sc[None, :] if axis == 1 else sc[:, None])).astype(np.int8)
        g.initializer.remove(inits[name])
        g.initializer.extend([nh.from_array(q, name + ".q"), nh.from_array(sc.astype(np.float32), name + ".s"),
                              nh.from_array(np.zeros(len(sc), np.int8), name + ".z")])
        dq.append(oh.make_node("DequantizeLinear", [name + ".q", name + ".s", name + ".z"], [name], axis=axis,
                               name="dq_" + name))
    for k, node in enumerate(dq):
        g.node.insert(k, node)
    return model


def packed_rows(n: int) -> list[list[int]]:
    d = np.load(REPO / "ml" / ".gpu" / "encoder-data.npz")
    off = d["offsets"]
    return [d["tokens"][off[i]:off[i + 1]].astype(np.int64).tolist() for i in range(n)]


def run(sess, seqs) -> np.ndarray:
    out = []
    for ids in seqs:
        a = np.array([ids], np.int64)
        out.append(float(sess.run(["probability"], {"input_ids": a, "attention_mask": np.ones_like(a)})[0][0]))
    return np.array(out)


def main() -> None:
    import onnx
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu-out", default=str(REPO / "ml" / ".gpu" / "out"))
    ap.add_argument("--model-dir", default="/tmp/enc/model")
    ap.add_argument("--out", default=str(REPO / "models" / OUT_FILE))
    a = ap.parse_args()
    import shutil
    shutil.copyfile(Path(a.model_dir) / "tokenizer.json", Path(a.out).parent / TOKENIZER_FILE)
    w, hw, hb = hf_weights(Path(a.gpu_out), Path(a.model_dir))
    model = build(w, hw, hb)
    onnx.checker.check_model(model)
    fp32 = Path(a.out).with_suffix(".fp32.onnx")
    onnx.save(model, str(fp32))
    seqs = packed_rows(64)
    ref = 1 / (1 + np.exp(-np.load(Path(a.gpu_out) / "final-parity.npy")))
    p32 = run(EE.session(fp32), seqs)
    q = weight_only_int8(onnx.load(str(fp32)))
    onnx.checker.check_model(q)
    onnx.save(q, str(a.out))
    p8 = run(EE.session(Path(a.out)), seqs)
    fp32.unlink()
    data = Path(a.out).read_bytes()
    rep = {"file": Path(a.out).name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
           "max_abs_fp32_vs_gpu": float(np.abs(p32 - ref).max()), "max_abs_int8_vs_fp32": float(np.abs(p8 - p32).max()),
           "mean_abs_int8_vs_fp32": float(np.abs(p8 - p32).mean())}
    print(json.dumps(rep, indent=1))


if __name__ == "__main__":
    main()
