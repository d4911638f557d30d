"""One model release (issue 27): rebuild everything in `models/` in a scratch copy of the repository, say which files
differ from the committed ones and why, and with `--write` copy the rebuilt files into place.

    ml/release.sh [--write] [--skip STEP[,STEP]] [--scratch DIR]

`ml/release.sh` installs the pinned `ml/requirements.txt` and runs this module. The scratch copy holds the working
tree's tracked (and not ignored) files of `ml/` and `models/`, so every step starts from the committed outputs; the
GPU run's files (`ml/.gpu`), the fetched models (`models/lm`, `models/encoder`) and the large caches of `ml/cache`
(feature matrices, language-model samples) are linked in, the cache's other files copied, so nothing a step writes
lands in the repository. The steps, in the order the shipped files were made:

1. `ngram`: `inkprint_ml.train`, `loso`, `calibrate` (the fast / moderate / strong / forensic-aggregator models, the
   manifest, the model card, `ml/fixtures/parity.jsonl`) from the shared datasets (`INKPRINT_DATA`). ~1 h on the
   shared 2-core box with a cold feature cache. Timings the pipeline measures (`python_ms_500_words`,
   `train_seconds`) are kept from the committed card unless `--measure-costs`: they are never the same twice.
2. `forensic_lm`: `inkprint_ml.lm_stack` (the forensic language-model stacker) from `ml/cache/lm-sample.jsonl`
   (`lm_sample`, ~42 min) and `ml/cache/lm-gen-scored.jsonl` (`ml/experiments/lm_generate.py` and `--score`, ~85 min,
   needs llama-cpp-python). Skipped while the committed manifest's forensic reads moderate's cascade
   (`modes.forensic.base`, below): nothing shipped reads that stacker.
3. `encoder`: `encoder_detector` (the fine-tuned encoder as ONNX) and `encoder_eval --write-manifest` for moderate and
   strong, from the GPU fine-tune's weights in `ml/.gpu/out` (see `ml/experiments/results/encoder-finetune.md`) and
   the upstream all-MiniLM-L6-v2 folder (`INKPRINT_ENCODER_BASE`, default `/tmp/enc/model`).
4. `cascade`: `lm_cascade --export` (the moderate and strong language-model cascades) on the 128-token sample with
   the encoder-stacked probabilities (`cascade_sample`: `ml/cache/lm-sample-128.jsonl` and the encoder's
   family-held-out rows `eval-rows*.json`); `--strong-base moderate` / `--forensic-base moderate` when the committed
   manifest's strong / forensic say `base` moderate (their document probability is moderate's, forensic's its cascade).
5. `lm_parity`: `ml/fixtures/lm-parity.jsonl` (needs `models/lm`, `npm run models:fetch`).
6. `fixtures`: `ml/fixtures/parity.jsonl` again, from the final manifest.

A step whose inputs are missing is skipped and says which; its files stay the committed ones, and after a rebuilt
`ngram` step its manifest entries are carried over from the committed manifest (`CARRY`), so the manifest stays whole.
Nothing in the repository changes without `--write`.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUTPUT_DIRS = ("models", "ml/fixtures", "ml/experiments/results")
LINKED = ("ml/.gpu", "models/lm", "models/encoder")
# ml/cache: the large inputs (feature matrices, language-model samples, generated texts) are linked; every other file
# is copied, so that what a step writes there (reports, score dumps, n-gram caches of rebuilt models) stays in the
# scratch copy. Feature matrices a run extracts are moved back afterwards (named by a hash of their texts and spec).
CACHE_LINKED = (".npz", ".jsonl")
MANIFEST = "models/inkprint-detector.json"
CARD = "models/inkprint-detector.card.json"
# the manifest entries each later step owns: kept from the committed manifest when the step cannot run after `ngram`
# rewrote the manifest (JSON paths; a missing entry is left missing)
CARRY = {
    "forensic_lm": [("models", "forensic_lm"), ("feature_sets", "forensic_lm"), ("modes", "forensic", "lm")],
    "encoder": [("encoder",)] + [("modes", m, k) for m in ("moderate", "strong")
                                 for k in ("encoder_stack", "encoder_metrics", "score_knots", "threshold", "procedure")],
    "cascade": [(s, f"{m}_lm") for m in ("moderate", "strong") for s in ("models", "feature_sets")]
               + [("modes", m, "lm") for m in ("moderate", "strong")],
}
# what each step rewrites (for the report when it is skipped)
OWNS = {
    "ngram": ["models/inkprint-fast.onnx", "models/inkprint-moderate.onnx", "models/inkprint-strong.onnx",
              "models/inkprint-forensic-aggregator.onnx", MANIFEST, CARD, "models/inkprint-detector.card.md",
              "ml/fixtures/parity.jsonl"],
    "forensic_lm": ["models/inkprint-forensic-lm.onnx", MANIFEST],
    "encoder": ["models/inkprint-encoder.onnx", "models/inkprint-encoder-tokenizer.json", MANIFEST],
    "cascade": ["models/inkprint-moderate-lm.onnx", "models/inkprint-strong-lm.onnx", MANIFEST,
                "ml/experiments/results/lm-cascade.md", "models/inkprint-forensic-lm.onnx"],
    "lm_parity": ["ml/fixtures/lm-parity.jsonl"],
    "fixtures": ["ml/fixtures/parity.jsonl"],
}
# files in models/ no step writes: sources kept by hand (the word lists are part of the feature spec, FEATURES.md)
SOURCES = {"models/inkprint-wordlists.json": "source (the feature spec's word lists, edited with FEATURES.md)",
           "models/inkprint-encoder.NOTICE.md": "source (the encoder's licence notice, written by hand)",
           "models/.gitignore": "source"}


def log(*a):
    print("[release]", *a, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------- scratch

def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "ml", "models"], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout.split("\n")
    return sorted(p for p in out if p and (REPO / p).is_file())


def extract_head(dst: Path) -> None:
    """`ml/` and `models/` as committed at HEAD (what a fresh clone holds)."""
    dst.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "HEAD", "ml", "models"], cwd=REPO, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dst)], input=archive, check=True)


def make_scratch(scratch: Path, head: bool = False) -> None:
    if head:
        extract_head(scratch)
    else:
        for p in tracked_files():
            dst = scratch / p
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / p, dst)
    for p in LINKED:
        if (REPO / p).exists():
            (scratch / p).parent.mkdir(parents=True, exist_ok=True)
            (scratch / p).symlink_to(REPO / p)
    # the repository's manifest and card as they were when the copy was taken: what measured timings and the entries
    # of skipped steps are kept from (others may write the repository's files while this runs)
    (scratch / "committed").mkdir()
    for p in (MANIFEST, CARD):
        shutil.copy2(scratch / p, scratch / "committed" / Path(p).name)
    cache = scratch / "ml" / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    for f in sorted((REPO / "ml" / "cache").glob("*")):
        if f.is_file():
            if f.name.endswith(CACHE_LINKED):
                (cache / f.name).symlink_to(f)
            else:
                shutil.copy2(f, cache / f.name)


def keep_feature_caches(scratch: Path) -> list[str]:
    """Feature matrices extracted in the scratch copy, moved into ml/cache for the next run."""
    moved = []
    for f in sorted((scratch / "ml" / "cache").glob("*.npz")):
        if not f.is_symlink() and not (REPO / "ml" / "cache" / f.name).exists():
            (REPO / "ml" / "cache").mkdir(exist_ok=True)
            shutil.move(str(f), REPO / "ml" / "cache" / f.name)
            moved.append(f.name)
    return moved


def outputs(root: Path) -> dict[str, str]:
    """sha256 of every output file (the linked folders are not outputs, nor what git ignores, e.g. fetched models)."""
    files = {}
    for d in OUTPUT_DIRS:
        base = root / d
        if not base.exists():
            continue
        for f in sorted(base.rglob("*")):
            rel = f.relative_to(root).as_posix()
            if f.is_file() and not any(rel.startswith(p + "/") for p in LINKED) and "/.venv/" not in rel:
                files[rel] = f
    ignored = set(subprocess.run(["git", "check-ignore", "--stdin"], cwd=REPO, input="\n".join(files), text=True,
                                 capture_output=True).stdout.split("\n")) if files else set()
    return {rel: hashlib.sha256(f.read_bytes()).hexdigest() for rel, f in files.items() if rel not in ignored}


# ---------------------------------------------------------------------------------------------------------- steps

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

    def lm_parity(self):
        lm = self.s / "models" / "lm"
        self.step("lm_parity", [lm / "gemma-3-270m-body.onnx", lm / "gemma-3-270m-head.onnx",
                                lm / "gemma-3-270m-tokenizer.json"],
                  lambda: self.py_m("inkprint_ml.lm_parity"), "the language model: npm run models:fetch")

    def fixtures(self):
        self.step("fixtures", [], lambda: subprocess.run(
            [self.py, "-c", "from inkprint_ml import fixtures; fixtures.write_fixtures()"], cwd=self.ml, check=True),
            "")


def keep_measured(scratch: Path) -> None:
    """Timings the training measures (`report.cost[m].python_ms_500_words`, `report.train_seconds`, the manifest's
    `modes[m].cost.python_ms_500_words`) differ on every run: keep the committed ones, so that an unchanged model
    rebuilds byte-identically. `--measure-costs` keeps the new measurement instead."""
    for rel, paths in ((CARD, [("report", "train_seconds")] + [("report", "cost", m, "python_ms_500_words") for m in MODES]),
                       (MANIFEST, [("modes", m, "cost", "python_ms_500_words") for m in MODES])):
        old = json.loads((scratch / "committed" / Path(rel).name).read_text())
        new_path = scratch / rel
        text = new_path.read_text()
        new = json.loads(text)
        for p in paths:
            v = get(old, p)
            if v is not MISSING and get(new, p[:-1]) is not MISSING:
                get(new, p[:-1])[p[-1]] = v
        dump_like(new_path, new, text)


MODES = ("fast", "moderate", "strong", "forensic")
MISSING = object()


def get(d, path):
    for k in path:
        if not isinstance(d, dict) or k not in d:
            return MISSING
        d = d[k]
    return d


def dump_like(path: Path, obj, like_text: str) -> None:
    """JSON as the pipeline writes it: the manifest with indent 2, the card with indent 1; ASCII escapes when the file
    had them (encoder_eval and lm_cascade write with json's defaults, card.py with ensure_ascii=False)."""
    indent = 1 if like_text.startswith("{\n \"") else 2
    ascii_only = all(ord(ch) < 128 for ch in like_text)
    path.write_text(json.dumps(obj, indent=indent, ensure_ascii=ascii_only, default=float) + "\n")


def carry(scratch: Path, run: Run, steps) -> list[str]:
    """After a rebuilt `ngram` step (a fresh manifest), the entries of those of `steps` that could not run, from the
    committed manifest, placed in the committed manifest's key order."""
    if run.ran.get("ngram") != "rebuilt":
        return []
    old = json.loads((scratch / "committed" / Path(MANIFEST).name).read_text())
    path = scratch / MANIFEST
    text = path.read_text()
    new = json.loads(text)
    done = []
    for step in steps:
        paths = CARRY[step]
        if run.ran.get(step) == "rebuilt":
            continue
        if step == "cascade" and get(old, ("modes", "strong", "base")) is not MISSING:
            # strong built on moderate's evidence (`lm_cascade --strong-base moderate` rewrites strong's whole entry
            # from moderate's): keep the committed entry whole, consistent with the committed strong cascade
            paths = paths + [("modes", "strong")]
        if step == "cascade" and get(old, ("modes", "forensic", "base")) is not MISSING:
            # forensic reads moderate's cascade (`lm_cascade --forensic-base moderate`): the committed entry, whole
            paths = paths + [("modes", "forensic")]
        for p in paths:
            v = get(old, p)
            parent = get(new, p[:-1])
            if v is not MISSING and parent is not MISSING:
                parent[p[-1]] = v
                done.append(f"{'.'.join(p)} ({step})")
    path.write_text(json.dumps(ordered_like(new, old), indent=2) + "\n")
    return done


def ordered_like(new, old):
    if not isinstance(new, dict) or not isinstance(old, dict):
        return new
    keys = [k for k in old if k in new] + [k for k in new if k not in old]
    return {k: ordered_like(new[k], old.get(k)) for k in keys}


# ---------------------------------------------------------------------------------------------------------- compare

def json_diff(a, b, path="", out=None, limit=12):
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in b:
                out.append(f"{path}{k}: removed")
            elif k not in a:
                out.append(f"{path}{k}: added")
            elif a[k] != b[k]:
                json_diff(a[k], b[k], f"{path}{k}.", out, limit)
            if len(out) >= limit:
                break
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and len(a) <= 64:
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                json_diff(x, y, f"{path}{i}.", out, limit)
    else:
        short = lambda v: (json.dumps(v)[:60] + "…") if len(json.dumps(v)) > 60 else json.dumps(v)  # noqa: E731
        out.append(f"{path.rstrip('.')}: {short(a)} -> {short(b)}")
    return out


def onnx_diff(a: Path, b: Path) -> str:
    import numpy as np
    import onnx
    from onnx import numpy_helper

    ma, mb = onnx.load(str(a)), onnx.load(str(b))
    parts = []
    ia = {t.name: numpy_helper.to_array(t) for t in ma.graph.initializer}
    ib = {t.name: numpy_helper.to_array(t) for t in mb.graph.initializer}
    if set(ia) != set(ib):
        parts.append(f"initializers {len(ia)} -> {len(ib)}")
    diffs = []
    for k in sorted(set(ia) & set(ib)):
        x, y = ia[k], ib[k]
        if x.shape != y.shape:
            parts.append(f"{k}: shape {x.shape} -> {y.shape}")
        elif not np.array_equal(x, y):
            d = float(np.max(np.abs(x.astype(np.float64) - y.astype(np.float64)))) if x.dtype.kind in "fiu" else None
            diffs.append((d if d is not None else float("inf"), k))
    if diffs:
        diffs.sort(reverse=True)
        parts.append(f"{len(diffs)} weight tensors differ (largest |diff| {diffs[0][0]:.3g} in {diffs[0][1]})")
    na = [(n.op_type, [(x.name, onnx.helper.get_attribute_value(x)) for x in n.attribute]) for n in ma.graph.node]
    nb = [(n.op_type, [(x.name, onnx.helper.get_attribute_value(x)) for x in n.attribute]) for n in mb.graph.node]
    if len(na) != len(nb):
        parts.append(f"nodes {len(na)} -> {len(nb)}")
    elif str(na) != str(nb):
        parts.append("node attributes differ (e.g. tree thresholds or values)")
    for f in ("producer_name", "producer_version", "ir_version", "doc_string"):
        if getattr(ma, f) != getattr(mb, f):
            parts.append(f"{f} differs")
    if ma.graph.doc_string != mb.graph.doc_string:
        parts.append("graph doc_string differs")
    return "; ".join(parts) or "same graph and weights, different serialisation"


def describe(rel: str, old: Path, new: Path) -> str:
    if rel.endswith(".onnx"):
        return onnx_diff(old, new)
    if rel.endswith(".json"):
        ta, tb = old.read_text(), new.read_text()
        a, b = json.loads(ta), json.loads(tb)
        if a == b:
            return "same content, different formatting or key order"
        return "; ".join(json_diff(a, b)) or "differs"
    la, lb = old.read_text(errors="replace").split("\n"), new.read_text(errors="replace").split("\n")
    n = sum(1 for x, y in zip(la, lb) if x != y) + abs(len(la) - len(lb))
    first = next((i for i, (x, y) in enumerate(zip(la, lb)) if x != y), min(len(la), len(lb)))
    return f"{n} of {len(la)} lines differ (first: line {first + 1})"


def compare(scratch: Path, run: Run, initial: dict[str, str], base: Path = REPO) -> list[dict]:
    """Each output file of the repository and the scratch copy: `identical` (a step rebuilt it byte for byte), `kept`
    (no step of this run wrote it: why), `differs` (rebuilt differently: what changed), `new` / `removed`, or
    `changed-meanwhile` (the repository's file changed after the scratch copy was taken, and no step here rewrote it:
    not this run's doing, and `--write` leaves it alone). `base`: the repository, or its HEAD (`--head`)."""
    old, new = outputs(base), outputs(scratch)
    rows = []
    for rel in sorted(set(old) | set(new)):
        if rel.startswith("ml/experiments/results/") and rel not in run.changed_by and not any(
                rel in OWNS[s] and run.ran.get(s) == "rebuilt" for s in OWNS):
            continue  # results pages no step of this run wrote
        steps = run.changed_by.get(rel, [])
        owners = [s for s, fs in OWNS.items() if rel in fs]
        rebuilt = [s for s in owners if run.ran.get(s) == "rebuilt"]
        if rel not in new:
            state, why = ("removed", f"removed by {', '.join(steps)}") if rel in initial else (
                "changed-meanwhile", "added to the repository during the run")
        elif rel not in old:
            state, why = ("new", f"written by {', '.join(steps)}") if steps else (
                "changed-meanwhile", "deleted from the repository during the run")
        elif old[rel] == new[rel]:
            if rebuilt:
                state, why = "identical", f"rebuilt by {', '.join(rebuilt)}, byte-identical"
            elif rel in SOURCES:
                state, why = "kept", SOURCES[rel]
            else:
                skipped = [f"{s} {run.ran.get(s, 'not run')}" for s in owners]
                state, why = "kept", "; ".join(skipped) or "no step writes it"
        elif not steps and new[rel] == initial.get(rel):
            state, why = "changed-meanwhile", ("the repository's file changed after the scratch copy was taken "
                                               "(not by this run; " + (f"rebuilt identically by {', '.join(rebuilt)}"
                                                                       if rebuilt else "no step rewrote it") + ")")
        else:
            state = "differs"
            why = f"rebuilt by {', '.join(steps or rebuilt)}: " + describe(rel, base / rel, scratch / rel)
        rows.append({"file": rel, "state": state, "why": why})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help="copy the files that differ into the repository")
    ap.add_argument("--skip", default="", help="steps not to run (comma-separated): ngram, forensic_lm, encoder, "
                    "cascade, lm_parity, fixtures")
    ap.add_argument("--scratch", help="the scratch folder (default: a new one under $TMPDIR); kept afterwards")
    ap.add_argument("--measure-costs", action="store_true",
                    help="keep the new timing measurements in the card and manifest (they differ on every run)")
    ap.add_argument("--json", help="also write the comparison as JSON here")
    ap.add_argument("--head", action="store_true",
                    help="start from and compare with the files committed at HEAD (a fresh clone's), not the working "
                         "tree's")
    a = ap.parse_args(argv)
    a.skip = {s for s in a.skip.split(",") if s}
    unknown = a.skip - set(OWNS)
    if unknown:
        ap.error(f"unknown step(s): {', '.join(sorted(unknown))}")
    scratch = Path(a.scratch) if a.scratch else Path(tempfile.mkdtemp(prefix="inkprint-release."))
    if scratch.exists() and any(scratch.iterdir()):
        ap.error(f"{scratch} is not empty")
    scratch.mkdir(parents=True, exist_ok=True)
    log("scratch:", scratch)
    make_scratch(scratch, a.head)
    base = REPO
    if a.head:
        base = scratch / "head"
        extract_head(base)
    initial = outputs(scratch)
    run = Run(scratch, a)
    run.ngram()
    run.forensic_lm()
    run.encoder()
    carried = carry(scratch, run, ["forensic_lm", "encoder"])  # the cascade is fitted on the encoder stack's knots
    run.cascade()
    carried += carry(scratch, run, ["cascade"])
    run.lm_parity()
    run.fixtures()
    moved = keep_feature_caches(scratch)
    if moved:
        log("feature caches kept in ml/cache:", ", ".join(moved))
    rows = compare(scratch, run, initial, base)
    print("\nsteps:")
    for s in OWNS:
        print(f"  {s:12s} {run.ran.get(s, 'not run')}" + (f" ({run.seconds[s]} s)" if s in run.seconds else ""))
    if carried:
        print("manifest entries kept from the committed manifest (their step did not run): " + ", ".join(carried))
    print("\nfiles:")
    for r in rows:
        print(f"  {r['state']:9s} {r['file']}: {r['why']}")
    differ = [r for r in rows if r["state"] in ("differs", "new", "removed")]
    meanwhile = [r for r in rows if r["state"] == "changed-meanwhile"]
    print(f"\n{len(differ)} file(s) rebuilt differently from the repository's; scratch copy: {scratch}")
    if meanwhile:
        print(f"{len(meanwhile)} file(s) changed in the repository during the run (left alone; run again to compare)")
    if a.json:
        Path(a.json).write_text(json.dumps({"steps": run.ran, "seconds": run.seconds, "carried": carried,
                                            "files": rows, "scratch": str(scratch)}, indent=1) + "\n")
    if a.write:
        for r in differ:
            src, dst = scratch / r["file"], REPO / r["file"]
            if r["state"] == "removed":
                dst.unlink()
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
            log("wrote" if r["state"] != "removed" else "removed", r["file"])
    elif differ:
        print("(nothing written: --write copies them into the repository)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
