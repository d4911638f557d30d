// Lint rules. Module boundaries are enforced from each project's `nx.tags` (package.json), as docs/architecture.md
// ("Which way the arrows point") states them:
//   type:domain         pure deciders: domain libs and contracts only, no infrastructure packages; a domain lib of one
//                       scope (scope:accounts, scope:plans, scope:ai) imports none of another: only domain-kernel
//   type:contracts      zod schemas: contracts only
//   type:engine         detector/humaniser engines: engines, contracts, domain; humaniser -> detector ->
//                       sentence-encoder, never back (scope:humaniser, scope:detector, scope:sentence-encoder)
//   type:infrastructure adapters: infrastructure, domain, contracts (and testing), each on a floor that imports only
//                       lower floors (never sideways, never up):
//     infrastructure:base    thread-pool, config, mail, metrics: none of our libs
//     infrastructure:core    the event store's core (libs/eventstore): domain and contracts only, and no database or
//                            broker driver (those are in eventstore-postgresql, eventstore-kurrentdb, job-bus and
//                            domain-event-relay)
//     infrastructure:driver  eventstore-postgresql, eventstore-kurrentdb: the core
//     infrastructure:runner  job-bus, ingest (on thread-pool), projections (on the store): base, core, driver
//     infrastructure:top     read-models, text-vault, domain-event-relay: any lower floor
//   type:browser        the browser apps' shared client (libs/browser-client): contracts
//   type:testing        test helpers: anything
//   type:app            an app imports libraries, never another app, by its scope: scope:api, scope:worker,
//                       scope:cli, scope:admin; scope:web (the web app and browser-client) only contracts and
//                       browser-client. One exception: the API hosts the detector worker in its process (the
//                       embedded pool, WORKER_MODE=embedded), so scope:api may import scope:worker.
//                       An app with no scope rule may import nothing.
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

// Every library type a server-side app (and the console's specs) may import.
const serverLibraries = ['type:domain', 'type:contracts', 'type:engine', 'type:infrastructure', 'type:testing'];

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
              onlyDependOnLibsWithTags: ['type:infrastructure', 'type:domain', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'infrastructure:core',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:testing'],
              bannedExternalImports: driverPackages,
            },
            // libs/browser-client: what the two browser apps share; contracts' types only.
            { sourceTag: 'type:browser', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
            // The domain libs stay apart: each takes the plans from contracts, and only the kernel from the domain.
            { sourceTag: 'type:domain', notDependOnLibsWithTags: ['scope:accounts', 'scope:plans', 'scope:ai'] },
            // The engines import down: humaniser -> detector -> sentence-encoder.
            { sourceTag: 'scope:detector', notDependOnLibsWithTags: ['scope:humaniser'] },
            { sourceTag: 'scope:sentence-encoder', notDependOnLibsWithTags: ['type:engine'] },
            // Infrastructure floors: each imports only lower ones.
            { sourceTag: 'infrastructure:base', onlyDependOnLibsWithTags: [] },
            {
              sourceTag: 'infrastructure:driver',
              onlyDependOnLibsWithTags: ['infrastructure:core', 'type:domain', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'infrastructure:runner',
              onlyDependOnLibsWithTags: [
                'infrastructure:base',
                'infrastructure:core',
                'infrastructure:driver',
                'type:domain',
                'type:contracts',
                'type:testing',
              ],
            },
            {
              sourceTag: 'infrastructure:top',
              onlyDependOnLibsWithTags: [
                'infrastructure:base',
                'infrastructure:core',
                'infrastructure:driver',
                'infrastructure:runner',
                'type:domain',
                'type:contracts',
                'type:testing',
              ],
            },
            // Apps import libraries, never another app; the API alone hosts the detector worker (embedded pool).
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: [...serverLibraries, 'scope:worker'] },
            { sourceTag: 'scope:worker', onlyDependOnLibsWithTags: serverLibraries },
            { sourceTag: 'scope:cli', onlyDependOnLibsWithTags: serverLibraries },
            // The console's end-to-end spec seeds the event store through the domain libs.
            { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: [...serverLibraries, 'type:browser'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts', 'type:browser'] },
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
