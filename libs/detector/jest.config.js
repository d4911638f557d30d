module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'detector',
  testEnvironment: require.resolve('../../jest.onnx-environment.js'),
};
