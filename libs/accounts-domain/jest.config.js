module.exports = { ...require('../../jest.preset.js'), displayName: 'accounts-domain' };
