import numpy as np
from inkprint_ml.lm_features import FEATURE_NAMES
from inkprint_ml.lm_stack import Booster, boosted_trees, matrix


def rows(n=240, seed=3):
    """Synthetic forensic rows whose aggregator inputs run past the graph's [-6, 6] clip, as real logits do."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        ai = i % 2 == 1
        agg = list(rng.normal(4.0 if ai else -4.0, 4.0, 4))
        lm = list(rng.normal(0.5 if ai else 0.0, 1.0, len(FEATURE_NAMES)))
        out.append({"id": str(i), "label": "ai" if ai else "human", "agg": agg, "lm": lm})
    return out


def test_forensic_matrix_clips_the_aggregator_inputs_only_when_asked():
    rs = rows()
    clipped, raw = matrix(rs, "forensic"), matrix(rs, "forensic", clip=False)
    assert np.abs(raw[:, :4]).max() > 6 and np.abs(clipped[:, :4]).max() == 6
    assert np.array_equal(raw[:, 4:], clipped[:, 4:])
    assert np.array_equal(raw, np.array([r["agg"] + r["lm"] for r in rs]))


def test_unclipped_booster_is_the_ceilings_learner_on_both_inputs():
    """The ceiling's held-out rows are `Booster(clip=False)`: the same trees as fitting the 12 raw inputs directly."""
    fit, held = rows(), rows(60, seed=4)
    y = np.array([r["label"] != "human" for r in fit], int)
    direct = boosted_trees(0).fit(np.array([r["agg"] + r["lm"] for r in fit]), y)
    want = direct.predict_proba(np.array([r["agg"] + r["lm"] for r in held]))[:, 1]
    assert np.array_equal(Booster(fit, "forensic", clip=False).predict(held), want)
    shipped = Booster(fit, "forensic").predict(held)
    assert shipped.shape == want.shape and np.all((shipped >= 0) & (shipped <= 1))
    assert not np.array_equal(shipped, want)  # clipping the aggregator's inputs changes the histogram bins, so the fit


def family_rows(seed=5):
    """Synthetic rows of every set the shipped stacker sees: release validation (`stack`), unseen families, human-only
    files (`extra`) and generated texts (`gen`)."""
    rng = np.random.default_rng(seed)
    out = []
    spec = [("stack", "biscope", 80), ("stack", "l2r", 80), ("unseen", "seqxgpt", 80),
            ("extra", "human_foldoc", 40), ("extra", "human_peps", 40), ("gen", "gemma", 40)]
    for st, src, n in spec:
        for i in range(n):
            ai = (i % 2 == 1 and st != "extra") or st == "gen"
            out.append({"id": f"{src}:{i}", "set": st, "source": src, "domain": "d", "label": "ai" if ai else "human",
                        "generator": "g" if ai else "human", "n_words": 120,
                        "agg": list(rng.normal(1.5 if ai else -1.5, 2.0, 4)),
                        "lm": list(rng.normal(0.8 if ai else 0.0, 1.0, len(FEATURE_NAMES)))})
    for r in out:
        r["family"] = r["source"]
    return out


def test_shipped_stacker_exports_a_graph_matching_its_trees_and_its_manifest_entry(tmp_path, monkeypatch):
    import json

    import onnxruntime as ort
    from inkprint_ml import lm_stack as S

    from sklearn.ensemble import HistGradientBoostingClassifier

    monkeypatch.setattr(S, "MODELS", tmp_path)
    # fewer trees than the shipped 200, so the test stays quick; the export path is the same
    monkeypatch.setattr(S, "boosted_trees", lambda seed=0: HistGradientBoostingClassifier(max_iter=15, random_state=seed))
    (tmp_path / "inkprint-detector.json").write_text(json.dumps(
        {"models": {}, "feature_sets": {}, "modes": {"forensic": {}}}))
    rows = family_rows()
    fr = S.shipped_lines(rows, 50)
    # the lines chosen on the family-held-out predictions: knots 0 -> 0, 0.2 -> 0.35, t50 -> 0.5, t65 -> 0.65, 1 -> 1
    assert [k[1] for k in fr["knots"]] == [0.0, 0.35, 0.5, 0.65, 1.0]
    S.export(rows, fr, 256)
    man = json.loads((tmp_path / "inkprint-detector.json").read_text())
    lm = man["modes"]["forensic"]["lm"]
    assert lm["variant"] == S.BOOSTED and lm["score_knots"] == fr["knots"] and lm["language_model"]["max_tokens"] == 256
    assert man["models"]["forensic_lm"]["ml_opset"] == 3 and man["feature_sets"]["forensic_lm"]["dim"] == 12
    sess = ort.InferenceSession(str(tmp_path / S.ONNX_FILE), providers=["CPUExecutionProvider"])
    fit = S.family_fit_pool(rows)
    got = sess.run(["probability"], {"features": np.array([r["agg"] + r["lm"] for r in fit], np.float32)})[0]
    assert np.max(np.abs(got - S.Booster(fit, "forensic").predict(fit))) < 1e-5
