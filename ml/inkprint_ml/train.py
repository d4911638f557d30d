"""End-to-end training: data -> splits -> features -> models -> calibration -> ONNX -> card/manifest/fixtures.

Run:  ml/.venv/bin/python -m inkprint_ml.train      (from ml/, or with PYTHONPATH=ml)
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import scipy.sparse as sp
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, roc_curve
from sklearn.ensemble import HistGradientBoostingClassifier

from . import data as Dd
from . import features as F
from . import featurize as FZ
from . import onnx_export as OX

ROOT = F.REPO_ROOT
MODELS = ROOT / "models"
SEED = 1234
from .card import MODEL_VERSION  # noqa: E402,F401  (one definition, written into the manifest)
N_DENSE = F.N_DENSE
DENSE_OFF_FULL = F.feature_dim("full") - N_DENSE
DENSE_OFF_FAST = F.feature_dim("fast") - N_DENSE
C_LINEAR = float(os.environ.get("INKPRINT_C", "1.0"))
CHUNK_W, CHUNK_S = 150, 75


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- helpers
def dense_stats(X, off, w):
    D = X[:, off:off + N_DENSE].toarray().astype(np.float64)
    mu = np.average(D, axis=0, weights=w)
    sd = np.sqrt(np.average((D - mu) ** 2, axis=0, weights=w))
    sd[sd < 1e-6] = 1.0
    return mu, sd


def standardise(X, off, mu, sd):
    """Returns the matrix the ONNX graph effectively sees (sparse part unchanged)."""
    D = X[:, off:off + N_DENSE].toarray().astype(np.float64)
    Z = np.clip((D - mu) / sd, -6, 6)
    return sp.hstack([X[:, :off], sp.csr_matrix(Z)]).tocsr()


def logit(p):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return np.log(p / (1 - p))


def platt(z, y, w):
    lr = LogisticRegression(C=1e6, max_iter=1000)
    lr.fit(z.reshape(-1, 1) if z.ndim == 1 else z, y, sample_weight=w)
    return lr.coef_.ravel(), float(lr.intercept_[0])


def weighted_quantile(v, w, q):
    """Smallest value v_k such that the weight of values <= v_k is at least q of the total."""
    o = np.argsort(v, kind="stable")
    cw = np.cumsum(w[o])
    return float(v[o][min(len(v) - 1, int(np.searchsorted(cw, q * cw[-1])))])


def tpr_at_fpr(y, s, fpr_target=0.01):
    fpr, tpr, _ = roc_curve(y, s)
    ok = fpr <= fpr_target
    return float(tpr[ok].max()) if ok.any() else 0.0


def metrics(y, p, thr):
    y = np.asarray(y); p = np.asarray(p)
    out = {"n_human": int((y == 0).sum()), "n_ai": int((y == 1).sum())}
    if out["n_human"] and out["n_ai"]:
        out["auroc"] = round(float(roc_auc_score(y, p)), 4)
        out["tpr_at_1pct_fpr"] = round(tpr_at_fpr(y, p), 4)
    if out["n_human"]:
        out["fpr_at_threshold"] = round(float((p[y == 0] >= thr).mean()), 4)
    if out["n_ai"]:
        out["tpr_at_threshold"] = round(float((p[y == 1] >= thr).mean()), 4)
    return out


from .engine import chunk_texts  # noqa: E402  (single definition shared with the engine)


# --------------------------------------------------------------------------- main
def all_row_features(rows):
    """Feature matrix of every row (rows order), assembled from the two cached blocks of the protocol split
    ('all' = the rows the protocol profile uses, 'excluded' = the rest), so every profile reuses one extraction."""
    rp = [dict(r) for r in rows]
    Dd.assign_splits(rp, "protocol")
    use_p = [r for r in rp if r["split"] != "excluded"]
    exc_p = [r for r in rp if r["split"] == "excluded"]
    Xa = sp.vstack([FZ.cached_matrix([r["text"] for r in use_p], "all"),
                    FZ.cached_matrix([r["text"] for r in exc_p], "excluded")]).tocsr()
    pos = {r["id"]: k for k, r in enumerate(use_p + exc_p)}
    return Xa[np.array([pos[r["id"]] for r in rows])].tocsr()


def main():
    t_start = time.time()
    rows = Dd.load_rows()
    for r in rows:
        r["n_words"] = len(F.tokenize(F.normalize(r["text"])))
    Xrows = all_row_features(rows)
    # 1. protocol: the recipe evaluated on families it never saw (nothing exported)
    protocol = fit_profile(rows, Xrows, "protocol")
    dump_scores("protocol", protocol)
    protocol_report = protocol["report"]
    protocol_report["thresholds"] = protocol["thr"]
    del protocol
    # 2. release: the shipped models
    rel = fit_profile(rows, Xrows, "release")
    dump_scores("release", rel)
    report, thr, models, cal, agg = rel["report"], rel["thr"], rel["models"], rel["cal"], rel["agg"]
    MODELS.mkdir(exist_ok=True)
    paths = export_models(models, cal, agg)
    te, FI, nva = rel["te"], rel["FI"], rel["nva"]
    report["onnx_max_abs_diff"] = check_onnx(paths, rel["Xfull"], rel["Xfast"], te[:300], cal, FI[nva:nva + 300], models)
    report["cost"] = measure_cost(paths)
    report["robustness"] = robustness(rel["use"], te, rel["y"], models, cal)
    report["thresholds"] = thr
    report["train_seconds"] = round(time.time() - t_start)
    report["protocol"] = protocol_report
    (FZ.CACHE / "_report.tmp.json").write_text(json.dumps(report, indent=1, default=float))
    from . import card
    card.write_all(report, thr, paths, agg)
    from . import fixtures
    fixtures.write_fixtures(paths)
    log("done", f"{time.time() - t_start:.0f}s")


def fit_profile(rows_all, Xrows, profile):
    """Splits for `profile`, trains every model, calibrates, picks thresholds and evaluates on the test rows."""
    log("profile", profile)
    rows = [dict(r) for r in rows_all]
    Dd.assign_splits(rows, profile)
    keep = np.array([r["split"] != "excluded" for r in rows])
    use = [r for r, k in zip(rows, keep) if k]
    log("rows", Counter(r["split"] for r in rows))
    X = Xrows[np.flatnonzero(keep)].tocsr()
    split = np.array([r["split"] for r in use])
    y = np.array([1 if r["label"] == "ai" else (2 if r["label"] == "ai_edited" else 0) for r in use])
    tr = np.where((split == "train") & (y < 2))[0]
    va = np.where((split == "val") & (y < 2))[0]
    te = np.where(split == "test")[0]
    w_tr = np.array(Dd.sample_weights([use[i] for i in tr]))
    w_va = np.array(Dd.sample_weights([use[i] for i in va]))
    log("train", len(tr), "val", len(va), "test", len(te))

    Xfull = X
    Xfast = FZ.full_to_fast(X)
    models = {}

    # ---- linear models
    def fit_linear(Xm, off, name):
        mu, sd = dense_stats(Xm[tr], off, w_tr)
        Z = standardise(Xm, off, mu, sd)
        t0 = time.time()
        lr = LogisticRegression(C=C_LINEAR, max_iter=2000, tol=1e-5)
        lr.fit(Z[tr], y[tr], sample_weight=w_tr)
        log(name, "fit", f"{time.time() - t0:.0f}s", "iters", lr.n_iter_)
        raw = Z @ lr.coef_.ravel() + lr.intercept_[0]
        return {"mu": mu, "sd": sd, "w": lr.coef_.ravel().astype(np.float64), "b": float(lr.intercept_[0]),
                "off": off, "raw": np.asarray(raw).ravel()}

    models["fast"] = fit_linear(Xfast, DENSE_OFF_FAST, "fast")
    models["lin_full"] = fit_linear(Xfull, DENSE_OFF_FULL, "lin_full")

    # ---- gradient-boosted trees on the 40 raw stylometric features (topic-free second view)
    Draw = Xfull[:, DENSE_OFF_FULL:].toarray().astype(np.float32).astype(np.float64)
    hgb = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.05, max_leaf_nodes=31,
                                         l2_regularization=1.0, random_state=SEED)
    hgb.fit(Draw[tr], y[tr], sample_weight=w_tr)
    models["hgb_dense"] = {"model": hgb, "raw": hgb.decision_function(Draw).ravel()}
    log("hgb done", len(hgb._predictors), "trees")

    # ---- calibration on validation (Platt / stacking)
    cal = {}
    for mode, parts in {"fast": ["fast"], "moderate": ["lin_full"], "strong": ["lin_full", "hgb_dense"]}.items():
        Zv = np.stack([models[p]["raw"][va] for p in parts], axis=1)
        a, c = platt(Zv, y[va], w_va)
        cal[mode] = {"parts": parts, "a": a, "c": c}
        z = np.stack([models[p]["raw"] for p in parts], axis=1) @ a + c
        cal[mode]["p"] = 1 / (1 + np.exp(-z))
        log(mode, "calib a", a, "c", c)

    # ---- forensic: strong on the whole doc + chunk windows, aggregated by a 4-input calibrated LR
    def strong_prob_texts(texts):
        Xc = FZ.matrix(texts)
        Zc = standardise(Xc, DENSE_OFF_FULL, models["lin_full"]["mu"], models["lin_full"]["sd"])
        r_lin = np.asarray(Zc @ models["lin_full"]["w"] + models["lin_full"]["b"]).ravel()
        Dc = Xc[:, DENSE_OFF_FULL:].toarray().astype(np.float32).astype(np.float64)
        r_hgb = models["hgb_dense"]["model"].decision_function(Dc).ravel()
        z = np.stack([r_lin, r_hgb], 1) @ cal["strong"]["a"] + cal["strong"]["c"]
        return z

    def forensic_inputs(idx):
        owner, texts = [], []
        for j, i in enumerate(idx):
            ch = chunk_texts(F.normalize(use[i]["text"]))
            if len(ch) > 1:
                owner += [j] * len(ch); texts += ch
        zall = np.concatenate([strong_prob_texts(texts[s:s + 5000]) for s in range(0, len(texts), 5000)]) if texts else np.zeros(0)
        owner = np.array(owner, dtype=int)
        feats = np.zeros((len(idx), 4))
        for j, i in enumerate(idx):
            zdoc = logit(cal["strong"]["p"][i])
            feats[j] = [zdoc, zdoc, zdoc, zdoc]
        # group chunk logits per document (owner is sorted)
        if len(owner):
            starts = np.r_[0, np.flatnonzero(np.diff(owner)) + 1]
            ends = np.r_[starts[1:], len(owner)]
            for a_, b_ in zip(starts, ends):
                zc = zall[a_:b_]
                feats[owner[a_], 1:] = [zc.mean(), zc.max(), zc.min()]
        log("forensic: chunks", len(texts))
        return np.clip(feats, -6, 6)

    fv = np.concatenate([va, te])
    t0 = time.time()
    FI = forensic_inputs(fv)
    log("forensic chunk features", f"{time.time() - t0:.0f}s")
    nva = len(va)
    agg = LogisticRegression(C=1.0, max_iter=1000).fit(FI[:nva], y[va], sample_weight=w_va)
    p_for = np.full(len(use), np.nan)
    p_for[fv] = agg.predict_proba(FI)[:, 1]
    cal["forensic"] = {"a": agg.coef_.ravel(), "c": float(agg.intercept_[0]), "p": p_for}
    log("forensic agg", agg.coef_, agg.intercept_)

    # ---- thresholds: chosen on validation humans (target 0.5% FPR for headroom), floor 0.5. The quantile is weighted
    # with the same rebalancing weights as training and calibration (every source, and every domain within it, counts
    # equally), so a large low-scoring human pool (e.g. student essays) cannot dilute the false-positive rate of the
    # others.
    thr = {}
    hv = y[va] == 0
    src_va = np.array([use[i]["source"] for i in va])
    thr_val = {}
    for mode in ["fast", "moderate", "strong", "forensic"]:
        thr[mode] = round(float(max(0.5, weighted_quantile(cal[mode]["p"][va][hv], w_va[hv], 0.995))), 4)
        thr_val[mode] = {s: round(float((cal[mode]["p"][va][hv & (src_va == s)] >= thr[mode]).mean()), 4)
                         for s in sorted(set(src_va[hv]))}
    log("thresholds", thr, "validation human FPR by source", thr_val)

    # ---- evaluation
    report = evaluate(use, y, split, te, va, cal, thr, profile)
    report["profile"] = {"name": profile, "test_sources": sorted(Dd.PROFILES[profile]["test_sources"]),
                         "test_generators": sorted(Dd.PROFILES[profile]["test_generators"])}
    report["length_only_baseline"] = length_baseline(use, y, tr, te, w_tr)
    report["validation_human_fpr_by_source"] = thr_val
    report["data"] = data_summary(rows)
    return {"report": report, "thr": thr, "models": models, "cal": cal, "agg": agg, "use": use, "y": y,
            "te": te, "FI": FI, "nva": nva, "Xfull": Xfull, "Xfast": Xfast}


def score_matrix(models, cal, agg, X, Xchunks=None, owner=None):
    """Per-mode calibrated probabilities of feature rows X (full layout) with a fit's models; forensic needs the chunk
    rows of every document with more than one chunk (Xchunks, owner = document index per chunk row, sorted)."""
    out = {}
    Xf = FZ.full_to_fast(X)
    m = models["fast"]
    r_fast = np.asarray(standardise(Xf, m["off"], m["mu"], m["sd"]) @ m["w"] + m["b"]).ravel()
    out["fast"] = 1 / (1 + np.exp(-(r_fast * cal["fast"]["a"][0] + cal["fast"]["c"])))

    def lin_hgb(Xm):
        m = models["lin_full"]
        r_lin = np.asarray(standardise(Xm, m["off"], m["mu"], m["sd"]) @ m["w"] + m["b"]).ravel()
        D = Xm[:, DENSE_OFF_FULL:].toarray().astype(np.float32).astype(np.float64)
        return r_lin, models["hgb_dense"]["model"].decision_function(D).ravel()

    r_lin, r_hgb = lin_hgb(X)
    out["moderate"] = 1 / (1 + np.exp(-(r_lin * cal["moderate"]["a"][0] + cal["moderate"]["c"])))
    z_doc = np.stack([r_lin, r_hgb], 1) @ cal["strong"]["a"] + cal["strong"]["c"]
    out["strong"] = 1 / (1 + np.exp(-z_doc))
    zd = logit(out["strong"])
    feats = np.stack([zd, zd, zd, zd], 1)
    if Xchunks is not None and Xchunks.shape[0]:
        a_, b_ = lin_hgb(Xchunks)
        zc = logit(1 / (1 + np.exp(-(np.stack([a_, b_], 1) @ cal["strong"]["a"] + cal["strong"]["c"]))))
        owner = np.asarray(owner)
        starts = np.r_[0, np.flatnonzero(np.diff(owner)) + 1]
        ends = np.r_[starts[1:], len(owner)]
        for s_, e_ in zip(starts, ends):
            feats[owner[s_], 1:] = [zc[s_:e_].mean(), zc[s_:e_].max(), zc[s_:e_].min()]
    out["forensic"] = agg.predict_proba(np.clip(feats, -6, 6))[:, 1]
    return out


def extra_features():
    """The human-only files' sample (data.load_extra) and its forensic windows, feature-cached."""
    ex = Dd.load_extra()
    X = FZ.cached_matrix([r["text"] for r in ex], "extra")
    owner, ch = [], []
    for j, r in enumerate(ex):
        cc = chunk_texts(F.normalize(r["text"]))
        if len(cc) > 1:
            owner += [j] * len(cc); ch += cc
    Xc = FZ.cached_matrix(ch, "extra-chunks")
    for r in ex:
        r["n_words"] = len(F.tokenize(F.normalize(r["text"])))
    return ex, X, Xc, owner


def dump_scores(profile, fit):
    """Per-row probabilities of every mode on the fit's test rows and on the human-only files (never trained on), for
    the product-score calibration (inkprint_ml.calibrate). Never fatal: the models and card do not depend on it."""
    try:
        t0 = time.time()
        use, y, te, cal = fit["use"], fit["y"], fit["te"], fit["cal"]
        recs = []
        for i in te:
            r = use[i]
            recs.append({"id": r["id"], "label": r["label"], "source": r["source"], "domain": r["domain"],
                         "generator": r["generator"], "attack": r["attack"], "n_words": r["n_words"], "set": "test",
                         "p": {m: float(cal[m]["p"][i]) for m in ["fast", "moderate", "strong", "forensic"]}})
        ex, Xe, Xc, owner = extra_features()
        pe = score_matrix(fit["models"], cal, fit["agg"], Xe, Xc, owner)
        for j, r in enumerate(ex):
            recs.append({"id": r["id"], "label": r["label"], "source": r["source"], "domain": r["domain"],
                         "generator": r["generator"], "attack": r["attack"], "n_words": r["n_words"], "set": "extra",
                         "p": {m: float(pe[m][j]) for m in pe}})
        FZ.CACHE.mkdir(exist_ok=True)
        (FZ.CACHE / f"scores-{profile}.json").write_text(json.dumps({"profile": profile, "thresholds": fit["thr"], "rows": recs}))
        log("scores dumped", profile, len(recs), f"{time.time() - t0:.0f}s")
    except Exception as e:  # noqa: BLE001
        import traceback
        traceback.print_exc()
        log("dump_scores failed (non-fatal)", profile, repr(e))


def data_summary(rows):
    s = defaultdict(Counter)
    for r in rows:
        s[r["split"]][f'{r["source"]}/{r["label"]}'] += 1
    return {k: dict(v) for k, v in s.items()}


def evaluate(use, y, split, te, va, cal, thr, profile):
    test_sources = sorted(Dd.PROFILES[profile]["test_sources"])
    test_generators = sorted(Dd.PROFILES[profile]["test_generators"])
    rep = {"modes": {}}
    src = np.array([r["source"] for r in use])
    gen = np.array([r["generator"] for r in use])
    dom = np.array([f'{r["source"]}/{r["domain"]}' for r in use])
    att = np.array([str(r["attack"]) for r in use])
    nw = np.array([r["n_words"] for r in use])
    lb = np.array([Dd.length_bucket(n) for n in nw])
    te_set = np.zeros(len(use), bool); te_set[te] = True
    bin_ = te_set & (y < 2)
    for mode in ["fast", "moderate", "strong", "forensic"]:
        p = cal[mode]["p"]; t = thr[mode]
        m = {}
        m["heldout_all"] = metrics(y[bin_], p[bin_], t)
        m["validation_in_distribution"] = metrics(y[va], p[va], t)
        # unseen sources: their own humans vs their own AI
        for s in test_sources:
            sel = bin_ & (src == s)
            m[f"unseen_source:{s}"] = metrics(y[sel], p[sel], t)
        # unseen generators: AI of that generator vs test humans of the same sources
        for g in test_generators:
            srcs = set(src[bin_ & (gen == g)])
            sel = bin_ & (((gen == g)) | ((y == 0) & np.isin(src, list(srcs))))
            m[f"unseen_generator:{g}"] = metrics(y[sel], p[sel], t)
        # every unseen family pooled: their AI rows, their sources' human test rows
        gsrc = sorted(set(src[bin_ & np.isin(gen, test_generators)]))
        sel = bin_ & (np.isin(src, test_sources) | np.isin(gen, test_generators) | ((y == 0) & np.isin(src, gsrc)))
        m["unseen_pool"] = metrics(y[sel], p[sel], t)
        # seen sources, held-out documents, seen generators only
        sel = bin_ & ~np.isin(src, test_sources) & ~np.isin(gen, test_generators) & ~np.isin(dom, ["biscope/essay"])
        m["heldout_docs_seen_sources_generators"] = metrics(y[sel], p[sel], t)
        # held-out documents per trained source (in-distribution, documents never seen)
        for s in sorted(set(src[sel])):
            m[f"heldout_docs_source:{s}"] = metrics(y[sel & (src == s)], p[sel & (src == s)], t)
        m["by_domain"] = {d: metrics(y[bin_ & (dom == d)], p[bin_ & (dom == d)], t) for d in sorted(set(dom[bin_]))}
        m["by_generator"] = {g: metrics(y[bin_ & (gen == g)], p[bin_ & (gen == g)], t) for g in sorted(set(gen[bin_]))}
        m["by_length_bucket"] = {b: metrics(y[bin_ & (lb == b)], p[bin_ & (lb == b)], t)
                                 for b in ["0-49", "50-99", "100-199", "200-399", "400+"] if (bin_ & (lb == b)).any()}
        m["by_attack"] = {a: metrics(y[bin_ & (att == a) & (y == 1)], p[bin_ & (att == a) & (y == 1)], t)
                          for a in sorted(set(att[bin_ & (y == 1)]))}
        ed = te_set & (y == 2)
        m["ai_edited_flag_rate"] = {a: {"n": int((ed & (att == a)).sum()),
                                        "flagged": round(float((p[ed & (att == a)] >= t).mean()), 4)}
                                    for a in sorted(set(att[ed]))}
        # student essays (OUTFOX human test rows; unseen or held-out documents depending on the profile)
        m["student_essay_fpr"] = metrics(y[bin_ & (src == "outfox_valid")], p[bin_ & (src == "outfox_valid")], t).get("fpr_at_threshold")
        rep["modes"][mode] = m
        log(profile, mode, "heldout", m["heldout_all"], {k: v.get("auroc") for k, v in m.items() if k.startswith("unseen_")})
    return rep


def length_baseline(use, y, tr, te, w_tr):
    nw = np.array([r["n_words"] for r in use], dtype=float)
    f = np.stack([np.log1p(nw), np.log1p(nw) ** 2], 1)
    lr = LogisticRegression().fit(f[tr], y[tr], sample_weight=w_tr)
    sel = te[y[te] < 2]
    p = lr.predict_proba(f[sel])[:, 1]
    out = {"heldout_auroc": round(float(roc_auc_score(y[sel], p)), 4)}
    src = np.array([use[i]["source"] for i in sel])
    for s in sorted(set(src)):
        ss = src == s
        if len(set(y[sel][ss])) == 2:
            out[f"auroc:{s}"] = round(float(roc_auc_score(y[sel][ss], p[ss])), 4)
    return out


def export_models(models, cal, agg):
    paths = {}
    # fast
    m = models["fast"]; D = F.feature_dim("fast")
    mu = np.zeros(D); sd = np.ones(D); mu[m["off"]:] = m["mu"]; sd[m["off"]:] = m["sd"]
    nodes, inits = [], []
    lg = OX.linear_branch("lin_", "features", mu, 1 / sd, m["w"], m["b"], nodes, inits)
    paths["fast"] = MODELS / "inkprint-fast.onnx"
    onnx.save(OX.finish("inkprint_fast", D, [lg], cal["fast"]["a"], cal["fast"]["c"], nodes, inits,
                        "Inkprint fast: hashed word uni+bigrams + function-word/shape 2-4grams + 40 stylometric features, L2 logistic regression, Platt-calibrated."),
              paths["fast"])
    # moderate
    m = models["lin_full"]; D = F.feature_dim("full")
    mu = np.zeros(D); sd = np.ones(D); mu[m["off"]:] = m["mu"]; sd[m["off"]:] = m["sd"]
    nodes, inits = [], []
    lg = OX.linear_branch("lin_", "features", mu, 1 / sd, m["w"], m["b"], nodes, inits)
    paths["moderate"] = MODELS / "inkprint-moderate.onnx"
    onnx.save(OX.finish("inkprint_moderate", D, [lg], cal["moderate"]["a"], cal["moderate"]["c"], nodes, inits,
                        "Inkprint moderate: hashed word 1-2grams + char 3-4grams + function-word/shape 2-4grams + 40 stylometric features, L2 logistic regression, Platt-calibrated."),
              paths["moderate"])
    # strong: lin_full + gradient-boosted trees on the dense block, stacked
    nodes, inits = [], []
    lg1 = OX.linear_branch("lin_", "features", mu, 1 / sd, m["w"], m["b"], nodes, inits)
    lg2 = OX.tree_branch("hgb_", "features", DENSE_OFF_FULL, D, models["hgb_dense"]["model"], nodes, inits)
    paths["strong"] = MODELS / "inkprint-strong.onnx"
    onnx.save(OX.finish("inkprint_strong", D, [lg1, lg2], cal["strong"]["a"], cal["strong"]["c"], nodes, inits,
                        "Inkprint strong: stacked ensemble of the full linear model and gradient-boosted trees over the 40 stylometric features; calibrated stacker.",
                        ml=True),
              paths["strong"])
    # forensic aggregator: input [N,4] = [doc_logit, mean_chunk_logit, max_chunk_logit, min_chunk_logit]
    nodes, inits = [], []
    lg = OX.linear_branch("agg_", "features", np.zeros(4), np.ones(4), agg.coef_.ravel(), 0.0, nodes, inits)
    # note: Clip(-6,6) is applied to the logits in the aggregator graph as well
    paths["forensic"] = MODELS / "inkprint-forensic-aggregator.onnx"
    onnx.save(OX.finish("inkprint_forensic_aggregator", 4, [lg], [1.0], float(agg.intercept_[0]), nodes, inits,
                        "Inkprint forensic aggregator: calibrated LR over [doc_logit, mean, max, min of chunk logits] of the strong model (logits clipped to [-6,6])."),
              paths["forensic"])
    return paths


def check_onnx(paths, Xfull, Xfast, idx, cal, FI, models):
    out = {}
    for mode in ["fast", "moderate", "strong"]:
        sess = ort.InferenceSession(str(paths[mode]), providers=["CPUExecutionProvider"])
        Xm = (Xfast if mode == "fast" else Xfull)[idx].toarray().astype(np.float32)
        po = sess.run(["probability"], {"features": Xm})[0]
        out[mode] = float(np.abs(po - cal[mode]["p"][idx]).max())
    sess = ort.InferenceSession(str(paths["forensic"]), providers=["CPUExecutionProvider"])
    po = sess.run(["probability"], {"features": FI.astype(np.float32)})[0]
    ref = 1 / (1 + np.exp(-(np.clip(FI, -6, 6) @ cal["forensic"]["a"] + cal["forensic"]["c"])))
    out["forensic"] = float(np.abs(po - ref).max())
    log("onnx parity", out)
    return out


def measure_cost(paths):
    """Python reference timings for a ~500-word text (features + ORT), single thread."""
    from .fixtures import TEXTS
    pool = " ".join(t for name, t in TEXTS if name in ("ai_long", "human_long", "numbers", "dashes", "questions", "essay_student"))
    text = " ".join(pool.split(" ")[:500])
    res = {}
    so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
    sess = {m: ort.InferenceSession(str(p), so, providers=["CPUExecutionProvider"]) for m, p in paths.items()}
    for mode in ["fast", "moderate", "strong", "forensic"]:
        fs = "fast" if mode == "fast" else "full"
        reps = 5
        for it in range(reps + 1):  # first iteration = warm-up (not timed)
            if it == 1:
                t0 = time.perf_counter()
            F._hash_cache.clear()  # no memoisation: closer to what the TS engine does
            norm = F.normalize(text)
            texts = [norm] + (chunk_texts(norm) if mode == "forensic" else [])
            rows_ = []
            for t in texts:
                i, v = F.extract(t, fs, normalized=True)
                x = np.zeros(F.feature_dim(fs), np.float32); x[i] = v
                rows_.append(x)
            sname = "strong" if mode == "forensic" else mode
            p = sess[sname].run(["probability"], {"features": np.stack(rows_)})[0]
            if mode == "forensic":
                z = logit(p.astype(np.float64))
                sess["forensic"].run(["probability"], {"features": np.array([[z[0], z[1:].mean(), z[1:].max(), z[1:].min()]], np.float32)})
        res[mode] = {"python_ms_500_words": round((time.perf_counter() - t0) / reps * 1000, 2),
                     "onnx_bytes": paths[mode].stat().st_size,
                     "n_feature_vectors": len(texts)}
    return res


def robustness(use, te, y, models, cal):
    """Adversarial formatting on held-out AI texts must not change the moderate score."""
    rng = np.random.default_rng(SEED)
    ai = [i for i in te if y[i] == 1][:300]
    hom = str.maketrans({"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "i": "\u0456"})
    m = models["lin_full"]

    def score(texts):
        Xc = FZ.matrix(texts)
        Zc = standardise(Xc, DENSE_OFF_FULL, m["mu"], m["sd"])
        z = np.asarray(Zc @ m["w"] + m["b"]).ravel() * cal["moderate"]["a"][0] + cal["moderate"]["c"]
        return 1 / (1 + np.exp(-z))

    base = score([use[i]["text"] for i in ai])
    out = {"n": len(ai)}
    attacks = {
        "homoglyphs": lambda t: t.translate(hom),
        "zero_width": lambda t: "\u200b".join(t[k:k + 3] for k in range(0, len(t), 3)),
        "whitespace": lambda t: t.replace(" ", "\u00a0 \t").replace("\n", "\r\n\n\n"),
        "soft_hyphen_fullwidth": lambda t: t.replace("e", "e\u00ad").replace("A", "\uff21"),
    }
    for name, fn in attacks.items():
        p = score([fn(use[i]["text"]) for i in ai])
        out[name] = {"max_abs_change": round(float(np.abs(p - base).max()), 6),
                     "flipped_ai_to_human_at_0.5": int(((base >= 0.5) & (p < 0.5)).sum())}
    return out


if __name__ == "__main__":
    main()
