// Lint rules. Module boundaries are enforced from each project's `nx.tags` (package.json):
//   type:domain         pure deciders: may import only other domain libs and contracts, and no infrastructure packages
//   type:engine         detector/humaniser engines: engines, contracts, domain
//   type:infrastructure adapters (event store, job bus): infrastructure, domain, contracts, engine
//   infrastructure:core the event store's core (libs/eventstore): domain and contracts only, and no database or
//                       broker driver (those are in eventstore-postgresql, eventstore-kurrentdb, domain-event-relay)
//   type:browser        the browser apps' shared client (libs/browser-client): contracts
//   type:app            anything
const nx = require('@nx/eslint-plugin');
const tseslint = require('typescript-eslint');
const js = require('@eslint/js');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const importPlugin = require('eslint-plugin-import');
const fs = require('node:fs');
const path = require('node:path');

// What the event store's core must not pull in: a domain lib or an in-memory test imports it without them.
const driverPackages = ['pg', 'kafkajs', 'knex', '@mikro-orm/*', '@electric-sql/*', '@kurrent/*'];

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

// Inside the two browser apps, folders import one way (bulletproof-react's import/no-restricted-paths; the project's
// conventions, 'Frontends import features one way').
//   web:   app -> features -> lib, components, config; no feature imports another (app/ composes them).
//   admin: app -> the screens (admins, dashboard, invite, mfa, timeline, users) -> layout, lib, providers.
const web = (dir) => `./apps/web/src/${dir}`;
const admin = (dir) => `./apps/admin/src/${dir}`;
const webFeatures = fs
  .readdirSync(path.join(__dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const adminShared = ['layout', 'lib', 'providers'];
const adminScreens = fs
  .readdirSync(path.join(__dirname, 'apps/admin/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'app' && !adminShared.includes(entry.name))
  .map((entry) => entry.name);
const frontendZones = [
  {
    target: web('features'),
    from: web('app'),
    message: 'A feature may not import app/: app/ composes the features (docs/web.md, Layout).',
  },
  ...webFeatures.map((name) => ({
    target: web(`features/${name}`),
    from: web('features'),
    except: [`./${name}`],
    message:
      'A feature may not import another feature: compose them in app/, or move what both need to lib/ or components/.',
  })),
  {
    target: ['lib', 'components', 'config'].map(web),
    from: [web('features'), web('app')],
    message: 'lib/, components/ and config/ sit below the features and app/ and may not import them.',
  },
  {
    target: adminScreens.map(admin),
    from: admin('app'),
    message: 'A console screen may not import app/: app/ composes the screens.',
  },
  {
    target: adminShared.map(admin),
    from: [admin('app'), ...adminScreens.map(admin)],
    message: 'layout/, lib/ and providers/ sit below the screens and app/ and may not import them.',
  },
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
            {
              sourceTag: 'infrastructure:core',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:testing'],
              bannedExternalImports: driverPackages,
            },
            // libs/browser-client: what the two browser apps share; contracts' types only.
            { sourceTag: 'type:browser', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  // The two React apps: the rules of hooks (and the React Compiler's checks of the same plugin) and jsx-a11y's
  // recommended accessibility rules (axe in the browser tests checks the rendered pages; these catch it in the source).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The React Compiler's checks still report a few places (the demo section, the top bar, the report modal's
      // preview read): warnings until they are reworked, so that each one stays visible.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/refs': 'warn',
      'react-hooks/purity': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/admin/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: { 'import/no-restricted-paths': ['error', { basePath: __dirname, zones: frontendZones }] },
  },
];
