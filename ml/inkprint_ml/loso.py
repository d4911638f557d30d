"""Leave-one-source-out evaluation of the moderate recipe (retrained without each in-training source).

outfox_valid and seqxgpt are already fully held out by the main run; here biscope, l2r and imbd are each
removed from training/calibration in turn and the model is evaluated on all of that source's rows.
Results are merged into models/inkprint-detector.card.json / .card.md.
"""
from __future__ import annotations

import json
import time

import numpy as np
from sklearn.linear_model import LogisticRegression

from . import card as CARD
from . import data as Dd
from .train import C_LINEAR, DENSE_OFF_FULL, MODELS, all_row_features, dense_stats, log, metrics, platt, standardise


def main():
    # every row is needed (the main run's excluded rows too: they belong to the held-out source)
    allrows = Dd.load_rows()
    Dd.assign_splits(allrows)
    Xa = all_row_features(allrows)
    y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in allrows])
    split = np.array([r["split"] for r in allrows])
    src = np.array([r["source"] for r in allrows])
    heldgen = np.array([r["generator"] in Dd.TEST_GENERATORS or (r["source"], r["domain"]) in Dd.EVAL_ONLY_DOMAINS for r in allrows])
    out = {}
    for s in ["biscope", "l2r", "imbd"]:
        t0 = time.time()
        tr = np.where((split == "train") & (src != s) & (y < 2))[0]
        va = np.where((split == "val") & (src != s) & (y < 2))[0]
        te = np.where((src == s) & (y < 2) & ~heldgen)[0]
        w_tr = np.array(Dd.sample_weights([allrows[i] for i in tr]))
        w_va = np.array(Dd.sample_weights([allrows[i] for i in va]))
        mu, sd = dense_stats(Xa[tr], DENSE_OFF_FULL, w_tr)
        Z = standardise(Xa, DENSE_OFF_FULL, mu, sd)
        lr = LogisticRegression(C=C_LINEAR, max_iter=2000, tol=1e-5).fit(Z[tr], y[tr], sample_weight=w_tr)
        raw = np.asarray(Z @ lr.coef_.ravel() + lr.intercept_[0]).ravel()
        a, c = platt(raw[va].reshape(-1, 1), y[va], w_va)
        p = 1 / (1 + np.exp(-(raw * a[0] + c)))
        thr = float(max(0.5, np.quantile(p[va][y[va] == 0], 0.995)))
        m = metrics(y[te], p[te], thr)
        m["threshold"] = round(thr, 4)
        ed = np.where((src == s) & (y == 2))[0]
        if len(ed):
            m["ai_edited_flagged"] = round(float((p[ed] >= thr).mean()), 4)
        out[f"without:{s}"] = m
        log("loso", s, m, f"{time.time() - t0:.0f}s")
    cj = MODELS / "inkprint-detector.card.json"
    card = json.loads(cj.read_text())
    card["report"]["loso"] = out
    cj.write_text(json.dumps(card, indent=1, default=float) + "\n")
    manifest = json.loads((MODELS / "inkprint-detector.json").read_text())
    (MODELS / "inkprint-detector.card.md").write_text(
        CARD.render_md(card["report"], card["thresholds"], card["min_words"], manifest))


if __name__ == "__main__":
    main()
