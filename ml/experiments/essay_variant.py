"""Variant: also train on BiScope essay (AI-only) rows of train-bucket groups. Reports the effect on OUTFOX."""
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from inkprint_ml import data as Dd, featurize as FZ, features as F
from inkprint_ml.train import dense_stats, standardise, platt, tpr_at_fpr, DENSE_OFF_FULL
rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use]); dom = np.array([r["domain"] for r in use])
gen = np.array([r["generator"] for r in use])
ess = (src == "biscope") & (dom == "essay") & ~np.isin(gen, list(Dd.TEST_GENERATORS))
b = np.array([Dd._bucket(r["group"]) for r in use])
for variant in ["baseline", "with_essays"]:
    sp2 = split.copy()
    if variant == "with_essays":
        sp2[ess & (b < 0.70)] = "train"; sp2[ess & (b >= 0.70) & (b < 0.85)] = "val"
    tr = np.where((sp2 == "train") & (y < 2))[0]; va = np.where((sp2 == "val") & (y < 2))[0]
    w = np.array(Dd.sample_weights([use[i] for i in tr])); wv = np.array(Dd.sample_weights([use[i] for i in va]))
    mu, sd = dense_stats(X[tr], DENSE_OFF_FULL, w); Z = standardise(X, DENSE_OFF_FULL, mu, sd)
    lr = LogisticRegression(C=1.0, max_iter=2000, tol=1e-5).fit(Z[tr], y[tr], sample_weight=w)
    raw = np.asarray(Z @ lr.coef_.ravel() + lr.intercept_[0]).ravel()
    a, c = platt(raw[va].reshape(-1, 1), y[va], wv); p = 1 / (1 + np.exp(-(raw * a[0] + c)))
    t = np.quantile(p[va][y[va] == 0], 0.995)
    te = (sp2 == "test") & (y < 2) & ~ess
    out = {"thr": round(float(t), 4), "auroc_test": round(roc_auc_score(y[te], p[te]), 4), "tpr1": round(tpr_at_fpr(y[te], p[te]), 4),
           "fpr": round(float((p[te & (y == 0)] >= t).mean()), 4)}
    for so in ["outfox_valid", "seqxgpt"]:
        e = te & (src == so)
        out[so] = {"auroc": round(roc_auc_score(y[e], p[e]), 4), "fpr": round(float((p[e & (y == 0)] >= t).mean()), 4),
                   "tpr": round(float((p[e & (y == 1)] >= t).mean()), 4), "tpr1": round(tpr_at_fpr(y[e], p[e]), 4)}
    print(variant, out, flush=True)
