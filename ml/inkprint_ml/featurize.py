"""Batch feature extraction with an on-disk cache (ml/cache/, git-ignored)."""
from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from . import features as F

CACHE = Path(__file__).resolve().parents[1] / "cache"


def matrix(texts: list[str], fs: str = "full") -> sp.csr_matrix:
    indptr = [0]
    indices: list[int] = []
    data: list[float] = []
    for t in texts:
        i, v = F.extract(t, fs)
        indices.extend(i)
        data.extend(v)
        indptr.append(len(indices))
    return sp.csr_matrix((np.asarray(data, dtype=np.float32), np.asarray(indices, dtype=np.int32),
                          np.asarray(indptr, dtype=np.int64)), shape=(len(texts), F.feature_dim(fs)))


def cached_matrix(texts: list[str], tag: str) -> sp.csr_matrix:
    CACHE.mkdir(exist_ok=True)
    h = hashlib.sha256()
    h.update(F.FEATURE_VERSION.encode())
    h.update(F.WORDLISTS_PATH.read_bytes())
    h.update(Path(F.__file__).read_bytes())
    for t in texts:
        h.update(t.encode("utf-8")); h.update(b"\0")
    path = CACHE / f"{tag}-{h.hexdigest()[:16]}.npz"
    if path.exists():
        return sp.load_npz(path).tocsr()
    t0 = time.time()
    parts = []
    for s in range(0, len(texts), 5000):
        parts.append(matrix(texts[s:s + 5000]))
        print(f"  features {min(s + 5000, len(texts))}/{len(texts)} {time.time() - t0:.0f}s", file=sys.stderr, flush=True)
    X = sp.vstack(parts).tocsr()
    sp.save_npz(path, X, compressed=False)
    return X


def full_to_fast(X: sp.csr_matrix) -> sp.csr_matrix:
    """Column-select the `fast` layout (word block + dense) out of a `full` matrix."""
    cols = np.r_[0:F.D_WORD, F.D_WORD + F.D_CHAR:F.feature_dim("full")]
    return X[:, cols].tocsr()
