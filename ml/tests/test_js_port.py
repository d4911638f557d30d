"""Runs the independent JS port of FEATURES.md (and, when onnxruntime-node is installed in the repo, the models in
onnxruntime-node) against the parity fixtures. Skipped when node is not available."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
node = shutil.which("node")


@pytest.mark.skipif(node is None, reason="node not installed")
def test_js_feature_port_matches_fixtures():
    r = subprocess.run([node, str(ROOT / "ml/tests/js_parity.mjs")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.skipif(node is None or not (ROOT / "node_modules/onnxruntime-node").exists(),
                    reason="onnxruntime-node not installed in the repo")
def test_onnxruntime_node_matches_fixtures():
    r = subprocess.run([node, str(ROOT / "ml/tests/js_onnx_parity.mjs")], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
