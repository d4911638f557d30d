"""Issue 38: the cascade's lines chosen and checked by genre, and the 0.65 agreement rule.

Reads ml/cache/genre-evidence.jsonl (genre_sample.py, then libs/detector/scripts/genre-evidence.ts: every piece of
evidence moderate reads, per text, through the product's own code) and
1. chooses the cascade's t50 / t65 by the lines policy (calibrate.py: at 0.5 at most 1% of all human texts and 2% of
   every genre with 100+ texts; at 0.65 at most 0.1%; never below the shipped lines) on the `choose` genres only;
2. the 0.65 agreement rule: a score reaches the AI-Generated band only when the fine-tuned encoder, read on its own,
   is at least ENCODER_MIN (independent evidence agrees); otherwise it stays in the Mixed band;
3. grades nested: a `choose` genre is graded at lines chosen without it; a `measure` genre (licence: measure only)
   never chooses and is graded at the shipped lines. AI recall per source at the same lines.

    cd ml && python3 experiments/genre_lines.py [--write-manifest] > experiments/results/genre-lines.md

It also writes experiments/results/genre-lines.json (every genre's counts and Wilson intervals at both lines, nested as
above): the model card's section "Human writing by genre" (inkprint_ml/card.py) and the product's genre limits
(libs/detector/src/core/genre-limits.ts, whose unit spec checks the figures it quotes) read it.
"""
from __future__ import annotations

import json, math, sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVIDENCE = ROOT / "ml" / "cache" / "genre-evidence.jsonl"
RESULT_JSON = ROOT / "ml" / "experiments" / "results" / "genre-lines.json"
MANIFEST = ROOT / "models" / "inkprint-detector.json"
MIN_WORDS = 50
FPR50_POOLED, FPR50_GROUP, FPR65_POOLED, MIN_GROUP = 0.01, 0.02, 0.001, 100
# The transfer margin (session 21): lines that hold every choose genre at 2% held the genre left out at up to 3.2%
# (student reports, nested, session 20), a 1.6x gap between genres seen and unseen. An unseen genre (college essays,
# TOEFL essays: not obtainable here) is protected at the policy's 2% only if the choose genres are held at 2% / 1.6.
CHOOSE_GROUP_RATE = FPR50_GROUP / 1.6
ENCODER_MIN = 0.999
# where a held-back score stays (libs/detector partly-ai-rule.json, which the engines read): under 0.65, under 0.5
_RULE = json.loads((ROOT / "libs" / "detector" / "src" / "core" / "partly-ai-rule.json").read_text())
AI_CAP, LINE_CAP = _RULE["MIXED_BAND_TOP"], _RULE["AI_LINE_HELD_BACK"]
FLOORS = (0.8375435, 0.8817137)  # the cascade's lines chosen in 2026-11 (lm-cascade.md): the genres can only raise them
AGREEMENT_FILE = ROOT / "ml" / "cache" / "encoder-agreement.jsonl"  # inkprint_ml.encoder_agreement, nested by genre
# (ai_line_agreement_min, ai_band_agreement_min): the encoder's agreement head (issue 38, encoder_agreement.py); set
# from the manifest in main(), (0, 0) = no agreement head
AGREEMENT = (0.0, 0.0)


def wilson(k, n, z=1.959964):
    if n == 0:
        return (0.0, 0.0)
    ph = k / n
    d = 1 + z * z / n
    c = (ph + z * z / (2 * n)) / d
    h = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def thr_for(v, alpha):
    v = sorted(v, reverse=True)
    c = int(math.floor(alpha * len(v) + 1e-9))
    return 0.0 if c >= len(v) else min(v[c] + 1e-6, 1 - 1e-7)


def choose(humans, floor50, floor65):
    by = defaultdict(list)
    for r in humans:
        by[r["genre"]].append(r["pShipped"])
    t50 = max([thr_for([r["pShipped"] for r in humans], FPR50_POOLED), floor50]
              + [thr_for(v, CHOOSE_GROUP_RATE) for v in by.values() if len(v) >= MIN_GROUP])
    t65 = max(thr_for([r["pShipped"] for r in humans], FPR65_POOLED), floor65, t50 + 1e-4)
    return round(t50, 7), round(t65, 7)


def score(r, t50, t65, agree=True, agreement=None):
    """The product score of the cascade's probability through the knots and the agreement caps (the encoder on its own
    for 0.65; the agreement head, nested, for 0.5 and 0.65); `agree=False`: no caps (the lines before issue 38)."""
    p = r["pShipped"]
    knots = [(0, 0), (0.2, 0.35), (t50, 0.5), (t65, 0.65), (1, 1)]
    s = 1.0
    for (p0, s0), (p1, s1) in zip(knots, knots[1:]):
        if p <= p1:
            s = s0 + (p - p0) / (p1 - p0) * (s1 - s0)
            break
    if agree and r["pEncoder"] < ENCODER_MIN:
        s = min(s, AI_CAP)
    m50, m65 = agreement if agreement is not None else AGREEMENT
    if agree and "pAgreement" in r:
        if r["pAgreement"] < m65:
            s = min(s, AI_CAP)
        if r["pAgreement"] < m50:
            s = min(s, LINE_CAP)
    return s


def rate(k, n):
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "rate": round(k / n, 5) if n else 0.0, "ci95": [round(lo, 5), round(hi, 5)]}


def pct(k, n):
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({k}/{n}; {100 * lo:.1f}-{100 * hi:.1f})" if n else "–"


def main():
    global AGREEMENT
    rows = [json.loads(l) for l in EVIDENCE.open()]
    if AGREEMENT_FILE.exists():
        nested = {r["id"]: r["pAgreement"] for r in map(json.loads, AGREEMENT_FILE.open())}
        rows = [dict(r, pAgreement=nested[r["id"]]) if r["id"] in nested else r for r in rows]
    rows = [r for r in rows if r["words"] >= MIN_WORDS]  # shorter texts are capped below 0.5 whatever the models say
    manifest = json.loads(MANIFEST.read_text())
    lm = manifest["modes"]["moderate"]["lm"]
    AGREEMENT = (lm.get("ai_line_agreement_min", 0.0), lm.get("ai_band_agreement_min", 0.0))
    floor50, floor65 = FLOORS
    humans = [r for r in rows if r["label"] == "human"]
    choose_h = [r for r in humans if r["role"] == "choose"]
    t50, t65 = choose(choose_h, floor50, floor65)
    print("# Lines by genre (issue 38)\n")
    print(f"Evidence: `{EVIDENCE.relative_to(ROOT)}`, {len(rows)} texts of {MIN_WORDS}+ words scored through the product's "
          "moderate mode (n-gram model, fine-tuned encoder, Gemma cascade). Lines chosen on the `choose` genres only: "
          f"**t50 = {t50}, t65 = {t65}** (before: {floor50} / {floor65}), each choose genre held at "
          f"{100 * CHOOSE_GROUP_RATE:.2f}% (the transfer margin: graded at 2%). 0.65 also needs the encoder alone at "
          f">= {ENCODER_MIN} (else the score stays at {AI_CAP}, Mixed). The encoder's agreement head "
          f"(`inkprint_ml/encoder_agreement.py`, each genre read by a fit without it) must read at least {AGREEMENT[0]} for "
          f"0.5 (else the score stays at {LINE_CAP}) and {AGREEMENT[1]} for 0.65 (else {AI_CAP}). Intervals: Wilson 95%.\n")
    print("## Human texts by genre\n")
    print("`choose` genres are graded at lines chosen **without** them (nested); `measure` genres (licence: measure "
          "only) never choose and are graded at the shipped lines.\n")
    print("| genre | role | n | before: >= 0.5 | before: >= 0.65 | now: >= 0.5 | now: >= 0.65 |")
    print("|---|---|---:|---|---|---|---|")
    tot = defaultdict(int)
    out = {"evidence": str(EVIDENCE.relative_to(ROOT)), "t50": t50, "t65": t65, "encoder_min": ENCODER_MIN,
           "agreement_min": {"ai_line": AGREEMENT[0], "ai_band": AGREEMENT[1]},
           "choose_group_rate": CHOOSE_GROUP_RATE, "human": {}, "ai": {}}
    for g in sorted({r["genre"] for r in humans}):
        rs = [r for r in humans if r["genre"] == g]
        role = rs[0]["role"]
        a, b = choose([r for r in choose_h if r["genre"] != g], floor50, floor65) if role == "choose" else (t50, t65)
        n = len(rs)
        k0 = sum(score(r, floor50, floor65, False) >= 0.5 for r in rs)
        k1 = sum(score(r, floor50, floor65, False) >= 0.65 for r in rs)
        k2 = sum(score(r, a, b) >= 0.5 for r in rs)
        k3 = sum(score(r, a, b) >= 0.65 for r in rs)
        for key, v in (("n", n), ("k0", k0), ("k1", k1), ("k2", k2), ("k3", k3)):
            tot[key] += v
        print(f"| {g} | {role} | {n} | {pct(k0, n)} | {pct(k1, n)} | {pct(k2, n)} | {pct(k3, n)} |")
        words = sorted(r["words"] for r in rs)
        out["human"][g] = {"role": role, "words_median": words[len(words) // 2], "at_0.5": rate(k2, n),
                           "at_0.65": rate(k3, n), "lines": [a, b]}
    n = tot["n"]
    out["human"]["all"] = {"role": "all", "at_0.5": rate(tot["k2"], n), "at_0.65": rate(tot["k3"], n)}
    print(f"| **all human** | | {n} | {pct(tot['k0'], n)} | {pct(tot['k1'], n)} | {pct(tot['k2'], n)} | {pct(tot['k3'], n)} |")
    print("\n## AI texts (100+ words) and human texts edited by a model\n")
    print("The encoder and the n-gram models trained on other rows of these sources (not SeqXGPT), so these rates are "
          "an upper bound; the change between the columns is the cost of the new lines.\n")
    print("| source | n | before: >= 0.5 | before: >= 0.65 | now: >= 0.5 | now: >= 0.65 |")
    print("|---|---:|---|---|---|---|")
    tot = defaultdict(int)
    for g in sorted({r["genre"] for r in rows if r["label"] != "human"}):
        rs = [r for r in rows if r["genre"] == g and r["words"] >= 100]
        n = len(rs)
        ks = [sum(score(r, floor50, floor65, False) >= 0.5 for r in rs), sum(score(r, floor50, floor65, False) >= 0.65 for r in rs),
              sum(score(r, t50, t65) >= 0.5 for r in rs), sum(score(r, t50, t65) >= 0.65 for r in rs)]
        if rs[0]["label"] == "ai":
            for i, k in enumerate(ks):
                tot[i] += k
            tot["n"] += n
        print(f"| {g} | {n} | " + " | ".join(pct(k, n) for k in ks) + " |")
        out["ai"][g] = {"at_0.5": rate(ks[2], n), "at_0.65": rate(ks[3], n)}
    print(f"| **all AI** | {tot['n']} | " + " | ".join(pct(tot[i], tot['n']) for i in range(4)) + " |")
    out["ai"]["all"] = {"at_0.5": rate(tot[2], tot["n"]), "at_0.65": rate(tot[3], tot["n"])}
    # where human texts reach 0.5 at the shipped lines, by length (the product's short-formal-prose limit quotes it)
    buckets = [(50, 100), (100, 250), (250, 10 ** 6)]
    out["human_by_words"] = {}
    for lo, hi in buckets:
        rs = [r for r in humans if lo <= r["words"] < hi]
        key = f"{lo}-{hi - 1}" if hi < 10 ** 6 else f"{lo}+"
        out["human_by_words"][key] = {"at_0.5": rate(sum(score(r, t50, t65) >= 0.5 for r in rs), len(rs)),
                                      "at_0.65": rate(sum(score(r, t50, t65) >= 0.65 for r in rs), len(rs))}
    mixed = [r for r in rows if r["label"] == "ai_edited" and r["words"] >= 100]
    held = sum(score(r, t50, t65, False) >= 0.65 and score(r, t50, t65) < 0.65 for r in mixed)
    print(f"\nHuman texts edited by a model (ImBD polish / rewrite / expand) that the agreement rule holds in the Mixed "
          f"band instead of AI-Generated: {held} of {len(mixed)}.")
    RESULT_JSON.write_text(json.dumps(out, indent=1) + "\n")
    if "--write-manifest" in sys.argv:
        for m in ("moderate", "strong", "forensic"):
            plan = manifest["modes"][m].get("lm")
            if plan and "gate" in plan:
                plan["score_knots"] = [[0.0, 0.0], [0.2, 0.35], [t50, 0.5], [t65, 0.65], [1.0, 1.0]]
                plan["ai_band_encoder_min"] = ENCODER_MIN
        MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n")
        print(f"\n(written to {MANIFEST.relative_to(ROOT)})", file=sys.stderr)


if __name__ == "__main__":
    main()
