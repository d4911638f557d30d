"""Surprisal-shape features of Gemma's per-token log p (issue 24, item 4), measured by `lm_shape.py` and kept out of
the package: none won on family-held-out validation (`results/lm-shape-forensic-v2.md`), so no shipped model uses them.
"""
from __future__ import annotations

import math

import numpy as np

# Distribution-shape features of the surprisal sequence s = -log p (issue 24, item 4), an extension of the 8 above:
# DivEye-style moments of s and of its first difference, autocorrelation, local burstiness, SpecDetect-style spectral
# share and Lastde-style diversity entropy. Plain loops over float64 (no FFT library), so the TypeScript port can follow
# the same arithmetic; `shape_features` returns SHAPE_NAMES in order, zeros when the sequence is too short.
SHAPE_WINDOW = 8  # tokens per window of the local burstiness
SHAPE_EMBED = 3  # embedding length of the diversity entropy
SHAPE_BINS = 10  # bins of the cosine similarity in [-1, 1]
SHAPE_NAMES = [
    "lm_s_sd",  # sd of the surprisal
    "lm_s_skew",  # skewness of the surprisal
    "lm_s_kurt",  # excess kurtosis of the surprisal
    "lm_ds_sd",  # sd of the surprisal's first difference
    "lm_ds_skew",
    "lm_ds_kurt",
    "lm_s_acf1",  # lag-1 autocorrelation of the surprisal
    "lm_s_acf2",  # lag-2 autocorrelation
    "lm_s_burst",  # sd of the means of consecutive 8-token windows (full windows only)
    "lm_s_spec_low",  # share of the mean-removed surprisal's spectral energy in the lowest quarter of frequencies
    "lm_s_div_entropy",  # Shannon entropy (bits / log2 of the bins) of the cosine similarities of consecutive 3-token embeddings
]


def _moments(x: list[float]) -> tuple[float, float, float]:
    """sd, skewness, excess kurtosis (population moments, in one left-to-right loop each)."""
    n = len(x)
    m = 0.0
    for v in x:
        m += v
    m /= n
    m2 = m3 = m4 = 0.0
    for v in x:
        d = v - m
        d2 = d * d
        m2 += d2
        m3 += d2 * d
        m4 += d2 * d2
    m2, m3, m4 = m2 / n, m3 / n, m4 / n
    if m2 <= 1e-12:
        return math.sqrt(max(m2, 0.0)), 0.0, 0.0
    return math.sqrt(m2), m3 / m2 ** 1.5, m4 / (m2 * m2) - 3.0


def _acf(x: list[float], lag: int) -> float:
    n = len(x)
    if n <= lag + 1:
        return 0.0
    m = 0.0
    for v in x:
        m += v
    m /= n
    den = 0.0
    for v in x:
        den += (v - m) * (v - m)
    if den <= 1e-12:
        return 0.0
    num = 0.0
    for i in range(n - lag):
        num += (x[i] - m) * (x[i + lag] - m)
    return num / den


def shape_features(logp) -> list[float]:
    """SHAPE_NAMES from the per-token log p (float32 in, float64 arithmetic, plain loops)."""
    s = [-float(v) for v in np.asarray(logp, np.float32)]
    n = len(s)
    if n < 8:
        return [0.0] * len(SHAPE_NAMES)
    sd, sk, ku = _moments(s)
    d = [s[i + 1] - s[i] for i in range(n - 1)]
    dsd, dsk, dku = _moments(d)
    # local burstiness: the sd of the full windows' means
    wm = []
    for a in range(0, n - SHAPE_WINDOW + 1, SHAPE_WINDOW):
        t = 0.0
        for v in s[a:a + SHAPE_WINDOW]:
            t += v
        wm.append(t / SHAPE_WINDOW)
    burst = _moments(wm)[0] if len(wm) >= 2 else 0.0
    # spectral share: |DFT_k|^2 of the mean-removed sequence for k = 1 .. n // 2, the lowest max(1, (n // 2) // 4)
    mean = 0.0
    for v in s:
        mean += v
    mean /= n
    c = [v - mean for v in s]
    half = n // 2
    low_k = max(1, half // 4)
    low = total = 0.0
    for k in range(1, half + 1):
        re = im = 0.0
        w = 2.0 * math.pi * k / n
        for t, v in enumerate(c):
            re += v * math.cos(w * t)
            im -= v * math.sin(w * t)
        e = re * re + im * im
        total += e
        if k <= low_k:
            low += e
    spec = low / total if total > 1e-12 else 0.0
    # diversity entropy: cosine similarity of consecutive SHAPE_EMBED-token vectors, histogram over SHAPE_BINS in [-1, 1]
    counts = [0] * SHAPE_BINS
    m_ = 0
    for i in range(n - SHAPE_EMBED):
        a, b = s[i:i + SHAPE_EMBED], s[i + 1:i + 1 + SHAPE_EMBED]
        ab = aa = bb = 0.0
        for j in range(SHAPE_EMBED):
            ab += a[j] * b[j]
            aa += a[j] * a[j]
            bb += b[j] * b[j]
        den = math.sqrt(aa) * math.sqrt(bb)
        cs = ab / den if den > 1e-12 else 1.0
        k = int(math.floor((cs + 1.0) / 2.0 * SHAPE_BINS))
        counts[min(max(k, 0), SHAPE_BINS - 1)] += 1
        m_ += 1
    ent = 0.0
    for k in counts:
        if k:
            p = k / m_
            ent -= p * math.log2(p)
    ent /= math.log2(SHAPE_BINS)
    return [sd, sk, ku, dsd, dsk, dku, _acf(s, 1), _acf(s, 2), burst, spec, ent]
