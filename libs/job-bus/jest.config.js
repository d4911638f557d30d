module.exports = { ...require('../../jest.preset.js'), displayName: 'job-bus' };
