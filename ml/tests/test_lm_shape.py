"""The surprisal-shape features (experiments/shape_features.py, issue 24 item 4; measured in experiments/lm_shape.py, not
used by any shipped model): each checked against an independent numpy / scipy computation of the same definition."""
import math

import numpy as np
import pytest
from scipy import stats

from experiments.shape_features import SHAPE_BINS, SHAPE_EMBED, SHAPE_NAMES, SHAPE_WINDOW, shape_features


def _logp(n, seed=0):
    rng = np.random.default_rng(seed)
    return (-rng.gamma(1.5, 2.0, n)).astype(np.float32)


def _acf(s, lag):
    c = s - s.mean()
    return float(np.dot(c[:-lag], c[lag:]) / np.dot(c, c))


@pytest.mark.parametrize("n", [8, 9, 57, 127, 255])
def test_shape_features_match_independent_definitions(n):
    lp = _logp(n, seed=n)
    s = -lp.astype(np.float64)
    got = dict(zip(SHAPE_NAMES, shape_features(lp)))
    d = np.diff(s)
    want = {
        "lm_s_sd": s.std(), "lm_s_skew": stats.skew(s), "lm_s_kurt": stats.kurtosis(s),
        "lm_ds_sd": d.std(), "lm_ds_skew": stats.skew(d), "lm_ds_kurt": stats.kurtosis(d),
        "lm_s_acf1": _acf(s, 1), "lm_s_acf2": _acf(s, 2),
    }
    k = n // SHAPE_WINDOW
    want["lm_s_burst"] = s[:k * SHAPE_WINDOW].reshape(k, SHAPE_WINDOW).mean(1).std() if k >= 2 else 0.0
    e = np.abs(np.fft.fft(s - s.mean())) ** 2
    half = n // 2
    low = max(1, half // 4)
    want["lm_s_spec_low"] = e[1:low + 1].sum() / e[1:half + 1].sum()
    emb = np.array([s[i:i + SHAPE_EMBED] for i in range(n - SHAPE_EMBED + 1)])
    cs = (emb[:-1] * emb[1:]).sum(1) / (np.linalg.norm(emb[:-1], axis=1) * np.linalg.norm(emb[1:], axis=1))
    h = np.bincount(np.clip(np.floor((cs + 1) / 2 * SHAPE_BINS).astype(int), 0, SHAPE_BINS - 1), minlength=SHAPE_BINS)
    p = h[h > 0] / h.sum()
    want["lm_s_div_entropy"] = float(-(p * np.log2(p)).sum() / math.log2(SHAPE_BINS))
    for name in SHAPE_NAMES:
        assert got[name] == pytest.approx(want[name], rel=1e-9, abs=1e-9), name


def test_short_or_flat_sequences_give_finite_values():
    assert shape_features([]) == [0.0] * len(SHAPE_NAMES)
    assert shape_features([-1.0] * 7) == [0.0] * len(SHAPE_NAMES)
    flat = shape_features(np.full(40, -2.0, np.float32))
    assert all(math.isfinite(v) for v in flat)
    assert flat[SHAPE_NAMES.index("lm_s_sd")] == 0.0 and flat[SHAPE_NAMES.index("lm_s_spec_low")] == 0.0


def test_a_slow_wave_puts_its_energy_low_and_alternation_high():
    t = np.arange(128)
    slow = -(3 + np.sin(2 * np.pi * t / 128)).astype(np.float32)
    fast = -(3 + (t % 2)).astype(np.float32)
    spec = SHAPE_NAMES.index("lm_s_spec_low")
    acf1 = SHAPE_NAMES.index("lm_s_acf1")
    assert shape_features(slow)[spec] > 0.99 and shape_features(fast)[spec] < 0.01
    assert shape_features(slow)[acf1] > 0.9 and shape_features(fast)[acf1] < -0.9
