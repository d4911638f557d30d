#!/usr/bin/env bash
# Rebuild the models in place and run the tests: ml/release.sh --write (every step whose inputs are here, in a scratch
# copy, then the files that differ copied into models/ and ml/fixtures/), then pytest. Options go to release.sh
# (e.g. ml/run.sh --skip ngram).
set -euo pipefail
cd "$(dirname "$0")"
./release.sh --write "$@"
cd .. && ml/.venv/bin/python -m pytest ml/tests -q
