"""Language-model features for a seeded, stratified sample of rows (issue 16): the data of `lm_stack`.

    python -m inkprint_ml.lm_sample [--workers 2] [--per-cell N] [--max-tokens N]

Scoring every one of the ~70k rows with Gemma 3 270M costs ~20 CPU-hours on this 2-core machine, so the stacked
model is fitted and judged on a sample, and the sample is chosen so that every question has its own rows:

- `stack`: release-fit **validation** rows (human / ai) of the four trained sources, up to `per_cell` per
  (source, domain, label, attack) cell: the strong model never trained on them, so its logits are honest inputs.
- `test`: release-fit **test** rows of the same sources (held-out documents, paraphrases, LLM-edited text).
- `unseen`: families the shipped models never saw: SeqXGPT (all humans, AI per generator) and claude-3-opus.
- `extra`: human-only files and CHEAT (`data.load_extra`), up to `per_cell` per (file, domain).

Each row gets the 8 LM features (`lm_features`, first 256 tokens), the forensic aggregator's 4 inputs and the
shipped models' moderate / strong / forensic probabilities, appended to `ml/cache/lm-sample.jsonl` (resumable).

With `--max-tokens N` above 256 (an experiment: what reading more would buy), the features come from the first N
tokens and go to `ml/cache/lm-sample-N.jsonl`; rows that `lm-sample.jsonl` scored whole (fewer than 256 tokens) are
copied from it, since their features cannot change, so only the truncated texts are scored again.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

import numpy as np

from . import data as D
from . import features as F
from .engine import Engine
from .lm_features import MAX_TOKENS

CACHE = F.REPO_ROOT / "ml" / "cache" / "lm-sample.jsonl"


def choose(per_cell: int) -> list[dict]:
    rows = D.load_rows()
    D.assign_splits(rows, "release")
    rng = random.Random(20261125)
    cells = defaultdict(list)
    for r in rows:
        if r["split"] == "val" and r["label"] in ("human", "ai"):
            cells[("stack", r["source"], r["domain"], r["label"], r["attack"])].append(r)
        elif r["split"] == "test" and r["source"] == "seqxgpt":
            cells[("unseen", r["source"], r["domain"], r["label"], r["generator"])].append(r)
        elif r["split"] == "test" and r["generator"] == "claude-3-opus":
            cells[("unseen", r["source"], r["domain"], r["label"], r["attack"])].append(r)
        elif r["split"] == "test":
            cells[("test", r["source"], r["domain"], r["label"], r["attack"])].append(r)
    for r in D.load_extra():
        cells[("extra", r["file"], r["domain"], r["label"], None)].append(r)
    # a budget per (set, source, label), spread evenly over that group's cells (domains, attacks, generators)
    budget = {"stack": 150, "test": 60, "unseen": 200, "extra": 60}
    groups = defaultdict(list)
    for key in cells:
        groups[key[:2] + (key[3],) if key[0] != "extra" else key[:3]].append(key)
    out = []
    for gk in sorted(groups, key=str):
        keys = sorted(groups[gk], key=str)
        b = budget[gk[0]] * (per_cell / 60)
        if gk[0] == "unseen" and gk[1] == "seqxgpt" and gk[2] == "ai":
            b = 300
        cap = max(5, math.ceil(b / len(keys)))
        for key in keys:
            pool = sorted(cells[key], key=lambda r: r["id"])
            rng.shuffle(pool)
            for r in pool[:cap]:
                out.append({"id": r["id"], "set": key[0], "source": r.get("source", r.get("file")),
                            "file": r.get("file"), "domain": r["domain"], "label": r["label"],
                            "generator": r.get("generator"), "attack": r.get("attack"), "text": r["text"]})
    return out


_W = {}


def _init(max_tokens=MAX_TOKENS, keep_stats=False):
    from .lm_features import LMScorer

    _W["lm"] = LMScorer(threads=1)
    _W["eng"] = Engine()
    _W["max_tokens"] = max_tokens
    _W["keep_stats"] = keep_stats


def _score(r: dict) -> dict:
    lm, eng = _W["lm"], _W["eng"]
    norm = F.normalize(r["text"])
    n_words = len(F.tokenize(norm))
    t0 = time.time()
    ids = lm.token_ids(norm, _W.get("max_tokens", MAX_TOKENS))
    st = lm.token_stats(ids)
    from .lm_features import document_features

    feats = document_features(st["logp"], st["entropy"], st["variance"], st["rank"])
    t_lm = time.time() - t0
    ps, agg, _ = eng.forensic_inputs(norm)
    p_for = float(eng.run("forensic", np.array([agg], np.float32))[0])
    p_mod = float(eng.run("moderate", eng.vector(norm, "full")[None])[0])
    out = {k: r[k] for k in r if k != "text"}
    out.update({"n_words": n_words, "n_tokens": len(ids), "max_tokens": _W.get("max_tokens", MAX_TOKENS),
                "lm": feats, "agg": agg, "p_strong": float(ps[0]),
                "p_forensic": p_for, "p_moderate": p_mod, "lm_seconds": round(t_lm, 3)})
    if _W.get("keep_stats"):
        # the per-token statistics themselves (float32 values, exact in JSON): features of any shorter window are
        # computed from them (the model is causal: the first k positions do not depend on the tokens after them)
        out["stats"] = {k: [float(x) for x in st[k]] for k in ("logp", "entropy", "variance", "rank")}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--per-cell", type=int, default=60)
    ap.add_argument("--max-tokens", type=int, default=MAX_TOKENS)
    ap.add_argument("--limit", type=int, help="score only the first N rows of the interleaved order (a smaller sample "
                    "of every set, the same N rows on every machine; issue 24's cascade used 1372)")
    ap.add_argument("--keep-stats", action="store_true", help="also write each row's per-token statistics (cascade "
                    "windows, lm_cascade)")
    ap.add_argument("--out", default=None, help="default: ml/cache/lm-sample.jsonl (lm-sample-N.jsonl for N tokens)")
    a = ap.parse_args(argv)
    if a.out is None:
        a.out = str(CACHE if a.max_tokens == MAX_TOKENS else CACHE.with_name(f"lm-sample-{a.max_tokens}.jsonl"))
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    todo = choose(a.per_cell)
    # interleave sets so that a partial run (or --limit) still covers every set
    todo.sort(key=lambda r: D._bucket("lm|" + r["id"]))
    if a.limit is not None:
        todo = todo[: a.limit]
    done = set()
    if os.path.exists(a.out):
        done = {json.loads(l)["id"] for l in open(a.out)}
    if a.max_tokens > MAX_TOKENS and os.path.exists(CACHE):
        # texts the base sample read whole have the same features at any longer cap: copy them
        with open(CACHE) as f, open(a.out, "a") as out:
            for line in f:
                r = json.loads(line)
                if r["id"] not in done and r["n_tokens"] < MAX_TOKENS:
                    out.write(json.dumps(r | {"max_tokens": a.max_tokens}) + "\n")
                    done.add(r["id"])
    todo = [r for r in todo if r["id"] not in done]
    print(f"lm_sample: {len(done)} cached, {len(todo)} to score", file=sys.stderr, flush=True)
    score_into(todo, a.out, a.workers, a.max_tokens, "lm_sample", every=100, chunksize=4, keep_stats=a.keep_stats)
    return 0


def score_into(todo: list[dict], out_path: str, workers: int, max_tokens: int = MAX_TOKENS, label: str = "lm_sample",
               every: int = 100, chunksize: int = 4, keep_stats: bool = False) -> None:
    """Scores `todo` (`_score`: LM features, forensic inputs, shipped probabilities) on `workers` processes, appending
    one JSON line per row to `out_path` as rows finish (a killed run resumes from what it wrote)."""
    t0 = time.time()
    with Pool(workers, initializer=_init, initargs=(max_tokens, keep_stats)) as pool, open(out_path, "a") as f:
        for k, res in enumerate(pool.imap_unordered(_score, todo, chunksize=chunksize), 1):
            f.write(json.dumps(res) + "\n")
            if k % every == 0:
                f.flush()
                el = time.time() - t0
                print(f"{label}: {k}/{len(todo)} in {el:.0f}s ({k / el:.2f}/s)", file=sys.stderr, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
