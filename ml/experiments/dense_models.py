"""LOSO comparison of non-linear models on the 40 stylometric features (selection only)."""
import json, numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.neural_network import MLPClassifier
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from inkprint_ml import data as Dd, featurize as FZ, features as F
from inkprint_ml.train import dense_stats

rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
OFF = F.D_WORD + F.D_CHAR
D = X[:, OFF:].toarray()
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use])
def mk(name):
    if name == "lr": return LogisticRegression(C=1, max_iter=2000)
    if name.startswith("mlp"):
        h = tuple(int(x) for x in name[3:].split("x"))
        return MLPClassifier(hidden_layer_sizes=h, alpha=1e-3, max_iter=300, random_state=1234)
    if name == "hgb": return HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, random_state=0)
for name in ["lr", "mlp32x16", "mlp64x32", "hgb"]:
    res = {}
    for hold in ["biscope", "l2r", "imbd", None]:
        tr = np.where((split == "train") & (y < 2) & (src != hold))[0]
        w = np.array(Dd.sample_weights([use[i] for i in tr]))
        mu, sd = dense_stats(X[tr], OFF, w)
        Z = np.clip((D - mu) / sd, -6, 6)
        m = mk(name).fit(Z[tr], y[tr], sample_weight=w)
        s = m.predict_proba(Z)[:, 1]
        if hold:
            ev = np.where((src == hold) & np.isin(split, ["train", "val"]) & (y < 2))[0]
            res[hold] = round(roc_auc_score(y[ev], s[ev]), 4)
        else:
            te = np.where((split == "test") & (y < 2))[0]
            res["test"] = round(roc_auc_score(y[te], s[te]), 4)
            for so in ["outfox_valid", "seqxgpt"]:
                e = te[src[te] == so]; res[so] = round(roc_auc_score(y[e], s[e]), 4)
    res["loso_mean"] = round(np.mean([res[k] for k in ["biscope", "l2r", "imbd"]]), 4)
    print(name, json.dumps(res), flush=True)
