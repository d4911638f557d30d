import pytest
from inkprint_ml import data as D
from experiments.lm_generate import opening, prompts
from inkprint_ml.lm_stack import TRAINED


def test_opening_is_the_first_sentence_when_it_is_a_usable_prompt():
    body = " ".join(["word"] * 80)
    assert opening("The committee met on Tuesday to review the budget for next year. " + body) == (
        "The committee met on Tuesday to review the budget for next year.")


def test_opening_falls_back_to_25_words_and_refuses_short_texts():
    long_first = " ".join(f"w{i}" for i in range(70)) + "."
    assert opening(long_first) == " ".join(f"w{i}" for i in range(25))
    assert opening("Too short to prompt with. " * 3) is None


@pytest.mark.skipif(not (D.DATA_DIR / "biscope.jsonl.gz").exists(), reason="datasets not available")
def test_prompts_come_only_from_human_train_rows_of_the_trained_sources():
    rows = D.load_rows()
    D.assign_splits(rows, "release")
    by_id = {r["id"]: r for r in rows}
    ps = prompts(60)
    assert len(ps) == 60
    for p in ps:
        r = by_id[p["prompt_id"]]
        assert (r["split"], r["label"]) == ("train", "human") and r["source"] in TRAINED
        assert D.strip_artifacts(r["text"]).startswith(p["prompt"].split()[0])
