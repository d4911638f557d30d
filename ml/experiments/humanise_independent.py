"""Issue 26 "Must show": an independent detector trained on other families only, and the humanise-eval table.

The independent detector: TF-IDF word 1-2-grams + character 3-5-grams, logistic regression (class-balanced), trained
on BiScope, L2R, ImBD and OUTFOX (human vs ai; no paraphrase or ai_edited rows), at most 2,500 rows per source and
label. It never saw GECScore (the evaluation source of libs/humaniser/bench/humanise-eval.ts) nor anything of the
humaniser. Its AUROC on GECScore human vs AI rows is printed so the reader can judge it. "Judged AI" = p >= 0.5.

    cd ml && OMP_NUM_THREADS=1 nice -n 10 .venv/bin/python experiments/humanise_independent.py ../tmp/humanise-eval.jsonl

Prints the per-tone table (markdown) and writes <input>.summary.json; the fitted detector is cached in
ml/cache/humanise-independent-detector.pkl (delete it to refit).
"""
from __future__ import annotations

import gzip, hashlib, json, random, sys, time
from collections import defaultdict
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[3] / "shared" / "datasets"
TRAIN_SOURCES = ["biscope", "l2r", "imbd", "outfox_valid"]
CAP = 2500


def rows(source):
    with gzip.open(DATA / f"{source}.jsonl.gz", "rt") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def train():
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union
    rng = random.Random(26)
    texts, labels = [], []
    for s in TRAIN_SOURCES:
        by = defaultdict(list)
        for r in rows(s):
            if r["label"] in ("human", "ai") and not r.get("attack") and len(r["text"].split()) >= 50:
                by[r["label"]].append(r["text"])
        for lab, xs in by.items():
            rng.shuffle(xs)
            for t in xs[:CAP]:
                texts.append(t); labels.append(1 if lab == "ai" else 0)
    vec = make_union(
        TfidfVectorizer(ngram_range=(1, 2), min_df=3, max_features=150_000, sublinear_tf=True, lowercase=True),
        TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=5, max_features=150_000, sublinear_tf=True),
    )
    model = make_pipeline(vec, LogisticRegression(C=4.0, max_iter=2000, class_weight="balanced"))
    t = time.time()
    model.fit(texts, labels)
    print(f"independent detector: {len(texts)} training texts ({sum(labels)} ai) from {', '.join(TRAIN_SOURCES)}; "
          f"fit {time.time() - t:.0f} s", file=sys.stderr)
    return model


def auroc(pos, neg):
    from sklearn.metrics import roc_auc_score
    return roc_auc_score([1] * len(pos) + [0] * len(neg), list(pos) + list(neg))


def excerpts(before, after, words=50):
    """The two texts from the sentence where they first differ, about `words` words each."""
    a, b = " ".join(before.split()).split(" "), " ".join(after.split()).split(" ")
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    start = i
    while start > 0 and i - start < 25 and not a[start - 1].endswith((".", "!", "?")):
        start -= 1
    cut = lambda w: ("… " if start else "") + " ".join(w[start:start + words]) + (" …" if len(w) > start + words else "")  # noqa: E731
    return cut(a), cut(b)


def examples(res, tones, per=5):
    """Five before/after pairs per tone (the first texts of the set that tone ran on), excerpts with their figures."""
    md = []
    for tone in tones:
        rs = [r for r in res if r["tone"] == tone][:per]
        if not rs:
            continue
        md.append(f"#### {tone}\n")
        for r in rs:
            m = r["meaning"]
            cos = f"sentence cosine median {m['sentenceMedian']:.2f} / min {m['sentenceMin']:.2f}" if "sentenceMedian" in m else "no encoder"
            md.append(
                f"- **{r['generator']}, {r['domain']}** ({r['words']} words). "
                + (f"Forensic {r['forensicBefore']:.2f} → **{r['forensicAfter']:.2f}**, " if "forensicBefore" in r else "")
                + f"moderate (LM-backed) {r['before']:.2f} → **{r['after']:.2f}**, independent {r['indBefore']:.2f} → **{r['indAfter']:.2f}**; {cos}; words changed "
                f"{100 * r['changedWords']:.0f}%; numbers {'kept' if r['numbersKept'] else 'NOT kept'}, names "
                f"{'kept' if r['namesKept'] else 'NOT kept'}; style targets {r['styleMet']} of {r['styleTotal']}.\n"
                f"  - before: \"{excerpts(r['original'], r['humanised'])[0]}\"\n"
                f"  - after: \"{excerpts(r['original'], r['humanised'])[1]}\"\n")
    return "\n".join(md)


def main():
    path = Path(sys.argv[1])
    res = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
    cache = Path(__file__).resolve().parents[1] / "cache" / "humanise-independent-detector.pkl"
    if cache.exists():
        import pickle
        model = pickle.loads(cache.read_bytes())
    else:
        import pickle
        model = train()
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_bytes(pickle.dumps(model))
    # validity on the evaluation source: GECScore human vs AI (a hash sample of 400 each), untouched texts
    g = list(rows("gecscore"))
    key = lambda r: hashlib.sha256(r["id"].encode()).hexdigest()  # noqa: E731
    hum = sorted([r for r in g if r["label"] == "human" and len(r["text"].split()) >= 100], key=key)[:400]
    ai = sorted([r for r in g if r["label"] == "ai" and len(r["text"].split()) >= 100], key=key)[:400]
    ph = model.predict_proba([r["text"] for r in hum])[:, 1]
    pa = model.predict_proba([r["text"] for r in ai])[:, 1]
    valid = {"auroc": round(auroc(pa, ph), 3), "human_at_0.5": round(float((ph >= 0.5).mean()), 3),
             "ai_at_0.5": round(float((pa >= 0.5).mean()), 3)}
    print(f"independent detector on GECScore (400 human, 400 AI, 100+ words): {valid}", file=sys.stderr)
    before = model.predict_proba([r["original"] for r in res])[:, 1]
    after = model.predict_proba([r["humanised"] for r in res])[:, 1]
    for r, b, a in zip(res, before, after):
        r["indBefore"], r["indAfter"] = float(b), float(a)
    tones = ["auto", "formal", "casual", "creative", "neutral", "persuasive", "technical", "narrative"]
    pct = lambda xs: f"{100 * np.mean(xs):.1f}%"  # noqa: E731
    out = {"independent_validity": valid, "tones": {}}
    print("| tone | texts | LM-backed detector AI at 0.5 before → after | independent AI at 0.5 before → after | "
          "sentence cosine median / min | paragraph min | numbers kept | names kept | style targets met | "
          "words changed (median) | p50 per 300 words: CPU / wall |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for tone in tones:
        rs = [r for r in res if r["tone"] == tone]
        if not rs:
            continue
        m = [r["meaning"] for r in rs if "sentenceMedian" in r["meaning"]]
        row = {
            "texts": len(rs),
            "lm_before": float(np.mean([r["before"] > 0.5 for r in rs])),
            "lm_after": float(np.mean([r["after"] > 0.5 for r in rs])),
            "ind_before": float(np.mean([r["indBefore"] >= 0.5 for r in rs])),
            "ind_after": float(np.mean([r["indAfter"] >= 0.5 for r in rs])),
            "sent_median": float(np.median([x["sentenceMedian"] for x in m])) if m else None,
            "sent_min": float(np.min([x["sentenceMin"] for x in m])) if m else None,
            "para_min": float(np.min([x["paragraphMin"] for x in m])) if m else None,
            "numbers": float(np.mean([r["numbersKept"] for r in rs])),
            "names": float(np.mean([r["namesKept"] for r in rs])),
            "style": float(np.mean([r["styleMet"] / max(1, r["styleTotal"]) for r in rs])),
            "changed": float(np.median([r["changedWords"] for r in rs])),
            "cpu300": float(np.median([r["cpuMsPer300"] for r in rs])),
            "wall300": float(np.median([r["msPer300"] for r in rs])),
            "judged_by_lm": float(np.mean([r["judge"]["by"] == "language-model" for r in rs])),
        }
        out["tones"][tone] = row
        print(f"| {tone} | {len(rs)} | {pct([r['before'] > 0.5 for r in rs])} → {pct([r['after'] > 0.5 for r in rs])} | "
              f"{pct([r['indBefore'] >= 0.5 for r in rs])} → {pct([r['indAfter'] >= 0.5 for r in rs])} | "
              f"{row['sent_median']:.3f} / {row['sent_min']:.3f} | {row['para_min']:.3f} | {pct([r['numbersKept'] for r in rs])} | "
              f"{pct([r['namesKept'] for r in rs])} | {100 * row['style']:.0f}% | {100 * row['changed']:.1f}% | "
              f"{row['cpu300'] / 1000:.2f} s / {row['wall300'] / 1000:.2f} s |")
    auto = [r for r in res if r["tone"] == "auto"]
    if auto:
        by = defaultdict(list)
        for r in auto:
            by[r["generator"]].append(r)
        out["auto_by_generator"] = {k: {"n": len(v), "lm_before": float(np.mean([r["before"] > 0.5 for r in v])),
                                        "lm_after": float(np.mean([r["after"] > 0.5 for r in v])),
                                        "ind_before": float(np.mean([r["indBefore"] >= 0.5 for r in v])),
                                        "ind_after": float(np.mean([r["indAfter"] >= 0.5 for r in v]))}
                                    for k, v in sorted(by.items())}
        out["auto_median_score"] = {"lm_before": float(np.median([r["before"] for r in auto])),
                                    "lm_after": float(np.median([r["after"] for r in auto])),
                                    "ind_before": float(np.median([r["indBefore"] for r in auto])),
                                    "ind_after": float(np.median([r["indAfter"] for r in auto]))}
    # issue 40: the judges by half (development generators vs held out), tone auto; forensic mode = the product's
    # detector with Gemma on, which the guided search never queried (it queries moderate with the language model off)
    dev = {"claude-3.5-sonnet", "gpt-3.5-turbo"}
    print("\n| half (tone auto) | n | forensic AI at 0.5 before → after | independent AI at 0.5 before → after | "
          "forensic median | independent median | sentence cosine median / min | words changed median (p10-p90) | "
          "LanguageTool errors /100 words input → rewrite | rewrites with more errors | numbers / names kept | "
          "CPU per 300 words p50 / p95 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    out["halves"] = {}
    for name, sel in (("development", lambda r: r["generator"] in dev), ("held-out", lambda r: r["generator"] not in dev),
                      ("all", lambda r: True)):
        rs = [r for r in auto if sel(r)] if auto else []
        if not rs:
            continue
        fr = [r for r in rs if "forensicBefore" in r]
        m = [r["meaning"] for r in rs if "sentenceMedian" in r["meaning"]]
        g = [r for r in rs if "grammarBefore" in r]
        fb = pct([r["forensicBefore"] > 0.5 for r in fr]) if fr else "—"
        fa = pct([r["forensicAfter"] > 0.5 for r in fr]) if fr else "—"
        fmed = f"{np.median([r['forensicBefore'] for r in fr]):.3f} → {np.median([r['forensicAfter'] for r in fr]):.3f}" if fr else "—"
        ch = [r["changedWords"] for r in rs]
        lt = (f"{100 * sum(r['grammarBefore']['errors'] for r in g) / sum(r['grammarBefore']['words'] for r in g):.2f} → "
              f"{100 * sum(r['grammarAfter']['errors'] for r in g) / sum(r['grammarAfter']['words'] for r in g):.2f}") if g else "—"
        worse = sum(r["grammarAfter"]["errors"] > r["grammarBefore"]["errors"] for r in g) if g else "—"
        cpu = [r["cpuMsPer300"] for r in rs]
        half = {"n": len(rs), "forensic_before": float(np.mean([r["forensicBefore"] > 0.5 for r in fr])) if fr else None,
                "forensic_after": float(np.mean([r["forensicAfter"] > 0.5 for r in fr])) if fr else None,
                "ind_before": float(np.mean([r["indBefore"] >= 0.5 for r in rs])),
                "ind_after": float(np.mean([r["indAfter"] >= 0.5 for r in rs])),
                "changed_median": float(np.median(ch)), "cpu_p50": float(np.median(cpu)),
                "cpu_p95": float(np.percentile(cpu, 95))}
        out["halves"][name] = half
        print(f"| {name} | {len(rs)} | {fb} → {fa} | {pct([r['indBefore'] >= 0.5 for r in rs])} → "
              f"{pct([r['indAfter'] >= 0.5 for r in rs])} | {fmed} | {np.median([r['indBefore'] for r in rs]):.3f} → "
              f"{np.median([r['indAfter'] for r in rs]):.3f} | "
              f"{np.median([x['sentenceMedian'] for x in m]):.3f} / {np.min([x['sentenceMin'] for x in m]):.3f} | "
              f"{100 * np.median(ch):.1f}% ({100 * np.percentile(ch, 10):.1f}-{100 * np.percentile(ch, 90):.1f}%) | {lt} | "
              f"{worse} | {pct([r['numbersKept'] for r in rs])} / {pct([r['namesKept'] for r in rs])} | "
              f"{np.median(cpu) / 1000:.2f} s / {np.percentile(cpu, 95) / 1000:.2f} s |")
    Path(str(path) + ".summary.json").write_text(json.dumps(out, indent=1))
    Path(str(path) + ".examples.md").write_text(examples(res, tones))
    Path(str(path) + ".scored.jsonl").write_text("".join(json.dumps(r) + "\n" for r in res))
    print(json.dumps({k: v for k, v in out.items() if k != "tones"}, indent=1), file=sys.stderr)


if __name__ == "__main__":
    main()
