"""The mixed-authorship benchmark's documents (issue 42 item 1): AI spans and boundaries are where the parts are."""
import random

import pytest

from inkprint_ml.mixed_bench import FAMILIES, build_document, split_sentences

HUMAN = {
    "id": "h1",
    "domain": "essay",
    "text": "I walked to school. It rained all day.\n\nMy shoes got wet. The teacher laughed. We had soup for lunch.",
}
AI = {
    "id": "a1",
    "generator": "gpt-4o",
    "text": "Walking to school offers many benefits. It fosters independence. Moreover, it promotes health. "
    "Ultimately, it is a valuable habit.",
}


def test_split_sentences_keeps_each_sentence_once():
    assert split_sentences(HUMAN["text"]) == [
        "I walked to school.",
        "It rained all day.",
        "My shoes got wet.",
        "The teacher laughed.",
        "We had soup for lunch.",
    ]


@pytest.mark.parametrize("kind", ["human_ai", "ai_human", "human_ai_human", "human", "ai"])
@pytest.mark.parametrize("seed", range(6))
def test_ai_spans_hold_exactly_the_ai_sentences(kind, seed):
    doc = build_document(HUMAN, AI, kind, random.Random(seed))
    text, spans = doc["text"], doc["ai_spans"]
    ai_sentences = set(split_sentences(AI["text"]))
    human_sentences = set(split_sentences(HUMAN["text"]))
    inside = [text[a:b] for a, b in spans]
    outside = text
    for a, b in sorted(spans, reverse=True):
        outside = outside[:a] + "\n\n" + outside[b:]
    assert all(s in ai_sentences for part in inside for s in split_sentences(part))
    assert all(s in human_sentences for s in split_sentences(outside))
    assert (len(spans) == 0) == (kind == "human")
    if kind in ("human_ai", "ai_human"):
        first = text[: spans[0][0]] if kind == "human_ai" else text[: spans[0][1]]
        assert doc["boundary_words"] == len(first.split())
    else:
        assert doc["boundary_words"] is None


def test_tune_and_grade_families_do_not_overlap():
    roles = {role for _, role in FAMILIES.values()}
    assert roles == {"tune", "grade"}
    files = [file for file, _ in FAMILIES.values()]
    assert len(files) == len(set(files))


def test_partly_ai_needs_the_rest_to_read_human():
    import numpy as np

    from inkprint_ml.sentence_evidence import partly_ai

    def doc(kind, score=0.9):
        return {"kind": kind, "docScore": score, "sentences": [{"words": 20, "ai": 1}] * 5}

    # sentences 3-5 AI, 1-2 human (60% of the words): partly AI only when the rest reads human on its own
    human_rest = np.array([-3.0, -3.0, 3.0, 3.0, 3.0])
    unsure_rest = np.array([-1.0, -1.0, 3.0, 3.0, 3.0])
    whole = np.array([3.0] * 5)
    got = partly_ai([doc("ai"), doc("ai"), doc("ai"), doc("human_ai"), doc("ai", 0.6)],
                    [unsure_rest, whole, human_rest, human_rest, human_rest], penalty=2)
    assert got["whole_ai"] == {"docs": 3, "path_only": 2, "partly_ai": 1}
    assert got["mixed"] == {"docs": 1, "path_only": 1, "partly_ai": 1}  # under 0.65 not counted at all
