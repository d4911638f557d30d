import sys, json, time, numpy as np, scipy.sparse as sp
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from inkprint_ml import data as Dd, featurize as FZ, features as F
from inkprint_ml.train import dense_stats, standardise, tpr_at_fpr
rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
import os
p = "/work/main/ml/cache/fw_exp.npz"
if os.path.exists(p):
    XF = sp.load_npz(p).tocsr()
else:
    t0 = time.time(); ind = [0]; ii = []; vv = []
    for r in use:
        b = F._block(F.fw_keys(F.fw_stream(F.normalize(r["text"]))), F.D_FW)
        for k in sorted(b): ii.append(k); vv.append(b[k])
        ind.append(len(ii))
    XF = sp.csr_matrix((np.array(vv, np.float32), np.array(ii), np.array(ind)), shape=(len(use), F.D_FW))
    sp.save_npz(p, XF); print("fw feats", time.time() - t0, flush=True)
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use]); gen = np.array([r["generator"] for r in use])
OFF = F.D_WORD + F.D_CHAR
def run(name, parts, C):
    Xm = sp.hstack(parts).tocsr(); off = Xm.shape[1] - 40
    res = {}
    for hold in ["biscope", "l2r", "imbd", None]:
        tr = np.where((split == "train") & (y < 2) & (src != hold))[0]
        w = np.array(Dd.sample_weights([use[i] for i in tr]))
        mu, sd = dense_stats(Xm[tr], off, w); Z = standardise(Xm, off, mu, sd)
        lr = LogisticRegression(C=C, max_iter=2000, tol=1e-4).fit(Z[tr], y[tr], sample_weight=w)
        s = np.asarray(Z @ lr.coef_.ravel()).ravel()
        if hold:
            ev = np.where((src == hold) & np.isin(split, ["train", "val"]) & (y < 2))[0]
            res[hold] = round(roc_auc_score(y[ev], s[ev]), 4)
        else:
            te = np.where((split == "test") & (y < 2))[0]
            res["test"] = round(roc_auc_score(y[te], s[te]), 4); res["tpr1"] = round(tpr_at_fpr(y[te], s[te]), 4)
            for so in ["outfox_valid", "seqxgpt"]:
                e = te[src[te] == so]; res[so] = round(roc_auc_score(y[e], s[e]), 4)
            for g in ["gpt-4o"]:
                e = te[(gen[te] == g) | ((y[te] == 0) & np.isin(src[te], list(set(src[te][gen[te] == g]))))]
                res[g] = round(roc_auc_score(y[e], s[e]), 4)
    res["loso_mean"] = round(np.mean([res[k] for k in ["biscope", "l2r", "imbd"]]), 4)
    print(name, C, json.dumps(res), flush=True)
for C in [float(c) for c in sys.argv[1:]]:
    run("fw+dense", [XF, X[:, OFF:]], C)
    run("full+fw", [X[:, :OFF], XF, X[:, OFF:]], C)
