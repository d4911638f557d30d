// Root Jest: runs every project's own jest.config.js.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/apps/*/jest.config.js'],
  globalSetup: '<rootDir>/scripts/jest-global-setup.js',
  testTimeout: 60000,
};
