"""Product-score calibration on families never trained on (run after inkprint_ml.train and inkprint_ml.loso).

The product score (what the report bands and the demo's 0.5 line read) is a monotone piecewise-linear map of the
calibrated probability, per mode: knots (0, 0), (0.2, 0.35), (t50, 0.5), (t65, 0.65), (1, 1). t50 and t65 are chosen
on human texts of families the model never trained on, by the WORST group:

* t50: the smallest probability at which at most 1% of all such human texts, and at most 2% of every group with 100+
  texts (source, domain, length bucket, writer group), reach it;
* t65: at most 0.1% of all of them (and t65 >= the mode's validation operating threshold, t65 > t50).

Human texts of families never trained on = the fit's held-out source families (protocol: OUTFOX, SeqXGPT; release:
SeqXGPT), the human-only files of the shared datasets (seeded sample, `data.load_extra`), and, for fast, moderate and
strong, the leave-one-source-out models' scores on BiScope, L2R and ImBD humans (the same recipe retrained without that
source; forensic has no such refit). Texts below `min_words` never reach 0.5 (score capped at SHORT_TEXT_MAX_SCORE) and do not take
part in the choice. Writes the shipped (release) knots into the manifest, every table into the card, and regenerates
the parity fixtures (which carry the per-mode product score).
"""
from __future__ import annotations

import json
import math
from collections import defaultdict

import numpy as np
from sklearn.metrics import roc_auc_score

from . import card as CARD
from . import engine as E
from . import featurize as FZ
from .train import MODELS, log

MODES = ["fast", "moderate", "strong", "forensic"]
LOSO_RECIPE = {"fast": "fast", "moderate": "moderate", "strong": "strong"}  # forensic: no LOSO refit (window cost)
HUMAN_P = 0.2
SHORT_TEXT_MAX_SCORE = 0.49
FPR50_POOLED, FPR50_GROUP, FPR65_POOLED = 0.01, 0.02, 0.001
MIN_GROUP = 100
INFEASIBLE_P = 0.999
LEN_BUCKETS = [(0, 50, "<50"), (50, 100, "50-99"), (100, 250, "100-249"), (250, 10 ** 9, "250+")]
UNSEEN_SOURCES = {"protocol": {"outfox_valid", "seqxgpt"}, "release": {"seqxgpt"}}
UNSEEN_GENERATORS = {"protocol": {"claude-3-opus", "gpt-4o"}, "release": {"claude-3-opus"}}
WRITER_GROUPS = {
    "students (OUTFOX essays, grades 6-12)": lambda r: r["source"] == "outfox_valid",
    "forum / Q&A answers (Stack Exchange, SQuAD)": lambda r: r["source"] == "stackexchange_small_dumps" or r["domain"] == "squad",
}


def length_bucket(n):
    for lo, hi, name in LEN_BUCKETS:
        if lo <= n < hi:
            return name
    return LEN_BUCKETS[-1][2]


def final_score(p, n_words, knots, min_words):
    return E.final_score(p, n_words, knots, min_words, SHORT_TEXT_MAX_SCORE)


def wilson(k, n, z=1.959964):
    if n == 0:
        return (None, None)
    ph = k / n
    d = 1 + z * z / n
    c = (ph + z * z / (2 * n)) / d
    h = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / d
    return (round(max(0.0, c - h), 4), round(min(1.0, c + h), 4))


def thr_for(v, alpha):
    """Smallest threshold t (just above a data value) with mean(v >= t) <= alpha."""
    v = np.sort(np.asarray(v, float))[::-1]
    c = int(math.floor(alpha * len(v) + 1e-9))
    if c >= len(v):
        return 0.0
    return min(float(v[c]) + 1e-6, 1 - 1e-7)


def human_pool(fit_rows, loso_rows, profile, mode):
    """Unseen human rows of a fit for a mode: (p, row, family) with the group tags they belong to."""
    out = []
    for r in fit_rows:
        if r["label"] != "human":
            continue
        if r["set"] == "extra":
            fam = r["source"]
        elif r["source"] in UNSEEN_SOURCES[profile]:
            fam = r["source"]
        else:
            continue
        out.append({"p": r["p"][mode], "fam": fam, "row": r})
    rec = LOSO_RECIPE.get(mode)
    if rec:
        for r in loso_rows:
            if r["recipe"] == rec and r["label"] == "human":
                out.append({"p": r["p"], "fam": "loso:" + r["source"], "row": r})
    return out


def tags(h):
    r = h["row"]
    t = ["all", "source:" + h["fam"], "domain:" + h["fam"] + "/" + r["domain"], "length:" + length_bucket(r["n_words"])]
    for name, f in WRITER_GROUPS.items():
        if f(r):
            t.append("writer:" + name)
    return t


def infeasible_families(pool, min_words):
    """Families on which no usable line exists: some group of the family (the family itself or one of its domains with
    100+ texts) would need p above INFEASIBLE_P to keep to 2%, i.e. the model is confidently wrong on more than 2% of
    those human texts. They cannot bind the choice (the line would flag nothing); their rates at the chosen lines are
    reported as the shortfall."""
    out = {}
    for fam in sorted({h["fam"] for h in pool}):
        g = defaultdict(list)
        for h in pool:
            if h["fam"] == fam and h["row"]["n_words"] >= min_words:
                g["source:" + fam].append(h["p"])
                g["domain:" + fam + "/" + h["row"]["domain"]].append(h["p"])
        need = {k: thr_for(v, FPR50_GROUP) for k, v in g.items() if len(v) >= MIN_GROUP}
        worst = max(need.values(), default=0.0)
        if worst > INFEASIBLE_P:
            out[fam] = {"group": max(need, key=need.get), "p_needed": round(worst, 7)}
    return out


def choose(pool, min_words, floor65):
    infeasible = infeasible_families(pool, min_words)
    elig = [h for h in pool if h["row"]["n_words"] >= min_words and h["fam"] not in infeasible]
    groups = defaultdict(list)
    for h in elig:
        for t in tags(h):
            groups[t].append(h["p"])
    need = {"all": thr_for(groups["all"], FPR50_POOLED)}
    for g, v in groups.items():
        if g != "all" and len(v) >= MIN_GROUP:
            need[g] = thr_for(v, FPR50_GROUP)
    binding = max(need, key=need.get)
    t50 = max(0.5, need[binding])
    t65 = max(thr_for(groups["all"], FPR65_POOLED), floor65, t50 + 1e-4)
    t65 = min(t65, 1 - 1e-7)
    t50 = min(t50, t65 - 1e-7)
    return {"t50": round(t50, 7), "t65": round(t65, 7), "binding_group_50": binding, "infeasible_families": infeasible,
            "n_eligible": len(elig), "groups_considered": sum(1 for g, v in groups.items() if len(v) >= MIN_GROUP)}


def knots_of(c):
    return [[0.0, 0.0], [HUMAN_P, 0.35], [c["t50"], 0.5], [c["t65"], 0.65], [1.0, 1.0]]


def rate_row(scores, line):
    k = int(sum(1 for s in scores if s >= line))
    n = len(scores)
    lo, hi = wilson(k, n)
    return {"n": n, "k": k, "rate": round(k / n, 4) if n else None, "ci95": [lo, hi]}


def group_table(items, knots, min_words, keyf):
    """items: (p, n_words, row); rates at 0.5 / 0.65 of the final score, by key."""
    g = defaultdict(list)
    for p, n, r in items:
        s = final_score(p, n, knots, min_words)
        for k in keyf(r):
            g[k].append(s)
    return {k: {"at_0.5": rate_row(v, 0.5), "at_0.65": rate_row(v, 0.65)} for k, v in sorted(g.items())}


def evaluate_fit(profile, fit_rows, loso_rows, mode, knots, min_words, infeasible=()):
    hp = human_pool(fit_rows, loso_rows, profile, mode)
    hum = group_table([(h["p"], h["row"]["n_words"], h) for h in hp], knots, min_words, tags)
    feas = group_table([(h["p"], h["row"]["n_words"], h) for h in hp if h["fam"] not in infeasible], knots, min_words,
                       lambda h: ["all"] + [t for t in tags(h) if t.startswith("length:") or t.startswith("writer:")])
    # AI: the fit's unseen AI (held-out sources' AI, held-out generators), every test AI row, LOSO AI, mixed / edited
    ai_items = []
    for r in fit_rows:
        if r["set"] != "test" or r["label"] not in ("ai", "ai_edited"):
            continue
        unseen = r["source"] in UNSEEN_SOURCES[profile] or r["generator"] in UNSEEN_GENERATORS[profile]
        ai_items.append((r["p"][mode], r["n_words"], {**r, "unseen": unseen}))
    for r in fit_rows:
        if r["set"] == "extra" and r["label"] != "human":
            ai_items.append((r["p"][mode], r["n_words"], {**r, "unseen": True}))

    def ai_keys(r):
        if r["label"] == "ai_edited":
            return [f"edited:{r['source']}/{r['attack']}"]
        ks = ["all test AI (held-out documents + unseen families)"]
        if r["unseen"]:
            ks += ["unseen families: all", "unseen: source:" + r["source"], "unseen: generator:" + r["generator"],
                   "unseen: length:" + length_bucket(r["n_words"])]
            if r["n_words"] >= 100:
                ks.append("unseen families: 100+ words")
        ks += ["test: length:" + length_bucket(r["n_words"]), "test: attack:" + str(r["attack"]),
               "test: domain:" + r["source"] + "/" + r["domain"]]
        if r["n_words"] >= 100:
            ks.append("test: 100+ words")
        return ks
    ai = group_table(ai_items, knots, min_words, ai_keys)
    rec = LOSO_RECIPE.get(mode)
    if rec:
        li = [(r["p"], r["n_words"], r) for r in loso_rows if r["recipe"] == rec and r["label"] == "ai" and not r["heldgen"]]
        ai.update(group_table(li, knots, min_words, lambda r: ["loso: source:" + r["source"]]
                              + (["loso: 100+ words"] if r["n_words"] >= 100 else [])))
    # AUROC on the unseen pool (human pool vs unseen AI)
    au = {}
    hs = [h["p"] for h in hp]
    ua = [p for p, n, r in ai_items if r.get("unseen") and r["label"] == "ai"]
    if hs and ua:
        au["unseen humans vs unseen AI"] = round(float(roc_auc_score([0] * len(hs) + [1] * len(ua), hs + ua)), 4)
    by_src = defaultdict(lambda: ([], []))
    for r in fit_rows:
        if r["set"] == "test" and r["label"] in ("human", "ai"):
            by_src[r["source"]][0 if r["label"] == "human" else 1].append(r["p"][mode])
    for s, (h, a) in sorted(by_src.items()):
        if h and a:
            au[f"test rows {s}"] = round(float(roc_auc_score([0] * len(h) + [1] * len(a), h + a)), 4)
    if rec:
        for s in ["biscope", "l2r", "imbd"]:
            h = [r["p"] for r in loso_rows if r["recipe"] == rec and r["source"] == s and r["label"] == "human"]
            a = [r["p"] for r in loso_rows if r["recipe"] == rec and r["source"] == s and r["label"] == "ai" and not r["heldgen"]]
            if h and a:
                au[f"loso {s}"] = round(float(roc_auc_score([0] * len(h) + [1] * len(a), h + a)), 4)
    return {"human_fpr": hum, "human_fpr_without_infeasible": feas, "ai_recall": ai, "auroc": au, "reliability": reliability(hp, ai_items, knots, min_words)}


def reliability(hp, ai_items, knots, min_words):
    """Score bins -> share of AI among unseen texts (humans and unseen AI weighted to equal totals, a 50/50 prior)."""
    H = [final_score(h["p"], h["row"]["n_words"], knots, min_words) for h in hp]
    A = [final_score(p, n, knots, min_words) for p, n, r in ai_items if r.get("unseen") and r["label"] == "ai"]
    if not H or not A:
        return []
    edges = [0, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 1.0001]
    out = []
    for lo, hi in zip(edges, edges[1:]):
        nh = sum(1 for s in H if lo <= s < hi)
        na = sum(1 for s in A if lo <= s < hi)
        wh, wa = nh / len(H), na / len(A)
        out.append({"score_bin": f"[{lo}, {min(hi, 1.0)}{']' if hi > 1 else ')'}", "n_human": nh, "n_ai": na,
                    "ai_share_50_50_prior": round(wa / (wh + wa), 4) if wh + wa > 0 else None})
    return out


def transfer_check(profile, fit_rows, loso_rows, mode, min_words, floor65):
    """Leave-one-family-out check of the choice itself: t50/t65 chosen without a family, rates measured on it."""
    return transfer_of_pool(human_pool(fit_rows, loso_rows, profile, mode), min_words, floor65)


def transfer_of_pool(pool, min_words, floor65):
    """transfer_check on a pool of (p, fam, row) human items: per family, the lines chosen without it and its rates."""
    out = {}
    for fam in sorted({h["fam"] for h in pool}):
        c = choose([h for h in pool if h["fam"] != fam], min_words, floor65)
        kn = knots_of(c)
        sc = [final_score(h["p"], h["row"]["n_words"], kn, min_words) for h in pool if h["fam"] == fam]
        out[fam] = {"t50_without": c["t50"], "at_0.5": rate_row(sc, 0.5), "at_0.65": rate_row(sc, 0.65)}
    return out


def main():
    man = json.loads((MODELS / "inkprint-detector.json").read_text())
    cj = MODELS / "inkprint-detector.card.json"
    card = json.loads(cj.read_text())
    min_words = man["min_words"]
    loso = json.loads((FZ.CACHE / "scores-loso.json").read_text())["rows"] if (FZ.CACHE / "scores-loso.json").exists() else []
    res = {"rule": __doc__.split("\n\n")[1].replace("\n", " "), "min_words": min_words,
           "short_text_max_score": SHORT_TEXT_MAX_SCORE, "fits": {}}
    for profile in ["protocol", "release"]:
        d = json.loads((FZ.CACHE / f"scores-{profile}.json").read_text())
        rows, thr = d["rows"], d["thresholds"]
        fr = {}
        for mode in MODES:
            pool = human_pool(rows, loso, profile, mode)
            c = choose(pool, min_words, thr[mode])
            kn = knots_of(c)
            ev = evaluate_fit(profile, rows, loso, mode, kn, min_words, c["infeasible_families"])
            ev["choice"] = c
            ev["knots"] = kn
            ev["transfer_check"] = transfer_check(profile, rows, loso, mode, min_words, thr[mode])
            fr[mode] = ev
            log("calibrate", profile, mode, c, "pooled", ev["human_fpr"]["all"]["at_0.5"]["rate"],
                "unseen AI recall 0.5", ev["ai_recall"].get("unseen families: all", {}).get("at_0.5", {}).get("rate"))
        res["fits"][profile] = fr
    for mode in MODES:
        man["modes"][mode]["score_knots"] = res["fits"]["release"][mode]["knots"]
        man["modes"][mode].setdefault("cost", {})["ts_budget_ms_500_words"] = CARD.LATENCY_BUDGET_MS[mode]
    man["short_text_max_score"] = SHORT_TEXT_MAX_SCORE
    man["product_score"] = {
        "definition": "score = piecewise-linear map of the calibrated probability through modes[m].score_knots ([p, score] "
                      "pairs, monotone); below min_words: score = min(0.5 + (score - 0.5) * 0.28 * n_words / min_words, "
                      "short_text_max_score), so a text below the minimum length never reaches 0.5; empty text: 0.5.",
        "rule": res["rule"]}
    (MODELS / "inkprint-detector.json").write_text(json.dumps(man, indent=2, ensure_ascii=False) + "\n")
    card["report"]["product_score"] = res
    card["version"] = man["version"]
    card["known_limits"] = CARD.LIMITS
    cj.write_text(json.dumps(card, indent=1, default=float) + "\n")
    (MODELS / "inkprint-detector.card.md").write_text(
        CARD.render_md(card["report"], card["thresholds"], card["min_words"], man))
    from . import fixtures
    fixtures.write_fixtures()
    log("calibrate done")


if __name__ == "__main__":
    main()
