"""What a release changed: each output file of the repository against the scratch copy's (identical, kept, differs,
new, removed, changed meanwhile), and for one that differs, what (JSON paths, ONNX weights and nodes, lines)."""
from __future__ import annotations

import json
from pathlib import Path

from .release_steps import OWNS, Run
from .release_workspace import REPO, outputs

SOURCES = {"models/inkprint-wordlists.json": "source (the feature spec's word lists, edited with FEATURES.md)",
           "models/inkprint-encoder.NOTICE.md": "source (the encoder's licence notice, written by hand)",
           "models/.gitignore": "source"}



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
