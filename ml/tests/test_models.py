import json
from pathlib import Path

import numpy as np
import pytest

from inkprint_ml import features as F

MODELS = F.REPO_ROOT / "models"
FIX = F.REPO_ROOT / "ml" / "fixtures" / "parity.jsonl"
pytestmark = pytest.mark.skipif(not (MODELS / "inkprint-detector.json").exists(), reason="models not built")


@pytest.fixture(scope="module")
def engine():
    from inkprint_ml.engine import Engine
    return Engine()


def fixtures():
    return [json.loads(l) for l in FIX.read_text(encoding="utf-8").splitlines()]


def test_fixture_parity(engine):
    for rec in fixtures():
        norm = F.normalize(rec["text"])
        assert norm == rec["normalized"], rec["name"]
        for fs in ["fast", "full"]:
            i, v = F.extract(norm, fs, normalized=True)
            assert i == rec["features"][fs]["indices"], rec["name"]
            assert np.allclose(np.float32(v), rec["features"][fs]["values"], atol=1e-6)
        for mode, p in rec["probability"].items():
            assert abs(engine.score(rec["text"], mode)["probability"] - p) < 1e-5, (rec["name"], mode)


def test_onnx_matches_numpy_reference(engine):
    """The ONNX linear graphs equal an independent numpy evaluation of the exported weights."""
    import onnx
    from onnx import numpy_helper
    for mode, fs in [("fast", "fast"), ("moderate", "full")]:
        m = onnx.load(MODELS / engine.manifest["models"][mode]["file"])
        W = {t.name: numpy_helper.to_array(t).astype(np.float64) for t in m.graph.initializer}
        for rec in fixtures()[:12]:
            x = np.zeros(F.feature_dim(fs)); x[rec["features"][fs]["indices"]] = rec["features"][fs]["values"]
            z = np.clip((x - W["lin_mu"][0]) * W["lin_isd"][0], -6, 6) @ W["lin_W"][:, 0] + W["lin_b"][0]
            p = 1 / (1 + np.exp(-(z * W["cal_a0"][0] + W["cal_b"][0])))
            assert abs(p - rec.get("ngram_probability", {}).get(mode, rec["probability"][mode])) < 1e-4


def test_adversarial_formatting_does_not_change_score(engine):
    text = ("In today's rapidly evolving landscape, it is crucial to foster innovation. Furthermore, organizations "
            "must leverage comprehensive insights to enhance outcomes and navigate challenges seamlessly. ") * 3
    hom = text.replace("a", "\u0430").replace("e", "\u0435").replace("o", "\u03bf").replace("p", "\u0440")
    zw = "\u200b".join(text)
    ws = text.replace(" ", " \u00a0\t \u2003")
    nl = text.replace(". ", ".\r\n\r\n\r\n")
    for mode in ["fast", "moderate", "strong", "forensic"]:
        base = engine.score(text, mode)["probability"]
        assert abs(engine.score(hom, mode)["probability"] - base) < 1e-6
        assert abs(engine.score(zw, mode)["probability"] - base) < 1e-6
        assert abs(engine.score(ws, mode)["probability"] - base) < 1e-6
    # whitespace tricks change layout features (newlines) but must not flip an AI verdict
    thr = engine.manifest["modes"]["moderate"]["threshold"]
    if engine.score(text, "moderate")["probability"] >= thr:
        assert engine.score(nl, "moderate")["probability"] >= thr


def test_manifest_contract(engine):
    man = engine.manifest
    assert set(man["modes"]) == {"fast", "moderate", "strong", "forensic"}
    total = 0
    for name, m in man["models"].items():
        p = MODELS / m["file"]
        total += p.stat().st_size
        sess = engine.sess[name]
        assert sess.get_inputs()[0].name == "features"
        assert sess.get_outputs()[0].name == "probability"
        assert sess.get_inputs()[0].shape[1] == m["input_shape"][1]
    assert total < 25 * 1024 * 1024
    for m in man["modes"].values():
        assert 0 < m["threshold"] < 1
