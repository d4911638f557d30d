"""The language model in moderate and strong through a cascade (issue 24, item 1), measured on families never trained on.

    python -m inkprint_ml.lm_cascade [--sample ml/cache/lm-sample-128.jsonl] [--export] [--results PATH]

The cascade, per mode (identical in `libs/detector/src/engine/analyze.ts` modeProbability):

    p = the mode's n-gram probability (the shipped moderate / strong model)
    if lo <= p <= hi:  q = stacker([logit(p), the 8 LM features of the first `WINDOW` tokens])   (the language model runs)
    else:              q = p                                                                       (it does not)
    score = piecewise-linear(q, score_knots)  (under min_words words: capped below 0.5, as every mode)

The sample is `lm_sample --max-tokens 128 --keep-stats` (the same seeded rows as `lm-sample.jsonl`, Gemma features of
the first 128 tokens: a 128-token window costs about half of 256). The stacker (`lm_stack.Stacker`, logistic, or
`lm_stack.Booster`, gradient-boosted trees) is fitted like `lm_stack`'s `(families)` variants: on the release
validation rows of the trained sources and the rows of the families never trained on, every judged row predicted by a
fit WITHOUT its whole family (leave-one-family-out). The gate [lo, hi] and the score knots are then chosen on those
family-held-out predictions: the knots by `calibrate.choose` (the worst group: <= 1% of human texts at 0.5 pooled,
<= 2% in every group of 100+, <= 0.1% at 0.65), the gate as the one with the highest recall of unseen AI of 100+ words
at 0.5 among those that send at most `--max-lm-fraction` of the judged texts to the language model. The shipped
stacker is fitted on every row of the pool.

Writes `ml/experiments/results/lm-cascade.md` (+ `ml/cache/lm-cascade.json`); with `--export`,
`models/inkprint-{moderate,strong}-lm.onnx` and `modes.{moderate,strong}.lm` in the manifest.
"""
from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

import numpy as np
import onnx

from . import onnx_export as OX
from .engine import logit32
from .lm_features import FEATURE_NAMES, HEAD_BLOCK
from .lm_stack import (DISC, LOGP, Booster, Stacker, auroc, family_fit_pool, leave_family_out, load,
                       rates_at_lines, unseen_rows, _r)

REPO = Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
SAMPLE = REPO / "ml" / "cache" / "lm-sample-128.jsonl"
RESULTS = REPO / "ml" / "experiments" / "results" / "lm-cascade.md"
REPORT = REPO / "ml" / "cache" / "lm-cascade.json"
WINDOW = 128
MODES = ("moderate", "strong")
class ZeroShot:
    """A zero-shot combination, no stacker learned on AI text: logit q = clip(logit p) + w * clip((x - mu) / sd), with x
    one language-model feature (`col`: the Fast-DetectGPT discrepancy), mu / sd from the release validation rows of
    the fit and the weight w from `W_GRID` chosen on the fit's unseen-family rows (the best recall of their AI of 100+
    words at 0.5 at lines chosen on their humans; ties: the smaller w). Inside `leave_family_out` the judged family
    is never among those rows, so its predictions are family-held-out like the stackers'."""

    W_GRID = (0.0, 0.5, 1.0, 2.0, 3.0, 5.0)

    def __init__(self, rows, mode, col=DISC, min_words=None):
        min_words = min_words or json.loads((MODELS / "inkprint-detector.json").read_text())["min_words"]
        self.mode, self.col, self.lm_cols = mode, col, (col,)
        val = [r for r in rows if r["set"] == "stack"] or rows
        v = np.array([r["lm"][col] for r in val], float)
        self.mu, self.sd = np.array([0.0, v.mean()]), np.array([1.0, v.std() + 1e-9])
        hum, ai = unseen_rows(rows)
        best = (-1.0, 0.0)
        if hum and ai:
            for w in self.W_GRID:
                self.w = w
                x = rates_at_lines(hum, ai, self.predict(hum), self.predict(ai), min_words)
                best = max(best, ((x["ai_100plus_at_0.5"]["rate"] or 0.0), -w))
        self.w = -best[1]

    def _z(self, rows):
        X = np.array([[logit32(r["p_mode"][self.mode]), r["lm"][self.col]] for r in rows], float)
        return np.clip((X - self.mu) / self.sd, -6, 6)

    def predict(self, rows):
        z = self._z(rows)
        return 1 / (1 + np.exp(-(z[:, 0] + self.w * z[:, 1])))


LEARNERS = {
    "zero-shot (discrepancy)": lambda fit, mode: ZeroShot(fit, mode),
    "logistic": lambda fit, mode: Stacker(fit, mode),
    "logistic (discrepancy, log p)": lambda fit, mode: Stacker(fit, mode, lm_cols=(DISC, LOGP)),
    "boosted": lambda fit, mode: Booster(fit, mode),
}
# candidate gate edges: quantiles of the n-gram probability over the judged texts
LO_QUANTILES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
HI_QUANTILES = (0.8, 0.9, 0.95, 1.0)
DEFAULT_MAX_FRACTION = {"moderate": 0.5, "strong": 1.0}


def cascade(p, s, gate):
    """q per row: the stacker's probability `s` where the n-gram probability `p` lies in the gate, else `p`."""
    p, s = np.asarray(p, float), np.asarray(s, float)
    lo, hi = gate
    inside = (p >= lo) & (p <= hi)
    return np.where(inside, s, p), inside


def judged(rows):
    """The rows the tables judge: human texts of the unseen families and human-only files, unseen AI texts."""
    hum, ai = unseen_rows(rows)
    return hum, ai


def held_out(rows, mode, learner) -> dict:
    """id -> the stacker's probability, each row predicted by a fit without its family."""
    cls = LEARNERS[learner]
    return leave_family_out(rows, lambda fit, held: cls(fit, mode).predict(held))


def evaluate(rows, mode, s_of, gate, min_words):
    hum, ai = judged(rows)
    ph = np.array([r["p_mode"][mode] for r in hum])
    pa = np.array([r["p_mode"][mode] for r in ai])
    qh, ih = cascade(ph, [s_of[r["id"]] for r in hum], gate)
    qa, ia = cascade(pa, [s_of[r["id"]] for r in ai], gate)
    x = rates_at_lines(hum, ai, qh, qa, min_words)
    x["gate"] = [round(float(g), 7) for g in gate]
    x["lm_fraction"] = {"all": round(float(np.r_[ih, ia].mean()), 4), "human": round(float(ih.mean()), 4),
                        "ai": round(float(ia.mean()), 4)}
    # AUROC per unseen AI family (generator) against all the judged human texts
    fam = {}
    for g in sorted({r["generator"] for r in ai}):
        idx = [i for i, r in enumerate(ai) if r["generator"] == g]
        fam[g] = auroc(hum + [ai[i] for i in idx], np.r_[qh, qa[idx]])
    x["auroc_by_generator"] = fam
    return x


def trained_sources_check(rows, mode, s_of, gate):
    """Item 5: per trained source, the test rows' AUROC with the n-gram probability alone and with the cascade (the
    stacker's prediction of these rows comes from a fit without the source's family)."""
    out = {}
    for src in sorted({r["source"] for r in rows if r["set"] == "test"}):
        te = [r for r in rows if r["set"] == "test" and r["source"] == src and r["generator"] != "claude-3-opus"]
        if len({r["label"] for r in te}) < 2:
            continue
        p = np.array([r["p_mode"][mode] for r in te])
        q, _ = cascade(p, [s_of[r["id"]] for r in te], gate)
        out[src] = {"n": len(te), "ngram": auroc(te, p), "cascade": auroc(te, q)}
    return out


def choose_gate(rows, mode, s_of, min_words, max_fraction):
    hum, ai = judged(rows)
    p = np.array([r["p_mode"][mode] for r in hum + ai])
    los = sorted({0.0} | {float(np.quantile(p, q)) for q in LO_QUANTILES if q > 0})
    his = sorted({1.0} | {float(np.quantile(p, q)) for q in HI_QUANTILES if q < 1})
    tried = []
    # (2, 2): no text reaches the language model (the n-gram alone), so the choice can say the cascade does not help
    for lo, hi in [(2.0, 2.0)] + [(lo, hi) for lo in los for hi in his if hi > lo]:
        x = evaluate(rows, mode, s_of, (lo, hi), min_words)
        tried.append({"gate": x["gate"], "lm_fraction": x["lm_fraction"]["all"],
                      "ai_100plus_at_0.5": x["ai_100plus_at_0.5"]["rate"], "human_at_0.5": x["human_at_0.5"]["rate"],
                      "auroc_unseen": x["auroc_unseen"]})
    ok = [t for t in tried if t["lm_fraction"] <= max_fraction]
    best = max(ok, key=lambda t: (t["ai_100plus_at_0.5"] or 0, -t["lm_fraction"]))
    return tuple(best["gate"]), tried


def run(rows, min_words, max_fraction):
    rep = {"n_rows": len(rows), "window": WINDOW,
           "counts": {s: sum(1 for r in rows if r["set"] == s) for s in ("stack", "test", "unseen", "extra")},
           "modes": {}}
    for mode in MODES:
        m = {"max_lm_fraction": max_fraction[mode]}
        hum, ai = judged(rows)
        base_s = {r["id"]: r["p_mode"][mode] for r in rows}
        m["base"] = evaluate(rows, mode, base_s, (2.0, 2.0), min_words)
        for learner in LEARNERS:
            s_of = held_out(rows, mode, learner)
            s_of.update({r["id"]: r["p_mode"][mode] for r in rows if r["id"] not in s_of})
            m[f"{learner}, every text"] = evaluate(rows, mode, s_of, (0.0, 1.0), min_words)
            gate, tried = choose_gate(rows, mode, s_of, min_words, max_fraction[mode])
            x = evaluate(rows, mode, s_of, gate, min_words)
            x["trained_sources"] = trained_sources_check(rows, mode, s_of, gate)
            m[f"{learner}, cascade"] = x
            m[f"{learner}, gates tried"] = tried
        # the best recall at both lines together: a stacker that reaches 0.5 but rarely 0.65 (the boosted trees over the
        # encoder-stacked moderate probability: 50.8% / 13.2%) reads 'Mixed' where another reads 'AI-Generated'
        best = max(LEARNERS, key=lambda l: (m[f"{l}, cascade"]["ai_100plus_at_0.5"]["rate"] or 0)
                   + (m[f"{l}, cascade"]["ai_100plus_at_0.65"]["rate"] or 0))
        m["chosen"] = f"{best}, cascade"
        # green: more unseen AI of 100+ words at 0.5 than the n-gram alone, the language model reached at all, and the
        # human rates within the policy (pooled <= 1% at 0.5, <= 0.1% at 0.65)
        ch, b = m[m["chosen"]], m["base"]
        why = []
        if ch["lm_fraction"]["all"] == 0:
            why.append("the best gate sends no text to the language model")
        if (ch["ai_100plus_at_0.5"]["rate"] or 0) <= (b["ai_100plus_at_0.5"]["rate"] or 0):
            why.append("recall of unseen AI of 100+ words at 0.5 is not above the n-gram alone")
        if (ch["human_at_0.5"]["rate"] or 0) > 0.01 or (ch["human_at_0.65"]["rate"] or 0) > 0.001:
            why.append("human rates above the policy")
        m["green"], m["green_why"] = not why, "; ".join(why)
        rep["modes"][mode] = m
        print(mode, {k: (v["ai_100plus_at_0.5"]["rate"], v.get("lm_fraction", {}).get("all"), v["auroc_unseen"])
                     for k, v in m.items() if isinstance(v, dict) and "ai_100plus_at_0.5" in v}, flush=True)
    return rep


# what strong takes over from moderate with --strong-base moderate (its own lines included: the same base probability)
BASE_KEYS = ("models", "procedure", "threshold", "score_knots", "encoder_stack", "encoder_metrics", "metrics",
             "protocol_metrics")


# why forensic reads moderate's cascade (modes.forensic.base with --forensic-base moderate)
FORENSIC_BASE_NOTE = (
    "moderate's cascade (lm_cascade --forensic-base moderate): forensic's own language-model stacker (Gemma's first "
    "256 tokens + the aggregator's 4 window inputs) read weaker than the default mode where users meet AI text: "
    "through the product on the cascade's judged rows it flagged fewer claude-3-opus texts at its lines than moderate's "
    "cascade, and fewer AI texts at 0.65, although it was fitted on those rows; no family-held-out refit of it beat "
    "the cascade (ml/experiments/results/forensic-product.md, lm-shape-forensic-v2.md). Forensic keeps its own +-1 "
    "and +-2 sentence windows for the breakdown")


def export(rows, rep, modes=MODES, strong_base="strong", forensic_base="forensic") -> dict:
    """The chosen stacker per mode, fitted on the whole pool, as ONNX over [logit(p), 8 LM features] (float32 [N, 9]),
    and its manifest entry `modes[m].lm` (gate, window, knots). With `forensic_base` "moderate", forensic's document
    probability is moderate's cascade: its entry takes moderate's models, encoder stack, cascade and lines (the
    forensic aggregator and its language-model stacker are no longer read; the stacker's graph and entries go)."""
    import onnxruntime as ort

    man_path = MODELS / "inkprint-detector.json"
    man = json.loads(man_path.read_text())
    if strong_base == "moderate":
        for k in BASE_KEYS:
            man["modes"]["strong"][k] = json.loads(json.dumps(man["modes"]["moderate"][k]))
        budget = man["modes"]["strong"]["cost"].get("ts_budget_ms_500_words")
        man["modes"]["strong"]["cost"] = dict(man["modes"]["moderate"]["cost"], ts_budget_ms_500_words=budget)
        man["modes"]["strong"]["base"] = ("moderate's evidence (lm_cascade --strong-base moderate): on family-held-out "
                                          "rows the strong n-gram ensemble stacked with the encoder caught fewer unseen "
                                          "AI texts than moderate's stack (42.8% vs 47.9% at 0.5 on the strong "
                                          "subsample, ml/experiments/results/encoder-finetune.md)")
    out = {}
    for mode in MODES:
        m = rep["modes"][mode]
        m["shipped"] = bool(m["green"] and mode in modes)
        if not m["shipped"]:
            # never move a line until the table turns green: no cascade for this mode (an earlier one is removed)
            man["modes"][mode].pop("lm", None)
            man["models"].pop(f"{mode}_lm", None)
            man["feature_sets"].pop(f"{mode}_lm", None)
            (MODELS / f"inkprint-{mode}-lm.onnx").unlink(missing_ok=True)
            out[mode] = {"exported": False, "why": m["green_why"] or f"--export-modes {','.join(modes)}"}
            continue
        learner = m["chosen"].rsplit(", cascade", 1)[0]
        fit = family_fit_pool(rows)
        D_ = 1 + len(FEATURE_NAMES)
        nodes, inits = [], []
        if learner.startswith("zero-shot"):
            st = LEARNERS[learner](fit, mode)
            mu, sd, w = np.zeros(D_), np.ones(D_), np.zeros(D_)
            mu[1 + st.col], sd[1 + st.col] = st.mu[1], st.sd[1]
            w[0], w[1 + st.col] = 1.0, st.w
            lg = OX.linear_branch("lm_", "features", mu, 1 / sd, w, 0.0, nodes, inits)
            model = OX.finish(f"inkprint_{mode}_lm", D_, [lg], [1.0], 0.0, nodes, inits,
                              f"Inkprint {mode} + language model (cascade): the {mode} model's logit plus {st.w} x the "
                              f"standardised {FEATURE_NAMES[st.col]} of Gemma 3 270M (first 128 tokens), both clipped "
                              "to [-6, 6].")
            m["weight"] = st.w
        elif learner == "boosted":
            st = Booster(fit, mode)
            lg = OX.tree_branch("lm_", "features", 0, D_, st.m, nodes, inits)
            model = OX.finish(f"inkprint_{mode}_lm", D_, [lg], [1.0], 0.0, nodes, inits,
                              f"Inkprint {mode} + language model (cascade): gradient-boosted trees over the {mode} "
                              "model's logit and 8 Gemma-3-270M features of the first 128 tokens.", ml=True)
        else:
            st = LEARNERS[learner](fit, mode)
            # columns a variant does not use get weight 0 (the engine's input is always [logit p, 8 features])
            mu, sd, w = np.zeros(D_), np.ones(D_), np.zeros(D_)
            used = [0] + [1 + i for i in st.lm_cols]
            mu[used], sd[used], w[used] = st.mu, st.sd, st.lr.coef_.ravel()
            lg = OX.linear_branch("lm_", "features", mu, 1 / sd, w, 0.0, nodes, inits)
            model = OX.finish(f"inkprint_{mode}_lm", D_, [lg], [1.0], float(st.lr.intercept_[0]), nodes, inits,
                              f"Inkprint {mode} + language model (cascade): logistic stacker over the {mode} model's "
                              "logit and 8 Gemma-3-270M features of the first 128 tokens (standardised, clipped).")
        fname = f"inkprint-{mode}-lm.onnx"
        path = MODELS / fname
        onnx.save(model, path)
        sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        # the engine passes logit(p) unclipped (q clipped to [1e-7, 1-1e-7]); the graph clips (linear) or splits
        X = np.array([[logit32(r["p_mode"][mode])] + r["lm"] for r in fit], np.float32)
        got = sess.run(["probability"], {"features": X})[0]
        ref = st.predict(fit)
        assert float(np.max(np.abs(got - ref))) < 1e-5, float(np.max(np.abs(got - ref)))
        data = path.read_bytes()
        key = f"{mode}_lm"
        man["models"][key] = {
            "file": fname, "input": "features", "input_shape": ["N", D_], "feature_set": key, "output": "probability",
            "output_shape": ["N"], "calibrated": True, "opset": OX.OPSET, "ml_opset": 3 if learner == "boosted" else None,
            "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        man["feature_sets"][key] = {"dim": D_, "names": [f"{mode}_logit"] + FEATURE_NAMES}
        x = m[m["chosen"]]
        man["modes"][mode]["lm"] = {
            "variant": f"cascade, {learner} (families)",
            "model": key,
            "gate": x["gate"],
            "language_model": {"name": "gemma-3-270m", "dir": "lm", "body": "gemma-3-270m-body.onnx",
                               "head": "gemma-3-270m-head.onnx", "tokenizer": "gemma-3-270m-tokenizer.json",
                               "max_tokens": WINDOW, "head_block": HEAD_BLOCK, "fetch": "npm run models:fetch"},
            "procedure": [
                f"p = the {mode} procedure above",
                "if p < gate[0] or p > gate[1]: the probability is p (the language model does not run)",
                "ids = gemmaTokenize(norm)[:max_tokens] (BOS first); lm = documentFeatures(head(body(ids)))",
                f"else: p = run('{key}', [[logit(p), ...lm]])[0]  (logit as the forensic procedure's z)",
            ],
            "score_knots": x["knots"],
            "metrics": {"unseen_auroc": x["auroc_unseen"], "unseen_human_fpr_at_0.5": x["human_at_0.5"]["rate"],
                        "unseen_ai_100plus_recall_at_0.5": x["ai_100plus_at_0.5"]["rate"],
                        "unseen_ai_100plus_recall_at_0.65": x["ai_100plus_at_0.65"]["rate"],
                        "lm_fraction": x["lm_fraction"]},
        }
        out[mode] = {"file": fname, "bytes": len(data), "learner": learner}
    if forensic_base == "moderate":
        if "lm" not in man["modes"]["moderate"]:
            raise SystemExit("--forensic-base moderate needs moderate's cascade (it was not exported)")
        fo = man["modes"]["forensic"]
        for k in BASE_KEYS + ("lm",):
            fo[k] = json.loads(json.dumps(man["modes"]["moderate"][k]))
        fo["cost"] = dict(man["modes"]["moderate"]["cost"], ts_budget_ms_500_words=fo["cost"].get("ts_budget_ms_500_words"))
        fo["base"] = FORENSIC_BASE_NOTE
        man["models"].pop("forensic_lm", None)
        man["feature_sets"].pop("forensic_lm", None)
        (MODELS / "inkprint-forensic-lm.onnx").unlink(missing_ok=True)
        out["forensic"] = {"base": "moderate"}
    man_path.write_text(json.dumps(man, indent=2) + "\n")
    return out


def render(rep) -> str:
    L = ["# The language model in moderate and strong: a cascade (issue 24)", "",
         f"Generated by `python -m inkprint_ml.lm_cascade` from `lm_sample --max-tokens {rep['window']} --keep-stats` "
         f"({rep['n_rows']} rows: {rep['counts']}). Gemma 3 270M features of the first {rep['window']} tokens. "
         "Stackers fitted on release validation rows and the families never trained on, every judged row predicted "
         "by a fit without its whole family; lines (≤1% of human texts at 0.5 pooled, ≤2% per group of 100+, ≤0.1% at "
         "0.65) and the gate chosen on those held-out predictions. `LM share` = judged texts whose n-gram probability "
         "lies in the gate (the language model runs on them).", "",
         "| mode | variant | gate (n-gram p) | LM share (human / AI) | AUROC | t50 | human ≥0.5 | human ≥0.65 | worst transfer ≥0.5 | AI 100+ ≥0.5 | AI 100+ ≥0.65 |",
         "|---|---|---|---|---:|---:|---:|---:|---|---:|---:|"]
    for mode, m in rep["modes"].items():
        for v, x in m.items():
            if not (isinstance(x, dict) and "ai_100plus_at_0.5" in x):
                continue
            wt = max(x["transfer"].items(), key=lambda kv: kv[1]["at_0.5"]["rate"] or 0)
            fr = x["lm_fraction"]
            name = v + (" (best)" if v == m["chosen"] else "")
            L.append(f"| {mode} | {name} | {x['gate'] if v != 'base' else '–'} | {100 * fr['all']:.0f}% "
                     f"({100 * fr['human']:.0f}% / {100 * fr['ai']:.0f}%) | {x['auroc_unseen']} | {x['choice']['t50']} | "
                     f"{_r(x['human_at_0.5'])} | {_r(x['human_at_0.65'])} | {wt[0]}: {_r(wt[1]['at_0.5'])} | "
                     f"{_r(x['ai_100plus_at_0.5'])} | {_r(x['ai_100plus_at_0.65'])} |")
    def status(m):
        if m.get("shipped"):
            return "the best cascade beats the n-gram alone: shipped (`--export`)."
        if m["green"]:
            return ("the best cascade beats the n-gram alone; not shipped by this run"
                    + (f" (`--export-modes {rep['export_modes']}`)." if rep.get("export_modes") else " (no `--export`)."))
        return f"not shipped ({m['green_why']}); the mode stays on the n-gram model."

    L += [""] + [f"- **{mode}**: {status(m)}" for mode, m in rep["modes"].items()]
    for mode, m in rep["modes"].items():
        ch = m[m["chosen"]]
        b = m["base"]
        L += ["", f"## {mode}: human texts at ≥ 0.5 by group (groups of 20+), before / after", "",
              "| group | n-gram alone | best cascade |", "|---|---:|---:|"]
        for g, row in b["human_groups_at_0.5"].items():
            if row["n"] >= 20:
                L.append(f"| {g} | {_r(row)} | {_r(ch['human_groups_at_0.5'].get(g))} |")
        L += ["", f"## {mode}: unseen AI of 100+ words at ≥ 0.5 by generator, and AUROC by generator", "",
              "| generator | n-gram alone ≥0.5 | cascade ≥0.5 | AUROC n-gram | AUROC cascade |", "|---|---:|---:|---:|---:|"]
        for g, row in b["ai_100plus_by_generator_at_0.5"].items():
            L.append(f"| {g} | {_r(row)} | {_r(ch['ai_100plus_by_generator_at_0.5'].get(g))} | "
                     f"{b['auroc_by_generator'].get(g)} | {ch['auroc_by_generator'].get(g)} |")
        L += ["", f"## {mode}: trained sources' test rows, AUROC (the stacker's fit without the source's family)", "",
              "| source | n | n-gram alone | cascade |", "|---|---:|---:|---:|"]
        for s, x in ch["trained_sources"].items():
            L.append(f"| {s} | {x['n']} | {x['ngram']} | {x['cascade']} |")
    return "\n".join(L) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", default=str(SAMPLE))
    ap.add_argument("--export", action="store_true")
    ap.add_argument("--export-modes", default=",".join(MODES),
                    help="the modes whose cascade --export may ship (others get none; default: both)")
    ap.add_argument("--max-lm-fraction", type=float, nargs=2, metavar=("MODERATE", "STRONG"),
                    default=[DEFAULT_MAX_FRACTION["moderate"], DEFAULT_MAX_FRACTION["strong"]])
    ap.add_argument("--results", default=str(RESULTS))
    ap.add_argument("--shuffle-lm", type=int, metavar="SEED",
                    help="a null check: permute the rows' LM features (seeded) before everything, so whatever the "
                         "best cascade gains over the n-gram alone is the selection's own optimism (no export)")
    ap.add_argument("--strong-base", choices=["strong", "moderate"], default="strong",
                    help="moderate: strong's base probability is moderate's (the moderate n-gram model stacked with "
                         "the encoder), its cascade refitted on top of it; with --export the manifest's strong mode "
                         "takes moderate's models, encoder stack and lines (strong = moderate + more language model)")
    ap.add_argument("--forensic-base", choices=["forensic", "moderate"], default="forensic",
                    help="moderate: with --export, forensic's document probability is moderate's cascade (its entry "
                         "takes moderate's models, encoder stack, cascade and lines; the forensic language-model "
                         "stacker's graph and entries are removed); its sentence windows stay its own")
    a = ap.parse_args(argv)
    rows = load(a.sample)
    if a.strong_base == "moderate":
        for r in rows:
            r["p_mode"]["strong"] = r["p_mode"]["moderate"]
    if a.shuffle_lm is not None:
        import random

        lm = [r["lm"] for r in rows]
        random.Random(a.shuffle_lm).shuffle(lm)
        for r, v in zip(rows, lm):
            r["lm"] = v
        a.export = False
    min_words = json.loads((MODELS / "inkprint-detector.json").read_text())["min_words"]
    rep = run(rows, min_words, dict(zip(MODES, a.max_lm_fraction)))
    if a.export:
        rep["export_modes"] = a.export_modes
        rep["strong_base"] = a.strong_base
        rep["forensic_base"] = a.forensic_base
        rep["export"] = export(rows, rep, tuple(a.export_modes.split(",")), a.strong_base, a.forensic_base)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    report = REPORT if a.shuffle_lm is None else REPORT.with_name(f"lm-cascade-null-{a.shuffle_lm}.json")
    report.write_text(json.dumps(rep, indent=1))
    Path(a.results).write_text(render(rep))
    print(Path(a.results).read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
