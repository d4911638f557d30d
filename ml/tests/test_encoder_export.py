"""The shipped sentence-encoder exporter (inkprint_ml.encoder_export): the ONNX graph built from BERT weights equals
the independent numpy forward pass, pooling and normalisation included. Random weights of the all-MiniLM-L6-v2 shapes
(a small vocabulary), so it runs without the fetched model; the fetched one is checked by the export itself and by
libs/sentence-encoder's parity test."""
import numpy as np
import pytest

from inkprint_ml import encoder_export as E

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")


def random_weights(vocab=50, positions=64, seed=0):
    rng = np.random.default_rng(seed)
    H, FF = E.H, 1536
    w = {}
    def put(name, *shape, scale=0.05):
        w[name] = (rng.standard_normal(shape) * scale).astype(np.float32)
    put("embeddings.word_embeddings.weight", vocab, H)
    put("embeddings.position_embeddings.weight", positions, H)
    put("embeddings.token_type_embeddings.weight", 2, H)
    def norm(pre):
        w[pre + ".weight"] = (1 + rng.standard_normal(H) * 0.05).astype(np.float32)
        put(pre + ".bias", H)
    norm("embeddings.LayerNorm")
    for i in range(E.L):
        p = f"encoder.layer.{i}."
        for t in ("query", "key", "value"):
            put(p + f"attention.self.{t}.weight", H, H); put(p + f"attention.self.{t}.bias", H)
        put(p + "attention.output.dense.weight", H, H); put(p + "attention.output.dense.bias", H)
        norm(p + "attention.output.LayerNorm")
        put(p + "intermediate.dense.weight", FF, H); put(p + "intermediate.dense.bias", FF)
        put(p + "output.dense.weight", H, FF); put(p + "output.dense.bias", H)
        norm(p + "output.LayerNorm")
    return w


def test_graph_equals_numpy_forward_and_masks_padding(tmp_path):
    w = random_weights()
    model = E.build_graph(w)
    onnx.checker.check_model(model)
    path = tmp_path / "enc.onnx"
    onnx.save(model, str(path))
    sess = E.session(path)
    seqs = [[1, 5, 7, 9, 2], [1, 3, 2]]
    ref = np.stack([E.np_forward(w, s) for s in seqs])
    got = E.embed(sess, seqs)
    assert np.abs(got - ref).max() < 1e-4
    assert np.allclose(np.linalg.norm(got, axis=1), 1, atol=1e-5)
    # a padded batch: the mask keeps the short sequence's embedding (fp32 graph)
    ids = np.array([[1, 5, 7, 9, 2], [1, 3, 2, 0, 0]], np.int64)
    mask = np.array([[1, 1, 1, 1, 1], [1, 1, 1, 0, 0]], np.int64)
    padded = sess.run(None, {"input_ids": ids, "attention_mask": mask})[0]
    assert np.abs(padded - ref).max() < 1e-4
