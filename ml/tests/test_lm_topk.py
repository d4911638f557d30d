"""The language model's top-k graph (`lm_export.topk_graph`) on small random matrices, against float64 numpy: the k
most likely next tokens and their log-probabilities (float32 and int8 matmul), and `share_external`, which points the
graph's weights at the head's saved file instead of a second copy. No model files needed."""
import numpy as np
import onnx
import onnxruntime as ort
import pytest

from inkprint_ml.lm_export import head_graph, share_external, topk_graph

D, V, N, K = 48, 700, 16, 8


def run(model, h, k, path=None):
    so = ort.SessionOptions()
    so.add_session_config_entry("session.disable_quant_qdq", "1")
    src = str(path) if path else model.SerializeToString()
    sess = ort.InferenceSession(src, so, providers=["CPUExecutionProvider"])
    return sess.run(["ids", "logp"], {"hidden": h, "k": np.array([k], np.int64)})


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(11)
    Et = (rng.standard_normal((D, V)) * 0.05).astype(np.float32)
    h = rng.standard_normal((N, D)).astype(np.float32) * 2
    return h, Et


def reference(h, Et):
    z = h.astype(np.float64) @ Et.astype(np.float64)
    return z - (z.max(1) + np.log(np.exp(z - z.max(1, keepdims=True)).sum(1)))[:, None]


def test_float32_topk_matches_numpy(data):
    h, Et = data
    lp = reference(h, Et)
    ids, logp = run(topk_graph(Et, None), h, K)
    assert ids.shape == (N, K) and logp.shape == (N, K)
    want = np.argsort(-lp, axis=1)[:, :K]
    np.testing.assert_array_equal(ids, want)
    np.testing.assert_allclose(logp, np.take_along_axis(lp, want, 1), atol=2e-4)
    assert (np.diff(logp, axis=1) <= 0).all()  # most likely first


def test_int8_topk_is_close(data):
    h, Et = data
    lp = reference(h, Et)
    ids, logp = run(topk_graph(Et, np.ones(D, np.float32)), h, K)
    # the int8 head's log p of the tokens it returns is within its usual error of the exact one
    assert np.abs(logp - np.take_along_axis(lp, ids, 1)).mean() < 0.05
    assert (ids[:, 0] == lp.argmax(1)).mean() >= 0.8


def test_topk_shares_the_heads_weights_file(data, tmp_path):
    h, Et = data
    smooth = np.ones(D, np.float32)
    head = tmp_path / "head.onnx"
    onnx.save_model(head_graph(Et, smooth), str(head), save_as_external_data=True, all_tensors_to_one_file=True,
                    location="head.onnx.data", size_threshold=1024)
    alone = run(topk_graph(Et, smooth), h, K)
    model = topk_graph(Et, smooth)
    shared = share_external(model, head)
    assert shared >= D * V  # the uint8 weights at least
    path = tmp_path / "topk.onnx"
    onnx.save_model(model, str(path))
    assert path.stat().st_size < D * V / 4  # no copy of the weights in the graph file
    got = run(None, h, K, path)
    np.testing.assert_array_equal(got[0], alone[0])
    np.testing.assert_allclose(got[1], alone[1], atol=1e-6)
