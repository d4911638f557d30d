// Lint rules. Module boundaries are enforced from each project's `nx.tags` (package.json):
//   type:domain         pure deciders: may import only other domain libs and contracts, and no infrastructure packages
//   type:engine         detector/humaniser engines: engines, contracts, domain
//   type:infrastructure adapters (event store, job bus): infrastructure, domain, contracts, engine
//   type:app            anything
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const js = require('@eslint/js');

const infrastructurePackages = [
  'pg',
  'kafkajs',
  'knex',
  '@mikro-orm/*',
  '@nestjs/*',
  '@electric-sql/*',
  '@kurrent/*',
  'onnxruntime-node',
  'nodemailer',
  'express',
  'node:fs',
  'fs',
  'node:net',
  'net',
  'node:http',
  'http',
  'node:child_process',
  'child_process',
  'node:worker_threads',
  'worker_threads',
];

module.exports = [
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'ml/**',
      'models/**',
      '.nx/**',
      '.data/**',
      '.services/**',
      'coverage/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'],
              bannedExternalImports: infrastructurePackages,
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:contracts'],
              bannedExternalImports: infrastructurePackages,
            },
            {
              sourceTag: 'type:engine',
              onlyDependOnLibsWithTags: ['type:engine', 'type:contracts', 'type:domain'],
            },
            {
              sourceTag: 'type:infrastructure',
              onlyDependOnLibsWithTags: [
                'type:infrastructure',
                'type:domain',
                'type:contracts',
                'type:engine',
                'type:testing',
              ],
            },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
];
