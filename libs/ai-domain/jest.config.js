module.exports = { ...require('../../jest.preset.js'), displayName: 'ai-domain' };
