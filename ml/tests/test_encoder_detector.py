"""The fine-tuned encoder detector's graph (inkprint_ml.encoder_detector): the classifier tail is the mean-pooled
encoder through one linear unit and a sigmoid, and the shipped weight-only int8 form stays within rounding of fp32.
Random weights of the all-MiniLM-L6-v2 shapes, so it runs without the trained model; the trained one is checked
against the GPU's own logits by the export and against TypeScript by the parity fixtures."""
import math

import numpy as np
import pytest

from inkprint_ml import encoder_detector as X
from inkprint_ml import encoder_export as E
from inkprint_ml.engine import encoder_stack

from test_encoder_export import random_weights

onnx = pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")


def test_head_and_weight_only_int8(tmp_path):
    w = random_weights()
    rng = np.random.default_rng(1)
    hw, hb = (rng.standard_normal(E.H) * 0.3).astype(np.float32), 0.25
    model = X.build(w, hw, hb)
    onnx.checker.check_model(model)
    p32 = tmp_path / "det.onnx"
    onnx.save(model, str(p32))
    seqs = [[1, 5, 7, 9, 2], [1, 3, 2], [1, 11, 12, 13, 14, 15, 2]]
    got = X.run(E.session(p32), seqs)
    # the tail: sigmoid(head . mean_pooled + b), mean_pooled read from the sentence encoder's own graph
    enc = E.build_graph(w)
    enc.graph.output.extend([onnx.helper.make_tensor_value_info("mean_pooled", onnx.TensorProto.FLOAT, ["B", E.H])])
    pe = tmp_path / "enc.onnx"
    onnx.save(enc, str(pe))
    sess = E.session(pe)
    for s_, g in zip(seqs, got):
        a = np.array([s_], np.int64)
        m = sess.run(["mean_pooled"], {"input_ids": a, "attention_mask": np.ones_like(a)})[0][0]
        assert g == pytest.approx(1 / (1 + math.exp(-(float(m @ hw) + hb))), abs=1e-5)
    q = X.weight_only_int8(onnx.load(str(p32)))
    onnx.checker.check_model(q)
    p8 = tmp_path / "det8.onnx"
    onnx.save(q, str(p8))
    got8 = X.run(E.session(p8), seqs)
    assert np.abs(got8 - got).max() < 0.02
    # every weight matrix is stored as int8
    big = [i for i in q.graph.initializer if len(i.dims) == 2]
    assert big and all(i.data_type == onnx.TensorProto.INT8 for i in big)


def test_encoder_stack_formula():
    st = {"coef": [0.5, 1.5], "intercept": -0.25}
    lg = lambda p: math.log(p / (1 - p))  # noqa: E731
    assert encoder_stack(0.7, 0.9, st) == pytest.approx(1 / (1 + math.exp(-(0.5 * lg(0.7) + 1.5 * lg(0.9) - 0.25))))
    # the encoder's logit is clipped to [-8, 8]
    assert encoder_stack(0.5, 1.0, st) == pytest.approx(1 / (1 + math.exp(-(1.5 * 8 - 0.25))))
