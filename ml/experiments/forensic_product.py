"""Issue 24 (forensic must not read weaker than the default mode): the SHIPPED forensic-LM stacker (Gemma's first 256
tokens + the forensic aggregator's 4 window inputs, `models/inkprint-forensic-lm.onnx`), scored through the product
itself on the judged rows of `experiments/lm_shape.py`, against moderate's shipped cascade on the same texts.

    PYTHONPATH=. .venv/bin/python experiments/forensic_product.py rows      # the judged rows' texts -> ROWS
    node experiments/forensic_product_score.js                             # the product's probabilities -> SCORED
    PYTHONPATH=. .venv/bin/python experiments/forensic_product.py report    # -> results/forensic-product.md

The judged rows are `lm_stack.unseen_rows` of the cascade's sample as `ml/release.sh` builds it (`release.cascade_sample`:
`ml/cache/lm-sample-128.jsonl` with the shipped encoder v2's family-held-out stack from `ml/.gpu/eval-rows*.json`; the
older `ml/cache/lm-sample-128-encoder.jsonl` holds encoder v1's, so `lm-shape-forensic-v2.md`'s moderate rows are
v1's): human texts of SeqXGPT and the human-only files, AI texts of the unseen families (claude-3-opus and SeqXGPT's
older open models); their texts come from `data.load_rows` / `data.load_extra` by id. `forensic_product_score.js` runs `@inkprint/detector`'s
`probability()` (the product's document probability, language model loaded) in forensic and moderate mode, in a
seeded random order (a partial run is a random subset of both labels) and resumably.

In-sample caveat: the shipped forensic-LM stacker (`lm_stack`, `boosted (families, +gen)`) and moderate's shipped
cascade stacker (`lm_cascade`) were both fitted on `family_fit_pool`: the release validation rows, the generated
rows and EVERY row of the unseen families and human-only files, i.e. every judged row here. Their product
probabilities on these rows are in-sample (optimistic). The family-held-out figure for moderate's cascade (each row
predicted by a refit without its family, `lm_cascade.held_out`) is the honest one; no such refit exists for the
forensic-LM stacker at 256 tokens (its 256-token cache is not on this machine).

Lines: chosen on the scored human rows by `calibrate.choose` (`lm_stack.rates_at_lines`), and, separately, the
product's own shipped score knots (what a user sees).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inkprint_ml import calibrate as C  # noqa: E402
from inkprint_ml import data as D  # noqa: E402
from inkprint_ml.lm_cascade import cascade, held_out  # noqa: E402
from inkprint_ml.lm_stack import auroc, load, rates_at_lines, unseen_rows  # noqa: E402

ML = Path(__file__).resolve().parents[1]
WORK = Path("/tmp/inkprint-forensic-product")
SAMPLE = WORK / "sample.jsonl"
ROWS = WORK / "rows.jsonl"
SCORED = WORK / "scored.jsonl"
KNOTS = WORK / "knots.json"  # the knots of the manifest the scorer ran (forensic_product_score.js writes it)
RESULTS = ML / "experiments" / "results" / "forensic-product.md"
MANIFEST = ML.parent / "models" / "inkprint-detector.json"


def dump_rows(sample, out):
    from inkprint_ml.release import cascade_sample

    sample.parent.mkdir(parents=True, exist_ok=True)
    cascade_sample(ML / "cache" / "lm-sample-128.jsonl", ML / ".gpu" / "eval-rows.json",
                   ML / ".gpu" / "eval-rows-strong.json", sample)
    rows = load(sample)
    hum, ai = unseen_rows(rows)
    need = {r["id"] for r in hum + ai}
    texts = {r["id"]: r["text"] for r in D.load_rows() if r["id"] in need}
    texts.update({r["id"]: r["text"] for r in D.load_extra() if r["id"] in need})
    missing = need - set(texts)
    if missing:
        raise SystemExit(f"{len(missing)} judged rows have no text (e.g. {sorted(missing)[:3]})")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w") as f:
        for r in hum + ai:
            f.write(json.dumps({"id": r["id"], "label": r["label"], "generator": r["generator"],
                                "n_words": r["n_words"], "text": texts[r["id"]]}) + "\n")
    print(f"{len(hum)} human, {len(ai)} AI ({sum(r['n_words'] >= 100 for r in ai)} of 100+ words) -> {out}")


def family_of(r):
    return "claude-3-opus" if r["generator"] == "claude-3-opus" else "seqxgpt (old open models)"


def at_knots(hum, ai, ph, pa, knots, min_words):
    """Rates at the product's own shipped knots (what a user sees)."""
    sh = [C.final_score(q, r["n_words"], knots, min_words) for r, q in zip(hum, ph)]
    sa = [C.final_score(q, r["n_words"], knots, min_words) for r, q in zip(ai, pa)]
    a100 = [s for s, r in zip(sa, ai) if r["n_words"] >= 100]
    fam = {}
    for f in sorted({family_of(r) for r in ai}):
        v = [s for s, r in zip(sa, ai) if r["n_words"] >= 100 and family_of(r) == f]
        fam[f] = {"0.5": C.rate_row(v, 0.5), "0.65": C.rate_row(v, 0.65)}
    gen = {}
    for g in sorted({r["generator"] for r in ai}):
        v = [s for s, r in zip(sa, ai) if r["n_words"] >= 100 and r["generator"] == g]
        gen[g] = {"0.5": C.rate_row(v, 0.5), "0.65": C.rate_row(v, 0.65)}
    return {"generator": gen, "human_at_0.5": C.rate_row(sh, 0.5), "human_at_0.65": C.rate_row(sh, 0.65),
            "ai_100plus_at_0.5": C.rate_row(a100, 0.5), "ai_100plus_at_0.65": C.rate_row(a100, 0.65), "family": fam}


def judged(hum, ai, ph, pa, min_words):
    x = rates_at_lines(hum, ai, ph, pa, min_words)
    kn = x["knots"]
    sa = [C.final_score(q, r["n_words"], kn, min_words) for r, q in zip(ai, pa)]
    x["family"] = {}
    for f in sorted({family_of(r) for r in ai}):
        idx = [i for i, r in enumerate(ai) if family_of(r) == f]
        v = [sa[i] for i in idx if ai[i]["n_words"] >= 100]
        x["family"][f] = {"0.5": C.rate_row(v, 0.5), "0.65": C.rate_row(v, 0.65),
                          "auroc": auroc(hum + [ai[i] for i in idx], np.r_[ph, pa[idx]])}
    return x


def pct(c):
    return f"{100 * c['rate']:.1f}% ({c['k']}/{c['n']})" if c["n"] else "–"


def report(sample, scored, results):
    man = json.loads(MANIFEST.read_text())
    min_words = man["min_words"]
    # the lines of the manifest the scorer ran (this change replaced forensic's own: read them from its run)
    kn = json.loads(Path(scored).with_name(KNOTS.name).read_text())
    rows = load(sample)
    got = {}
    for line in open(scored):
        s = json.loads(line)
        got[s["id"]] = s
    hum_all, ai_all = unseen_rows(rows)
    hum = [r for r in hum_all if r["id"] in got]
    ai = [r for r in ai_all if r["id"] in got]
    # moderate's cascade refitted without each row's family (the honest figure), with the shipped gate
    mod = man["modes"]["moderate"]
    gate = tuple(mod["lm"]["gate"])
    s_ho = held_out(rows, "moderate", "logistic (discrepancy, log p)")

    def ho(rs):
        return cascade([r["p_mode"]["moderate"] for r in rs], [s_ho[r["id"]] for r in rs], gate)[0]

    variants = {
        "(c) shipped forensic-LM stacker, product (in-sample)": (
            np.array([got[r["id"]]["p_forensic_product"] for r in hum]),
            np.array([got[r["id"]]["p_forensic_product"] for r in ai]), kn["forensic_lm"]),
        "moderate's shipped cascade, product (in-sample where gated)": (
            np.array([got[r["id"]]["p_moderate_product"] for r in hum]),
            np.array([got[r["id"]]["p_moderate_product"] for r in ai]), kn["moderate_lm"]),
        "(a) moderate's cascade, family-held-out refit": (ho(hum), ho(ai), None),
        "(b) forensic's n-gram path (no LM)": (
            np.array([r["p_forensic"] for r in hum]), np.array([r["p_forensic"] for r in ai]), kn["forensic"]),
    }
    out = {"n_human": len(hum), "n_ai": len(ai), "n_ai_100plus": sum(r["n_words"] >= 100 for r in ai),
           "n_human_all": len(hum_all), "n_ai_all": len(ai_all), "variants": {}}
    for name, (ph, pa, kn) in variants.items():
        out["variants"][name] = {"chosen": judged(hum, ai, ph, pa, min_words),
                                 "shipped_knots": at_knots(hum, ai, ph, pa, kn, min_words) if kn else None}
    ms = [got[r["id"]]["ms_forensic"] for r in hum + ai]
    out["ms_forensic_median"] = float(np.median(ms))
    (ML / "cache" / "forensic-product.json").write_text(json.dumps(out, indent=1))
    results.write_text(render(out))
    print(results.read_text())


def render(out):
    fams = sorted({f for v in out["variants"].values() for f in v["chosen"]["family"]})
    L = ["# Forensic's shipped language-model stacker through the product vs moderate's cascade (issue 24)", "",
         "Generated by `experiments/forensic_product.py` (its docstring says how). The judged rows of "
         "`lm-shape-forensic-v2.md` (the cascade's 128-token sample with the shipped encoder v2's family-held-out stack, "
         "as `ml/release.sh` builds it: human texts of SeqXGPT and the human-only files, AI texts of the unseen "
         "families), their texts run through `@inkprint/detector` "
         "(`probability()`, Gemma loaded) in forensic and moderate mode.",
         f"Scored: {out['n_human']} of {out['n_human_all']} human, {out['n_ai']} of {out['n_ai_all']} AI "
         f"({out['n_ai_100plus']} of 100+ words); a seeded random order, so a partial run is a random subset.", "",
         "**In-sample:** the shipped forensic-LM stacker and moderate's shipped cascade stacker were both fitted on every "
         "judged row here (`family_fit_pool`: release validation rows, generated rows, all rows of the unseen families "
         "and human-only files), so both product rows are optimistic; row (a) is each row predicted by a refit without "
         "its family (the honest figure, as in `lm-shape-forensic-v2.md`). What this decided (forensic reads moderate's "
         "cascade since 2026-11-26): `docs/detector.md`, 'Forensic reads moderate's cascade'. Row (c) was scored with "
         "the manifest before that change (its knots: the scorer's `knots.json`).", "",
         "## Lines chosen on these human rows (`calibrate.choose`)", "",
         "| evidence | AUROC | human ≥0.5 | human ≥0.65 | AI 100+ ≥0.5 | AI 100+ ≥0.65 | "
         + " | ".join(f"{f} ≥0.5 | {f} ≥0.65 | {f} AUROC" for f in fams) + " |",
         "|---|" + "---:|" * (5 + 3 * len(fams))]
    for name, v in out["variants"].items():
        x = v["chosen"]
        L.append(f"| {name} | {x['auroc_unseen']} | {pct(x['human_at_0.5'])} | {pct(x['human_at_0.65'])} | "
                 f"{pct(x['ai_100plus_at_0.5'])} | {pct(x['ai_100plus_at_0.65'])} | "
                 + " | ".join(f"{pct(x['family'][f]['0.5'])} | {pct(x['family'][f]['0.65'])} | "
                              f"{x['family'][f]['auroc']}" for f in fams) + " |")
    L += ["", "## At each mode's shipped score knots (what a user sees)", "",
          "| evidence | human ≥0.5 | human ≥0.65 | AI 100+ ≥0.5 | AI 100+ ≥0.65 | "
          + " | ".join(f"{f} ≥0.5 | {f} ≥0.65" for f in fams) + " |",
          "|---|" + "---:|" * (4 + 2 * len(fams))]
    for name, v in out["variants"].items():
        x = v["shipped_knots"]
        if not x:
            continue
        L.append(f"| {name} | {pct(x['human_at_0.5'])} | {pct(x['human_at_0.65'])} | {pct(x['ai_100plus_at_0.5'])} | "
                 f"{pct(x['ai_100plus_at_0.65'])} | "
                 + " | ".join(f"{pct(x['family'][f]['0.5'])} | {pct(x['family'][f]['0.65'])}" for f in fams) + " |")
    gens = sorted({g for v in out["variants"].values() if v["shipped_knots"] for g in v["shipped_knots"]["generator"]})
    L += ["", "By generator (AI of 100+ words) at each mode's shipped knots, ≥0.5 / ≥0.65:", "",
          "| evidence | " + " | ".join(gens) + " |", "|---|" + "---:|" * len(gens)]
    for name, v in out["variants"].items():
        x = v["shipped_knots"]
        if x:
            L.append(f"| {name} | " + " | ".join(
                f"{pct(x['generator'][g]['0.5'])} / {pct(x['generator'][g]['0.65'])}" for g in gens) + " |")
    L += ["", f"Forensic's median time per text in this run: {out['ms_forensic_median']:.0f} ms (the shared 2-core "
          "machine, other agents' jobs running).", ""]
    return "\n".join(L)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["rows", "report"])
    ap.add_argument("--sample", default=str(SAMPLE))
    ap.add_argument("--rows", default=str(ROWS))
    ap.add_argument("--scored", default=str(SCORED))
    ap.add_argument("--results", default=str(RESULTS))
    a = ap.parse_args(argv)
    if a.what == "rows":
        dump_rows(Path(a.sample), Path(a.rows))
    else:
        report(a.sample, Path(a.scored), Path(a.results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
