#!/usr/bin/env bash
# One model release command (issue 27): rebuild everything in models/ from the pinned requirements and the shared
# datasets in a scratch copy, report which files differ from the committed ones (byte compare) and why, and with
# --write copy them into models/ (and ml/fixtures/, and the results page a step regenerates).
#
#   ml/release.sh                      # rebuild every step whose inputs are here; compare; write nothing
#   ml/release.sh --write              # ... and copy the files that differ into the repository
#   ml/release.sh --skip ngram         # leave the n-gram models (~1 h on the shared 2-core box) as committed
#
# Steps, their inputs and what a fresh clone lacks: ml/inkprint_ml/release.py (the module's docstring), ml/README.md.
set -euo pipefail
cd "$(dirname "$0")"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -r requirements.txt
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 PYTHONHASHSEED=0
if [ -z "${INKPRINT_DATA:-}" ] && [ -d ../../shared/datasets ]; then
  INKPRINT_DATA="$(cd ../../shared/datasets && pwd)"   # ../shared/datasets beside the repository
  export INKPRINT_DATA
fi
exec .venv/bin/python -m inkprint_ml.release "$@"
