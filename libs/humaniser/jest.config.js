module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'humaniser',
  // The int tests load the real ONNX models: share the host's typed arrays like the detector's own tests.
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
};
