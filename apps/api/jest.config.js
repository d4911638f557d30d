module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api',
  // The load and fault tests run only through `npm run test:load` (jest.load.config.js).
  testPathIgnorePatterns: ['/node_modules/', '/test/load/'],
};
