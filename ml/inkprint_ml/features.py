"""Inkprint feature extraction — reference implementation of ml/FEATURES.md.

Everything here is deliberately simple, deterministic and portable so that the
TypeScript engine (libs/detector) can reproduce it bit-for-bit (up to float32
rounding).  No library tokenisers, no stemmers, no locale-dependent calls.

If you change anything in this file you MUST bump FEATURE_VERSION, update
ml/FEATURES.md, retrain, and regenerate ml/fixtures/parity.jsonl in the same
commit.
"""
from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from pathlib import Path

FEATURE_VERSION = "2"

REPO_ROOT = Path(__file__).resolve().parents[2]
WORDLISTS_PATH = REPO_ROOT / "models" / "inkprint-wordlists.json"

# --------------------------------------------------------------------------
# (a) normalisation
# --------------------------------------------------------------------------

# Characters deleted outright (after NFKC).
REMOVE_CHARS = (
    [0x00AD, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF]
    + list(range(0x0000, 0x0009))  # C0 controls except \t \n \v \f \r
    + list(range(0x000E, 0x0020))
    + [0x007F]
)

# Homoglyph table: code point -> ASCII replacement (applied after NFKC).
HOMOGLYPHS = {
    # Cyrillic lowercase
    0x0430: "a", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y",
    0x0445: "x", 0x0456: "i", 0x0458: "j", 0x0455: "s", 0x04BB: "h", 0x0501: "d",
    0x051B: "q", 0x051D: "w", 0x04CF: "l",
    # Cyrillic uppercase
    0x0410: "A", 0x0412: "B", 0x0415: "E", 0x041A: "K", 0x041C: "M", 0x041D: "H",
    0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0423: "Y", 0x0425: "X",
    0x0406: "I", 0x0408: "J", 0x0405: "S", 0x04AE: "Y",
    # Greek uppercase
    0x0391: "A", 0x0392: "B", 0x0395: "E", 0x0396: "Z", 0x0397: "H", 0x0399: "I",
    0x039A: "K", 0x039C: "M", 0x039D: "N", 0x039F: "O", 0x03A1: "P", 0x03A4: "T",
    0x03A5: "Y", 0x03A7: "X",
    # Greek lowercase
    0x03BF: "o", 0x03B1: "a", 0x03BD: "v", 0x03B9: "i", 0x03BA: "k", 0x03C1: "p",
    0x03C5: "u",
    # Latin lookalikes not folded by NFKC
    0x0131: "i",
    # Typographic quotes -> ASCII quotes
    0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201B: "'", 0x2032: "'",
    0x201C: '"', 0x201D: '"', 0x201E: '"', 0x201F: '"',
}

# Characters mapped to "\n" (after CRLF -> LF).
NEWLINE_CHARS = [0x000D, 0x000B, 0x000C, 0x0085, 0x2028, 0x2029]
# Characters mapped to " ".
SPACE_CHARS = [0x0009, 0x00A0, 0x1680] + list(range(0x2000, 0x200B)) + [0x202F, 0x205F, 0x3000]

_TRANS = {}
for _c in REMOVE_CHARS:
    _TRANS[_c] = None
for _c, _r in HOMOGLYPHS.items():
    _TRANS[_c] = _r
for _c in NEWLINE_CHARS:
    _TRANS[_c] = "\n"
for _c in SPACE_CHARS:
    _TRANS[_c] = " "

_RE_SPACES = re.compile(r" {2,}")
_RE_SPACE_NL = re.compile(r" *\n *")
_RE_MANY_NL = re.compile(r"\n{3,}")


def normalize(text: str) -> str:
    """Normalise text exactly as specified in FEATURES.md section 1."""
    t = unicodedata.normalize("NFKC", text)
    t = t.replace("\r\n", "\n")
    t = t.translate(_TRANS)
    t = _RE_SPACES.sub(" ", t)
    t = _RE_SPACE_NL.sub("\n", t)
    t = _RE_MANY_NL.sub("\n\n", t)
    t = t.strip(" \n")
    return t


# --------------------------------------------------------------------------
# (b) tokenisation
# --------------------------------------------------------------------------

WORD_CLASS = (
    "[0-9A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F"
    "\\u0300-\\u036F\\u0370-\\u03FF\\u0400-\\u052F\\u0590-\\u05FF\\u0600-\\u06FF"
    "\\u0900-\\u097F\\u3040-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uAC00-\\uD7AF]"
)
TOKEN_PATTERN = WORD_CLASS + "+(?:'" + WORD_CLASS + "+)*"
RE_TOKEN = re.compile(TOKEN_PATTERN)

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(s: str) -> str:
    return s.translate(_ASCII_LOWER)


def tokens_cased(norm: str) -> list[str]:
    return RE_TOKEN.findall(norm)


def tokenize(norm: str) -> list[str]:
    return [ascii_lower(t) for t in RE_TOKEN.findall(norm)]


_RE_SENT_END = re.compile("([.!?\\u2026]+[\"')\\]]*) ")


def sentences(norm: str) -> list[list[str]]:
    """Sentences as lists of (lowercased) tokens; sentences without tokens dropped."""
    out = []
    for seg in _RE_SENT_END.sub("\\1\n", norm).split("\n"):
        toks = tokenize(seg)
        if toks:
            out.append(toks)
    return out


# --------------------------------------------------------------------------
# (c) hashing
# --------------------------------------------------------------------------

FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193

_hash_cache: dict[str, int] = {}


def fnv1a32(s: str) -> int:
    h = _hash_cache.get(s)
    if h is not None:
        return h
    h = FNV_OFFSET
    for b in s.encode("utf-8"):
        h ^= b
        h = (h * FNV_PRIME) & 0xFFFFFFFF
    if len(_hash_cache) < 5_000_000:
        _hash_cache[s] = h
    return h


# --------------------------------------------------------------------------
# (d) dense features
# --------------------------------------------------------------------------

_wordlists = None


def wordlists() -> dict[str, frozenset]:
    global _wordlists
    if _wordlists is None:
        raw = json.loads(WORDLISTS_PATH.read_text(encoding="utf-8"))
        _wordlists = {k: frozenset(v) for k, v in raw.items() if isinstance(v, list)}
    return _wordlists


DENSE_NAMES = [
    "sent_len_mean", "sent_len_std", "sent_len_cv", "sent_short_frac", "sent_long_frac",
    "sent_len_absdiff", "word_len_mean", "word_len_std", "long_word_frac", "short_word_frac",
    "ttr_seg", "hapax_seg", "function_word_rate", "ai_word_rate", "transition_start_rate",
    "informal_rate", "first_person_rate", "second_person_rate", "contraction_rate",
    "digit_token_rate", "cap_token_rate", "allcaps_token_rate",
    "p_comma", "p_period", "p_semicolon", "p_colon", "p_exclam", "p_question", "p_emdash",
    "p_endash", "p_hyphen", "p_paren", "p_dquote", "p_apostrophe", "p_ellipsis", "p_markdown",
    "newline_rate", "paragraph_rate", "list_line_frac", "upper_char_ratio",
]
N_DENSE = len(DENSE_NAMES)

_RE_LIST_LINE = re.compile("^(?:[-*\\u2022]|[0-9]{1,3}[.)]) ")
_RE_DIGIT = re.compile("[0-9]")
_RE_UPPER = re.compile("[A-Z]")
_RE_LETTER = re.compile("[A-Za-z]")
_RE_CAP_FIRST = re.compile("^[A-Z]")
_RE_ALLCAPS = re.compile("^[A-Z]{2,}$")
SEG = 50


def _div(a: float, b: float) -> float:
    return a / b if b > 0 else 0.0


def _mean(xs):
    return math.fsum(xs) / len(xs) if xs else 0.0


def _pstd(xs):
    if not xs:
        return 0.0
    m = _mean(xs)
    return math.sqrt(math.fsum((x - m) * (x - m) for x in xs) / len(xs))


def dense_features(norm: str, toks_cased: list[str] | None = None) -> list[float]:
    wl = wordlists()
    if toks_cased is None:
        toks_cased = tokens_cased(norm)
    toks = [ascii_lower(t) for t in toks_cased]
    n = len(toks)
    sents = sentences(norm)
    slen = [len(s) for s in sents]
    m = len(slen)
    sm = _mean(slen)
    ss = _pstd(slen)
    absdiff = _div(math.fsum(abs(slen[i] - slen[i - 1]) for i in range(1, m)), (m - 1)) if m >= 2 else 0.0
    wlen = [len(t) for t in toks]

    # segmented TTR / hapax over consecutive full blocks of SEG tokens
    blocks = [toks[i:i + SEG] for i in range(0, n - SEG + 1, SEG)] if n >= SEG else ([toks] if n else [])
    ttrs, haps = [], []
    for b in blocks:
        c = Counter(b)
        ttrs.append(len(c) / len(b))
        haps.append(sum(1 for v in c.values() if v == 1) / len(b))

    def rate(words):
        return _div(sum(1 for t in toks if t in words), n)

    trans = wl["transitions"]
    lines = [ln for ln in norm.split("\n") if ln != ""]
    n_letters = len(_RE_LETTER.findall(norm))
    f = [
        sm,
        ss,
        _div(ss, sm),
        _div(sum(1 for x in slen if x <= 8), m),
        _div(sum(1 for x in slen if x >= 30), m),
        _div(absdiff, sm),
        _mean(wlen),
        _pstd(wlen),
        _div(sum(1 for x in wlen if x >= 7), n),
        _div(sum(1 for x in wlen if x <= 3), n),
        _mean(ttrs),
        _mean(haps),
        rate(wl["function_words"]),
        rate(wl["ai_words"]),
        _div(sum(1 for s in sents if s[0] in trans), m),
        rate(wl["informal_words"]),
        rate(wl["first_person"]),
        rate(wl["second_person"]),
        _div(sum(1 for t in toks if "'" in t), n),
        _div(sum(1 for t in toks if _RE_DIGIT.search(t)), n),
        _div(sum(1 for t in toks_cased if _RE_CAP_FIRST.match(t)), n),
        _div(sum(1 for t in toks_cased if _RE_ALLCAPS.match(t)), n),
        _div(norm.count(","), n),
        _div(norm.count("."), n),
        _div(norm.count(";"), n),
        _div(norm.count(":"), n),
        _div(norm.count("!"), n),
        _div(norm.count("?"), n),
        _div(norm.count("\u2014"), n),
        _div(norm.count("\u2013"), n),
        _div(norm.count("-"), n),
        _div(norm.count("("), n),
        _div(norm.count('"'), n),
        _div(norm.count("'"), n),
        _div(norm.count("\u2026") + norm.count("..."), n),
        _div(norm.count("*") + norm.count("#"), n),
        _div(norm.count("\n"), n),
        _div(norm.count("\n\n"), n),
        _div(sum(1 for ln in lines if _RE_LIST_LINE.match(ln)), len(lines)),
        _div(len(_RE_UPPER.findall(norm)), n_letters),
    ]
    assert len(f) == N_DENSE
    return f


# --------------------------------------------------------------------------
# (e) sparse hashed blocks
# --------------------------------------------------------------------------

D_WORD = 1 << 16
D_CHAR = 1 << 16


def _block(keys, dim: int) -> dict[int, float]:
    counts: dict[int, int] = {}
    for k, c in Counter(keys).items():
        i = fnv1a32(k) % dim
        counts[i] = counts.get(i, 0) + c
    vals = {i: 1.0 + math.log(c) for i, c in counts.items()}
    norm2 = math.sqrt(math.fsum(vals[i] * vals[i] for i in sorted(vals)))
    if norm2 > 0:
        vals = {i: v / norm2 for i, v in vals.items()}
    return vals


def word_keys(toks: list[str]) -> list[str]:
    keys = ["w:" + t for t in toks]
    keys += ["b:" + toks[i] + " " + toks[i + 1] for i in range(len(toks) - 1)]
    return keys


def char_keys(norm: str) -> list[str]:
    c = ascii_lower(norm).replace("\n", " ")
    keys = ["c3:" + c[i:i + 3] for i in range(len(c) - 2)]
    keys += ["c4:" + c[i:i + 4] for i in range(len(c) - 3)]
    return keys


D_FW = 1 << 14

FEATURE_SETS = {
    # name: list of (family, dim)
    "fast": [("word", D_WORD), ("fw", D_FW), ("dense", N_DENSE)],
    "full": [("word", D_WORD), ("char", D_CHAR), ("fw", D_FW), ("dense", N_DENSE)],
}


def feature_dim(fs: str) -> int:
    return sum(d for _, d in FEATURE_SETS[fs])


def extract(text: str, fs: str = "full", normalized: bool = False) -> tuple[list[int], list[float]]:
    """Sparse feature vector (sorted indices, float64 values) for one text."""
    norm = text if normalized else normalize(text)
    tc = tokens_cased(norm)
    toks = [ascii_lower(t) for t in tc]
    idx: list[int] = []
    val: list[float] = []
    off = 0
    for fam, dim in FEATURE_SETS[fs]:
        if fam == "word":
            blk = _block(word_keys(toks), dim)
        elif fam == "char":
            blk = _block(char_keys(norm), dim)
        elif fam == "fw":
            blk = _block(fw_keys(fw_stream(norm)), dim)
        elif fam == "dense":
            blk = {i: v for i, v in enumerate(dense_features(norm, tc)) if v != 0.0}
        else:
            raise ValueError(fam)
        for i in sorted(blk):
            idx.append(off + i)
            val.append(blk[i])
        off += dim
    return idx, val


def word_count(text: str) -> int:
    return len(tokenize(normalize(text)))


# --------------------------------------------------------------------------
# function-word / shape stream (topic-free syntax n-grams)
# --------------------------------------------------------------------------

RE_STREAM = re.compile(TOKEN_PATTERN + "|[.,;:!?\"()\\u2014\\u2013\\u2026\\n-]")
_RE_ALLDIGIT = re.compile("^[0-9]+$")


def fw_stream(norm: str) -> list[str]:
    fw = wordlists()["function_words"]
    out = []
    for m in RE_STREAM.finditer(norm):
        s = m.group(0)
        if len(s) == 1 and s in ".,;:!?\"()\u2014\u2013\u2026\n-":
            out.append(s)
            continue
        t = ascii_lower(s)
        if t in fw:
            out.append(t)
        elif _RE_ALLDIGIT.match(t):
            out.append("0")
        elif _RE_CAP_FIRST.match(s):
            out.append("C")
        else:
            out.append("_")
    return out


def fw_keys(stream: list[str]) -> list[str]:
    keys = []
    for n in (2, 3, 4):
        p = "f%d:" % n
        keys += [p + " ".join(stream[i:i + n]) for i in range(len(stream) - n + 1)]
    return keys
