module.exports = { ...require('../../jest.preset.js'), displayName: 'text-vault' };
