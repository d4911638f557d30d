import * as fs from 'node:fs';
import { ConfigError, engineSettings, parseEnv, redactUrl, type EngineSettings, type LogLevel } from '@inkprint/config';
import { apiEnvSchema, parseTrustProxy, REPO_ROOT, type TrustProxy } from './env.schema';

export { ConfigError, redactUrl, REPO_ROOT, type LogLevel };

/** The validated configuration of the API process, read once at start-up. */
export type AppConfig = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: LogLevel;
  /** PGlite data folder (used when databaseUrl is absent). */
  dataDir: string;
  /** PostgreSQL connection string; absent = embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Kafka bootstrap brokers; absent = in-process job bus. */
  kafkaBrokers: readonly string[] | undefined;
  kafkaClientId: string;
  /** Prefix of the job topics; must match the detector workers'. */
  kafkaTopicPrefix: string;
  /** With Kafka: publish the committed event log to the domain event topic (docs/domain-events.md). */
  domainEventRelay: boolean;
  kurrentDbUrl: string | undefined;
  /** embedded: this process runs the detector worker; external: `apps/detector-worker` runs as its own process. */
  workerMode: 'embedded' | 'external';
  /** Detect/humanise jobs run at once by the embedded worker (worker threads). */
  workerConcurrency: number;
  /** Detector engine, models folder and the humaniser's optional LLM, for the job handlers. */
  engines: EngineSettings;
  /** URL import: TEST ONLY loopback hosts and CA certificates (empty in production; the SSRF guard is always on). */
  urlImport: { allowLoopbackHosts?: string[]; extraCa?: string[] };
  /** Signs access tokens; absent outside production = a random secret kept in `<dataDir>/../jwt-secret`. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /**
   * BATCH_STALLED_AFTER_SECONDS: on PostgreSQL, a running batch quiet this long has lost its API process and another
   * takes it over (ai/batches/batch-runs.ts; default 135 s, an import and a job with room to record them).
   */
  batchStalledAfterMs: number;
  /** Super admin created (or promoted) at start-up. */
  superAdmin: { email: string; password: string; name: string } | undefined;
  /** The product's host: 'continue' URLs must be https on plans.<host> (spec §5). */
  productHost: string;
  /** TRUST_PROXY: the proxies allowed to name the client address (default none). */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: bearer token GET /metrics requires; unset = open, except in production where it is closed. */
  metricsToken: string | undefined;
  /** ABUSE_LIMITS: hourly sign-up, guest-session and reset-mail limits per address and target (tests turn them off). */
  abuseLimits: boolean;
  /**
   * ADMIN_MFA: `required` (the default in production): the admin API refuses an admin session that has not passed
   * the second factor, and asks admins without one to set it up; `optional` (the development default): admins may
   * set it up, and once they have, their sessions must pass it.
   */
  adminMfa: 'required' | 'optional';
  publicWebDir: string;
  adminWebDir: string;
  /** SMTP server for outgoing mail (`smtp://` or `smtps://`); absent = the dev mailbox keeps the messages. */
  smtpUrl: string | undefined;
  /** From header of outgoing mail. */
  mailFrom: string;
  /** Address users open the app at; links in e-mails start with it (no trailing slash). */
  appPublicUrl: string;
  /** The dev mailbox page and endpoints (`/dev/mailbox`) are served: not in production, not when SMTP_URL is set. */
  devMailbox: boolean;
}>;

/**
 * The address the app answers at on HOST and PORT, the default of APP_PUBLIC_URL: mailed links then open the address
 * the app listens on (`http://127.0.0.1:3000` by default), not another name for it. A wildcard host (all interfaces)
 * has no address to open, so it reads localhost; an IPv6 address goes in brackets.
 */
export function listenUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '[::]'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

/** Parses the environment; throws ConfigError naming every bad variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(apiEnvSchema, env);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    kafkaBrokers: e.KAFKA_BROKERS ? Object.freeze([...e.KAFKA_BROKERS]) : undefined,
    kafkaClientId: e.KAFKA_CLIENT_ID,
    kafkaTopicPrefix: e.KAFKA_TOPIC_PREFIX,
    domainEventRelay: e.DOMAIN_EVENT_RELAY === 'on',
    kurrentDbUrl: e.KURRENTDB_URL,
    workerMode: e.WORKER_MODE ?? (e.KAFKA_BROKERS ? 'external' : 'embedded'),
    workerConcurrency: e.WORKER_CONCURRENCY,
    engines: engineSettings(e),
    urlImport: {
      ...(e.URL_IMPORT_TEST_HOSTS?.length ? { allowLoopbackHosts: e.URL_IMPORT_TEST_HOSTS } : {}),
      ...(e.URL_IMPORT_TEST_CA_FILE ? { extraCa: [fs.readFileSync(e.URL_IMPORT_TEST_CA_FILE, 'utf8')] } : {}),
    },
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    batchStalledAfterMs: e.BATCH_STALLED_AFTER_SECONDS * 1000,
    superAdmin:
      e.SUPER_ADMIN_EMAIL && e.SUPER_ADMIN_PASSWORD
        ? Object.freeze({ email: e.SUPER_ADMIN_EMAIL, password: e.SUPER_ADMIN_PASSWORD, name: e.SUPER_ADMIN_NAME })
        : undefined,
    productHost: e.PRODUCT_HOST.toLowerCase(),
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    metricsToken: e.METRICS_TOKEN,
    abuseLimits: e.ABUSE_LIMITS === 'on',
    adminMfa: e.ADMIN_MFA ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    publicWebDir: e.PUBLIC_WEB_DIR,
    adminWebDir: e.ADMIN_WEB_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appPublicUrl: e.APP_PUBLIC_URL ?? listenUrl(e.HOST, e.PORT === 0 ? 3000 : e.PORT),
    devMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
  });
}
