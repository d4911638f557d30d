module.exports = { ...require('../../jest.preset.js'), displayName: 'detector-worker' };
