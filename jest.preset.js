// Shared Jest settings: every project runs TypeScript through SWC (decorator metadata on, for NestJS).
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
  // `@inkprint/*` resolve through their package.json `exports` under the `source` condition (src/), as in
  // scripts/ts-register.js and the Vite configs.
  testEnvironmentOptions: { globalsCleanup: 'off', customExportConditions: ['source', 'node', 'node-addons'] },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
};
