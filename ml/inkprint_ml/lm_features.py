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
        # as libs/detector's LmRunner: without ONNX Runtime's QDQ transformers (onnxruntime-node 1.23 cannot load the
        # body with them), which also rewrite the head's int8 matmul differently (0.01 nats on some tokens)
        so.add_session_config_entry("session.disable_quant_qdq", "1")
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
