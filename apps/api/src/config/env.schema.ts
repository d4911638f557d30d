import * as net from 'node:net';
import * as path from 'node:path';
import { engineEnv, kafkaEnv, logLevelEnv, workerConcurrencyEnv } from '@inkprint/config';
import { DEFAULT_MAIL_FROM, isMailbox, parseSmtpUrl } from '@inkprint/mail';
import { z } from 'zod';

/** Repository root: this file sits at apps/api/{src,dist}/config/, four levels down. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** Relative paths are resolved against the repository root, so the same value works from any working directory. */
const directory = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(REPO_ROOT, value));

/**
 * TRUST_PROXY: which hops may tell the client address (X-Forwarded-For). Unset, `false` or `0`: none, the socket's
 * peer is the client (guest quotas, sign-in and code throttles count per address, so a spoofable header would reset
 * them). A hop count (`1` behind one load balancer) or a comma list of addresses, CIDR ranges and Express's names
 * `loopback`, `linklocal`, `uniquelocal` (the proxies in front of the API).
 */
export type TrustProxy = false | number | string[];
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : undefined;
  const parts = v.split(',').map((p) => p.trim());
  const valid = (p: string) => {
    if (TRUST_PROXY_NAMES.has(p)) return true;
    const [address, bits, ...rest] = p.split('/');
    const family = net.isIP(address);
    if (!family || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return parts.length > 0 && parts.every(valid) ? parts : undefined;
}

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

/** Every variable the API process reads (fragments shared with the detector worker come from @inkprint/config). */
export const apiEnvSchema = z
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
    ...logLevelEnv,
    DATA_DIR: directory('.data/pglite'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, {
        error: 'must be a PostgreSQL URL such as postgresql://user:pass@localhost:5432/inkprint',
      })
      .optional(),
    ...kafkaEnv,
    KAFKA_CLIENT_ID: z.string().min(1).default('inkprint'),
    DOMAIN_EVENT_RELAY: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    KURRENTDB_URL: z
      .string()
      .regex(kurrentPattern, {
        error: 'must be a KurrentDB connection string such as kurrentdb://localhost:2113?tls=false',
      })
      .optional(),
    WORKER_MODE: z.enum(['embedded', 'external'], { error: 'must be embedded or external' }).optional(),
    ...workerConcurrencyEnv(2),
    ...engineEnv,
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
    BATCH_STALLED_AFTER_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 10 to 3600' })
      .int({ error: 'must be a whole number of seconds from 10 to 3600' })
      .min(10, { error: 'must be a whole number of seconds from 10 to 3600' })
      .max(3600, { error: 'must be a whole number of seconds from 10 to 3600' })
      .default(135),
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
    ADMIN_MFA: z.enum(['required', 'optional'], { error: 'must be required or optional' }).optional(),
    ABUSE_LIMITS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((value) => parseTrustProxy(value) !== undefined, {
        error:
          'must be false, a hop count (1-10), or a comma list of proxy addresses / CIDR ranges (or loopback, linklocal, uniquelocal)',
      }),
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
    // TEST ONLY: host names URL import may reach on loopback (a local HTTPS test server) and a PEM CA file it trusts.
    // The SSRF guard stays on for everything else; both are refused in production.
    URL_IMPORT_TEST_HOSTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .optional(),
    URL_IMPORT_TEST_CA_FILE: z.string().optional(),
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
    if (env.NODE_ENV === 'production' && (env.URL_IMPORT_TEST_HOSTS || env.URL_IMPORT_TEST_CA_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.URL_IMPORT_TEST_HOSTS ? 'URL_IMPORT_TEST_HOSTS' : 'URL_IMPORT_TEST_CA_FILE'],
        message: 'is for tests only and is refused in production',
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
