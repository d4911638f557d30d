"""The release's steps (ngram, forensic_lm, encoder, cascade, encoder_agreement, lm_parity, fixtures; the order and inputs are in
`inkprint_ml.release`'s docstring): each runs its pipeline module in the scratch copy, or is skipped, saying why."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from .release_manifest import keep_measured
from .release_workspace import CARD, MANIFEST, REPO, log, outputs

OWNS = {
    "ngram": ["models/inkprint-fast.onnx", "models/inkprint-moderate.onnx", "models/inkprint-strong.onnx",
              "models/inkprint-forensic-aggregator.onnx", MANIFEST, CARD, "models/inkprint-detector.card.md",
              "ml/fixtures/parity.jsonl"],
    "forensic_lm": ["models/inkprint-forensic-lm.onnx", MANIFEST],
    "encoder": ["models/inkprint-encoder.onnx", "models/inkprint-encoder-tokenizer.json", MANIFEST],
    "cascade": ["models/inkprint-moderate-lm.onnx", "models/inkprint-strong-lm.onnx", MANIFEST,
                "ml/experiments/results/lm-cascade.md", "models/inkprint-forensic-lm.onnx"],
    "encoder_agreement": ["models/inkprint-encoder.onnx", MANIFEST, "ml/experiments/results/encoder-agreement.json"],
    "lm_parity": ["ml/fixtures/lm-parity.jsonl"],
    "fixtures": ["ml/fixtures/parity.jsonl"],
}
# files in models/ no step writes: sources kept by hand (the word lists are part of the feature spec, FEATURES.md)


def cascade_sample(sample128: Path, eval_rows: Path, eval_rows_strong: Path, out: Path) -> int:
    """The cascade's sample: the rows of `lm_sample --max-tokens 128 --keep-stats` the encoder judged family-held-out
    (`encoder_eval`'s eval-rows*.json), with p_moderate / p_strong the shipped stack of the n-gram probability and the
    held-out encoder probability (`p_angle`: `engine.encoder_stack` with the unrounded angle stacker), the n-gram ones
    kept as p_*_ngram. The committed cascades were fitted on `ml/cache/lm-sample-128-encoder.jsonl`, built the same way
    before `encoder_eval` computed p_angle through `engine.encoder_stack` (afae9f7): 279 of its 1,276 moderate values
    differ from these by one unit in the last place (<= 2.2e-16), strong's not at all."""
    em, es = json.loads(eval_rows.read_text()), json.loads(eval_rows_strong.read_text())
    n = 0
    with open(out, "w") as f:
        for line in open(sample128):
            r = json.loads(line)
            if r["id"] not in em or r["id"] not in es:
                continue
            r["p_moderate_ngram"], r["p_strong_ngram"] = r["p_moderate"], r["p_strong"]
            r["p_moderate"], r["p_strong"] = em[r["id"]]["p_angle"], es[r["id"]]["p_angle"]
            f.write(json.dumps(r) + "\n")
            n += 1
    return n


class Run:
    def __init__(self, scratch: Path, a):
        self.s, self.a = scratch, a
        self.ml = scratch / "ml"
        self.py = str(REPO / "ml" / ".venv" / "bin" / "python") if (REPO / "ml/.venv/bin/python").exists() else sys.executable
        self.ran: dict[str, str] = {}       # step -> "rebuilt" | "skipped: why"
        self.changed_by: dict[str, list] = {}  # file -> steps that rewrote it
        self.seconds: dict[str, float] = {}

    def py_m(self, *args):
        cmd = [self.py, "-m", *args]
        log("$ (ml)", " ".join(cmd[1:]))
        subprocess.run(cmd, cwd=self.ml, check=True)

    def missing(self, paths) -> list[str]:
        return [str(p) for p in paths if not Path(p).exists()]

    def step(self, name: str, needs: list, body, why_needed: str):
        if name in self.a.skip:
            self.ran[name] = "skipped: --skip"
            return
        miss = self.missing(needs)
        if miss:
            self.ran[name] = f"skipped: needs {', '.join(miss)} ({why_needed})"
            log(name, self.ran[name])
            return
        before = outputs(self.s)
        t0 = time.time()
        body()
        self.seconds[name] = round(time.time() - t0, 1)
        after = outputs(self.s)
        for f in sorted(set(before) | set(after)):
            if before.get(f) != after.get(f):
                self.changed_by.setdefault(f, []).append(name)
        self.ran[name] = "rebuilt"
        log(name, f"done in {self.seconds[name]} s")

    # the steps ------------------------------------------------------------------------------------------------
    def ngram(self):
        data = Path(os.environ.get("INKPRINT_DATA", "/work/shared/datasets"))

        def body():
            self.py_m("inkprint_ml.train")
            if not self.a.measure_costs:
                keep_measured(self.s)
            self.py_m("inkprint_ml.loso")
            self.py_m("inkprint_ml.calibrate")
        self.step("ngram", [data / "biscope.jsonl.gz"], body, "the shared datasets; set INKPRINT_DATA")

    def forensic_base(self) -> str:
        """What forensic's document probability is in the committed manifest: "moderate" (moderate's cascade,
        `lm_cascade --forensic-base moderate`) or "forensic" (the aggregator and its language-model stacker)."""
        base = json.loads((self.s / "committed" / Path(MANIFEST).name).read_text())["modes"]["forensic"].get("base", "")
        return "moderate" if base.startswith("moderate") else "forensic"

    def forensic_lm(self):
        c = self.ml / "cache"
        if self.forensic_base() == "moderate" and "forensic_lm" not in self.a.skip:
            # nothing shipped reads the forensic language-model stacker any more (the cascade step removes it)
            self.ran["forensic_lm"] = "skipped: forensic reads moderate's cascade (modes.forensic.base)"
            log("forensic_lm", self.ran["forensic_lm"])
            return
        self.step("forensic_lm", [c / "lm-sample.jsonl", c / "lm-gen-scored.jsonl"],
                  lambda: self.py_m("inkprint_ml.lm_stack", "--gen", str(c / "lm-gen-scored.jsonl")),
                  "the language-model feature caches: `lm_sample --workers 2 --per-cell 60` (~42 min) and "
                  "`experiments/lm_generate.py --n 1000` then `--score` (~85 min, llama-cpp-python); see ml/README.md")

    def encoder(self):
        g = self.ml / ".gpu"
        base = Path(os.environ.get("INKPRINT_ENCODER_BASE", "/tmp/enc/model"))
        ev = self.s / "encoder-eval"

        def body():
            ev.mkdir(exist_ok=True)
            self.py_m("inkprint_ml.encoder_detector", "--model-dir", str(base))
            self.py_m("inkprint_ml.encoder_eval", "--write-manifest", "--json", str(ev / "eval.json"))
            self.py_m("inkprint_ml.encoder_eval", "--mode", "strong", "--ngram-cache",
                      str(self.ml / "cache" / "encoder-ngram-strong.json"), "--only-cached", "--write-manifest",
                      "--json", str(ev / "eval-strong.json"))
        self.step("encoder", [g / "out" / "oof.npz", g / "out" / "final-parity.npy", g / "encoder-rows.jsonl",
                              base / "model.safetensors", base / "tokenizer.json"], body,
                  "the GPU fine-tune's weights (ml/gpu/encoder_finetune.py on a lent GPU, copied to ml/.gpu/out; "
                  "see ml/experiments/results/encoder-finetune.md) and the upstream all-MiniLM-L6-v2 folder "
                  "(INKPRINT_ENCODER_BASE)")

    def cascade(self):
        c = self.ml / "cache"
        ev = self.s / "encoder-eval"
        rows = ev if self.ran.get("encoder") == "rebuilt" else self.ml / ".gpu"
        sample = self.s / "lm-sample-128-encoder.jsonl"

        def body():
            n = cascade_sample(c / "lm-sample-128.jsonl", rows / "eval-rows.json", rows / "eval-rows-strong.json", sample)
            log("cascade sample:", n, "rows ->", sample)
            extra = []
            # strong built on moderate's evidence (lm_cascade --strong-base moderate) when the committed manifest says so
            base = json.loads((self.s / "committed" / Path(MANIFEST).name).read_text())["modes"]["strong"].get("base", "")
            if base.startswith("moderate") and "--strong-base" in (self.ml / "inkprint_ml" / "lm_cascade.py").read_text():
                extra = ["--strong-base", "moderate"]
            # forensic's document probability is moderate's cascade when the committed manifest says so
            if self.forensic_base() == "moderate":
                extra += ["--forensic-base", "moderate"]
            self.py_m("inkprint_ml.lm_cascade", "--sample", str(sample), "--export", *extra)
        self.step("cascade", [c / "lm-sample-128.jsonl", rows / "eval-rows.json", rows / "eval-rows-strong.json"], body,
                  "the 128-token language-model sample (`lm_sample --max-tokens 128 --keep-stats --limit 1372`, "
                  "~6 min) and the encoder's family-held-out rows (encoder_eval, from the GPU run)")

    def encoder_agreement(self):
        c = self.ml / "cache"
        self.step("encoder_agreement", [c / "genre-sample.jsonl", c / "genre-evidence.jsonl"],
                  lambda: self.py_m("inkprint_ml.encoder_agreement", "--write"),
                  "the genre sample and its evidence: ml/experiments/genre_sample.py, then "
                  "libs/detector/scripts/genre-evidence.ts (docs/detector.md, lines by genre)")

    def lm_parity(self):
        lm = self.s / "models" / "lm"
        self.step("lm_parity", [lm / "gemma-3-270m-body.onnx", lm / "gemma-3-270m-head.onnx",
                                lm / "gemma-3-270m-tokenizer.json"],
                  lambda: self.py_m("inkprint_ml.lm_parity"), "the language model: npm run models:fetch")

    def fixtures(self):
        self.step("fixtures", [], lambda: subprocess.run(
            [self.py, "-c", "from inkprint_ml import fixtures; fixtures.write_fixtures()"], cwd=self.ml, check=True),
            "")
