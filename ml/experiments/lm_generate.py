"""Base-model continuations generated here with Gemma 3 270M, as AI rows for the LM-evidence experiment (issue 16).

    PYTHONPATH=. python experiments/lm_generate.py [--n 1000] [--from 0] [--out ml/cache/lm-gen.jsonl]   # needs llama-cpp-python
    PYTHONPATH=. python experiments/lm_generate.py --score                                # LM + n-gram features per text

Why: the unseen families the stacker misses are SeqXGPT's continuations from pre-2023 *base* models (GPT-2, GPT-J,
GPT-Neo, LLaMA-1); held out of training they are caught 0-3.5% (`lm_stack`, ceiling table). No training source has
base-model text. This makes some, the way SeqXGPT did (a human text's first sentence as the prompt, the model's
continuation after it), from a base model that runs on this machine, so `lm_stack --gen` can test whether "sampled
base-model text" transfers to other base models when SeqXGPT is held out whole.

- Prompts: the opening (first sentence, 8-40 words) of **human train-split rows of the trained sources**, spread
  over sources and domains: nothing from the judged pool (SeqXGPT, claude-3-opus, the human-only files) leaks in.
- Decoding, cycled: pure sampling (temperature 1), nucleus (top-p 0.95, temperature 0.9), top-k 40 with
  temperature 0.7 and a 1.1 repeat penalty: SeqXGPT's generators used several such settings. From text 1,000 on
  (`--n` above 1000), three more join the cycle: top-k 50 at temperature 1 (Hugging Face's sampling default),
  min-p 0.05 at temperature 1.1, and locally typical sampling (typical-p 0.9).
- Text = prompt + continuation (up to 300 new tokens), kept when it has 100+ words. Resumable: texts already in
  `--out` are skipped; a dropped (short) one is made again, identically (its seed is its index), and dropped again.
- The GGUF is `models/lm/gemma-3-270m-q4_k_m.gguf` (`npm run models:fetch`); llama-cpp-python is not in
  requirements.txt (a 7-minute native build, needed only here):
  `CMAKE_ARGS="-DGGML_NATIVE=ON -DGGML_CUDA=OFF -DLLAMA_CURL=OFF" pip install llama-cpp-python==0.3.36`.

`--score` adds the same fields as `lm_sample` (8 LM features, the forensic aggregator's inputs, the shipped
models' probabilities) to every generated text, into `ml/cache/lm-gen-scored.jsonl`, with `set: "gen"`.

An experiment (moved out of the package for issue 27), but its first 1,000 scored texts are an input of the shipped
forensic stacker (`python -m inkprint_ml.lm_stack --gen ml/cache/lm-gen-scored.jsonl`, run by `ml/release.sh` when
that cache is present). Run from `ml/`.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # ml/, so `inkprint_ml` imports when run as a script

from inkprint_ml import data as D  # noqa: E402
from inkprint_ml import features as F  # noqa: E402
from inkprint_ml.lm_stack import TRAINED  # noqa: E402

GGUF = F.REPO_ROOT / "models" / "lm" / "gemma-3-270m-q4_k_m.gguf"
OUT = F.REPO_ROOT / "ml" / "cache" / "lm-gen.jsonl"
SCORED = OUT.with_name("lm-gen-scored.jsonl")
DECODING = [
    {"name": "sample", "temperature": 1.0, "top_p": 1.0, "top_k": 0, "min_p": 0.0, "repeat_penalty": 1.0},
    {"name": "top-p 0.95", "temperature": 0.9, "top_p": 0.95, "top_k": 0, "min_p": 0.0, "repeat_penalty": 1.0},
    {"name": "top-k 40", "temperature": 0.7, "top_p": 1.0, "top_k": 40, "min_p": 0.0, "repeat_penalty": 1.1},
    # from text 1,000 on, three more (the first 1,000 texts cycle the three above only, as they were made)
    {"name": "top-k 50", "temperature": 1.0, "top_p": 1.0, "top_k": 50, "min_p": 0.0, "repeat_penalty": 1.0},
    {"name": "min-p 0.05", "temperature": 1.1, "top_p": 1.0, "top_k": 0, "min_p": 0.05, "repeat_penalty": 1.0},
    {"name": "typical 0.9", "temperature": 1.0, "top_p": 1.0, "top_k": 0, "min_p": 0.0, "typical_p": 0.9,
     "repeat_penalty": 1.0},
]
FIRST_ROUND = 1000


def decoding(k: int) -> dict:
    """Text k's decoding: the first 1,000 cycle the first three settings, later texts all six."""
    return DECODING[k % 3] if k < FIRST_ROUND else DECODING[k % len(DECODING)]


_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def opening(text: str) -> str | None:
    """The first sentence if it has 8-40 words, else the first 25 words; None for texts too short to prompt with."""
    words = text.split()
    if len(words) < 60:
        return None
    first = _SENTENCE.split(text.strip(), maxsplit=1)[0]
    n = len(first.split())
    return first if 8 <= n <= 40 else " ".join(words[:25])


def prompts(n: int, seed: int = 20261125) -> list[dict]:
    rows = D.load_rows()
    D.assign_splits(rows, "release")
    pool = [r for r in rows if r["split"] == "train" and r["label"] == "human" and r["source"] in TRAINED]
    rng = random.Random(seed)
    cells: dict[tuple, list] = {}
    for r in sorted(pool, key=lambda r: r["id"]):
        cells.setdefault((r["source"], r["domain"]), []).append(r)
    for c in cells.values():
        rng.shuffle(c)
    # round-robin over (source, domain) cells so every domain prompts
    out, keys, i = [], sorted(cells), 0
    while len(out) < n and any(cells.values()):
        c = cells[keys[i % len(keys)]]
        i += 1
        while c:
            r = c.pop()
            p = opening(D.strip_artifacts(r["text"]))
            if p:
                out.append({"prompt_id": r["id"], "source": r["source"], "domain": r["domain"], "prompt": p})
                break
    return out


def generate(n: int, out_path: str, threads: int, start: int = 0) -> None:
    from llama_cpp import Llama

    llm = Llama(model_path=str(GGUF), n_ctx=512, n_threads=threads, seed=0, verbose=False)
    done = {json.loads(l)["id"] for l in open(out_path)} if os.path.exists(out_path) else set()
    todo = prompts(n)
    t0, made = time.time(), 0
    with open(out_path, "a") as f:
        for k, p in enumerate(todo):
            rid = f"gen-{k:04d}"
            if rid in done or k < start:
                continue
            dec = decoding(k)
            res = llm.create_completion(
                p["prompt"], max_tokens=300, seed=k, **{x: dec[x] for x in dec if x != "name"})
            text = (p["prompt"] + res["choices"][0]["text"]).strip()
            row = {"id": rid, "set": "gen", "source": "gemma-gen", "file": None, "domain": p["domain"],
                   "label": "ai", "generator": f"gemma-3-270m ({dec['name']})", "attack": "none",
                   "prompt_source": p["source"], "prompt_id": p["prompt_id"], "text": text}
            if len(text.split()) >= 100:
                f.write(json.dumps(row) + "\n")
                f.flush()
                made += 1
            if (k + 1) % 20 == 0:
                el = time.time() - t0
                print(f"lm_generate: {k + 1}/{len(todo)} prompts, {made} kept, {el:.0f}s", file=sys.stderr, flush=True)


def score(in_path: str, out_path: str, workers: int) -> None:
    from inkprint_ml.lm_sample import score_into

    done = {json.loads(l)["id"] for l in open(out_path)} if os.path.exists(out_path) else set()
    todo = [r for r in map(json.loads, open(in_path)) if r["id"] not in done]
    score_into(todo, out_path, workers, label="lm_generate --score", every=20, chunksize=2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--from", dest="start", type=int, default=0,
                    help="skip the prompts before this index (e.g. 1000 after a finished --n 1000 run, so the short "
                         "texts it dropped are not made and dropped again)")
    ap.add_argument("--score", action="store_true", help=f"score --out into {SCORED.name}")
    a = ap.parse_args(argv)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    if a.score:
        score(a.out, str(SCORED if a.out == str(OUT) else a.out.replace(".jsonl", "-scored.jsonl")), a.threads)
    else:
        generate(a.n, a.out, a.threads, a.start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
