"""Light edit attacks on the shipped models (release profile test rows): do cheap, meaning-keeping edits flip AI text
to Human, or push human text over the threshold?

Run from ml/:  OMP_NUM_THREADS=1 PYTHONPATH=. .venv/bin/python experiments/light_attacks.py
Writes experiments/results/light-attacks.md. 300 AI + 300 human test rows (BiScope, L2R, OUTFOX; no paraphrase rows),
seeded. Normalisation attacks (homoglyphs, zero-width, whitespace) are in the model card; these are the edits a
humaniser or a hurried writer makes.
"""
import random
import re
from pathlib import Path
import numpy as np
from inkprint_ml import data as Dd
from inkprint_ml.engine import Engine
rows = Dd.load_rows(); Dd.assign_splits(rows, "release")
rng = random.Random(7)
te = [r for r in rows if r["split"] == "test" and r["label"] in ("ai", "human") and r["source"] in ("biscope", "l2r", "outfox_valid") and r["attack"] is None]
ai = [r for r in te if r["label"] == "ai"]; hu = [r for r in te if r["label"] == "human"]
rng.shuffle(ai); rng.shuffle(hu); ai = ai[:300]; hu = hu[:300]
eng = Engine()
def typo(t, rate=0.05):
    def f(m):
        w = m.group(0)
        if len(w) > 3 and rng.random() < rate:
            i = rng.randrange(1, len(w) - 2); return w[:i] + w[i+1] + w[i] + w[i+2:]
        return w
    return re.sub(r"[A-Za-z]+", f, t)
attacks = {
  "none": lambda t: t,
  "no_commas": lambda t: t.replace(",", ""),
  "lowercase": lambda t: t.lower(),
  "typos5": typo,
  "no_newlines": lambda t: re.sub(r"\s*\n+\s*", " ", t),
  "drop_every_7th_word": lambda t: " ".join(w for i, w in enumerate(t.split(" ")) if i % 7 != 6),
}
from sklearn.metrics import roc_auc_score
lines = ["# Light edit attacks on the shipped models", "",
         f"Model {eng.manifest['version']}, release-profile test rows: {len(ai)} AI + {len(hu)} human (BiScope, L2R, OUTFOX; "
         "no paraphrase rows), seed 7. 'flagged' = probability >= the mode's threshold; 'likely human' = probability <= 0.2.", "",
         "| mode | attack | AI flagged | AI likely human | human flagged | AUROC |", "|---|---|---:|---:|---:|---:|"]
for mode in ["moderate", "strong"]:
    thr = eng.manifest["modes"][mode]["threshold"]
    for name, fn in attacks.items():
        rng.seed(11)
        pa = np.array([eng.score(fn(r["text"]), mode)["probability"] for r in ai])
        ph = np.array([eng.score(fn(r["text"]), mode)["probability"] for r in hu])
        auc = roc_auc_score([0] * len(ph) + [1] * len(pa), np.r_[ph, pa])
        lines.append(f"| {mode} | {name} | {(pa >= thr).mean():.3f} | {(pa <= 0.2).mean():.3f} | {(ph >= thr).mean():.3f} | {auc:.4f} |")
        print(lines[-1], flush=True)
Path(__file__).resolve().parent.joinpath("results", "light-attacks.md").write_text("\n".join(lines) + "\n")
