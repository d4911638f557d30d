"""Mixed-authorship benchmark (issue 42 item 1): documents with known human/AI boundaries.

Built from the shared datasets' human/AI pairs (an AI text written for the same prompt or document as a human one,
`pair_id`), so both parts of a document share a topic and only the author changes at a boundary:

- ``human_ai``: a human opening, then AI text (the SemEval-2024 8C shape: one human->machine boundary);
- ``ai_human``: AI opening, human ending;
- ``human_ai_human``: an AI passage inside human text (the lecturer's case: one pasted paragraph);
- ``human`` / ``ai``: single-author documents of the same families (a segmenter must not cut these).

Each row: ``id, family, generator, domain, kind, text, ai_spans`` (character ``[start, end)`` of every AI part) and
``boundary_words`` (words before the first boundary, single-boundary kinds). A part is a run of whole sentences of its
source (2-8 sentences); parts are joined by a space (inside a paragraph) or a blank line, half and half, so a
paragraph break never gives the boundary away.

Split by source family, never by row (datasets README): ``tune`` families may choose weights and penalties, ``grade``
families only measure. The grade families hold generators the tune families lack (Claude 3.5, PaLM, GPT-4o-mini,
text-davinci-003, Flan-T5) and student essays (OUTFOX).

    python -m inkprint_ml.mixed_bench [--out ml/cache/mixed-bench.jsonl] [--per-family 120]

The output stays in ml/cache (git-ignored): no dataset text is committed.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
from pathlib import Path

from .data import DATA_DIR as DATA

CACHE = Path(__file__).resolve().parents[1] / "cache"

#: family -> (dataset file, role). Tune families choose; grade families only measure.
FAMILIES = {
    "l2r": ("l2r", "tune"),
    "biscope": ("biscope", "tune"),
    "outfox": ("outfox_valid", "grade"),
    "gecscore": ("gecscore", "grade"),
    "evobench": ("evobench", "grade"),
}
KINDS = ("human_ai", "ai_human", "human_ai_human", "human", "ai")
KIND_WEIGHTS = (0.35, 0.25, 0.25, 0.075, 0.075)

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")


def split_sentences(text: str) -> list[str]:
    """Source sentences for building parts (the product's own splitter labels them later, by offsets)."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text.strip()):
        para = " ".join(para.split())
        out.extend(s.strip() for s in _SENTENCE_END.split(para) if s.strip())
    return out


def words(s: str) -> int:
    return len(s.split())


def _rows(name: str):
    with gzip.open(DATA / f"{name}.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def pairs(file: str) -> list[tuple[dict, dict]]:
    """(human, ai) pairs of one file: AI text with no attack whose pair_id is a human row, each human used once."""
    rows = list(_rows(file))
    human = {r["id"]: r for r in rows if r["label"] == "human"}
    seen: set[str] = set()
    out = []
    for r in rows:
        if r["label"] != "ai" or r.get("attack") or r.get("pair_id") not in human or r["pair_id"] in seen:
            continue
        h = human[r["pair_id"]]
        if len(split_sentences(h["text"])) >= 4 and len(split_sentences(r["text"])) >= 4:
            seen.add(r["pair_id"])
            out.append((h, r))
    return out


def _part(sentences: list[str], rng: random.Random, start: bool, lo: int = 2, hi: int = 8) -> list[str]:
    """A run of 2-8 whole sentences: from the start of the source (an opening) or from a random place."""
    n = rng.randint(lo, min(hi, len(sentences)))
    a = 0 if start else rng.randint(0, len(sentences) - n)
    return sentences[a : a + n]


def build_document(h: dict, a: dict, kind: str, rng: random.Random) -> dict:
    hs, as_ = split_sentences(h["text"]), split_sentences(a["text"])
    if kind == "human_ai":
        parts = [("human", _part(hs, rng, True)), ("ai", _part(as_, rng, False))]
    elif kind == "ai_human":
        parts = [("ai", _part(as_, rng, True)), ("human", _part(hs, rng, False))]
    elif kind == "human_ai_human":
        first = _part(hs, rng, True, 2, 5)
        rest = hs[len(first) :]
        last = rest[: rng.randint(1, min(4, len(rest)))] if rest else _part(hs, rng, False, 1, 3)
        parts = [("human", first), ("ai", _part(as_, rng, False, 2, 5)), ("human", last)]
    elif kind == "human":
        parts = [("human", _part(hs, rng, True, 4, 14))]
    else:
        parts = [("ai", _part(as_, rng, True, 4, 14))]
    text, spans, boundary = "", [], None
    for i, (author, sents) in enumerate(parts):
        if i > 0:
            text += "\n\n" if rng.random() < 0.5 else " "
            if boundary is None:
                boundary = words(text)
        start = len(text)
        text += " ".join(sents)
        if author == "ai":
            spans.append([start, len(text)])
    return {
        "family": None,
        "generator": a["generator"],
        "domain": h.get("domain"),
        "kind": kind,
        "text": text,
        "ai_spans": spans,
        "boundary_words": boundary if kind in ("human_ai", "ai_human") else None,
        "pair_id": h["id"],
    }


def build(per_family: int, seed: int = 42) -> list[dict]:
    out = []
    for family, (file, role) in FAMILIES.items():
        ps = pairs(file)
        rng = random.Random(f"{seed}|{family}")
        rng.shuffle(ps)
        n = 0
        for h, a in ps:
            if n >= per_family:
                break
            kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
            doc = build_document(h, a, kind, rng)
            if not 80 <= words(doc["text"]) <= 600:
                continue
            key = hashlib.sha256(f"{family}|{h['id']}|{kind}".encode()).hexdigest()[:12]
            out.append({"id": f"mixed:{family}:{key}", **doc, "family": family, "role": role})
            n += 1
    return out


def single_author(r: dict, prefix: str, family: str) -> dict:
    """A genre-sample row as a graded single-author document of the benchmark (the whole text one author's)."""
    ai = r["label"] == "ai"
    return {"id": f"{prefix}:{r['id']}", "family": family, "role": "grade", "kind": "ai" if ai else "human",
            "generator": r.get("generator") if ai else "human", "domain": r["genre"], "text": r["text"],
            "ai_spans": [[0, len(r["text"])]] if ai else [], "boundary_words": None, "pair_id": None}


def human_genres(per_genre: int, seed: int = 42) -> list[dict]:
    """Single-author human documents of the genre validation (issue 38's ml/cache/genre-sample.jsonl: student,
    learner and academic writing, first-person narratives, forum answers), ``per_genre`` each, graded only: how often
    a human writer is shown an AI part."""
    rows = [json.loads(line) for line in (CACHE / "genre-sample.jsonl").open()]
    out = []
    for genre in sorted({r["genre"] for r in rows if r["label"] == "human"}):
        rs = [r for r in rows if r["label"] == "human" and r["genre"] == genre and 50 <= words(r["text"]) <= 600]
        random.Random(f"{seed}|{genre}").shuffle(rs)
        for r in rs[:per_genre]:
            out.append(single_author(r, "humangenre", f"genre:{genre}"))
    return out


def ai_only(per_genre: int, seed: int = 7) -> list[dict]:
    """Whole AI documents of the genre sample's AI sources (100-600 words), ``per_genre`` each, graded only: how often
    the sentence path leaves part of a pure AI text human (``sentence_evidence`` ``partly_ai``)."""
    rows = [json.loads(line) for line in (CACHE / "genre-sample.jsonl").open()]
    ai = [r for r in rows if r["label"] == "ai" and 100 <= words(r["text"]) <= 600]
    random.Random(seed).shuffle(ai)
    out, per = [], {}
    for r in ai:
        if per.get(r["genre"], 0) >= per_genre:
            continue
        per[r["genre"]] = per.get(r["genre"], 0) + 1
        out.append(single_author(r, "aionly", r["genre"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=CACHE / "mixed-bench.jsonl")
    ap.add_argument("--per-family", type=int, default=120)
    ap.add_argument("--human-genres", type=int, metavar="N",
                    help="instead: N human documents per genre of ml/cache/genre-sample.jsonl "
                    "(default out: ml/cache/mixed-bench-human-genres.jsonl)")
    ap.add_argument("--ai-only", type=int, metavar="N",
                    help="instead: N whole AI documents per AI source of ml/cache/genre-sample.jsonl "
                    "(default out: ml/cache/mixed-bench-ai.jsonl)")
    args = ap.parse_args()
    if args.ai_only:
        if args.out == CACHE / "mixed-bench.jsonl":
            args.out = CACHE / "mixed-bench-ai.jsonl"
        docs = ai_only(args.ai_only)
    elif args.human_genres:
        if args.out == CACHE / "mixed-bench.jsonl":
            args.out = CACHE / "mixed-bench-human-genres.jsonl"
        docs = human_genres(args.human_genres)
    else:
        docs = build(args.per_family)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for d in docs:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
    by = {}
    for d in docs:
        by.setdefault((d["role"], d["family"]), []).append(d)
    for (role, fam), ds in sorted(by.items()):
        kinds = {k: sum(d["kind"] == k for d in ds) for k in KINDS}
        print(f"{role:5s} {fam:9s} {len(ds):4d} docs  {kinds}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
