"""The hand-built ONNX graphs reproduce sklearn exactly (synthetic data, no dataset needed)."""
import numpy as np
import onnxruntime as ort
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression

from inkprint_ml import onnx_export as OX


def _run(model, X):
    s = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(["probability"], {"features": X.astype(np.float32)})[0]


def _data(seed=0, n=400, d=30):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)).astype(np.float32).astype(np.float64)
    y = (X[:, 0] + 0.5 * X[:, 1] * X[:, 2] + rng.normal(scale=0.5, size=n) > 0).astype(int)
    return X, y


def test_linear_graph_matches_sklearn():
    X, y = _data()
    lr = LogisticRegression(C=1.0, max_iter=1000).fit(X, y)
    D = X.shape[1]
    nodes, inits = [], []
    lg = OX.linear_branch("lin_", "features", np.zeros(D), np.ones(D), lr.coef_.ravel(), float(lr.intercept_[0]), nodes, inits)
    m = OX.finish("t", D, [lg], [1.0], 0.0, nodes, inits)
    Xc = np.clip(X, -6, 6)  # the graph clips standardised inputs to [-6, 6]
    assert np.abs(_run(m, X) - lr.predict_proba(Xc)[:, 1]).max() < 1e-5


def test_tree_graph_matches_sklearn():
    X, y = _data(1)
    hgb = HistGradientBoostingClassifier(max_iter=50, random_state=0).fit(X, y)
    D = X.shape[1]
    nodes, inits = [], []
    lg = OX.tree_branch("hgb_", "features", 0, D, hgb, nodes, inits)
    m = OX.finish("t", D, [lg], [1.0], 0.0, nodes, inits, ml=True)
    assert np.abs(_run(m, X) - hgb.predict_proba(X)[:, 1]).max() < 1e-4


def test_stacked_calibration():
    X, y = _data(2)
    lr = LogisticRegression().fit(X, y)
    hgb = HistGradientBoostingClassifier(max_iter=20, random_state=0).fit(X, y)
    D = X.shape[1]
    nodes, inits = [], []
    a = OX.linear_branch("lin_", "features", np.zeros(D), np.ones(D), lr.coef_.ravel(), float(lr.intercept_[0]), nodes, inits)
    b = OX.tree_branch("hgb_", "features", 0, D, hgb, nodes, inits)
    m = OX.finish("t", D, [a, b], [0.7, 0.4], -0.2, nodes, inits, ml=True)
    z = 0.7 * lr.decision_function(X) + 0.4 * hgb.decision_function(X) - 0.2
    assert np.abs(_run(m, X) - 1 / (1 + np.exp(-z))).max() < 1e-4
