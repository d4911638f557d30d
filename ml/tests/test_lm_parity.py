"""Gemma tokenizer on fixed strings (literal ids, as llama.cpp tokenises them) and ml/fixtures/lm-parity.jsonl against
the current code. Skipped when models/lm (built by `python -m inkprint_ml.lm_export`) is absent."""
import json

import numpy as np
import pytest

from inkprint_ml import features as F
from inkprint_ml.lm_features import LM_DIR, MAX_TOKENS, TOKENIZER, document_features

FIXTURES = F.REPO_ROOT / "ml" / "fixtures" / "lm-parity.jsonl"

needs_tokenizer = pytest.mark.skipif(not (LM_DIR / TOKENIZER).exists(), reason="models/lm is absent (lm_export)")

# (text, ids with BOS): spaces, user-defined tokens (HTML tags, runs of spaces/newlines/tabs), byte fallback (a control
# character), astral characters and CJK.
CASES = [
    ("", [2]),
    ("Certainly! The film offers a captivating exploration of resilience and hope.",
     [2, 117494, 236888, 669, 4103, 5469, 496, 81865, 22824, 529, 35691, 532, 4614, 236761]),
    ("\x07", [2, 245]),
    ("Great place 😀👍 would go again 🍕! 10/10 𝐀𝐁",
     [2, 20418, 1977, 163543, 240493, 1093, 817, 1570, 236743, 245414, 236888, 236743, 236770, 236771, 236786, 236770,
      236771, 236743, 246722, 251660]),
    ("今日はいい天気です。我们去公园吧！ 한국어 테스트.",
     [2, 90082, 18137, 228212, 3652, 236924, 6932, 237648, 95361, 238702, 237354, 50413, 237430, 112196, 236761]),
    ("<b>Bold</b> and <i>italic</i>, a <table><tr><td>cell</td></tr></table> and <br> <h1>Title</h1>",
     [2, 200, 40339, 209, 532, 236743, 201, 29378, 210, 236764, 496, 236743, 168, 173, 175, 5447, 183, 181, 176, 532,
      655, 1457, 236813, 236743, 184, 7396, 191]),
    ("a  b   c    d\t\te\n\n\nf \n \n g",
     [2, 236746, 138, 236763, 139, 236755, 140, 236753, 255969, 236744, 109, 236760, 236743, 107, 236743, 107, 549]),
    ("Tab\tand\x07bell\x00null",
     [2, 7874, 255968, 624, 245, 11761, 238, 6455]),
]


@needs_tokenizer
@pytest.mark.parametrize("text,ids", CASES)
def test_tokenizer_fixed_strings(text, ids):
    from inkprint_ml.lm_tokenizer import GemmaTokenizer

    tok = GemmaTokenizer(LM_DIR / TOKENIZER)
    assert tok.encode(text) == ids
    assert tok.encode(text, bos=False) == ids[1:]


@needs_tokenizer
def test_fixture_ids_match_tokenizer():
    from inkprint_ml.lm_tokenizer import GemmaTokenizer

    tok = GemmaTokenizer(LM_DIR / TOKENIZER)
    rows = [json.loads(l) for l in FIXTURES.read_text().splitlines() if l.strip()]
    assert len(rows) >= 14
    assert any(len(r["ids"]) > MAX_TOKENS for r in rows)  # the cap and several head blocks are exercised
    for r in rows:
        assert F.normalize(r["text"]) == r["normalized"], r["name"]
        assert tok.encode(r["normalized"]) == r["ids"], r["name"]
        assert r["ids_capped"] == r["ids"][:MAX_TOKENS], r["name"]
        assert tok.encode(r["text"]) == r["ids_raw"], r["name"]


def test_fixture_features_from_stored_stats():
    """The stored statistics (float32 values) give the stored features again (no model needed)."""
    if not FIXTURES.exists():
        pytest.skip("ml/fixtures/lm-parity.jsonl not written yet (python -m inkprint_ml.lm_parity)")
    for l in FIXTURES.read_text().splitlines():
        r = json.loads(l)
        n = max(len(r["ids_capped"]) - 1, 0)
        stats = [np.asarray(r[k], np.float32) for k in ("logp", "entropy", "variance", "rank")]
        assert all(len(s) == n for s in stats), r["name"]
        # the same float32 inputs on another processor: numpy's vector reductions may differ in the last bit
        assert document_features(*stats) == pytest.approx(r["features"], rel=1e-9, abs=1e-12), r["name"]
