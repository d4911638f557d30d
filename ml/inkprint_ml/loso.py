"""Leave-one-source-out evaluation of the moderate recipe (retrained without each in-training source).

outfox_valid and seqxgpt are already fully held out by the main run; here biscope, l2r and imbd are each
removed from training/calibration in turn and the model is evaluated on all of that source's rows.
Results are merged into models/inkprint-detector.card.json / .card.md.
"""
from __future__ import annotations

import json
import os
import sys
import time

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression

from . import card as CARD
from . import data as Dd
from . import featurize as FZ
from .train import (C_LINEAR, DENSE_OFF_FAST, DENSE_OFF_FULL, MODELS, SEED, all_row_features, dense_stats, log, metrics,
                    platt, standardise)

RECIPES = {"moderate": DENSE_OFF_FULL, "strong": DENSE_OFF_FULL, "fast": DENSE_OFF_FAST}


def human_less_cells(rows, idx):
    """(source, domain) cells among rows[idx] that have AI rows but no human row: like BiScope's essays they would teach
    'this domain => AI' (with BiScope removed, L2R's ProductReview and AcademicResearch are such cells), so LOSO training
    leaves them out, as the main recipe does with EVAL_ONLY_DOMAINS."""
    has_h, has_a = set(), set()
    for i in idx:
        r = rows[i]
        (has_h if r["label"] == "human" else has_a).add((r["source"], r["domain"]))
    return has_a - has_h


def Dd_tokens(text):
    from . import features as F
    return F.tokenize(F.normalize(text))


def main():
    # every row is needed (the main run's excluded rows too: they belong to the held-out source)
    allrows = Dd.load_rows()
    Dd.assign_splits(allrows)
    Xfull = all_row_features(allrows)
    Xfast = FZ.full_to_fast(Xfull)
    y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in allrows])
    split = np.array([r["split"] for r in allrows])
    src = np.array([r["source"] for r in allrows])
    heldgen = np.array([r["generator"] in Dd.TEST_GENERATORS or (r["source"], r["domain"]) in Dd.EVAL_ONLY_DOMAINS for r in allrows])
    out, dump = {}, []
    lin_raw = {}
    _nw = {}

    def nw(i):
        if i not in _nw:
            _nw[i] = len(Dd_tokens(allrows[i]["text"]))
        return _nw[i]
    for s, recipe in [(s, r) for r in RECIPES for s in ["biscope", "l2r", "imbd"]]:
        t0 = time.time()
        Xa = Xfast if recipe == "fast" else Xfull
        off = RECIPES[recipe]
        tr = np.where((split == "train") & (src != s) & (y < 2))[0]
        va = np.where((split == "val") & (src != s) & (y < 2))[0]
        bad = human_less_cells(allrows, tr)
        cell = np.array([(r["source"], r["domain"]) in bad for r in allrows])
        tr, va = tr[~cell[tr]], va[~cell[va]]
        te = np.where((src == s) & (y < 2) & ~heldgen)[0]
        w_tr = np.array(Dd.sample_weights([allrows[i] for i in tr]))
        w_va = np.array(Dd.sample_weights([allrows[i] for i in va]))
        if recipe == "strong":
            # the strong recipe: the moderate linear model of this fold + gradient-boosted trees on the 40 stylometric
            # features, stacked by a calibrated logistic regression on validation (train.py)
            D = Xfull[:, DENSE_OFF_FULL:].toarray().astype(np.float32).astype(np.float64)
            hgb = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, max_leaf_nodes=31,
                                                 l2_regularization=1.0, random_state=SEED)
            hgb.fit(D[tr], y[tr], sample_weight=w_tr)
            R = np.stack([lin_raw[s], hgb.decision_function(D).ravel()], 1)
            a, c = platt(R[va], y[va], w_va)
            p = 1 / (1 + np.exp(-(R @ a + c)))
        else:
            mu, sd = dense_stats(Xa[tr], off, w_tr)
            Z = standardise(Xa, off, mu, sd)
            lr = LogisticRegression(C=C_LINEAR, max_iter=2000, tol=1e-5).fit(Z[tr], y[tr], sample_weight=w_tr)
            raw = np.asarray(Z @ lr.coef_.ravel() + lr.intercept_[0]).ravel()
            if recipe == "moderate":
                lin_raw[s] = raw
            a, c = platt(raw[va].reshape(-1, 1), y[va], w_va)
            p = 1 / (1 + np.exp(-(raw * a[0] + c)))
        thr = float(max(0.5, np.quantile(p[va][y[va] == 0], 0.995)))
        m = metrics(y[te], p[te], thr)
        m["threshold"] = round(thr, 4)
        ed = np.where((src == s) & (y == 2))[0]
        if len(ed):
            m["ai_edited_flagged"] = round(float((p[ed] >= thr).mean()), 4)
        m["left_out_cells"] = sorted(f"{a}/{b}" for a, b in bad)
        out[("" if recipe == "moderate" else f"{recipe}:") + f"without:{s}"] = m
        for i in np.where(src == s)[0]:
            r = allrows[i]
            dump.append({"id": r["id"], "label": r["label"], "source": r["source"], "domain": r["domain"],
                         "generator": r["generator"], "attack": r["attack"], "recipe": recipe, "p": float(p[i]),
                         "n_words": nw(i), "heldgen": bool(heldgen[i])})
        log("loso", recipe, s, m, f"{time.time() - t0:.0f}s")
    (FZ.CACHE / "scores-loso.json").write_text(json.dumps({"rows": dump}))
    (FZ.CACHE / "loso-report.json").write_text(json.dumps(out, default=float))
    if os.environ.get("INKPRINT_LOSO_NO_CARD"):  # run beside inkprint_ml.train; merge later with --merge
        return
    merge(out)


def merge(out=None):
    """Merges the leave-one-source-out report into the card (after inkprint_ml.train has written it)."""
    if out is None:
        out = json.loads((FZ.CACHE / "loso-report.json").read_text())
    cj = MODELS / "inkprint-detector.card.json"
    card = json.loads(cj.read_text())
    card["report"]["loso"] = out
    cj.write_text(json.dumps(card, indent=1, default=float) + "\n")
    manifest = json.loads((MODELS / "inkprint-detector.json").read_text())
    (MODELS / "inkprint-detector.card.md").write_text(
        CARD.render_md(card["report"], card["thresholds"], card["min_words"], manifest))


if __name__ == "__main__":
    merge() if "--merge" in sys.argv else main()
