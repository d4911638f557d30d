"""Model-selection experiments (not part of the product run). Selection criterion = leave-one-source-out
AUROC over the in-training sources (biscope, l2r, imbd) using train-split rows only; test rows are reported
for information but NOT used to choose."""
import sys, time, json
import numpy as np, scipy.sparse as sp
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from inkprint_ml import data as Dd, featurize as FZ, features as F
from inkprint_ml.train import dense_stats, standardise, tpr_at_fpr

rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use])
gen = np.array([r["generator"] for r in use])
OFF = F.D_WORD + F.D_CHAR
cols = {"word": np.r_[0:F.D_WORD], "char": np.r_[F.D_WORD:OFF], "dense": np.r_[OFF:OFF + 40]}

def run(name, fams, C, dense_scale=1.0):
    c = np.concatenate([cols[f] for f in fams])
    Xm = X[:, c].tocsr()
    off = Xm.shape[1] - 40 if "dense" in fams else None
    res = {}
    t0 = time.time()
    folds = [("biscope",), ("l2r",), ("imbd",), None]
    for hold in folds:
        trm = (split == "train") & (y < 2)
        if hold: trm &= ~np.isin(src, hold)
        tr = np.where(trm)[0]
        w = np.array(Dd.sample_weights([use[i] for i in tr]))
        if off is not None:
            mu, sd = dense_stats(Xm[tr], off, w); Z = standardise(Xm, off, mu, sd)
            if dense_scale != 1.0:
                Z = sp.hstack([Z[:, :off], Z[:, off:] * dense_scale]).tocsr()
        else:
            Z = Xm
        lr = LogisticRegression(C=C, max_iter=2000, tol=1e-4).fit(Z[tr], y[tr], sample_weight=w)
        s = np.asarray(Z @ lr.coef_.ravel()).ravel()
        if hold:
            ev = np.where(np.isin(src, hold) & np.isin(split, ["train", "val"]) & (y < 2))[0]
            res["loso_" + hold[0]] = round(roc_auc_score(y[ev], s[ev]), 4)
        else:
            te = np.where((split == "test") & (y < 2))[0]
            res["test_all"] = round(roc_auc_score(y[te], s[te]), 4)
            res["test_tpr1"] = round(tpr_at_fpr(y[te], s[te]), 4)
            for so in ["outfox_valid", "seqxgpt"]:
                e = te[src[te] == so]; res[so] = round(roc_auc_score(y[e], s[e]), 4)
            for g in ["gpt-4o", "claude-3-opus"]:
                e = te[(gen[te] == g) | ((y[te] == 0) & np.isin(src[te], list(set(src[te][gen[te] == g]))))]
                res[g] = round(roc_auc_score(y[e], s[e]), 4)
    res["loso_mean"] = round(np.mean([res["loso_biscope"], res["loso_l2r"], res["loso_imbd"]]), 4)
    print(json.dumps({"name": name, "C": C, **res, "sec": round(time.time() - t0)}), flush=True)

configs = [a.split(":") for a in sys.argv[1:]]
for name, fams, C, *ds in configs:
    run(name, fams.split("+"), float(C), float(ds[0]) if ds else 1.0)
