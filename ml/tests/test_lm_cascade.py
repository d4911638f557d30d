"""The moderate / strong language-model cascade (lm_cascade.py): the gate's semantics, the engine's procedure, and
the manifest entries `--export` writes (checked when the manifest has them)."""
import hashlib
import json

import numpy as np
import pytest

from inkprint_ml import features as F
from inkprint_ml.engine import Engine, logit32
from inkprint_ml.lm_cascade import MODES, cascade
from inkprint_ml.lm_features import FEATURE_NAMES

MODELS = F.REPO_ROOT / "models"
MANIFEST = json.loads((MODELS / "inkprint-detector.json").read_text())
CASCADES = {m: MANIFEST["modes"][m]["lm"] for m in MODES if "lm" in MANIFEST["modes"][m]}


def test_cascade_uses_the_stacker_only_inside_the_gate_edges_included():
    p = np.array([0.1, 0.2, 0.5, 0.8, 0.9])
    s = np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    q, inside = cascade(p, s, (0.2, 0.8))
    assert inside.tolist() == [False, True, True, True, False]
    assert q.tolist() == [0.1, 0.8, 0.7, 0.6, 0.9]
    q, inside = cascade(p, s, (2.0, 2.0))  # the n-gram alone
    assert not inside.any() and q.tolist() == p.tolist()


class FakeLM:
    def __init__(self):
        self.calls = []

    def features(self, norm, max_tokens):
        self.calls.append(max_tokens)
        return [0.5] * len(FEATURE_NAMES)


@pytest.mark.skipif(not CASCADES, reason="the manifest has no language-model cascade (lm_cascade --export)")
@pytest.mark.parametrize("mode", sorted(CASCADES))
def test_manifest_cascade_entry_and_engine_procedure(mode):
    plan = CASCADES[mode]
    lo, hi = plan["gate"]
    assert 0 <= lo <= hi <= 1
    spec = MANIFEST["models"][plan["model"]]
    data = (MODELS / spec["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == spec["sha256"] and len(data) == spec["bytes"]
    assert MANIFEST["feature_sets"][plan["model"]]["dim"] == 1 + len(FEATURE_NAMES)
    knots = plan["score_knots"]
    assert knots[0] == [0.0, 0.0] and knots[-1] == [1.0, 1.0]
    eng = Engine()
    text = ("The committee met on Tuesday to review the budget for the coming year, and several members raised "
            "concerns about the timeline before the chair agreed to revisit the numbers next month. ") * 4
    p = eng.score(text, mode)["probability"]
    lm = FakeLM()
    r = eng.score(text, mode, lm=lm)
    assert r["language_model"] == plan["language_model"]["name"]
    assert r["language_model_ran"] == (lo <= p <= hi)
    if r["language_model_ran"]:
        assert lm.calls == [plan["language_model"]["max_tokens"]]
        want = eng.run(plan["model"], np.array([[logit32(p)] + [0.5] * len(FEATURE_NAMES)], np.float32))[0]
        assert r["probability"] == pytest.approx(float(want))
    else:
        assert lm.calls == [] and r["probability"] == p


@pytest.mark.skipif(not MANIFEST["modes"]["forensic"].get("base", "").startswith("moderate"),
                    reason="forensic stacks its own language-model model (lm_cascade without --forensic-base moderate)")
def test_forensic_reads_moderates_cascade():
    """lm_cascade --forensic-base moderate: forensic's entry is moderate's document procedure (models, encoder stack,
    cascade, lines), the forensic stacker's graph and entries are gone, and the engine scores forensic as moderate
    with the language model and without it."""
    from inkprint_ml.lm_cascade import BASE_KEYS

    fo, mo = MANIFEST["modes"]["forensic"], MANIFEST["modes"]["moderate"]
    for k in BASE_KEYS + ("lm",):
        assert fo[k] == mo[k], k
    assert "forensic_lm" not in MANIFEST["models"] and "forensic_lm" not in MANIFEST["feature_sets"]
    assert not (MODELS / "inkprint-forensic-lm.onnx").exists()
    eng = Engine()
    lo, hi = mo["lm"]["gate"]
    texts = ["The committee met on Tuesday to review the budget for the coming year, and several members raised "
             "concerns about the timeline before the chair agreed to revisit the numbers next month. " * 4,
             "In today's rapidly evolving landscape, it is crucial to foster innovation. Furthermore, organizations "
             "must leverage comprehensive insights to enhance outcomes and navigate challenges seamlessly. " * 3]
    for text in texts:
        assert eng.score(text, "forensic")["probability"] == eng.score(text, "moderate")["probability"]
        r, m = eng.score(text, "forensic", lm=FakeLM()), eng.score(text, "moderate", lm=FakeLM())
        assert (r["probability"], r["score"], r["language_model_ran"]) == (m["probability"], m["score"],
                                                                           m["language_model_ran"])
