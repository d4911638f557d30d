const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'web',
  moduleNameMapper: {
    '^@inkprint/contracts/(.*)$': path.join(__dirname, '../../libs/contracts/src/$1'),
    ...preset.moduleNameMapper,
  },
};
