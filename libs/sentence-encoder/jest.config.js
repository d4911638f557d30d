module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'sentence-encoder',
  // The int tests run the real ONNX encoder: share the host's typed arrays like the detector's own tests.
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
};
