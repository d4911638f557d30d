import * as path from 'node:path';
import { DEFAULT_MAIL_FROM, isMailbox, parseSmtpUrl } from '@inkprint/mail';
import { z } from 'zod';

/** Repository root: this file sits at apps/api/{src,dist}/config/, four levels down. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Relative paths are resolved against the repository root, so the same value works from any working directory. */
const directory = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(REPO_ROOT, value));

const brokerPattern = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$/;
const kurrentPattern = /^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\//;

const isSmtpUrl = (value: string) => {
  try {
    parseSmtpUrl(value);
    return true;
  } catch {
    return false;
  }
};

const isPublicUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
};

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be between 0 and 65535 (0 = any free port)' })
      .max(65535, { error: 'must be between 0 and 65535 (0 = any free port)' })
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    DATA_DIR: directory('.data/pglite'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, {
        error: 'must be a PostgreSQL URL such as postgresql://user:pass@localhost:5432/inkprint',
      })
      .optional(),
    KAFKA_BROKERS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((broker) => broker.trim())
          .filter((broker) => broker.length > 0),
      )
      .refine((brokers) => brokers.length > 0 && brokers.every((broker) => brokerPattern.test(broker)), {
        error: 'must be a comma-separated list of host:port pairs, such as localhost:9092,kafka-2:9092',
      })
      .optional(),
    KAFKA_CLIENT_ID: z.string().min(1).default('inkprint'),
    KAFKA_TOPIC_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'may hold only letters, digits, ".", "_" and "-"' })
      .default('inkprint'),
    DOMAIN_EVENT_RELAY: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    KURRENTDB_URL: z
      .string()
      .regex(kurrentPattern, {
        error: 'must be a KurrentDB connection string such as kurrentdb://localhost:2113?tls=false',
      })
      .optional(),
    WORKER_MODE: z.enum(['embedded', 'external'], { error: 'must be embedded or external' }).optional(),
    WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int({ error: 'must be a whole number from 1 to 64' })
      .min(1, { error: 'must be a whole number from 1 to 64' })
      .max(64, { error: 'must be a whole number from 1 to 64' })
      .default(2),
    JWT_SECRET: z
      .string()
      .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 48)' })
      .optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 60 to 86400' })
      .int({ error: 'must be a whole number of seconds from 60 to 86400' })
      .min(60, { error: 'must be a whole number of seconds from 60 to 86400' })
      .max(86400, { error: 'must be a whole number of seconds from 60 to 86400' })
      .default(900),
    SUPER_ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    SUPER_ADMIN_PASSWORD: z
      .string()
      .refine(
        (p) => p.length >= 8 && [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(p)).length >= 3,
        {
          error: 'must be at least 8 characters and include at least 3 of: lowercase, uppercase, number, symbol',
        },
      )
      .optional(),
    SUPER_ADMIN_NAME: z.string().min(1).max(100).default('Super Admin'),
    PRODUCT_HOST: z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { error: 'must be a host name such as inkprint.app' })
      .default('inkprint.app'),
    PUBLIC_WEB_DIR: directory('apps/web/dist'),
    ADMIN_WEB_DIR: directory('apps/admin/dist'),
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, {
        error:
          'must be an SMTP URL such as smtp://user:pass@smtp.example.com:587 or smtps://user:pass@smtp.example.com:465',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(isMailbox, {
        error: 'must be a sender address such as "Inkprint <no-reply@example.com>" or no-reply@example.com',
      })
      .default(DEFAULT_MAIL_FROM),
    APP_PUBLIC_URL: z
      .string()
      .refine(isPublicUrl, {
        error: 'must be the http(s) address users open the app at, such as https://inkprint.example.com',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SUPER_ADMIN_EMAIL) !== Boolean(env.SUPER_ADMIN_PASSWORD)) {
      const missing = env.SUPER_ADMIN_EMAIL ? 'SUPER_ADMIN_PASSWORD' : 'SUPER_ADMIN_EMAIL';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is needed too: set SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    }
    if (env.WORKER_MODE === 'external' && !env.KAFKA_BROKERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKER_MODE'],
        message:
          'external needs KAFKA_BROKERS: without Kafka the in-process job bus cannot reach a separate worker process',
      });
    }
  });

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
  /** Signs access tokens; absent outside production = a random secret kept in `<dataDir>/../jwt-secret`. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** Super admin created (or promoted) at start-up. */
  superAdmin: { email: string; password: string; name: string } | undefined;
  /** The product's host: 'continue' URLs must be https on plans.<host> (spec §5). */
  productHost: string;
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

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const raw = present[variable];
      const secret = /(_PASSWORD|_SECRET)$/.test(variable);
      const shown =
        raw === undefined || secret ? '' : ` (got ${JSON.stringify(variable.endsWith('_URL') ? redactUrl(raw) : raw)})`;
      return `${variable}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = result.data;
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
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    superAdmin:
      e.SUPER_ADMIN_EMAIL && e.SUPER_ADMIN_PASSWORD
        ? Object.freeze({ email: e.SUPER_ADMIN_EMAIL, password: e.SUPER_ADMIN_PASSWORD, name: e.SUPER_ADMIN_NAME })
        : undefined,
    productHost: e.PRODUCT_HOST.toLowerCase(),
    publicWebDir: e.PUBLIC_WEB_DIR,
    adminWebDir: e.ADMIN_WEB_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appPublicUrl: e.APP_PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`,
    devMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
  });
}

/** Keeps passwords out of error messages and logs. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
