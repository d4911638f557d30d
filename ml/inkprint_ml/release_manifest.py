"""The detector manifest and card across release steps: timings kept from the committed files, the entries of a step
that could not run carried over from the committed manifest, JSON written the way the pipeline writes it."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from .release_workspace import CARD, MANIFEST

if TYPE_CHECKING:
    from .release_steps import Run

# the manifest entries each later step owns: kept from the committed manifest when the step cannot run after `ngram`
# rewrote the manifest (JSON paths; a missing entry is left missing)
CARRY = {
    "forensic_lm": [("models", "forensic_lm"), ("feature_sets", "forensic_lm"), ("modes", "forensic", "lm")],
    "encoder": [("encoder",)] + [("modes", m, k) for m in ("moderate", "strong")
                                 for k in ("encoder_stack", "encoder_metrics", "score_knots", "threshold", "procedure")],
    "cascade": [(s, f"{m}_lm") for m in ("moderate", "strong") for s in ("models", "feature_sets")]
               + [("modes", m, "lm") for m in ("moderate", "strong")],
    # the encoder's agreement head (issue 38, encoder_agreement.py): its provenance and the modes' two mins
    "encoder_agreement": [("encoder", "agreement")] + [("modes", m, "lm", k) for m in ("moderate", "strong", "forensic")
                                                      for k in ("ai_line_agreement_min", "ai_band_agreement_min")],
    # each sentence's own evidence (issue 42): refitted by hand after an n-gram or encoder change (ml/README.md),
    # never by a step, so always kept from the committed manifest across a rebuild
    "sentence_evidence": [("sentence_evidence",)],
}
# entries no step fits (refitted by hand, ml/README.md): always carried
BY_HAND = {"sentence_evidence"}
# what each step rewrites (for the report when it is skipped)


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
