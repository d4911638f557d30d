"""Threshold policy check: held-out FPR / TPR for thresholds picked at different validation-human quantiles."""
import numpy as np, onnxruntime as ort
from inkprint_ml import data as Dd, featurize as FZ, features as F
rows = Dd.load_rows(); Dd.assign_splits(rows)
use = [r for r in rows if r["split"] != "excluded"]
X = FZ.cached_matrix([r["text"] for r in use], "all")
y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
split = np.array([r["split"] for r in use]); src = np.array([r["source"] for r in use]); dom = np.array([r["domain"] for r in use])
idx = np.where(np.isin(split, ["val", "test"]) & (y < 2))[0]
for mode in ["moderate", "strong"]:
    s = ort.InferenceSession(f"../models/inkprint-{mode}.onnx", providers=["CPUExecutionProvider"])
    p = np.concatenate([s.run(["probability"], {"features": X[idx[i:i + 500]].toarray().astype(np.float32)})[0] for i in range(0, len(idx), 500)])
    sp_ = split[idx]; yy = y[idx]; ss = src[idx]
    for q in [0.98, 0.99, 0.995]:
        t = np.quantile(p[(sp_ == "val") & (yy == 0)], q)
        te = sp_ == "test"
        hum = te & (yy == 0)
        fpr = (p[hum] >= t).mean(); tpr = (p[te & (yy == 1)] >= t).mean()
        per = {so: round(float((p[hum & (ss == so)] >= t).mean()), 4) for so in sorted(set(ss[hum]))}
        tpr_src = {so: round(float((p[te & (yy == 1) & (ss == so)] >= t).mean()), 3) for so in sorted(set(ss[te & (yy == 1)]))}
        print(mode, q, round(float(t), 4), "FPR", round(float(fpr), 4), per, "TPR", round(float(tpr), 4), tpr_src, flush=True)
