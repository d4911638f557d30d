"""Language-model evidence stacked with the n-gram models, measured on families never trained on (issue 16).

    PYTHONPATH=. python experiments/lm_stack_variants.py [--sample ml/cache/lm-sample.jsonl] [--gen ml/cache/lm-gen-scored.jsonl [--gen ...]]
                                   [--export VARIANT] [--results PATH]

Reads the sample of `lm_sample` (8 Gemma-3-270M features + the shipped models' outputs per row) and, per mode, compares
the shipped probability (`base`) with a logistic stacker over [the mode's logit inputs, the 8 LM features] (`+lm`) and
over the LM features alone (`lm only`):

* **stacker leave-one-source-out**: the stacker is fitted on the `stack` rows (release-fit validation rows, which the
  n-gram models never trained on) of every trained source but one, and judged on that source's `test` rows. The n-gram
  models did train on that source, so this isolates whether the stacker's use of the LM features transfers;
* **unseen families**: fitted on all `stack` rows, judged on SeqXGPT and claude-3-opus (never trained on by any model)
  and the human-only files (`extra`): AUROC, and the human false-positive rate and AI recall at the product lines, with
  the product-score knots chosen by the worst group exactly as `calibrate.choose` does, and checked leave-one-family-out
  (`calibrate.transfer_of_pool`: lines chosen without a family, rates measured on it);
* **ceiling**: the n-gram inputs, the LM features and both, fitted on the unseen pool itself (cross-validated over
  random rows, lines chosen on the same predictions): the most these inputs could reach there, an optimistic bound.

With `--gen` (base-model continuations made here by `lm_generate`), those AI rows join every fit that may use them:
the variant `+lm (+gen)` (the stacker fitted on the `stack` rows and them) and `+lm (families)`, and the ceiling adds
held-out and validation-only fits with a quarter, half and all of them; they are never judged.

Writes `ml/experiments/results/lm-stack.md` (+ `ml/cache/lm-stack.json`). With `--export VARIANT`, writes that variant
as the forensic LM stacker (`models/inkprint-forensic-lm.onnx` and its manifest entries), e.g. the earlier logistic
recipe `--export "+discrepancy, log p"`. The shipped stacker (`boosted (families, +gen)`) is fitted and exported by the
package's own `python -m inkprint_ml.lm_stack --gen ...` (what `ml/release.sh` runs); this experiment is how it was
chosen (moved out of the package for issue 27). Run from `ml/`.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # ml/, so `inkprint_ml` imports when run as a script

from inkprint_ml import calibrate as C  # noqa: E402
from inkprint_ml import onnx_export as OX  # noqa: E402
from inkprint_ml.lm_features import MAX_TOKENS  # noqa: E402
from inkprint_ml.lm_sample import CACHE  # noqa: E402
from inkprint_ml.lm_stack import (ALL_LM, BOOSTED, DISC, LOGP, MODELS, REPO, TRAINED, Booster,  # noqa: E402
                                  Stacker, _r, auroc, boosted_trees, export, leave_family_out, load, rates_at_lines,
                                  unseen_rows, write_forensic_lm)

RESULTS = REPO / "ml" / "experiments" / "results" / "lm-stack.md"
REPORT = REPO / "ml" / "cache" / "lm-stack.json"
STACKERS = {
    "+lm": dict(use_base=True, lm_cols=ALL_LM),
    "+discrepancy": dict(use_base=True, lm_cols=(DISC,)),
    "+discrepancy, log p": dict(use_base=True, lm_cols=(DISC, LOGP)),
    "lm only": dict(use_base=False, lm_cols=ALL_LM),
}
VARIANTS = ["base", *STACKERS, "+lm (families)"]
GEN_VARIANT = "+lm (+gen)"


def predict(variant, fit_rows, rows, mode, all_rows=None):
    if variant == "base":
        return np.array([r["p_mode"][mode] for r in rows])
    if variant in ("+lm (families)", BOOSTED):
        cv = family_cv(all_rows, mode, Booster if variant == BOOSTED else Stacker)
        return np.array([cv[r["id"]] for r in rows])
    if variant == GEN_VARIANT:
        return Stacker(fit_rows + [r for r in all_rows if r["set"] == "gen"], mode).predict(rows)
    return Stacker(fit_rows, mode, **STACKERS[variant]).predict(rows)


_CV = {}


def family_cv(rows, mode, learner=Stacker) -> dict:
    """`+lm (families)` (`learner` Stacker) and `BOOSTED` (Booster): fitted on the `stack` rows (and `gen`, when loaded)
    AND the rows of families never trained on (SeqXGPT, claude-3-opus, the human-only files), so that it sees where the
    n-gram evidence fails; every row is predicted by a fit without its whole family (leave-one-family-out), the shipped
    fit uses them all."""
    key = (id(rows), mode, learner)
    if key not in _CV:
        _CV[key] = leave_family_out(rows, lambda fit, held: learner(fit, mode).predict(held))
    return _CV[key]


def loso(rows, mode, variants=VARIANTS):
    stack = [r for r in rows if r["set"] == "stack" and r["label"] in ("human", "ai")]
    out = {}
    for s in TRAINED:
        fit = [r for r in stack if r["source"] != s]
        te = [r for r in rows if r["set"] == "test" and r["source"] == s and r["label"] in ("human", "ai")
              and r["generator"] != "claude-3-opus"]
        out[s] = {v: auroc(te, predict(v, fit, te, mode, rows)) for v in variants}
        out[s]["n"] = len(te)
    return out


def lines_and_rates(rows, mode, variant, min_words):
    stack = [r for r in rows if r["set"] == "stack" and r["label"] in ("human", "ai")]
    hum, ai = unseen_rows(rows)
    ph = predict(variant, stack, hum, mode, rows)
    pa = predict(variant, stack, ai, mode, rows)
    return rates_at_lines(hum, ai, ph, pa, min_words)


def with_trained_sources(rows, min_words, variants, mode="forensic") -> dict:
    """A stricter check of the lines: chosen on the unseen human texts AND the four trained sources' test humans, each
    source's rows predicted by a stacker fitted without that source's validation rows (the stacker's
    leave-one-source-out; the n-gram models did train on it). Reports the unseen AI recall at those lines, and the
    trained sources' test AI texts (100+ words) at them."""
    stack = [r for r in rows if r["set"] == "stack"]
    hum, ai = unseen_rows(rows)
    test = [r for r in rows if r["set"] == "test" and r["generator"] != "claude-3-opus"]
    th = [r for r in test if r["label"] == "human"]
    ta = [r for r in test if r["label"] == "ai"]
    out = {}
    for v in variants:
        # each source's test rows (humans and AI) predicted once, by the fit without that source's validation rows
        pt = {}
        for s in TRAINED:
            part = [r for r in test if r["source"] == s]
            pt.update(zip((r["id"] for r in part), predict(v, [r for r in stack if r["source"] != s], part, mode, rows)))
        ph = np.r_[predict(v, stack, hum, mode, rows), [pt[r["id"]] for r in th]]
        x = rates_at_lines(hum + th, ai, ph, predict(v, stack, ai, mode, rows), min_words)
        sa = [C.final_score(pt[r["id"]], r["n_words"], x["knots"], min_words) for r in ta]
        x["trained_ai_100plus_at_0.5"] = C.rate_row([s for s, r in zip(sa, ta) if r["n_words"] >= 100], 0.5)
        out[v] = {k: x[k] for k in ("choice", "auroc_unseen", "human_at_0.5", "human_groups_at_0.5", "ai_100plus_at_0.5",
                                    "ai_100plus_at_0.65", "trained_ai_100plus_at_0.5", "transfer")}
    return out


CEILING_INPUTS = {
    "n-gram (forensic's 4 inputs)": lambda r: r["agg"],
    "language model (8 features)": lambda r: r["lm"],
    "both (12)": lambda r: r["agg"] + r["lm"],
}


def cv_proba(learner, X, y, folds, seed):
    """Each row's probability from `learner` fitted on the other folds of a shuffled stratified k-fold split."""
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    return cross_val_predict(learner, X, y, cv=StratifiedKFold(folds, shuffle=True, random_state=seed),
                             method="predict_proba")[:, 1]


def ceiling(rows, min_words, folds=5, seed=0) -> dict:
    """An optimistic bound on what these inputs can reach at the product lines on the unseen pool: models fitted ON the
    unseen families themselves (SeqXGPT's and claude-3-opus's generators, the human-only files), each row predicted by
    a fit on the other 4/5 of the pool (random rows, so every generator and family is seen in training), and the lines
    chosen on those same predictions. Nothing shipped can do better than this without new evidence, so if it falls short
    of a target, no choice of stacker or training rows reaches that target with these features."""
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    hum, ai = unseen_rows(rows)
    y = np.array([0] * len(hum) + [1] * len(ai))
    learners = {
        "logistic": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=5000)),
        "gradient boosting": lambda: boosted_trees(seed),
    }
    def summary(p):  # p: probabilities of hum + ai, in that order
        x = rates_at_lines(hum, ai, p[: len(hum)], p[len(hum):], min_words)
        return {k: x[k] for k in ("auroc_unseen", "human_at_0.5", "ai_100plus_at_0.5", "ai_100plus_by_generator_at_0.5")}

    out = {}
    for name, get in CEILING_INPUTS.items():
        X = np.array([get(r) for r in hum + ai], dtype=np.float64)
        for ln, make in learners.items():
            out[f"{name}, {ln}"] = summary(cv_proba(make(), X, y, folds, seed))
    # The same learner when the judged family is NOT in training: fitted on the `stack` rows and every other unseen
    # family, each family predicted by a fit without it (what a shipped model faces with a new family): the shipped
    # learner on "both (12)", i.e. the aggregator's inputs unclipped.
    def boosted(fit, held):
        return Booster(fit, "forensic", clip=False, seed=seed).predict(held)

    others = [r for r in rows if r["set"] != "gen"]
    pred = leave_family_out(others, boosted, hum + ai)
    out["both (12), gradient boosting, its family held out"] = summary(np.array([pred[r["id"]] for r in hum + ai]))
    gen = sorted((r for r in rows if r["set"] == "gen"), key=lambda r: r["id"])
    if gen:
        # how the generated rows' effect grows with their number (the first k by id; `lm_generate` interleaves
        # sources and decodings, so every prefix spreads over both), in the held-out fit above and in what a shipped
        # model could be: no unseen family in training at all, only the validation and generated rows
        stack = [r for r in rows if r["set"] == "stack"]
        for k in sorted({len(gen) // 4, len(gen) // 2, len(gen)} - {0}):
            g = gen[:k]
            pred = leave_family_out(others + g, boosted, hum + ai)
            out[f"both (12), gradient boosting, its family held out, + {k} generated"] = summary(
                np.array([pred[r["id"]] for r in hum + ai]))
            out[f"both (12), gradient boosting, validation + {k} generated rows only"] = summary(boosted(stack + g, hum + ai))
        out["both (12), gradient boosting, validation rows only"] = summary(boosted(stack, hum + ai))
    return out


CEILING_BEST = "both (12), gradient boosting"


def ceiling_spread(rows, min_words, table, folds=5, assignments=10) -> dict:
    """How much the ceiling's best row (`CEILING_BEST`) moves with the random fold assignment alone: the lines sit at
    ~1% of 920 human texts, i.e. on a handful of scores, so one assignment is not the bound. Seed 0 is `table`'s (the
    `ceiling` output); seeds 1.. are fitted here."""
    hum, ai = unseen_rows(rows)
    y = np.array([0] * len(hum) + [1] * len(ai))
    X = np.array([CEILING_INPUTS["both (12)"](r) for r in hum + ai], dtype=np.float64)
    rates = [table[CEILING_BEST]["ai_100plus_at_0.5"]["rate"]]
    for seed in range(1, assignments):
        p = cv_proba(boosted_trees(seed), X, y, folds, seed)
        rates.append(rates_at_lines(hum, ai, p[: len(hum)], p[len(hum):], min_words)["ai_100plus_at_0.5"]["rate"])
    return {"seeds": list(range(assignments)), "ai_100plus_at_0.5": rates, "min": min(rates), "max": max(rates),
            "mean": round(float(np.mean(rates)), 4)}


def export_variant(rows, report, variant) -> dict:
    """The forensic stacker of `variant`: `BOOSTED` through the package's export; a logistic variant over the full
    [4 aggregator inputs, 8 LM features] row (features it does not use get weight 0), fitted on the `stack` rows."""
    fr = report["forensic"][variant]
    if variant == BOOSTED:
        return export(rows, fr, report["max_tokens"])
    nb = 4
    D_ = nb + len(ALL_LM)
    nodes, inits = [], []
    fit = [r for r in rows if r["set"] == "stack" and r["label"] in ("human", "ai")]
    st = Stacker(fit, "forensic", **STACKERS[variant])
    mu, sd, w = np.zeros(D_), np.ones(D_), np.zeros(D_)
    coef = st.lr.coef_.ravel()
    used = list(range(nb)) + [nb + i for i in st.lm_cols]
    mu[used], sd[used], w[used] = st.mu, st.sd, coef
    lg = OX.linear_branch("lm_", "features", mu, 1 / sd, w, 0.0, nodes, inits)
    model = OX.finish("inkprint_forensic_lm", D_, [lg], [1.0], float(st.lr.intercept_[0]), nodes, inits,
                      "Inkprint forensic + language model: logistic stacker over the forensic aggregator's 4 inputs "
                      "(strong-model logits of the document and its windows, clipped to [-6,6]) and 8 Gemma-3-270M "
                      "features (standardised, clipped to [-6,6]).")
    return write_forensic_lm(model, st, fit, variant, fr, report["max_tokens"])


def render(rep) -> str:
    variants = rep.get("variants", VARIANTS)
    L = ["# Language-model evidence stacked with the n-gram models (issue 16)", "",
         "Generated by `experiments/lm_stack_variants.py` (formerly `python -m inkprint_ml.lm_stack`) from the sample of `python -m inkprint_ml.lm_sample` "
         f"({rep['n_rows']} rows; Gemma-3-270M features from the first {rep['max_tokens']} tokens).", "",
         "Variants: `base` = the shipped mode's probability; `+lm` = logistic stacker over the mode's logit inputs "
         "(forensic: the aggregator's 4) and the 8 LM features; `+discrepancy` / `+discrepancy, log p` = the same with "
         "only those LM features; `lm only` = the 8 LM features alone; these are fitted on release validation rows "
         f"(`stack`: {rep['counts']['stack']} rows) of the four trained sources. `+lm (families)` = `+lm` fitted on those "
         "rows and the rows of the families never trained on, each row predicted by a fit without its whole family. "
         "Shipped in forensic mode: the variant named in `models/inkprint-detector.json` `modes.forensic.lm.variant`."
         + (f" `{GEN_VARIANT}` = `+lm` fitted on the `stack` rows and {rep['counts']['gen']} base-model continuations "
            "generated here by Gemma 3 270M (`lm_generate`), which also join the `(families)` fits and the ceiling's "
            "`+ k generated` rows." if rep["counts"].get("gen") else ""), "",
         "## Stacker leave-one-source-out (AUROC on the left-out source's test rows)", "",
         "| mode | source | n | " + " | ".join(variants) + " |", "|---|---|---:|" + "---:|" * len(variants)]
    for mode in rep["modes"]:
        for s, v in rep[mode]["loso"].items():
            L.append(f"| {mode} | {s} | {v['n']} | " + " | ".join(str(v[k]) for k in variants) + " |")
    L += ["", "## Families never trained on (SeqXGPT, claude-3-opus, human-only files)", "",
          "Lines chosen by the worst group on these human texts (`calibrate.choose`: ≤1% pooled, ≤2% per group of 100+); "
          "`transfer` = the worst family's rate at lines chosen without it.", "",
          "| mode | variant | AUROC | t50 | binding group | human ≥0.5 | human ≥0.65 | worst transfer ≥0.5 | AI 100+ words ≥0.5 | AI 100+ ≥0.65 |",
          "|---|---|---:|---:|---|---:|---:|---:|---:|---:|"]
    for mode in rep["modes"]:
        for v in variants:
            x = rep[mode][v]
            wt = max(x["transfer"].items(), key=lambda kv: kv[1]["at_0.5"]["rate"] or 0)
            L.append(f"| {mode} | {v} | {x['auroc_unseen']} | {x['choice']['t50']} | {x['choice']['binding_group_50']} | "
                     f"{_r(x['human_at_0.5'])} | {_r(x['human_at_0.65'])} | {wt[0]}: {_r(wt[1]['at_0.5'])} | "
                     f"{_r(x['ai_100plus_at_0.5'])} | {_r(x['ai_100plus_at_0.65'])} |")
    fr = rep["forensic"]
    for title, first, key, min_n in (
            ("Forensic: human texts at ≥ 0.5 by group (unseen pool, groups of 20+)", "group", "human_groups_at_0.5", 20),
            ("Forensic: unseen AI of 100+ words at ≥ 0.5 by generator", "generator", "ai_100plus_by_generator_at_0.5", 0)):
        L += ["", f"## {title}", "", f"| {first} | " + " | ".join(variants) + " |", "|---|" + "---:|" * len(variants)]
        for g, row in fr["base"][key].items():
            if row["n"] >= min_n:
                L.append(f"| {g} | " + " | ".join(_r(fr[v][key].get(g)) for v in variants) + " |")
    L += ["", "## The language model's evidence by family (sorted by median log p; the trap)", "",
          "Higher log p and higher discrepancy read as AI. Within-family AUROC (AI rows vs that family's humans) for the "
          "two zero-shot statistics and for the shipped forensic probability.", "",
          "| family | label | n | log p median | log p p90 | discrepancy median | discrepancy p90 | AUROC log p / discrepancy / forensic |",
          "|---|---|---:|---:|---:|---:|---:|---|"]
    for x in rep["by_family"]:
        au = x["auroc_within_family"]
        aus = f"{au['logp']} / {au['discrepancy']} / {au['forensic']}" if au else ""
        L.append(f"| {x['family']} | {x['label']} | {x['n']} | {x['logp_median']} | {x['logp_p90']} | {x['disc_median']} | "
                 f"{x['disc_p90']} | {aus} |")
    if rep.get("with_trained_sources"):
        L += ["", "## Forensic: lines chosen with the trained sources' held-out humans too (a stricter check)", "",
              "The lines chosen on the unseen human texts and the four trained sources' test humans, each source's rows "
              "predicted by a stacker fitted without that source's validation rows; `trained AI` = those sources' test AI "
              "texts of 100+ words at 0.5, predicted the same way.", "",
              "| variant | t50 | human ≥0.5 | worst group ≥0.5 (20+) | worst transfer ≥0.5 | AI 100+ words ≥0.5 | AI 100+ ≥0.65 | trained AI 100+ ≥0.5 |",
              "|---|---:|---:|---|---|---:|---:|---:|"]
        for v, x in rep["with_trained_sources"].items():
            wg = max(((g, r) for g, r in x["human_groups_at_0.5"].items() if r["n"] >= 20 and g != "all"),
                     key=lambda kv: kv[1]["rate"] or 0)
            wt = max(x["transfer"].items(), key=lambda kv: kv[1]["at_0.5"]["rate"] or 0)
            L.append(f"| {v} | {x['choice']['t50']} | {_r(x['human_at_0.5'])} | {wg[0]}: {_r(wg[1])} | "
                     f"{wt[0]}: {_r(wt[1]['at_0.5'])} | {_r(x['ai_100plus_at_0.5'])} | {_r(x['ai_100plus_at_0.65'])} | "
                     f"{_r(x['trained_ai_100plus_at_0.5'])} |")
    if rep.get("ceiling"):
        gens = sorted(next(iter(rep["ceiling"].values()))["ai_100plus_by_generator_at_0.5"])
        L += ["", "## Ceiling: fitted on the unseen families themselves (an optimistic bound)", "",
              "Each input set fitted on the unseen pool (5-fold cross-validation over random rows, so every generator and "
              "family is seen in training) and the lines chosen on those predictions (≤1% pooled, ≤2% per group of "
              "100+). What these inputs can reach at best; the shipped models never see these families. The last row "
              "fits the same learner on the validation rows and the other unseen families, each family judged by a fit "
              "without it.", "",
              "| inputs, learner | AUROC | human ≥0.5 | AI 100+ words ≥0.5 | " + " | ".join(gens) + " |",
              "|---|---:|---:|---:|" + "---:|" * len(gens)]
        for k, x in rep["ceiling"].items():
            L.append(f"| {k} | {x['auroc_unseen']} | {_r(x['human_at_0.5'])} | {_r(x['ai_100plus_at_0.5'])} | "
                     + " | ".join(_r(x["ai_100plus_by_generator_at_0.5"].get(g)) for g in gens) + " |")
        if rep.get("ceiling_spread"):
            sp = rep["ceiling_spread"]
            L += ["", f"The row \"{CEILING_BEST}\" over {len(sp['seeds'])} random fold assignments (seeds "
                  f"{sp['seeds'][0]}–{sp['seeds'][-1]}; the table is seed 0): AI 100+ words ≥0.5 from "
                  f"{100 * sp['min']:.1f}% to {100 * sp['max']:.1f}%, mean {100 * sp['mean']:.1f}% ("
                  + ", ".join(f"{100 * v:.1f}" for v in sp["ai_100plus_at_0.5"]) + ")."]
    return "\n".join(L) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", default=str(CACHE))
    ap.add_argument("--gen", action="append", help="scored base-model continuations (lm_generate --score) to add to "
                    "the fits; repeat to add several files")
    ap.add_argument("--export", metavar="VARIANT", help=f"write the forensic stacker of VARIANT ({', '.join(STACKERS)}, "
                    f"or '{BOOSTED}' with --gen)")
    ap.add_argument("--modes", default="moderate,strong,forensic")
    ap.add_argument("--results", help=f"where the tables go (default {RESULTS.relative_to(REPO)}; a .json beside it)")
    a = ap.parse_args(argv)
    rows = load(a.sample, a.gen)
    min_words = json.loads((MODELS / "inkprint-detector.json").read_text())["min_words"]
    rep = {"n_rows": len(rows), "counts": {s: sum(1 for r in rows if r["set"] == s) for s in ("stack", "test", "unseen", "extra", "gen")},
           "modes": a.modes.split(","), "max_tokens": max(r.get("max_tokens", MAX_TOKENS) for r in rows)}
    variants = VARIANTS + ([GEN_VARIANT, BOOSTED] if rep["counts"]["gen"] else [])
    rep["variants"] = variants
    for mode in rep["modes"]:
        rep[mode] = {"loso": loso(rows, mode, variants)}
        for v in variants:
            rep[mode][v] = lines_and_rates(rows, mode, v, min_words)
        print(mode, json.dumps({k: rep[mode][k]["auroc_unseen"] for k in variants}), flush=True)
    fam = defaultdict(list)
    for r in rows:
        fam[(r["family"], r["label"])].append(r)
    rep["by_family"] = []
    for (f, lab), rs in sorted(fam.items(), key=lambda kv: np.median([r["lm"][LOGP] for r in kv[1]])):
        v = np.array([r["lm"] for r in rs])
        y_other = [r for r in rows if r["family"] == f and r["label"] != lab]
        rep["by_family"].append({
            "family": f, "label": lab, "n": len(rs),
            "logp_median": round(float(np.median(v[:, LOGP])), 3), "logp_p90": round(float(np.percentile(v[:, LOGP], 90)), 3),
            "disc_median": round(float(np.median(v[:, DISC])), 3), "disc_p90": round(float(np.percentile(v[:, DISC], 90)), 3),
            "auroc_within_family": ({n: auroc(rs + y_other, [r["lm"][i] for r in rs + y_other]) for n, i in
                                     (("logp", LOGP), ("discrepancy", DISC))} | {"forensic": auroc(rs + y_other, [r["p_forensic"] for r in rs + y_other])})
            if y_other and lab == "ai" else None})
    if "forensic" in rep["modes"]:
        rep["with_trained_sources"] = with_trained_sources(rows, min_words, variants)
    rep["ceiling"] = ceiling(rows, min_words)
    rep["ceiling_spread"] = ceiling_spread(rows, min_words, rep["ceiling"])
    if a.export:
        rep["export"] = export_variant(rows, rep, a.export)
    results = Path(a.results) if a.results else RESULTS
    # the full report beside the caches (git-ignored), named after the results page
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    (REPORT if results == RESULTS else REPORT.with_name(results.stem + ".json")).write_text(json.dumps(rep, indent=1))
    results.write_text(render(rep))
    print(results.read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
