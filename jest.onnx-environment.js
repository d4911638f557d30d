// Shared by the detector and humaniser test projects (both load the real ONNX models).
// onnxruntime-node builds output tensors with the host realm's typed arrays, which fail `instanceof` checks
// inside Jest's sandbox realm. Share the host's typed-array constructors with the sandbox (tests only).
const { TestEnvironment } = require('jest-environment-node');

const SHARED = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Float32Array',
  'Float64Array',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxFriendlyEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of SHARED) this.global[name] = globalThis[name];
  }
}

module.exports = OnnxFriendlyEnvironment;
