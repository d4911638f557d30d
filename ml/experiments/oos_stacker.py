"""Strong-mode stacker fitted on out-of-source (leave-one-source-out) logits instead of in-distribution validation logits."""
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from inkprint_ml import data as Dd, featurize as FZ, features as F
from inkprint_ml.train import dense_stats, standardise, platt, tpr_at_fpr, DENSE_OFF_FULL
rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use]); gen = np.array([r["generator"] for r in use])
Draw = X[:, DENSE_OFF_FULL:].toarray().astype(np.float32).astype(np.float64)
def fit(tr):
    w = np.array(Dd.sample_weights([use[i] for i in tr]))
    mu, sd = dense_stats(X[tr], DENSE_OFF_FULL, w); Z = standardise(X, DENSE_OFF_FULL, mu, sd)
    lr = LogisticRegression(C=1.0, max_iter=2000, tol=1e-5).fit(Z[tr], y[tr], sample_weight=w)
    h = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, max_leaf_nodes=31, l2_regularization=1.0, random_state=1234).fit(Draw[tr], y[tr], sample_weight=w)
    return np.asarray(Z @ lr.coef_.ravel() + lr.intercept_[0]).ravel(), h.decision_function(Draw)
tr_all = np.where((split == "train") & (y < 2))[0]; va = np.where((split == "val") & (y < 2))[0]
zl, zh = fit(tr_all)
oos_l = np.zeros(len(use)); oos_h = np.zeros(len(use))
for s in ["biscope", "l2r", "imbd"]:
    a, b = fit(np.where((split == "train") & (y < 2) & (src != s))[0])
    m = (src == s); oos_l[m] = a[m]; oos_h[m] = b[m]
te = np.where((split == "test") & (y < 2))[0]
wv = np.array(Dd.sample_weights([use[i] for i in va]))
for name, Zfit in [("val_in_dist", np.stack([zl[va], zh[va]], 1)), ("val_oos", np.stack([oos_l[va], oos_h[va]], 1))]:
    a, c = platt(Zfit, y[va], wv)
    p_va = 1 / (1 + np.exp(-(np.stack([zl[va], zh[va]], 1) @ a + c)))
    p = 1 / (1 + np.exp(-(np.stack([zl, zh], 1) @ a + c)))
    t = np.quantile(p_va[y[va] == 0], 0.995)
    out = {"a": np.round(a, 3).tolist(), "c": round(c, 3), "thr": round(float(t), 4), "auroc": round(roc_auc_score(y[te], p[te]), 4),
           "tpr1": round(tpr_at_fpr(y[te], p[te]), 4), "fpr": round(float((p[te][y[te] == 0] >= t).mean()), 4),
           "tpr": round(float((p[te][y[te] == 1] >= t).mean()), 4)}
    for so in ["outfox_valid", "seqxgpt"]:
        e = te[src[te] == so]
        out[so] = (round(roc_auc_score(y[e], p[e]), 4), round(float((p[e][y[e] == 1] >= t).mean()), 4), round(float((p[e][y[e] == 0] >= t).mean()), 4))
    e = te[(gen[te] == "gpt-4o") | ((y[te] == 0) & (src[te] == "l2r")) | ((y[te] == 0) & (src[te] == "imbd"))]
    out["gpt-4o"] = round(roc_auc_score(y[e], p[e]), 4)
    print(name, out, flush=True)
