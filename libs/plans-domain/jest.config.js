module.exports = { ...require('../../jest.preset.js'), displayName: 'plans-domain' };
