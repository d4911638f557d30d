module.exports = { ...require('../../jest.preset.js'), displayName: 'eventstore-kurrentdb' };
