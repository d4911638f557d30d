import * as path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './app-config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  describe('with an empty environment', () => {
    const config = loadConfig({});

    it('runs embedded on localhost:3000 with PGlite under the repository root', () => {
      expect(config).toEqual({
        nodeEnv: 'development',
        port: 3000,
        host: '127.0.0.1',
        logLevel: 'info',
        dataDir: path.join(REPO_ROOT, '.data', 'pglite'),
        databaseUrl: undefined,
        kafkaBrokers: undefined,
        kafkaClientId: 'inkprint',
        kafkaTopicPrefix: 'inkprint',
        domainEventRelay: true,
        kurrentDbUrl: undefined,
        workerMode: 'embedded',
        workerConcurrency: 2,
        engines: { detectorEngine: 'auto' },
        urlImport: {},
        jwtSecret: undefined,
        accessTokenTtlSeconds: 900,
        batchStalledAfterMs: 135_000,
        superAdmin: undefined,
        productHost: 'inkprint.app',
        publicWebDir: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
        adminWebDir: path.join(REPO_ROOT, 'apps', 'admin', 'dist'),
        smtpUrl: undefined,
        metricsToken: undefined,
        abuseLimits: true,
        adminMfa: 'optional',
        trustProxy: false,
        mailFrom: 'Inkprint <no-reply@inkprint.local>',
        appPublicUrl: 'http://127.0.0.1:3000',
        devMailbox: true,
      });
    });

    it('is frozen', () => {
      expect(Object.isFrozen(config)).toBe(true);
    });
  });

  describe('with a distributed environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'postgresql://inkprint:secret@db:5432/inkprint',
      KAFKA_BROKERS: ' kafka-1:9092, kafka-2:9092 ,',
      KAFKA_CLIENT_ID: 'inkprint-api',
      KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false',
      DATA_DIR: '/var/lib/inkprint',
      PUBLIC_WEB_DIR: 'build/web',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
    });

    it('parses every variable', () => {
      expect(config).toMatchObject({
        nodeEnv: 'production',
        port: 8080,
        host: '0.0.0.0',
        logLevel: 'warn',
        databaseUrl: 'postgresql://inkprint:secret@db:5432/inkprint',
        kafkaBrokers: ['kafka-1:9092', 'kafka-2:9092'],
        kafkaClientId: 'inkprint-api',
        kurrentDbUrl: 'kurrentdb://localhost:2113?tls=false',
        dataDir: '/var/lib/inkprint',
      });
    });

    it('resolves relative folders against the repository root', () => {
      expect(config.publicWebDir).toBe(path.join(REPO_ROOT, 'build', 'web'));
    });

    it('runs the worker as its own process when Kafka is configured', () => {
      expect(config.workerMode).toBe('external');
    });
  });

  it('keeps the worker embedded with Kafka when asked to', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'localhost:9092', WORKER_MODE: 'embedded' }).workerMode).toBe('embedded');
  });

  describe('mail', () => {
    it('sends through SMTP when SMTP_URL is set, and turns the dev mailbox off', () => {
      expect(
        loadConfig({
          SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
          MAIL_FROM: 'Inkprint <hello@inkprint.example.com>',
          APP_PUBLIC_URL: 'https://inkprint.example.com/',
        }),
      ).toMatchObject({
        smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
        mailFrom: 'Inkprint <hello@inkprint.example.com>',
        appPublicUrl: 'https://inkprint.example.com',
        devMailbox: false,
      });
    });

    it('never serves the dev mailbox in production', () => {
      expect(
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' }).devMailbox,
      ).toBe(false);
      expect(loadConfig({ NODE_ENV: 'test' }).devMailbox).toBe(true);
    });

    it('links to the host and port the app listens on by default (issue 43 item 5)', () => {
      expect(loadConfig({ PORT: '8080' }).appPublicUrl).toBe('http://127.0.0.1:8080');
      expect(loadConfig({ HOST: 'inkprint.lan', PORT: '8080' }).appPublicUrl).toBe('http://inkprint.lan:8080');
      expect(loadConfig({ HOST: '192.168.1.20' }).appPublicUrl).toBe('http://192.168.1.20:3000');
      expect(loadConfig({ HOST: '0.0.0.0' }).appPublicUrl).toBe('http://localhost:3000');
      expect(loadConfig({ HOST: '::' }).appPublicUrl).toBe('http://localhost:3000');
      expect(loadConfig({ HOST: '::1', PORT: '4000' }).appPublicUrl).toBe('http://[::1]:4000');
      expect(loadConfig({ PORT: '0' }).appPublicUrl).toBe('http://127.0.0.1:3000');
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', KAFKA_BROKERS: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      kafkaBrokers: undefined,
    });
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or a list of addresses, CIDR ranges and names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', '99'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be false, a hop count/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  describe('rejects', () => {
    it.each([
      [{ PORT: 'abc' }, 'PORT: must be a whole number (got "abc")'],
      [{ PORT: '3000.5' }, 'PORT: must be a whole number (got "3000.5")'],
      [{ PORT: '70000' }, 'PORT: must be between 0 and 65535 (0 = any free port) (got "70000")'],
      [{ NODE_ENV: 'staging' }, 'NODE_ENV: must be one of development, production, test (got "staging")'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of silent, error, warn, info, debug, verbose (got "loud")'],
      [
        { KAFKA_BROKERS: 'kafka-1' },
        'KAFKA_BROKERS: must be a comma-separated list of host:port pairs, such as localhost:9092,kafka-2:9092 (got "kafka-1")',
      ],
      [{ WORKER_MODE: 'sidecar' }, 'WORKER_MODE: must be embedded or external (got "sidecar")'],
      [{ WORKER_CONCURRENCY: '0' }, 'WORKER_CONCURRENCY: must be a whole number from 1 to 64 (got "0")'],
      [
        { KAFKA_TOPIC_PREFIX: 'ink print' },
        'KAFKA_TOPIC_PREFIX: may hold only letters, digits, ".", "_" and "-" (got "ink print")',
      ],
      [{ DOMAIN_EVENT_RELAY: 'maybe' }, 'DOMAIN_EVENT_RELAY: must be on or off (got "maybe")'],
      [
        { SUPER_ADMIN_EMAIL: 'root@example.com' },
        'SUPER_ADMIN_PASSWORD: is needed too: set SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD together',
      ],
      [
        { SUPER_ADMIN_EMAIL: 'root@example.com', SUPER_ADMIN_PASSWORD: 'password' },
        'SUPER_ADMIN_PASSWORD: must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol',
      ],
      [{ NODE_ENV: 'production' }, 'JWT_SECRET: is required in production (at least 32 random characters)'],
      [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters (e.g. openssl rand -base64 48)'],
      [
        { WORKER_MODE: 'external' },
        'WORKER_MODE: external needs KAFKA_BROKERS: without Kafka the in-process job bus cannot reach a separate worker process (got "external")',
      ],
    ])('%j', (env, message) => {
      expect(problemsOf(env)).toEqual([message]);
    });

    it('a DATABASE_URL that is not PostgreSQL, without echoing its password', () => {
      const [problem] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/inkprint' });
      expect(problem).toMatch(/^DATABASE_URL: must be a PostgreSQL URL/);
      expect(problem).toContain('mysql://root:***@db/inkprint');
      expect(problem).not.toContain('hunter2');
    });

    it('an SMTP_URL that is not smtp:// or smtps://, without echoing its password', () => {
      const [problem] = problemsOf({ SMTP_URL: 'http://mailer:hunter2@mail.example.com' });
      expect(problem).toBe(
        'SMTP_URL: must be an SMTP URL such as smtp://user:pass@smtp.example.com:587 or smtps://user:pass@smtp.example.com:465 (got "http://mailer:***@mail.example.com")',
      );
    });

    it.each([
      [
        { MAIL_FROM: 'Inkprint' },
        'MAIL_FROM: must be a sender address such as "Inkprint <no-reply@example.com>" or no-reply@example.com (got "Inkprint")',
      ],
      [
        { APP_PUBLIC_URL: 'inkprint.example.com' },
        'APP_PUBLIC_URL: must be the http(s) address users open the app at, such as https://inkprint.example.com (got "inkprint.example.com")',
      ],
      [
        { APP_PUBLIC_URL: 'https://inkprint.example.com/?x=1' },
        'APP_PUBLIC_URL: must be the http(s) address users open the app at, such as https://inkprint.example.com (got "https://inkprint.example.com/?x=1")',
      ],
    ])('%j', (env, message) => {
      expect(problemsOf(env)).toEqual([message]);
    });

    it('a KURRENTDB_URL with the wrong scheme', () => {
      expect(problemsOf({ KURRENTDB_URL: 'http://localhost:2113' })[0]).toMatch(
        /^KURRENTDB_URL: must be a KurrentDB connection string/,
      );
    });

    it('naming every bad variable at once, in one readable message', () => {
      try {
        loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
        throw new Error('expected a ConfigError');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toBe(
          'Invalid configuration:\n' +
            '  - PORT: must be a whole number (got "x")\n' +
            '  - LOG_LEVEL: must be one of silent, error, warn, info, debug, verbose (got "loud")',
        );
      }
    });
  });
});
