import json

from inkprint_ml import release as R


def test_json_diff_names_the_paths_that_changed():
    a = {"version": "1.2.0", "modes": {"moderate": {"score_knots": [[0.0, 0.0], [0.9, 0.5]], "threshold": 0.9}}}
    b = {"version": "1.2.0", "modes": {"moderate": {"score_knots": [[0.0, 0.0], [0.93, 0.5]], "threshold": 0.9}},
         "encoder": {"name": "x"}}
    assert R.json_diff(a, b) == ["modes.moderate.score_knots.1.0: 0.9 -> 0.93", "encoder: added"]
    assert R.json_diff(b, a) == ["modes.moderate.score_knots.1.0: 0.93 -> 0.9", "encoder: removed"]


def test_carried_entries_take_the_committed_key_order():
    old = {"name": 1, "modes": {"moderate": {"models": 1, "lm": 2, "cost": 3}}, "encoder": 4}
    new = {"modes": {"moderate": {"cost": 3, "models": 1, "lm": 2}}, "name": 1, "extra": 5, "encoder": 4}
    got = R.ordered_like(new, old)
    assert list(got) == ["name", "modes", "encoder", "extra"]
    assert list(got["modes"]["moderate"]) == ["models", "lm", "cost"]
    assert got == new


def test_dump_like_writes_the_files_own_indent_and_escapes(tmp_path):
    card, manifest = tmp_path / "card.json", tmp_path / "manifest.json"
    R.dump_like(card, {"a": "–"}, '{\n "a": "–"\n}\n')
    R.dump_like(manifest, {"a": "–"}, '{\n  "a": "\\u2013"\n}\n')
    assert card.read_text() == '{\n "a": "–"\n}\n'
    assert manifest.read_text() == '{\n  "a": "\\u2013"\n}\n'


def test_cascade_sample_takes_the_encoder_stack_of_rows_judged_family_held_out(tmp_path):
    rows = [{"id": "a", "label": "ai", "p_moderate": 0.1, "p_strong": 0.2, "lm": [1.0]},
            {"id": "b", "label": "human", "p_moderate": 0.3, "p_strong": 0.4, "lm": [2.0]},
            {"id": "c", "label": "human", "p_moderate": 0.5, "p_strong": 0.6, "lm": [3.0]}]
    sample = tmp_path / "s.jsonl"
    sample.write_text("".join(json.dumps(r) + "\n" for r in rows))
    em, es = tmp_path / "em.json", tmp_path / "es.json"
    em.write_text(json.dumps({"a": {"p_angle": 0.7}, "b": {"p_angle": 0.8}}))
    es.write_text(json.dumps({"a": {"p_angle": 0.9}, "c": {"p_angle": 0.95}}))
    out = tmp_path / "out.jsonl"
    assert R.cascade_sample(sample, em, es, out) == 1  # only "a" was judged in both modes
    got = [json.loads(line) for line in open(out)]
    assert got == [{"id": "a", "label": "ai", "p_moderate": 0.7, "p_strong": 0.9, "lm": [1.0],
                    "p_moderate_ngram": 0.1, "p_strong_ngram": 0.2}]


def test_every_carried_manifest_entry_belongs_to_a_step_that_writes_the_manifest():
    for step in R.CARRY:
        assert step in R.BY_HAND or R.MANIFEST in R.OWNS[step]


def test_the_sentence_evidence_blocks_survive_a_rebuilt_ngram_step(tmp_path):
    from types import SimpleNamespace

    blocks = [{"inputs": ["ngram:1"], "modes": ["moderate"]}]
    (tmp_path / "committed").mkdir()
    (tmp_path / "models").mkdir()
    (tmp_path / "committed" / "inkprint-detector.json").write_text(json.dumps({"sentence_evidence": blocks, "modes": {}}))
    (tmp_path / "models" / "inkprint-detector.json").write_text(json.dumps({"modes": {}}))
    run = SimpleNamespace(ran={"ngram": "rebuilt"})
    assert R.carry(tmp_path, run, ["sentence_evidence"]) == ["sentence_evidence (sentence_evidence)"]
    assert json.loads((tmp_path / "models" / "inkprint-detector.json").read_text())["sentence_evidence"] == blocks


def test_a_skipped_steps_manifest_entries_are_carried_after_a_rebuilt_ngram_step(tmp_path):
    from types import SimpleNamespace

    committed = {"models": {"fast": {"sha256": "old"}, "moderate_lm": {"file": "m.onnx"}},
                 "feature_sets": {"moderate_lm": {"dim": 9}},
                 "modes": {"moderate": {"cost": 1, "lm": {"gate": [0.5, 0.9]}}, "strong": {"lm": {"gate": [0.6, 1]}}}}
    fresh = {"modes": {"strong": {}, "moderate": {"cost": 2}}, "models": {"fast": {"sha256": "new"}}, "feature_sets": {}}
    (tmp_path / "committed").mkdir()
    (tmp_path / "models").mkdir()
    (tmp_path / "committed" / "inkprint-detector.json").write_text(json.dumps(committed))
    (tmp_path / "models" / "inkprint-detector.json").write_text(json.dumps(fresh))
    done = R.carry(tmp_path, SimpleNamespace(ran={"ngram": "rebuilt", "cascade": "skipped: needs x"}), ["cascade"])
    assert done == ["models.moderate_lm (cascade)", "feature_sets.moderate_lm (cascade)", "modes.moderate.lm (cascade)",
                    "modes.strong.lm (cascade)"]
    got = json.loads((tmp_path / "models" / "inkprint-detector.json").read_text())
    assert got == {"models": {"fast": {"sha256": "new"}, "moderate_lm": {"file": "m.onnx"}},
                   "feature_sets": {"moderate_lm": {"dim": 9}},
                   "modes": {"moderate": {"cost": 2, "lm": {"gate": [0.5, 0.9]}}, "strong": {"lm": {"gate": [0.6, 1]}}}}
    assert list(got) == ["models", "feature_sets", "modes"]  # the committed manifest's order
    # a step that ran keeps its own entries, and without a rebuilt ngram step nothing is carried
    (tmp_path / "models" / "inkprint-detector.json").write_text(json.dumps(fresh))
    assert R.carry(tmp_path, SimpleNamespace(ran={"ngram": "rebuilt", "cascade": "rebuilt"}), ["cascade"]) == []
    assert R.carry(tmp_path, SimpleNamespace(ran={"ngram": "skipped: --skip"}), ["cascade"]) == []


def test_forensic_on_moderates_cascade_is_carried_whole_and_its_stacker_step_skipped(tmp_path):
    """modes.forensic.base (lm_cascade --forensic-base moderate): after a rebuilt ngram step with the cascade skipped,
    forensic's committed entry is kept whole (the fresh manifest's is the aggregator's); the forensic_lm step does not
    run (nothing shipped reads its stacker) and the cascade step passes --forensic-base moderate."""
    from types import SimpleNamespace

    forensic = {"models": ["moderate"], "base": "moderate's cascade", "lm": {"gate": [0.5, 0.9]}, "score_knots": [1]}
    committed = {"models": {}, "feature_sets": {}, "modes": {"moderate": {"lm": {"gate": [0.5, 0.9]}}, "forensic": forensic}}
    fresh = {"models": {}, "feature_sets": {}, "modes": {"moderate": {}, "forensic": {"models": ["strong", "forensic"]}}}
    (tmp_path / "committed").mkdir()
    (tmp_path / "models").mkdir()
    (tmp_path / "committed" / "inkprint-detector.json").write_text(json.dumps(committed))
    (tmp_path / "models" / "inkprint-detector.json").write_text(json.dumps(fresh))
    done = R.carry(tmp_path, SimpleNamespace(ran={"ngram": "rebuilt", "cascade": "skipped: needs x"}), ["cascade"])
    assert "modes.forensic (cascade)" in done
    assert json.loads((tmp_path / "models" / "inkprint-detector.json").read_text())["modes"]["forensic"] == forensic
    run = R.Run.__new__(R.Run)
    run.s, run.ml, run.a, run.ran = tmp_path, tmp_path / "ml", SimpleNamespace(skip=set()), {}
    assert run.forensic_base() == "moderate"
    run.forensic_lm()
    assert run.ran["forensic_lm"].startswith("skipped: forensic reads moderate's cascade")
