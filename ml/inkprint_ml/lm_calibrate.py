"""Calibration of the language model's int8 head: the largest magnitude each of the 640 hidden dimensions reaches.

    python -m inkprint_ml.lm_calibrate [--per-file 8] [--out ml/inkprint_ml/lm_head_smoothing.json]

The head's matmul (hidden [N, 640] x the tied embeddings [640, 262144]) runs in int8 with the hidden state quantised
per run (`lm_export.int8_logits`). A few of Gemma's hidden dimensions reach 50-100 where the median reaches ~13, so one
scale per run wastes most of the int8 range on them; `lm_export.head_smoothing` divides them down (and multiplies
the weights up) by factors taken from this file. It is committed (640 numbers), so `npm run models:fetch` needs no
data and no onnxruntime to build the graphs; rebuild it only when the model or the body graph changes.

Texts: the first `max_tokens` tokens (the engine's 128-token pass) of every `step`-th row, up to `per_file` of 400+
characters, from a fixed list of files of the shared datasets (human and AI, news, stories, essays, science, forum,
reviews, speeches), normalised as the engine does. Needs the body graph (`models/lm`, `npm run models:fetch`).
"""
from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

import numpy as np

from . import features as F
from .data import DATA_DIR
from .lm_features import LMScorer

OUT = Path(__file__).resolve().parent / "lm_head_smoothing.json"
FILES = ("gecscore", "seqxgpt", "biscope", "evobench", "imbd", "l2r", "outfox_valid", "binoculars",
         "human_plos_allofplos_sample", "human_stackexchange_small_dumps", "human_gutenberg_top_authors",
         "human_nltk_us_presidential_speeches")
STEP = 97


def calibration_texts(per_file: int) -> list[str]:
    texts = []
    for name in FILES:
        got = 0
        with gzip.open(DATA_DIR / f"{name}.jsonl.gz", "rt", encoding="utf-8") as fh:
            for i, line in enumerate(fh):
                if i % STEP:
                    continue
                text = json.loads(line)["text"]
                if len(text) >= 400:
                    texts.append(F.normalize(text))
                    got += 1
                    if got == per_file:
                        break
    return texts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-file", type=int, default=8)
    ap.add_argument("--max-tokens", type=int, default=128)
    ap.add_argument("--out", default=str(OUT))
    a = ap.parse_args(argv)
    scorer = LMScorer(threads=2)
    texts = calibration_texts(a.per_file)
    absmax = np.zeros(0)
    tokens = 0
    for text in texts:
        ids = np.asarray(scorer.token_ids(text, a.max_tokens), np.int64)
        hidden = scorer.body.run(["hidden"], {"input_ids": ids})[0][:-1]  # the positions the head reads
        m = np.abs(hidden).max(axis=0).astype(np.float64)
        absmax = m if absmax.size == 0 else np.maximum(absmax, m)
        tokens += len(hidden)
    Path(a.out).write_text(json.dumps({
        "what": "max |hidden_d| over the calibration tokens, per hidden dimension (inkprint_ml.lm_calibrate)",
        "files": list(FILES), "step": STEP, "per_file": a.per_file, "max_tokens": a.max_tokens,
        "texts": len(texts), "tokens": tokens,
        "hidden_absmax": [round(float(v), 2) for v in absmax],  # 2 decimals: reruns on other builds agree
    }, indent=1) + "\n")
    print(f"lm_calibrate: {len(texts)} texts, {tokens} positions; max |hidden| median {np.median(absmax):.2f}, "
          f"largest {absmax.max():.2f} -> {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
