"""Product score: knots, the short-text rule and the worst-group choice of the 0.5 / 0.65 lines."""
import json

import numpy as np

from inkprint_ml import calibrate as C
from inkprint_ml import engine as E
from inkprint_ml.features import REPO_ROOT

MANIFEST = REPO_ROOT / "models" / "inkprint-detector.json"
FIXTURES = REPO_ROOT / "ml" / "fixtures" / "parity.jsonl"


def test_short_text_never_reaches_half():
    knots = [[0, 0], [0.2, 0.35], [0.6, 0.5], [0.7, 0.65], [1, 1]]
    for n in range(1, 50):
        for p in np.linspace(0, 1, 101):
            assert E.final_score(float(p), n, knots, 50) < 0.5
    assert E.final_score(1.0, 50, knots, 50) == 1.0
    assert E.final_score(0.9, 0, knots, 50) == 0.5


def test_product_score_monotone_through_knots():
    knots = [[0, 0], [0.2, 0.35], [0.97, 0.5], [0.995, 0.65], [1, 1]]
    xs = [E.product_score(p, knots) for p in np.linspace(0, 1, 2001)]
    assert all(b >= a for a, b in zip(xs, xs[1:]))
    for p, s in knots:
        assert abs(E.product_score(p, knots) - s) < 1e-12


def test_choice_meets_pooled_and_worst_group_limits():
    rng = np.random.default_rng(0)
    pool = []
    for fam, shift in [("a", 0.0), ("b", 1.5), ("c", -1.0)]:
        for z in rng.normal(shift - 3, 1.5, 800):
            pool.append({"p": float(1 / (1 + np.exp(-z))), "fam": fam,
                         "row": {"n_words": int(rng.integers(20, 600)), "source": fam, "domain": "d"}})
    c = C.choose(pool, 50, 0.9)
    kn = C.knots_of(c)
    elig = [h for h in pool if h["row"]["n_words"] >= 50]
    s = np.array([C.final_score(h["p"], h["row"]["n_words"], kn, 50) for h in elig])
    assert (s >= 0.5).mean() <= C.FPR50_POOLED
    assert (s >= 0.65).mean() <= C.FPR65_POOLED
    for fam in "abc":
        sf = np.array([C.final_score(h["p"], h["row"]["n_words"], kn, 50) for h in elig if h["fam"] == fam])
        assert (sf >= 0.5).mean() <= C.FPR50_GROUP
    assert c["binding_group_50"] in ("source:b", "domain:b/d")  # the worst family binds, not the pooled rate


def test_wilson_interval():
    lo, hi = C.wilson(0, 200)
    assert lo == 0 and 0.015 < hi < 0.02
    lo, hi = C.wilson(10, 1000)
    assert lo < 0.01 < hi


def test_manifest_knots_and_fixture_scores():
    man = json.loads(MANIFEST.read_text())
    for m in ["fast", "moderate", "strong", "forensic"]:
        k = man["modes"][m].get("score_knots")
        if k is None:
            continue
        assert k[0] == [0.0, 0.0] and k[-1] == [1.0, 1.0]
        assert all(b[0] >= a[0] and b[1] >= a[1] for a, b in zip(k, k[1:]))
        assert [x[1] for x in k if x[1] in (0.5, 0.65)] == [0.5, 0.65]
    assert man.get("short_text_max_score", 0.49) < 0.5
    for line in FIXTURES.read_text().splitlines():
        f = json.loads(line)
        for m, s in f.get("score", {}).items():
            knots = E.score_knots(man, m)
            assert abs(s - E.final_score(f["probability"][m], f["n_words"], knots, man["min_words"],
                                         man.get("short_text_max_score", 0.49))) < 1e-4
            if 0 < f["n_words"] < man["min_words"]:
                assert s < 0.5
