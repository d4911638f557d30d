module.exports = { ...require('../../jest.preset.js'), displayName: 'browser-client' };
