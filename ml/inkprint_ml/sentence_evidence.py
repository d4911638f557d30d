"""Each sentence's own evidence and the AI segments (issue 42), fitted and measured on the mixed-authorship benchmark.

Reads ml/cache/mixed-evidence.jsonl (libs/detector/scripts/mixed-evidence.ts over ml/cache/mixed-bench.jsonl, built
by ``inkprint_ml.mixed_bench``) and compares what a sentence's score can be made of:
- ``shipped``: the heat-map before issue 42 (each sentence its chunk's score, moderate);
- the windows of +-1 / +-2 sentences scored by the n-gram document model (``ngram:k``) or the fine-tuned encoder
  (``encoder:k``), each alone;
- stacks: a logistic regression over the clipped logits of windows and the same less their document mean
  (``-mean``: local contrast), fitted on the **tune** families only, for several input sets (cost: an encoder window
  is one encoder pass per sentence).

AI segments: a two-state path over the sentences (``segment``, the same as libs/detector/src/core/segments.ts) whose
emission is the sentence's log-odds x sqrt(words) / 2 and whose every switch costs the penalty, chosen on the tune
families.

Measured on the **grade** families (never used to fit or choose; other generators and student essays), and on human
texts of the genre validation (``--human``: ml/cache/mixed-evidence-human-genres.jsonl, measure only): sentence AUROC
pooled and within mixed documents, word-weighted macro-F1 of the segments, boundary error in words (SemEval-2024 8C),
single-author documents cut, human documents with an AI segment, human sentences at >= 0.65.

    python -m inkprint_ml.sentence_evidence [--json OUT] [--write models/inkprint-detector.json --inputs NAME]
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "ml" / "cache"
#: manifest input name -> field of mixed-evidence.jsonl
WINDOWS = {"ngram:1": "ng1", "ngram:2": "ng2", "encoder:1": "enc1", "encoder:2": "enc2"}
INPUT_SETS = {
    "ngram": ["ngram:1", "ngram:2"],
    "ngram+encoder1+document": ["ngram:1", "ngram:2", "encoder:1", "document"],
    "all+document": ["ngram:1", "ngram:2", "encoder:1", "encoder:2", "document"],
    "ngram+encoder1": ["ngram:1", "ngram:2", "encoder:1"],
    "ngram+encoder2": ["ngram:1", "ngram:2", "encoder:2"],
    "all": ["ngram:1", "ngram:2", "encoder:1", "encoder:2"],
}
PENALTIES = (0, 0.5, 1, 2, 3, 4, 6, 8, 12, 16)
MIN_SEGMENT_WORDS = 25
#: the document score from which segments are marked and sentences read uncapped (result.ts ``documentMinScore``):
#: the demo's 0.5 line, so a human writer is shown an AI part at most as often as the document score accuses
DOCUMENT_MIN_SCORE = 0.5
GENRE_EVIDENCE = CACHE / "genre-evidence.jsonl"


def logit(p: float) -> float:
    """The engine's clipped logit: q in [1e-7, 1 - 1e-7], then |z| <= 8 (analyze.ts sentenceLogOdds)."""
    q = min(max(p, 1e-7), 1 - 1e-7)
    return min(max(math.log(q / (1 - q)), -8.0), 8.0)


def load(path: Path) -> list[dict]:
    docs = [json.loads(line) for line in path.open() if line.strip()]
    for d in docs:
        d["sentences"] = [s for s in d["sentences"] if s["words"] > 0]
    return [d for d in docs if d["sentences"]]


def input_names(windows: list[str]) -> list[str]:
    ws = [w for w in windows if w != "document"]
    return [*ws, *(f"{w}-mean" for w in ws), *(["document"] if "document" in windows else [])]


def design(doc: dict, windows: list[str]) -> np.ndarray:
    """Per sentence: the windows' clipped logits, then the same less their mean over the document's sentences, then
    (input ``document``) the clipped logit of the document's own score, the same for every sentence."""
    ws = [w for w in windows if w != "document"]
    z = np.array([[logit(s[WINDOWS[w]]) for w in ws] for s in doc["sentences"]])
    parts = [z, z - z.mean(axis=0, keepdims=True)]
    if "document" in windows:
        parts.append(np.full((len(z), 1), logit(doc["docScore"])))
    return np.hstack(parts)


def labels(doc: dict) -> np.ndarray:
    return np.array([1 if s["ai"] > 0.5 else 0 for s in doc["sentences"]])


def weights(doc: dict) -> np.ndarray:
    return np.array([s["words"] for s in doc["sentences"]], dtype=float)


def segment(z: np.ndarray, words: np.ndarray, penalty: float) -> np.ndarray:
    """Viterbi over human (0) / AI (1): emission +-z*sqrt(words)/2, a switch costs `penalty` (segments.ts)."""
    e = z * np.sqrt(words) / 2
    score = np.array([-e[0], e[0]])
    back = np.zeros((len(z), 2), dtype=int)
    for i in range(1, len(z)):
        new = np.empty(2)
        for s in (0, 1):
            stay, switch = score[s], score[1 - s] - penalty
            back[i, s] = s if stay >= switch else 1 - s
            new[s] = max(stay, switch) + (e[i] if s == 1 else -e[i])
        score = new
    path = np.zeros(len(z), dtype=int)
    path[-1] = 1 if score[1] > score[0] else 0
    for i in range(len(z) - 1, 0, -1):
        path[i - 1] = back[i, path[i]]
    return path


def ai_segments(path: np.ndarray, words: np.ndarray) -> np.ndarray:
    """The path with AI runs shorter than MIN_SEGMENT_WORDS dropped (unless the whole document is AI)."""
    out = path.copy()
    i = 0
    while i < len(path):
        if path[i] != 1:
            i += 1
            continue
        j = i
        while j < len(path) and path[j] == 1:
            j += 1
        if words[i:j].sum() < MIN_SEGMENT_WORDS and not (i == 0 and j == len(path)):
            out[i:j] = 0
        i = j
    return out


def macro_f1(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> float:
    f = []
    for c in (0, 1):
        tp = float(((p == c) & (y == c)) @ w)
        fp = float(((p == c) & (y != c)) @ w)
        fn = float(((p != c) & (y == c)) @ w)
        if tp + fp + fn > 0:
            f.append(2 * tp / (2 * tp + fp + fn))
    return float(np.mean(f))


def evaluate(docs: list[dict], zs: list[np.ndarray], penalty: float, gate: float | None = None) -> dict:
    """With ``gate``, as the product answers (result.ts): a document whose score (``docScore``) is under the gate gets
    no segment and its sentences read at most the document's score."""
    ys, ss, within, f1s, mae, cut, human_seg, distinct = [], [], [], [], [], [], [], []
    over, f1_over = 0, []
    for d, z in zip(docs, zs):
        y, w = labels(d), weights(d)
        shown = gate is None or d["docScore"] >= gate
        over += int(shown and d["kind"] not in ("human", "ai"))
        if not shown:
            z = np.minimum(z, logit(d["docScore"]))
        ys.append(y)
        ss.append(z)
        if 0 < y.sum() < len(y):
            within.append(roc_auc_score(y, z))
        path = ai_segments(segment(z, w, penalty), w) if shown else np.zeros(len(z), dtype=int)
        f1s.append((macro_f1(y, path, w), w.sum()))
        if gate is not None and shown and d["kind"] not in ("human", "ai"):
            f1_over.append(f1s[-1])
        if d["kind"] in ("human", "ai"):
            cut.append(int(len(set(segment(z, w, penalty))) > 1))
        if d["kind"] == "human":
            human_seg.append(int(path.any()))
        if d.get("boundary_words") is not None:
            cum = np.concatenate([[0], np.cumsum(w)])
            switches = np.nonzero(np.diff(path))[0]
            opens_ai = d["kind"] == "ai_human"
            if len(switches):
                guess = cum[switches[0] + 1]
            else:  # no boundary found: all one author; the boundary is at the end the path agrees with
                guess = cum[-1] if path[0] == (0 if not opens_ai else 1) else 0
            mae.append(abs(guess - d["boundary_words"]))
        distinct.append(len(set(np.round(z, 3))) / len(z))
    y, s = np.concatenate(ys), np.concatenate(ss)
    probs = 1 / (1 + np.exp(-s))
    out = {
        "docs": len(docs),
        "sentences": int(len(y)),
        "auroc_pooled": round(float(roc_auc_score(y, s)), 3) if 0 < y.sum() < len(y) else None,
        "auroc_within_mixed": round(float(np.mean(within)), 3) if within else None,
        "segment_macro_f1": round(sum(f * n for f, n in f1s) / sum(n for _, n in f1s), 3),
        "boundary_mae_words": round(float(np.mean(mae)), 1) if mae else None,
        "single_author_cut": f"{sum(cut)}/{len(cut)}",
        "human_docs_with_ai_segment": f"{sum(human_seg)}/{len(human_seg)}",
        "human_sentences_ge_065": round(float((probs[y == 0] >= 0.65).mean()), 3) if (y == 0).any() else None,
        "distinct_share": round(float(np.mean(distinct)), 2),
    }
    if gate is not None:
        out["mixed_docs_over_gate"] = f"{over}/{sum(1 for d in docs if d['kind'] not in ('human', 'ai'))}"
        if f1_over:  # what a user sees where segments are shown: the mixed documents over the gate
            out["segment_macro_f1_over_gate"] = round(sum(f * n for f, n in f1_over) / sum(n for _, n in f1_over), 3)
    return out


#: the partly-AI rule's numbers (libs/detector/src/core/partly-ai.ts), read from the one file both sides read
PARTLY_AI_RULE = json.loads((ROOT / "libs" / "detector" / "src" / "core" / "partly-ai-rule.json").read_text())
WHOLLY_AI_SHARE, REST_HUMAN_MAX = PARTLY_AI_RULE["WHOLLY_AI_SHARE"], PARTLY_AI_RULE["REST_HUMAN_MAX"]
AI_BAND = 0.65  # result.ts DEFAULT_THRESHOLDS.ai


def partly_ai(docs: list[dict], zs: list[np.ndarray], penalty: float) -> dict:
    """Of the documents scored in the AI band (docScore >= 0.65), how many the product moves to Mixed as partly
    AI-written (result.ts ``partlyAi``): AI parts under 80% of the words, and the rest reading human on its own
    (word-weighted probability < 0.2); ``path_only``: the first condition alone. By kind: whole AI / mixed."""
    out: dict = {}
    for d, z in zip(docs, zs):
        if d["docScore"] < AI_BAND or d["kind"] == "human":
            continue
        w = weights(d)
        path = ai_segments(segment(z, w, penalty), w)
        share = float((path * w).sum() / w.sum())
        rest = path == 0
        p = 1 / (1 + np.exp(-z))
        rest_p = float((p[rest] * w[rest]).sum() / w[rest].sum()) if rest.any() else 1.0
        key = "whole_ai" if d["kind"] == "ai" else "mixed"
        c = out.setdefault(key, {"docs": 0, "path_only": 0, "partly_ai": 0})
        c["docs"] += 1
        c["path_only"] += int(path.any() and share < WHOLLY_AI_SHARE)
        c["partly_ai"] += int(path.any() and share < WHOLLY_AI_SHARE and rest_p < REST_HUMAN_MAX)
    return out


def with_shipped_scores(human: list[dict]) -> list[dict]:
    """The human genre texts with ``docScore`` the shipped moderate score (genre-evidence.jsonl: the cascade with the
    language model and the lines of issue 38), where it is higher than the evidence run's (language model off)."""
    if not GENRE_EVIDENCE.exists():
        return human
    import sys

    sys.path.insert(0, str(ROOT / "ml" / "experiments"))
    import genre_lines  # noqa: E402

    knots = json.loads((ROOT / "models" / "inkprint-detector.json").read_text())["modes"]["moderate"]["lm"]["score_knots"]
    t50, t65 = knots[2][0], knots[3][0]
    shipped = {}
    for line in GENRE_EVIDENCE.open():
        r = json.loads(line)
        shipped[r["id"]] = genre_lines.score(r, t50, t65)
    out = []
    for d in human:
        s = shipped.get(d["id"].removeprefix("humangenre:"))
        out.append({**d, "docScore": max(d["docScore"], s)} if s is not None else d)
    return out


def fit(tune: list[dict], windows: list[str]) -> LogisticRegression:
    X = np.vstack([design(d, windows) for d in tune])
    y = np.concatenate([labels(d) for d in tune])
    w = np.concatenate([weights(d) for d in tune])
    return LogisticRegression(C=1.0, max_iter=5000).fit(X, y, sample_weight=w)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--evidence", type=Path, default=CACHE / "mixed-evidence.jsonl")
    ap.add_argument("--human", type=Path, default=CACHE / "mixed-evidence-human-genres.jsonl")
    ap.add_argument("--ai", type=Path, default=CACHE / "mixed-evidence-ai.jsonl",
                    help="whole AI documents (mixed_bench --ai-only, then mixed-evidence.ts) for partly_ai")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--write", type=Path, help="manifest to write the chosen stack into (sentence_evidence)")
    ap.add_argument("--inputs", choices=sorted(INPUT_SETS), default="ngram+encoder1")
    ap.add_argument("--modes", default="moderate,strong,forensic")
    args = ap.parse_args()
    docs = load(args.evidence)
    tune = [d for d in docs if d["role"] == "tune"]
    grade = [d for d in docs if d["role"] == "grade"]
    human = with_shipped_scores(load(args.human)) if args.human.exists() else []
    whole_ai = load(args.ai) if args.ai.exists() else []
    report: dict = {"tune_families": sorted({d["family"] for d in tune}),
                    "grade_families": sorted({d["family"] for d in grade}), "variants": {}}

    def zs_single(ds, field):
        return [np.array([logit(s[field]) for s in d["sentences"]]) for d in ds]

    variants = {"shipped": (None, lambda ds: zs_single(ds, "shipped"))}
    for name, field in WINDOWS.items():
        variants[name] = (None, lambda ds, f=field: zs_single(ds, f))
    models = {}
    for name, windows in INPUT_SETS.items():
        models[name] = fit(tune, windows)
        variants[f"stack:{name}"] = (windows, lambda ds, m=models[name], ws=windows: [m.decision_function(design(d, ws)) for d in ds])

    for name, (_, zs_of) in variants.items():
        tz = zs_of(tune)
        penalty = max(PENALTIES, key=lambda p: (evaluate(tune, tz, p)["segment_macro_f1"], p))
        entry = {"penalty": penalty, "tune": evaluate(tune, tz, penalty), "grade": evaluate(grade, zs_of(grade), penalty)}
        for fam in report["grade_families"]:
            ds = [d for d in grade if d["family"] == fam]
            entry[f"grade:{fam}"] = evaluate(ds, zs_of(ds), penalty)
        if human:
            entry["human_genres"] = evaluate(human, zs_of(human), penalty)
        # as the product answers: segments and uncapped sentences only from the document's 0.5 line
        entry["grade_gated"] = evaluate(grade, zs_of(grade), penalty, DOCUMENT_MIN_SCORE)
        if human:
            entry["human_genres_gated"] = evaluate(human, zs_of(human), penalty, DOCUMENT_MIN_SCORE)
        entry["partly_ai"] = partly_ai(grade + whole_ai, zs_of(grade + whole_ai), penalty)
        report["variants"][name] = entry

    for name, entry in report["variants"].items():
        print(f"\n{name} (penalty {entry['penalty']})")
        for part, m in entry.items():
            if part != "penalty":
                print(f"  {part:20s} " + "  ".join(f"{k}={v}" for k, v in m.items() if k not in ("docs", "sentences")))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")

    if args.write:
        windows = INPUT_SETS[args.inputs]
        model = models[args.inputs]
        entry = report["variants"][f"stack:{args.inputs}"]
        manifest = json.loads(args.write.read_text())
        modes = args.modes.split(",")
        # one block per input set; a block written for some modes takes them from the blocks already there
        old = manifest.get("sentence_evidence", [])
        kept = []
        for b in old if isinstance(old, list) else [old]:
            b["modes"] = [m for m in b["modes"] if m not in modes]
            if b["modes"]:
                kept.append(b)
        block = {
            "ngram_model": "moderate",
            "inputs": input_names(windows),
            "coef": [round(float(c), 6) for c in model.coef_[0]],
            "intercept": round(float(model.intercept_[0]), 6),
            "switch_penalty": entry["penalty"],
            "min_segment_words": MIN_SEGMENT_WORDS,
            "document_min_score": DOCUMENT_MIN_SCORE,
            "modes": modes,
            "fitted_on": "mixed-authorship benchmark (ml/inkprint_ml/mixed_bench.py), tune families "
            + ", ".join(report["tune_families"]),
            "metrics": {"grade": entry["grade"], "grade_gated": entry["grade_gated"], "partly_ai": entry["partly_ai"],
                        **({"human_genres_gated": entry["human_genres_gated"]} if human else {})},
        }
        manifest["sentence_evidence"] = [*kept, block]
        args.write.write_text(json.dumps(manifest, indent=2) + "\n")
        print(f"wrote sentence_evidence ({args.inputs}) into {args.write}")


if __name__ == "__main__":
    main()
