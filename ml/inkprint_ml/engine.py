"""Reference inference engine: exactly what the TypeScript engine must do per mode (see manifest `modes`)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import onnxruntime as ort

from . import features as F

MODELS = F.REPO_ROOT / "models"
CHUNK_W, CHUNK_S = 150, 75


def chunk_texts(norm: str) -> list[str]:
    spans = [(m.start(), m.end()) for m in F.RE_TOKEN.finditer(norm)]
    n = len(spans)
    if n <= CHUNK_W:
        return [norm]
    starts = list(range(0, n - CHUNK_W, CHUNK_S))
    if not starts or starts[-1] != n - CHUNK_W:
        starts.append(n - CHUNK_W)
    out = []
    for s in starts:
        e = s + CHUNK_W
        a = spans[s][0]
        b = spans[e][0] if e < n else len(norm)
        out.append(norm[a:b].strip(" \n"))
    return out


def logit32(p: float) -> float:
    p = min(max(float(p), 1e-7), 1 - 1e-7)
    return math.log(p / (1 - p))


class Engine:
    def __init__(self, models_dir: Path = MODELS):
        self.manifest = json.loads((models_dir / "inkprint-detector.json").read_text())
        so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
        self.sess = {}
        for name, m in self.manifest["models"].items():
            self.sess[name] = ort.InferenceSession(str(models_dir / m["file"]), so, providers=["CPUExecutionProvider"])

    def vector(self, norm: str, fs: str) -> np.ndarray:
        i, v = F.extract(norm, fs, normalized=True)
        x = np.zeros(F.feature_dim(fs), np.float32)
        x[i] = np.asarray(v, dtype=np.float32)
        return x

    def run(self, model: str, X: np.ndarray) -> np.ndarray:
        return self.sess[model].run(["probability"], {"features": X.astype(np.float32)})[0].reshape(-1)

    def score(self, text: str, mode: str = "moderate") -> dict:
        norm = F.normalize(text)
        n_words = len(F.tokenize(norm))
        if mode == "fast":
            p = float(self.run("fast", self.vector(norm, "fast")[None])[0])
            extra = {}
        elif mode in ("moderate", "strong"):
            p = float(self.run(mode, self.vector(norm, "full")[None])[0])
            extra = {}
        elif mode == "forensic":
            ch = chunk_texts(norm)
            texts = [norm] + (ch if len(ch) > 1 else [])
            ps = self.run("strong", np.stack([self.vector(t, "full") for t in texts]))
            z = [logit32(q) for q in ps]
            zc = z[1:] if len(z) > 1 else z
            agg = np.array([[z[0], sum(zc) / len(zc), max(zc), min(zc)]], np.float32)
            p = float(self.run("forensic", agg)[0])
            extra = {"n_chunks": len(ch), "chunk_probabilities": [float(q) for q in ps[1:]]}
        else:
            raise ValueError(mode)
        thr = self.manifest["modes"][mode]["threshold"]
        return {"probability": p, "ai": p >= thr, "n_words": n_words,
                "low_confidence": n_words < self.manifest["min_words"], **extra}
