"""Tiny ONNX models for the engine's integration tests (libs/detector/src/testing/):
probability = sigmoid(sum(features) * a + b) with input `features` float32 [N, D].
   ml/.venv/bin/python libs/detector/scripts/make-test-model.py
"""
from pathlib import Path
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OUT = Path(__file__).resolve().parents[1] / "src" / "testing"

def build(name, D, a, b):
    inits = [numpy_helper.from_array(np.array([1], dtype=np.int64), "axes"),
             numpy_helper.from_array(np.array([a], dtype=np.float32), "a"),
             numpy_helper.from_array(np.array([b], dtype=np.float32), "b"),
             numpy_helper.from_array(np.array([-1], dtype=np.int64), "shape")]
    nodes = [helper.make_node("ReduceSum", ["features", "axes"], ["s"], keepdims=1),
             helper.make_node("Mul", ["s", "a"], ["m"]),
             helper.make_node("Add", ["m", "b"], ["z"]),
             helper.make_node("Sigmoid", ["z"], ["p"]),
             helper.make_node("Reshape", ["p", "shape"], ["probability"])]
    g = helper.make_graph(nodes, name, [helper.make_tensor_value_info("features", TensorProto.FLOAT, ["N", D])],
                          [helper.make_tensor_value_info("probability", TensorProto.FLOAT, ["N"])], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)], producer_name="inkprint-detector-tests")
    m.ir_version = 8
    onnx.checker.check_model(m)
    onnx.save(m, OUT / f"{name}.onnx")

build("sum-fast", 65536 + 16384 + 40, 0.05, -1.0)
build("sum-full", 65536 * 2 + 16384 + 40, 0.05, -1.0)
