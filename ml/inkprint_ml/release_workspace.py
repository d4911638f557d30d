"""The release's workspace (`ml/release.sh`, `inkprint_ml.release`): the scratch copy of the repository's `ml/` and
`models/` (from the working tree, or HEAD with git archive), the folders linked into it, the feature caches kept
afterwards, and the hashes of every output file a step may rewrite."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
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


def log(*a):
    print("[release]", *a, file=sys.stderr, flush=True)



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
