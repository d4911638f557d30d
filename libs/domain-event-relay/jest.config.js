module.exports = { ...require('../../jest.preset.js'), displayName: 'domain-event-relay' };
