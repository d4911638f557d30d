"""Parity fixtures for the TypeScript language-model evidence: ml/fixtures/lm-parity.jsonl.

    python -m inkprint_ml.lm_parity            (needs models/lm, built by `python -m inkprint_ml.lm_export`)

One line per text (the texts of ml/fixtures/parity.jsonl plus hard tokenizer cases):
- `name`, `text`, `normalized` (features.normalize);
- `ids`: the normalised text's tokenisation with BOS, not capped; `ids_capped`: its first MAX_TOKENS ids;
- `ids_raw`: the raw text's tokenisation with BOS (normalisation removes control characters and collapses runs of
  spaces, tabs and newlines, so the tokenizer sees those only here);
- `logp`, `entropy`, `variance`, `rank`: LMScorer.token_stats(ids_capped), each float32 written as the shortest
  decimal that reads back as the same float32 (Math.fround in TypeScript restores it exactly);
- `features`: document_features of those statistics (FEATURE_NAMES order, full precision);
- `forensic_lm`: when the manifest stacks the language model into forensic mode (`python -m inkprint_ml.lm_stack`), that mode's
  `probability` and product `score` with it (`engine.Engine.score(text, "forensic", lm=...)`).
- `cascade`: per mode with a language-model cascade (`lm_cascade.py --export`: moderate, strong, and forensic with
  `--forensic-base moderate`), the mode's
  `probability` and `score` with it, whether the language model `ran` (the n-gram probability in the gate), and the
  cascade stacker's output on this text whatever the gate says (`stacker`: [logit(p), features of the window]).

`libs/detector/src/engine/lm-parity.int.spec.ts` and `ml/tests/test_lm_parity.py` read this file.
"""
from __future__ import annotations

import json

import numpy as np

from . import features as F
from .lm_features import FEATURE_NAMES, LM_DIR, MAX_TOKENS, LMScorer, document_features

OUT = F.REPO_ROOT / "ml" / "fixtures" / "lm-parity.jsonl"
PARITY = F.REPO_ROOT / "ml" / "fixtures" / "parity.jsonl"

_words = ("the quick brown fox jumps over a lazy dog while researchers measure how predictable ordinary sentences "
          "are under a small language model and nobody minds").split()

EXTRA = [
    ("html_tags", "<b>Bold</b> and <i>italic</i>, a <table><tr><td>cell</td></tr></table> and <br> <h1>Title</h1>"),
    ("space_runs", "a  b   c    d\t\te\n\n\nf \n \n g" + " " * 40 + "h" + "\n" * 40 + "i"),
    ("bare_control", "\x07"),
    ("accented_latin", "Ça alors! Ñandú, smørrebrød, Łódź, façade, crème brûlée, Ærøskøbing, ĳssel, ǅemal."),
    ("emoji_zwj", "family 👩‍👩‍👧‍👦 flags 🇫🇷🇯🇵 skin 👍🏽 keycap 1️⃣ math 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 old 𐍈"),
    ("cjk_mixed", "東京タワーは高い。我喜欢吃饺子。서울은 크다。ＡＢＣ１２３ 半角ｶﾀｶﾅ"),
    ("long_words_420", " ".join(_words[(i * 7) % len(_words)] for i in range(420)) + "."),
    # written for this fixture in the manner of a student project abstract (issue 38): the shipped encoder reads it
    # at 0.999 and the cascade over 0.65; the encoder's agreement head does not agree, so it is held under 0.5
    ("student_abstract_held", "Improving neural machine translation for low-resource languages with data augmentation\n\nNeural machine translation has achieved impressive results for high-resource language pairs, but its performance on low-resource languages remains limited due to the lack of parallel data. In this work, we investigate several data augmentation techniques, including back-translation, word replacement and sentence shuffling, to improve translation quality for low-resource language pairs. We conduct experiments on three language pairs and show that back-translation leads to significant improvements in BLEU score, while the other techniques provide smaller gains. Furthermore, we find that combining multiple augmentation methods further improves the results. Our findings demonstrate the effectiveness of data augmentation for low-resource neural machine translation."),
]


def _f32(a) -> list[float]:
    """float32 values as the shortest decimal that reads back as the same float32."""
    return [float(str(v)) for v in np.asarray(a, np.float32)]


def texts() -> list[tuple[str, str]]:
    base = [(d["name"], d["text"]) for d in map(json.loads, PARITY.read_text().splitlines()) if d]
    return base + EXTRA


def build(lm_dir=LM_DIR) -> list[dict]:
    from .engine import Engine, logit32

    sc = LMScorer(lm_dir)
    eng = Engine()
    # forensic stacks the language model on its aggregator, or (lm_cascade --forensic-base moderate) runs moderate's
    # cascade: then it is a cascade mode like moderate and strong
    forensic_lm = eng.manifest["modes"]["forensic"].get("lm")
    stacked = forensic_lm is not None and "gate" not in forensic_lm
    cascades = {m: eng.manifest["modes"][m]["lm"] for m in ("moderate", "strong", "forensic")
                if "gate" in eng.manifest["modes"][m].get("lm", {})}
    rows = []
    for name, text in texts():
        norm = F.normalize(text)
        ids = sc.tok.encode(norm)
        capped = ids[:MAX_TOKENS]
        s = sc.token_stats(capped)
        feats = document_features(s["logp"], s["entropy"], s["variance"], s["rank"])
        assert len(feats) == len(FEATURE_NAMES)
        rows.append({
            "name": name,
            "text": text,
            "normalized": norm,
            "ids": ids,
            "ids_capped": capped,
            "ids_raw": sc.tok.encode(text),
            "logp": _f32(s["logp"]),
            "entropy": _f32(s["entropy"]),
            "variance": _f32(s["variance"]),
            "rank": _f32(s["rank"]),
            "features": [float(x) for x in feats],
        })
        if stacked and norm:
            r = eng.score(text, "forensic", lm=sc)
            rows[-1]["forensic_lm"] = {"probability": r["probability"], "score": r["score"], "n_words": r["n_words"]}
        for mode, plan in cascades.items():
            if not norm:
                continue
            r = eng.score(text, mode, lm=sc)
            p0 = eng.score(text, mode)["probability"]
            window = sc.features(norm, plan["language_model"]["max_tokens"])
            stacker = float(eng.run(plan["model"], np.array([[logit32(p0)] + window], np.float32))[0])
            rows[-1].setdefault("cascade", {})[mode] = {
                "probability": r["probability"], "score": r["score"], "n_words": r["n_words"],
                "ran": r["language_model_ran"], "ngram_probability": p0, "stacker": stacker}
    return rows


def main() -> int:
    rows = build()
    with OUT.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"lm_parity: wrote {len(rows)} texts to {OUT} ({OUT.stat().st_size} bytes); "
          f"longest {max(len(r['ids']) for r in rows)} tokens")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
