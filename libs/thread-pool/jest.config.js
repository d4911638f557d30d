module.exports = { ...require('../../jest.preset.js'), displayName: 'thread-pool' };
