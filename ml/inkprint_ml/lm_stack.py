"""The shipped forensic language-model stacker (issue 16): gradient-boosted trees over the forensic aggregator's 4
inputs and Gemma 3 270M's 8 document features, and the pieces `lm_cascade` shares with it.

    python -m inkprint_ml.lm_stack --gen ml/cache/lm-gen-scored.jsonl [--sample ml/cache/lm-sample.jsonl]

Reads the sample of `lm_sample` (8 Gemma-3-270M features + the shipped models' outputs per row) and the base-model
continuations scored by `lm_generate --score` (`ml/experiments/lm_generate.py`), fits `boosted (families, +gen)` on
the release validation rows, the families never trained on and the generated rows, chooses its product-score lines on
predictions each made without the row's whole family (`calibrate.choose`, the worst group), checks the ONNX graph
against scikit-learn (max |diff| < 1e-5) and writes `models/inkprint-forensic-lm.onnx` and its manifest entries
(`models.forensic_lm`, `feature_sets.forensic_lm`, `modes.forensic.lm`).

The comparison of stackers that chose this one (logistic variants, leave-one-source-out, the ceiling) is an experiment:
`ml/experiments/lm_stack_variants.py` (tables in `ml/experiments/results/lm-stack*.md`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
from collections import defaultdict
from pathlib import Path

import numpy as np
import onnx
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

from . import calibrate as C
from . import data as D
from . import onnx_export as OX
from .engine import logit32
from .lm_features import FEATURE_NAMES, HEAD_BLOCK, MAX_TOKENS
from .lm_sample import CACHE

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
REPORT = REPO / "ml" / "cache" / "lm-stack-shipped.json"
ONNX_FILE = "inkprint-forensic-lm.onnx"
STACK_C = 0.3
TRAINED = ["biscope", "imbd", "l2r", "outfox_valid"]


def family(r: dict) -> str:
    """The source family a row belongs to for leave-one-family-out: the trained sources, SeqXGPT, claude-3-opus, each
    human-only file, CHEAT."""
    if r["set"] == "unseen" and r["source"] != "seqxgpt":
        return "claude-3-opus"
    return r["source"]


def load(path=CACHE, gen=None) -> list[dict]:
    """The sample's rows, and the generated rows of `gen` (a path or a list of paths), in (set, id) order: `lm_sample`
    and `lm_generate --score` write rows in the order their workers finish, and the ceiling's random folds follow row
    order, so without sorting the ceiling changed with every build of the cache (66.1% and 67.0% on two builds)."""
    gens = [gen] if isinstance(gen, str) else list(gen or [])
    rows = [json.loads(l) for l in open(path)] + [json.loads(l) for g in gens for l in open(g)]
    rows.sort(key=lambda r: (r["set"], r["id"]))
    for r in rows:
        r["p_mode"] = {"moderate": r["p_moderate"], "strong": r["p_strong"], "forensic": r["p_forensic"]}
        r["family"] = family(r)
    return [r for r in rows if r["label"] in ("human", "ai")]


def base_inputs(r: dict, mode: str, clip=True) -> list[float]:
    """The mode's own logit inputs: the forensic aggregator's 4 (clipped as its graph clips them, unless `clip` is
    False), else the logit."""
    if mode == "forensic":
        return [min(max(v, -6.0), 6.0) for v in r["agg"]] if clip else list(r["agg"])
    return [min(max(logit32(r["p_mode"][mode]), -6.0), 6.0)]


ALL_LM = tuple(range(len(FEATURE_NAMES)))


def matrix(rows, mode, use_base=True, lm_cols=ALL_LM, clip=True):
    cols = []
    if use_base:
        cols.append(np.array([base_inputs(r, mode, clip) for r in rows], float))
    if lm_cols:
        cols.append(np.array([[r["lm"][i] for i in lm_cols] for r in rows], float))
    return np.concatenate(cols, axis=1)


class Stacker:
    """Standardised (LM columns; base logits as they are) and clipped to [-6, 6], then a weighted logistic regression."""

    def __init__(self, rows, mode, use_base=True, lm_cols=ALL_LM):
        self.mode, self.use_base, self.lm_cols = mode, use_base, tuple(lm_cols)
        X = matrix(rows, mode, use_base, self.lm_cols)
        nb = len(base_inputs(rows[0], mode)) if use_base else 0
        self.mu = X.mean(0)
        self.sd = X.std(0) + 1e-9
        self.mu[:nb], self.sd[:nb] = 0.0, 1.0
        y = np.array([r["label"] != "human" for r in rows], int)
        w = np.array(D.sample_weights([{"source": r["family"], "domain": r["domain"], "label": r["label"]} for r in rows]))
        self.lr = LogisticRegression(C=STACK_C, max_iter=2000).fit(self._z(X), y, sample_weight=w)

    def _z(self, X):
        return np.clip((X - self.mu) / self.sd, -6, 6)

    def predict(self, rows):
        return self.lr.predict_proba(self._z(matrix(rows, self.mode, self.use_base, self.lm_cols)))[:, 1]


def auroc(rows, p):
    y = [r["label"] != "human" for r in rows]
    if len(set(y)) < 2:
        return None
    return round(float(roc_auc_score(y, p)), 4)


DISC = FEATURE_NAMES.index("lm_discrepancy")
LOGP = FEATURE_NAMES.index("lm_logp_mean")
BOOSTED = "boosted (families, +gen)"
UNSEEN_SETS = ("unseen", "extra")
# rows that only ever train: release validation rows and the generated base-model continuations
FIT_ONLY = ("stack", "gen")


def boosted_trees(seed=0):
    """The gradient-boosted learner of the ceiling and of `BOOSTED`."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    return HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=seed)


class Booster:
    """Gradient-boosted trees over the mode's inputs (as `matrix` gives them: a tree on inputs clipped to [-6, 6] splits
    unclipped inputs the same way, its thresholds lying inside the clipped range) and the 8 LM features, unweighted.

    `clip=False` feeds the forensic aggregator's inputs unclipped: the ceiling's held-out rows were computed that way
    (its published tables), and the histogram binning differs slightly, so the two do not give identical trees (with
    the 920 generated texts: 50.6% of unseen AI at 0.5 unclipped, 52.8% clipped as shipped)."""

    def __init__(self, rows, mode, clip=True, seed=0):
        self.mode, self.clip = mode, clip
        self.m = boosted_trees(seed).fit(self._x(rows), np.array([r["label"] != "human" for r in rows], int))

    def _x(self, rows):
        return matrix(rows, self.mode, clip=self.clip)

    def predict(self, rows):
        return self.m.predict_proba(self._x(rows))[:, 1]


def family_fit_pool(rows) -> list[dict]:
    """The rows a family-held-out fit may train on: the fit-only rows (`stack`, and `gen` when loaded) and the unseen
    families' rows; the shipped `BOOSTED` stacker trains on all of them."""
    return [r for r in rows if r["set"] in FIT_ONLY or r["set"] in UNSEEN_SETS]


def leave_family_out(rows, fit_predict, held_rows=None) -> dict:
    """id -> probability for every held row (default: all but the fit-only rows), each predicted by
    `fit_predict(fit_rows, held_rows)` fitted on `family_fit_pool(rows)` without its family."""
    fit_pool = family_fit_pool(rows)
    held_rows = [r for r in rows if r["set"] not in FIT_ONLY] if held_rows is None else held_rows
    out = {}
    for fam in sorted({r["family"] for r in held_rows}):
        held = [r for r in held_rows if r["family"] == fam]
        for r, q in zip(held, fit_predict([r for r in fit_pool if r["family"] != fam], held)):
            out[r["id"]] = float(q)
    return out


def unseen_rows(rows):
    hum = [r for r in rows if r["label"] == "human" and r["set"] in ("unseen", "extra")]
    ai = [r for r in rows if r["label"] == "ai" and (r["set"] == "unseen")]
    return hum, ai


def pool_of(hum, p):
    """calibrate.human_pool's shape: family = SeqXGPT or the human-only file."""
    return [{"p": float(q), "fam": r["source"], "row": r} for r, q in zip(hum, p)]


def rates_at_lines(hum, ai, ph, pa, min_words):
    """Lines chosen on the unseen human texts' probabilities `ph` as calibrate.choose does; rates at 0.5 and 0.65."""
    pool = pool_of(hum, ph)
    c = C.choose(pool, min_words, floor65=0.5)
    kn = C.knots_of(c)
    sh = [C.final_score(q, r["n_words"], kn, min_words) for r, q in zip(hum, ph)]
    sa = [C.final_score(q, r["n_words"], kn, min_words) for r, q in zip(ai, pa)]
    a100 = [s for s, r in zip(sa, ai) if r["n_words"] >= 100]
    transfer = C.transfer_of_pool(pool, min_words, 0.5)
    groups = defaultdict(list)
    for h, s in zip(pool, sh):
        for t in C.tags(h):
            groups[t].append(s)
    by_gen = defaultdict(list)
    for r, s in zip(ai, sa):
        if r["n_words"] >= 100:
            by_gen[r["generator"]].append(s)
    return {
        "choice": {k: c[k] for k in ("t50", "t65", "binding_group_50", "infeasible_families", "n_eligible")},
        "knots": kn,
        "auroc_unseen": auroc(hum + ai, np.r_[ph, pa]),
        "human_at_0.5": C.rate_row(sh, 0.5),
        "human_at_0.65": C.rate_row(sh, 0.65),
        "human_groups_at_0.5": {g: C.rate_row(v, 0.5) for g, v in sorted(groups.items())},
        "ai_100plus_at_0.5": C.rate_row(a100, 0.5),
        "ai_100plus_at_0.65": C.rate_row(a100, 0.65),
        "ai_100plus_by_generator_at_0.5": {g: C.rate_row(v, 0.5) for g, v in sorted(by_gen.items())},
        "transfer": transfer,
    }


def shipped_lines(rows, min_words) -> dict:
    """The shipped stacker's lines and rates: every unseen row predicted by `Booster` fitted on `family_fit_pool`
    without the row's whole family, the knots chosen on those predictions (`rates_at_lines`)."""
    cv = leave_family_out(rows, lambda fit, held: Booster(fit, "forensic").predict(held))
    hum, ai = unseen_rows(rows)
    return rates_at_lines(hum, ai, np.array([cv[r["id"]] for r in hum]), np.array([cv[r["id"]] for r in ai]), min_words)


def export(rows, fr, max_tokens) -> dict:
    """`BOOSTED` fitted on every row its family-held-out predictions were fitted from (validation, unseen families,
    generated) as ONNX over the full [4 aggregator inputs, 8 LM features] row; its score knots are `fr`'s (the lines
    chosen on those held-out predictions, `shipped_lines`)."""
    nb = 4
    D_ = nb + len(FEATURE_NAMES)
    nodes, inits = [], []
    fit = family_fit_pool(rows)
    st = Booster(fit, "forensic")
    lg = OX.tree_branch("lm_", "features", 0, D_, st.m, nodes, inits)
    model = OX.finish("inkprint_forensic_lm", D_, [lg], [1.0], 0.0, nodes, inits,
                      f"Inkprint forensic + language model: gradient-boosted trees ({st.m.n_iter_} trees) over the "
                      "forensic aggregator's 4 inputs (strong-model logits of the document and its windows) and 8 "
                      "Gemma-3-270M features, fitted on release validation rows, families never trained on and "
                      "base-model text generated by Gemma 3 270M.", ml=True)
    return write_forensic_lm(model, st, fit, BOOSTED, fr, max_tokens)


def write_forensic_lm(model, st, fit, variant, fr, max_tokens) -> dict:
    """Saves the forensic stacker `model`, checks it against `st` (the fitted learner) on its `fit` rows, and writes
    its manifest entries (`fr`: the variant's lines and rates, as `rates_at_lines` gives them)."""
    D_ = 4 + len(FEATURE_NAMES)
    path = MODELS / ONNX_FILE
    onnx.save(model, path)
    # parity of the graph with the sklearn stacker
    import onnxruntime as ort

    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    X = np.array([r["agg"] + r["lm"] for r in fit], np.float32)  # unclipped, as the engine passes them
    got = sess.run(["probability"], {"features": X})[0]
    ref = st.predict(fit)
    assert float(np.max(np.abs(got - ref))) < 1e-5, float(np.max(np.abs(got - ref)))
    man_path = MODELS / "inkprint-detector.json"
    man = json.loads(man_path.read_text())
    data = path.read_bytes()
    man["models"]["forensic_lm"] = {
        "file": ONNX_FILE, "input": "features", "input_shape": ["N", D_], "feature_set": "forensic_lm",
        "output": "probability", "output_shape": ["N"], "calibrated": True, "opset": OX.OPSET,
        "ml_opset": 3 if variant == BOOSTED else None,
        "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    names = ["doc_logit", "mean_chunk_logit", "max_chunk_logit", "min_chunk_logit"] + FEATURE_NAMES
    man["feature_sets"]["forensic_lm"] = {"dim": D_, "names": names}
    man["modes"]["forensic"]["lm"] = {
        "variant": variant,
        "model": "forensic_lm",
        "language_model": {"name": "gemma-3-270m", "dir": "lm", "body": "gemma-3-270m-body.onnx",
                           "head": "gemma-3-270m-head.onnx", "tokenizer": "gemma-3-270m-tokenizer.json",
                           "max_tokens": max_tokens, "head_block": HEAD_BLOCK,
                           "fetch": "npm run models:fetch"},
        "procedure": [
            "agg = the 4 aggregator inputs of the forensic procedure above (before the aggregator)",
            "ids = gemmaTokenize(norm)[:max_tokens] (BOS first); stats = head(body(ids)) per position (blocks of head_block)",
            "lm = documentFeatures(stats) (8 features, lm_features.py / lm-features.ts)",
            "p = run('forensic_lm', [[...agg, ...lm]])[0]  (the graph clips and standardises itself, or splits on trees)",
        ],
        "score_knots": fr["knots"],
        "metrics": {"unseen_auroc": fr["auroc_unseen"], "unseen_human_fpr_at_0.5": fr["human_at_0.5"]["rate"],
                    "unseen_ai_100plus_recall_at_0.5": fr["ai_100plus_at_0.5"]["rate"]},
    }
    man_path.write_text(json.dumps(man, indent=2) + "\n")
    return {"file": str(path), "bytes": len(data)}


def _r(x):
    if not x or x["rate"] is None:
        return "–"
    return f"{100 * x['rate']:.1f}% ({x['k']}/{x['n']})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Fit and export the shipped forensic language-model stacker.")
    ap.add_argument("--sample", default=str(CACHE))
    ap.add_argument("--gen", action="append", required=True,
                    help="scored base-model continuations (ml/experiments/lm_generate.py --score); repeat to add several")
    a = ap.parse_args(argv)
    rows = load(a.sample, a.gen)
    min_words = json.loads((MODELS / "inkprint-detector.json").read_text())["min_words"]
    max_tokens = max(r.get("max_tokens", MAX_TOKENS) for r in rows)
    fr = shipped_lines(rows, min_words)
    out = {"n_rows": len(rows), "max_tokens": max_tokens, "variant": BOOSTED, "forensic": fr,
           "export": export(rows, fr, max_tokens)}
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(out, indent=1))
    print(json.dumps({k: fr[k] for k in ("knots", "auroc_unseen", "human_at_0.5", "ai_100plus_at_0.5")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
