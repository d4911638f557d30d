"""Own parity fixtures (until ml/fixtures/parity.jsonl exists): runs the Python reference extractor
(ml/inkprint_ml/features.py) on tricky hand-written texts plus a seeded sample of dataset rows.
   ml/.venv/bin/python libs/detector/scripts/make-own-parity.py
"""
import gzip, json, random, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "ml"))
from inkprint_ml import features as F

texts = [
    "",
    "Hello",
    "H\u0435llo\u200b  w\u043erld!\tThis is a \u201ctest\u201d.\u00a0Don\u2019t pa\u00adnic.\r\n\r\n",
    "It's 3.14 -- CAF\u00c9 caf\u00e9! Done? yes",
    "Emoji \U0001F600 and astral \U0001D400 letters; \uff21\uff22 full width\u2026 and\u2014dashes \u2013 ok.",
    "# Title\n\n- item one\n- item two\n1. first\n2) second\n\n\n\nEnd... really...",
    "Moreover, the results demonstrate a crucial improvement. However, we delve into the tapestry of insights. Ultimately, it is essential.",
    "lol i dont know what ur talking about tbh!!! gonna go get some stuff... maybe later?",
    "Dr. Smith went to Washington D.C. in the U.S. on Jan. 5. He said \"Stop.\" Then he left (quietly).",
    "\u0645\u0631\u062d\u0628\u0627 \u0628\u0643\u0645 \u4f60\u597d \u4e16\u754c \ud55c\uad6d\uc5b4 \u0928\u092e\u0938\u094d\u0924\u0947",
    "  leading and trailing \n \n spaces \u2028 line sep \u3000 ideographic  ",
]
rng = random.Random(7)
for name in ["biscope", "l2r", "imbd", "outfox_valid", "seqxgpt"]:
    rows = [json.loads(l) for l in gzip.open(f"/work/shared/datasets/{name}.jsonl.gz", "rt", encoding="utf-8")]
    for r in rng.sample(rows, 3):
        texts.append(r["text"][:3000])
out = ROOT / "libs/detector/src/testing/own-parity.jsonl"
with open(out, "w", encoding="utf-8") as f:
    for t in texts:
        rec = {"text": t, "norm": F.normalize(t)}
        for fs in ("fast", "full"):
            i, v = F.extract(t, fs)
            rec[fs] = {"indices": i, "values": v}
        rec["dense"] = F.dense_features(F.normalize(t))
        rec["words"] = F.word_count(t)
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
print(len(texts), "fixtures ->", out)
