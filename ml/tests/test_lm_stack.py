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
