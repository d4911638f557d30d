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
5. `encoder_agreement`: `inkprint_ml.encoder_agreement --write`, the encoder's agreement head (issue 38) added to
   the encoder graph and its two mins to the modes (needs the genre sample and its evidence in `ml/cache`). A rebuilt
   `encoder` without this step leaves a graph with no head while the carried manifest asks for one: the detector
   refuses to load it, so rerun the step (or take the mins out of the manifest) after a retrain.
6. `lm_parity`: `ml/fixtures/lm-parity.jsonl` (needs `models/lm`, `npm run models:fetch`).
7. `fixtures`: `ml/fixtures/parity.jsonl` again, from the final manifest.

A step whose inputs are missing is skipped and says which; its files stay the committed ones, and after a rebuilt
`ngram` step its manifest entries are carried over from the committed manifest (`CARRY`), so the manifest stays whole.
Nothing in the repository changes without `--write`.

The code: `release_workspace.py` (the scratch copy, git, output hashes), `release_steps.py` (the steps),
`release_manifest.py` (the manifest and card across steps), `release_diff.py` (the comparison); this module is the
command line.
"""
from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from .release_diff import SOURCES, compare, describe, json_diff, onnx_diff
from .release_manifest import BY_HAND, CARRY, MISSING, MODES, carry, dump_like, get, keep_measured, ordered_like
from .release_steps import OWNS, Run, cascade_sample
from .release_workspace import (CACHE_LINKED, CARD, LINKED, MANIFEST, OUTPUT_DIRS, REPO, extract_head,
                                keep_feature_caches, log, make_scratch, outputs, tracked_files)

# what the release module offered before its split (tests, ml/experiments/forensic_product.py)
__all__ = ["BY_HAND", "CACHE_LINKED", "CARD", "CARRY", "LINKED", "MANIFEST", "MISSING", "MODES", "OUTPUT_DIRS", "OWNS", "REPO",
           "SOURCES", "Run", "carry", "cascade_sample", "compare", "describe", "dump_like", "extract_head", "get",
           "json_diff", "keep_feature_caches", "keep_measured", "log", "main", "make_scratch", "onnx_diff",
           "ordered_like", "outputs", "tracked_files"]


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
    run.encoder_agreement()  # a second head on the encoder's pooled vector: after the encoder and the cascade
    carried += carry(scratch, run, ["encoder_agreement"])
    carried += carry(scratch, run, ["sentence_evidence"])
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

