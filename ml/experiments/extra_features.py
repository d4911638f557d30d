"""Candidate dense features for feature spec v3 (experiments only; not used by the product).

Every feature is a few lines of FEATURES.md-style definition on top of the v2 primitives (normalize, tokens,
sentences, fw stream, function_words) plus one word-frequency table (experiments/build_wordfreq_table.py).
Definitions: z(t) = zipf(t) for a lowercased token t without a digit: table value / 100 if t is in the table,
else Z_OOV. Tokens containing a digit are not "words" and are skipped by the wf_* features.
q(xs, p) = sorted(xs)[floor(p * (len - 1))] (nearest rank, 0 for empty).
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

from inkprint_ml import features as F
from inkprint_ml.features import _div, _mean, _pstd

TABLE_PATH = Path(__file__).resolve().parents[1] / "cache" / "wordfreq_table.json"
Z_OOV = 2.0
_zipf = None
_RE_DIG = re.compile("[0-9]")


def zipf_table():
    global _zipf
    if _zipf is None:
        t = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
        _zipf = {}
        for z, ws in t["buckets"]:
            for w in ws.split(" "):
                _zipf[w] = z / 100.0
    return _zipf


def _q(xs, p):
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[int(math.floor(p * (len(s) - 1)))]


WF_NAMES = ["wf_mean", "wf_std", "wf_q10", "wf_q25", "wf_q50", "wf_oov", "wf_lt3", "wf_3_4", "wf_4_5", "wf_5_6",
            "wf_content_mean", "wf_content_std", "wf_sent_mean_std", "wf_sent_min_mean", "wf_sent_min_std",
            "wf_adj_absdiff"]
XS_NAMES = ["fw_sent_std", "fw_sent_cv", "punct_gap_mean", "punct_gap_std", "punct_gap_cv", "sent_first_distinct",
            "sent_wlen_std", "para_len_cv"]
NAMES = WF_NAMES + XS_NAMES
PUNCT = set(".,;:!?")


def wf_features(toks, sents, fw):
    zt = zipf_table()
    z = [zt.get(t, Z_OOV) for t in toks if not _RE_DIG.search(t)]
    k = len(z)
    zc = [zt.get(t, Z_OOV) for t in toks if not _RE_DIG.search(t) and t not in fw]
    smean, smin = [], []
    for s in sents:
        zs = [zt.get(t, Z_OOV) for t in s if not _RE_DIG.search(t)]
        if zs:
            smean.append(_mean(zs)); smin.append(min(zs))
    adj = [abs(z[i] - z[i - 1]) for i in range(1, k)]
    oov = sum(1 for t in toks if not _RE_DIG.search(t) and t not in zt)
    return [
        _mean(z), _pstd(z), _q(z, 0.10), _q(z, 0.25), _q(z, 0.50), _div(oov, k),
        _div(sum(1 for x in z if x < 3.0), k), _div(sum(1 for x in z if 3.0 <= x < 4.0), k),
        _div(sum(1 for x in z if 4.0 <= x < 5.0), k), _div(sum(1 for x in z if 5.0 <= x < 6.0), k),
        _mean(zc), _pstd(zc), _pstd(smean), _mean(smin), _pstd(smin), _mean(adj),
    ]


def xs_features(norm, toks, sents, fw):
    fr = [sum(1 for t in s if t in fw) / len(s) for s in sents]
    stream = F.fw_stream(norm)
    pos = [i for i, it in enumerate(stream) if it in PUNCT]
    gaps = [pos[i] - pos[i - 1] for i in range(1, len(pos))]
    swl = [_mean([len(t) for t in s]) for s in sents]
    paras = [len(F.tokenize(p)) for p in norm.split("\n\n")]
    paras = [p for p in paras if p > 0]
    return [
        _pstd(fr), _div(_pstd(fr), _mean(fr)), _mean(gaps), _pstd(gaps), _div(_pstd(gaps), _mean(gaps)),
        _div(len(set(s[0] for s in sents)), len(sents)), _pstd(swl),
        _div(_pstd(paras), _mean(paras)) if len(paras) >= 2 else 0.0,
    ]


def extra(text: str) -> list[float]:
    norm = F.normalize(text)
    toks = F.tokenize(norm)
    sents = F.sentences(norm)
    fw = F.wordlists()["function_words"]
    return wf_features(toks, sents, fw) + xs_features(norm, toks, sents, fw)


# --------------------------------------------------------------------------
# fz block: the v2 fw stream with every non-function, non-digit, lower-case-initial word replaced by its
# word-frequency band ("z2": zipf < 3 or OOV, "z3": 3-4, "z4": 4-5, "z5": 5-6, "z6": >= 6); hashed 2-4grams.
# --------------------------------------------------------------------------
D_FZ = 1 << 14


def fz_stream(norm):
    zt = zipf_table()
    fw = F.wordlists()["function_words"]
    out = []
    for m in F.RE_STREAM.finditer(norm):
        s = m.group(0)
        if len(s) == 1 and s in ".,;:!?\"()\u2014\u2013\u2026\n-":
            out.append(s); continue
        t = F.ascii_lower(s)
        if t in fw:
            out.append(t)
        elif F._RE_ALLDIGIT.match(t):
            out.append("0")
        elif F._RE_CAP_FIRST.match(s):
            out.append("C")
        else:
            z = zt.get(t, Z_OOV)
            out.append("z%d" % min(6, max(2, int(math.floor(z)))))
    return out


def fz_block(text):
    st = fz_stream(F.normalize(text))
    keys = []
    for n in (2, 3, 4):
        keys += ["z%d:" % n + " ".join(st[i:i + n]) for i in range(len(st) - n + 1)]
    return F._block(keys, D_FZ)
