"""The encoder's agreement head (issue 38): the residual fit, the graph's second output, the caps the engine applies."""
import numpy as np
import onnxruntime as ort

from inkprint_ml import encoder_agreement as EA
from inkprint_ml.engine import AI_BAND_HELD_BACK_SCORE, AI_LINE_HELD_BACK_SCORE, MODELS, Engine, agreement_cap


def test_the_residual_fit_lowers_hard_negatives_and_leaves_what_the_shipped_head_already_gets_right():
    rng = np.random.default_rng(3)
    d = 8
    direction = np.zeros(d, np.float32); direction[0] = 1.0  # the genre the shipped head misreads
    rows = []
    for i in range(400):
        e = rng.normal(0, 1, d).astype(np.float32)
        if i < 100:  # hard negatives: human, shipped head confidently AI, all along `direction`
            rows.append(dict(group="hard", y=0.0, e=e + 3 * direction, off=6.0))
        elif i < 250:
            rows.append(dict(group="ai", y=1.0, e=e, off=6.0))
        else:
            rows.append(dict(group="human", y=0.0, e=e, off=-6.0))
    th = EA.fit(rows, lam=1e-3)
    hard = [EA.agreement_p(1 / (1 + np.exp(-r["off"])), r["e"], th) for r in rows[:100]]
    ai = [EA.agreement_p(1 / (1 + np.exp(-r["off"])), r["e"], th) for r in rows[100:250]]
    assert np.median(hard) < 0.5 < np.median(ai)
    assert th[0] < 0 and abs(th[-1]) < 1.0  # the correction runs along the misread direction, not a global shift


def test_the_shipped_graph_adds_the_head_and_leaves_the_probability_as_it_was(tmp_path):
    import onnx
    engine = Engine()
    model = onnx.load(str(MODELS / engine.manifest["encoder"]["file"]))
    assert EA.OUTPUT in [o.name for o in model.graph.output]
    stripped = EA.strip_agreement(model)
    assert EA.OUTPUT not in [o.name for o in stripped.graph.output]
    so = ort.SessionOptions(); so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    plain = ort.InferenceSession(stripped.SerializeToString(), so, providers=["CPUExecutionProvider"])
    tok, _ = engine.encoder
    for text in ("Moreover, it is crucial to leverage data-driven insights to foster innovation.",
                 "so we got there around 7 and the place was packed, like actually packed"):
        ids = np.array([tok.encode(text).ids], np.int64)
        p, agreement = engine.encoder_read(text)
        want = plain.run(["probability"], {"input_ids": ids, "attention_mask": np.ones_like(ids)})[0][0]
        assert p == float(want) and 0.0 < agreement < 1.0


def test_the_caps_hold_a_score_under_the_line_or_the_band_only_where_the_plan_asks():
    plan = {"ai_band_encoder_min": 0.999, "ai_line_agreement_min": 0.9, "ai_band_agreement_min": 0.97}
    assert agreement_cap(plan, {"encoder_probability": 0.9995, "agreement_probability": 0.98}) == 1.0
    assert agreement_cap(plan, {"encoder_probability": 0.9995, "agreement_probability": 0.95}) == AI_BAND_HELD_BACK_SCORE
    assert agreement_cap(plan, {"encoder_probability": 0.99, "agreement_probability": 0.98}) == AI_BAND_HELD_BACK_SCORE
    assert agreement_cap(plan, {"encoder_probability": 0.9995, "agreement_probability": 0.5}) == AI_LINE_HELD_BACK_SCORE
    assert agreement_cap({}, {"encoder_probability": 0.1, "agreement_probability": 0.1}) == 1.0
    assert agreement_cap(plan, {}) == 1.0
    assert AI_LINE_HELD_BACK_SCORE < 0.5 < AI_BAND_HELD_BACK_SCORE < 0.65


def test_the_manifest_asks_the_head_to_agree_in_every_cascade_mode():
    manifest = Engine().manifest
    for mode in ("moderate", "strong", "forensic"):
        lm = manifest["modes"][mode]["lm"]
        assert 0.5 <= lm["ai_line_agreement_min"] <= lm["ai_band_agreement_min"] < 1.0
