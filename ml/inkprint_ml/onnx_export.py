"""Hand-built ONNX graphs (opset 13, core ops only): standardise -> clip -> model -> calibrated sigmoid."""
from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


def _c(name, arr):
    return numpy_helper.from_array(np.asarray(arr, dtype=np.float32), name)


def _std_nodes(prefix, inp, mu, inv_sd, nodes, inits):
    inits += [_c(prefix + "mu", mu.reshape(1, -1)), _c(prefix + "isd", inv_sd.reshape(1, -1)),
              _c(prefix + "lo", -6.0), _c(prefix + "hi", 6.0)]
    nodes += [helper.make_node("Sub", [inp, prefix + "mu"], [prefix + "c"]),
              helper.make_node("Mul", [prefix + "c", prefix + "isd"], [prefix + "s"]),
              helper.make_node("Clip", [prefix + "s", prefix + "lo", prefix + "hi"], [prefix + "z"])]
    return prefix + "z"


def linear_branch(prefix, inp, mu, inv_sd, w, b, nodes, inits):
    z = _std_nodes(prefix, inp, mu, inv_sd, nodes, inits)
    inits += [_c(prefix + "W", w.reshape(-1, 1)), _c(prefix + "b", np.array([b]))]
    nodes += [helper.make_node("MatMul", [z, prefix + "W"], [prefix + "mm"]),
              helper.make_node("Add", [prefix + "mm", prefix + "b"], [prefix + "logit"])]
    return prefix + "logit"


def mlp_branch(prefix, inp, col_start, col_end, mu, inv_sd, layers, nodes, inits):
    """layers: list of (W [in,out], b [out]); ReLU between layers; final out dim 1."""
    inits += [numpy_helper.from_array(np.array([col_start], dtype=np.int64), prefix + "s0"),
              numpy_helper.from_array(np.array([col_end], dtype=np.int64), prefix + "s1"),
              numpy_helper.from_array(np.array([1], dtype=np.int64), prefix + "ax")]
    nodes.append(helper.make_node("Slice", [inp, prefix + "s0", prefix + "s1", prefix + "ax"], [prefix + "sl"]))
    h = _std_nodes(prefix, prefix + "sl", mu, inv_sd, nodes, inits)
    for k, (W, b) in enumerate(layers):
        inits += [_c(f"{prefix}W{k}", W), _c(f"{prefix}b{k}", b.reshape(1, -1))]
        nodes += [helper.make_node("MatMul", [h, f"{prefix}W{k}"], [f"{prefix}m{k}"]),
                  helper.make_node("Add", [f"{prefix}m{k}", f"{prefix}b{k}"], [f"{prefix}a{k}"])]
        h = f"{prefix}a{k}"
        if k < len(layers) - 1:
            nodes.append(helper.make_node("Relu", [h], [f"{prefix}r{k}"]))
            h = f"{prefix}r{k}"
    return h


def tree_branch(prefix, inp, col_start, col_end, hgb, nodes, inits):
    """sklearn HistGradientBoostingClassifier (binary) -> ai.onnx.ml TreeEnsembleRegressor producing the raw logit."""
    inits += [numpy_helper.from_array(np.array([col_start], dtype=np.int64), prefix + "s0"),
              numpy_helper.from_array(np.array([col_end], dtype=np.int64), prefix + "s1"),
              numpy_helper.from_array(np.array([1], dtype=np.int64), prefix + "ax")]
    nodes.append(helper.make_node("Slice", [inp, prefix + "s0", prefix + "s1", prefix + "ax"], [prefix + "sl"]))
    A = {k: [] for k in ["tid", "nid", "fid", "val", "mode", "tt", "ff"]}
    T = {k: [] for k in ["tid", "nid", "w"]}
    for t, preds in enumerate(hgb._predictors):
        nd = preds[0].nodes
        for i, n in enumerate(nd):
            A["tid"].append(t); A["nid"].append(i)
            if n["is_leaf"]:
                A["fid"].append(0); A["val"].append(0.0); A["mode"].append("LEAF"); A["tt"].append(0); A["ff"].append(0)
                T["tid"].append(t); T["nid"].append(i); T["w"].append(float(n["value"]))
            else:
                A["fid"].append(int(n["feature_idx"])); A["val"].append(float(n["num_threshold"]))
                A["mode"].append("BRANCH_LEQ"); A["tt"].append(int(n["left"])); A["ff"].append(int(n["right"]))
    base = float(np.ravel(hgb._baseline_prediction)[0])
    nodes.append(helper.make_node(
        "TreeEnsembleRegressor", [prefix + "sl"], [prefix + "logit"], domain="ai.onnx.ml",
        nodes_treeids=A["tid"], nodes_nodeids=A["nid"], nodes_featureids=A["fid"], nodes_values=A["val"],
        nodes_modes=A["mode"], nodes_truenodeids=A["tt"], nodes_falsenodeids=A["ff"],
        nodes_missing_value_tracks_true=[0] * len(A["tid"]),
        target_treeids=T["tid"], target_nodeids=T["nid"], target_ids=[0] * len(T["tid"]), target_weights=T["w"],
        n_targets=1, aggregate_function="SUM", base_values=[base], post_transform="NONE"))
    return prefix + "logit"


def finish(name, D, logits, coefs, intercept, nodes, inits, doc="", ml=False):
    """prob = sigmoid(sum_i coefs[i]*logits[i] + intercept) as [N]."""
    acc = None
    for k, (lg, a) in enumerate(zip(logits, coefs)):
        inits.append(_c(f"cal_a{k}", np.array([a])))
        nodes.append(helper.make_node("Mul", [lg, f"cal_a{k}"], [f"cal_m{k}"]))
        if acc is None:
            acc = f"cal_m{k}"
        else:
            nodes.append(helper.make_node("Add", [acc, f"cal_m{k}"], [f"cal_s{k}"]))
            acc = f"cal_s{k}"
    inits += [_c("cal_b", np.array([intercept])),
              numpy_helper.from_array(np.array([-1], dtype=np.int64), "shape_n")]
    nodes += [helper.make_node("Add", [acc, "cal_b"], ["cal_z"]),
              helper.make_node("Sigmoid", ["cal_z"], ["prob2d"]),
              helper.make_node("Reshape", ["prob2d", "shape_n"], ["probability"])]
    graph = helper.make_graph(
        nodes, name,
        [helper.make_tensor_value_info("features", TensorProto.FLOAT, ["N", D])],
        [helper.make_tensor_value_info("probability", TensorProto.FLOAT, ["N"])],
        inits)
    ops = [helper.make_opsetid("", OPSET)] + ([helper.make_opsetid("ai.onnx.ml", 3)] if ml else [])
    model = helper.make_model(graph, opset_imports=ops,
                              producer_name="inkprint-ml", doc_string=doc)
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model
