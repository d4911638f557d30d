"""Language-model evidence: per-token statistics of Gemma 3 270M and the document features built from them.

The ONNX graph (`lm_export`) returns, for every token after BOS, log p(token), the entropy H of the model's
distribution, the variance of log p under that distribution, and the token's rank. The features below are computed
from those four float32 vectors, in float64, in this order, identically in `libs/detector/src/core/lm-features.ts`
(parity: `ml/fixtures/lm-parity.jsonl`).

Texts are normalised (FEATURES.md §1) before tokenising, and only the first `max_tokens` tokens (BOS included) are
scored, which bounds the cost (the forward pass and the 262k-wide softmax grow with the token count).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from .lm_tokenizer import GemmaTokenizer

REPO = Path(__file__).resolve().parents[2]
LM_DIR = REPO / "models" / "lm"
BODY, HEAD = "gemma-3-270m-body.onnx", "gemma-3-270m-head.onnx"
HEAD_BLOCK = 64  # positions per head run: keeps the [N, 262144] intermediates at 64 MB
TOKENIZER = "gemma-3-270m-tokenizer.json"
MAX_TOKENS = 256
BLOCK = 32  # tokens per block for the spread features

FEATURE_NAMES = [
    "lm_logp_mean",  # mean log p(token): how predictable the text is
    "lm_entropy_mean",  # mean entropy of the next-token distribution
    "lm_logrank_mean",  # mean log(1 + rank of the token)
    "lm_discrepancy",  # Fast-DetectGPT analytic discrepancy per token: sum(log p + H) / sqrt(sum var) / sqrt(n)
    "lm_ratio",  # mean(-log p) / mean(H) (a one-model Binoculars-style ratio)
    "lm_logp_block_sd",  # spread of the mean log p across 32-token blocks
    "lm_discrepancy_block_sd",  # spread of the per-block discrepancy
    "lm_log_tokens",  # log of the number of scored tokens
]


def _block_disc(lp, h, var):
    s = float(np.sum(var, dtype=np.float64))
    n = len(lp)
    return float(np.sum(lp + h, dtype=np.float64)) / math.sqrt(max(s, 1e-12)) / math.sqrt(n)


def document_features(logp, entropy, variance, rank) -> list[float]:
    """The 8 features of FEATURE_NAMES from the per-token statistics (float32 in, float64 arithmetic)."""
    lp = np.asarray(logp, np.float64)
    h = np.asarray(entropy, np.float64)
    var = np.asarray(variance, np.float64)
    rk = np.asarray(rank, np.float64)
    n = len(lp)
    if n == 0:
        return [0.0] * len(FEATURE_NAMES)
    mean_lp = float(np.sum(lp)) / n
    mean_h = float(np.sum(h)) / n
    blocks = [(i, min(i + BLOCK, n)) for i in range(0, n, BLOCK)]
    blocks = [b for b in blocks if b[1] - b[0] >= BLOCK // 2] or [(0, n)]
    bm = np.array([float(np.sum(lp[a:b])) / (b - a) for a, b in blocks])
    bd = np.array([_block_disc(lp[a:b], h[a:b], var[a:b]) for a, b in blocks])
    return [
        mean_lp,
        mean_h,
        float(np.sum(np.log1p(rk))) / n,
        _block_disc(lp, h, var),
        (-mean_lp) / max(mean_h, 1e-6),
        float(np.sqrt(np.mean((bm - bm.mean()) ** 2))),
        float(np.sqrt(np.mean((bd - bd.mean()) ** 2))),
        math.log(n),
    ]


class LMScorer:
    def __init__(self, lm_dir: Path = LM_DIR, threads: int = 1):
        import onnxruntime as ort

        self.tok = GemmaTokenizer(Path(lm_dir) / TOKENIZER)
        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        opts = dict(providers=["CPUExecutionProvider"])
        self.body = ort.InferenceSession(str(Path(lm_dir) / BODY), so, **opts)
        self.head = ort.InferenceSession(str(Path(lm_dir) / HEAD), so, **opts)

    def token_ids(self, norm_text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        return self.tok.encode(norm_text)[:max_tokens]

    def token_stats(self, ids: list[int]) -> dict:
        names = ("logp", "entropy", "variance", "rank")
        if len(ids) < 2:
            return {k: np.zeros(0, np.float32) for k in names}
        x = np.asarray(ids, np.int64)
        hidden = self.body.run(["hidden"], {"input_ids": x})[0]
        parts = {k: [] for k in names}
        for a in range(0, len(ids) - 1, HEAD_BLOCK):
            b = min(a + HEAD_BLOCK, len(ids) - 1)
            out = self.head.run(list(names), {"hidden": hidden[a:b], "next_ids": x[a + 1:b + 1]})
            for k, v in zip(names, out):
                parts[k].append(v)
        return {k: np.concatenate(v) for k, v in parts.items()}

    def features(self, norm_text: str, max_tokens: int = MAX_TOKENS) -> list[float]:
        s = self.token_stats(self.token_ids(norm_text, max_tokens))
        return document_features(s["logp"], s["entropy"], s["variance"], s["rank"])


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
