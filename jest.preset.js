// Shared Jest settings: every project runs TypeScript through SWC (decorator metadata on, for NestJS).
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    // The API hosts the detector worker's job handlers in embedded mode.
    '^@inkprint/detector-worker$': path.join(__dirname, 'apps/detector-worker/src'),
    '^@inkprint/([^/]+)$': path.join(__dirname, 'libs/$1/src'),
  },
  testEnvironmentOptions: { globalsCleanup: 'off' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
};
