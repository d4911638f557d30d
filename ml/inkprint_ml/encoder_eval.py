"""Family-held-out evaluation of the fine-tuned MiniLM detector and of its stack with the n-gram model (issue 24).

    python -m inkprint_ml.encoder_eval [--gpu-out ml/.gpu/out] [--ngram-cache ml/cache/encoder-ngram.json]

Inputs: `encoder_data`'s rows (`ml/.gpu/encoder-rows.jsonl`) and the GPU run's `oof.npz` (`prob[:, k]` = the model
trained without family k; column 5 = the shipped model). Every row gets the score of a model that never saw it:

- AI rows: the model trained without the row's whole generator family;
- human rows the fine-tune could train on: the model of the fold their pair group was hashed to;
- rows never trained on (SeqXGPT, the human-only files): the shipped model (AI rows of SeqXGPT: their family's fold).

The n-gram model's moderate probability is honest only where the shipped n-gram model never trained: release
validation and test rows of BiScope, L2R, ImBD and OUTFOX, the rows it held out (SeqXGPT, claude-3-opus), the new
sources (Binoculars, EvoBench, GECScore) and the human-only files. Only such rows are judged.

The stacker `enc+ngram` is a logistic regression over [logit p_ngram, logit p_enc], itself fitted leave-one-family-out
(for family k's rows, on the other families' AI rows and the humans of the other folds). Lines: `calibrate.choose`
on the judged humans (<= 1% at 0.5 pooled, <= 2% in every group of 100+, <= 0.1% at 0.65), for each score in turn.
"""
from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

from . import calibrate as C
from . import encoder_data as ED
from . import features as F
from .engine import Engine, encoder_stack

ML = Path(__file__).resolve().parents[1]
NEW = set(ED.NEW_SOURCES)


def clip_logit(p):
    p = np.clip(np.asarray(p, dtype=np.float64), 1e-6, 1 - 1e-6)
    return np.clip(np.log(p / (1 - p)), -8, 8)


def ngram_probs(rows, cache: Path, mode: str = "moderate", only_cached: bool = False) -> dict:
    have = json.loads(cache.read_text()) if cache.exists() else {}
    todo = [] if only_cached else [r for r in rows if r["id"] not in have]
    if todo:
        eng = Engine()
        for i, r in enumerate(todo):
            norm = F.normalize(r["text"])
            have[r["id"]] = float(eng.run(mode, eng.vector(norm, "full")[None])[0])
            if i % 2000 == 0:
                print(f"ngram {i}/{len(todo)}", flush=True)
        cache.write_text(json.dumps(have))
    return have


def render(report: dict, mode: str) -> str:
    """A markdown table of one evaluation (ml/experiments/results/encoder-finetune.md)."""
    names = {"p_ng": f"n-gram {mode} alone", "p_enc": "fine-tuned encoder alone", "p_stack": "logistic stack",
             "p_angle": "angle stack (shipped)"}
    L = [f"### {mode}: {report['n_judged_human']} human / {report['n_judged_ai']} AI texts judged", "",
         "| score | t50 | human ≥0.5 | human ≥0.65 | worst human group ≥0.5 | AI 100+ ≥0.5 | family mean ≥0.5 "
         "| SeqXGPT + claude-3-opus ≥0.5 | infeasible human groups |", "|---|---:|---:|---:|---|---:|---:|---:|---|"]
    for k in ("p_ng", "p_enc", "p_stack", "p_angle"):
        if k not in report:
            continue
        o = report[k]
        wg = o["human_worst_group"]
        L.append(f"| {names[k]} | {o['t50']:.4f} | {o['human_at_05']:.2%} | {o['human_at_065']:.2%} | {wg[0]} "
                 f"{wg[1]:.1%} (n={wg[2]}) | {o['all_ai_100_at_05']:.1%} | {o['macro_family_at_05']:.1%} | "
                 f"{o['seqxgpt_claude3opus_at_05'][0]:.1%} (n={o['seqxgpt_claude3opus_at_05'][1]}) | "
                 f"{', '.join(o['infeasible']) or '-'} |")
    L += ["", "Per generator family (AI of 100+ words; the encoder never trained on the family it judges):", "",
          "| family | n | " + " | ".join(f"{names[k]}: ≥0.5 / ≥0.65 / AUROC" for k in ("p_ng", "p_enc", "p_angle")
                                          if k in report) + " |",
          "|---|---:|" + "---|" * sum(1 for k in ("p_ng", "p_enc", "p_angle") if k in report)]
    for fam in ED.FAMILY_NAMES:
        row = [fam, str(report["p_ng"]["families"].get(fam, {}).get("n", 0))]
        for k in ("p_ng", "p_enc", "p_angle"):
            v = report[k]["families"].get(fam)
            row.append(f"{v['at_05']:.1%} / {v['at_065']:.1%} / {v['auroc']:.3f}" if v else "-")
        L.append("| " + " | ".join(row) + " |")
    return "\n".join(L) + "\n"


def write_manifest(report: dict, mode: str = "moderate") -> None:
    """The encoder block, the mode's angle stacker and the product-score knots chosen on its family-held-out human
    scores (the same policy as calibrate.py), plus the table they were chosen from."""
    from .encoder_detector import OUT_FILE, TOKENIZER_FILE
    path = ML.parent / "models" / "inkprint-detector.json"
    man = json.loads(path.read_text())
    man["encoder"] = {"name": "inkprint-minilm-v2", "file": OUT_FILE, "tokenizer": TOKENIZER_FILE, "max_tokens": ED.MAX_LEN,
                      "base": "sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), fine-tuned end to end",
                      "notice": "inkprint-encoder.NOTICE.md"}
    ang, o = report["angle"], report["p_angle"]
    m = man["modes"][mode]
    m["encoder_stack"] = {"coef": [round(ang["coef"][0], 7), round(ang["coef"][1], 7)],
                          "intercept": round(ang["intercept"], 7), "theta": round(ang["theta"], 4)}
    m["score_knots"] = [[0.0, 0.0], [0.2, 0.35], [o["t50"], 0.5], [o["t65"], 0.65], [1.0, 1.0]]
    m["threshold"] = o["t65"]  # the operating point on the stacked probability: its 0.65 line
    m["encoder_metrics"] = {k: o[k] for k in ("binding", "human_at_05", "human_at_065", "human_worst_group",
                                               "all_ai_100_at_05", "macro_family_at_05", "families")}
    m["procedure"] = ["norm = normalize(text)", "x = featureVector(norm, 'full')  -> float32[147496]",
                      f"p = run('{mode}', [x])[0]", f"pe = encoder(wordpiece(norm)[:{ED.MAX_LEN}])",
                      "p = sigmoid(c0 * clip(logit p, 8) + c1 * clip(logit pe, 8) + b)   (encoder_stack)"]
    path.write_text(json.dumps(man, indent=2) + "\n")


def macro_recall(judged, key, mw: int) -> float:
    hum = [r for r in judged if r["label"] == "human"]
    pool = [{"p": r[key], "fam": r.get("file") or r["source"], "row": r} for r in hum]
    kn = C.knots_of(C.choose(pool, mw, floor65=0.5))
    rec = []
    for fam in ED.FAMILY_NAMES:
        fa = [r for r in judged if r["label"] == "ai" and r["family"] == fam and r["n_words"] >= 100]
        if fa:
            rec.append(np.mean([C.final_score(r[key], r["n_words"], kn, mw) >= 0.5 for r in fa]))
    return float(np.mean(rec))


def honest_ngram(r) -> bool:
    if r["source"] in NEW or r["source"] == "seqxgpt" or r.get("file"):
        return True
    return r.get("split") in ("val", "test", "excluded") or r.get("generator") == "claude-3-opus"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu-out", default=str(ML / ".gpu" / "out"))
    ap.add_argument("--ngram-cache", default=str(ML / "cache" / "encoder-ngram.json"))
    ap.add_argument("--json", default=str(ML / ".gpu" / "eval.json"))
    ap.add_argument("--mode", default="moderate", choices=["moderate", "strong"])
    ap.add_argument("--only-cached", action="store_true",
                    help="judge only the rows whose n-gram probability is in the cache (a stratified subsample)")
    ap.add_argument("--write-manifest", action="store_true",
                    help="ship the angle stacker and its lines as modes.moderate.encoder_stack / score_knots")
    a = ap.parse_args()
    sample = ML / "cache" / "lm-sample-128.jsonl"
    sample_ids = {json.loads(l)["id"] for l in open(sample)} if sample.exists() else set()
    rows = ED.select(sample_ids)
    meta = [json.loads(l) for l in open(ML / ".gpu" / "encoder-rows.jsonl")]
    assert [r["id"] for r in rows] == [m["id"] for m in meta], "rows differ from the packed data: rerun encoder_data"
    prob = np.load(Path(a.gpu_out) / "oof.npz")["prob"]
    nf = prob.shape[1] - 1
    for i, r in enumerate(rows):
        if r["label"] == "human":
            col = r["fold"] if r["trainable"] else nf
        else:
            col = ED.FAMILY_NAMES.index(r["family"]) if r["family"] in ED.FAMILY_NAMES else nf
        r["p_enc"] = float(prob[i, col])
        r["p_enc_final"] = float(prob[i, nf])
    png = ngram_probs(rows, Path(a.ngram_cache), a.mode, a.only_cached)
    for r in rows:
        r["p_ng"] = png.get(r["id"])
    judged = [r for r in rows if r["label"] in ("human", "ai") and honest_ngram(r) and r["p_ng"] is not None]
    mw = Engine().manifest["min_words"]
    balanced = lambda y: np.where(y, 0.5 / y.sum(), 0.5 / (~y).sum())  # noqa: E731
    fam_of = lambda r: r["family"] if r["label"] == "ai" else ED.FAMILY_NAMES[r["fold"]] if r["trainable"] else "never"
    # leave-one-family-out stacker
    X = lambda rs: np.stack([clip_logit([r["p_ng"] for r in rs]), clip_logit([r["p_enc"] for r in rs])], 1)
    for fam in ED.FAMILY_NAMES + ["never"]:
        held = [r for r in judged if fam_of(r) == fam]
        fit = [r for r in judged if fam_of(r) != fam and fam_of(r) != "never"]
        if not held:
            continue
        y = np.array([r["label"] == "ai" for r in fit])
        lr = LogisticRegression(C=1.0, max_iter=1000).fit(X(fit), y, sample_weight=balanced(y))
        for r, q in zip(held, lr.predict_proba(X(held))[:, 1]):
            r["p_stack"] = float(q)
    # the angle stacker: s = cos(t) z_ng + sin(t) z_enc, then a 1-D logistic calibration (monotone, so the policy's
    # lines and the recall at them depend on t alone); t chosen on the macro family recall at 0.5
    def angle_score(t, rs):
        return np.cos(t) * clip_logit([r["p_ng"] for r in rs]) + np.sin(t) * clip_logit([r["p_enc"] for r in rs])
    yj = np.array([r["label"] == "ai" for r in judged])
    best = None
    for t in np.linspace(0, np.pi / 2, 19):
        s = angle_score(t, judged)
        cal = LogisticRegression(C=1e6, max_iter=1000).fit(s[:, None], yj, sample_weight=balanced(yj))
        q = cal.predict_proba(s[:, None])[:, 1]
        for r, v in zip(judged, q):
            r["p_angle"] = float(v)
        m = macro_recall(judged, "p_angle", mw)
        print(f"angle {t:.3f} macro@0.5 {m:.4f}", flush=True)
        if best is None or m > best[0]:
            best = (m, t, float(cal.coef_[0][0]), float(cal.intercept_[0]))
    _, t, ca, cb = best
    angle = {"theta": float(t), "coef": [ca * np.cos(t), ca * np.sin(t)], "intercept": cb}
    for r in judged:  # the shipped procedure itself (engine.encoder_stack), so the tables measure what ships
        r["p_angle"] = encoder_stack(r["p_ng"], r["p_enc"], angle)
    final = LogisticRegression(C=1.0, max_iter=1000).fit(X(judged), yj, sample_weight=balanced(yj))
    hum = [r for r in judged if r["label"] == "human"]
    ai = [r for r in judged if r["label"] == "ai"]
    report = {"n_judged_human": len(hum), "n_judged_ai": len(ai), "min_words": mw,
              "stacker": {"coef": final.coef_[0].tolist(), "intercept": float(final.intercept_[0])}, "angle": angle}
    for key in ("p_ng", "p_enc", "p_stack", "p_angle"):
        pool = [{"p": r[key], "fam": r.get("file") or r["source"], "row": r} for r in hum]
        c = C.choose(pool, mw, floor65=0.5)
        kn = C.knots_of(c)
        sc = lambda r: C.final_score(r[key], r["n_words"], kn, mw)
        out = {"t50": c["t50"], "t65": c["t65"], "binding": c["binding_group_50"],
               "infeasible": list(c["infeasible_families"])}
        hs = [sc(r) for r in hum if r["n_words"] >= mw]
        out["human_at_05"] = round(float(np.mean([s >= 0.5 for s in hs])), 4)
        out["human_at_065"] = round(float(np.mean([s >= 0.65 for s in hs])), 4)
        groups = defaultdict(list)
        for r in hum:
            if r["n_words"] >= mw:
                groups[r.get("file") or r["source"]].append(sc(r) >= 0.5)
        out["human_worst_group"] = max(((k, round(float(np.mean(v)), 4), len(v)) for k, v in groups.items() if len(v) >= 100),
                                       key=lambda t: t[1])
        fams = {}
        for fam in ED.FAMILY_NAMES:
            fa = [r for r in ai if r["family"] == fam and r["n_words"] >= 100]
            if not fa:
                continue
            s = [sc(r) for r in fa]
            fams[fam] = {"n": len(fa), "at_05": round(float(np.mean([v >= 0.5 for v in s])), 4),
                         "at_065": round(float(np.mean([v >= 0.65 for v in s])), 4),
                         "auroc": round(float(roc_auc_score([0] * len(hum) + [1] * len(fa),
                                                            [r[key] for r in hum] + [r[key] for r in fa])), 4)}
        out["families"] = fams
        allai = [r for r in ai if r["n_words"] >= 100]
        out["all_ai_100_at_05"] = round(float(np.mean([sc(r) >= 0.5 for r in allai])), 4)
        out["macro_family_at_05"] = round(float(np.mean([v["at_05"] for v in fams.values()])), 4)
        old_unseen = [r for r in allai if r["source"] == "seqxgpt" or r["generator"] == "claude-3-opus"]
        out["seqxgpt_claude3opus_at_05"] = (round(float(np.mean([sc(r) >= 0.5 for r in old_unseen])), 4), len(old_unseen))
        srcs = {}
        for s_ in sorted({r["source"] for r in allai}):
            v = [sc(r) >= 0.5 for r in allai if r["source"] == s_]
            srcs[s_] = (round(float(np.mean(v)), 4), len(v))
        out["by_source_at_05"] = srcs
        report[key] = out
    Path(a.json).write_text(json.dumps(report, indent=1))
    if a.write_manifest:
        write_manifest(report, a.mode)
    Path(a.json).with_name(f"eval-rows{'' if a.mode == 'moderate' else '-' + a.mode}.json").write_text(json.dumps(
        {r["id"]: {k: r[k] for k in ("p_ng", "p_enc", "p_enc_final", "p_stack", "p_angle")} for r in judged}))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
