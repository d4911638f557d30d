import gzip
import json

from inkprint_ml import encoder_data as E


def test_hard_negatives_are_acl_abstracts_without_the_student_workshop(tmp_path, monkeypatch):
    rows = [{"id": f"acl_anthology:{i}", "text": f"abstract {i}", "label": "human", "source": "acl_anthology",
             "domain": "academic_abstract", "student_workshop": i % 3 == 0} for i in range(30)]
    with gzip.open(tmp_path / "human_acl_anthology.jsonl.gz", "wt", encoding="utf-8") as f:
        f.write("\n".join(json.dumps(r) for r in rows) + "\n")
    monkeypatch.setattr(E.D, "DATA_DIR", tmp_path)
    got = E.load_hard_negatives(cap=12)
    assert len(got) == 12
    assert not any(r["student_workshop"] for r in got)  # the genre the lines are graded on is never trained on
    assert {r["file"] for r in got} == {"human_acl_anthology"}
    assert E.load_hard_negatives(cap=12) == got  # chosen by a hash of the id, not by order or chance
    assert E.HARD_NEGATIVE_FOLD["human_acl_anthology"] in range(len(E.FAMILY_NAMES))
