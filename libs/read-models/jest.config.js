module.exports = { ...require('../../jest.preset.js'), displayName: 'read-models' };
