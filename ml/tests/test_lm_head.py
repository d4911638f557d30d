"""The language model's head graph (`lm_export.head_graph`) on small random matrices, against float64 numpy: the
statistics (log p of the next token, entropy, variance of log p, rank) in float32, and the int8 matmul with its
SmoothQuant factors. No model files needed."""
import numpy as np
import onnx
import onnxruntime as ort
import pytest

from inkprint_ml.lm_export import head_graph

D, V, N = 48, 700, 24


def reference(h, Et, y):
    z = h.astype(np.float64) @ Et.astype(np.float64)
    lse = z.max(1) + np.log(np.exp(z - z.max(1, keepdims=True)).sum(1))
    lp = z - lse[:, None]
    p = np.exp(lp)
    ent = -(p * lp).sum(1)
    var = (p * lp * lp).sum(1) - ent**2
    zy = z[np.arange(len(y)), y]
    return {"logp": zy - lse, "entropy": ent, "variance": var, "rank": (z > zy[:, None]).sum(1).astype(float)}


def run(model, h, y):
    so = ort.SessionOptions()
    so.add_session_config_entry("session.disable_quant_qdq", "1")  # as LMScorer and the engine run it
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    names = ["logp", "entropy", "variance", "rank"]
    return dict(zip(names, sess.run(names, {"hidden": h, "next_ids": y})))


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    Et = (rng.standard_normal((D, V)) * 0.05).astype(np.float32)  # logits with a spread of ~2
    h = rng.standard_normal((N, D)).astype(np.float32) * 2
    h[:, [3, 17]] *= 12  # outlier dimensions, as Gemma's hidden state has
    y = rng.integers(0, V, N).astype(np.int64)
    return h, Et, y


def smoothing(h, Et):
    s = np.sqrt(np.abs(h).max(0)) / np.sqrt(np.abs(Et).max(1))
    return (s / np.median(s)).astype(np.float32)


def test_float32_statistics_match_float64(data):
    h, Et, y = data
    want, got = reference(h, Et, y), run(head_graph(Et, None), h, y)
    for k in ("logp", "entropy", "variance"):
        np.testing.assert_allclose(got[k], want[k], rtol=1e-4, atol=2e-4)
    np.testing.assert_array_equal(got["rank"], want["rank"])


def test_int8_head_is_close_and_smoothing_helps(data):
    h, Et, y = data
    want = reference(h, Et, y)
    smooth = run(head_graph(Et, smoothing(h, Et)), h, y)
    plain = run(head_graph(Et, np.ones(D, np.float32)), h, y)
    err_s = np.abs(smooth["logp"] - want["logp"]).mean()
    err_p = np.abs(plain["logp"] - want["logp"]).mean()
    assert err_s < 0.03, err_s
    assert err_s < 0.6 * err_p, (err_s, err_p)  # the outlier dimensions cost the unsmoothed head its range
    assert np.abs(smooth["entropy"] - want["entropy"]).mean() < 0.02
    assert np.median(np.abs(smooth["rank"] - want["rank"])) <= 3  # of 700, with logits this close together


def test_int8_weights_are_uint8_around_128(data):
    """uint8 x uint8 never saturates on CPUs without VNNI (uint8 x int8 adds product pairs in int16 there)."""
    h, Et, _ = data
    model = head_graph(Et, smoothing(h, Et))
    inits = {i.name: i for i in model.graph.initializer}
    mm = [n for n in model.graph.node if n.op_type == "MatMulInteger"]
    assert len(mm) == 1
    w, wzp = inits[mm[0].input[1]], inits[mm[0].input[3]]
    assert w.data_type == onnx.TensorProto.UINT8 and wzp.data_type == onnx.TensorProto.UINT8
    assert set(onnx.numpy_helper.to_array(wzp).tolist()) == {128}
    q = onnx.numpy_helper.to_array(w).astype(int) - 128
    assert q.min() >= -127 and q.max() <= 127
