// `npm run test:load`: the load and fault tests of the distributed mode (apps/api/test/load/*.load.spec.ts) against
// the built API, detector workers and CLI on the real PostgreSQL and Kafka. `npm test` leaves them out
// (jest.config.js ignores test/load/). Sizes: LOAD_SECONDS, LOAD_CLIENTS (see test/load/support/cluster.ts).
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'api-load',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/load/**/*.load.spec.ts'],
  globalSetup: '<rootDir>/../../scripts/jest-global-setup.js',
  maxWorkers: 1,
  testTimeout: 600_000,
};
