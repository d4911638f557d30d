import os
import pytest
from inkprint_ml import data as D

pytestmark = pytest.mark.skipif(not (D.DATA_DIR / "biscope.jsonl.gz").exists(), reason="datasets not available")


@pytest.fixture(scope="module")
def rows():
    r = D.load_rows()
    D.assign_splits(r)
    return r


def assert_each_group_in_one_split(rows):
    by_group = {}
    for r in rows:
        if r["split"] != "excluded":
            by_group.setdefault(r["group"], set()).add(r["split"])
    assert all(len(s) == 1 for s in by_group.values())


def test_no_group_straddles(rows):
    assert_each_group_in_one_split(rows)
    # pair_id links: a row and the row its pair_id points to are never train-vs-test
    split_of = {r["id"]: r["split"] for r in rows}
    for r in rows:
        if r["pair_id"] and r["pair_id"] in split_of and r["split"] != "excluded":
            other = split_of[r["pair_id"]]
            assert {r["split"], other} != {"train", "test"}


def test_heldout_sources_generators_never_trained(rows):
    for r in rows:
        if r["split"] in ("train", "val"):
            assert r["source"] not in D.TEST_SOURCES
            assert r["generator"] not in D.TEST_GENERATORS
            assert r["label"] != "ai_edited"
            assert (r["source"], r["domain"]) not in D.EVAL_ONLY_DOMAINS
    assert any(r["split"] == "test" and r["source"] == "outfox_valid" for r in rows)
    assert any(r["split"] == "test" and r["generator"] == "gpt-4o" for r in rows)


def test_split_deterministic():
    a = D.load_rows()[:3000]; b = [dict(x) for x in a]
    D.assign_splits(a); D.assign_splits(b)
    assert [x["split"] for x in a] == [x["split"] for x in b]


def test_strip_artifacts():
    assert D.strip_artifacts("Sure! Here is a reworded version:\nThe cat sat on the mat and looked around the room.") \
        == "The cat sat on the mat and looked around the room."
    assert D.strip_artifacts("Here's a 140 word story for your prompt:\n\nOnce upon a time there was a very small dragon.") \
        == "Once upon a time there was a very small dragon."
    assert D.strip_artifacts("Title: Deep Nets\n\nWe study deep networks and their many interesting properties.") \
        == "We study deep networks and their many interesting properties."
    human = "Here's two pieces! I wrote them last week and I am still not happy with either of them."
    assert D.strip_artifacts(human) == human


def test_release_profile_keeps_seqxgpt_and_claude_unseen(rows):
    rel = [dict(r) for r in rows]
    D.assign_splits(rel, "release")
    for r in rel:
        if r["split"] in ("train", "val"):
            assert r["source"] != "seqxgpt" and r["generator"] != "claude-3-opus"
            assert r["label"] != "ai_edited" and (r["source"], r["domain"]) not in D.EVAL_ONLY_DOMAINS
    assert any(r["split"] == "train" and r["source"] == "outfox_valid" for r in rel)
    assert any(r["split"] == "train" and r["generator"] == "gpt-4o" for r in rel)
    # a group never straddles train and test in the release profile either
    assert_each_group_in_one_split(rel)
    # documents held out by the release profile are a subset of the protocol's test documents or new test groups,
    # never rows the protocol trained on
    prot = {r["id"]: r["split"] for r in rows}
    assert not any(r["split"] == "test" and prot[r["id"]] in ("train", "val") for r in rel)
